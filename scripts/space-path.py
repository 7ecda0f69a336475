#!/usr/bin/env python3
"""Which product files Space on a todo runs code in (issue 39), measured.

Builds `trestle` with coverage (`swift build --enable-code-coverage` into
`.build/coverage`, its own scratch path), then runs it in tmux (120x40)
against a local `trestle serve` (a fresh copy of sample-data/db.json, and
a fresh private HOME, per run) three times:

  space   the todos list opens; Space on todo 1; the row redraws with the
          server's answer ("Todo 1 marked done"); `q` quits
  base A  the todos list opens; the same wait as `space` took; `q` quits
  base B  the same as base A again

Each run writes its profile at exit (LLVM_PROFILE_FILE); `llvm-profdata
merge` and `llvm-cov export` give, per file under Sources/, the sum of its
functions' entry counts and of its code regions' execution counts. A file
is on Space's path when its region count in `space` is above the higher of
the two baselines by more than the two baselines differ (the noise of two
identical runs: timer ticks, frames drawn while waiting). Files that rise
only within that noise are printed apart, as noise.

Usage: scripts/space-path.py [--no-build] [--keep]
"""

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build", "coverage")
BINARY = os.path.join(SCRATCH, "debug", "trestle")
TOOLS = "/opt/swift/usr/bin"
DATA = os.path.join(ROOT, "sample-data", "db.json")
DEADLINE = 120  # seconds, for every wait
SETTLE = 2.0  # seconds after the list is drawn, before the key (or the baselines' wait)


def tool(name):
    path = os.path.join(TOOLS, name)
    return path if os.path.exists(path) else shutil.which(name)


def build():
    command = ["nice", "-n", "10", "swift", "build", "--enable-code-coverage", "--scratch-path", SCRATCH,
               "--product", "trestle"]
    print("building:", " ".join(command), flush=True)
    # Build tools made with coverage (the texts generator) write their profile there, not here.
    env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(SCRATCH, "tools-%p.profraw"))
    subprocess.run(command, cwd=ROOT, check=True, env=env)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_serve(folder):
    """`trestle serve` over a copy of the sample data; its profile goes apart."""
    copy = os.path.join(folder, "db.json")
    shutil.copy(DATA, copy)
    port = free_port()
    env = dict(os.environ, LLVM_PROFILE_FILE=os.path.join(folder, "serve-%p.profraw"))
    proc = subprocess.Popen([BINARY, "serve", "--port", str(port), "--data", copy], env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    while True:
        try:
            urllib.request.urlopen(base + "/todos/1", timeout=1).read()
            return proc, base
        except OSError:
            if time.monotonic() - started > DEADLINE or proc.poll() is not None:
                proc.kill()
                proc.wait()
                raise RuntimeError("trestle serve did not start")
            time.sleep(0.02)


class Tmux:
    """One tmux server (its own socket) running one command in a 120x40 pane."""

    def __init__(self, name, command):
        self.socket = name
        subprocess.run(["tmux", "-L", name, "-f", "/dev/null", "new-session", "-d", "-s", "run", "-x", "120",
                        "-y", "40", command], check=True)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True)

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", "run").stdout

    def press(self, key):
        self.tmux("send-keys", "-t", "run", key)

    def alive(self):
        return self.tmux("has-session", "-t", "run").returncode == 0

    def wait(self, what, condition):
        started = time.monotonic()
        while time.monotonic() - started < DEADLINE:
            screen = self.screen()
            if condition(screen):
                return screen
            time.sleep(0.02)
        raise RuntimeError(f"timed out waiting for {what}:\n{self.screen()}")

    def kill(self):
        self.tmux("kill-server")


def row_mark(screen, todo_id):
    """The done mark (✓ or ·) on the row of `todo_id`, if it is on screen."""
    for line in screen.splitlines():
        cells = line.replace("│", " ").split()
        if len(cells) > 1 and cells[0] == str(todo_id):
            for cell in cells[1:]:
                if cell in ("✓", "·"):
                    return cell
    return None


