#!/usr/bin/env python3
"""Which pages of the executable are resident at an unknown service's first
frame, and why (issue 42 item 1).

Runs `trestle --env production --base-url URL todos` against
instant-json-server (as scripts/bench-first-rows.py does) under
`perf record -e page-faults -d` (every page fault with its address and the
instruction that took it). When the first todo is on screen the process is
stopped and /proc/PID/pagemap is read for every page of the executable's
mappings (present, file or anonymous, and through /proc/kpageflags the size
of the page-cache folio it belongs to); then it is killed. Each resident page
is put in the ELF section it belongs to; each fault in the executable, by
the section and symbol it hit and the function that took it. A resident page
on which no fault was taken was mapped around another one (the kernel maps
a 64 KiB window, or a whole large folio, per fault).

--state says how the executable's pages come into the page cache first:
  asis    as they are (a file `install` just wrote: large folios);
  evict   posix_fadvise(DONTNEED) on the file, one unmeasured start (the
          pages come in by readahead, as after a cache drop), then the runs;
  tmpfs   a copy in /dev/shm (order-0 pages: shmem without huge pages).

--symbols names a build with a symbol table of the same layout (the
unstripped .build-profile of scripts/startup-order: strip it to compare).

The anonymous memory is split by kind (malloc's arenas, thread stacks, the
brk heap, others); --env passes a variable to the program (for instance
GLIBC_TUNABLES=glibc.malloc.arena_max=1), --dump writes each run's faults
and pages as JSON for further questions.

Usage: scripts/first-frame-pages.py --binary PATH [--symbols PATH] [--state asis|evict|tmpfs] [--runs 3]
                                    [--env NAME=VALUE ...] [--dump PREFIX]
Needs perf and root (pagemap's frame numbers, kpageflags).
"""

import argparse
import bisect
import collections
import importlib.util
import json
import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402

ROOT = bench.ROOT
PAGE = 4096
WINDOW = 64 * 1024


