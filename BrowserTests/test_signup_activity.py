"""The Signup page's three activity indicators (issue 15), in a real Chromium, for each architecture.

1. Network activity: a bar at the top (`role="progressbar"`, "Network activity") while any request of
   the screen is in flight (a username check or the signup), and "… " before the page's title.
2. The inline spinner beside "Sign up": while signing up only.
3. The HUD: a modal dialog ("Signing up", `aria-modal="true"`) over the form while signing up; it
   takes the focus and gives it back when the signup ends.

They run against `slow_server`, whose answers each take `SIGNUP_DELAY_MS` (a test-only server
option), and wait for each indicator with Playwright's auto-waiting `expect`, never a sleep.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from conftest import ENGINES, create_account, unique_username
from test_signup_page import PASSWORD, TIMEOUT, enter_username, expect_message, open_signup

TITLE = "Sign up · Octoreact"
BUSY_TITLE = "… Sign up · Octoreact"


def network_activity(page: Page):
    return page.get_by_role("progressbar", name="Network activity", exact=True)


def hud(page: Page):
    return page.get_by_role("dialog", name="Signing up", exact=True)


@pytest.mark.parametrize("engine", ENGINES)
def test_a_username_check_shows_network_activity_only(engine: str, slow_server, page: Page) -> None:
    open_signup(page, slow_server.url, f"?engine={engine}")
    expect(page.locator("#network-activity")).to_be_hidden()
    expect(page).to_have_title(TITLE)

    enter_username(page, unique_username(f"check-{engine}"))
    # While the check is in flight: the bar and the title, not the signup's spinner and HUD.
    expect(network_activity(page)).to_be_visible(timeout=TIMEOUT)
    expect(page).to_have_title(BUSY_TITLE)
    expect_message(page, "username", "validating ...", "pending")
    expect(page.locator("#activity")).to_be_hidden()
    expect(hud(page)).to_have_count(0)

    # The answer ends it.
    expect_message(page, "username", "Username available", "success")
    expect(page.locator("#network-activity")).to_be_hidden(timeout=TIMEOUT)
    expect(page).to_have_title(TITLE)
    assert page.console_log.errors == [], f"console errors: {page.console_log.errors}"


@pytest.mark.parametrize("engine", ENGINES)
def test_signing_up_shows_all_three_and_the_hud_gives_the_focus_back(engine: str, slow_server, page: Page) -> None:
    name = unique_username(f"hud-{engine}")
    open_signup(page, slow_server.url, f"?engine={engine}")
    enter_username(page, name)
    expect_message(page, "username", "Username available", "success")
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    repeated = page.get_by_label("Repeat password", exact=True)
    repeated.fill(PASSWORD)
    expect(page.get_by_role("button", name="Sign up", exact=True)).to_be_enabled(timeout=TIMEOUT)

    # Enter in the last field signs up: all three indicators and the title.
    repeated.press("Enter")
    dialog = hud(page)
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    expect(dialog).to_have_attribute("aria-modal", "true")
    expect(dialog).to_be_focused()
    expect(page.locator("#activity")).to_be_visible()
    expect(network_activity(page)).to_be_visible()
    expect(page).to_have_title(BUSY_TITLE)
    # The HUD blocks the form: its fields cannot take the focus.
    assert page.evaluate(
        "() => { const field = document.getElementById('username'); field.focus();"
        " return document.activeElement === field; }"
    ) is False

    # Escape does not close it: it ends with the signup.
    page.keyboard.press("Escape")
    expect(dialog).to_be_visible()

    # Someone takes the name meanwhile: the signup is refused.
    create_account(slow_server.url, name.upper(), PASSWORD)
    expect(page.locator("#outcome-message")).to_have_text("Sign up failed: username already taken.", timeout=TIMEOUT)
    # The row says so too, and "Sign up" is not left enabled on the stale "available" (issue 13).
    expect_message(page, "username", "Username already taken", "failure")
    expect(page.get_by_role("button", name="Sign up", exact=True)).to_be_disabled()
    expect(dialog).to_have_count(0)
    expect(page.locator("#activity")).to_be_hidden()
    expect(page.locator("#network-activity")).to_be_hidden()
    expect(page).to_have_title(TITLE)

    # Closing the outcome leaves the focus where it was when the signup began.
    page.get_by_role("button", name="OK", exact=True).click()
    expect(page.locator("#outcome")).to_be_hidden(timeout=TIMEOUT)
    expect(repeated).to_be_focused()
    assert page.console_log.errors == [], f"console errors: {page.console_log.errors}"


def animation_names(page: Page) -> dict[str, str]:
    return page.evaluate(
        """() => ({
          bar: getComputedStyle(document.getElementById('network-activity'), '::after').animationName,
          hud: getComputedStyle(document.querySelector('#hud .spinner')).animationName,
          inline: getComputedStyle(document.querySelector('#activity .spinner')).animationName,
        })"""
    )


def test_the_indicators_respect_reduced_motion(server, page: Page) -> None:
    open_signup(page, server.url)
    moving = animation_names(page)
    assert all(name != "none" for name in moving.values()), moving
    page.emulate_media(reduced_motion="reduce")
    still = animation_names(page)
    assert all(name == "none" for name in still.values()), still


def test_the_indicators_are_named_in_simplified_chinese(server, page: Page) -> None:
    open_signup(page, server.url, "?lang=zh-Hans")
    expect(page.get_by_role("progressbar", name="网络活动", exact=True, include_hidden=True)).to_have_count(1)
    expect(page.get_by_role("dialog", name="正在注册", exact=True, include_hidden=True)).to_have_count(1)
    expect(page).to_have_title(re.compile(r"^注册 · Octoreact$"))
