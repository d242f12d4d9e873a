"""Shared pieces of the Octoreact server load generators.

- `Server`: starts `octoreact serve --port 0` on 127.0.0.1 with a fresh database, learns the port
  from its "Octoreact is running at http://HOST:PORT" line, and stops it with SIGTERM.
- `proc_*`: a process's RSS and CPU time from /proc.
- `LiveSession`: a minimal WebSocket client (RFC 6455) as an asyncio Protocol, for /live/signup.
  It is deliberately small: no coroutine per connection, timestamps taken in `data_received`, so a
  single Python process can drive thousands of sessions without becoming the bottleneck.

Everything talks to 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import base64
import collections
import hashlib
import os
import random
import re
import resource
import signal
import subprocess
import tempfile
import threading
import time

HOST = "127.0.0.1"
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_BINARY = os.path.join(ROOT, ".build-release", "release", "octoreact")
CLK_TCK = os.sysconf("SC_CLK_TCK")
PAGE = os.sysconf("SC_PAGE_SIZE")


def rate_limit_off(binary: str) -> list[str]:
    """`--rate-limit off` when this build of the server has the flag (per-client limits would refuse a
    load generator; builds before the limits have neither the limits nor the flag)."""
    help_text = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True, timeout=30).stdout
    return ["--rate-limit", "off"] if "--rate-limit" in help_text else []


def raise_nofile(wanted: int = 65536) -> int:
    """Raises this process's open-file limit (children inherit it) as far as the hard limit allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = min(wanted, hard) if hard != resource.RLIM_INFINITY else wanted
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


# ---------------------------------------------------------------------------------------------
# /proc readings


def proc_status(pid: int) -> dict[str, int]:
    """VmRSS, VmHWM, RssAnon, RssFile, Threads from /proc/<pid>/status (sizes in KiB)."""
    wanted = {"VmRSS", "VmHWM", "RssAnon", "RssFile", "Threads"}
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in wanted:
                out[key] = int(rest.split()[0])
    if "VmRSS" not in out:  # a zombie: the process has exited (crashed?) but is not reaped yet
        raise ProcessLookupError(f"process {pid} has exited")
    return out


def proc_rss_kib(pid: int) -> int:
    return proc_status(pid)["VmRSS"]


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # fields[0] is the state (field 3); utime and stime are fields 14 and 15.
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def total_cpu_seconds() -> tuple[float, float, float]:
    """(busy, total, steal) CPU seconds of the whole machine, from /proc/stat. Steal is time the
    hypervisor gave this VM's CPUs to someone else (counted in busy and total)."""
    with open("/proc/stat") as f:
        parts = [int(x) for x in f.readline().split()[1:]]
    idle = parts[3] + parts[4]
    total = sum(parts[:8])
    return (total - idle) / CLK_TCK, total / CLK_TCK, parts[7] / CLK_TCK


class Sampler:
    """Samples a process's RSS every `interval` seconds on a thread; keeps the peak."""

    def __init__(self, pid: int, interval: float = 0.25):
        self.pid, self.interval = pid, interval
        self.peak_kib = 0
        self.samples: list[tuple[float, int]] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self._stop.is_set():
            try:
                rss = proc_rss_kib(self.pid)
            except OSError:
                return
            self.samples.append((time.monotonic(), rss))
            self.peak_kib = max(self.peak_kib, rss)
            self._stop.wait(self.interval)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()


# ---------------------------------------------------------------------------------------------
# The server


