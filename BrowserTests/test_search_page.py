"""The live Search page in a real (headless) Chromium, on the server's bundled demo index.

Queries are throttled (300 ms) on the server and searched through the server's own
`GET /search/repositories`, so every check auto-waits (`expect(...)`, 10 s) instead of sleeping.
The demo index has 86 repositories matching "swift": three pages of 30.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

TIMEOUT = 10_000  # ms


def open_search(page: Page, base_url: str) -> None:
    response = page.goto(f"{base_url}/search")
    assert response is not None and response.status == 200, f"GET /search: {response and response.status}"
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)


def result_ids(page: Page) -> list[str]:
    return page.locator("#results li").evaluate_all("items => items.map(item => item.dataset.id)")


def test_search_scroll_replace_and_clear(server, page: Page, artifacts) -> None:
    page.set_viewport_size({"width": 1000, "height": 700})
    open_search(page, server.url)
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
    page.screenshot(path=str(artifacts / "search-swift.png"), full_page=False)

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
