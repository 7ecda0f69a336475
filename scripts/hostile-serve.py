#!/usr/bin/env python3
"""Peak memory (VmHWM) of a release `trestle serve` under hostile clients.

Each scenario runs against a fresh server on 127.0.0.1 so its peak is its own:
200 connections that send half a request head, a 10 MB POST, a GET with 10,000
query parameters. Prints the answer, how long the server took to close, and
the peak RSS. Usage: swift build -c release --product trestle && scripts/hostile-serve.py
"""
import os, socket, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build/release/trestle")
PORT = int(os.environ.get("PORT", "3998"))


def peak_rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return -1


def start():
    server = subprocess.Popen([BINARY, "serve", "--port", str(PORT)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    server.stdout.readline()  # the banner: listening
    return server


def answer(sock, timeout=30):
    sock.settimeout(timeout)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data.split(b"\r\n", 1)[0].decode()


def scenario(name, run):
    server = start()
    try:
        before = peak_rss_kib(server.pid)
        result = run()
        after = peak_rss_kib(server.pid)
        print(f"{name}: {result}; peak RSS {before / 1024:.1f} MiB at start → {after / 1024:.1f} MiB")
    finally:
        server.terminate()
        server.wait()


def half_open():
    sockets = []
    for _ in range(200):
        sock = socket.create_connection(("127.0.0.1", PORT))
        sock.sendall(b"GET /todos HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ")
        sockets.append(sock)
    started = time.monotonic()
    probe = socket.create_connection(("127.0.0.1", PORT))
    probe.sendall(b"GET /todos/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    served = answer(probe)
    served_after = time.monotonic() - started
    closed = 0
    for sock in sockets:
        sock.settimeout(max(0.1, 60 - (time.monotonic() - started)))
        try:
            if sock.recv(1) == b"":
                closed += 1
        except (socket.timeout, ConnectionResetError):
            pass
    return (f"another client's GET answered '{served}' in {served_after * 1000:.0f} ms; "
            f"{closed}/200 closed by the server after {time.monotonic() - started:.1f} s")


def big_post():
    body = b'{"title":"' + b"a" * (10 * 1024 * 1024) + b'"}'
    sock = socket.create_connection(("127.0.0.1", PORT))
    started = time.monotonic()
    sock.sendall(b"POST /todos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                 + f"Content-Length: {len(body)}\r\n\r\n".encode())
    status = answer(sock)
    took = time.monotonic() - started
    try:
        sock.sendall(body)  # a client that keeps sending regardless
    except OSError as error:
        return f"'{status}' in {took * 1000:.0f} ms, then sending the body: {error}"
    return f"'{status}' in {took * 1000:.0f} ms (before the body was sent)"


def many_params():
    query = "&".join(f"a{i}={i}" for i in range(10_000))
    sock = socket.create_connection(("127.0.0.1", PORT))
    sock.sendall(f"GET /todos?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    return f"'{answer(sock)}' ({len(query)} bytes of query)"


if not os.access(BINARY, os.X_OK):
    sys.exit(f"{BINARY} not built: swift build -c release --product trestle")
scenario("200 half-open connections", half_open)
scenario("10 MB POST", big_post)
scenario("10,000 query parameters", many_params)