class Server:
    """`octoreact serve --port 0 --database <fresh tmp dir>/accounts.sqlite`, as a context manager."""

    def __init__(self, binary: str = DEFAULT_BINARY, log_level: str = "info", workdir: str | None = None,
                 extra_args: list[str] | None = None, limits_off: bool = True):
        self.binary = binary
        self.limits_off = limits_off
        self.log_level = log_level
        self.extra_args = list(extra_args or [])
        self.workdir = workdir or tempfile.mkdtemp(prefix="octoreact-load-")
        self.database = os.path.join(self.workdir, "accounts.sqlite")
        self.log_path = os.path.join(self.workdir, "server.log")
        self.proc: subprocess.Popen | None = None
        self.port = 0

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self, timeout: float = 30.0) -> "Server":
        if not os.path.exists(self.binary):
            raise SystemExit(
                f"{self.binary} is missing: build it with\n"
                "  swift build -c release --product octoreact --scratch-path .build-release"
            )
        raise_nofile()
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [self.binary, "serve", "--host", HOST, "--port", "0", "--database", self.database,
             "--index", os.path.join(os.path.dirname(self.database), "repositories.sqlite"),
             "--log-level", self.log_level, *(rate_limit_off(self.binary) if self.limits_off else []),
             *self.extra_args],
            stdout=subprocess.PIPE, stderr=self._log, cwd=self.workdir,
        )
        deadline = time.monotonic() + timeout
        line = b""
        # The line is written unbuffered; read it byte-wise so nothing else is consumed.
        while time.monotonic() < deadline:
            ch = self.proc.stdout.read(1)
            if not ch:
                raise SystemExit(f"the server exited early; see {self.log_path}")
            line += ch
            if ch == b"\n":
                m = re.search(rb"running at http://[^:]+:(\d+)", line)
                if m:
                    self.port = int(m.group(1))
                    return self
                line = b""
        self.stop()
        raise SystemExit("the server did not report its port in time")

    def stop(self, timeout: float = 10.0) -> int | None:
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(5)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


# ---------------------------------------------------------------------------------------------
# A small WebSocket client


_rng = random.Random()
WS_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
STATE_MARK = b'"type":"state"'
ERROR_MARK = b'"type":"error"'


def password_tone(message: bytes) -> bytes | None:
    """The password field's tone in a state message (b"failure", b"success", b"neutral"), or None."""
    at = message.find(b'"password":{')
    if at < 0:
        return None
    at = message.find(b'"tone":"', at)
    if at < 0:
        return None
    return message[at + 8:message.find(b'"', at + 8)]


def _mask(payload: bytes, key: bytes) -> bytes:
    n = len(payload)
    if n == 0:
        return payload
    k = (key * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(k, "little")).to_bytes(n, "little")


def client_frame(opcode: int, payload: bytes) -> bytes:
    """One final, masked client frame."""
    n = len(payload)
    if n < 126:
        header = bytes((0x80 | opcode, 0x80 | n))
    elif n < 65536:
        header = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        header = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    key = _rng.getrandbits(32).to_bytes(4, "little")
    return header + key + _mask(payload, key)


