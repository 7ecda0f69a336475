#!/usr/bin/env python3
"""Peak memory (VmHWM) of `trestle snapshot --all` against a server that lies.

A json-server on 127.0.0.1 (`/db` names `items`) answers every
`/items?_page=N&_limit=M` with M fresh records (N's own ids, a title and a
body of 100 bytes) and `X-Total-Count: 1000000000000`. The snapshot runs
for at most --seconds (then gets SIGTERM, which keeps what it read); the
script samples its VmHWM every 50 ms and prints it at 1, 2, 5, 10 s and at
the end, with the pages asked, the most asked at once, and the exit status.

Usage: swift build -c release --product trestle &&
       scripts/bench-snapshot-bounds.py [--binary PATH] [--seconds 20] [--max-records N]
"""
import argparse, json, os, signal, subprocess, sys, tempfile, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STATED = 10**12


class Counts:
    lock = threading.Lock()
    now = 0
    most = 0
    pages = 0


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, body, headers=()):
        data = body.encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        if url.path in ("/", "/db"):
            return self.send('{"items": []}')
        if url.path != "/items":
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        with Counts.lock:
            Counts.now += 1
            Counts.pages += 1
            Counts.most = max(Counts.most, Counts.now)
        query = parse_qs(url.query)
        page = int(query.get("_page", ["1"])[0])
        size = int(query.get("_limit", ["10"])[0])
        first = (page - 1) * size + 1
        records = [{"id": n, "title": f"record {n}", "body": "x" * 100} for n in range(first, first + size)]
        try:
            self.send(json.dumps(records), [("X-Total-Count", str(STATED))])
        finally:
            with Counts.lock:
                Counts.now -= 1


def peak_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/trestle"))
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--max-records", type=int)
    args = parser.parse_args()

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    with tempfile.TemporaryDirectory() as home:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "LANG": "C.UTF-8",
            "XDG_CONFIG_HOME": f"{home}/config", "XDG_CACHE_HOME": f"{home}/cache",
            "XDG_DATA_HOME": f"{home}/data", "XDG_STATE_HOME": f"{home}/state",
        }
        command = [args.binary, "snapshot", f"{home}/snap.json", "--all", "--env", "production",
                   "--base-url", f"http://127.0.0.1:{port}", "--catalog", "none"]
        if args.max_records:
            command += ["--max-records", str(args.max_records)]
        started = time.monotonic()
        process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        marks = [1, 2, 5, 10]
        peak = 0
        stopped = False
        while process.poll() is None:
            elapsed = time.monotonic() - started
            kib = peak_kib(process.pid)
            if kib:
                peak = max(peak, kib)
            while marks and elapsed >= marks[0]:
                print(f"{marks.pop(0):>4} s: VmHWM {peak / 1024:.1f} MiB, {Counts.pages} pages asked", flush=True)
            if elapsed >= args.seconds and not stopped:
                process.send_signal(signal.SIGTERM)
                stopped = True
            time.sleep(0.05)
        elapsed = time.monotonic() - started
        stderr = process.stderr.read().decode(errors="replace").strip().splitlines()
        progress = f"{home}/snap.json.progress"
        kept = os.path.getsize(progress) if os.path.exists(progress) else 0
        print(f"end {elapsed:.1f} s: VmHWM {peak / 1024:.1f} MiB, exit {process.returncode}"
              f"{' (SIGTERM at ' + str(args.seconds) + ' s)' if stopped else ''}, {Counts.pages} pages asked, "
              f"at most {Counts.most} at once, OUT.progress {kept / 1e6:.1f} MB")
        for line in stderr[-3:]:
            print("  stderr:", line)
    server.shutdown()


if __name__ == "__main__":
    sys.exit(main())
