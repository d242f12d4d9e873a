#!/usr/bin/env python3
"""Soak: opens and closes many /live WebSocket sessions against a fresh release server and reports its
memory after each round, to show whether closed connections give their memory back.

Each session connects, waits for its first state message (or, for a path whose upgrade is refused or
whose handler fails at once, for the server's answer), sends a close frame and waits until the
server has closed the connection. `--parallel` sessions run at a time. After each `--round` sessions
the script waits `--settle` seconds and reads the server's RSS (median of 5 readings).

    .venv-bench/bin/python Benchmarks/ServerLoad/soak.py                       # 50,000 in rounds of 10,000
    .venv-bench/bin/python Benchmarks/ServerLoad/soak.py --path '/live/search?engine=bogus'

Target: after the first round (which pays one-off costs), RSS flat within 2 MB. Bounded: at most
--sessions sessions, each under a 30 s timeout, the whole run under --timeout seconds; 127.0.0.1 only;
the server is stopped at the end. If the binary's `serve --help` has `--rate-limit`, the server is
started with `--rate-limit off` (the soak measures memory, not the limits).
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
    samples = []
    for _ in range(readings):
        samples.append(loadlib.proc_status(pid))
        time.sleep(gap)
    return {k: int(statistics.median(s[k] for s in samples)) for k in samples[0]}


async def one_session(loop, port: int, path: str) -> str:
    """Opens, waits for the first state (or the server's answer), closes; returns how it went."""
    _, session = await asyncio.wait_for(
        loop.create_connection(lambda: loadlib.LiveSession(port, path, loop), loadlib.HOST, port), 30)
    outcome = "state"
    try:
        await asyncio.wait_for(asyncio.shield(session.ready), 30)
    except ConnectionError:
        outcome = "refused"  # not upgraded, or closed before a state (a failing handler)
    session.close()
    await asyncio.wait_for(session.closed, 30)
    return outcome


async def soak(server: loadlib.Server, path: str, total: int, round_size: int, parallel: int, settle: float,
               deadline: float) -> dict:
    loop = asyncio.get_running_loop()
    pid = server.pid
    rss0 = await asyncio.to_thread(settle_rss, pid)
    print(f"start: VmRSS {rss0['VmRSS']} KiB, {rss0['Threads']} threads  ({path})", flush=True)
    result = {"path": path, "start": rss0, "rounds": []}
    gate = asyncio.Semaphore(parallel)
    outcomes: dict[str, int] = {}

    async def gated():
        async with gate:
            try:
                outcome = await one_session(loop, server.port, path)
            except (OSError, asyncio.TimeoutError) as error:
                outcome = type(error).__name__
            outcomes[outcome] = outcomes.get(outcome, 0) + 1

    done = 0
    while done < total:
        if time.monotonic() > deadline:
            print("stopped: --timeout reached", flush=True)
            break
        n = min(round_size, total - done)
        t0 = time.monotonic()
        cpu0 = loadlib.proc_cpu_seconds(pid)
        await asyncio.wait_for(asyncio.gather(*(gated() for _ in range(n))), max(60.0, deadline - time.monotonic()))
        took = time.monotonic() - t0
        cpu = loadlib.proc_cpu_seconds(pid) - cpu0
        done += n
        await asyncio.sleep(settle)
        rss = await asyncio.to_thread(settle_rss, pid)
        step = {"sessions": done, "seconds": round(took, 1), "server_cpu_s": round(cpu, 1), "rss": rss,
                "outcomes": dict(outcomes)}
        result["rounds"].append(step)
        print(f"{done:>7} sessions ({n / took:.0f}/s, server CPU {cpu:.1f} s): VmRSS {rss['VmRSS']} KiB "
              f"(RssAnon {rss['RssAnon']} KiB, {rss['Threads']} threads)  {dict(outcomes)}", flush=True)
    rounds = [r["rss"]["VmRSS"] for r in result["rounds"]]
    if len(rounds) >= 2:
        growth = rounds[-1] - rounds[0]
        result["growth_after_first_round_kib"] = growth
        per = growth * 1024 / max(1, done - result["rounds"][0]["sessions"])
        print(f"after the first round: {growth:+d} KiB over {done - result['rounds'][0]['sessions']} sessions "
              f"({per:.0f} bytes/session); target: within 2048 KiB", flush=True)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--path", default="/live/signup?engine=reactor")
    parser.add_argument("--sessions", type=int, default=50_000, help="sessions in all (at most 1,000,000)")
    parser.add_argument("--round", type=int, default=10_000, help="sessions between two RSS readings")
    parser.add_argument("--parallel", type=int, default=64, help="sessions open at once")
    parser.add_argument("--settle", type=float, default=5.0, help="seconds to wait before each reading")
    parser.add_argument("--timeout", type=float, default=1800.0, help="seconds for the whole run")
    parser.add_argument("--binary", default=loadlib.DEFAULT_BINARY)
    parser.add_argument("--log-level", default="info")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    args.sessions = max(1, min(args.sessions, 1_000_000))
    args.round = max(1, min(args.round, args.sessions))
    args.parallel = max(1, min(args.parallel, 1000))
    loadlib.raise_nofile(args.parallel * 2 + 1024)

    deadline = time.monotonic() + args.timeout
    with loadlib.Server(args.binary, log_level=args.log_level, extra_args=[]) as server:
        print(f"server pid {server.pid} at {server.url} {' '.join(server.extra_args)}", flush=True)
        result = asyncio.run(soak(server, args.path, args.sessions, args.round, args.parallel, args.settle, deadline))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
