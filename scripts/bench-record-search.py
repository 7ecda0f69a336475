#!/usr/bin/env python3
"""How long a search key takes inside a 2 MB record (issue 39: under 50 ms a
key on the release build). Not a timed test: a measurement to read.

A record of 26,000 items (about 2.6 MB of JSON; 17 items hold `needle`) is
served by `trestle serve --data`; `trestle --env development` opens it in a
120x40 pseudo-terminal. Measured from the key written to the pty until the
frame it brings is written: for `/needle` Enter (the search: one pass over
the record's lines) until the first match's line is in the output, for
`n` (16 times) and `N` (16 times back) until the last byte of the frame
(ncurses writes only the cells that changed, so no text can be waited for). Prints the Enter's time and
the median, 90th percentile and maximum of the `n`/`N` keys, in ms.

Usage: scripts/bench-record-search.py [--binary PATH] [--runs 3]

By default the release build (`.build-install/release/trestle`, else
`.build/release/trestle`) when there is one, else the debug build
(`.build/debug/trestle`), and it says which: a debug figure is several
times a release one.
"""

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

ITEMS = 26_000
MATCHES = 17


def write_data(folder):
    items = []
    for number in range(ITEMS):
        word = (f"needle {number}" if number % 1000 == 500 and number < 17_000
                else f"lorem ipsum dolor sit amet consectetur adipiscing {number}")
        items.append({"n": number, "word": word})
    todos = [{"userId": 1, "id": 1, "title": "the big one", "completed": False, "items": items}]
    todos += [{"userId": 1, "id": i, "title": f"todo {i}", "completed": False} for i in range(2, 6)]
    path = os.path.join(folder, "big.json")
    with open(path, "w") as handle:
        json.dump({"todos": todos, "users": [{"id": 1, "name": "A"}]}, handle, indent=1)
    return path


def match(current):
    """The squashed text of the `current`th match's line (from 1): drawn
    whole when the search is entered (the screen before shows none of it)."""
    return f'"word":"needle{(current - 1) * 1000 + 500}"'.encode()


def timed_key(run, key: bytes, needle: bytes, timeout=60.0):
    """ms from writing `key` until `needle` (squashed) is in the output after it."""
    mark = len(run.output)
    started = time.perf_counter()
    os.write(run.master, key)
    deadline = started + timeout
    while time.perf_counter() < deadline:
        run.read(0.002)
        if needle in bench.squash(bytes(run.output[mark:])):
            return (time.perf_counter() - started) * 1000
    raise RuntimeError(f"never saw {needle!r} after {key!r}")


def timed_frame(run, key: bytes, quiet=0.05, timeout=60.0):
    """ms from writing `key` until the last byte of the frame it brings: the
    output's last chunk before `quiet` seconds without any (nothing else
    draws meanwhile: no spinner while nothing loads). ncurses writes only
    the cells that changed, so no text of the new match can be waited for."""
    started = time.perf_counter()
    os.write(run.master, key)
    last = None
    deadline = started + timeout
    while time.perf_counter() < deadline:
        if run.read(0.002):
            last = time.perf_counter()
        elif last is not None and time.perf_counter() - last > quiet:
            return (last - started) * 1000
    raise RuntimeError(f"no frame after {key!r}")


def one_run(binary, base):
    run = bench.Run(binary, ["--env", "development", "--base-url", base])
    try:
        run.wait_for(b"thebigone", timeout=120)
        run.drain(0.5)
        os.write(run.master, b"\r")
        run.wait_for(b'"title":"thebigone"', timeout=120)
        run.drain(1.0)
        os.write(run.master, b"/")
        run.drain(0.2)
        os.write(run.master, b"needle")
        run.drain(0.2)
        enter = timed_key(run, b"\r", match(1))
        run.drain(0.3)
        keys = []
        for _ in range(2, MATCHES + 1):
            keys.append(timed_frame(run, b"n"))
        for _ in range(MATCHES - 1, 0, -1):
            keys.append(timed_frame(run, b"N"))
        return enter, keys
    finally:
        run.quit()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", help="the trestle to measure")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    binary = args.binary
    kind = "given"
    if binary is None:
        release = bench.existing_release()
        if os.path.exists(release):
            binary, kind = release, "release"
        else:
            binary, kind = os.path.join(bench.ROOT, ".build", "debug", "trestle"), "DEBUG (no release build here)"
    folder = tempfile.mkdtemp(prefix="trestle-bench-record-")
    try:
        data = write_data(folder)
        megabytes = os.path.getsize(data) / 1e6
        proc, base, serve_folder, _ = bench.start_serve(binary, data)
        try:
            enters, keys = [], []
            for _ in range(args.runs):
                enter, more = one_run(binary, base)
                enters.append(enter)
                keys += more
        finally:
            bench.stop_serve(proc, serve_folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    keys.sort()
    p90 = keys[min(len(keys) - 1, int(len(keys) * 0.9))]
    print(f"binary: {binary} ({kind})")
    print(f"record: {ITEMS} items, {megabytes:.2f} MB of JSON, {MATCHES} matches; {args.runs} runs")
    print(f"/needle Enter (search): median {statistics.median(enters):.1f} ms, max {max(enters):.1f} ms")
    print(f"n / N ({len(keys)} keys): median {statistics.median(keys):.1f} ms, p90 {p90:.1f} ms, "
          f"max {max(keys):.1f} ms (target: under 50 ms on the release build)")


if __name__ == "__main__":
    main()