def run(kind, folder, hold=None):
    """One run of the app; returns (seconds between the list drawn and `q`, `q` presses)."""
    os.makedirs(folder)
    home = os.path.join(folder, "home")
    for sub in ("home", "cache", "state", "config"):
        os.makedirs(os.path.join(folder, sub))
    serve, base = start_serve(folder)
    env = {
        "HOME": home, "XDG_CACHE_HOME": os.path.join(folder, "cache"),
        "XDG_STATE_HOME": os.path.join(folder, "state"), "XDG_CONFIG_HOME": os.path.join(folder, "config"),
        "LLVM_PROFILE_FILE": os.path.join(folder, "app-%p.profraw"), "TERM": "xterm-256color",
        "TRESTLE_CONFIRM_PRODUCTION_WRITES": "false", "LANG": "C.UTF-8",
    }
    command = "exec env " + " ".join(f"{k}={v}" for k, v in env.items()) + \
        f" {BINARY} --env development --base-url {base} todos"
    pane = Tmux(f"trestle-space-{os.getpid()}-{kind}", command)
    try:
        pane.wait("the todos", lambda s: "todos 200" in s and row_mark(s, 1) == "·")
        shown = time.monotonic()
        # A key pressed as the first rows are drawn can reach a list that the
        # description arriving next replaces: let the start settle, the same in every run.
        time.sleep(SETTLE)
        if kind == "space":
            pane.press("Space")
            pane.wait("todo 1 redrawn with the server's answer",
                      lambda s: row_mark(s, 1) == "✓" and "Todo 1 marked done" in s)
        else:
            time.sleep(max(0.0, hold - SETTLE))  # as long as the Space run took: the same timer ticks
        held = time.monotonic() - shown
        presses = 0
        started = time.monotonic()
        while pane.alive() and time.monotonic() - started < DEADLINE:
            if presses < 3 and time.monotonic() - started >= 2 * presses:
                pane.press("q")
                presses += 1
            time.sleep(0.02)
        if pane.alive():
            raise RuntimeError(f"{kind}: trestle did not quit on q")
        return held, presses
    finally:
        pane.kill()
        serve.terminate()
        serve.wait()


def per_file(folder):
    """{relative path under Sources/: (function entries, region executions)} of the app's profile."""
    raws = [os.path.join(folder, f) for f in os.listdir(folder) if f.startswith("app-") and f.endswith(".profraw")]
    if not raws:
        raise RuntimeError(f"no profile in {folder}: did trestle exit normally?")
    profdata = os.path.join(folder, "app.profdata")
    subprocess.run([tool("llvm-profdata"), "merge", "-sparse", *raws, "-o", profdata], check=True)
    exported = subprocess.run([tool("llvm-cov"), "export", "-format=text", "-skip-expansions",
                               "-instr-profile", profdata, BINARY], check=True, capture_output=True).stdout
    data = json.loads(exported)
    sources = os.path.join(ROOT, "Sources") + os.sep
    totals = {}
    for function in data["data"][0]["functions"]:
        names = function["filenames"]
        own = names[0]
        if own.startswith(sources):
            entries, regions = totals.get(own, (0, 0))
            totals[own] = (entries + function["count"], regions)
        for region in function["regions"]:
            # [line, col, end line, end col, count, file id, expanded file id, kind]; kind 0: code.
            if region[7] != 0 or region[5] >= len(names) or not names[region[5]].startswith(sources):
                continue
            name = names[region[5]]
            entries, regions = totals.get(name, (0, 0))
            totals[name] = (entries, regions + region[4])
    return {os.path.relpath(k, ROOT): v for k, v in totals.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-build", action="store_true", help="use the coverage build as it is")
    parser.add_argument("--keep", action="store_true", help="keep the runs' folders (profiles, data)")
    args = parser.parse_args()
    if not args.no_build:
        build()
    work = tempfile.mkdtemp(prefix="trestle-space-path-")
    try:
        held, presses = run("space", os.path.join(work, "space"))
        base = [run(name, os.path.join(work, name), hold=held) for name in ("baseA", "baseB")]
        print(f"space: {held:.2f} s from the list drawn to q ({presses} q); baselines held as long "
              f"({', '.join(f'{h:.2f} s, {p} q' for h, p in base)})")
        space = per_file(os.path.join(work, "space"))
        a = per_file(os.path.join(work, "baseA"))
        b = per_file(os.path.join(work, "baseB"))
        on_path, noise = [], []
        for name in sorted(space):
            entries, regions = space[name]
            a_entries, a_regions = a.get(name, (0, 0))
            b_entries, b_regions = b.get(name, (0, 0))
            rise = regions - max(a_regions, b_regions)
            entry_rise = entries - max(a_entries, b_entries)
            spread = abs(a_regions - b_regions)
            if rise <= 0 and entry_rise <= 0:
                continue
            row = (name, entry_rise, rise, spread)
            (on_path if rise > spread else noise).append(row)
        print(f"\nProduct files Space on a todo runs code in: {len(on_path)}")
        print(f"  {'file':70} {'+entries':>9} {'+regions':>9} {'noise':>7}")
        for name, entry_rise, rise, spread in on_path:
            print(f"  {name:70} {entry_rise:>9} {rise:>9} {spread:>7}")
        print(f"\nNoise (rose no more than two identical baselines differ): {len(noise)}")
        for name, entry_rise, rise, spread in noise:
            print(f"  {name:70} {entry_rise:>9} {rise:>9} {spread:>7}")
        if args.keep:
            print(f"\nruns kept in {work}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
