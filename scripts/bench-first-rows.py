#!/usr/bin/env python3
"""An unknown service's first rows (issue 42 item 1), side by side with VisiData 3.4.

The service is a third-party json-server-like mock from PyPI,
instant-json-server 0.1.2 (FastAPI on uvicorn: `/{resource}` answers the
whole collection as a plain array, whatever the query; FastAPI publishes a
generic `/openapi.json`), serving sample-data/db.json (200 todos) on
127.0.0.1. It is installed into .build/first-rows-venv when missing.

Each run, alternately:
  Trestle  `trestle --env production --base-url URL todos` (fresh XDG folders:
           a service never seen), spawn → the first todo's title on screen;
  VisiData `vd URL/todos`, spawn → the same title.
For Trestle also: VmHWM at that frame, split by mapping (file pages of the
executable, heap and anonymous), and the requests the server had received
by then, in order (a wrapper around the app notes each request as it
arrives), and the cold time split at the first request's arrival: spawn →
the request at the mock (Trestle's own start, the connection and uvicorn's
parse), then → the first todo on screen (the mock's answer, Trestle's
decoding and drawing). The same start is then repeated warm (the same XDG folders: the
discovery remembered).

With two or more --binary paths (a build before and after a change), each
round runs each of them in turn, so they are compared in one run.

Usage: scripts/bench-first-rows.py [--binary PATH ...] [--runs 9] [--no-peer]
"""

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import bench_peer  # noqa: E402

ROOT = bench.ROOT
VENV = os.path.join(ROOT, ".build", "first-rows-venv")
PINS = ["instant-json-server==0.1.2", "fastapi==0.165.0", "starlette==1.10.0", "uvicorn==0.54.0",
        "pydantic==2.14.4", "pydantic-core==2.50.5", "anyio==4.16.0", "h11==0.16.0", "click==8.5.1"]

# Runs the mock with its own `uvicorn.run` call redirected to 127.0.0.1:PORT,
# the app wrapped so that each request's arrival (monotonic ns, path) is
# appended to LOG before the mock sees it.
WRAPPER = r"""
import sys, time, uvicorn
port, data, log = int(sys.argv[1]), sys.argv[2], sys.argv[3]
original = uvicorn.run
def noted(app):
    async def wrapped(scope, receive, send):
        if scope["type"] == "http":
            with open(log, "a") as f:
                query = scope.get("query_string", b"").decode()
                f.write(f"{time.monotonic_ns()} {scope['path']}{'?' + query if query else ''}\n")
        await app(scope, receive, send)
    return wrapped
uvicorn.run = lambda app, **_: original(noted(app), host="127.0.0.1", port=port, log_level="warning",
                                        access_log=False)
sys.argv = ["instant-json-server", data]
import server.main
"""


