"""How the pages look, in a real (headless) Chromium: light and dark schemes, 1280 and 390 px, English
and Simplified Chinese.

Each page is measured, not eyeballed: every piece of text on it that a reader can see has a contrast of
at least 4.5:1 (WCAG 2 AA) with what is behind it, computed from the browser's computed styles of the
real elements (semi-transparent backgrounds composited down to the first opaque one); nothing is wider
than a phone's screen; the dark scheme really is dark. Screenshots of each are kept in test-artifacts/
(git-ignored) for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from conftest import REPOSITORY
from playwright.sync_api import Page, expect

TIMEOUT = 10_000  # ms
AA = 4.5
SCHEMES = ["light", "dark"]
WIDTHS = [1280, 390]

# Every visible text of the page with its contrast ratio: an element counts when it has a text node of
# its own, is rendered (not hidden, not a 1 px visually-hidden region) and is not disabled (WCAG
# exempts inactive controls). The input's placeholder is measured too.
CONTRAST_SCRIPT = """
() => {
  const parse = (value) => {
    const match = value.match(/rgba?\\(([^)]+)\\)/);
    if (!match) throw new Error(`unexpected colour ${value}`);
    const parts = match[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const over = (top, bottom) => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const background = (element) => {
    const layers = [];
    for (let node = element; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour.a > 0) layers.push(colour);
      if (colour.a >= 1) break;
    }
    // Nothing opaque up to the root: the canvas (white, as a browser paints it).
    let result = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const opacity = (element) => {
    let value = 1;
    for (let node = element; node; node = node.parentElement) value *= Number(getComputedStyle(node).opacity);
    return value;
  };
  const luminance = ({ r, g, b }) => {
    const channel = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const ratio = (a, b) => {
    const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (high + 0.05) / (low + 0.05);
  };
  const rgb = ({ r, g, b }) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
  const measure = (element, text, colourValue) => {
    const behind = background(element);
    const colour = parse(colourValue);
    const shown = over({ ...colour, a: colour.a * opacity(element) }, behind);
    return { text: text.slice(0, 60), where: element.id || element.className || element.tagName.toLowerCase(),
             colour: rgb(shown), background: rgb(behind), ratio: ratio(shown, behind) };
  };
  const results = [];
  for (const element of document.body.querySelectorAll("*")) {
    const text = [...element.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent).join("").trim();
    if (!text || ["SCRIPT", "STYLE"].includes(element.tagName)) continue;
    const box = element.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || element.checkVisibility({ visibilityProperty: true }) === false) continue;
    if (element.closest(":disabled, [aria-disabled='true']")) continue;
    results.push(measure(element, text, getComputedStyle(element).color));
  }
  for (const input of document.querySelectorAll("input[placeholder]")) {
    if (input.value === "" && input.checkVisibility()) {
      results.push(measure(input, `placeholder: ${input.placeholder}`, getComputedStyle(input, "::placeholder").color));
    }
  }
  return results;
}
"""


def low_contrast(page: Page, minimum_count: int) -> list[dict]:
    measured = page.evaluate(CONTRAST_SCRIPT)
    assert len(measured) >= minimum_count, f"only {len(measured)} texts measured: {measured}"
    return [entry for entry in measured if entry["ratio"] < AA]


def assert_readable(page: Page, what: str, minimum_count: int) -> None:
    failures = low_contrast(page, minimum_count)
    assert failures == [], f"{what}: text below {AA}:1 — " + "; ".join(
        f"{f['where']} “{f['text']}” {f['colour']} on {f['background']} = {f['ratio']:.2f}" for f in failures
    )


def assert_fits(page: Page, what: str) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{what}: {overflow} px wider than the {page.viewport_size['width']} px screen"


def assert_scheme(page: Page, scheme: str) -> None:
    """The page's own background follows the scheme (not just the browser's defaults)."""
    colour = page.evaluate("getComputedStyle(document.querySelector('main')).backgroundColor")
    channels = [int(part) for part in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3]]
    assert (sum(channels) / 3 > 128) == (scheme == "light"), f"main's background {colour} in the {scheme} scheme"


def prepare(page: Page, scheme: str, width: int) -> None:
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    page.set_viewport_size({"width": width, "height": 900})


def shot(page: Page, artifacts, name: str) -> None:
    page.screenshot(path=str(artifacts / f"{name}.png"), full_page=False)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
@pytest.mark.parametrize("scheme", SCHEMES)
def test_search_page_with_results(rich_server, page: Page, artifacts, scheme: str, lang: str, width: int) -> None:
    prepare(page, scheme, width)
    page.goto(f"{rich_server.url}/search?lang={lang}")
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)
    assert_readable(page, "the empty search page", 4)
    page.locator("#query").press_sequentially("widget", delay=20)
    expect(page.locator("#results li")).to_have_count(30, timeout=TIMEOUT)
    expect(page.locator("#load-more")).to_be_visible()
    assert_scheme(page, scheme)
    # Name, description, language, stars and date of 30 rows, the count, the button and more.
    assert_readable(page, f"search results ({scheme}, {lang}, {width} px)", 150)
    assert_fits(page, "search results")
    shot(page, artifacts, f"search-{lang}-{width}-{scheme}")
    # The end of the list as a keyboard user reaches it: "Load more" with its focus ring.
    page.locator("#load-more").focus()
    expect(page.locator("#load-more")).to_be_focused()
    shot(page, artifacts, f"search-load-more-{lang}-{width}-{scheme}")

    # The rarer states: a refused qualifier's failure box, an error in the status line.
    page.locator("#query").fill("widget size:1")
    expect(page.locator("#failure")).to_be_visible(timeout=TIMEOUT)
    # The same query would be refused again: no "Retry", only a new query helps.
    expect(page.locator("#retry")).to_be_hidden()
    page.evaluate("document.getElementById('connection').dataset.state = 'error'")
    # Title, status line, label and the failure's message ("Retry" is not offered for a refused query).
    assert_readable(page, f"search failure ({scheme}, {lang}, {width} px)", 4)
    assert_fits(page, "search failure")
    shot(page, artifacts, f"search-failure-{lang}-{width}-{scheme}")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("scheme", SCHEMES)
def test_repository_page(rich_server, page: Page, artifacts, scheme: str, width: int) -> None:
    prepare(page, scheme, width)
    response = page.goto(f"{rich_server.url}/repositories/acme/widget-07")
    assert response is not None and response.status == 200
    expect(page.get_by_role("link", name="View on GitHub")).to_have_attribute(
        "href", "https://github.com/acme/widget-07"
    )
    expect(page.locator(".badges")).to_have_text("Archived")
    assert_scheme(page, scheme)
    assert_readable(page, f"repository page ({scheme}, {width} px)", 12)
    assert_fits(page, "repository page")
    shot(page, artifacts, f"repository-{width}-{scheme}")


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("zh-Hans", 390)])
@pytest.mark.parametrize("scheme", SCHEMES)
def test_signup_page_in_every_tone(server, page: Page, artifacts, scheme: str, lang: str, width: int) -> None:
    prepare(page, scheme, width)
    page.goto(f"{server.url}/signup?lang={lang}")
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)
    assert_scheme(page, scheme)
    assert_readable(page, f"signup page ({scheme}, {lang}, {width} px)", 6)
    assert_fits(page, "signup page")
    shot(page, artifacts, f"signup-{lang}-{width}-{scheme}")
    # The validation messages in each of their tones, and the status line's error colour, as the
    # page's script sets them.
    for tone in ["pending", "success", "failure", "neutral"]:
        page.evaluate(
            """tone => {
              for (const message of document.querySelectorAll(".validation")) {
                message.dataset.tone = tone;
                message.textContent = `A ${tone} message`;
              }
              document.getElementById("connection").dataset.state = tone === "failure" ? "error" : "connected";
            }""",
            tone,
        )
        assert_readable(page, f"signup page, {tone} tone ({scheme}, {lang}, {width} px)", 9)
    # The two dialogs: the HUD over the form while signing up, and the outcome's alert.
    page.evaluate(
        """() => {
          document.getElementById("outcome-message").textContent = "An outcome";
          document.getElementById("outcome").show();
          document.getElementById("hud").show();
        }"""
    )
    assert_readable(page, f"signup dialogs ({scheme}, {lang}, {width} px)", 11)


def test_every_colour_of_the_style_sheet_is_a_custom_property() -> None:
    """Colours are set once per scheme (`--color-…` in :root and the dark media query), so no rule can
    keep a light colour in the dark scheme or the reverse."""
    sheet = (REPOSITORY / "Sources/WebApp/Resources/public/style.css").read_text()
    sheet = re.sub(r"/\*.*?\*/", "", sheet, flags=re.S)
    colour = re.compile(r"#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|\b(?:" + "|".join(
        ["red", "green", "blue", "gray", "grey", "white", "black", "silver", "orange", "yellow", "purple"]
    ) + r")\b(?![-\w])")
    offenders = []
    for declaration in re.findall(r"[{;]\s*([-\w]+)\s*:\s*([^;}]*)", sheet):
        name, value = declaration
        if name.startswith("--color-") or name in ("content", "white-space"):
            continue
        if colour.search(value):
            offenders.append(f"{name}: {value.strip()}")
    assert offenders == [], f"colours not through a variable: {offenders}"
    assert "@media (prefers-color-scheme: dark)" in sheet


@pytest.mark.parametrize("scheme", SCHEMES)
def test_home_and_account_pages(server, page: Page, artifacts, scheme: str) -> None:
    prepare(page, scheme, 1280)
    page.goto(f"{server.url}/")
    assert_scheme(page, scheme)
    assert_readable(page, f"home page ({scheme})", 5)
    shot(page, artifacts, f"home-{scheme}")
    response = page.goto(f"{server.url}/no-such-account-here")
    assert response is not None and response.status == 404
    assert_readable(page, f"missing account page ({scheme})", 3)
