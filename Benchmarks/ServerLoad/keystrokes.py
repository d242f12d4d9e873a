#!/usr/bin/env python3
"""Measurement 2: keystroke-to-state round trip with many live sessions typing at once.

--sessions WebSocket sessions to /live/signup each send passwordChanged events at --rate per second
with jitter (intervals uniform in [(1-j)/rate, (1+j)/rate]), alternating "abc" (too short) and
"abcdef" (valid) so that every event changes the state. The round trip is the time from writing an
event to the socket to receiving the state it caused: the next state message whose password tone
(failure / success) is the event's (repeats count as extra_states). Sending is open-loop (on a
schedule, never waiting for the previous answer), so a slow server shows up as latency rather than
as a lower rate.

Two clients: --client c runs wsload.c (compiled on first use; one epoll process, the least CPU);
--client python runs the asyncio client of loadlib.py in --procs processes. --binary chooses the
server (control_server.c gives the machine's own floor).

The first --warmup seconds are not counted; then --duration seconds are measured. The server's
RSS is sampled every 250 ms (peak reported); the CPU of the server, of the client, of everything
else, and the hypervisor's steal are reported for the measured window.

    .venv-bench/bin/python Benchmarks/ServerLoad/keystrokes.py --client c --sessions 1000 --rate 5 --duration 40

Bounded: every process stops by itself after warm-up + duration + a 3 s drain.
"""

from __future__ import annotations

import argparse
import array
import asyncio
import json
import shlex
import multiprocessing as mp
import os
import random
import subprocess
import sys
import time

import loadlib

VALUES = (b'{"type":"passwordChanged","value":"abc"}', b'{"type":"passwordChanged","value":"abcdef"}')
TONES = (b"failure", b"success")  # the password tone each value causes


def worker(index: int, port: int, path: str, sessions: int, rate: float, jitter: float, warmup: float,
           duration: float, concurrency: int, ready_q, go_event, result_q):
    try:
        result = asyncio.run(_worker(index, port, path, sessions, rate, jitter, warmup, duration,
                                     concurrency, ready_q, go_event))
    except BaseException as exc:  # report, never hang the parent
        result = {"index": index, "error": repr(exc)}
        ready_q.put((index, 0, repr(exc)))
    result_q.put(result)


async def _worker(index, port, path, count, rate, jitter, warmup, duration, concurrency, ready_q, go_event):
    loop = asyncio.get_running_loop()
    latencies: list[float] = []
    sessions = await loadlib.open_many(loop, port, path, count, concurrency, latencies=latencies,
                                       timeout=max(60.0, count / 10))
    ready_q.put((index, len(sessions), None))
    # Wait (bounded) for the parent to start everyone together.
    if not await asyncio.to_thread(go_event.wait, 120):
        raise TimeoutError("no go signal")

    start = loop.time()
    measure_from = start + warmup
    stop_at = measure_from + duration
    lo, hi = (1 - jitter) / rate, (1 + jitter) / rate
    lateness: list[float] = []
    rng = random.Random(index)
    state = {"measuring": False}

    def fire(s: loadlib.LiveSession, k: int, scheduled: float):
        now = loop.time()
        if now >= stop_at or s.transport.is_closing():
            return
        if state["measuring"]:
            lateness.append(now - scheduled)
        s.send_action(VALUES[k & 1], TONES[k & 1])
        nxt = scheduled + rng.uniform(lo, hi)
        loop.call_at(nxt, fire, s, k + 1, nxt)

    for s in sessions:
        first = start + rng.uniform(0, 1 / rate)
        loop.call_at(first, fire, s, 0, first)

    await asyncio.sleep(max(0.0, measure_from - loop.time()))
    latencies.clear()
    sent0 = sum(s.sent for s in sessions)
    errors0 = sum(s.errors for s in sessions)
    cpu0 = time.process_time()
    state["measuring"] = True
    await asyncio.sleep(max(0.0, stop_at - loop.time()))
    cpu1 = time.process_time()
    sent = sum(s.sent for s in sessions) - sent0
    # Drain: wait up to 3 s for answers still in flight.
    drain_until = loop.time() + 3
    while loop.time() < drain_until and any(s.outstanding for s in sessions):
        await asyncio.sleep(0.05)
    lost = sum(len(s.outstanding) for s in sessions)
    result = {
        "index": index,
        "sessions": len(sessions),
        "alive_at_end": sum(1 for s in sessions if not s.closed.done()),
        "sent": sent,
        "answered": len(latencies),
        "unanswered_after_drain": lost,
        "errors": sum(s.errors for s in sessions) - errors0,
        "extra_states": sum(s.unsolicited for s in sessions),
        "superseded_events": sum(s.superseded for s in sessions),
        "cpu_s": cpu1 - cpu0,
        "wall_s": duration,
        "latencies": array.array("d", latencies).tobytes(),
        "lateness": array.array("d", lateness).tobytes(),
    }
    for s in sessions:
        s.close()
    await asyncio.wait_for(asyncio.gather(*(s.closed for s in sessions), return_exceptions=True), 10)
    return result


