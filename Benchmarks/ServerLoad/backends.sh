#!/usr/bin/env bash
# The account backends side by side: one binary on SQLite and on PostgreSQL (a scratch cluster from
# scripts/lib/postgres.sh), alternating, ROUNDS times each. Per run, with wrk -t2 -c64 for SECONDS after a
# 2 s warm-up:
#   found    GET /users/octocat (an account: answered from the server's cache on both backends)
#   missing  GET /users/nobody-N (no account: SQLite may cache the absence, PostgreSQL reads every time)
#   signup   POST /users with a new name per request (bcrypt cost 12 bounds it on both)
#
#   Benchmarks/ServerLoad/backends.sh [BINARY=.build/release/octoreact] [ROUNDS=3] [SECONDS=5]
#
# Alternation matters on a shared VM (see compare.sh). The target (issue 14): PostgreSQL at least half of
# SQLite's GET throughput. Servers listen on 127.0.0.1, port 0, with --rate-limit off; all are stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."

binary="${1:-.build/release/octoreact}"; rounds="${2:-3}"; seconds="${3:-5}"
[ -x "$binary" ] || { echo "no binary at $binary: swift build -c release --product octoreact" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
ulimit -n 8192 2>/dev/null || true

. scripts/lib/postgres.sh
results="$(mktemp /tmp/octoreact-backends-XXXXXX)"
work_dirs=()
cleanup() {
  for dir in "${work_dirs[@]}"; do rm -rf "$dir"; done
  rm -f "$results"
  postgres_stop
}
trap cleanup EXIT
postgres_start

# Unique names for the signup run (a counter per wrk thread) and missing names for the lookup run.
lua="$(mktemp -d /tmp/octoreact-backends-lua-XXXXXX)"
work_dirs+=("$lua")
cat >"$lua/signup.lua" <<'LUA'
local counter = 0
local prefix = string.format("u%x", math.random(0, 0xfffffff))
function setup(thread) thread:set("id", tostring(math.random(0, 0xffffff))) end
request = function()
  counter = counter + 1
  local body = string.format('{"username":"%s-%s-%d","password":"secret-pass"}', prefix, id, counter)
  return wrk.format("POST", "/users", {["Content-Type"] = "application/json"}, body)
end
LUA
cat >"$lua/missing.lua" <<'LUA'
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", "/users/nobody-" .. (counter % 1000))
end
LUA

measure() {
  local backend="$1" work port="" server database run
  run=$((run_number += 1))
  work="$(mktemp -d /tmp/octoreact-backends-run-XXXXXX)"
  work_dirs+=("$work")
  if [ "$backend" = postgres ]; then
    database="${POSTGRES_URL%/*}/bench_$run"
    psql -X -q "$POSTGRES_URL" -c "CREATE DATABASE bench_$run" >/dev/null
  else
    database="$work/a.sqlite"
  fi
  "$binary" serve --host 127.0.0.1 --port 0 --rate-limit off --log-level error --database "$database" \
    --index "$work/r.sqlite" >"$work/out" 2>"$work/log" &
  server=$!
  for _ in $(seq 1 600); do
    port="$(sed -n 's|.*running at http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$work/out")"
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "$backend: the server did not start; see $work/log" >&2; kill "$server"; return 1; }
  local base="http://127.0.0.1:$port" found missing signup
  curl -sS -o /dev/null -XPOST "$base/users" -H 'Content-Type: application/json' \
    -d '{"username":"octocat","password":"secret1"}'
  wrk -t2 -c64 -d2s "$base/users/octocat" >/dev/null
  found="$(wrk -t2 -c64 -d"${seconds}s" "$base/users/octocat" | awk '/Requests\/sec/ { print $2 }')"
  missing="$(wrk -t2 -c64 -d"${seconds}s" -s "$lua/missing.lua" "$base" | awk '/Requests\/sec/ { print $2 }')"
  # Signups wait for bcrypt: few connections, or most answers are 503 "busy".
  signup="$(wrk -t2 -c2 -d"${seconds}s" -s "$lua/signup.lua" "$base" | awk '/Requests\/sec/ { print $2 }')"
  kill -TERM "$server"; wait "$server" 2>/dev/null || true
  echo "$backend found=$found missing=$missing signup=$signup" | tee -a "$results"
}

run_number=0
for _ in $(seq 1 "$rounds"); do
  measure sqlite
  measure postgres
done

python3 - "$results" <<'PY'
import re, statistics, sys
lines = open(sys.argv[1]).read().splitlines()
medians = {}
for backend in ("sqlite", "postgres"):
    rows = [l for l in lines if l.startswith(backend + " ")]
    parts = []
    for key in ("found", "missing", "signup"):
        values = [float(re.search(key + r"=([\d.]+)", l).group(1)) for l in rows]
        medians[(backend, key)] = statistics.median(values)
        parts.append(f"{key} {statistics.median(values):,.1f}/s ({min(values):,.1f}–{max(values):,.1f})")
    print(f"{backend:8} " + ", ".join(parts) + f", {len(rows)} runs")
for key in ("found", "missing", "signup"):
    print(f"postgres/sqlite {key}: {medians[('postgres', key)] / medians[('sqlite', key)]:.2f}")
PY
