#!/usr/bin/env bash
# Measurement 3: GET /users/{name} throughput with wrk, for a user that exists (200) and one that
# does not (404), on a fresh release server with one account in a fresh database.
#
#   Benchmarks/ServerLoad/http.sh                 # wrk -t2 -c64 -d20s, after a 5 s warm-up
#   THREADS=2 CONNECTIONS=64 DURATION=20s Benchmarks/ServerLoad/http.sh
#
# Then, unless BASELINE=0, the same for GET / and GET /nothing-here (no database) for comparison.
# Reports wrk's output (with --latency), the server's CPU (percent of one core) and RSS per run.
# Bounded: each wrk run stops after DURATION; the server is stopped (SIGTERM to its pid) on exit.
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${BINARY:-$root/.build-release/release/octoreact}"
threads="${THREADS:-2}"
connections="${CONNECTIONS:-64}"
duration="${DURATION:-20s}"
warmup="${WARMUP:-5s}"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
[ -x "$binary" ] || {
  echo "$binary is missing: swift build -c release --product octoreact --scratch-path .build-release" >&2
  exit 1
}

ulimit -n 8192
work="$(mktemp -d /tmp/octoreact-http-XXXXXX)"
"$binary" serve --host 127.0.0.1 --port 0 --rate-limit off --database "$work/accounts.sqlite" --index "$work/repositories.sqlite" >"$work/stdout" 2>"$work/server.log" &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT

port=""
for _ in $(seq 1 300); do
  port="$(sed -n 's|.*running at http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$work/stdout")"
  [ -n "$port" ] && break
  kill -0 "$server" 2>/dev/null || { echo "the server exited; see $work/server.log" >&2; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "the server did not report its port" >&2; exit 1; }
base="http://127.0.0.1:$port"
echo "server pid $server at $base (database $work/accounts.sqlite)"

curl -sS -XPOST "$base/users" -H 'Content-Type: application/json' \
  -d '{"username":"octocat","password":"secret1"}' -w '  -> HTTP %{http_code}\n'
curl -sS "$base/users/octocat" -w '  -> HTTP %{http_code}\n'
curl -sS "$base/users/nobody-here" -w '  -> HTTP %{http_code}\n'

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
# Machine-wide busy and total ticks (all cores), and steal, from /proc/stat.
machine() { awk '/^cpu / { busy = $2 + $3 + $4 + $7 + $8 + $9; print busy, busy + $5 + $6, $9 }' /proc/stat; }
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$server/status"; }
hz="$(getconf CLK_TCK)"

run() {
  local name="$1" url="$2"
  echo
  echo "== warm-up $warmup: $url"
  wrk -t"$threads" -c"$connections" -d"$warmup" "$url" >/dev/null
  echo "== wrk -t$threads -c$connections -d$duration --latency $url"
  local c0 t0 c1 t1 m0 m1
  c0="$(cpu_ticks)"; t0="$(date +%s.%N)"; m0="$(machine)"
  wrk -t"$threads" -c"$connections" -d"$duration" --latency "$url"
  c1="$(cpu_ticks)"; t1="$(date +%s.%N)"; m1="$(machine)"
  awk -v c="$((c1 - c0))" -v hz="$hz" -v t0="$t0" -v t1="$t1" -v rss="$(rss)" -v name="$name" \
    -v m0="$m0" -v m1="$m1" -v ncpu="$(nproc)" 'BEGIN {
      split(m0, a, " "); split(m1, b, " ")
      server = 100 * c / hz / (t1 - t0); machine = 100 * (b[1] - a[1]) / (b[2] - a[2])
      printf "server (%s): CPU %.0f%% of one core, VmRSS %d KiB; machine busy %.0f%% of %d cores " \
        "(steal %.0f%%), so wrk and the rest used about %.0f%% of one core\n",
        name, server, rss, machine, ncpu, 100 * (b[3] - a[3]) / (b[2] - a[2]), machine * ncpu - server }'
}

run "200" "$base/users/octocat"
run "404" "$base/users/nobody-here"
if [ "${BASELINE:-1}" = 1 ]; then
  # The same server without the database: the home page (static HTML) and a route that does not
  # exist (the router's own 404). What Hummingbird itself costs per request on this machine.
  run "home page, no database" "$base/"
  run "router 404, no database" "$base/nothing-here"
fi
echo
echo "server VmHWM (peak RSS): $(awk '/^VmHWM/ { print $2 }' "/proc/$server/status") KiB"