def ensure_venv():
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    check = subprocess.run([python, "-c", "import server, fastapi, uvicorn"], capture_output=True,
                           cwd=tempfile.gettempdir())
    if check.returncode != 0:
        print("installing instant-json-server 0.1.2 into .build/first-rows-venv (PyPI)…", file=sys.stderr)
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q"] + PINS, check=True)
    return python


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mock:
    def __init__(self, python, data):
        self.folder = tempfile.mkdtemp(prefix="first-rows-")
        self.log = os.path.join(self.folder, "requests.log")
        self.port = free_port()
        shutil.copy(data, os.path.join(self.folder, "db.json"))
        # The mock writes ./data.json on every write: run it in its own folder.
        self.proc = subprocess.Popen([python, "-c", WRAPPER, str(self.port), "db.json", self.log],
                                     cwd=self.folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.perf_counter() + 30
        while time.perf_counter() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.05)
        else:
            raise RuntimeError("the mock did not start")
        self.mark()

    def mark(self):
        open(self.log, "w").close()

    def requests(self):
        with open(self.log) as f:
            return [(int(t), path) for t, path in (line.split(" ", 1) for line in f.read().splitlines())]

    def stop(self):
        self.proc.terminate()
        self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def trestle_run(binary, mock, needle, home=None, keep=False):
    """ms spawn → needle, VmHWM (MiB), smaps groups, requests received before the frame,
    ms spawn → the first request's arrival at the mock."""
    mock.mark()
    run = bench.Run(binary, ["--env", "production", "--base-url", mock.base, "todos"], home=home)
    try:
        screen = bench_peer.Screen(bench, run)
        elapsed = screen.wait_for([needle], 15)
        # When the frame's bytes were read (perf_counter and monotonic_ns
        # are both CLOCK_MONOTONIC on Linux): the requests before it.
        seen = int((run.started + elapsed / 1000) * 1e9)
        hwm = (screen.hwm or bench.proc_status(run.proc.pid, "VmHWM")) / 1024
        groups = bench_peer.smaps_by_mapping(run.proc.pid)
        received = mock.requests()
        before = [path for t, path in received if t <= seen]
        arrival = (received[0][0] / 1e9 - run.started) * 1000 if received else float("nan")
        home = run.home
        if keep:
            run.home = tempfile.mkdtemp(prefix="trestle-bench-")  # quit() removes this one instead
    finally:
        bench_peer.quit_run(run)
    return elapsed, hwm, groups, before, home, arrival


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", nargs="+", default=[bench.existing_release()])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--no-peer", action="store_true")
    args = parser.parse_args()
    python = ensure_venv()
    vd = bench_peer.ensure_peer(ROOT)  # also puts pyte on the path
    vd = None if args.no_peer else vd
    data = os.path.join(ROOT, "sample-data", "db.json")
    with open(data) as f:
        needle = "".join(json.load(f)["todos"][0]["title"].split())[:12]
    mock = Mock(python, data)
    binaries = args.binary
    cold = {b: [] for b in binaries}
    warm = {b: [] for b in binaries}
    hwms = {b: [] for b in binaries}
    firsts = {b: [] for b in binaries}
    arrivals = {b: [] for b in binaries}
    groups = {}
    peer = []
    try:
        for index in range(args.runs):
            for binary in binaries:
                elapsed, hwm, groups[binary], before, home, arrival = trestle_run(binary, mock, needle, keep=True)
                arrivals[binary].append(arrival)
                cold[binary].append(elapsed)
                hwms[binary].append(hwm)
                firsts[binary].append(before)
                try:
                    warm[binary].append(trestle_run(binary, mock, needle, home=home)[0])
                finally:
                    shutil.rmtree(home, ignore_errors=True)
            if vd:
                run = bench.Run(vd, ["--motd-url=", f"{mock.base}/todos"])
                try:
                    peer.append(bench_peer.Screen(bench, run).wait_for([needle], 30))
                finally:
                    bench_peer.quit_run(run)
    finally:
        mock.stop()
    med = statistics.median

    def row(label, values):
        print(f"{label:58} {med(values):8.1f} {min(values):8.1f} {max(values):8.1f}")

    print("first rows of an unknown service")
    print(f"instant-json-server 0.1.2 (FastAPI) on 127.0.0.1, 200 todos; {args.runs} runs alternated; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'measure':58} {'median':>8} {'min':>8} {'max':>8}")
    if peer:
        row("VisiData 3.4: spawn → first todo on screen (ms)", peer)
    for number, binary in enumerate(binaries, 1):
        print(f"[{number}] {binary}")
        row("  cold: spawn → first todo on screen (ms)", cold[binary])
        row("    of which spawn → the list's request at the server (ms)", arrivals[binary])
        row("    and that request → the first todo on screen (ms)",
            [c - a for c, a in zip(cold[binary], arrivals[binary])])
        row("  warm (discovery remembered) (ms)", warm[binary])
        if peer:
            print(f"{'  ratio cold / VisiData':58} {med(cold[binary]) / med(peer):8.3f}")
        row("  cold: VmHWM at the first frame (MiB)", hwms[binary])
        print("    resident at the last run's first frame, by mapping (MiB):")
        for name, kib in groups[binary][:5]:
            print(f"      {name:52} {kib / 1024:8.1f}")
        counts = [len(b) for b in firsts[binary]]
        print(f"{'  requests received before the first frame (median)':58} {med(counts):8.1f}")
        print("    the last run's, in order: " + ", ".join(firsts[binary][-1]))

if __name__ == "__main__":
    main()
