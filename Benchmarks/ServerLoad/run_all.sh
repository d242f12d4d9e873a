#!/usr/bin/env bash
# Runs the server measurements in turn and keeps their output in $OUT (default
# /tmp/octoreact-serverload-<date>). Expects the release server and the .venv-bench environment
# (see README.md). Each step is bounded; the whole run takes about 15 minutes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="$root/.venv-bench/bin/python"
out="${OUT:-/tmp/octoreact-serverload-$(date +%Y%m%d-%H%M%S)}"
mkdir -p "$out"
ulimit -n 20000 2>/dev/null || ulimit -n 8192

{
  date -u +%Y-%m-%dT%H:%M:%SZ
  echo "nproc: $(nproc)"; free -h; uname -m; swift --version 2>&1 | head -1
  uptime
} | tee "$out/machine.txt"

# 1. Idle sessions and memory per session, for each engine, with the open/close leak check.
"$python" "$here/sessions.py" --engines reactor,mvvm,driver --counts 1000,2000 --cycles 3 \
  --json "$out/sessions.json" | tee "$out/sessions.txt"
"$python" "$here/sessions.py" --engines reactor --counts 5000,10000 --cycles 0 \
  --json "$out/sessions-reactor-10k.json" | tee "$out/sessions-reactor-10k.txt"

# 2. Keystroke round trip, 1,000 sessions x 5 events/s: the C client against the server and against
#    the control server (the machine's own floor), then the Python client, then the other engines.
cc -O2 -o /tmp/octoreact-control "$here/control_server.c"
"$python" "$here/keystrokes.py" --client c --sessions 1000 --rate 5 --duration 40 \
  --json "$out/keystrokes-reactor-c.json" | tee "$out/keystrokes-reactor-c.txt"
"$python" "$here/keystrokes.py" --client c --binary /tmp/octoreact-control --sessions 1000 --rate 5 --duration 40 \
  --json "$out/keystrokes-control-c.json" | tee "$out/keystrokes-control-c.txt"
"$python" "$here/keystrokes.py" --client python --procs 2 --sessions 1000 --rate 5 --duration 40 \
  --json "$out/keystrokes-reactor-python.json" | tee "$out/keystrokes-reactor-python.txt"
for engine in mvvm driver; do
  "$python" "$here/keystrokes.py" --client c --engine "$engine" --sessions 1000 --rate 5 --duration 30 \
    --json "$out/keystrokes-$engine-c.json" | tee "$out/keystrokes-$engine-c.txt" || true
done
"$python" "$here/report.py" "$out"/keystrokes-*.json | tee "$out/keystrokes-summary.txt"

# 3. GET /users/{name} with wrk, and the no-database routes for comparison.
"$here/http.sh" | tee "$out/http.txt"

echo "results in $out"
