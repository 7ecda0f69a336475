#!/usr/bin/env python3
"""Benchmark the release `trestle` in a real pseudo-terminal (120x40).

Measures, as PRODUCT.md's targets ask:
  (a) start-up: ms from spawning the process to the first todo title arriving
      in the terminal output stream (fake environment, --delay 0); median and
      min of N runs, each with fresh XDG folders (cold cache);
  (b) peak resident memory (VmHWM) after the first frame and after idling;
  (c) CPU used while idle (utime+stime over the idle period, % of one core);
  (d) the same start-up measure with --env production --base-url against a
      small local json-server-like HTTP server (Python, in a process of its own).

  (f) side by side with VisiData 3.4 (installed into .build/bench-venv from
      PyPI when missing): first screen from a local server (200 todos, 5,000
      photos), first rows + total of 100,000 and 1,000,000 todos from a file,
      `--version`; Trestle and VisiData alternately, medians, ratio, peak RSS,
      Trestle's memory by mapping, and `trestle serve` search latency on the
      largest list (see bench_peer.py).

  (g) issue 28, side by side with VisiData: launch → the last of 1,000,000
      remote todos on screen (`trestle serve --data`, Trestle's first rows
      then `G`; VisiData opening the collection's URL then `G`), Trestle's
      peak RSS after ten far-apart `NG` jumps, serve's first sort by -id.

Usage: scripts/bench.py [--runs 10] [--idle 10] [--skip-build] [--peer-only] [--no-peer] [--window]
"""

import argparse
import fcntl
import json
import multiprocessing
import os
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_peer  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COLS, ROWS = 120, 40
CSI = re.compile(rb"\x1b(\[[0-9;?>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78DEHMc])")
CLK_TCK = os.sysconf("SC_CLK_TCK")
INSTALL_SCRATCH = os.path.join(ROOT, ".build-install")


def build_release(dynamic=False):
    """The release binary as users get it: the fast build of scripts/install
    (scripts/release-flags, in .build-install), or, with --dynamic, the plain
    `swift build -c release`."""
    if dynamic:
        flags = ["-c", "release"]
    else:
        listed = subprocess.run(["bash", os.path.join(ROOT, "scripts", "release-flags")], check=True,
                                capture_output=True, text=True).stdout.split("\n")
        flags = [flag for flag in listed if flag] + ["--scratch-path", INSTALL_SCRATCH, "-Xlinker", "-s"]
    print(f"building release (swift build {' '.join(flags)})…", file=sys.stderr, flush=True)
    subprocess.run(["swift", "build"] + flags + ["--product", "trestle"], cwd=ROOT, check=True)
    out = subprocess.run(["swift", "build"] + flags + ["--show-bin-path"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    return os.path.join(out, "trestle")


def existing_release():
    """--skip-build: the fast build if there is one, else .build/release."""
    fast = os.path.join(INSTALL_SCRATCH, "release", "trestle")
    return fast if os.path.exists(fast) else os.path.join(ROOT, ".build", "release", "trestle")


def squash(data: bytes) -> bytes:
    """Terminal output without escape sequences and whitespace (ncurses may
    replace spaces with cursor moves, so compare text without any)."""
    return re.sub(rb"\s+", b"", CSI.sub(b"", data))


def proc_status(pid, field):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])  # kB
    except FileNotFoundError:
        return None
    return None


def proc_cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        stat = f.read()
    fields = stat[stat.rindex(")") + 2:].split()
    return int(fields[11]) + int(fields[12])  # utime + stime (fields 14, 15)


