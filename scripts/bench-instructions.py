#!/usr/bin/env python3
"""Instructions from launch to the first screen, for builds told apart on a
busy machine: each start runs under valgrind's callgrind in a pseudo-terminal
(the fake environment, `--delay 0`, a fresh HOME) until the first todo is on
screen, then quits with q; callgrind's total is printed per run, then each
build's median, min and max, and the ratio of the medians to the first build.

Usage: scripts/bench-instructions.py [--runs 7] BINARY_A BINARY_B [...]

Instruction counts hardly move with the load (another build beside them
changes them by well under 1 %), where wall-clock times move by a third; they
are not times: a start that waits (on the disk, a thread, the loader's page
faults) costs time no instruction shows. A start draws its first frame once
or twice (the first page may come before or after the first frame's
deadline), so the counts fall in two groups about 8 M apart: compare the
medians over several runs, or group against group.

The binaries must be the fast release build (scripts/release-flags):
valgrind 3.19 crashes in the shared libdispatch of a plain `swift build`, and
cannot read the DWARF of a large Swift binary (strip it, or build with
`-Xlinker -s`, as scripts/bench.py does). Needs valgrind (Debian: apt-get
install valgrind).
"""

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402


def first_todo():
    with open(os.path.join(bench.ROOT, "sample-data", "db.json")) as f:
        todos = json.load(f)["todos"]
    return re.sub(r"\s+", "", min(todos, key=lambda todo: todo["id"])["title"])[:30].encode()


def instructions(binary, needle, folder, label):
    """One start under callgrind: its total instructions, or None without a first screen."""
    out = os.path.join(folder, f"{label}.callgrind")
    argv = ["--tool=callgrind", f"--callgrind-out-file={out}", binary, "--env", "fake", "--delay", "0"]
    run = bench.Run("valgrind", argv)
    try:
        run.wait_for(needle, timeout=300)
        os.write(run.master, b"q")
        deadline = time.perf_counter() + 120
        while run.proc.poll() is None and time.perf_counter() < deadline:
            run.read(0.1)
    except Exception as error:  # noqa: BLE001 (a start that never drew is reported, not fatal)
        print(f"{label}: {error}", file=sys.stderr)
        return None
    finally:
        if run.proc.poll() is None:
            run.proc.kill()
            run.proc.wait()
        os.close(run.master)
        shutil.rmtree(run.home, ignore_errors=True)
    if not os.path.exists(out):
        return None
    with open(out) as f:
        match = re.search(r"^(?:totals|summary):\s*(\d+)", f.read(), re.M)
    return int(match.group(1)) if match else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("scripts/bench-instructions.py: valgrind is missing (apt-get install valgrind)")
    needle = first_todo()
    folder = tempfile.mkdtemp(prefix="trestle-instructions-")
    counts = {binary: [] for binary in args.binaries}
    try:
        print(f"load average {os.getloadavg()[0]:.2f}", flush=True)
        for index in range(args.runs):
            for number, binary in enumerate(args.binaries):
                total = instructions(os.path.abspath(binary), needle, folder, f"{number}-{index}")
                counts[binary].append(total)
                shown = f"{total / 1e6:.1f} M" if total else "no first screen"
                print(f"run {index + 1} {binary}: {shown}", flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    base = None
    for binary, totals in counts.items():
        done = [total for total in totals if total]
        if not done:
            print(f"{binary}: no run drew its first screen")
            continue
        median = statistics.median(done)
        base = base or median
        print(
            f"{binary}: median {median / 1e6:.1f} M (min {min(done) / 1e6:.1f}, max {max(done) / 1e6:.1f},"
            f" {len(done)} runs), {median / base:.3f} of the first"
        )


if __name__ == "__main__":
    main()
