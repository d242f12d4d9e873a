"""The inspector (issue 27), in a real Chromium: `?inspect` on a live page draws the session's streams as
marbles while the user types, and "Download recording" saves a recording that `octoreact replay`
replays.

The Signup tests run against `slow_server` (each answer takes `SIGNUP_DELAY_MS`), so that a username check
is still in flight when a second name supersedes it: the reactor and the feedback loops cancel it, and the
panel draws its bar struck through. The view-model engines have no effects to draw: their panel shows one
lane per input and output stream instead.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import ENGINES, SEARCH_ENGINES, server_binary, unique_username
from test_signup_page import PASSWORD, TIMEOUT, enter_username, expect_message, open_signup

# The lanes each engine's panel must show after a username was typed.
SIGNUP_LANES = {
    "reactor": ["action", "mutation", "state", "effect"],
    "mvvm": ["username", "validatedUsername", "checkingUsername"],
    "driver": ["username", "validatedUsername", "checkingUsername"],
    "feedback": ["event", "state", "availability"],
}
SEARCH_LANES = {"reactor": ["action", "mutation", "state", "effect"], "feedback": ["event", "state", "first page"]}


def lane(page: Page, name: str):
    return page.locator("#inspector-lanes .lane").filter(has=page.locator(".lane-name", has_text=name))


def expect_lanes(page: Page, names: list[str]) -> None:
    for name in names:
        expect(lane(page, name).locator(".marble, .effect").first).to_be_attached(timeout=TIMEOUT)


def download_recording(page: Page, folder: Path) -> Path:
    with page.expect_download(timeout=TIMEOUT) as download:
        page.get_by_role("button", name="Download recording").click()
    path = folder / download.value.suggested_filename
    download.value.save_as(path)
    return path


def replay(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(server_binary()), "replay", str(path)], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("engine", ENGINES)
def test_signup_streams_are_drawn_and_a_recording_replays(engine: str, slow_server, page: Page, tmp_path: Path) -> None:
    open_signup(page, slow_server.url, f"?engine={engine}&inspect")
    expect(page.get_by_role("heading", name="Inspector")).to_be_visible()

    # A name whose check is superseded while in flight, then one checked to the end.
    first, second = unique_username(f"first-{engine}"), unique_username(f"second-{engine}")
    enter_username(page, first)
    expect_message(page, "username", "validating ...", "pending")
    page.get_by_label("Username", exact=True).fill(second)
    expect_message(page, "username", "Username available", "success")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Repeat password", exact=True).fill(PASSWORD + "x")
    expect_message(page, "repeated-password", "Password different", "failure")

    expect_lanes(page, SIGNUP_LANES[engine])
    if engine in ("reactor", "feedback"):
        # The superseded check: a bar struck through, and its row in the table says so.
        cancelled = page.locator("#inspector-lanes .effect.cancelled")
        expect(cancelled.first).to_be_attached(timeout=TIMEOUT)
        expect(cancelled.first).to_have_css("text-decoration-line", "line-through")
        expect(page.locator("#inspector-rows tr.cancelled").first).to_be_attached()
    # No password on the panel (the table included, though folded): only its placeholder.
    assert PASSWORD not in (page.locator("#inspector").text_content() or "")

    path = download_recording(page, tmp_path)
    assert path.name == f"octoreact-signup-{engine}.json"
    text = path.read_text()
    assert PASSWORD not in text, "a password reached the recording"
    recording = json.loads(text)
    assert (recording["screen"], recording["engine"], recording["formatVersion"]) == ("signup", engine, 1)
    assert [entry["text"] for entry in recording["inputs"] if entry["event"] == "usernameChanged"][-1] == second
    result = replay(path)
    assert result.returncode == 0, f"replay failed:\n{result.stdout}\n{result.stderr}"
    assert "states match" in result.stdout
    assert page.console_log.errors == [], f"console errors: {page.console_log.errors}"


@pytest.mark.parametrize("engine", SEARCH_ENGINES)
def test_search_streams_are_drawn_and_a_recording_replays(engine: str, server, page: Page, tmp_path: Path) -> None:
    response = page.goto(f"{server.url}/search?engine={engine}&inspect")
    assert response is not None and response.status == 200
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)
    page.locator("#query").fill("swift")
    expect(page.locator("#results li").first).to_be_visible(timeout=TIMEOUT)
    expect_lanes(page, SEARCH_LANES[engine])

    path = download_recording(page, tmp_path)
    recording = json.loads(path.read_text())
    assert (recording["screen"], recording["engine"]) == ("search", engine)
    assert recording["answers"], "the recording holds the search's answer"
    result = replay(path)
    assert result.returncode == 0, f"replay failed:\n{result.stdout}\n{result.stderr}"


def test_pause_holds_events_and_resume_draws_them(server, page: Page) -> None:
    open_signup(page, server.url, "?inspect")
    pause = page.get_by_role("button", name="Pause")
    pause.click()
    expect(page.get_by_role("button", name="Resume")).to_have_attribute("aria-pressed", "true")
    rows = page.locator("#inspector-rows tr")
    before = rows.count()
    enter_username(page, unique_username("paused"))
    expect_message(page, "username", "Username available", "success")
    assert rows.count() == before, "a paused panel drew new events"
    page.get_by_role("button", name="Resume").click()
    expect(rows).not_to_have_count(before, timeout=TIMEOUT)
    expect(page.get_by_role("button", name="Pause")).to_have_attribute("aria-pressed", "false")


def test_the_panel_follows_the_page_language(server, page: Page) -> None:
    open_signup(page, server.url, "?lang=zh-Hans&inspect")
    expect(page.get_by_role("heading", name="检查器")).to_be_visible()
    expect(page.get_by_role("button", name="下载录制")).to_be_visible()


def test_a_page_without_inspect_has_no_panel(server, page: Page) -> None:
    open_signup(page, server.url)
    expect(page.locator("#inspector")).to_have_count(0)
