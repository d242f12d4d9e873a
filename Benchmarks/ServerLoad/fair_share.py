#!/usr/bin/env python3
"""What one client's valid traffic costs another client (issue 24, findings 1-4).

Starts the server with its per-client limits on (the defaults, unlike the other load scripts), runs
each attack from 127.0.0.1 for --duration seconds while a second client on 127.0.0.2 (another address,
so another share and budget) times `GET /users/x`, each on a fresh connection, one at a time. Reports for
each attack the second client's latency (p50, p95, max; a probe with no answer in 3 s counts as failed),
the server's CPU (share of one core) and the bytes it wrote to its log during the attack.

  hog      open --hog connections and keep them open, doing nothing (finding 1)
  logs     GET /users/<random> pipelined on 4 connections, as fast as they go: refused 403 once the
           budget is spent (finding 2)
  live     3 /live/signup sockets sending valid username events as fast as they go (finding 3)
  body     2 connections sending `GET /users/x` with Content-Length 10^11, then the body (finding 4)

Every loop is bounded by --duration; only 127.0.0.1 and 127.0.0.2 are used. Example:
  python3 Benchmarks/ServerLoad/fair_share.py --binary .build-release/release/octoreact --json out.json
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import shlex
import socket
import statistics
import string
import struct
import threading
import time

import loadlib

SECOND = "127.0.0.2"


def probe(port: int, timeout: float = 3.0) -> float | None:
    """One `GET /users/x` from the second client on a fresh connection: seconds, or None if unanswered."""
    start = time.monotonic()
    try:
        with socket.create_connection((loadlib.HOST, port), timeout=timeout, source_address=(SECOND, 0)) as s:
            s.sendall(b"GET /users/x HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
            data = b""
            while b"\r\n\r\n" not in data:
                chunk = s.recv(4096)
                if not chunk:
                    return None
                data += chunk
        return time.monotonic() - start
    except OSError:
        return None


def second_client(port: int, stop: threading.Event, results: list):
    while not stop.is_set():
        results.append(probe(port))
        stop.wait(0.05)


def in_threads(target, count: int):
    """Runs `target` on `count` threads and waits for them all."""
    threads = [threading.Thread(target=target, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def summary(latencies: list) -> dict:
    answered = sorted(x * 1000 for x in latencies if x is not None)
    if not answered:
        return {"probes": len(latencies), "failed": len(latencies)}
    p95 = answered[min(len(answered) - 1, int(0.95 * len(answered)))]
    return {"probes": len(latencies), "failed": len(latencies) - len(answered),
            "p50_ms": round(statistics.median(answered), 2), "p95_ms": round(p95, 2),
            "max_ms": round(answered[-1], 2)}


# ---------------------------------------------------------------------------------------------
# The attacks: each runs until `stop` is set, from 127.0.0.1.


def hog(port: int, stop: threading.Event, count: int, report: dict):
    sockets = []
    for _ in range(count):
        if stop.is_set():
            break
        try:
            s = socket.create_connection((loadlib.HOST, port), timeout=2)
            s.setblocking(False)
            sockets.append(s)
        except OSError:
            break
    stop.wait()
    still_open = 0
    for s in sockets:
        try:
            still_open += s.recv(1) != b""
        except BlockingIOError:
            still_open += 1
        except OSError:
            pass
        s.close()
    report.update(opened=len(sockets), open_at_end=still_open)


def log_flood(port: int, stop: threading.Event, report: dict):
    sent = [0]

    def one():
        rng = random.Random()
        try:
            s = socket.create_connection((loadlib.HOST, port), timeout=5)
        except OSError:
            return
        s.settimeout(0.5)
        while not stop.is_set():
            batch = b"".join(
                b"GET /users/" + "".join(rng.choices(string.ascii_lowercase, k=12)).encode()
                + b" HTTP/1.1\r\nHost: localhost\r\n\r\n" for _ in range(100))
            try:
                s.sendall(batch)
                sent[0] += 100
                while True:
                    if not s.recv(1 << 16):
                        return
            except socket.timeout:
                continue
            except OSError:
                try:
                    s = socket.create_connection((loadlib.HOST, port), timeout=5)
                    s.settimeout(0.5)
                except OSError:
                    return

    in_threads(one, 4)
    report.update(requests_sent=sent[0])


def masked_text(text: str) -> bytes:
    payload = text.encode()
    mask = os.urandom(4)
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x81, 0x80 | len(payload)]) + mask + body


def live_flood(port: int, stop: threading.Event, report: dict):
    sent = [0]
    frames = b"".join(masked_text(json.dumps({"type": "usernameChanged", "value": f"user{i}"})) for i in range(200))

    def one():
        s = socket.create_connection((loadlib.HOST, port), timeout=5)
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall((f"GET /live/signup HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        s.settimeout(0.2)
        reader = threading.Thread(target=drain, args=(s, stop), daemon=True)
        reader.start()
        while not stop.is_set():
            try:
                s.sendall(frames)
                sent[0] += 200
            except socket.timeout:
                continue
            except OSError:
                return

    in_threads(one, 3)
    report.update(messages_sent=sent[0])


def drain(s: socket.socket, stop: threading.Event):
    while not stop.is_set():
        try:
            if not s.recv(1 << 16):
                return
        except socket.timeout:
            continue
        except OSError:
            return


def body_drain(port: int, stop: threading.Event, report: dict):
    sent = [0]
    chunk = bytes(1 << 16)

    def one():
        s = socket.create_connection((loadlib.HOST, port), timeout=5)
        s.sendall(b"GET /users/x HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000000000\r\n\r\n")
        s.settimeout(0.2)
        while not stop.is_set():
            try:
                sent[0] += s.send(chunk)
            except socket.timeout:
                continue
            except OSError:
                return

    in_threads(one, 2)
    report.update(body_bytes_accepted=sent[0])


ATTACKS = {"none": None, "hog": hog, "logs": log_flood, "live": live_flood, "body": body_drain}


def run(name: str, args) -> dict:
    extra = shlex.split(args.serve_args)
    with loadlib.Server(args.binary, extra_args=extra, limits_off=False) as server:
        time.sleep(1)
        stop = threading.Event()
        report: dict = {}
        attack = ATTACKS[name]
        log_before = os.path.getsize(server.log_path)
        cpu_before = loadlib.proc_cpu_seconds(server.pid)
        started = time.monotonic()
        attacker = None
        if attack is not None:
            attack_args = (server.port, stop, args.hog, report) if name == "hog" else (server.port, stop, report)
            attacker = threading.Thread(target=attack, args=attack_args, daemon=True)
            attacker.start()
            time.sleep(1)  # let the attack take hold before the second client measures
        latencies: list = []
        prober = threading.Thread(target=second_client, args=(server.port, stop, latencies), daemon=True)
        prober.start()
        time.sleep(args.duration)
        stop.set()
        prober.join()
        if attacker:
            attacker.join(timeout=15)
        wall = time.monotonic() - started
        cpu = loadlib.proc_cpu_seconds(server.pid) - cpu_before
        log_bytes = os.path.getsize(server.log_path) - log_before
    result = {"attack": name, "second_client": summary(latencies),
              "server_cores": round(cpu / wall, 2), "log_bytes": log_bytes, **report}
    print(json.dumps(result), flush=True)
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=loadlib.DEFAULT_BINARY)
    parser.add_argument("--attacks", default="none,hog,logs,live,body")
    parser.add_argument("--duration", type=float, default=10.0, help="seconds each attack is measured (max 120)")
    parser.add_argument("--hog", type=int, default=5000, help="connections the hog opens (max 20000)")
    parser.add_argument("--serve-args", default="--max-connections 4096",
                        help="more `serve` flags (default: the connection limit the findings were measured with)")
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    if not 1 <= args.duration <= 120 or not 1 <= args.hog <= 20000:
        parser.error("--duration must be 1-120 and --hog 1-20000")
    loadlib.raise_nofile(args.hog + 4096)
    results = [run(name, args) for name in args.attacks.split(",")]
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"binary": args.binary, "results": results}, f, indent=1)


if __name__ == "__main__":
    main()
