#!/usr/bin/env python3
"""Three json-server-like mocks from PyPI, each run as its README runs it,
serving the library of Tests/Fixtures/library-catalog/library_data.py
(publishers, authors, books) from a db.json written beside $LIBRARY_DB,
in that folder (both save writes to their file):

    simple-json-server 0.2.0   `simple-json-server --port PORT --file db.json`
                               (http.server; its root answers the
                               collections' names, `["publishers", …]`; the
                               whole database is at `/_db`; `_page`,
                               `_per_page`, `X-Total-Count`; no `OPTIONS`)
    json-server-py 0.1.11      `json-server -b 127.0.0.1:PORT db.json`
                               (aiohttp; its root answers the whole
                               database; a list is the whole array, whatever
                               the query; `OPTIONS` answers 204 with CORS's
                               `access-control-allow-methods` only)
    pyjserver 0.0.2            `python -m pyjserver library db.json --host
                               127.0.0.1 -p PORT` (Flask; its root answers
                               `{"endpoints": [{"name", "route"}], …}`;
                               lists at `/books/`, the whole array; one
                               record `GET`/`PUT`/`DELETE /books/<int>`, no
                               `PATCH`; Flask's `OPTIONS` answers `Allow`)

    LIBRARY_DB=/tmp/x/library.sqlite3 python serve.py simple PORT
    LIBRARY_DB=/tmp/x/library.sqlite3 python serve.py json-server-py PORT
    LIBRARY_DB=/tmp/x/library.sqlite3 python serve.py pyjserver PORT
"""
import os
import runpy
import sys

which, port = sys.argv[1], sys.argv[2]
folder = os.path.dirname(os.environ["LIBRARY_DB"])
data = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "library-catalog",
                                   "library_data.py"))
data["write_json_db"](folder)
os.chdir(folder)

if which == "simple":
    from simple_json_server.simple_json_server import main
    sys.argv = ["simple-json-server", "--host", "127.0.0.1", "--port", port, "--file", "db.json"]
elif which == "json-server-py":
    from json_server.cli import main
    sys.argv = ["json-server", "-b", f"127.0.0.1:{port}", "db.json"]
else:
    # `python -m pyjserver`: its __main__ parses sys.argv and runs Flask.
    sys.argv = ["pyjserver", "library", "db.json", "--host", "127.0.0.1", "-p", port]
    runpy.run_module("pyjserver", run_name="__main__", alter_sys=True)
    sys.exit(0)
sys.exit(main())
