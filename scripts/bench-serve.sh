#!/usr/bin/env bash
# Load benchmark of `trestle serve` (release build) with wrk: 64 connections
# on paged /todos (random pages of 20) and on /photos (5,000 items, ~1 MB).
# Prints requests/s, p50/p99 latency and errors per scenario.
#
# Usage: scripts/bench-serve.sh [duration-seconds (default 10)] [threads (default 2)]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DURATION=${1:-10}
THREADS=${2:-2}
PORT=${PORT:-3999}
DATA=${DATA:-$ROOT/sample-data/db.json}
if ! command -v wrk >/dev/null; then
  echo "==> installing wrk" >&2
  { apt-get update -qq && apt-get install -y -qq wrk; } >&2 || { echo "wrk is not installed (apt-get install wrk)" >&2; exit 1; }
fi

swift build -c release --product trestle >&2
# The read scenarios and the in-memory writes: the shipped sample data (or
# DATA) copied aside, served without --data-style saving: writes stay in memory.
READ_DIR=$(mktemp -d /tmp/bench-serve-read.XXXX)
if [ "$DATA" = "$ROOT/sample-data/db.json" ]; then
  SERVER=(.build/release/trestle serve --port "$PORT")
else
  cp "$DATA" "$READ_DIR/db.json"
  SERVER=(.build/release/trestle serve --port "$PORT" --data "$READ_DIR/db.json")
fi

"${SERVER[@]}" > /tmp/trestle-serve-bench.log 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null || true; rm -rf "$READ_DIR"' EXIT
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$PORT/todos/1" >/dev/null 2>&1 && break
  sleep 0.1
done
cat /tmp/trestle-serve-bench.log

LUA=$(mktemp /tmp/bench-pages.XXXX.lua)
cat > "$LUA" <<'LUA_SCRIPT'
-- random page of 20 todos; report p50/p99 and errors (non-2xx count as errors)
math.randomseed(os.time())
request = function()
  return wrk.format("GET", "/todos?_page=" .. math.random(1, 10) .. "&_limit=20")
end
done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("RESULT requests/s=%.0f p50=%.2fms p99=%.2fms errors=%d requests=%d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, errors, summary.requests))
end
LUA_SCRIPT
PLAIN=$(mktemp /tmp/bench-plain.XXXX.lua)
sed '/^request = function/,/^end/d' "$LUA" > "$PLAIN"

echo "== GET /todos?_page=N&_limit=20, 64 connections, ${DURATION}s"
wrk -t"$THREADS" -c64 -d"${DURATION}s" --latency -s "$LUA" "http://127.0.0.1:$PORT" | grep RESULT
echo "== GET /photos, 64 connections, ${DURATION}s"
wrk -t"$THREADS" -c64 -d"${DURATION}s" --latency -s "$PLAIN" "http://127.0.0.1:$PORT/photos" | grep RESULT
POST=$(mktemp /tmp/bench-post.XXXX.lua)
sed '/^request = function/,/^end/d' "$LUA" > "$POST"
cat >> "$POST" <<'LUA_SCRIPT'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"postId": 1, "name": "bench", "email": "b@example.com", "body": "written under load"}'
LUA_SCRIPT

echo "== POST /comments, writes in memory (no --data), 64 connections, ${DURATION}s"
wrk -t"$THREADS" -c64 -d"${DURATION}s" --latency -s "$POST" "http://127.0.0.1:$PORT/comments" | grep RESULT

# The same writes with --data FILE: each answer waits until its write is in
# the file (temporary file, fsync, rename); writes arriving together share
# one rename.
WRITE_DIR=$(mktemp -d /tmp/bench-serve-data.XXXX)
cp "$DATA" "$WRITE_DIR/db.json"
WRITE_PORT=$((PORT + 1))
.build/release/trestle serve --port "$WRITE_PORT" --data "$WRITE_DIR/db.json" > /tmp/trestle-serve-bench-write.log 2>&1 &
WRITE_PID=$!
trap 'kill "$SERVER_PID" "$WRITE_PID" 2>/dev/null; wait "$SERVER_PID" "$WRITE_PID" 2>/dev/null || true; rm -rf "$WRITE_DIR" "$READ_DIR"' EXIT
for _ in $(seq 1 100); do
  curl -fs "http://127.0.0.1:$WRITE_PORT/todos/1" >/dev/null 2>&1 && break
  sleep 0.1
done
for connections in 1 64; do
  echo "== POST /comments, saved to --data FILE ($(du -h "$WRITE_DIR/db.json" | cut -f1) at start), $connections connection(s), ${DURATION}s"
  wrk -t1 -c"$connections" -d"${DURATION}s" --latency -s "$POST" "http://127.0.0.1:$WRITE_PORT/comments" | grep RESULT
done
echo "   file after: $(du -h "$WRITE_DIR/db.json" | cut -f1), valid JSON: $(python3 -c 'import json,sys; json.load(open(sys.argv[1])); print("yes")' "$WRITE_DIR/db.json")"
rm -f "$LUA" "$PLAIN" "$POST"
