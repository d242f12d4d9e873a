"""The live Search page in a real (headless) Chromium, on the server's bundled demo index.

Queries are throttled (300 ms) on the server and searched through the server's own
`GET /search/repositories`, so every check auto-waits (`expect(...)`, 10 s) instead of sleeping.
The demo index has 86 repositories matching "swift": three pages of 30. The rich index
(conftest.rich_server) has 45 matching "widget", with everything a result row shows.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from conftest import SEARCH_ENGINES

TIMEOUT = 10_000  # ms


def open_search(page: Page, base_url: str, engine: str = "reactor") -> None:
    response = page.goto(f"{base_url}/search?engine={engine}")
    assert response is not None and response.status == 200, f"GET /search: {response and response.status}"
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)


def result_ids(page: Page) -> list[str]:
    return page.locator("#results li").evaluate_all("items => items.map(item => item.dataset.id)")


@pytest.mark.parametrize("engine", SEARCH_ENGINES)
def test_search_scroll_replace_and_clear(engine: str, server, page: Page, artifacts) -> None:
    page.set_viewport_size({"width": 1000, "height": 700})
    open_search(page, server.url, engine)
    box = page.get_by_label("Search repositories", exact=True)
    results = page.locator("#results li")

    # Type a query: the first page of results appears, as links opening in a new tab.
    box.press_sequentially("swift", delay=40)
    expect(results).to_have_count(30, timeout=TIMEOUT)
    expect(page.locator("#summary")).to_have_text("86 repositories", timeout=TIMEOUT)
    first_link = results.first.locator("a")
    expect(first_link).to_have_attribute("target", "_blank")
    assert "/repositories/" in (first_link.get_attribute("href") or "")
    for name in results.locator("a").all_inner_texts():
        assert "swift" in name.lower(), name
    page.screenshot(path=str(artifacts / f"search-swift-{engine}.png"), full_page=False)

    # Scroll to the bottom: the next pages are appended, never duplicated, until there are no more.
    for expected in (60, 86):
        page.mouse.wheel(0, 100_000)
        expect(results).to_have_count(expected, timeout=TIMEOUT)
    ids = result_ids(page)
    assert len(ids) == len(set(ids)) == 86

    # A new query replaces the list.
    box.fill("rxswift")
    expect(results).to_have_count(1, timeout=TIMEOUT)
    expect(results.first.locator("a")).to_have_text("ReactiveX/RxSwift")

    # Clearing the box empties it.
    box.fill("")
    expect(results).to_have_count(0, timeout=TIMEOUT)
    expect(page.locator("#summary")).to_have_text(
        "Type a name or keywords to search the repositories this server knows.", timeout=TIMEOUT
    )


def test_no_match_and_the_api_behind_it(server, page: Page) -> None:
    open_search(page, server.url)
    page.get_by_label("Search repositories", exact=True).fill("no-such-repository-anywhere")
    expect(page.locator("#summary")).to_contain_text("No repositories match", timeout=TIMEOUT)
    expect(page.locator("#results li")).to_have_count(0)
    response = page.request.get(f"{server.url}/search/repositories?q=swift&per_page=40&page=3")
    assert response.status == 200
    assert response.json()["total_count"] == 86
    assert len(response.json()["items"]) == 6
    assert 'rel="prev"' in response.headers["link"] and 'rel="next"' not in response.headers["link"]


def test_an_error_is_tied_to_the_query_it_belongs_to(server, page: Page) -> None:
    """Issue 13 item 3: a refused query's error leaves the status line at the next answer, and the
    page's words are this server's, in the page's language."""
    page.goto(f"{server.url}/search?lang=zh-Hans")
    connection = page.locator("#connection")
    expect(connection).to_have_attribute("data-state", "connected", timeout=TIMEOUT)
    expect(page.locator("#summary")).to_have_text("输入名称或关键词搜索本服务器收录的仓库。", timeout=TIMEOUT)
    box = page.locator("#query")

    # A script (not the box, whose maxlength stops typing) sends a query over the server's limit.
    box.evaluate("element => element.removeAttribute('maxlength')")
    box.fill("x" * 300)
    expect(connection).to_have_attribute("data-state", "error", timeout=TIMEOUT)

    # The next query's answer replaces the error: the status line says connected again.
    box.fill("swift")
    expect(page.locator("#results li")).to_have_count(30, timeout=TIMEOUT)
    expect(connection).to_have_attribute("data-state", "connected", timeout=TIMEOUT)
    expect(connection).to_have_text("已连接", timeout=TIMEOUT)


