#!/usr/bin/env bash
# Keystroke round trip through HAProxy against direct, side by side (issue 14: p99 ≤ 10 ms through the
# balancer at 1,000 sessions × 5 events/s): one `scripts/cluster --instances 1` (the release server behind
# the generated HAProxy), then keystrokes.py with the C client, alternating the balancer's port and the
# instance's own port ROUNDS times; every run measures the same server process.
#
#   Benchmarks/ServerLoad/balancer.sh [SESSIONS=1000] [SECONDS=40] [ROUNDS=2]
#
# Output: one line per run (report.py), result files in a temporary folder it names. Everything it starts
# (the cluster, its instance, HAProxy) is stopped at the end, or on Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/../.."

sessions="${1:-1000}"; seconds="${2:-40}"; rounds="${3:-2}"
binary="${BINARY:-.build-release/release/octoreact}"
python="${PYTHON:-.venv-bench/bin/python}"
[ -x "$binary" ] || { echo "no release server at $binary: swift build -c release --product octoreact --scratch-path .build-release" >&2; exit 1; }
[ -x "$python" ] || python=python3
ulimit -n "$(ulimit -Hn)"
results="$(mktemp -d /tmp/octoreact-balancer-XXXXXX)"

scripts/cluster --instances 1 --database sqlite --port 0 --bin "$binary" -- --rate-limit off >"$results/cluster.out" 2>"$results/cluster.err" &
cluster=$!
trap 'kill -TERM "$cluster" 2>/dev/null || true; wait "$cluster" 2>/dev/null || true' EXIT
for _ in $(seq 1 1200); do
  grep -q "cluster is running" "$results/cluster.out" && break
  kill -0 "$cluster" 2>/dev/null || { cat "$results/cluster.err" >&2; exit 1; }
  sleep 0.1
done
grep -q "cluster is running" "$results/cluster.out" || { echo "the cluster did not start" >&2; exit 1; }
balancer_port="$(sed -n 's|.*cluster is running at http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$results/cluster.out")"
read -r pid instance_port < <(sed -n 's|^instance 1 pid \([0-9]*\) http://127\.0\.0\.1:\([0-9]*\)$|\1 \2|p' "$results/cluster.out")
echo "server pid $pid: direct on $instance_port, through HAProxy on $balancer_port; $(uptime)"

for round in $(seq 1 "$rounds"); do
  for route in haproxy direct; do
    port=$([ "$route" = haproxy ] && echo "$balancer_port" || echo "$instance_port")
    "$python" Benchmarks/ServerLoad/keystrokes.py --client c --sessions "$sessions" --rate 5 --duration "$seconds" \
      --port "$port" --pid "$pid" --json "$results/ks-$round-$route.json" >"$results/ks-$round-$route.log" 2>&1 \
      || { echo "run $round $route failed:" >&2; tail -n 20 "$results/ks-$round-$route.log" >&2; exit 1; }
  done
done
"$python" Benchmarks/ServerLoad/report.py "$results"/ks-*.json
echo "results in $results; $(uptime)"
