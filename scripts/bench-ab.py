#!/usr/bin/env python3
"""Two Trestle builds against each other, alternately in one run: launch →
the first todo on screen from the bench's local server (200 todos, fresh
XDG folders each run, so a cold cache), and the peak RSS at that moment.
Prints each build's median, quartiles and median VmHWM.

Usage: scripts/bench-ab.py [--runs 21] [--fake] [--warm] BINARY_A BINARY_B …

With --fake, the fake environment over the shipped sample data instead
(`--delay 0`; the binary must sit in the repository's .build folders, where
it finds sample-data/).

With --warm, each build starts in XDG folders an untimed first run of it
left behind (its cache file, its log): a second run's start, where the
cache opens before the first request and answers it with a 304.

A build may carry environment variables after a `|`:
`scripts/bench-ab.py .build-install/release/trestle '.build-install/release/trestle|NIO_SINGLETON_GROUP_LOOP_COUNT=1'`.

The machine's speed moves by a third within an hour on a shared 2-core box,
so only builds compared in the same run, alternately, can be told apart.
Copy a build aside (cp) before rebuilding the other.
"""

import argparse
import os
import shutil
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import bench_peer  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=21, help="runs of each build (alternating)")
    parser.add_argument("--fake", action="store_true", help="the fake environment instead of the local server")
    parser.add_argument("--warm", action="store_true", help="start in folders a first run left (an existing cache)")
    parser.add_argument("builds", nargs="+", help="trestle binaries, each optionally followed by |VAR=value,…")
    args = parser.parse_args()
    bench_peer.ensure_peer(bench.ROOT)
    db = os.path.join(bench.ROOT, "sample-data", "db.json")
    first = bench.first_title(db).decode()
    server = bench.ServerProcess(db)
    base = server.base
    results = {build: ([], []) for build in args.builds}
    homes = {}

    def start(build):
        binary, _, env = build.partition("|")
        extra = dict(item.split("=", 1) for item in env.split(",") if item)
        launch = ["--delay", "0"] if args.fake else ["--env", "production", "--base-url", base]
        return bench.Run(binary, launch, home=homes.get(build), extra_env=extra)

    try:
        if args.warm:
            for build in args.builds:
                run = start(build)
                bench_peer.Screen(bench, run).wait_for([first], 30)
                bench_peer.quit_run(run)
                homes[build] = run.home
        for _ in range(args.runs):
            for build in args.builds:
                run = start(build)
                screen = bench_peer.Screen(bench, run)
                results[build][0].append(screen.wait_for([first], 30))
                results[build][1].append(screen.hwm / 1024)
                bench_peer.quit_run(run)
                if build not in homes:
                    shutil.rmtree(run.home, ignore_errors=True)
    finally:
        server.stop()
        for home in homes.values():
            shutil.rmtree(home, ignore_errors=True)
    for build, (times, memory) in results.items():
        q1, _, q3 = statistics.quantiles(times, n=4)
        print(f"{build[-60:]:60} {statistics.median(times):6.1f} ms (q1 {q1:.1f}, q3 {q3:.1f})  "
              f"{statistics.median(memory):5.1f} MiB")
    print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