# --- Result rows and "Load more" (issue 13 item 6), on the rich index (conftest.rich_server) ----------

LOAD_MORE = {"en": "Load more", "zh-Hans": "加载更多"}
APPENDED = {
    "en": "15 more repositories loaded: 45 of 45 shown.",
    "zh-Hans": "又加载了 15 个仓库，已显示 45 个（共 45 个）。",
}


def open_rich_search(page: Page, base_url: str, lang: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{base_url}/search?lang={lang}")
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)
    # One edit, one search: typed letter by letter, an earlier prefix's 30 results could show while the
    # last search is still on its way, and a test's next step would race it.
    page.locator("#query").fill("widget")
    expect(page.locator("#results li")).to_have_count(30, timeout=TIMEOUT)


def test_a_result_shows_name_description_language_stars_and_updated_date(rich_server, page: Page) -> None:
    open_rich_search(page, rich_server.url, "en", 1280)
    page.get_by_label("Search repositories", exact=True).fill("widget-07")
    row = page.locator("#results li")
    expect(row).to_have_count(1, timeout=TIMEOUT)
    expect(row.locator("a.name")).to_have_text("acme/widget-07")
    expect(page.locator("#load-more")).to_be_hidden()  # one result: no next page
    expect(row.locator(".description")).to_have_text(
        "Widget number 7: a small library that renders widgets on every screen size."
    )
    expect(row.locator(".language")).to_have_text("Go")
    expect(row.locator(".stars")).to_have_text("93,000 stars")
    expect(row.locator("time.updated")).to_have_text("Updated on 2025-08-15")
    expect(row.locator("time.updated")).to_have_attribute("datetime", "2025-08-15T08:00:00Z")

    # A repository known only by name: its stars are unknown, not 0; it has no language or date.
    page.get_by_label("Search repositories", exact=True).fill("widget-legacy")
    expect(row.locator("a.name")).to_have_text("acme/widget-legacy", timeout=TIMEOUT)
    expect(row.locator(".stars")).to_have_text("Stars unknown")
    expect(row.locator(".stars")).to_have_attribute("data-unknown", "true")
    expect(row.locator(".language")).to_have_count(0)
    expect(row.locator("time.updated")).to_have_count(0)


def test_a_result_on_the_chinese_page_links_to_a_chinese_repository_page(rich_server, page: Page) -> None:
    open_rich_search(page, rich_server.url, "zh-Hans", 1280)
    page.locator("#query").fill("widget-07")
    row = page.locator("#results li")
    expect(row).to_have_count(1, timeout=TIMEOUT)
    expect(row.locator(".stars")).to_have_text("93,000 个星标")
    expect(row.locator("time.updated")).to_have_text("更新于 2025-08-15")
    href = row.locator("a.name").get_attribute("href") or ""
    assert href.endswith("/repositories/acme/widget-07?lang=zh-Hans"), href
    page.goto(href)
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    expect(page.locator("#repository-page h1")).to_have_text("acme/widget-07")
    github = page.get_by_role("link", name="在 GitHub 上查看")
    expect(github).to_have_attribute("href", "https://github.com/acme/widget-07")
    expect(github).to_have_attribute("rel", "noopener")


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("zh-Hans", 390)])
def test_load_more_by_keyboard(rich_server, page: Page, lang: str, width: int) -> None:
    """Tab to "Load more" (scrolling there by focus loads nothing by itself), Enter: the next page is
    appended, announced, the focus is on the first new result, and the button is gone (no next page)."""
    open_rich_search(page, rich_server.url, lang, width)
    results = page.locator("#results li")
    button = page.get_by_role("button", name=LOAD_MORE[lang], exact=True)
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-disabled", "false")

    # Every value "aria-disabled" takes from now on: it must be "true" while the page loads.
    button.evaluate(
        """button => {
          window.ariaDisabledValues = [];
          new MutationObserver(() => window.ariaDisabledValues.push(button.getAttribute("aria-disabled")))
            .observe(button, { attributes: true, attributeFilter: ["aria-disabled"] });
        }"""
    )
    for _ in range(40):  # the box, 30 result links, then the button
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "load-more":
            break
    assert page.evaluate("document.activeElement.id") == "load-more", "Tab never reached Load more"
    assert results.count() == 30, "moving the focus to the button loaded a page by itself"

    page.keyboard.press("Enter")
    expect(results).to_have_count(45, timeout=TIMEOUT)
    expect(page.locator("#announcement")).to_have_text(APPENDED[lang], timeout=TIMEOUT)
    expect(results.nth(30).locator("a")).to_be_focused()
    expect(button).to_be_hidden()
    assert "true" in page.evaluate("window.ariaDisabledValues")
    ids = result_ids(page)
    assert len(ids) == len(set(ids)) == 45
    assert page.console_log.errors == []  # type: ignore[attr-defined]