def summarize(values: list[float]) -> dict:
    values = sorted(values)
    ms = lambda v: round(v * 1000, 3)  # noqa: E731
    return {
        "count": len(values),
        "mean_ms": ms(sum(values) / len(values)) if values else None,
        "p50_ms": ms(loadlib.percentile(values, 50)),
        "p90_ms": ms(loadlib.percentile(values, 90)),
        "p99_ms": ms(loadlib.percentile(values, 99)),
        "p99_9_ms": ms(loadlib.percentile(values, 99.9)),
        "max_ms": ms(values[-1]) if values else None,
    }


WSLOAD_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "wsload.c")


def build_wsload(output: str) -> str:
    """Compiles wsload.c (no dependencies) when the binary is missing or older than the source."""
    if not os.path.exists(output) or os.path.getmtime(output) < os.path.getmtime(WSLOAD_SOURCE):
        subprocess.run(["cc", "-O2", "-Wall", "-o", output, WSLOAD_SOURCE], check=True)
    return output


def engine_query(args) -> str:
    """The page's `engine` parameter, followed by `&inspect` with --inspect (the inspector's events and
    recording on every session)."""
    return args.engine + ("&inspect" if args.inspect else "")


def run_c(args, port: int, pid: int) -> dict:
    """The same measurement with the C client (wsload.c): one process, epoll, about a tenth of the CPU."""
    binary = build_wsload(args.wsload)
    rss_before = loadlib.proc_status(pid)
    client = subprocess.Popen(
        [binary, str(port), str(args.sessions), str(args.rate), str(args.jitter), str(args.warmup),
         str(args.duration), engine_query(args)],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        line = client.stdout.readline()
        if not line.startswith("READY"):
            raise SystemExit(f"wsload did not connect: {line!r}")
        rss_idle = loadlib.proc_status(pid)
        print(f"{line.split()[1]} sessions open (engine={args.engine}, C client); server VmRSS "
              f"{rss_idle['VmRSS']} KiB (was {rss_before['VmRSS']} KiB before connecting)", flush=True)
        with loadlib.Sampler(pid) as sampler:
            time.sleep(args.warmup)
            s_cpu0, m0, t0 = loadlib.proc_cpu_seconds(pid), loadlib.total_cpu_seconds(), time.monotonic()
            time.sleep(args.duration)
            s_cpu1, m1, t1 = loadlib.proc_cpu_seconds(pid), loadlib.total_cpu_seconds(), time.monotonic()
            out, _ = client.communicate(timeout=30)
    finally:
        if client.poll() is None:
            client.kill()
            client.wait()
    summary = {"engine": args.engine, "inspect": args.inspect, "client": "c", "target_rate_per_session": args.rate,
               "duration_s": args.duration}
    summary.update(json.loads(out.strip().splitlines()[-1]))
    wall = t1 - t0
    summary.update({
        "server_cpu_percent_of_one_core": round(100 * (s_cpu1 - s_cpu0) / wall, 1),
        "machine_busy_percent": round(100 * (m1[0] - m0[0]) / (m1[1] - m0[1]), 1),
        "machine_steal_percent": round(100 * (m1[2] - m0[2]) / (m1[1] - m0[1]), 1),
        "server_rss_kib": {"before_connect": rss_before["VmRSS"], "sessions_idle": rss_idle["VmRSS"],
                           "peak_during_run_sampled": sampler.peak_kib,
                           "VmHWM_at_end": loadlib.proc_status(pid)["VmHWM"]},
    })
    summary["other_cpu_percent_of_one_core"] = other_cpu(summary, [summary["client_cpu_percent_of_one_core"]])
    return summary


def run(args, server: loadlib.Server | None, port: int, pid: int) -> dict:
    if args.client == "c":
        return run_c(args, port, pid)
    path = f"/live/signup?engine={engine_query(args)}"
    ctx = mp.get_context("fork")
    ready_q, result_q, go = ctx.Queue(), ctx.Queue(), ctx.Event()
    shares = [args.sessions // args.procs + (1 if i < args.sessions % args.procs else 0) for i in range(args.procs)]
    procs = [
        ctx.Process(target=worker, args=(i, port, path, n, args.rate, args.jitter, args.warmup, args.duration,
                                         max(8, args.concurrency // args.procs), ready_q, go, result_q),
                    daemon=True)
        for i, n in enumerate(shares)
    ]
    rss_before = loadlib.proc_status(pid)
    for p in procs:
        p.start()
    opened = 0
    for _ in procs:
        index, n, err = ready_q.get(timeout=180)
        if err:
            raise SystemExit(f"client process {index} failed while connecting: {err}")
        opened += n
    rss_idle = loadlib.proc_status(pid)
    print(f"{opened} sessions open (engine={args.engine}); server VmRSS {rss_idle['VmRSS']} KiB "
          f"(was {rss_before['VmRSS']} KiB before connecting)", flush=True)

    with loadlib.Sampler(pid) as sampler:
        go.set()
        time.sleep(args.warmup)
        s_cpu0, m0, t0 = loadlib.proc_cpu_seconds(pid), loadlib.total_cpu_seconds(), time.monotonic()
        time.sleep(args.duration)
        s_cpu1, m1, t1 = loadlib.proc_cpu_seconds(pid), loadlib.total_cpu_seconds(), time.monotonic()
        results = [result_q.get(timeout=args.duration + 60) for _ in procs]
    for p in procs:
        p.join(10)
    failed = [r for r in results if "error" in r]
    if failed:
        raise SystemExit(f"client process failed: {failed}")

    latencies, lateness = [], []
    for r in results:
        a = array.array("d")
        a.frombytes(r.pop("latencies"))
        latencies += a
        b = array.array("d")
        b.frombytes(r.pop("lateness"))
        lateness += b
    wall = t1 - t0
    sent = sum(r["sent"] for r in results)
    summary = {
        "engine": args.engine, "inspect": args.inspect,
        "client": "python",
        "sessions": opened,
        "procs": args.procs,
        "target_rate_per_session": args.rate,
        "duration_s": args.duration,
        "sent": sent,
        "achieved_rate_per_s": round(sent / args.duration, 1),
        "answered": sum(r["answered"] for r in results),
        "unanswered_after_drain": sum(r["unanswered_after_drain"] for r in results),
        "errors": sum(r["errors"] for r in results),
        "extra_states": sum(r["extra_states"] for r in results),
        "superseded_events": sum(r["superseded_events"] for r in results),
        "alive_at_end": sum(r["alive_at_end"] for r in results),
        "round_trip": summarize(latencies),
        "client_send_lateness": summarize(lateness),
        "server_cpu_percent_of_one_core": round(100 * (s_cpu1 - s_cpu0) / wall, 1),
        "client_cpu_percent_of_one_core_each": [round(100 * r["cpu_s"] / r["wall_s"], 1) for r in results],
        "machine_busy_percent": round(100 * (m1[0] - m0[0]) / (m1[1] - m0[1]), 1),
        "machine_steal_percent": round(100 * (m1[2] - m0[2]) / (m1[1] - m0[1]), 1),
        "server_rss_kib": {"before_connect": rss_before["VmRSS"], "sessions_idle": rss_idle["VmRSS"],
                           "peak_during_run_sampled": sampler.peak_kib,
                           "VmHWM_at_end": loadlib.proc_status(pid)["VmHWM"]},
    }
    summary["other_cpu_percent_of_one_core"] = other_cpu(summary, summary["client_cpu_percent_of_one_core_each"])
    return summary


def other_cpu(summary: dict, client_percents: list[float]) -> float:
    """CPU used during the window by anything but the server and the client (other jobs, kernel
    threads), in percent of one core: a run with much of it shares the machine and is noisy."""
    machine = summary["machine_busy_percent"] * os.cpu_count()
    return round(machine - summary["server_cpu_percent_of_one_core"] - sum(client_percents), 1)


def background_busy(seconds: float = 3.0) -> float:
    """The machine's busy percent (of all cores) over a few seconds before the run."""
    b0, t0, _ = loadlib.total_cpu_seconds()
    time.sleep(seconds)
    b1, t1, _ = loadlib.total_cpu_seconds()
    return round(100 * (b1 - b0) / (t1 - t0), 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=5.0, help="events per second per session")
    parser.add_argument("--jitter", type=float, default=0.5, help="interval spread, 0..1 (0.5: 100-300 ms at 5/s)")
    parser.add_argument("--duration", type=float, default=40.0, help="measured seconds (at most 300)")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds run but not measured")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--concurrency", type=int, default=64, help="handshakes in flight at once, in all")
    parser.add_argument("--engine", default="reactor")
    parser.add_argument("--inspect", action="store_true", help="open every session with ?inspect")
    parser.add_argument("--client", choices=("python", "c"), default="python",
                        help="python: asyncio processes (--procs); c: wsload.c, one epoll process")
    parser.add_argument("--wsload", default="/tmp/octoreact-wsload", help="where wsload.c is compiled to")
    parser.add_argument("--binary", default=loadlib.DEFAULT_BINARY)
    parser.add_argument("--port", type=int, help="use a running server on 127.0.0.1:PORT (with --pid)")
    parser.add_argument("--pid", type=int, help="the running server's pid, for RSS and CPU")
    parser.add_argument("--json", help="write the summary here")
    parser.add_argument("--serve-args", default="",
                        help="more `serve` flags for the server started here, e.g. \"--max-connections 12000\"")
    args = parser.parse_args()
    args.duration = min(args.duration, 300.0)
    args.warmup = min(args.warmup, 60.0)
    loadlib.raise_nofile(args.sessions * 2 + 1024)
    busy = background_busy()
    print(f"machine busy before the run: {busy}% of {os.cpu_count()} cores"
          + ("  (other jobs are running: results will be noisy)" if busy > 10 else ""), flush=True)

    if args.port:
        if not args.pid:
            parser.error("--port needs --pid")
        summary = run(args, None, args.port, args.pid)
    else:
        with loadlib.Server(args.binary, extra_args=shlex.split(args.serve_args)) as server:
            print(f"server pid {server.pid} at {server.url}", flush=True)
            try:
                summary = run(args, server, server.port, server.pid)
            except ProcessLookupError:
                print(f"the server exited during the run (exit status {server.proc.wait(5)}); "
                      f"see {server.log_path}", file=sys.stderr)
                return 1
    summary["machine_busy_before_percent"] = busy
    summary["server_binary"] = f"pid {args.pid}" if args.port else args.binary
    print(json.dumps(summary, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
