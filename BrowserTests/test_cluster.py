"""Octoreact as a cluster (`scripts/cluster`): instances sharing one account database behind HAProxy.

Accounts written through one instance are visible through every other, racing signups of one name
give one account, and a live page whose instance dies (SIGKILL) or drains (SIGTERM: `1001`) comes
back through the balancer on another instance with its fields. The tests that take an instance away
get a cluster of their own; every wait is bounded and every cluster is stopped.
"""

from __future__ import annotations

import math
import os
import re
import signal
import threading
from collections import Counter

import pytest
from playwright.sync_api import Browser, Page, expect

from cluster import Cluster, request
from conftest import new_page, server_binary, unique_username

# ms. A killed or drained instance's page comes back after HAProxy's health check (up to 2 s) and the
# page's reconnect backoff (up to 2 s); on a 2-core machine still busy with a build, twice that and more
# has been seen, so the waits leave room: a passing run never waits them out.
TIMEOUT = 30_000
PASSWORD = "correct-horse"
# The account database the instances share: `scripts/cluster --database`.
DATABASE = os.environ.get("OCTOREACT_CLUSTER_DATABASE", "postgres")
# Every request comes from 127.0.0.1: the limits themselves are tested in the Swift tests.
SERVE_ARGS = ("--rate-limit", "off")

# Records each WebSocket's close code in the page (`window.closeCodes`): the browser's own events are
# the only place a page learns why its socket closed.
# The close codes go to `window.closeCodes` and to the `data-close-codes` attribute of <html>, so that a
# test waits for one with `expect` on the attribute. (`page.wait_for_function` would not do: once its first
# check fails it polls with `new Function` inside the page, which the page's Content-Security-Policy,
# without 'unsafe-eval', refuses.)
RECORD_CLOSE_CODES = """
window.closeCodes = [];
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(...args) {
    super(...args);
    this.addEventListener("close", (event) => {
      window.closeCodes.push(event.code);
      document.documentElement.dataset.closeCodes = window.closeCodes.join(" ");
    });
  }
};
"""


def start_cluster(tmp_path_factory: pytest.TempPathFactory, name: str) -> Cluster:
    binary = server_binary()
    if not binary.is_file():
        pytest.fail(f"{binary} is missing: build it first with `swift build --product octoreact`", pytrace=False)
    folder = tmp_path_factory.mktemp(name)
    cluster = Cluster(binary, folder / "cluster.log", DATABASE, serve_args=SERVE_ARGS)
    cluster.start()
    return cluster


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory):
    cluster = start_cluster(tmp_path_factory, "cluster")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def own_cluster(tmp_path_factory: pytest.TempPathFactory):
    """A cluster for one test that takes an instance away."""
    cluster = start_cluster(tmp_path_factory, "own-cluster")
    try:
        yield cluster
    finally:
        cluster.stop()


def signup(base_url: str, username: str, headers: dict[str, str] | None = None) -> int:
    status, _ = request(f"{base_url}/users", "POST", {"username": username, "password": PASSWORD}, headers=headers)
    return status


@pytest.mark.skipif(DATABASE != "postgres", reason="the budgets are shared through PostgreSQL")
def test_a_client_has_one_signup_budget_across_every_instance(tmp_path_factory: pytest.TempPathFactory) -> None:
    """With the standard limits (5 signups a minute) counted in PostgreSQL: a client spreading its signups
    over the instances gets 5 in all, and a forged X-Forwarded-For through the balancer buys nothing."""
    binary = server_binary()
    cluster = Cluster(binary, tmp_path_factory.mktemp("limited") / "cluster.log", DATABASE)
    cluster.start()
    try:
        # Straight to each instance, from 127.0.0.1 (a trusted proxy to them): the header names the client.
        client = {"X-Forwarded-For": "198.51.100.7"}
        statuses = [signup(cluster.instances[i % len(cluster.instances)].url, unique_username("budget"), client)
                    for i in range(8)]
        assert Counter(statuses) == Counter({201: 5, 429: 3}), statuses
        # Another client still has its budget, on any instance.
        assert signup(cluster.instances[1].url, unique_username("other"), {"X-Forwarded-For": "198.51.100.8"}) == 201
        # Through the balancer, the entry HAProxy adds (127.0.0.1) is the client, whatever the request claims.
        forged = [signup(cluster.url, unique_username("forged"), {"X-Forwarded-For": f"203.0.113.{i}"})
                  for i in range(7)]
        assert Counter(forged) == Counter({201: 5, 429: 2}), forged
    finally:
        cluster.stop()


def test_an_account_made_through_the_balancer_is_seen_by_every_instance(cluster: Cluster) -> None:
    name = unique_username("everywhere")
    assert signup(cluster.url, name) == 201
    for instance in cluster.instances:
        status, body = request(f"{instance.url}/users/{name}")
        assert status == 200, f"{instance.name}: {status} {body}"
        status, _ = request(f"{instance.url}/users/{name.upper()}")
        assert status == 200, f"{instance.name}, other letter case: {status}"
    # …and a second signup of it, through any instance, is refused.
    assert [signup(instance.url, name.swapcase()) for instance in cluster.instances] == [409] * len(cluster.instances)


def test_racing_signups_of_one_name_over_every_instance_make_one_account(cluster: Cluster) -> None:
    name = unique_username("race")
    targets = [cluster.instances[i % len(cluster.instances)].url for i in range(50)]
    statuses: list[int] = [0] * len(targets)
    start = threading.Barrier(len(targets), timeout=30)

    def attempt(i: int) -> None:
        start.wait()
        statuses[i] = signup(targets[i], name if i % 2 == 0 else name.upper())

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(len(targets))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert Counter(statuses) == Counter({201: 1, 409: 49}), f"statuses: {Counter(statuses)}"
    for instance in cluster.instances:
        assert request(f"{instance.url}/users/{name}")[0] == 200


