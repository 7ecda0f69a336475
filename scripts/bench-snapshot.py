#!/usr/bin/env python3
"""Benchmark `trestle snapshot` (issue 29's target: a 10,000-record service
snapshotted with --all at --concurrency 4 over loopback in ≤ 5 s).

Generates a json-server db of 10,000 records (100 authors, 6,000 todos and
3,900 posts pointing at them), serves it with `trestle serve --data` on a
free port, then times `trestle snapshot OUT --all --concurrency 4` against
it (fresh XDG folders per run: a cold cache), checks that the file holds
every record, and prints each run, the median and the snapshot's summary.

Usage: scripts/bench-snapshot.py [--runs 3] [--skip-build | --binary PATH] [--concurrency 4]
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def generate(path, users=100, todos=6_000, posts=3_900):
    """The db file: `users + todos + posts` records, each todo and post with an authorId."""
    data = {
        "authors": [{"id": n, "name": f"Author {n}", "email": f"author{n}@example.com"} for n in range(1, users + 1)],
        "todos": [{"id": n, "authorId": n % users + 1, "title": f"todo {n} lorem ipsum", "completed": n % 3 == 0}
                  for n in range(1, todos + 1)],
        "posts": [{"id": n, "authorId": n % users + 1, "title": f"post {n}", "body": "dolor sit amet " * 8}
                  for n in range(1, posts + 1)],
    }
    with open(path, "w") as handle:
        json.dump(data, handle)
    return users + todos + posts


def snapshot_once(binary, base, concurrency, folder):
    """One cold snapshot; returns (seconds, records in the file, the summary line)."""
    home = tempfile.mkdtemp(prefix="home-", dir=folder)
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, "config"),
               XDG_CACHE_HOME=os.path.join(home, "cache"), XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_STATE_HOME=os.path.join(home, "state"))
    out = os.path.join(home, "snap.json")
    started = time.perf_counter()
    done = subprocess.run([binary, "snapshot", out, "--all", "--concurrency", str(concurrency),
                           "--env", "production", "--base-url", base, "--catalog", "none"],
                          env=env, capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise RuntimeError(f"snapshot failed ({done.returncode}): {done.stderr.strip()}")
    with open(out) as handle:
        data = json.load(handle)
    records = sum(len(value) for key, value in data.items() if isinstance(value, list))
    summary = next((line for line in done.stdout.splitlines() if line.startswith("Snapshot:")), "")
    return seconds, records, summary


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--skip-build", action="store_true", help="use the existing release build")
    parser.add_argument("--binary", help="benchmark this trestle instead of the release build")
    args = parser.parse_args()
    binary = args.binary or (bench.existing_release() if args.skip_build else bench.build_release())
    folder = tempfile.mkdtemp(prefix="trestle-bench-snapshot-")
    try:
        db = os.path.join(folder, "db.json")
        count = generate(db)
        proc, base, serve_folder, _ = bench.start_serve(binary, db)
        try:
            runs = [snapshot_once(binary, base, args.concurrency, folder) for _ in range(args.runs)]
        finally:
            bench.stop_serve(proc, serve_folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"trestle snapshot benchmark — {binary}")
    print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{count:,} records served by `trestle serve --data` on 127.0.0.1, "
          f"snapshot --all --concurrency {args.concurrency}, fresh XDG folders per run")
    for number, (seconds, records, _) in enumerate(runs, 1):
        print(f"  run {number}: {seconds:6.2f} s, {records:,} records in the file")
    median = statistics.median(seconds for seconds, _, _ in runs)
    print(f"median {median:.2f} s (target ≤ 5 s){'' if median <= 5 else '  — OVER TARGET'}")
    print(runs[-1][2])
    if any(records != count for _, records, _ in runs):
        sys.exit(f"a snapshot missed records (expected {count:,})")


if __name__ == "__main__":
    main()
