#!/usr/bin/env python3
"""Builds the library's SQLite file at $LIBRARY_DB: 12 publishers, 20
authors, 64 books, the rows of Tests/Fixtures/library-catalog/library_data.py
(which does the work; the Django fixtures' seed command makes the same rows).
Standard library only; a file that already has tables is left alone."""
import os
import runpy

runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "library-catalog", "library_data.py"), run_name="__main__")