# A sample line of Prometheus' text format: a name, optional labels, a value (and no timestamp here).
SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*\})? (\S+)$')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\.)*)"')


def parse_prometheus(text: str) -> tuple[dict[str, str], list[tuple[str, dict[str, str], float]]]:
    """The families' types and the samples of Prometheus' text exposition format; fails on any other line."""
    types: dict[str, str] = {}
    samples = []
    for line in text.splitlines():
        if not line or line.startswith("# HELP "):
            continue
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ", 3)
            assert kind in ("counter", "gauge", "histogram", "summary", "untyped"), line
            types[name] = kind
            continue
        match = SAMPLE.match(line)
        assert match, f"not a Prometheus sample line: {line!r}"
        name, labels, value = match.group(1), match.group(2) or "", match.group(3)
        family = re.sub(r"_(bucket|sum|count)$", "", name)
        assert name in types or family in types, f"{name} has no # TYPE"
        number = float(value)  # also +Inf, NaN
        assert not math.isnan(number) or types.get(family) == "gauge", line
        samples.append((name, dict(LABEL.findall(labels)), number))
    return types, samples


def test_every_instance_and_the_balancer_answer_prometheus_metrics(cluster: Cluster) -> None:
    name = unique_username("metrics")
    assert signup(cluster.url, name) == 201
    created = 0.0
    for instance in cluster.instances:
        status, text = request(f"{instance.url}/metrics")
        assert status == 200, instance.name
        types, samples = parse_prometheus(text)
        assert types.get("http_requests_total") == "counter"
        assert types.get("http_request_duration_seconds") == "histogram"
        created += sum(value for metric, labels, value in samples
                       if metric == "http_requests_total" and labels.get("method") == "POST"
                       and labels.get("status") == "201")
    assert created >= 1, "the signup is counted by the instance that made it"
    status, text = request(f"{cluster.url}/metrics")
    assert status == 200
    parse_prometheus(text)


def open_signup(page: Page, url: str) -> None:
    response = page.goto(f"{url}/signup")
    assert response is not None and response.status == 200
    expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)


def fill_signup(page: Page, name: str) -> None:
    page.get_by_label("Username", exact=True).fill(name)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Repeat password", exact=True).fill(PASSWORD)
    expect_screen(page, name)


def expect_screen(page: Page, name: str) -> None:
    """The Signup screen of a filled form: every field's value and message, and "Sign up" enabled."""
    expect(page.get_by_label("Username", exact=True)).to_have_value(name)
    expect(page.locator("#username-message")).to_have_text("Username available", timeout=TIMEOUT)
    expect(page.locator("#password-message")).to_have_text("Password acceptable", timeout=TIMEOUT)
    expect(page.locator("#repeated-password-message")).to_have_text("Password repeated", timeout=TIMEOUT)
    expect(page.get_by_role("button", name="Sign up", exact=True)).to_be_enabled(timeout=TIMEOUT)


def sign_up_and_check(page: Page, cluster: Cluster, name: str) -> None:
    page.get_by_role("button", name="Sign up", exact=True).click()
    expect(page.locator("#outcome-message")).to_have_text(f"Signed up as {name}.", timeout=TIMEOUT)
    for instance in cluster.instances:
        if instance.is_alive():
            assert request(f"{instance.url}/users/{name}")[0] == 200, instance.name


def open_filled_signup_page(cluster: Cluster, browser: Browser, label: str):
    """A Signup page through the balancer, its close codes recorded, its fields filled with a new name;
    with the name and the instance that holds its live session."""
    page = new_page(browser)
    try:
        page.add_init_script(RECORD_CLOSE_CODES)
        open_signup(page, cluster.url)
        name = unique_username(label)
        fill_signup(page, name)
        return page, name, cluster.instance_holding_sessions()
    except BaseException:
        page.context.close()
        raise


def expect_a_close(page: Page) -> None:
    """Waits until the page's live socket has closed at least once."""
    expect(page.locator("html")).to_have_attribute("data-close-codes", re.compile(r"\d"), timeout=TIMEOUT)


def test_a_live_page_whose_instance_is_killed_comes_back_on_another_with_its_fields(
    own_cluster: Cluster, browser: Browser
) -> None:
    page, name, holder = open_filled_signup_page(own_cluster, browser, "killed")
    try:
        os.kill(holder.pid, signal.SIGKILL)
        expect_a_close(page)
        # The page reconnects through the balancer, which sends it to a live instance; the page sends
        # its fields again, and the new instance's screen shows what the old one did.
        expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)
        expect_screen(page, name)
        successor = own_cluster.instance_holding_sessions()
        assert successor.number != holder.number
        assert page.evaluate("window.closeCodes")[0] == 1006, "a killed instance closes nothing: 1006"
        sign_up_and_check(page, own_cluster, name)
    finally:
        page.context.close()


def test_a_drained_instance_sends_its_live_pages_away_with_1001_and_they_come_back(
    own_cluster: Cluster, browser: Browser
) -> None:
    page, name, holder = open_filled_signup_page(own_cluster, browser, "drained")
    try:
        os.kill(holder.pid, signal.SIGTERM)
        expect_a_close(page)
        assert page.evaluate("window.closeCodes")[0] == 1001
        expect(page.locator("#connection")).to_have_attribute("data-state", "connected", timeout=TIMEOUT)
        expect_screen(page, name)
        assert own_cluster.instance_holding_sessions().number != holder.number
        # The balancer takes the drained instance out of the rotation (its /readyz is 503, then it is gone).
        own_cluster.wait_for_status(holder, "DOWN")
        sign_up_and_check(page, own_cluster, name)
    finally:
        page.context.close()
