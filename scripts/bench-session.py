#!/usr/bin/env python3
"""A long session stays light (issue 42 item 6): resident memory over an hour.

Starts two `trestle serve` services (COUNT todos, and sample-data/db.json),
a config naming them `big` and `small`, and the `trestle` under test on
`big` in a real pseudo-terminal (120x40). Then, for MINUTES, it repeats a
round of what a user does: pages down and up, `G` to the last row, far
jumps (`NG`), opens a record and goes back, `:watch 2` on the list for a
while then `:watch off`, switches to `small` (`:service small`), opens its
users and a user's todos, and switches back. VmRSS is sampled after each
round (about 25 s).

Prints the resident memory after the first minute, the highest and the
last, and last ÷ first-minute (the target: within 10 %).

Usage: scripts/bench-session.py [--minutes 60] [--count 200000] [--binary PATH]
"""

import argparse
import os
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_peer  # noqa: E402
from bench import Run, existing_release, proc_status, start_serve, stop_serve  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def keys(run, text, pause=0.15):
    for key in text:
        os.write(run.master, key.encode() if isinstance(key, str) else key)
        run.drain(pause)


def command(run, text, pause=0.6):
    os.write(run.master, b":" + text.encode() + b"\r")
    run.drain(pause)


def one_round(run, count, rng):
    """A round of what a user does, about 20 s."""
    keys(run, ["\x06"] * 8 + ["\x02"] * 4)            # Ctrl-F ×8, Ctrl-B ×4
    keys(run, ["G"], 0.8)                              # the last row
    for _ in range(4):                                 # far jumps
        keys(run, list(str(rng.randrange(1, count))) + ["G"], 0.5)
    keys(run, ["g"], 0.4)
    keys(run, ["\r"], 0.8)                             # a record…
    keys(run, ["\x1b"], 0.5)                           # …and back
    command(run, "watch 2")
    run.drain(5)
    command(run, "watch off")
    command(run, "service small", 1.5)
    command(run, "users", 1.0)
    keys(run, ["j", "\r"], 1.0)                        # a user…
    keys(run, ["\x1b"], 0.5)
    command(run, "service big", 1.5)
    command(run, "todos", 1.0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--count", type=int, default=200_000)
    parser.add_argument("--binary", help="this trestle instead of the release build (scripts/install's)")
    args = parser.parse_args()
    binary = args.binary or existing_release()
    folder = tempfile.mkdtemp(prefix="trestle-bench-session-")
    wrapped, _ = bench_peer.write_todos(folder, args.count)
    big, big_base, big_folder, _ = start_serve(binary, wrapped)
    small, small_base, small_folder, _ = start_serve(binary, os.path.join(ROOT, "sample-data", "db.json"))
    home = tempfile.mkdtemp(prefix="trestle-bench-session-home-")
    config = os.path.join(home, "xdg_config_home", "trestle")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "config.yaml"), "w") as f:
        f.write(f"services:\n  - name: big\n    baseURL: {big_base}\n  - name: small\n    baseURL: {small_base}\n")
    samples = []
    run = None
    try:
        run = Run(binary, ["--env", "development", "--service", "big", "todos"], home=home)
        run.wait_for(b"benchtodonumber1lorem", timeout=120)
        started = time.perf_counter()
        rng = random.Random(42)
        end = started + args.minutes * 60
        next_sample = started
        while time.perf_counter() < end and run.proc.poll() is None:
            one_round(run, args.count, rng)
            now = time.perf_counter()
            if now >= next_sample:
                pid = run.proc.pid
                samples.append(((now - started) / 60, proc_status(pid, "VmRSS") / 1024,
                                proc_status(pid, "RssAnon") / 1024, proc_status(pid, "RssFile") / 1024))
                next_sample = now + 10
        if run.proc.poll() is not None:
            raise RuntimeError(f"trestle exited ({run.proc.returncode}) after {(time.perf_counter() - started):.0f} s")
    finally:
        if run:
            run.quit()
        stop_serve(big, big_folder)
        stop_serve(small, small_folder)
        shutil.rmtree(folder, ignore_errors=True)
        shutil.rmtree(home, ignore_errors=True)
    first = next((sample for sample in samples if sample[0] >= 1), samples[-1])
    after_first = first[1]
    highest = max(sample[1] for sample in samples)
    last = samples[-1][1]
    print(f"{binary}: {args.minutes:g} min, {len(samples)} samples, {args.count:,} todos on `big`")
    print(f"  {'minute':>6}  {'VmRSS':>7}  {'anon':>7}  {'file':>7}  (MiB; anon: heap and stacks, file: mapped pages of the binary and files)")
    for minute, rss, anon, mapped in samples[:: max(1, len(samples) // 12)]:
        print(f"  {minute:6.1f}  {rss:7.1f}  {anon:7.1f}  {mapped:7.1f}")
    print(f"VmRSS after the first minute {after_first:.1f} MiB, highest {highest:.1f} MiB, last {last:.1f} MiB; "
          f"last ÷ first minute = {last / after_first:.3f} (target ≤ 1.10)")
    print(f"of which anonymous {first[2]:.1f} → {samples[-1][2]:.1f} MiB ({samples[-1][2] / first[2]:.3f}), "
          f"file-backed {first[3]:.1f} → {samples[-1][3]:.1f} MiB ({samples[-1][3] / first[3]:.3f})")


if __name__ == "__main__":
    main()
