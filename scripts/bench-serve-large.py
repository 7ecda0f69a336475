#!/usr/bin/env python3
"""`trestle serve --data` over a large generated file: first page, first
sort, a filtered sorted page, memory.

Generates N todos (default 1,000,000; ~118 MB, once, into /tmp), then runs
the server twice on a copy of the file (`--read-only`: nothing is written):

  run A (cold)  start → the first page (`_page=1&_limit=500`), and start →
                the first sort by id descending, asked at once after the
                first page (so it includes building the collection's index);
  run B (warm)  start, the first page, then a filtered page that waits for
                the index (`completed=true&_page=1`, its time printed as
                "index ready"); then, each timed alone: the first sort by id
                descending, again, the filtered sorted page
                `completed=true&_sort=title&_page=3` (first and again);
                the server's RSS (VmRSS, VmHWM) at the end.

The sort is `_sort=id&_order=desc` in v0 and `_sort=-id` in v1.

Usage: scripts/bench-serve-large.py [--binary PATH] [--count N] [--dialect v0|v1] [--runs R]
"""

import argparse
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request


def generate(path, count):
    """The todos bench-core used: userId, id, a title of 3–9 words, completed."""
    rng = random.Random(7)
    words = "buy call write plan review debug ship fix read draft café 日本語 🚀".split()
    with open(path, "w", encoding="utf-8") as out:
        out.write('{\n  "todos": [\n')
        for i in range(count):
            todo = {
                "userId": i // 1000 + 1,
                "id": i + 1,
                "title": " ".join(rng.choice(words) for _ in range(rng.randint(3, 9))) + f" {i}",
                "completed": rng.random() < 0.5,
            }
            text = json.dumps(todo, indent=2, ensure_ascii=False).replace("\n", "\n    ")
            out.write("    " + text + (",\n" if i + 1 < count else "\n"))
        out.write("  ]\n}\n")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url, timeout=120):
    """(status, body) of one GET."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def timed(url):
    start = time.perf_counter()
    status, body = get(url)
    elapsed = (time.perf_counter() - start) * 1000
    if status != 200:
        raise SystemExit(f"{url}: HTTP {status}: {body[:200]!r}")
    return elapsed, body


def memory(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0]) / 1024
    return fields


class Server:
    def __init__(self, binary, data, dialect):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [binary, "serve", "--data", data, "--port", str(self.port), "--read-only", "--dialect", dialect]
        self.start = time.perf_counter()
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def first_page(self, path):
        """Polls until the first page answers; ms from the start."""
        deadline = self.start + 120
        while time.perf_counter() < deadline:
            try:
                status, _ = get(self.base + path, timeout=60)
                if status == 200:
                    return (time.perf_counter() - self.start) * 1000
            except OSError:
                time.sleep(0.005)
        raise SystemExit("the server did not answer within 120 s")

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=".build/release/trestle")
    parser.add_argument("--count", type=int, default=1_000_000)
    parser.add_argument("--dialect", choices=["v0", "v1"], default="v0")
    parser.add_argument("--runs", type=int, default=1, help="repeat both runs, print each")
    arguments = parser.parse_args()

    source = f"/tmp/todos-{arguments.count}.json"
    if not os.path.exists(source):
        print(f"generating {arguments.count} todos into {source}", file=sys.stderr)
        generate(source + ".part", arguments.count)
        os.rename(source + ".part", source)
    work = tempfile.mkdtemp(prefix="bench-serve-large.")
    data = os.path.join(work, "db.json")
    shutil.copyfile(source, data)
    v1 = arguments.dialect == "v1"
    page = "/todos?_page=1&_per_page=500" if v1 else "/todos?_page=1&_limit=500"
    by_id = "/todos?_sort=-id&_page=1&_per_page=500" if v1 else "/todos?_sort=id&_order=desc&_page=1&_limit=500"
    filtered = "/todos?completed=true&_page=1"
    filtered_sorted = "/todos?completed=true&_sort=title&_page=3"
    print(f"{arguments.binary} serve --data ({arguments.count} todos, {os.path.getsize(data) / 1e6:.0f} MB), {arguments.dialect}")
    try:
        for run in range(arguments.runs):
            cold = Server(arguments.binary, data, arguments.dialect)
            try:
                first = cold.first_page(page)
                elapsed, body = timed(cold.base + by_id)
                since_start = (time.perf_counter() - cold.start) * 1000
                top = json.loads(body)
                top = top["data"] if v1 else top
                print(f"A{run + 1} first page {first:.0f} ms from start; first sort by -id {since_start:.0f} ms from start "
                      f"({elapsed:.0f} ms after the first page; first id {top[0]['id']})")
            finally:
                cold.stop()
            warm = Server(arguments.binary, data, arguments.dialect)
            try:
                first = warm.first_page(page)
                ready, _ = timed(warm.base + filtered)
                index_ready = (time.perf_counter() - warm.start) * 1000
                sort_first, _ = timed(warm.base + by_id)
                sort_again, _ = timed(warm.base + by_id.replace("_page=1", "_page=2"))
                both_first, _ = timed(warm.base + filtered_sorted)
                both_again, _ = timed(warm.base + filtered_sorted.replace("_page=3", "_page=4"))
                rss = memory(warm.process.pid)
                print(f"B{run + 1} first page {first:.0f} ms; index ready {index_ready:.0f} ms from start; "
                      f"then sort by -id {sort_first:.1f} ms (next page {sort_again:.1f} ms); "
                      f"completed=true&_sort=title&_page=3 {both_first:.1f} ms (next page {both_again:.1f} ms); "
                      f"RSS {rss['VmRSS']:.0f} MiB, peak {rss['VmHWM']:.0f} MiB")
            finally:
                warm.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
