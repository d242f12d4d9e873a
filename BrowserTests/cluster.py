"""A running `scripts/cluster` (PostgreSQL or SQLite, N instances, HAProxy) for the cluster tests.

`Cluster.start()` runs the script with `--port 0`, reads the lines it prints once everything answers
(each instance's pid and URL, the balancer's stats socket and URL) and `stop()` sends it SIGTERM, which
stops every part it started; every wait is bounded.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parent.parent
INSTANCE_LINE = re.compile(r"^instance (\d+) pid (\d+) (http://\S+)$")
BALANCER_LINE = re.compile(r"^balancer pid (\d+) stats (\S+)")
RUNNING_LINE = re.compile(r"Octoreact cluster is running at (http://\S+)")
# PostgreSQL's initdb, then each instance building its index from the demo list, on a busy machine.
STARTUP_TIMEOUT = 240.0


@dataclass
class Instance:
    number: int
    pid: int
    url: str

    @property
    def name(self) -> str:
        """The instance's server name in the balancer's configuration."""
        return f"instance{self.number}"

    def is_alive(self) -> bool:
        try:
            os.kill(self.pid, 0)
            return True
        except ProcessLookupError:
            return False


class Cluster:
    def __init__(self, binary: Path, log: Path, database: str, instances: int = 3, serve_args: tuple[str, ...] = ()):
        self.binary = binary
        self.log = log
        self.database = database
        self.count = instances
        self.serve_args = serve_args
        self.url = ""
        self.stats_socket = ""
        self.instances: list[Instance] = []
        self.process: subprocess.Popen | None = None
        self.lines: list[str] = []

    def start(self) -> None:
        with open(self.log, "ab") as stderr:
            self.process = subprocess.Popen(
                [
                    str(REPOSITORY / "scripts" / "cluster"), "--port", "0", "--instances", str(self.count),
                    "--bin", str(self.binary), "--database", self.database, "--", *self.serve_args,
                ],
                cwd=REPOSITORY, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr,
                start_new_session=True,
            )
        ready = threading.Event()
        stdout = self.process.stdout

        def read() -> None:
            for raw in stdout:
                line = raw.decode("utf-8", "replace").rstrip("\n")
                self.lines.append(line)
                if match := INSTANCE_LINE.match(line):
                    self.instances.append(Instance(int(match.group(1)), int(match.group(2)), match.group(3)))
                elif match := BALANCER_LINE.match(line):
                    self.stats_socket = match.group(2)
                elif match := RUNNING_LINE.search(line):
                    self.url = match.group(1)
                    ready.set()
            stdout.close()

        threading.Thread(target=read, name="cluster-stdout", daemon=True).start()
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while not ready.wait(0.2):
            if self.process.poll() is not None or time.monotonic() > deadline:
                code = self.process.poll()
                self.stop()
                raise RuntimeError(
                    f"scripts/cluster did not start within {STARTUP_TIMEOUT:.0f} s (exit code {code}).\n"
                    f"stdout: {self.lines}\nstderr:\n{self.log.read_text(errors='replace')[-4000:]}"
                )

    def stop(self) -> None:
        """SIGTERM to the script, which stops the instances, HAProxy and PostgreSQL and deletes its folder."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                # The script's own bounded waits failed: take its whole process group down.
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process = None

    # --- The balancer's view ---------------------------------------------------------------------

    def balancer_command(self, command: str) -> str:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
            connection.settimeout(5)
            connection.connect(self.stats_socket)
            connection.sendall(command.encode() + b"\n")
            chunks = []
            while chunk := connection.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def server_stats(self) -> dict[str, dict[str, str]]:
        """`show stat` for the instances: by server name, its `status` (UP, DOWN…) and `scur` (sessions now)."""
        text = self.balancer_command("show stat").lstrip("# ")
        rows = csv.DictReader(io.StringIO(text))
        return {row["svname"]: row for row in rows if row["pxname"] == "instances" and row["svname"].startswith("instance")}

    def instance_holding_sessions(self, timeout: float = 10.0) -> Instance:
        """The one instance with a session open through the balancer (a live page's WebSocket)."""
        deadline = time.monotonic() + timeout
        while True:
            busy = [name for name, row in self.server_stats().items() if int(row["scur"] or 0) > 0]
            if len(busy) == 1:
                return next(instance for instance in self.instances if instance.name == busy[0])
            if time.monotonic() > deadline:
                raise AssertionError(f"expected one instance with sessions, found {busy}")
            time.sleep(0.1)

    def wait_for_status(self, instance: Instance, status: str, timeout: float = 15.0) -> None:
        deadline = time.monotonic() + timeout
        while (current := self.server_stats()[instance.name]["status"]) != status:
            if time.monotonic() > deadline:
                raise AssertionError(f"{instance.name} is {current}, not {status}, after {timeout} s")
            time.sleep(0.1)


def request(url: str, method: str = "GET", body: dict | None = None, timeout: float = 15.0,
            headers: dict[str, str] | None = None) -> tuple[int, str]:
    """One HTTP request: its status and body (never raises for an HTTP error status)."""
    data = json.dumps(body).encode() if body is not None else None
    headers = dict(headers or {})
    if body is not None:
        headers.update({"Content-Type": "application/json", "Accept": "application/json"})
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers, method=method),
                                    timeout=timeout) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
