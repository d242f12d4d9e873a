#!/usr/bin/env bash
# GET /users/{name} side by side: two (or more) release binaries, alternating, ROUNDS times each, with
# wrk -t2 -c64 for SECONDS after a 3 s warm-up; reports requests/s and the server's CPU per request
# (perf stat task-clock over the same window) with medians and ranges.
#
#   Benchmarks/ServerLoad/compare.sh BEFORE_BINARY AFTER_BINARY [ROUNDS=6] [SECONDS=6]
#   AFTER_FLAGS="--log-level notice --metrics off" Benchmarks/ServerLoad/compare.sh ...   # extra `serve` flags
#                                                  # for the AFTER binary only (features BEFORE lacks)
#
# Alternation matters on a shared VM: its speed drifts by ±20 % from one minute to the next, so two
# binaries measured a minute apart are not comparable; the CPU per request is steadier than requests/s.
# Each run starts a fresh server on 127.0.0.1 (port 0) with a fresh database and one account, passes
# `--rate-limit off` when the binary has that flag (builds before it had no limits), and stops it.
set -euo pipefail

[ $# -ge 2 ] || { sed -n '2,10p' "$0" >&2; exit 2; }
before="$1"; after="$2"; rounds="${3:-6}"; seconds="${4:-6}"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
command -v perf >/dev/null || { echo "perf is missing: apt-get install -y linux-perf" >&2; exit 1; }
ulimit -n 8192
results="$(mktemp /tmp/octoreact-compare-XXXXXX)"

measure() {
  local name="$1" binary="$2" extra="${3:-}" work flags="" help port="" server
  work="$(mktemp -d /tmp/octoreact-compare-run-XXXXXX)"
  : >"$work/out"
  help="$("$binary" serve --help 2>&1 || true)"
  case "$help" in *--rate-limit*) flags="--rate-limit off" ;; esac
  # shellcheck disable=SC2086
  "$binary" serve --host 127.0.0.1 --port 0 $flags $extra --database "$work/a.sqlite" --index "$work/r.sqlite" \
    >"$work/out" 2>"$work/log" &
  server=$!
  for _ in $(seq 1 300); do
    port="$(sed -n 's|.*running at http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$work/out")"
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { echo "$name: the server did not start; see $work/log" >&2; kill "$server"; return 1; }
  local base="http://127.0.0.1:$port"
  curl -sS -o /dev/null -XPOST "$base/users" -H 'Content-Type: application/json' \
    -d '{"username":"octocat","password":"secret1"}'
  wrk -t2 -c64 -d3s "$base/users/octocat" >/dev/null
  perf stat -x, -e task-clock -p "$server" -o "$work/perf" -- sleep "$seconds" &
  local stat=$! out
  out="$(wrk -t2 -c64 -d"${seconds}s" "$base/users/octocat")"
  wait "$stat"
  kill -TERM "$server"; wait "$server" 2>/dev/null || true
  local requests rps bad cpu
  requests="$(echo "$out" | awk '/requests in/ { print $1 }')"
  rps="$(echo "$out" | awk '/Requests\/sec/ { print $2 }')"
  bad="$(echo "$out" | awk '/Non-2xx/ { print $5 }')"
  cpu="$(awk -F, -v r="$requests" '/task-clock/ { printf "%.1f", $1 * 1000 / r }' "$work/perf")"
  echo "$name rps=$rps cpu_us_per_request=$cpu${bad:+ non_2xx=$bad}" | tee -a "$results"
  rm -rf "$work"
}

for _ in $(seq 1 "$rounds"); do
  measure before "$before"
  measure after "$after" "${AFTER_FLAGS:-}"
done

python3 - "$results" <<'PY'
import re, statistics, sys
lines = open(sys.argv[1]).read().splitlines()
for name in ("before", "after"):
    rows = [l for l in lines if l.startswith(name + " ")]
    rps = [float(re.search(r"rps=([\d.]+)", l).group(1)) for l in rows]
    cpu = [float(re.search(r"cpu_us_per_request=([\d.]+)", l).group(1)) for l in rows]
    print(f"{name}: {statistics.median(rps):,.0f} requests/s ({min(rps):,.0f}–{max(rps):,.0f}), "
          f"{statistics.median(cpu):.1f} µs of server CPU a request ({min(cpu):.1f}–{max(cpu):.1f}), {len(rows)} runs")
PY
rm -f "$results"
