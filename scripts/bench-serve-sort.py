#!/usr/bin/env python3
"""`trestle serve --data` over 1,000,000 todos: the first sort from start,
the settled sort, a filtered sorted page (issue 28's serve targets), for
one or more builds side by side.

The todos and the queries are `scripts/bench.py --window`'s (row (g)):
`{"userId": i // 20 + 1, "id": i, "title": "bench todo number i lorem
ipsum", "completed": i % 3 == 0}`, compact, generated once into /tmp.
Each run, for each binary in turn (so a busy machine weighs on all alike):

  cold   start, poll `GET /todos/1` until answered ("ready"), then at once
         `_sort=id&_order=desc` page 1 of 500: its time, and from start;
  warm   start, ready, wait `--settle` seconds (the columns are built at
         launch), then the same sort, its next page, and
         `completed=true&userId_gte=40000&_sort=title&_order=desc&_page=3`
         (a sort key not asked before), then its next page.

Prints each run and, per binary, the median (min–max) of every figure.
The servers are started read-only on a copy of the file.

Usage: scripts/bench-serve-sort.py [--runs 5] [--settle 5] [--count N] BINARY [BINARY…]
"""

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import tempfile
import time
import urllib.request

SORT_FIRST = "/todos?_sort=id&_order=desc&_page=1&_limit=500"
SORT_NEXT = "/todos?_sort=id&_order=desc&_page=2&_limit=500"
FILTERED_SORTED = "/todos?completed=true&userId_gte=40000&_sort=title&_order=desc&_page=3&_limit=500"
FILTERED_NEXT = FILTERED_SORTED.replace("_page=3", "_page=4")


def write_todos(path, count):
    """bench_peer.write_todos's wrapped file."""
    todos = [{"userId": i // 20 + 1, "id": i, "title": f"bench todo number {i} lorem ipsum", "completed": i % 3 == 0}
             for i in range(1, count + 1)]
    with open(path + ".part", "w") as f:
        json.dump({"todos": todos}, f)
    os.rename(path + ".part", path)


def timed_get(url):
    """ms until the whole answer to GET `url` is read, and the body."""
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as answer:
        body = answer.read()
    return (time.perf_counter() - started) * 1000, body


class Server:
    def __init__(self, binary, data):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.started = time.perf_counter()
        self.proc = subprocess.Popen([binary, "serve", "--port", str(self.port), "--data", data, "--read-only"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def since_start(self):
        return (time.perf_counter() - self.started) * 1000

    def ready(self):
        """ms from spawn until `GET /todos/1` is answered."""
        while True:
            try:
                urllib.request.urlopen(self.base + "/todos/1", timeout=1).read()
                return self.since_start()
            except OSError:
                if self.since_start() > 120_000 or self.proc.poll() is not None:
                    raise SystemExit("trestle serve did not start")
                time.sleep(0.02)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=30)


def cold(binary, data):
    server = Server(binary, data)
    try:
        ready = server.ready()
        sort, body = timed_get(server.base + SORT_FIRST)
        first = json.loads(body)[0]["id"]
        return {"ready": ready, "sort at once": sort, "sort from start": server.since_start(), "first id": first}
    finally:
        server.stop()


def warm(binary, data, settle):
    server = Server(binary, data)
    try:
        server.ready()
        time.sleep(settle)
        settled, _ = timed_get(server.base + SORT_FIRST)
        following, _ = timed_get(server.base + SORT_NEXT)
        filtered, body = timed_get(server.base + FILTERED_SORTED)
        filtered_next, _ = timed_get(server.base + FILTERED_NEXT)
        return {"settled sort": settled, "its next page": following, "filtered sorted": filtered,
                "its next page ": filtered_next, "filtered first title": json.loads(body)[0]["title"]}
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binaries", nargs="+")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--settle", type=float, default=5.0)
    parser.add_argument("--count", type=int, default=1_000_000)
    arguments = parser.parse_args()
    source = f"/tmp/bench-serve-sort-todos-{arguments.count}.json"
    if not os.path.exists(source):
        write_todos(source, arguments.count)
    work = tempfile.mkdtemp(prefix="bench-serve-sort.")
    data = os.path.join(work, "db.json")
    shutil.copyfile(source, data)
    results = {binary: [] for binary in arguments.binaries}
    try:
        for run in range(arguments.runs):
            for binary in arguments.binaries:
                figures = cold(binary, data) | warm(binary, data, arguments.settle)
                results[binary].append(figures)
                shown = ", ".join(f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v}" for k, v in figures.items())
                print(f"run {run + 1} {binary}: {shown}  (load {os.getloadavg()[0]:.2f})", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print()
    for binary, runs in results.items():
        print(f"{binary}, median (min–max) of {len(runs)} runs, ms:")
        for key, value in runs[0].items():
            if isinstance(value, float):
                values = [r[key] for r in runs]
                print(f"  {key.strip():<18} {statistics.median(values):8.1f}  ({min(values):.1f}–{max(values):.1f})")


if __name__ == "__main__":
    main()
