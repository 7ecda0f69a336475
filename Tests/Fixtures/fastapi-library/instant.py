#!/usr/bin/env python3
"""instant-json-server 0.1.2 (PyPI: a json-server-like mock on FastAPI),
run as its README runs it — `instant-json-server db.json` — serving the
library of Tests/Fixtures/library-catalog/library_data.py (publishers,
authors, books) from a db.json written beside $LIBRARY_DB.

What it serves, as written: `GET /{resource}` (the whole collection, a
plain array, whatever the query), `POST /{resource}`, `PATCH` and `DELETE
/{resource}/{id}` (answering `{"success": true}`), no `GET` of one record
(405, `Allow: PATCH`); FastAPI's generic `/openapi.json`. It saves each
write to ./data.json, so it runs in $LIBRARY_DB's folder. Its module
starts uvicorn on 0.0.0.0:8000 when imported; the host and port are given
here instead, nothing else is changed.

    LIBRARY_DB=/tmp/x/library.sqlite3 python instant.py PORT
"""
import os
import runpy
import sys

import uvicorn

folder = os.path.dirname(os.environ["LIBRARY_DB"])
data = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "library-catalog",
                                   "library_data.py"))
data["write_json_db"](folder)
os.chdir(folder)

port = int(sys.argv[1])
run = uvicorn.run
uvicorn.run = lambda app, **_: run(app, host="127.0.0.1", port=port)
sys.argv = ["instant-json-server", "db.json"]
import server.main  # noqa: E402,F401  (runs the server)
