#!/usr/bin/env python3
"""The installed binary's size by library, from lld's link map.

Relinks the release build (scripts/release-flags, .build-install, as
scripts/install builds it) with `-Map`, then sums the bytes of the input
sections placed in the binary (sections lld discarded are not in the map)
by where they came from: each Swift module of the package and its
dependencies (`<Module>.build/*.o`), each static archive (`libFoundation.a`,
`libicuuc.a`, …), the C runtime. Prints the groups over 0.5 MB, largest
first, with their share, and the stripped binary's size.

Usage: scripts/size-map.py [--no-link MAP]
"""

import argparse
import os
import re
import subprocess
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build-install")
LINE = re.compile(r"^\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+\s{9}(\S.*?)(:\(|$)")


def link(map_path):
    flags = [f for f in subprocess.run(["bash", os.path.join(ROOT, "scripts", "release-flags")], check=True,
                                       capture_output=True, text=True).stdout.split("\n") if f]
    subprocess.run(["swift", "build"] + flags + ["--scratch-path", SCRATCH, "-Xlinker", "-s",
                                                 "-Xlinker", f"-Map={map_path}", "--product", "trestle"],
                   cwd=ROOT, check=True, stdout=sys.stderr)
    return os.path.join(SCRATCH, "release", "trestle")


def group(source):
    match = re.search(r"/([^/]+)\.build/[^/]+\.o$", source)
    if match:
        return match.group(1)
    match = re.search(r"/(lib[^/]+\.a)\(", source + "(")
    if match:
        return match.group(1)
    if source.startswith("<internal>"):
        return "linker (dynamic tables, relocations)"
    return os.path.basename(source)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-link", metavar="MAP", help="read this map instead of linking anew")
    args = parser.parse_args()
    map_path = args.no_link or os.path.join(SCRATCH, "trestle.map")
    binary = os.path.join(SCRATCH, "release", "trestle") if args.no_link else link(map_path)
    sizes = defaultdict(int)
    with open(map_path, errors="replace") as f:
        for line in f:
            match = LINE.match(line)
            if match:
                sizes[group(match.group(2).split("(")[0] if ".a(" not in match.group(2) else match.group(2))] += \
                    int(match.group(1), 16)
    total = sum(sizes.values())
    print(f"{binary}: {os.path.getsize(binary):,} bytes on disk; {total / 1e6:.1f} MB of sections placed")
    print("| from | MB | share |")
    print("|---|---|---|")
    rest = 0
    for name, size in sorted(sizes.items(), key=lambda item: -item[1]):
        if size < 500_000:
            rest += size
            continue
        print(f"| {name} | {size / 1e6:.1f} | {100 * size / total:.1f} % |")
    print(f"| everything else ({sum(1 for s in sizes.values() if s < 500_000)} sources) | {rest / 1e6:.1f} | "
          f"{100 * rest / total:.1f} % |")


if __name__ == "__main__":
    main()