class Run:
    """One trestle process on a fresh pty with its own XDG folders."""

    def __init__(self, binary, args, home=None, extra_env=None):
        """`home`: a folder of an earlier run to start warm in (its cache);
        by default a fresh one (a cold start). `extra_env`: variables added
        to the process's small environment."""
        self.home = home or tempfile.mkdtemp(prefix="trestle-bench-")
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
            "HOME": self.home,
            "SWIFT_BACKTRACE": "interactive=no",
        }
        for name in ("XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME"):
            path = os.path.join(self.home, name.lower())
            os.makedirs(path, exist_ok=True)
            env[name] = path
        env.update(extra_env or {})
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))

        # The program leads a session of its own with the pty as its
        # controlling terminal. util-linux's setsid does that and execs it
        # (same pid): a preexec_fn would do the same in Python but forces a
        # full fork of this large process instead of vfork — 2.3 against
        # 1.0 ms from spawn to a C program's first output, overhead that
        # belongs to neither program measured.
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(["setsid", "--ctty", binary] + args, stdin=slave, stdout=slave, stderr=slave,
                                     env=env, close_fds=True)
        os.close(slave)
        self.output = bytearray()

    def read(self, timeout):
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return b""
        self.output += data
        return data

    def wait_for(self, needle: bytes, timeout=15.0):
        """Returns ms from spawn until `needle` (squashed) appeared in the output."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            self.read(0.05)
            if needle in squash(bytes(self.output)):
                return (time.perf_counter() - self.started) * 1000
            if self.proc.poll() is not None and not self.read(0):
                break
        tail = bytes(self.output[-400:])
        raise RuntimeError(f"never saw {needle!r} (exit={self.proc.poll()}); output tail: {tail!r}")

    def drain(self, seconds):
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            self.read(max(0.0, min(0.2, end - time.perf_counter())))

    def quit(self):
        if self.proc.poll() is None:
            try:
                os.write(self.master, b"q")
            except OSError:
                pass
            try:
                deadline = time.perf_counter() + 5
                while self.proc.poll() is None and time.perf_counter() < deadline:
                    self.read(0.05)
                self.proc.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        os.close(self.master)
        shutil.rmtree(self.home, ignore_errors=True)


def first_title(db_path):
    with open(db_path) as f:
        todos = json.load(f)["todos"]
    # The first row on screen (default sort: id ascending); a prefix short
    # enough to fit the Title column at 120 columns.
    first = min(todos, key=lambda t: t["id"])
    return re.sub(rb"\s+", b"", first["title"][:40].encode())


class JSONServer(ThreadingHTTPServer):
    """Minimal json-server v0 subset: /name, /name/id, field filters,
    _page/_limit, _sort/_order, X-Total-Count."""

    daemon_threads = True

    def __init__(self, db_path):
        with open(db_path) as f:
            self.db = json.load(f)
        super().__init__(("127.0.0.1", 0), JSONHandler)


class ServerProcess:
    """A JSONServer in a process of its own, so that its threads never wait
    for the harness's GIL (the harness reads the pty and runs the terminal
    emulator meanwhile). Use as a context manager: the process ends with it."""

    def __init__(self, db_path):
        receiver, sender = multiprocessing.Pipe(duplex=False)
        self.proc = multiprocessing.get_context("fork").Process(
            target=ServerProcess._serve, args=(db_path, sender), daemon=True)
        self.proc.start()
        sender.close()
        self.base = f"http://127.0.0.1:{receiver.recv()}"
        receiver.close()

    @staticmethod
    def _serve(db_path, sender):
        server = JSONServer(db_path)
        sender.send(server.server_address[1])
        sender.close()
        server.serve_forever()

    def stop(self):
        if self.proc.is_alive():
            self.proc.terminate()
        self.proc.join()

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.stop()


class JSONHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # As Node's http server (json-server) and `trestle serve` do: without it the
    # body, sent after the head, waits for the client's delayed ACK (40 ms).
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_GET(self):
        parts = urlsplit(self.path)
        segments = [s for s in parts.path.split("/") if s]
        db = self.server.db
        headers = {}
        if not segments or segments[0] not in db:
            return self.reply(404, {})
        items = db[segments[0]]
        if len(segments) == 2:
            match = [i for i in items if str(i.get("id")) == segments[1]]
            return self.reply(200, match[0]) if match else self.reply(404, {})
        query = parse_qsl(parts.query)
        for name, value in query:
            if not name.startswith("_") and name != "q":
                items = [i for i in items if str(i.get(name)).lower() == value.lower()]
        options = dict(query)
        if "_sort" in options:
            items = sorted(items, key=lambda i: i.get(options["_sort"]),
                           reverse=options.get("_order") == "desc")
        if "_page" in options or "_limit" in options:
            limit = int(options.get("_limit", 10))
            page = int(options.get("_page", 1))
            headers["X-Total-Count"] = str(len(items))
            items = items[(page - 1) * limit: page * limit]
        self.reply(200, items, headers)

    def reply(self, status, value, headers=None):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for name, field in (headers or {}).items():
            self.send_header(name, field)
        self.end_headers()
        self.wfile.write(body)


def measure_large(binary, count):
    """Opens `count` generated todos through the fake environment (the list
    pages in: the first page and the server's total), then types a filter:
    the loaded rows are filtered at once, the server searches the rest."""
    folder = tempfile.mkdtemp(prefix="trestle-bench-large-")
    path = os.path.join(folder, "db.json")
    with open(path, "w") as f:
        todos = [{"userId": i // 20 + 1, "id": i, "title": f"bench todo number {i} lorem ipsum", "completed": i % 3 == 0}
                 for i in range(1, count + 1)]
        json.dump({"todos": todos}, f)
    megabytes = os.path.getsize(path) / 1e6
    run = Run(binary, ["--delay", "0", "--data", path])
    try:
        loaded = run.wait_for(f"{count:,}db.json".encode(), timeout=120)  # the status line: the total, then the file
        hwm = proc_status(run.proc.pid, "VmHWM")
        run.drain(0.3)
        os.write(run.master, b"/")
        run.drain(0.3)
        mark = len(run.output)
        started = time.perf_counter()
        os.write(run.master, b"7")
        echo = searched = None
        deadline = started + 60
        while time.perf_counter() < deadline and searched is None:
            run.read(0.01)
            seen = squash(bytes(run.output[mark:]))
            if echo is None and "7▏".encode() in seen:
                echo = (time.perf_counter() - started) * 1000
            if "matching“7”".encode() in seen:  # the status count of the server's answer
                searched = (time.perf_counter() - started) * 1000
        hwm_search = proc_status(run.proc.pid, "VmHWM")
    finally:
        run.quit()
        shutil.rmtree(folder, ignore_errors=True)
    return {"count": count, "megabytes": megabytes, "loaded": loaded, "hwm": hwm, "echo": echo,
            "searched": searched, "hwm_search": hwm_search}


def start_serve(binary, data_path):
    """`trestle serve --data` on a free port over a copy of `data_path`;
    returns (process, base URL, folder, ms from spawn to GET /todos/1 answered)."""
    import socket
    import urllib.request
    folder = tempfile.mkdtemp(prefix="trestle-bench-window-serve-")
    copy = os.path.join(folder, "db.json")
    shutil.copy(data_path, copy)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    started = time.perf_counter()
    proc = subprocess.Popen([binary, "serve", "--port", str(port), "--data", copy],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    while True:
        try:
            urllib.request.urlopen(base + "/todos/1", timeout=1).read()
            break
        except OSError:
            if time.perf_counter() - started > 120 or proc.poll() is not None:
                proc.kill()
                raise RuntimeError("trestle serve did not start")
            time.sleep(0.02)
    return proc, base, folder, (time.perf_counter() - started) * 1000


def stop_serve(proc, folder):
    proc.terminate()
    proc.wait()
    shutil.rmtree(folder, ignore_errors=True)


def title_needle(number):
    return f"benchtodonumber{number}lorem"


# Ten far-apart rows (1-based) visited with `NG` after `G`.
FAR_ROWS = [100_001, 900_002, 200_003, 800_004, 300_005, 700_006, 400_007, 600_008, 500_009, 999_010]


def harness_floor(runs=20):
    """ms from writing a key to the pty until the harness has it on its
    emulated screen, for `cat` (the terminal echoes it at once): what the
    harness itself adds to a key → screen measure."""
    module = sys.modules[__name__]
    run = Run("/bin/cat", [])
    times = []
    try:
        screen = bench_peer.Screen(module, run)
        run.drain(0.1)
        for number in range(runs):
            run.drain(0.03)
            screen.feed()
            before = (time.perf_counter() - run.started) * 1000
            os.write(run.master, f"k{number}z\n".encode())
            times.append(screen.wait_for([f"k{number}z"], 5) - before)
    finally:
        run.proc.kill()
        run.proc.wait()
        run.quit()
    return statistics.median(times), max(times)


def timed_get(url):
    """ms until the whole answer to GET `url` is read."""
    import urllib.request
    started = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as answer:
        answer.read()
    return (time.perf_counter() - started) * 1000


# serve's sorted and filtered pages, each asked once (v0 queries).
SORT_FIRST = "/todos?_sort=id&_order=desc&_page=1&_limit=500"
SORT_NEXT = "/todos?_sort=id&_order=desc&_page=2&_limit=500"
FILTERED_SORTED = "/todos?completed=true&userId_gte=40000&_sort=title&_order=desc&_page=3&_limit=500"


def measure_serve_sorts(binary, wrapped, settle=5.0):
    """serve's first `_sort=-id` over the file: on a fresh server at once
    once it answers (the from-start figure), and on another fresh server
    after `settle` seconds (its columns built at launch: the after-the-index
    figure), then the next page and a filtered, sorted page."""
    proc, base, folder, ready = start_serve(binary, wrapped)
    try:
        at_once = timed_get(base + SORT_FIRST)
    finally:
        stop_serve(proc, folder)
    proc, base, folder, _ = start_serve(binary, wrapped)
    try:
        time.sleep(settle)
        settled = timed_get(base + SORT_FIRST)
        following = timed_get(base + SORT_NEXT)
        filtered = timed_get(base + FILTERED_SORTED)
    finally:
        stop_serve(proc, folder)
    return {"ready": ready, "at_once": at_once, "settled": settled, "next": following, "filtered": filtered,
            "settle": settle}


def measure_window(binary, count=1_000_000, runs=3, vd_from_serve=False):
    """Issue 28, item 5, side by side with VisiData 3.4: launch → the last of
    `count` remote todos on screen (Trestle: `--env development --base-url`
    on `trestle serve --data`, first rows, `G`; VisiData: the collection's
    URL on the same serve, then its `G`); Trestle's peak RSS after ten
    far-apart jumps (`NG`); serve's first `_sort=-id` (v0:
    `_sort=id&_order=desc`) over `count`, and a filtered sorted page.

    Launch → last is (launch → first rows) + (`G` → last) for both tools:
    `G` is typed after a pause (the screen settled, the key's time is
    clean), and the pause belongs to neither tool, so it is not counted.

    VisiData reads the collection as one compact JSON array from a static
    file server (about 4 s); with `vd_from_serve`, serve's own answer at
    `/todos` (pretty-printed, 123 MB: VisiData takes about 43 s over it)."""
    import socket
    vd = bench_peer.ensure_peer(ROOT)
    floor, floor_max = harness_floor()
    folder = tempfile.mkdtemp(prefix="trestle-bench-window-")
    wrapped, array = bench_peer.write_todos(folder, count)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        static_port = probe.getsockname()[1]
    files = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(static_port),
                              "--directory", folder], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    static = f"http://127.0.0.1:{static_port}/" + os.path.basename(array)
    time.sleep(0.5)
    first, last = title_needle(1) + "ipsum", title_needle(count)
    module = sys.modules[__name__]
    trestle, visidata = [], []
    try:
        for _ in range(runs):
            proc, base, serve_folder, _ = start_serve(binary, wrapped)
            try:
                # Told the collection, as VisiData is (`vd URL/todos`): a
                # service nobody described opens on the start screen, after discovery.
                run = Run(binary, ["--env", "development", "--base-url", base, "todos"])
                try:
                    screen = bench_peer.Screen(module, run)
                    first_ms = screen.wait_for([first, f"{count:,}"], 120)
                    run.drain(0.5)
                    screen.feed()
                    key_ms = (time.perf_counter() - run.started) * 1000
                    os.write(run.master, b"G")
                    last_ms = screen.wait_for([last], 120)
                    jumps = []
                    for row in FAR_ROWS:
                        run.drain(0.05)
                        screen.feed()
                        before = (time.perf_counter() - run.started) * 1000
                        os.write(run.master, f"{row}G".encode())
                        jumps.append(screen.wait_for([title_needle(row)], 60) - before)
                    run.drain(0.3)
                    hwm = proc_status(run.proc.pid, "VmHWM") / 1024
                    rss = proc_status(run.proc.pid, "VmRSS") / 1024
                finally:
                    bench_peer.quit_run(run)
                trestle.append({"first": first_ms, "g": last_ms - key_ms, "last": first_ms + last_ms - key_ms,
                                "jumps": statistics.median(jumps), "hwm": hwm, "rss": rss})
                # VisiData: the whole collection at a URL, then G.
                run = Run(vd, ["--motd-url=", base + "/todos" if vd_from_serve else static])
                try:
                    screen = bench_peer.Screen(module, run)
                    loaded_ms = screen.wait_for([first[:12], f"{count}rows"], 600)
                    run.drain(0.5)
                    screen.feed()
                    key_ms = (time.perf_counter() - run.started) * 1000
                    os.write(run.master, b"G")
                    # Its columns are sized to the first rows (titles cut): the
                    # last todo is the only one of user count // 20 + 1.
                    last_ms = screen.wait_for([f"{count // 20 + 1}"], 120)
                    hwm = proc_status(run.proc.pid, "VmHWM") / 1024
                finally:
                    bench_peer.quit_run(run)
                visidata.append({"first": loaded_ms, "g": last_ms - key_ms, "last": loaded_ms + last_ms - key_ms,
                                 "hwm": hwm})
            finally:
                stop_serve(proc, serve_folder)
        sorts = measure_serve_sorts(binary, wrapped)
    finally:
        files.terminate()
        files.wait()
        shutil.rmtree(folder, ignore_errors=True)

    def med(rows, key):
        return statistics.median(row[key] for row in rows)

    print()
    print(f"Issue 28: a window over {count:,} remote todos (trestle serve --data), side by side with VisiData 3.4,")
    print(f"{runs} runs alternately, medians; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("VisiData reads " + ("serve's /todos" if vd_from_serve else "the same todos as a compact array from a static server"))
    print(f"harness floor (a key echoed by cat, key → on the emulated screen): median {floor:.2f} ms, "
          f"max {floor_max:.2f} ms")
    print(f"{'measure':64} {'Trestle':>9} {'VisiData':>9} {'ratio':>6}")
    print(f"{'launch → first rows on screen (ms)':64} {med(trestle, 'first'):9.1f} {med(visidata, 'first'):9.1f}")
    print(f"{'G → the last todo on screen (ms)':64} {med(trestle, 'g'):9.1f} {med(visidata, 'g'):9.1f}")
    print(f"{'launch → the last todo: first rows + G → last (ms)':64} {med(trestle, 'last'):9.1f} "
          f"{med(visidata, 'last'):9.1f} {med(trestle, 'last') / med(visidata, 'last'):6.3f}")
    print(f"{'NG → row N on screen, median of ten far jumps (ms)':64} {med(trestle, 'jumps'):9.1f}")
    print(f"{'peak RSS after G and ten far jumps / VisiData at its last row (MiB)':64} "
          f"{med(trestle, 'hwm'):9.1f} {med(visidata, 'hwm'):9.1f}")
    print(f"{'RSS after the ten jumps (MiB)':64} {med(trestle, 'rss'):9.1f}")
    print(f"{'serve: ready (GET /todos/1 answered) from start (ms)':64} {sorts['ready']:9.1f}")
    print(f"{'serve: first -id page of 500 at once after ready (ms)':64} {sorts['at_once']:9.1f}")
    settled_title = f"serve: first -id page of 500, {sorts['settle']:.0f} s after ready (ms)"
    print(f"{settled_title:64} {sorts['settled']:9.1f}")
    print(f"{'serve: its next page (ms)':64} {sorts['next']:9.1f}")
    print(f"{'serve: a filtered, sorted page (ms)':64} {sorts['filtered']:9.1f}")
    print(f"  ({FILTERED_SORTED})")
    print("targets (issue 28): launch → last ≤ 0.03× VisiData and ≤ 150 ms from G; ≤ 64 MiB after ten jumps;")
    print("serve's first -id sort ≤ 100 ms once its index is built, ≤ 2 s from start; a filtered sorted page ≤ 30 ms")


def fmt(value):
    return f"{value:8.1f}" if value is not None else "   (none)"


def ms(values):
    return f"{statistics.median(values):8.1f} {min(values):8.1f} {max(values):8.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--idle", type=float, default=10.0, help="idle period in seconds")
    parser.add_argument("--skip-build", action="store_true", help="use the existing release build")
    parser.add_argument("--dynamic", action="store_true",
                        help="build without --static-swift-stdlib (the plain swift build -c release)")
    parser.add_argument("--binary", help="benchmark this trestle instead of the release build")
    parser.add_argument("--large", type=int, nargs="*", default=[100_000, 1_000_000],
                        help="todo counts for the large-list measures (none to skip)")
    parser.add_argument("--no-peer", action="store_true", help="skip the side-by-side with VisiData")
    parser.add_argument("--peer-only", action="store_true", help="only the side-by-side with VisiData")
    parser.add_argument("--window", action="store_true",
                        help="only the window over 1,000,000 remote todos (issue 28), with VisiData")
    parser.add_argument("--window-runs", type=int, default=3, help="runs of the window measure")
    parser.add_argument("--window-vd-serve", action="store_true",
                        help="VisiData reads serve's /todos (slow) rather than a static compact array")
    parser.add_argument("--peer-runs", type=int, default=5, help="runs per small side-by-side case")
    parser.add_argument("--peer-large-runs", type=int, default=3, help="runs per large side-by-side case")
    args = parser.parse_args()

    binary = args.binary or (existing_release() if args.skip_build
                             else build_release(args.dynamic))
    if args.window:
        print(f"trestle benchmark — {binary}")
        measure_window(binary, runs=args.window_runs, vd_from_serve=args.window_vd_serve)
        return
    if args.peer_only:
        print(f"trestle benchmark — {binary}")
        bench_peer.side_by_side(sys.modules[__name__], binary, ROOT, args.peer_runs, args.peer_large_runs,
                                args.large)
        return
    db = os.path.join(ROOT, "sample-data", "db.json")
    needle = first_title(db)

    # (a) start-up, fake environment
    fake = []
    for _ in range(args.runs):
        run = Run(binary, ["--delay", "0"])
        try:
            fake.append(run.wait_for(needle))
        finally:
            run.quit()

    # (b) + (c) memory and idle CPU of one more run
    run = Run(binary, ["--delay", "0"])
    try:
        run.wait_for(needle)
        run.drain(0.2)
        hwm_first = proc_status(run.proc.pid, "VmHWM")
        rss_first = proc_status(run.proc.pid, "VmRSS")
        before = proc_cpu_ticks(run.proc.pid)
        t0 = time.perf_counter()
        run.drain(args.idle)
        after = proc_cpu_ticks(run.proc.pid)
        elapsed = time.perf_counter() - t0
        hwm_idle = proc_status(run.proc.pid, "VmHWM")
        rss_idle = proc_status(run.proc.pid, "VmRSS")
    finally:
        run.quit()
    idle_cpu_s = (after - before) / CLK_TCK
    idle_pct = 100.0 * idle_cpu_s / elapsed

    # (d) start-up against a local json server
    live = []
    with ServerProcess(db) as server:
        for _ in range(args.runs):
            run = Run(binary, ["--env", "production", "--base-url", server.base])
            try:
                live.append(run.wait_for(needle))
            finally:
                run.quit()

    large = [measure_large(binary, count) for count in args.large]

    print(f"trestle benchmark — {binary}")
    print(f"pty {COLS}x{ROWS}, TERM=xterm-256color, {args.runs} runs each, fresh XDG folders per run")
    print(f"{os.cpu_count()} CPUs, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          "(other work on the machine skews start-up times)")
    print()
    print(f"{'measure':52} {'median':>8} {'min':>8} {'max':>8}")
    print(f"{'(a) start → first todo title, fake --delay 0 (ms)':52} {ms(fake)}")
    print(f"{'(d) start → first todo title, production local (ms)':52} {ms(live)}")
    print()
    print(f"{'measure':52} {'value':>8}")
    print(f"{'(b) VmHWM after first frame (MiB)':52} {hwm_first / 1024:8.1f}")
    print(f"{'    VmRSS after first frame (MiB)':52} {rss_first / 1024:8.1f}")
    print(f"{f'(b) VmHWM after {args.idle:.0f} s idle (MiB)':52} {hwm_idle / 1024:8.1f}")
    print(f"{f'    VmRSS after {args.idle:.0f} s idle (MiB)':52} {rss_idle / 1024:8.1f}")
    print(f"{f'(c) CPU while idle {elapsed:.1f} s (s / % of one core)':52} {idle_cpu_s:8.2f} {idle_pct:7.2f}%")
    for row in large:
        print()
        print(f"(e) {row['count']:,} todos (--data, {row['megabytes']:.0f} MB JSON, fake --delay 0)")
        print(f"{'    start → first page on screen, total shown (ms)':52} {row['loaded']:8.0f}")
        print(f"{'    VmHWM after the first page (MiB)':52} {row['hwm'] / 1024:8.1f}")
        print(f"{'    filter key → loaded rows filtered (ms)':52} {fmt(row['echo'])}")
        print(f"{'    filter key → server search answer shown (ms)':52} {fmt(row['searched'])}")
        print(f"{'      (before issue 12 this included a 250 ms typing pause)':52}")
        print(f"{'    VmHWM after the search (MiB)':52} {row['hwm_search'] / 1024:8.1f}")
    print()
    print("targets (PRODUCT.md): start ≤ 25 ms, ≤ 15 MiB resident, idle 0 % CPU; 100k todos loaded ≤ 150 ms,")
    print("≤ 40 MiB; 1M todos: first rows ≤ 150 ms, ≤ 250 MiB; one filter keystroke on 1M rows ≤ 30 ms")
    print("(lists page in 500 rows at a time, so 'loaded' is the first page with the server's total)")
    if not args.no_peer:
        bench_peer.side_by_side(sys.modules[__name__], binary, ROOT, args.peer_runs, args.peer_large_runs,
                                args.large)
        measure_window(binary, runs=args.window_runs)


if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.default_int_handler)
    main()
