"""The HTML error pages in a real (headless) Chromium: their status and language, a keyboard path home that
keeps the language, and light and dark screenshots kept as test artefacts (issue 13, item 6).

Pages answer errors as pages; the API's paths keep GitHub's JSON (checked here too, as a browser sees them).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from conftest import ENGINES

CASES = [
    # (name, path, status, lang, heading, home link)
    ("not-found", "/nowhere/at/all", 404, "en", "Page not found", "Octoreact home"),
    ("not-found-zh", "/nowhere/at/all?lang=zh-Hans", 404, "zh-Hans", "页面不存在", "Octoreact 首页"),
    ("engine", "/signup?engine=elm", 400, "en", "Unknown architecture", "Octoreact home"),
    ("engine-zh", "/signup?engine=elm&lang=zh-Hans", 400, "zh-Hans", "未知的架构", "Octoreact 首页"),
    ("repository", "/repositories/apple/no-such-repository", 404, "en", "Repository not found", "Octoreact home"),
]


@pytest.mark.parametrize(("name", "path", "status", "lang", "heading", "home"), CASES, ids=[c[0] for c in CASES])
def test_an_error_page_speaks_the_pages_language_and_leads_home_by_keyboard(
    server, page: Page, artifacts, name: str, path: str, status: int, lang: str, heading: str, home: str
) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    response = page.goto(f"{server.url}{path}")
    assert response is not None and response.status == status, f"GET {path}: {response and response.status}"
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=str(artifacts / f"error-page-{name}-{scheme}.png"))

    # The keyboard reaches the link home, and following it keeps the language.
    link = page.get_by_role("link", name=f"← {home}")
    for _ in range(10):
        page.keyboard.press("Tab")
        if link.evaluate("element => element === document.activeElement"):
            break
    expect(link).to_be_focused()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{server.url}/?lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_the_unknown_engine_page_links_to_each_engine(server, page: Page) -> None:
    page.goto(f"{server.url}/signup?engine=elm&lang=zh-Hans")
    for engine in ENGINES:
        expect(page.get_by_role("link", name=engine, exact=True)).to_have_attribute(
            "href", f"/signup?engine={engine}&lang=zh-Hans"
        )
    page.get_by_role("link", name="mvvm", exact=True).click()
    expect(page.locator("#signup-screen")).to_have_attribute("data-engine", "mvvm")


def test_the_api_keeps_json(server, page: Page) -> None:
    response = page.goto(f"{server.url}/users/no-such-user-here")
    assert response is not None and response.status == 404
    assert response.headers["content-type"].startswith("application/json")
    assert json.loads(response.text())["message"] == "Not Found"
