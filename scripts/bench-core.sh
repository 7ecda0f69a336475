#!/usr/bin/env bash
# Measures JSONServerCore in a release (-O) build: parsing and writing a
# 1,000,000-todo file (~118 MB, generated once into /tmp) and the engine's
# per-request cost on the sample data. Prints one line per measurement.
set -euo pipefail
cd "$(dirname "$0")/.."
BIG=${1:-/tmp/todos-1m.json}
if [ ! -f "$BIG" ]; then
  python3 - "$BIG" <<'PY'
import json, random, sys
rng = random.Random(7)
words = "buy call write plan review debug ship fix read draft café 日本語 🚀".split()
todos = [{"userId": i // 1000 + 1, "id": i + 1,
          "title": " ".join(rng.choice(words) for _ in range(rng.randint(3, 9))) + f" {i}",
          "completed": rng.random() < 0.5} for i in range(1_000_000)]
with open(sys.argv[1], "w", encoding="utf-8") as f:
    json.dump({"todos": todos}, f, indent=2, ensure_ascii=False)
PY
fi
swiftc -O -wmo -module-name BenchCore -o /tmp/bench-core \
  Sources/JSONServerCore/*.swift scripts/bench/main.swift 2>&1 | grep -v "^$" || true
/tmp/bench-core "$BIG" sample-data/db.json
