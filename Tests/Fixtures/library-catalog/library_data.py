"""The library every real-framework fixture serves, in one place: 12
publishers, 20 authors, 64 books, with their ids (Sources/TestSupport's
DjangoServer and FrameworkServer state the same numbers and names).
Standard library only, so that the seed.py of the non-Django fixtures
(Datasette, Flask-RESTX) runs it, and the Django seed command imports it.

    build_sqlite(path)                      # from Python
    write_json_db(folder)                   # db.json, for the json-server-like mocks
    LIBRARY_DB=…/library.db library_data.py  # what the seed.py of datasette-library
                                            # and flask-restx-library run
"""
import sqlite3

_PUBLISHERS = [
    ("Harbor House", "NZ"), ("Lantern Press", "DE"), ("Quill & Co", "BR"), ("North Star", "JP"),
    ("Ember Books", "NZ"), ("Saltmarsh", "DE"), ("Blue Heron", "BR"), ("Copperfield", "JP"),
    ("Juniper", "NZ"), ("Old Mill", "DE"), ("Riverbend", "BR"), ("Tidewater", "JP"),
]
_AUTHORS = [
    "Imani Okafor", "Lena Vogel", "Rafael Souza", "Aiko Tanaka", "Mere Parata", "Jonas Berg",
    "Clara Nunes", "Kenji Mori", "Ada Lindqvist", "Tomas Ruiz", "Nia Mensah", "Ola Nordmann",
    "Priya Raman", "Sean Byrne", "Yara Haddad", "Lukas Novak", "Maya Levi", "Omar Farouk",
    "Ines Costa", "Hana Sato",
]
_BOOKS = 64

# Rows as dicts, ids from 1 in this order; a book names its publisher and
# author by id.
PUBLISHERS = [{"id": n, "name": name, "country": country} for n, (name, country) in enumerate(_PUBLISHERS, 1)]
AUTHORS = [
    {"id": n, "name": name, "email": name.lower().replace(" ", ".") + "@example.org"}
    for n, name in enumerate(_AUTHORS, 1)
]
BOOKS = [
    {
        "id": number,
        "title": f"Chronicle {number}",
        "year": 1940 + number,
        "pages": 100 + number * 7 % 400,
        "publisher_id": (number - 1) % len(_PUBLISHERS) + 1,
        "author_id": number * 7 % len(_AUTHORS) + 1,
        "in_print": number % 3 != 0,
    }
    for number in range(1, _BOOKS + 1)
]

# The plain SQLite schema (no Django): real FOREIGN KEY constraints, which
# Datasette shows and links.
SCHEMA = """
CREATE TABLE publishers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    country TEXT NOT NULL
);
CREATE TABLE authors (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL
);
CREATE TABLE books (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    year INTEGER NOT NULL,
    pages INTEGER NOT NULL,
    publisher_id INTEGER NOT NULL REFERENCES publishers(id),
    author_id INTEGER NOT NULL REFERENCES authors(id),
    in_print INTEGER NOT NULL
);
"""


def build_sqlite(path):
    """Creates SCHEMA in the SQLite file `path` and fills it; a file that
    already has tables is left alone."""
    connection = sqlite3.connect(path)
    with connection:
        if connection.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]:
            return
        connection.executescript(SCHEMA)
        connection.executemany("INSERT INTO publishers (id, name, country) VALUES (:id, :name, :country)", PUBLISHERS)
        connection.executemany("INSERT INTO authors (id, name, email) VALUES (:id, :name, :email)", AUTHORS)
        connection.executemany(
            "INSERT INTO books (id, title, year, pages, publisher_id, author_id, in_print)"
            " VALUES (:id, :title, :year, :pages, :publisher_id, :author_id, :in_print)",
            BOOKS,
        )
    connection.close()


def write_json_db(folder):
    """Writes the library as a json-server database, `folder`/db.json
    (`{"publishers": […], "authors": […], "books": […]}`), what the
    json-server-like mocks serve, and returns its path."""
    import json
    import os

    path = os.path.join(folder, "db.json")
    with open(path, "w") as f:
        json.dump({"publishers": PUBLISHERS, "authors": AUTHORS, "books": BOOKS}, f)
    return path


if __name__ == "__main__":
    import os
    import sys

    if not os.environ.get("LIBRARY_DB"):
        sys.exit("library_data.py: set LIBRARY_DB to the SQLite file to build")
    build_sqlite(os.environ["LIBRARY_DB"])
