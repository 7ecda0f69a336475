"""Side-by-side measures of Trestle and VisiData 3.4 (imported by bench.py).

Both tools run in the same kind of pseudo-terminal (bench.Run, 120x40, fresh
HOME and XDG folders), alternately in one run, so both see the same machine
load. "On screen" means the text is on the emulated screen: the pty output
is fed to a terminal emulator (pyte, installed with VisiData into the bench
virtualenv) and the screen's text, whitespace removed, is searched; the time
is when the pty delivered the bytes that completed it (pyte's own parsing is
not counted, for either tool, and runs only while the pty is quiet, so it
does not compete with the program being measured). Peak RSS
is VmHWM of the process at that moment (read when those bytes were read).
"""

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

VENV = None  # set by ensure_peer


def ensure_peer(root):
    """Creates .build/bench-venv with VisiData 3.4 and pyte when missing; returns the vd path."""
    global VENV
    VENV = os.path.join(root, ".build", "bench-venv")
    vd = os.path.join(VENV, "bin", "vd")
    python = os.path.join(VENV, "bin", "python")
    if not os.path.exists(python):
        print("creating .build/bench-venv…", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    check = subprocess.run([python, "-c", "import visidata, pyte; assert visidata.__version__ == '3.4'"],
                           capture_output=True)
    if check.returncode != 0 or not os.path.exists(vd):
        print("installing VisiData 3.4 and pyte into .build/bench-venv (PyPI)…", file=sys.stderr, flush=True)
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "visidata==3.4", "pyte==0.8.2"],
                       check=True)
    site = subprocess.run([python, "-c", "import pyte, os; print(os.path.dirname(os.path.dirname(pyte.__file__)))"],
                          check=True, capture_output=True, text=True).stdout.strip()
    if site not in sys.path:
        sys.path.append(site)
    return vd


