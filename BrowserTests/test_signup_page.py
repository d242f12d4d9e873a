"""The live Signup page in a real (headless) Chromium, for each architecture behind it.

Username checks are throttled (300 ms) on the server and ask the server's own API, so every check
of a message auto-waits (`expect(...)`, 10 s) instead of sleeping.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from conftest import ENGINES, create_account, unique_username

TIMEOUT = 10_000  # ms
PASSWORD = "correct-horse"


def open_signup(page: Page, base_url: str, query: str = "") -> None:
    """Opens /signup (expecting 200) and waits until signup.js has opened its socket ("Connected")."""
    response = page.goto(f"{base_url}/signup{query}")
    assert response is not None and response.status == 200, f"GET /signup{query}: {response and response.status}"
    connection = page.locator("#connection")
    expect(connection).to_have_attribute("data-state", "connected", timeout=TIMEOUT)


def expect_message(page: Page, field_id: str, text: str, tone: str) -> None:
    message = page.locator(f"#{field_id}-message")
    expect(message).to_have_text(text, timeout=TIMEOUT)
    expect(message).to_have_attribute("data-tone", tone, timeout=TIMEOUT)


def type_username(page: Page, name: str) -> None:
    """Clears the field (waiting for the empty state, so no earlier message is mistaken for the
    answer), then types `name` key by key like a person, through the server's 300 ms throttle.

    Only for names expected to be taken: while typing, the throttle may let a prefix of the name
    through, and a prefix is usually free, so "Username available" could be the answer for it.
    """
    field = page.get_by_label("Username", exact=True)
    field.clear()
    expect_message(page, "username", "", "neutral")
    field.press_sequentially(name)


def enter_username(page: Page, name: str) -> None:
    """Clears the field, then enters `name` in one input event (like a paste or autofill), so the
    only name the server checks is `name` itself and "Username available" is its answer."""
    field = page.get_by_label("Username", exact=True)
    field.clear()
    expect_message(page, "username", "", "neutral")
    field.fill(name)


@pytest.mark.parametrize("engine", ENGINES)
def test_signup_script(engine: str, server, page: Page, artifacts) -> None:
    taken = unique_username(f"taken-{engine}")
    create_account(server.url, taken, PASSWORD)
    name = unique_username(f"new-{engine}")

    open_signup(page, server.url, f"?engine={engine}")
    expect(page.locator("#signup-screen")).to_have_attribute("data-engine", engine)
    username = page.get_by_label("Username", exact=True)
    password = page.get_by_label("Password", exact=True)
    repeated = page.get_by_label("Repeat password", exact=True)
    sign_up = page.get_by_role("button", name="Sign up", exact=True)
    expect(sign_up).to_be_disabled()
    expect(page.locator("#activity")).to_be_hidden()

    # (1) An existing account's name, typed as it was created.
    type_username(page, taken)
    expect_message(page, "username", "Username already taken", "failure")
    expect(username).to_have_attribute("aria-invalid", "true")

    # (2) A free name.
    enter_username(page, name)
    expect_message(page, "username", "Username available", "success")
    expect(username).to_have_attribute("aria-invalid", "false")
    expect(sign_up).to_be_disabled()

    # (3) A short password, then a repeat that differs.
    password.fill("abc")
    expect_message(page, "password", "Password must be at least 5 characters", "failure")
    password.fill(PASSWORD)
    expect_message(page, "password", "Password acceptable", "success")
    repeated.fill(PASSWORD + "!")
    expect_message(page, "repeated-password", "Password different", "failure")

    # (4) "Sign up" stays disabled until all three are valid.
    expect(sign_up).to_be_disabled()
    repeated.fill(PASSWORD)
    expect_message(page, "repeated-password", "Password repeated", "success")
    expect(sign_up).to_be_enabled(timeout=TIMEOUT)
    page.screenshot(path=str(artifacts / f"signup-{engine}.png"), full_page=True)

    # (5) Signing up shows the outcome, and the name is taken now: "Sign up" is not left enabled on
    # the stale "available" (Enter would open "username already taken" over it).
    sign_up.click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    expect(page.locator("#outcome-message")).to_have_text(f"Signed up as {name}.", timeout=TIMEOUT)
    expect_message(page, "username", "Username already taken", "failure")
    expect(sign_up).to_be_disabled()
    assert page.console_log.errors == [], f"console errors: {page.console_log.errors}"

    # (6) "OK" takes the user to the new account's page.
    dialog.get_by_role("button", name="OK", exact=True).click()
    page.wait_for_url(f"{server.url}/{name}", timeout=TIMEOUT)
    expect(page.get_by_role("heading", name=name, exact=True)).to_be_visible()
    expect(page).to_have_title(f"{name} · Octoreact")

    # (6b) The new account's name in other letter case is taken.
    open_signup(page, server.url, f"?engine={engine}")
    other_case = name.swapcase()
    assert other_case != name
    type_username(page, other_case)
    expect_message(page, "username", "Username already taken", "failure")

    # (7) After a reload (a new socket and a new screen on the server) it still is.
    page.reload()
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)
    type_username(page, name)
    expect_message(page, "username", "Username already taken", "failure")

    assert page.console_log.errors == [], f"console errors: {page.console_log.errors}"


@pytest.mark.parametrize("engine", ENGINES)
def test_page_loads_without_console_errors(engine: str, server, first_page: Page) -> None:
    page = first_page
    open_signup(page, server.url, f"?engine={engine}")
    expect(page.locator("#connection")).to_have_text("Connected")
    expect(page).to_have_title("Sign up · Octoreact")
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    for label in ["Username", "Password", "Repeat password"]:
        expect(page.get_by_label(label, exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="Sign up", exact=True)).to_be_disabled()
    expect(page.get_by_role("dialog")).to_have_count(0)  # a closed <dialog> is not in the accessibility tree
    # The stylesheet applied (a same-origin file allowed by the page's content security policy).
    assert page.evaluate("document.styleSheets.length") >= 1
    page.wait_for_load_state("networkidle")
    assert page.console_log.errors == [], f"console errors: {page.console_log.errors}"


def test_simplified_chinese(server, page: Page) -> None:
    open_signup(page, server.url, "?lang=zh-Hans")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    expect(page.get_by_label("用户名", exact=True)).to_be_visible()
    expect(page.get_by_label("密码", exact=True)).to_be_visible()
    expect(page.get_by_label("重复密码", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name="注册", exact=True)).to_be_disabled()
    expect(page.locator("#connection")).to_have_text("已连接")
    page.get_by_label("密码", exact=True).fill("abc")
    expect_message(page, "password", "密码至少需要 5 个字符", "failure")
    assert page.console_log.errors == [], f"console errors: {page.console_log.errors}"


def test_accounts_survive_a_server_restart(server, page: Page) -> None:
    name = unique_username("kept")
    open_signup(page, server.url)
    enter_username(page, name)
    expect_message(page, "username", "Username available", "success")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Repeat password", exact=True).fill(PASSWORD)
    sign_up = page.get_by_role("button", name="Sign up", exact=True)
    expect(sign_up).to_be_enabled(timeout=TIMEOUT)
    sign_up.click()
    expect(page.locator("#outcome-message")).to_have_text(f"Signed up as {name}.", timeout=TIMEOUT)
    page.get_by_role("button", name="OK", exact=True).click()
    page.wait_for_url(f"{server.url}/{name}", timeout=TIMEOUT)

    server.restart()  # same database file, new process (and port)

    open_signup(page, server.url)
    type_username(page, name.upper())
    expect_message(page, "username", "Username already taken", "failure")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_reserved_name_is_refused_before_any_check(engine: str, server, page: Page) -> None:
    open_signup(page, server.url, f"?engine={engine}")
    enter_username(page, "Settings")
    expect_message(page, "username", "Username is reserved", "failure")
    expect(page.get_by_role("button", name="Sign up", exact=True)).to_be_disabled()
    assert page.console_log.errors == [], f"console errors: {page.console_log.errors}"


def test_an_unknown_account_is_a_404_page(server, page: Page) -> None:
    response = page.goto(f"{server.url}/{unique_username('nobody')}")
    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", name="Account not found", exact=True)).to_be_visible()
    page.get_by_role("link", name="Sign up", exact=True).click()
    page.wait_for_url(f"{server.url}/signup?lang=en")
