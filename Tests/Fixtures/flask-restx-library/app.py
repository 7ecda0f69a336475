#!/usr/bin/env python3
"""A small library served by Flask-RESTX 1.3.2, written as its "Full example"
is (doc/example.rst = examples/todomvc.py at tag 1.3.2; doc/quickstart.rst):
`Api(app, version, title, description)` on the Flask app, so the root `/`
is the Swagger UI page and the Swagger 2.0 document is /swagger.json; one
`api.namespace` per collection (`/books/`, `/books/<int:id>`); `api.model`
models with `marshal_list_with` / `marshal_with` / `expect`; a DAO whose
`get` calls `api.abort(404, ...)`; POST answers 201, PUT the updated record.
Flask-RESTX has no paging: a list is the whole collection, a bare JSON array.
The example keeps its records in a list in memory; this DAO keeps them in the
SQLite file $LIBRARY_DB (built by seed.py) so every start serves the same
library, with the same ids, as the other fixtures.

    LIBRARY_DB=/tmp/x/library.sqlite3 python seed.py
    LIBRARY_DB=/tmp/x/library.sqlite3 python app.py PORT    (on 127.0.0.1)
"""
import os
import sqlite3
import sys

from flask import Flask
from flask_restx import Api, Resource, fields
from werkzeug.middleware.proxy_fix import ProxyFix

app = Flask(__name__)
app.wsgi_app = ProxyFix(app.wsgi_app)
api = Api(
    app,
    version="1.0",
    title="Library API",
    description="A small library: publishers, authors and their books",
)

publisher = api.model(
    "Publisher",
    {
        "id": fields.Integer(readonly=True, description="The publisher unique identifier"),
        "name": fields.String(required=True, description="The publisher's name"),
        "country": fields.String(required=True, description="Two-letter country code"),
    },
)
author = api.model(
    "Author",
    {
        "id": fields.Integer(readonly=True, description="The author unique identifier"),
        "name": fields.String(required=True, description="The author's name"),
        "email": fields.String(required=True, description="The author's e-mail address"),
    },
)
book = api.model(
    "Book",
    {
        "id": fields.Integer(readonly=True, description="The book unique identifier"),
        "title": fields.String(required=True, description="The book's title"),
        "year": fields.Integer(required=True, description="Year of publication"),
        "pages": fields.Integer(required=True, description="Number of pages"),
        "publisher_id": fields.Integer(required=True, description="The publisher's identifier"),
        "author_id": fields.Integer(required=True, description="The author's identifier"),
        "in_print": fields.Boolean(description="Whether the book is in print"),
    },
)


class TableDAO(object):
    """The example's TodoDAO over one SQLite table."""

    def __init__(self, table, columns, label, defaults=None):
        self.table = table
        self.columns = columns
        self.label = label
        self.defaults = defaults or {}

    def connect(self):
        connection = sqlite3.connect(os.environ["LIBRARY_DB"])
        connection.row_factory = sqlite3.Row
        return connection

    def all(self):
        with self.connect() as connection:
            return [dict(row) for row in connection.execute(f"SELECT * FROM {self.table} ORDER BY id")]

    def get(self, id):
        with self.connect() as connection:
            row = connection.execute(f"SELECT * FROM {self.table} WHERE id = ?", (id,)).fetchone()
        if row is None:
            api.abort(404, "{} {} doesn't exist".format(self.label, id))
        return dict(row)

    def create(self, data):
        values = [data.get(column, self.defaults.get(column)) for column in self.columns]
        with self.connect() as connection:
            cursor = connection.execute(
                f"INSERT INTO {self.table} ({', '.join(self.columns)}) VALUES ({', '.join('?' for _ in self.columns)})",
                values,
            )
            id = cursor.lastrowid
        return self.get(id)

    def update(self, id, data):
        self.get(id)
        changes = [column for column in self.columns if column in data]
        if changes:
            with self.connect() as connection:
                connection.execute(
                    f"UPDATE {self.table} SET {', '.join(c + ' = ?' for c in changes)} WHERE id = ?",
                    [data[c] for c in changes] + [id],
                )
        return self.get(id)

    def delete(self, id):
        self.get(id)
        with self.connect() as connection:
            connection.execute(f"DELETE FROM {self.table} WHERE id = ?", (id,))


def add_namespace(name, model, dao, singular):
    ns = api.namespace(name, description=f"{singular.capitalize()} operations")

    @ns.route("/")
    class List(Resource):
        @ns.doc(f"list_{name}")
        @ns.marshal_list_with(model)
        def get(self):
            return dao.all()

        @ns.doc(f"create_{singular}")
        @ns.expect(model)
        @ns.marshal_with(model, code=201)
        def post(self):
            return dao.create(api.payload), 201

    @ns.route("/<int:id>")
    @ns.response(404, f"{singular.capitalize()} not found")
    @ns.param("id", f"The {singular} identifier")
    class Item(Resource):
        @ns.doc(f"get_{singular}")
        @ns.marshal_with(model)
        def get(self, id):
            return dao.get(id)

        @ns.doc(f"delete_{singular}")
        @ns.response(204, f"{singular.capitalize()} deleted")
        def delete(self, id):
            dao.delete(id)
            return "", 204

        @ns.expect(model)
        @ns.marshal_with(model)
        def put(self, id):
            return dao.update(id, api.payload)


add_namespace("publishers", publisher, TableDAO("publishers", ["name", "country"], "Publisher"), "publisher")
add_namespace("authors", author, TableDAO("authors", ["name", "email"], "Author"), "author")
add_namespace(
    "books",
    book,
    TableDAO("books", ["title", "year", "pages", "publisher_id", "author_id", "in_print"], "Book", {"in_print": True}),
    "book",
)

if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(sys.argv[1]), debug=False, use_reloader=False)
