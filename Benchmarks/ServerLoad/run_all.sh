#!/usr/bin/env bash
# Runs the three server measurements in turn and keeps their output in $OUT (default
# /tmp/octoreact-serverload-<date>). Expects the release server and the .venv-bench environment
# (see README.md). Each step is bounded; the whole run takes about 10 minutes.
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

# 1. Idle sessions and memory per session, for each engine.
"$python" "$here/sessions.py" --engines reactor,mvvm,driver --counts 1000,2000,5000 \
  --json "$out/sessions.json" | tee "$out/sessions.txt"

# 2. Keystroke round trip, 1,000 sessions x 5 events/s, with the C client and the Python client.
"$python" "$here/keystrokes.py" --client c --sessions 1000 --rate 5 --duration 40 \
  --json "$out/keystrokes-c.json" | tee "$out/keystrokes-c.txt"
"$python" "$here/keystrokes.py" --client python --procs 2 --sessions 1000 --rate 5 --duration 40 \
  --json "$out/keystrokes-python.json" | tee "$out/keystrokes-python.txt"

# 3. GET /users/{name} with wrk.
"$here/http.sh" | tee "$out/http.txt"

echo "results in $out"
