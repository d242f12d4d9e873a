#!/usr/bin/env python3
"""Measurement 1: idle /live/signup sessions held open at once, and server memory per session.

For each engine, on a fresh server: open and close a few warm-up sessions, read the server's
RSS (baseline), then open sessions up to each count in --counts (each having received its first
state message), let them sit idle for --idle seconds, and read the RSS again. Per session is
(RSS - baseline) / N. Then close every session and read the RSS once more; then, --cycles times, reopen the largest
count and close it again, reading the RSS each time (flat: freed memory is reused; growing: a leak).

    .venv-bench/bin/python Benchmarks/ServerLoad/sessions.py --engines reactor,mvvm,driver --counts 1000,2000

Bounded: at most max(--counts) sessions, every step under a timeout; the server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time

import loadlib


def settle_rss(pid: int, readings: int = 5, gap: float = 0.4) -> dict[str, int]:
    """The median of a few /proc readings, so a transient allocation does not skew one number."""
    samples = []
    for _ in range(readings):
        samples.append(loadlib.proc_status(pid))
        time.sleep(gap)
    return {k: int(statistics.median(s[k] for s in samples)) for k in samples[0]}


async def measure_engine(server: loadlib.Server, engine: str, counts: list[int], idle: float,
                         concurrency: int, warmup: int, cycles: int) -> dict:
    loop = asyncio.get_running_loop()
    path = f"/live/signup?engine={engine}"
    pid = server.pid

    # Warm up: the first sessions pay one-off costs (lazy globals, type metadata, thread pools).
    warm = await loadlib.open_many(loop, server.port, path, warmup, concurrency)
    for s in warm:
        s.send_action(b'{"type":"passwordChanged","value":"abc"}', b"failure")
    await asyncio.sleep(0.5)
    for s in warm:
        s.close()
    await asyncio.wait_for(asyncio.gather(*(s.closed for s in warm)), 10)
    await asyncio.sleep(2)

    baseline = await asyncio.to_thread(settle_rss, pid)
    cpu0 = loadlib.proc_cpu_seconds(pid)
    result = {"engine": engine, "baseline": baseline, "steps": []}
    print(f"[{engine}] baseline VmRSS {baseline['VmRSS']} KiB (RssAnon {baseline['RssAnon']} KiB), "
          f"{baseline['Threads']} threads", flush=True)

    sessions: list[loadlib.LiveSession] = []
    for n in counts:
        t0 = time.monotonic()
        sessions += await loadlib.open_many(loop, server.port, path, n - len(sessions), concurrency,
                                            timeout=max(60.0, n / 20))
        opened_in = time.monotonic() - t0
        await asyncio.sleep(idle)
        rss = await asyncio.to_thread(settle_rss, pid)
        alive = sum(1 for s in sessions if not s.closed.done())
        delta = rss["VmRSS"] - baseline["VmRSS"]
        anon = rss["RssAnon"] - baseline["RssAnon"]
        step = {
            "sessions": n, "alive": alive, "opened_in_s": round(opened_in, 2), "rss": rss,
            "delta_kib": delta, "per_session_kib": round(delta / n, 2),
            "per_session_anon_kib": round(anon / n, 2),
        }
        result["steps"].append(step)
        print(f"[{engine}] {n} sessions open ({alive} alive, opened in {opened_in:.1f} s): "
              f"VmRSS {rss['VmRSS']} KiB, delta {delta} KiB = {delta / n:.1f} KiB/session "
              f"(anon {anon / n:.1f} KiB/session), {rss['Threads']} threads", flush=True)

    result["server_cpu_s_while_opening_and_idle"] = round(loadlib.proc_cpu_seconds(pid) - cpu0, 2)
    for s in sessions:
        s.close()
    await asyncio.wait_for(asyncio.gather(*(s.closed for s in sessions), return_exceptions=True), 30)
    await asyncio.sleep(3)
    after = await asyncio.to_thread(settle_rss, pid)
    result["after_close"] = after
    print(f"[{engine}] all closed: VmRSS {after['VmRSS']} KiB "
          f"({after['VmRSS'] - baseline['VmRSS']:+d} KiB vs baseline), peak VmHWM {after['VmHWM']} KiB",
          flush=True)

    # Leak or retention? Open and close the largest count again: memory that malloc kept for reuse
    # is reused (RSS stays flat); memory still referenced by closed sessions grows RSS every cycle.
    result["cycles"] = []
    for cycle in range(cycles):
        again = await loadlib.open_many(loop, server.port, path, counts[-1], concurrency,
                                        timeout=max(60.0, counts[-1] / 20))
        await asyncio.sleep(idle)
        open_rss = (await asyncio.to_thread(settle_rss, pid))["VmRSS"]
        for s in again:
            s.close()
        await asyncio.wait_for(asyncio.gather(*(s.closed for s in again), return_exceptions=True), 30)
        await asyncio.sleep(3)
        closed_rss = (await asyncio.to_thread(settle_rss, pid))["VmRSS"]
        result["cycles"].append({"open_kib": open_rss, "closed_kib": closed_rss})
        print(f"[{engine}] cycle {cycle + 1}: {counts[-1]} reopened: VmRSS {open_rss} KiB; "
              f"closed: VmRSS {closed_rss} KiB ({closed_rss - baseline['VmRSS']:+d} KiB vs baseline)", flush=True)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engines", default="reactor", help="comma-separated: reactor,mvvm,driver")
    parser.add_argument("--counts", default="1000,2000", help="session counts to stop at, ascending")
    parser.add_argument("--idle", type=float, default=5.0, help="seconds idle before each reading")
    parser.add_argument("--concurrency", type=int, default=64, help="handshakes in flight at once")
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--cycles", type=int, default=2,
                        help="then reopen and close the largest count this many times (leak check, at most 10)")
    parser.add_argument("--binary", default=loadlib.DEFAULT_BINARY)
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    counts = sorted(int(c) for c in args.counts.split(","))
    args.cycles = max(0, min(args.cycles, 10))
    limit = loadlib.raise_nofile(max(counts) * 2 + 1024)
    if limit < max(counts) + 256:
        print(f"open-file limit {limit} is too low for {max(counts)} sessions", file=sys.stderr)
        return 1

    results = []
    for engine in args.engines.split(","):
        with loadlib.Server(args.binary) as server:
            print(f"[{engine}] server pid {server.pid} at {server.url}, database {server.database}", flush=True)
            results.append(asyncio.run(measure_engine(server, engine, counts, args.idle, args.concurrency,
                                                      args.warmup, args.cycles)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
