#!/usr/bin/env python3
"""Builds the library's SQLite file at $LIBRARY_DB (its name, `library.db`,
is the Datasette database name, so the database URL is /library): 12
publishers, 20 authors, 64 books, the rows of
Tests/Fixtures/library-catalog/library_data.py (which does the work; the
Django fixtures' seed command makes the same rows), with real FOREIGN KEY
constraints (Datasette shows and links foreign keys from them). Standard
library only; a file that already has tables is left alone.

Served as Datasette 0.65's docs say, nothing shaped for a client: "Getting
started" (docs/getting_started.rst: `datasette serve FILE.db`) and "JSON API"
(docs/json_api.rst: `.json` added to a page's URL, `_size`/`_next` paging,
`_shape`, `_labels`, `_sort`, `column__exact=` filters); see README.md.
Datasette 0.65 has no write API (that came with 1.0's alphas)."""
import os
import runpy

runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "library-catalog", "library_data.py"), run_name="__main__")