def load_first_rows():
    spec = importlib.util.spec_from_file_location("first_rows", os.path.join(ROOT, "scripts", "bench-first-rows.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sections_of(binary):
    """[(start, end, name)] of the allocated sections, by address."""
    out = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    found = []
    for line in out.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\S+\s+(\S*)", line)
        if m and "A" in m.group(4) and int(m.group(2), 16):
            start, size = int(m.group(2), 16), int(m.group(3), 16)
            if size:
                found.append((start, start + size, m.group(1)))
    return sorted(found)


def symbols_of(binary):
    """Sorted addresses and names of the defined symbols (none for a stripped binary)."""
    out = subprocess.run(["nm", "-n", "--defined-only", binary], capture_output=True, text=True).stdout
    addresses, names = [], []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            addresses.append(int(parts[0], 16))
            names.append(parts[2])
    return addresses, names


def kind_of(name):
    """What a Swift symbol is, by its mangling's suffix."""
    if name is None:
        return "(no symbol)"
    if name.startswith("$s") or name.startswith("_$s"):
        for suffix, kind in (("Mc", "conformance descriptor"), ("Mn", "nominal type descriptor"),
                             ("Mp", "protocol descriptor"), ("MF", "field descriptor"), ("WP", "witness table"),
                             ("Wp", "witness table pattern"), ("MV", "metadata cache variable"),
                             ("Mf", "full metadata"), ("N", "type metadata"), ("Wl", "witness table cache"),
                             ("ML", "metadata cache"), ("MXX", "extension context"), ("MXM", "module context"),
                             ("Ma", "metadata accessor"), ("Mr", "metadata completion"), ("MA", "assoc. conformance"),
                             ("Tq", "method descriptor"), ("Mq", "method lookup")):
            if name.endswith(suffix):
                return "swift " + kind
        return "swift other"
    if name.startswith("_ZN") or name.startswith("_Z"):
        return "c++"
    return "c"


def module_of(name):
    """The Swift module a mangled name starts in (best effort), else the name's head."""
    if name is None:
        return "(none)"
    m = re.match(r"_?\$s(s|So|SC|\d+)(\w*)", name)
    if m:
        if m.group(1) in ("s",):
            return "Swift"
        if m.group(1) in ("So", "SC"):
            return "(C type)"
        length = int(m.group(1))
        return m.group(2)[:length]
    return name.split("_")[0][:24] or name[:24]


class Symbols:
    def __init__(self, binary):
        self.addresses, self.names = symbols_of(binary) if binary else ([], [])

    def at(self, address):
        i = bisect.bisect_right(self.addresses, address) - 1
        return self.names[i] if i >= 0 else None


def section_at(sections, address):
    starts = [s for s, _, _ in sections]
    i = bisect.bisect_right(starts, address) - 1
    if i >= 0 and sections[i][0] <= address < sections[i][1]:
        return sections[i][2]
    return "(between sections)"


def kpageflags(pfns):
    flags = {}
    with open("/proc/kpageflags", "rb") as f:
        for pfn in pfns:
            f.seek(pfn * 8)
            flags[pfn] = struct.unpack("<Q", f.read(8))[0]
    return flags


def folio_pages(pfn, flags_file):
    """The page count of the folio `pfn` belongs to (kpageflags: 15 head, 16 tail)."""
    def flag(p):
        flags_file.seek(p * 8)
        return struct.unpack("<Q", flags_file.read(8))[0]
    head = pfn
    steps = 0
    while flag(head) >> 16 & 1 and steps < 512:
        head -= 1
        steps += 1
    if not flag(head) >> 15 & 1:
        return 1
    size = 1
    while flag(head + size) >> 16 & 1 and size < 512:
        size += 1
    return size


def executable_mappings(pid, path):
    found = []
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 6 and os.path.realpath(parts[5]) == os.path.realpath(path):
                start, end = (int(x, 16) for x in parts[0].split("-"))
                found.append((start, end, parts[1], int(parts[2], 16)))
    return found


def snapshot(pid, path):
    """{page address: (present, file page, pfn)} for the executable's mappings, and status figures."""
    pages = {}
    with open(f"/proc/{pid}/pagemap", "rb") as f:
        for start, end, _, _ in executable_mappings(pid, path):
            f.seek(start // PAGE * 8)
            data = f.read((end - start) // PAGE * 8)
            for i, (entry,) in enumerate(struct.iter_unpack("<Q", data)):
                if entry >> 63 & 1:
                    pages[start + i * PAGE] = (bool(entry >> 61 & 1), entry & ((1 << 55) - 1))
    status = {"anonymous": anonymous_by_kind(pid)}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmHWM", "VmRSS", "RssAnon", "RssFile", "RssShmem")):
                key, value = line.split(":")
                status[key] = int(value.split()[0])
    return pages, status


def anonymous_by_kind(pid):
    """Resident kB of the anonymous mappings, by what they are likely to be: the brk heap, the main
    stack, thread stacks (8 MiB read-write below a guard page), malloc's per-thread arenas (a
    read-write start of a 64 MiB reservation), others."""
    kinds = collections.Counter()
    counts = collections.Counter()
    mappings = []
    with open(f"/proc/{pid}/smaps") as f:
        current = None
        for line in f:
            head = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                start, end = (int(x, 16) for x in head[0].split("-"))
                current = [start, end, head[1], head[5] if len(head) > 5 else "", 0]
                mappings.append(current)
            elif head and head[0] == "Rss:" and current:
                current[4] = int(head[1])
    for index, (start, end, perms, path, rss) in enumerate(mappings):
        if path in ("[heap]", "[stack]"):
            kind = path
        elif path or not rss:
            continue
        elif end - start == 8 << 20 and perms.startswith("rw"):
            kind = "thread stacks"
        elif perms.startswith("rw") and index + 1 < len(mappings) and mappings[index + 1][2].startswith("---") \
                and mappings[index + 1][0] == end and (mappings[index + 1][1] - start) == 64 << 20:
            kind = "malloc arenas"
        else:
            kind = "other anonymous"
        kinds[kind] += rss
        counts[kind] += 1
    return [(kind, counts[kind], kb) for kind, kb in kinds.most_common()]


def child_of(pid, name):
    """The pid of the first descendant of `pid` whose command is `name`."""
    todo = [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/task/{current}/children") as f:
                children = [int(c) for c in f.read().split()]
        except FileNotFoundError:
            continue
        for child in children:
            try:
                with open(f"/proc/{child}/comm") as f:
                    if f.read().strip() == name:
                        return child
            except FileNotFoundError:
                pass
            todo.append(child)
    return None


def one_run(binary, mock, needle, folder, label, env=None):
    data = os.path.join(folder, f"{label}.perf")
    run = bench.Run("perf", ["record", "-q", "-e", "page-faults", "-c", "1", "-d", "-k", "CLOCK_MONOTONIC",
                             "-o", data, "--", binary, "--env", "production", "--base-url", mock.base, "todos"],
                   extra_env=env)
    pid = None
    try:
        deadline = time.perf_counter() + 30
        while pid is None and time.perf_counter() < deadline:
            pid = child_of(run.proc.pid, os.path.basename(binary)[:15])
            if pid is None:
                time.sleep(0.002)
        elapsed = run.wait_for(needle, timeout=30)
        os.kill(pid, signal.SIGSTOP)
        stopped = time.monotonic_ns()
        pages, status = snapshot(pid, binary)
        os.kill(pid, signal.SIGKILL)
        run.proc.wait(timeout=60)
    finally:
        if run.proc.poll() is None:
            run.proc.kill()
            run.proc.wait()
        os.close(run.master)
        shutil.rmtree(run.home, ignore_errors=True)
    script = subprocess.run(["perf", "script", "-i", data, "-F", "pid,time,addr,ip", "--ns"],
                            capture_output=True, text=True).stdout
    faults = []
    for line in script.splitlines():
        parts = line.replace(":", " ").split()
        if len(parts) < 4 or int(parts[0]) != pid:
            continue
        when = int(float(parts[1]) * 1e9)
        if when <= stopped:
            faults.append((int(parts[2], 16), int(parts[3], 16)))
    return elapsed, pages, status, faults


def report(binary, symbols, pages, status, faults, flags_file):
    sections = sections_of(binary)
    low = min(s for s, _, _ in sections)
    high = max(e for _, e, _ in sections)
    order = set()
    with open(os.path.join(ROOT, "scripts", "startup.order")) as f:
        order = {line.strip() for line in f if line.strip() and not line.startswith("#")}
    print(f"  VmHWM {status.get('VmHWM', 0) / 1024:.1f} MiB  VmRSS {status.get('VmRSS', 0) / 1024:.1f}  "
          f"RssFile {status.get('RssFile', 0) / 1024:.1f}  RssAnon {status.get('RssAnon', 0) / 1024:.1f}")
    print("  anonymous: " + ", ".join(f"{kind} {kb / 1024:.2f} MiB ({count})"
                                      for kind, count, kb in status.get("anonymous", [])))
    file_pages = {a: pfn for a, (is_file, pfn) in pages.items() if is_file}
    anon_pages = [a for a, (is_file, _) in pages.items() if not is_file]
    print(f"  executable: {len(file_pages) * 4 / 1024:.1f} MiB file pages, "
          f"{len(anon_pages) * 4 / 1024:.1f} MiB copied on write (anonymous)")
    exe_faults = [(addr, ip) for addr, ip in faults if low <= addr < high]
    fault_pages = {addr // PAGE * PAGE for addr, _ in exe_faults}
    windows = {addr // WINDOW for addr, _ in exe_faults}
    print(f"  faults: {len(faults)} in all, {len(exe_faults)} on the executable's pages "
          f"({len(fault_pages)} pages, {len(windows)} 64 KiB windows)")
    folios = collections.Counter()
    for address, pfn in file_pages.items():
        folios[folio_pages(pfn, flags_file)] += 1
    print("  resident file pages by the size of their page-cache folio: " +
          ", ".join(f"{size * 4} KiB: {count * 4 / 1024:.1f} MiB" for size, count in sorted(folios.items())))
    by_section = collections.defaultdict(lambda: [0, 0, 0, 0])  # file pages, anon pages, faults, faulted windows
    for address in file_pages:
        by_section[section_at(sections, address)][0] += 1
    for address in anon_pages:
        by_section[section_at(sections, address)][1] += 1
    for addr, _ in exe_faults:
        by_section[section_at(sections, addr)][2] += 1
    seen_windows = set()
    for addr, _ in exe_faults:
        if addr // WINDOW not in seen_windows:
            seen_windows.add(addr // WINDOW)
            by_section[section_at(sections, addr)][3] += 1
    sizes = {name: end - start for start, end, name in sections}
    print(f"  {'section':32} {'size MiB':>9} {'file MiB':>9} {'anon MiB':>9} {'faults':>7} {'windows':>8}")
    for name, (f_pages, a_pages, count, wins) in sorted(by_section.items(), key=lambda kv: -kv[1][0] - kv[1][1]):
        print(f"  {name:32} {sizes.get(name, 0) / 2**20:9.2f} {f_pages * 4 / 1024:9.2f} {a_pages * 4 / 1024:9.2f} "
              f"{count:7} {wins:8}")
    untouched = [a for a in file_pages if a not in fault_pages]
    print(f"  resident file pages no fault was taken on (mapped around others): "
          f"{len(untouched) * 4 / 1024:.1f} MiB of {len(file_pages) * 4 / 1024:.1f}")
    if not symbols.addresses:
        return
    # .text: pages holding a function of the start (startup.order) or not.
    text = [(s, e) for s, e, n in sections if n.startswith(".text")]
    ran, neighbour = 0, 0
    for address in file_pages:
        if not any(s <= address < e for s, e in text):
            continue
        i = bisect.bisect_right(symbols.addresses, address + PAGE - 1)
        j = bisect.bisect_right(symbols.addresses, address) - 1
        names = symbols.names[max(j, 0):i]
        if any(n in order for n in names):
            ran += 1
        else:
            neighbour += 1
    print(f"  .text resident: {ran * 4 / 1024:.1f} MiB on pages holding a function of startup.order, "
          f"{neighbour * 4 / 1024:.1f} MiB on pages holding none")
    # Faults outside .text: what they hit (by symbol kind) and who took them.
    what = collections.Counter()
    who = collections.Counter()
    modules = collections.Counter()
    for addr, ip in exe_faults:
        name = section_at(sections, addr)
        if name.startswith(".text"):
            continue
        target = symbols.at(addr)
        what[(name, kind_of(target))] += 1
        who[symbols.at(ip) or hex(ip)] += 1
        modules[(name, module_of(target))] += 1
    print("  faults outside .text, by section and what they hit:")
    for (name, kind), count in what.most_common(20):
        print(f"    {count:6}  {name:28} {kind}")
    print("  … by section and the module of the symbol hit:")
    for (name, module), count in modules.most_common(20):
        print(f"    {count:6}  {name:28} {module}")
    print("  … by the function that took them:")
    for name, count in who.most_common(15):
        print(f"    {count:6}  {name[:110]}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--symbols")
    parser.add_argument("--state", choices=["asis", "evict", "tmpfs"], default="asis")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="a variable for the program's environment (e.g. GLIBC_TUNABLES=…)")
    parser.add_argument("--dump", help="also write each run's faults and resident pages to DUMP-N.json")
    args = parser.parse_args()
    first_rows = load_first_rows()
    python = first_rows.ensure_venv()
    data = os.path.join(ROOT, "sample-data", "db.json")
    with open(data) as f:
        needle = "".join(json.load(f)["todos"][0]["title"].split())[:12].encode()
    folder = tempfile.mkdtemp(prefix="trestle-pages-")
    binary = os.path.abspath(args.binary)
    if args.state == "tmpfs":
        shm = tempfile.mkdtemp(prefix="trestle-pages-", dir="/dev/shm")
        shutil.copy(binary, os.path.join(shm, "trestle"))
        binary = os.path.join(shm, "trestle")
    symbols = Symbols(args.symbols)
    mock = first_rows.Mock(python, data)
    try:
        if args.state == "evict":
            fd = os.open(binary, os.O_RDONLY)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            os.close(fd)
            one_run(binary, mock, needle, folder, "warm-up")
        cached = subprocess.run(["fincore", "-nb", "-o", "RES", binary], capture_output=True, text=True).stdout
        print(f"{args.binary} ({args.state}; {int(cached.split()[0]) / 2**20:.1f} MiB of the file in the page cache)")
        with open("/proc/kpageflags", "rb") as flags_file:
            for index in range(args.runs):
                elapsed, pages, status, faults = one_run(binary, mock, needle, folder, f"run{index}",
                                                         dict(item.split("=", 1) for item in args.env))
                print(f"run {index + 1}: first todo after {elapsed:.1f} ms (under perf)")
                report(binary, symbols, pages, status, faults, flags_file)
                if args.dump:
                    with open(f"{args.dump}-{index + 1}.json", "w") as f:
                        json.dump({"faults": faults, "pages": [[a, is_file] for a, (is_file, _) in pages.items()],
                                   "status": status}, f)
    finally:
        mock.stop()
        shutil.rmtree(folder, ignore_errors=True)
        if args.state == "tmpfs":
            shutil.rmtree(os.path.dirname(binary), ignore_errors=True)


if __name__ == "__main__":
    main()
