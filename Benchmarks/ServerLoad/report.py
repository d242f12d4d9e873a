#!/usr/bin/env python3
"""One line per keystrokes.py result file: rate, round-trip percentiles, CPU, peak RSS.

    .venv-bench/bin/python Benchmarks/ServerLoad/report.py /tmp/octoreact-results/keystrokes-*.json
"""

import json
import sys

print(f"{'file':40} {'engine':8} {'client':6} {'sess':>5} {'rate/s':>7} {'p50':>6} {'p90':>6} {'p99':>7} "
      f"{'p99.9':>7} {'max':>7}  {'srv%':>5} {'cli%':>5} {'other%':>6} {'steal%':>6} {'late99':>6} {'peakRSS':>8}")
for path in sys.argv[1:]:
    with open(path) as f:
        d = json.load(f)
    r = d["round_trip"]
    client = d.get("client_cpu_percent_of_one_core")
    if client is None:
        client = sum(d.get("client_cpu_percent_of_one_core_each", []))
    engine = "control" if "control" in d.get("server_binary", "") else d["engine"]
    print(f"{path.rsplit('/', 1)[-1]:40} {engine:8} {d.get('client', 'python'):6} {d['sessions']:5} "
          f"{d['achieved_rate_per_s']:7.0f} {r['p50_ms']:6.2f} {r['p90_ms']:6.2f} {r['p99_ms']:7.2f} "
          f"{r['p99_9_ms']:7.2f} {r['max_ms']:7.2f}  {d['server_cpu_percent_of_one_core']:5.0f} {client:5.0f} "
          f"{d.get('other_cpu_percent_of_one_core', float('nan')):6.0f} {d.get('machine_steal_percent', float('nan')):6.1f} "
          f"{d['client_send_lateness']['p99_ms']:6.2f} "
          f"{d['server_rss_kib']['peak_during_run_sampled'] // 1024:6d}Mi")
