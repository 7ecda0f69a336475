"""The ariadne library service: schema.graphql served at /graphql on
127.0.0.1 by the standard library's wsgiref (one request at a time; each
request is logged on stderr). Every other path answers 404.

    python app.py PORT
"""

import base64
import os
import sys
from wsgiref.simple_server import WSGIRequestHandler, make_server

from ariadne import MutationType, QueryType, load_schema_from_path, make_executable_schema
from ariadne.wsgi import GraphQL

HERE = os.path.dirname(os.path.abspath(__file__))
GENRES = ["novel", "poetry", "essay", "drama"]
AUTHORS = {
    str(n): {"id": str(n), "name": name, "born": 1800 + 7 * n}
    for n, name in enumerate(
        [
            "Ada Lantern", "Basil Quarry", "Cora Vellum", "Dmitri Ash", "Edith Marrow", "Felix Dune",
            "Greta Holm", "Hugo Reed", "Iris Cant", "Jonas Pike", "Kira Wold", "Leo Brandt",
        ],
        start=1,
    )
}
PUBLISHERS = {
    str(n): {"id": str(n), "name": name, "city": city}
    for n, (name, city) in enumerate(
        [("Quire House", "Leeds"), ("Folio & Sons", "Bath"), ("Nightjar Press", "York"), ("Slate", "Hull")],
        start=1,
    )
}
BOOKS = {
    str(n): {
        "id": str(n),
        "title": f"Volume {n:02d}",
        "year": 1900 + (n * 37) % 120,
        "genre": GENRES[n % 4],
        "authorId": str((n - 1) % 12 + 1),
        "publisherId": str(n % 4 + 1),
    }
    for n in range(1, 46)
}
LARGEST_PAGE = 50

query = QueryType()
mutation = MutationType()


def cursor(index):
    return base64.b64encode(f"offset:{index}".encode()).decode()


def offset(after):
    if after is None:
        return 0
    try:
        return int(base64.b64decode(after).decode().split(":", 1)[1]) + 1
    except Exception as error:
        raise ValueError(f"bad cursor {after!r}") from error


def connection(rows, first, after):
    start = offset(after)
    size = min(first if first is not None else 20, LARGEST_PAGE)
    if size < 0:
        raise ValueError("first must not be negative")
    page = rows[start:start + size]
    edges = [{"cursor": cursor(start + i), "node": row} for i, row in enumerate(page)]
    return {
        "edges": edges,
        "pageInfo": {"hasNextPage": start + size < len(rows), "endCursor": edges[-1]["cursor"] if edges else None},
        "totalCount": len(rows),
    }


@query.field("authors")
def resolve_authors(_, info, first=None, after=None, orderBy=None):
    rows = sorted(AUTHORS.values(), key=lambda a: int(a["id"]))
    if orderBy in ("NAME_ASC", "NAME_DESC"):
        rows.sort(key=lambda a: a["name"], reverse=orderBy == "NAME_DESC")
    return connection(rows, first, after)


@query.field("author")
def resolve_author(_, info, id):
    return AUTHORS.get(id)


@query.field("books")
def resolve_books(_, info, first=None, after=None, filter=None, orderBy=None):
    rows = sorted(BOOKS.values(), key=lambda b: int(b["id"]))
    if filter:
        if filter.get("genre") == "secret":
            # A resolver that refuses, as an authorisation check would: an `errors` entry with its path.
            raise PermissionError("the secret shelf is closed")
        if filter.get("genre") is not None:
            rows = [b for b in rows if b["genre"] == filter["genre"]]
        if filter.get("yearFrom") is not None:
            rows = [b for b in rows if b["year"] >= filter["yearFrom"]]
    if orderBy:
        key, direction = orderBy.rsplit("_", 1)
        rows.sort(key=lambda b: b[key.lower()], reverse=direction == "DESC")
    return connection(rows, first, after)


@query.field("book")
def resolve_book(_, info, id):
    return BOOKS.get(id)


@query.field("publishers")
def resolve_publishers(*_):
    return sorted(PUBLISHERS.values(), key=lambda p: int(p["id"]))


@query.field("publisher")
def resolve_publisher(_, info, id):
    return PUBLISHERS.get(id)


@mutation.field("addBook")
def resolve_add_book(_, info, input):
    if input["authorId"] not in AUTHORS:
        raise ValueError(f"no author {input['authorId']}")
    new_id = str(max(int(k) for k in BOOKS) + 1)
    BOOKS[new_id] = {
        "id": new_id, "title": input["title"], "year": input.get("year"), "genre": input.get("genre"),
        "authorId": input["authorId"], "publisherId": None,
    }
    return BOOKS[new_id]


@mutation.field("renameAuthor")
def resolve_rename_author(_, info, id, name):
    author = AUTHORS.get(id)
    if author is not None:
        author["name"] = name
    return author


def resolve_author_books(author, info, first=None, after=None):
    rows = [b for b in sorted(BOOKS.values(), key=lambda b: int(b["id"])) if b["authorId"] == author["id"]]
    return connection(rows, first, after)


def resolve_book_author(book, info):
    return AUTHORS[book["authorId"]]


def resolve_book_publisher(book, info):
    return PUBLISHERS.get(book["publisherId"]) if book.get("publisherId") else None


def resolve_publisher_books(publisher, info):
    return [b for b in sorted(BOOKS.values(), key=lambda b: int(b["id"])) if b["publisherId"] == publisher["id"]]


def make_app():
    from ariadne import ObjectType

    author = ObjectType("Author")
    author.set_field("books", resolve_author_books)
    book = ObjectType("Book")
    book.set_field("author", resolve_book_author)
    book.set_field("publisher", resolve_book_publisher)
    publisher = ObjectType("Publisher")
    publisher.set_field("books", resolve_publisher_books)
    schema = make_executable_schema(
        load_schema_from_path(os.path.join(HERE, "schema.graphql")), query, mutation, author, book, publisher
    )
    graphql = GraphQL(schema)

    def app(environ, start_response):
        if environ.get("PATH_INFO", "") in ("/graphql", "/graphql/"):
            return graphql(environ, start_response)
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"not found\n"]

    return app


class Handler(WSGIRequestHandler):
    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))
        sys.stderr.flush()


if __name__ == "__main__":
    port = int(sys.argv[1])
    with make_server("127.0.0.1", port, make_app(), handler_class=Handler) as server:
        sys.stderr.write(f"serving on 127.0.0.1:{port}\n")
        sys.stderr.flush()
        server.serve_forever()