def test_a_click_on_load_more_loads_the_next_page(rich_server, page: Page) -> None:
    """A click where the button is, without scrolling: a pointer's scroll to the button also loads by
    itself (infinite scroll, checked in test_search_scroll_replace_and_clear), which would race it."""
    open_rich_search(page, rich_server.url, "en", 1280)
    page.get_by_role("button", name="Load more", exact=True).dispatch_event("click")
    expect(page.locator("#results li")).to_have_count(45, timeout=TIMEOUT)
    page.locator("#query").fill("widget-legacy")
    # A new query's list replaces the old one and clears the last announcement.
    expect(page.locator("#announcement")).to_have_text("", timeout=TIMEOUT)


def test_a_failed_next_page_moves_the_focus_from_load_more_to_retry(rich_server, page: Page) -> None:
    """The server's answer to "Load more" is replaced (Playwright's WebSocket routing) by the state of a
    failed next page: "Load more" goes, "Retry" comes, and the keyboard focus goes with it."""
    failed = {
        "type": "state", "repos": {}, "summary": "45 repositories", "isLoading": False,
        "isLoadingNextPage": False, "hasNextPage": True, "failure": {"message": "Error contacting server", "canRetry": True},
    }

    answered = []  # set once the failure is sent: later states (a throttled query's) would replace it

    def route(socket) -> None:
        server = socket.connect_to_server()

        def from_page(message) -> None:
            if json.loads(message).get("type") == "loadNextPage":
                answered.append(True)
                socket.send(json.dumps(failed))
            else:
                server.send(message)

        def from_server(message) -> None:
            if not answered:
                socket.send(message)

        socket.on_message(from_page)
        server.on_message(from_server)

    page.route_web_socket("**/live/search*", route)
    open_rich_search(page, rich_server.url, "en", 1280)
    page.locator("#load-more").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#failure-message")).to_have_text("Error contacting server", timeout=TIMEOUT)
    expect(page.locator("#load-more")).to_be_hidden()
    expect(page.get_by_role("button", name="Retry")).to_be_focused()
    assert page.locator("#results li").count() == 30


def test_a_searchs_address_opens_with_its_results_and_follows_the_box(server, page: Page) -> None:
    """A search can be shared: `/search?q=…` opens with its results, and typing keeps the address's
    query in step (replaced, not pushed, so Back leaves the page)."""
    response = page.goto(f"{server.url}/search?q=swift")
    assert response is not None and response.status == 200
    box = page.get_by_label("Search repositories", exact=True)
    expect(box).to_have_value("swift")
    expect(page.locator("#results li")).to_have_count(30, timeout=TIMEOUT)
    expect(page.locator("#summary")).to_have_text("86 repositories", timeout=TIMEOUT)

    entries = page.evaluate("history.length")
    box.fill("rxswift")
    expect(page.locator("#results li").first.locator("a")).to_have_text("ReactiveX/RxSwift", timeout=TIMEOUT)
    assert page.evaluate("location.search") == "?q=rxswift"
    assert page.evaluate("history.length") == entries
    page.reload()
    expect(box).to_have_value("rxswift")
    expect(page.locator("#results li").first.locator("a")).to_have_text("ReactiveX/RxSwift", timeout=TIMEOUT)
