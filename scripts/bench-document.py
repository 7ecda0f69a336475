#!/usr/bin/env python3
"""A large OpenAPI document, first start and second start (issue 42 item 2).

Writes a document of COUNT collections (scripts/generate-large-openapi.py;
5,000 collections ≈ 26.6 MB), then starts the release `trestle` on it in a
real pseudo-terminal (120x40, --env development, --openapi, no server
needed: the collections are only listed) RUNS times, each pair in a fresh
home:

  first start  — the document is read (its catalogue is kept in the cache);
  second start — the same home: the catalogue kept is taken.

For each it prints ms from spawn to the first collection's name on the start
screen and to every collection (the log's line of the catalogue naming the
last one), and the peak resident memory (VmHWM) at each; medians and ranges.

Usage: scripts/bench-document.py [--count 5000] [--runs 3] [--binary PATH]
"""

import argparse
import os
import threading
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer  # noqa: E402

from bench import Run, existing_release, proc_status  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class KeptRun(Run):
    """A run whose home outlives it (the second start reads its cache)."""

    def quit(self):
        home, self.home = self.home, tempfile.mkdtemp(prefix="trestle-bench-discard-")
        super().quit()
        self.home = home


def log_text(home):
    path = os.path.join(home, "xdg_state_home", "trestle", "trestle.log")
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except FileNotFoundError:
        return ""


def taken_lines(home):
    return [line for line in log_text(home).splitlines() if " taken=" in line]


class EmptyLists(BaseHTTPRequestHandler):
    """Every collection empty: the start screen counts each one."""

    def do_GET(self):
        body = b"[]"
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("X-Total-Count", "0")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def start(binary, document, count, home, base):
    """One start in `home`: its figures, and how it took the catalogue."""
    taken_before = len(taken_lines(home))
    kept_before = log_text(home).count("openapi catalog kept")
    run = KeptRun(binary, ["--env", "development", "--base-url", base, "--openapi", document],
                  home=home)
    try:
        first = run.wait_for(b"things0", timeout=300)
        first_hwm = proc_status(run.proc.pid, "VmHWM")
        # Every collection: the log's line of the catalogue that names the
        # last one (the status line's count is redrawn in place, so the
        # terminal stream never holds it whole).
        last = f'"things{count - 1}"'
        deadline = time.perf_counter() + 600
        while last not in log_text(run.home):
            run.read(0.005)
            if time.perf_counter() > deadline or run.proc.poll() is not None:
                raise RuntimeError(f"the catalogue never named {last}")
        whole = (time.perf_counter() - run.started) * 1000
        hwm = proc_status(run.proc.pid, "VmHWM")
        # How the catalogue was taken (the log's `taken=`), and, when it was
        # read, its keeping (behind the screen) before the run ends.
        deadline = time.perf_counter() + 120
        while time.perf_counter() < deadline and len(taken_lines(home)) <= taken_before:
            run.drain(0.1)
        lines = taken_lines(home)
        taken = lines[-1].split(" taken=")[1].split()[0] if len(lines) > taken_before else "?"
        if taken == "read":
            while time.perf_counter() < deadline and log_text(home).count("openapi catalog kept") <= kept_before:
                run.drain(0.1)
    finally:
        run.quit()
    return {"first": first, "first_hwm": first_hwm / 1024, "whole": whole, "hwm": hwm / 1024, "taken": taken}


def summary(values, unit, digits=0):
    values = sorted(values)
    median = statistics.median(values)
    return f"{median:,.{digits}f} {unit} ({values[0]:,.{digits}f}–{values[-1]:,.{digits}f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--binary", help="this trestle instead of the release build (scripts/install's)")
    args = parser.parse_args()
    binary = args.binary or existing_release()
    folder = tempfile.mkdtemp(prefix="trestle-bench-document-")
    document = os.path.join(folder, "big.json")
    with open(document, "w") as f:
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "generate-large-openapi.py"), str(args.count)],
                       stdout=f, check=True)
    megabytes = os.path.getsize(document) / 1e6
    rows = {"first start": [], "second start": []}
    server = ThreadingHTTPServer(("127.0.0.1", 0), EmptyLists)
    server.handle_error = lambda *_: None  # a run that quits mid-answer is no news
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        for _ in range(args.runs):
            home = tempfile.mkdtemp(prefix="trestle-bench-home-")
            try:
                rows["first start"].append(start(binary, document, args.count, home, base))
                rows["second start"].append(start(binary, document, args.count, home, base))
            finally:
                shutil.rmtree(home, ignore_errors=True)
    finally:
        server.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"{binary}: {args.count:,} collections, {megabytes:.1f} MB, {args.runs} runs (median, range)")
    print("| start | catalogue | first collections | VmHWM then | every collection | VmHWM then |")
    print("|---|---|---|---|---|---|")
    for name, runs in rows.items():
        taken = "/".join(sorted({run["taken"] for run in runs}))
        print(f"| {name} | {taken} | {summary([r['first'] for r in runs], 'ms')} | "
              f"{summary([r['first_hwm'] for r in runs], 'MiB', 1)} | {summary([r['whole'] for r in runs], 'ms')} | "
              f"{summary([r['hwm'] for r in runs], 'MiB', 1)} |")


if __name__ == "__main__":
    main()
