#!/usr/bin/env python3
"""The floor under an unknown service's first rows (issue 42 item 1): what
the toolchain and the chosen HTTP client cost before Trestle adds anything.

Two programs, written here into .build-floor/package and built there with
the link flags of scripts/release-flags that are not Trestle's own (static
Swift runtime and Foundation, function sections, lld, packed relocations,
no exported symbols, no PIE, ncurses' tinfo from .build-static; no order
file, no ICU cut):

  bare  Foundation and ncursesw: `GET /todos` over a plain socket, the body
        read by JSONSerialization, the first 30 titles drawn, `q` quits;
  ahc   the same with the GET through AsyncHTTPClient (HTTPClient.shared),
        the client Trestle's transport is made of.

Each run, in turn, the two and `trestle --env production --base-url URL
todos` (fresh XDG folders) start against instant-json-server 0.1.2 on
127.0.0.1 (as scripts/bench-first-rows.py): spawn → the first todo's title
on screen, and VmHWM then. Medians, with the smallest and largest.

Usage: scripts/bench-floor.py [--binary TRESTLE] [--runs 9]
"""

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402
import bench_peer  # noqa: E402

ROOT = bench.ROOT
FOLDER = os.path.join(ROOT, ".build-floor")
PACKAGE = os.path.join(FOLDER, "package")

MANIFEST = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "floor",
    dependencies: [.package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0")],
    targets: [
        .systemLibrary(name: "CCurses", path: "Sources/CCurses"),
        .executableTarget(
            name: "FloorAHC",
            dependencies: [.product(name: "AsyncHTTPClient", package: "async-http-client"), "CCurses"]),
        .executableTarget(name: "FloorBare", dependencies: ["CCurses"]),
    ]
)
"""

MODULEMAP = """module CCurses [system] {
    header "shim.h"
    link "ncursesw"
    export *
}
"""

SHIM = """#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/curses.h>
#include <locale.h>
"""

DRAW = """
for (index, row) in rows.prefix(30).enumerated() {
    mvaddstr(Int32(index), 0, "\\(row["id"] ?? "") \\(row["title"] ?? "")")
}
refresh()
while getch() != 113 {}
endwin()
exit(0)
"""

AHC = """import AsyncHTTPClient
import CCurses
import Foundation

let url = CommandLine.arguments[1]
setlocale(LC_ALL, "")
initscr()
let response = try await HTTPClient.shared.get(url: url).get()
let body = Data(response.body.map { Array($0.readableBytesView) } ?? [])
let rows = (try JSONSerialization.jsonObject(with: body)) as? [[String: Any]] ?? []
""" + DRAW

BARE = """import CCurses
import Foundation

let url = URL(string: CommandLine.arguments[1])!
setlocale(LC_ALL, "")
initscr()
let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
var address = sockaddr_in()
address.sin_family = sa_family_t(AF_INET)
address.sin_port = UInt16(url.port!).bigEndian
address.sin_addr.s_addr = inet_addr(url.host!)
_ = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
}
let request = "GET \\(url.path) HTTP/1.1\\r\\nHost: \\(url.host!)\\r\\nConnection: close\\r\\n\\r\\n"
_ = request.withCString { write(fd, $0, strlen($0)) }
var data = Data()
var buffer = [UInt8](repeating: 0, count: 65536)
while true {
    let count = read(fd, &buffer, buffer.count)
    if count <= 0 { break }
    data.append(contentsOf: buffer[0..<count])
}
let split = data.range(of: Data("\\r\\n\\r\\n".utf8))!
let rows = (try JSONSerialization.jsonObject(with: data[split.upperBound...])) as? [[String: Any]] ?? []
""" + DRAW

FLAGS = ["-c", "release", "--static-swift-stdlib", "-Xswiftc", "-Xfrontend", "-Xswiftc", "-function-sections",
         "-Xswiftc", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
         "-Xlinker", "--no-export-dynamic", "-Xlinker", f"-L{os.path.join(ROOT, '.build-static')}",
         "-Xlinker", "-ltinfo", "-Xlinker", "--no-pie"]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)


def build():
    write(os.path.join(PACKAGE, "Package.swift"), MANIFEST)
    write(os.path.join(PACKAGE, "Sources", "CCurses", "module.modulemap"), MODULEMAP)
    write(os.path.join(PACKAGE, "Sources", "CCurses", "shim.h"), SHIM)
    write(os.path.join(PACKAGE, "Sources", "FloorAHC", "main.swift"), AHC)
    write(os.path.join(PACKAGE, "Sources", "FloorBare", "main.swift"), BARE)
    if not os.path.exists(os.path.join(ROOT, ".build-static")):
        sys.exit("bench-floor: .build-static/ is missing: run scripts/install once (it links the C archives there)")
    print("building the floor programs in .build-floor (release, static)…", file=sys.stderr, flush=True)
    subprocess.run(["swift", "build", "--package-path", PACKAGE, "--scratch-path", os.path.join(FOLDER, "scratch")]
                   + FLAGS, check=True, stdout=sys.stderr)
    out = {}
    for name in ("FloorBare", "FloorAHC"):
        built = os.path.join(FOLDER, "scratch", "release", name)
        stripped = os.path.join(FOLDER, name.lower())
        subprocess.run(["strip", "-o", stripped, built], check=True)
        out[name] = stripped
    return out


def load_first_rows():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench-first-rows.py")
    spec = importlib.util.spec_from_file_location("bench_first_rows", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=bench.existing_release())
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    floor = build()
    first_rows = load_first_rows()
    python = first_rows.ensure_venv()
    bench_peer.ensure_peer(ROOT)  # pyte, for the screen
    data = os.path.join(ROOT, "sample-data", "db.json")
    with open(data) as f:
        needle = "".join(json.load(f)["todos"][0]["title"].split())[:12]
    mock = first_rows.Mock(python, data)
    cases = [
        ("bare: Foundation + ncursesw, a socket", floor["FloorBare"], [mock.base + "/todos"]),
        ("ahc: Foundation + ncursesw + AsyncHTTPClient", floor["FloorAHC"], [mock.base + "/todos"]),
        ("trestle --env production --base-url URL todos", args.binary,
         ["--env", "production", "--base-url", mock.base, "todos"]),
    ]
    times = {name: [] for name, _, _ in cases}
    hwms = {name: [] for name, _, _ in cases}
    try:
        for _ in range(args.runs):
            for name, binary, words in cases:
                run = bench.Run(binary, words)
                try:
                    screen = bench_peer.Screen(bench, run)
                    times[name].append(screen.wait_for([needle], 15))
                    hwms[name].append((screen.hwm or bench.proc_status(run.proc.pid, "VmHWM")) / 1024)
                finally:
                    bench_peer.quit_run(run)
    finally:
        mock.stop()
    med = statistics.median
    print("the floor under the first rows: instant-json-server 0.1.2 on 127.0.0.1, 200 todos; "
          f"{args.runs} runs in turn; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'program':48} {'ms (min–max)':>20} {'VmHWM MiB (min–max)':>22}")
    for name, _, _ in cases:
        t, m = times[name], hwms[name]
        print(f"{name:48} {med(t):7.1f} ({min(t):5.1f}–{max(t):5.1f}) {med(m):9.1f} ({min(m):4.1f}–{max(m):4.1f})")


if __name__ == "__main__":
    main()
