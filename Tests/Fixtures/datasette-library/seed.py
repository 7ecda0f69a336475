#!/usr/bin/env python3
"""Builds the library's SQLite file at $LIBRARY_DB (its name, `library.db`,
is the Datasette database name, so the database URL is /library): 12
publishers, 20 authors, 64 books, the same rows as
Tests/Fixtures/django-library's seed command, with real FOREIGN KEY
constraints (Datasette shows and links foreign keys from them). Standard
library only; a file that already has tables is left alone.

Served as Datasette 0.65's docs say, nothing shaped for a client: "Getting
started" (docs/getting_started.rst: `datasette serve FILE.db`) and "JSON API"
(docs/json_api.rst: `.json` added to a page's URL, `_size`/`_next` paging,
`_shape`, `_labels`, `_sort`, `column__exact=` filters); see README.md.
Datasette 0.65 has no write API (that came with 1.0's alphas)."""
import os
import sqlite3
import sys

PUBLISHERS = [
    ("Harbor House", "NZ"), ("Lantern Press", "DE"), ("Quill & Co", "BR"), ("North Star", "JP"),
    ("Ember Books", "NZ"), ("Saltmarsh", "DE"), ("Blue Heron", "BR"), ("Copperfield", "JP"),
    ("Juniper", "NZ"), ("Old Mill", "DE"), ("Riverbend", "BR"), ("Tidewater", "JP"),
]
AUTHORS = [
    "Imani Okafor", "Lena Vogel", "Rafael Souza", "Aiko Tanaka", "Mere Parata", "Jonas Berg",
    "Clara Nunes", "Kenji Mori", "Ada Lindqvist", "Tomas Ruiz", "Nia Mensah", "Ola Nordmann",
    "Priya Raman", "Sean Byrne", "Yara Haddad", "Lukas Novak", "Maya Levi", "Omar Farouk",
    "Ines Costa", "Hana Sato",
]
BOOKS = 64

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


def main():
    path = os.environ.get("LIBRARY_DB")
    if not path:
        sys.exit("seed.py: set LIBRARY_DB to the SQLite file to build (…/library.db)")
    connection = sqlite3.connect(path)
    with connection:
        if connection.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]:
            return
        connection.executescript(SCHEMA)
        connection.executemany("INSERT INTO publishers (name, country) VALUES (?, ?)", PUBLISHERS)
        connection.executemany(
            "INSERT INTO authors (name, email) VALUES (?, ?)",
            [(name, name.lower().replace(" ", ".") + "@example.org") for name in AUTHORS],
        )
        connection.executemany(
            "INSERT INTO books (title, year, pages, publisher_id, author_id, in_print) VALUES (?, ?, ?, ?, ?, ?)",
            [
                (
                    f"Chronicle {number}",
                    1940 + number,
                    100 + number * 7 % 400,
                    (number - 1) % len(PUBLISHERS) + 1,
                    number * 7 % len(AUTHORS) + 1,
                    int(number % 3 != 0),
                )
                for number in range(1, BOOKS + 1)
            ],
        )
    connection.close()


if __name__ == "__main__":
    main()