class Screen:
    """The emulated screen of one Run."""

    # While bytes keep coming, they are only read and stamped; the emulator
    # runs once the pty has been quiet this long (or at the latest after
    # `STALE`), so the harness's own parsing does not take a core from the
    # program being measured.
    QUIET = 0.02
    STALE = 0.25

    def __init__(self, bench, run):
        import pyte
        self.bench = bench
        self.run = run
        self.screen = pyte.Screen(bench.COLS, bench.ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.fed = 0
        # The process's peak RSS (kB) when the read that completed the
        # needles returned: taken at every read, since the screen is parsed
        # later, when the process may have grown.
        self.hwm = None

    def feed(self, end=None):
        """Puts the output up to byte `end` (all of it by default) on the screen."""
        end = len(self.run.output) if end is None else end
        if end > self.fed:
            self.stream.feed(bytes(self.run.output[self.fed:end]))
            self.fed = end

    def shown(self):
        """The screen's text as fed so far, whitespace removed."""
        return re.sub(r"\s+", "", "".join(self.screen.display))

    def text(self):
        self.feed()
        return self.shown()

    def wait_for(self, needles, timeout):
        """ms from spawn until the pty delivered the output that puts every
        needle on the screen at once: the moment those bytes were read, not
        the moment pyte finished parsing them (pyte, in Python, takes a few
        ms for a full 120x40 frame; a real terminal does not). Each read is
        stamped when it returns; once the pty is quiet the reads are put on
        the screen one by one, and the first after which every needle shows
        gives the time — so this never under-reports, and parsing happens
        while the program waits, not while it works."""
        started = time.perf_counter()
        deadline = started + timeout
        stamps = []  # (output length after a read, when it returned, VmHWM then)
        parsed = started
        while time.perf_counter() < deadline:
            if self.run.read(self.QUIET):
                arrived = time.perf_counter()
                stamps.append((len(self.run.output), arrived, self.bench.proc_status(self.run.proc.pid, "VmHWM")))
                if time.perf_counter() - parsed < self.STALE:
                    continue
            parsed = time.perf_counter()
            for end, arrived, hwm in stamps:
                self.feed(end)
                if all(n in self.shown() for n in needles):
                    self.hwm = hwm
                    return (arrived - self.run.started) * 1000
            stamps.clear()
            if self.run.proc.poll() is not None and not self.run.read(0):
                break
        raise RuntimeError(f"never saw {needles!r} (exit={self.run.proc.poll()}); screen: {self.text()[-300:]!r}")


def smaps_by_mapping(pid):
    """Resident kB grouped by what is mapped: heap/anonymous, the binary, shared libraries, files, stack."""
    groups = {}
    current = None
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                head = line.split()
                if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                    path = head[5] if len(head) > 5 else ""
                    if path == "":
                        current = "anonymous (malloc arenas, Swift heap)"
                    elif path == "[heap]":
                        current = "[heap] (brk)"
                    elif path.startswith("["):
                        current = path
                    elif ".so" in os.path.basename(path):
                        current = "shared libraries"
                    elif os.access(path, os.X_OK) and not path.endswith(".json"):
                        current = "executable: " + os.path.basename(path)
                    else:
                        current = "file: " + os.path.basename(path)
                elif head and head[0] == "Rss:" and current:
                    groups[current] = groups.get(current, 0) + int(head[1])
    except FileNotFoundError:
        pass
    return sorted(groups.items(), key=lambda item: -item[1])


def write_todos(folder, count):
    """The same todos twice: wrapped for Trestle ({"todos": [...]}, a json-server
    file) and as a top-level array for VisiData (which shows an array as rows;
    the wrapped file would be one row holding the list)."""
    todos = [{"userId": i // 20 + 1, "id": i, "title": f"bench todo number {i} lorem ipsum", "completed": i % 3 == 0}
             for i in range(1, count + 1)]
    wrapped = os.path.join(folder, f"todos-{count}.json")
    array = os.path.join(folder, f"todos-{count}-array.json")
    with open(wrapped, "w") as f:
        json.dump({"todos": todos}, f)
    with open(array, "w") as f:
        json.dump(todos, f)
    return wrapped, array


def timed_exit(argv):
    """ms from spawn to exit and the peak RSS (MiB) of a non-interactive command.

    Peak RSS comes from GNU time (`/usr/bin/time -f %M`): a child forked
    straight from this Python process would report Python's own RSS (Linux
    carries the larger of the pre-exec memory into ru_maxrss)."""
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as report:
        started = time.perf_counter()
        subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%M"] + argv, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL,
                       env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": tempfile.gettempdir()})
        elapsed = (time.perf_counter() - started) * 1000
        return elapsed, int(report.read().split()[-1]) / 1024


def on_screen(bench, binary, args, needles, timeout, breakdown=False):
    run = bench.Run(binary, args)
    try:
        screen = Screen(bench, run)
        elapsed = screen.wait_for(needles, timeout)
        hwm = (screen.hwm or bench.proc_status(run.proc.pid, "VmHWM")) / 1024
        groups = smaps_by_mapping(run.proc.pid) if breakdown else None
    finally:
        quit_run(run)
    return elapsed, hwm, groups


def quit_run(run):
    """Ends a run: Trestle quits on q, VisiData on gq; killed after 2 s."""
    if run.proc.poll() is None:
        try:
            os.write(run.master, b"gq" if "vd" in os.path.basename(run.proc.args[0]) else b"q")
        except OSError:
            pass
        deadline = time.perf_counter() + 2
        while run.proc.poll() is None and time.perf_counter() < deadline:
            run.read(0.05)
        if run.proc.poll() is None:
            run.proc.kill()
            run.proc.wait()
    run.quit()


def serve_search(binary, data_path, needles, port=3987):
    """`trestle serve --data FILE`: ms per full-text search request (`q=`,
    first page of 500 with the total), measured at the client on loopback."""
    folder = tempfile.mkdtemp(prefix="trestle-bench-serve-")
    copy = os.path.join(folder, "db.json")
    shutil.copy(data_path, copy)
    proc = subprocess.Popen([binary, "serve", "--port", str(port), "--data", copy],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = []
    try:
        started = time.perf_counter()
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/todos/1", timeout=1).read()
                break
            except OSError:
                if time.perf_counter() - started > 120 or proc.poll() is not None:
                    raise RuntimeError("trestle serve did not start")
                time.sleep(0.05)
        ready = (time.perf_counter() - started) * 1000
        for needle in needles:
            t0 = time.perf_counter()
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/todos?q={urllib.parse.quote(needle)}&_page=1&_limit=500") as answer:
                answer.read()
                total = answer.headers.get("X-Total-Count")
            results.append(((time.perf_counter() - t0) * 1000, needle, total))
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(folder, ignore_errors=True)
    return ready, results


def two_modes(times, gap=50.0):
    """`times` split at their widest gap, when it is wider than `gap` ms and
    splits them in two; else None."""
    ordered = sorted(times)
    if len(ordered) < 4:
        return None
    widest = max(range(1, len(ordered)), key=lambda i: ordered[i] - ordered[i - 1])
    if ordered[widest] - ordered[widest - 1] <= gap:
        return None
    return ordered[:widest], ordered[widest:]


def median(values):
    return statistics.median(values) if values else float("nan")


def side_by_side(bench, trestle, root, runs, large_runs, counts):
    vd = ensure_peer(root)
    # No -f json for URLs: VisiData 3.4 then reads 0 rows; it guesses JSON from Content-Type.
    vd_args = ["--motd-url="]
    db = os.path.join(root, "sample-data", "db.json")
    with open(db) as f:
        sample = json.load(f)

    def first(name):
        return re.sub(r"\s+", "", min(sample[name], key=lambda item: item["id"])["title"])

    server = bench.ServerProcess(db)
    base = server.base
    folder = tempfile.mkdtemp(prefix="trestle-bench-peer-")
    rows = []
    breakdowns = []
    try:
        cases = [
            ("launch → 200 todos on screen, local server", runs,
             (["--env", "production", "--base-url", base], [first("todos")[:40]]),
             (vd_args + [base + "/todos"], [first("todos")[:12], "200rows"])),
            ("launch → 5,000 photos on screen, local server (`trestle photos`)", runs,
             (["--env", "production", "--base-url", base, "photos"], [first("photos")[:40]]),
             (vd_args + [base + "/photos"], [first("photos")[:12], "5000rows"])),
        ]
        for count in counts:
            wrapped, array = write_todos(folder, count)
            megabytes = os.path.getsize(wrapped) / 1e6
            cases.append((f"launch → first rows + total, {count:,} todos ({megabytes:.0f} MB file)", large_runs,
                          (["--delay", "0", "--data", wrapped], [f"todos{count:,}"]),
                          (vd_args + [array], [f"{count}rows"])))
        for title, case_runs, (t_args, t_needles), (v_args, v_needles) in cases:
            timeout = 180
            t_times, t_rss, v_times, v_rss = [], [], [], []
            for _ in range(case_runs):
                elapsed, hwm, _ = on_screen(bench, trestle, t_args, t_needles, timeout)
                t_times.append(elapsed)
                t_rss.append(hwm)
                elapsed, hwm, _ = on_screen(bench, vd, v_args, v_needles, timeout)
                v_times.append(elapsed)
                v_rss.append(hwm)
            _, _, groups = on_screen(bench, trestle, t_args, t_needles, timeout, breakdown=True)
            breakdowns.append((title, groups))
            rows.append((title, case_runs, t_times, t_rss, v_times, v_rss))
        t_times, t_rss, v_times, v_rss = [], [], [], []
        for _ in range(runs):
            elapsed, rss = timed_exit([trestle, "--version"])
            t_times.append(elapsed)
            t_rss.append(rss)
            elapsed, rss = timed_exit([vd, "--version"])
            v_times.append(elapsed)
            v_rss.append(rss)
        rows.append(("`--version`", runs, t_times, t_rss, v_times, v_rss))
        search = None
        if counts:
            wrapped = os.path.join(folder, f"todos-{max(counts)}.json")
            search = (max(counts), serve_search(trestle, wrapped, ["7", "77", "lorem", "number 12", "zz", "99999"]))
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)

    print()
    print(f"Side by side with VisiData 3.4 ({vd}), alternately in one run, medians;")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'case':64} {'runs':>4} {'Trestle ms':>10} {'VisiData ms':>11} {'ratio':>6} "
          f"{'Trestle MiB':>11} {'VisiData MiB':>12}  {'Trestle min–max':>16} {'VisiData min–max':>17}")
    for title, case_runs, t_times, t_rss, v_times, v_rss in rows:
        ratio = median(t_times) / median(v_times)
        print(f"{title:64} {case_runs:4} {median(t_times):10.1f} {median(v_times):11.1f} {ratio:6.3f} "
              f"{median(t_rss):11.1f} {median(v_rss):12.1f}  {min(t_times):7.1f}–{max(t_times):<8.1f} "
              f"{min(v_times):8.1f}–{max(v_times):<8.1f}")
    modes = [(title, t_times, two_modes(v_times)) for title, _, t_times, _, v_times, _ in rows]
    modes = [(title, t_times, split) for title, t_times, split in modes if split]
    if modes:
        print()
        print("VisiData's times fall in two modes where its rows wait for its next input tick (its loader")
        print("finished after its first draw); Trestle's median against each:")
        for title, t_times, (fast, slow) in modes:
            print(f"  {title}: {len(fast)} runs {min(fast):.1f}–{max(fast):.1f} ms (median {median(fast):.1f}, "
                  f"ratio {median(t_times) / median(fast):.3f}), {len(slow)} runs {min(slow):.1f}–{max(slow):.1f} ms "
                  f"(median {median(slow):.1f}, ratio {median(t_times) / median(slow):.3f})")
    print()
    print("Trestle's resident memory at that moment, by mapping (/proc/PID/smaps, MiB):")
    for title, groups in breakdowns:
        parts = ", ".join(f"{name} {kb / 1024:.1f}" for name, kb in groups[:5] if kb >= 256)
        print(f"  {title}: {parts}")
    if search:
        count, (ready, results) = search
        print()
        print(f"`trestle serve --data` {count:,} todos: ready (GET /todos/1 answered) after {ready:.0f} ms; "
              "full-text search, first page of 500 + total, each needle once (ms at the client, loopback):")
        for elapsed, needle, total in results:
            print(f"  q={needle!r:12} {elapsed:8.1f} ms  ({total} matching)")
        print(f"  median {median([r[0] for r in results]):.1f} ms")
