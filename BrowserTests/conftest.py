"""Fixtures for Octoreact's real-browser tests: the built server, a headless Chromium, a fresh page.

The server is the already-built `octoreact` binary (scripts/test builds it), started with
`serve --port 0 --database <tmp>/accounts.sqlite --index <tmp>/repositories.sqlite` (the index is
built from the bundled demo list on first start); its URL is read from the line it prints on stdout.

Environment overrides:
  OCTOREACT_BIN   the server binary (default: `$(swift build --show-bin-path)/octoreact`)
  CHROMIUM        the Chromium executable (default: /usr/bin/chromium, Debian's `chromium` package)
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, Playwright, sync_playwright

REPOSITORY = Path(__file__).resolve().parent.parent
ARTIFACTS = REPOSITORY / "test-artifacts"
ENGINES = ["reactor", "mvvm", "driver", "feedback"]
SEARCH_ENGINES = ["reactor", "feedback"]
RUNNING_LINE = re.compile(r"Octoreact is running at (http://\S+)")
STARTUP_TIMEOUT = 60.0


def server_binary() -> Path:
    if override := os.environ.get("OCTOREACT_BIN"):
        return Path(override)
    bin_path = subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=REPOSITORY, check=True, capture_output=True, text=True
    ).stdout.strip()
    return Path(bin_path) / "octoreact"


class Server:
    """One `octoreact serve` process on a free port, restartable on the same database file."""

    def __init__(self, binary: Path, database: Path, log: Path, extra_args: tuple[str, ...] = ()):
        self.binary = binary
        self.extra_args = extra_args
        self.database = database
        self.log = log
        self.url = ""
        self.process: subprocess.Popen | None = None
        self._reader: threading.Thread | None = None

    def start(self) -> None:
        with open(self.log, "ab") as stderr:
            self.process = subprocess.Popen(
                [
                    str(self.binary), "serve", "--host", "127.0.0.1", "--port", "0",
                    "--database", str(self.database),
                    "--index", str(self.database.with_name("repositories.sqlite")),
                    # Every test signs up and checks names from 127.0.0.1: one client to the limits.
                    # The limits themselves are tested in Tests/WebAppTests/RateLimitAPITests.swift.
                    "--rate-limit", "off",
                    *self.extra_args,
                ],
                cwd=REPOSITORY,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=stderr,
                start_new_session=True,
            )
        found = threading.Event()
        lines: list[str] = []
        stdout = self.process.stdout

        def read() -> None:
            # Drains stdout for the whole life of the process, so the server never blocks on it.
            for raw in stdout:
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                lines.append(line)
                if not found.is_set() and (match := RUNNING_LINE.search(line)):
                    self.url = match.group(1)
                    found.set()
            stdout.close()

        self.url = ""
        self._reader = threading.Thread(target=read, name="octoreact-stdout", daemon=True)
        self._reader.start()
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while not found.wait(0.1):
            if self.process.poll() is not None or time.monotonic() > deadline:
                process = self.process
                self.stop()
                raise RuntimeError(
                    f"octoreact did not report its URL within {STARTUP_TIMEOUT:.0f} s (exit code {process.returncode}).\n"
                    f"stdout: {lines}\nstderr ({self.log}):\n{self.log.read_text(errors='replace')[-4000:]}"
                )

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self._reader is not None:
            self._reader.join(timeout=5)
        self.process = None

    def restart(self) -> None:
        """Stops the server and starts it again on the same database (on a new port: read `url` again)."""
        self.stop()
        self.start()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory):
    binary = server_binary()
    if not binary.is_file():
        pytest.fail(f"{binary} is missing: build it first with `swift build --product octoreact`", pytrace=False)
    folder = tmp_path_factory.mktemp("octoreact")
    server = Server(binary, folder / "accounts.sqlite", folder / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()


# How long the slow server's Signup answers take: long enough for a test to see every activity
# indicator on, short enough to keep the tests quick. The indicators follow the server's state, so the
# tests wait for them (auto-waiting `expect`), never sleep.
SIGNUP_DELAY_MS = 1500


@pytest.fixture(scope="session")
def slow_server(tmp_path_factory: pytest.TempPathFactory):
    """A second server whose Signup page answers (checks and signups) each take SIGNUP_DELAY_MS
    (`--signup-delay`, a test-only option), so the activity indicators stay on long enough to check."""
    binary = server_binary()
    if not binary.is_file():
        pytest.fail(f"{binary} is missing: build it first with `swift build --product octoreact`", pytrace=False)
    folder = tmp_path_factory.mktemp("octoreact-slow")
    server = Server(
        binary, folder / "accounts.sqlite", folder / "server.log", ("--signup-delay", str(SIGNUP_DELAY_MS))
    )
    server.start()
    try:
        yield server
    finally:
        server.stop()


def chromium_executable() -> str:
    executable = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not (Path(executable).is_file() or shutil.which(executable)):
        pytest.fail(f"Chromium not found at {executable}: install Debian's `chromium` package", pytrace=False)
    return executable


def launch_chromium(playwright: Playwright) -> Browser:
    # Chromium refuses to run as root with its sandbox on.
    args = ["--no-sandbox"] if os.geteuid() == 0 else []
    return playwright.chromium.launch(executable_path=chromium_executable(), headless=True, args=args)


@pytest.fixture(scope="session")
def playwright_driver():
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_driver: Playwright):
    browser = launch_chromium(playwright_driver)
    try:
        yield browser
    finally:
        browser.close()


class ConsoleLog:
    """The console errors and uncaught exceptions of one page."""

    def __init__(self, page: Page):
        self.errors: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))

    def _console(self, message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        where = message.location.get("url") or "?"
        self.errors.append(f"{message.text} [{where}]")


def new_page(browser: Browser) -> Page:
    """A page in a new browser context (no cookies, cache or storage shared with other tests)."""
    context = browser.new_context(locale="en-US")
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.console_log = ConsoleLog(page)  # type: ignore[attr-defined]
    return page


@pytest.fixture
def page(browser: Browser):
    page = new_page(browser)
    try:
        yield page
    finally:
        page.context.close()


@pytest.fixture
def first_page(playwright_driver: Playwright):
    """The first page of a browser of its own: it sees everything a browser does on a first visit
    (like asking for /favicon.ico), which a page of the shared browser may not."""
    browser = launch_chromium(playwright_driver)
    try:
        yield new_page(browser)
    finally:
        browser.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def unique_username(prefix: str) -> str:
    """A valid, session-unique GitHub-style username (letters, digits, single hyphens)."""
    return f"{prefix}-{secrets.token_hex(4)}"


def create_account(base_url: str, username: str, password: str) -> None:
    """Creates an account through the API (`POST /users`), expecting 201 Created."""
    request = urllib.request.Request(
        f"{base_url}/users",
        data=json.dumps({"username": username, "password": password}).encode(),
        headers={"Content-Type": "application/json", "Accept": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 201, f"POST /users for {username}: {response.status}"
    except urllib.error.HTTPError as error:
        raise AssertionError(f"POST /users for {username}: {error.code} {error.read()!r}") from error


# The rich index: repositories with everything a result row shows (description, language, stars,
# updated date), as an import of GitHub JSON brings them, plus one known only by name (stars unknown).
# "widget" matches RICH_MATCHES of them: a first page of 30 and a second of 15.
RICH_MATCHES = 45
RICH_LANGUAGES = ["Swift", "Rust", "Go", "TypeScript", "Python"]


def rich_repositories() -> list[dict]:
    repositories = []
    for number in range(1, RICH_MATCHES):
        repositories.append({
            "id": 9_000 + number,
            "full_name": f"acme/widget-{number:02d}",
            "description": f"Widget number {number}: a small library that renders widgets on every screen size.",
            "language": RICH_LANGUAGES[number % len(RICH_LANGUAGES)],
            "stargazers_count": 100_000 - number * 1_000,
            "forks_count": number * 3,
            "topics": ["widgets", "ui"],
            "archived": number == 7,
            "created_at": "2019-03-04T05:06:07Z",
            "updated_at": f"2025-{(number % 12) + 1:02d}-15T08:00:00Z",
        })
    return repositories


@pytest.fixture(scope="session")
def rich_server(tmp_path_factory: pytest.TempPathFactory):
    """A server whose index holds rich_repositories() and `acme/widget-legacy` (a name only)."""
    binary = server_binary()
    if not binary.is_file():
        pytest.fail(f"{binary} is missing: build it first with `swift build --product octoreact`", pytrace=False)
    folder = tmp_path_factory.mktemp("octoreact-rich")
    objects = folder / "rich.jsonl"
    objects.write_text("".join(json.dumps(repository) + "\n" for repository in rich_repositories()))
    names = folder / "names.txt"
    names.write_text("acme/widget-legacy\n")
    for source in (objects, names):
        subprocess.run(
            [str(binary), "index", "import", str(source), "--index", str(folder / "repositories.sqlite")],
            cwd=REPOSITORY, check=True, capture_output=True, timeout=120,
        )
    server = Server(binary, folder / "accounts.sqlite", folder / "server.log")
    server.start()
    try:
        yield server
    finally:
        server.stop()