class LiveSession(asyncio.Protocol):
    """One /live/signup WebSocket.

    `ready` resolves when the first state message arrives. Every later state message is matched
    to the oldest unanswered `send_action` (the server answers in order) whose expected password
    tone it shows, and the round trip is appended to `latencies` (seconds). Other states (repeats)
    count as `unsolicited`.
    """

    def __init__(self, port: int, path: str, loop: asyncio.AbstractEventLoop, latencies: list[float] | None = None):
        self.port, self.path, self.loop = port, path, loop
        self.transport: asyncio.Transport | None = None
        self.ready: asyncio.Future = loop.create_future()
        self.closed: asyncio.Future = loop.create_future()
        self.latencies = latencies if latencies is not None else []
        self.outstanding: collections.deque[tuple[float, bytes | None]] = collections.deque()
        self.states = 0
        self.superseded = 0
        self.errors = 0
        self.unsolicited = 0
        self.sent = 0
        self._buffer = b""
        self._upgraded = False
        self._fragments: list[bytes] = []
        self._key = base64.b64encode(os.urandom(16))

    # asyncio.Protocol

    def connection_made(self, transport):
        self.transport = transport
        transport.write(
            b"GET " + self.path.encode() + b" HTTP/1.1\r\n"
            b"Host: " + f"{HOST}:{self.port}".encode() + b"\r\n"
            b"Upgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: " + self._key + b"\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n"
        )

    def data_received(self, data: bytes):
        now = time.perf_counter()
        self._buffer += data
        if not self._upgraded:
            end = self._buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head, self._buffer = self._buffer[:end], self._buffer[end + 4:]
            expected = base64.b64encode(hashlib.sha1(self._key + WS_GUID).digest())
            if b" 101 " not in head.split(b"\r\n", 1)[0] or expected not in head:
                self._fail(ConnectionError(head.split(b"\r\n", 1)[0].decode(errors="replace")))
                return
            self._upgraded = True
        self._parse_frames(now)

    def connection_lost(self, exc):
        if not self.ready.done():
            self.ready.set_exception(exc or ConnectionError("closed before the first state"))
        if not self.closed.done():
            self.closed.set_result(None)

    # Frames

    def _parse_frames(self, now: float):
        buf = self._buffer
        pos = 0
        while len(buf) - pos >= 2:
            b0, b1 = buf[pos], buf[pos + 1]
            length = b1 & 0x7F
            header = 2
            if length == 126:
                if len(buf) - pos < 4:
                    break
                length = int.from_bytes(buf[pos + 2:pos + 4], "big")
                header = 4
            elif length == 127:
                if len(buf) - pos < 10:
                    break
                length = int.from_bytes(buf[pos + 2:pos + 10], "big")
                header = 10
            masked = b1 & 0x80
            if masked:
                header += 4
            if len(buf) - pos < header + length:
                break
            payload = buf[pos + header:pos + header + length]
            if masked:
                payload = _mask(payload, buf[pos + header - 4:pos + header])
            pos += header + length
            self._frame(b0 & 0x80, b0 & 0x0F, payload, now)
        self._buffer = buf[pos:]

    def _frame(self, fin: int, opcode: int, payload: bytes, now: float):
        if opcode == 0x9:  # ping
            self.transport.write(client_frame(0xA, payload))
        elif opcode == 0x8:  # close
            self.transport.write(client_frame(0x8, payload[:2]))
            self.transport.close()
        elif opcode in (0x1, 0x2, 0x0):
            self._fragments.append(payload)
            if fin:
                message = b"".join(self._fragments)
                self._fragments = []
                self._message(message, now)

    def _message(self, message: bytes, now: float):
        if STATE_MARK in message:
            self.states += 1
            if not self.ready.done():
                self.ready.set_result(message)
                return
            # A state answers the oldest unanswered event whose password tone it shows (see
            # `expected_tone`); repeats of a state count as `unsolicited`; a state answering the
            # second-oldest event means the oldest one's state was coalesced (`superseded`).
            tone = password_tone(message)
            out = self.outstanding
            if out and out[0][1] in (None, tone):
                self.latencies.append(now - out.popleft()[0])
            elif len(out) >= 2 and out[1][1] in (None, tone):
                out.popleft()
                self.superseded += 1
                self.latencies.append(now - out.popleft()[0])
            else:
                self.unsolicited += 1
        elif ERROR_MARK in message:
            self.errors += 1
            if self.outstanding:
                self.outstanding.popleft()

    def _fail(self, exc: Exception):
        if not self.ready.done():
            self.ready.set_exception(exc)
        if self.transport:
            self.transport.close()

    # Sending

    def send_text(self, text: bytes):
        self.transport.write(client_frame(0x1, text))

    def send_action(self, text: bytes, expected_tone: bytes | None = None):
        """Sends one event and remembers when, to time the state it causes (the next state whose
        password tone is `expected_tone`; any state when None)."""
        self.sent += 1
        self.outstanding.append((time.perf_counter(), expected_tone))
        self.transport.write(client_frame(0x1, text))

    def close(self):
        if self.transport and not self.transport.is_closing():
            self.transport.write(client_frame(0x8, (1000).to_bytes(2, "big")))
            # The server answers with its close frame and closes the TCP connection.
            self.loop.call_later(2.0, self.transport.abort)


async def open_session(loop, port: int, path: str, latencies=None, timeout: float = 30.0) -> LiveSession:
    """Connects and waits for the first state message."""
    _, session = await asyncio.wait_for(
        loop.create_connection(lambda: LiveSession(port, path, loop, latencies), HOST, port), timeout
    )
    await asyncio.wait_for(session.ready, timeout)
    return session


async def open_many(loop, port: int, path: str, count: int, concurrency: int = 64, latencies=None,
                    timeout: float = 120.0) -> list[LiveSession]:
    """Opens `count` sessions, at most `concurrency` handshakes at a time, within `timeout` seconds."""
    gate = asyncio.Semaphore(concurrency)

    async def one():
        async with gate:
            return await open_session(loop, port, path, latencies)

    return await asyncio.wait_for(asyncio.gather(*(one() for _ in range(count))), timeout)


def percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    k = (len(sorted_values) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)
