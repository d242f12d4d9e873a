"""A GitHub client nobody here wrote, PyGithub (pinned in requirements.txt), against a real `octoreact serve`
on loopback: users, repositories, search with qualifiers, sort and order, every page through `Link` up to
the 1,000-result cap, every attribute of a result readable (PyGithub completes an object from its `url`,
which must point to this server), `get_rate_limit`, and the client's own rate-limit exception.

The server's index holds TOTAL_TETRIS repositories in GitHub's JSON (`gen{n}/tetris-{n}`, every third one in
Assembly), `ReactiveX/RxSwift`, and NAME_ONLY, a repository imported from a bare `owner/name` list.
"""

from __future__ import annotations

import datetime
import json
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import github
import pytest
from github import Github, RateLimitExceededException, UnknownObjectException

from conftest import REPOSITORY, Server, create_account, server_binary

TOTAL_TETRIS = 1_050
NAME_ONLY = "acme/name-only-tetris"
SEARCH_BUDGET = 4
RXSWIFT = {
    "id": 33569135,
    "full_name": "ReactiveX/RxSwift",
    "name": "RxSwift",
    "owner": {"login": "ReactiveX", "id": 6407041, "type": "Organization"},
    "description": "Reactive Programming in Swift",
    "stargazers_count": 24300,
    "forks_count": 4200,
    "language": "Swift",
    "topics": ["reactive", "rxswift", "functional"],
    "fork": False,
    "archived": False,
    "created_at": "2015-04-07T21:25:17Z",
    "updated_at": "2025-05-01T10:00:00Z",
    "pushed_at": "2025-04-30T09:00:00Z",
}


def tetris_repositories() -> list[dict]:
    return [
        {
            "id": 500_000 + number,
            "full_name": f"gen{number}/tetris-{number}",
            "owner": {"login": f"gen{number}", "id": 700_000 + number, "type": "User"},
            "description": f"Tetris number {number}",
            "stargazers_count": number * 7 % 1_000,
            "forks_count": number % 50,
            "language": "Assembly" if number % 3 == 0 else "C",
            "topics": ["game"],
            "fork": False,
            "archived": False,
            "created_at": "2020-01-02T03:04:05Z",
            "updated_at": "2025-01-02T03:04:05Z",
            "pushed_at": "2025-01-01T00:00:00Z",
        }
        for number in range(1, TOTAL_TETRIS + 1)
    ]


def start_server(folder: Path, *arguments: str) -> Server:
    binary = server_binary()
    if not binary.is_file():
        pytest.fail(f"{binary} is missing: build it first with `swift build --product octoreact`", pytrace=False)
    objects = folder / "repositories.jsonl"
    objects.write_text("".join(json.dumps(item) + "\n" for item in tetris_repositories() + [RXSWIFT]))
    names = folder / "names.txt"
    names.write_text(NAME_ONLY + "\n")
    for source in (objects, names):
        subprocess.run(
            [str(binary), "index", "import", str(source), "--index", str(folder / "repositories.sqlite")],
            cwd=REPOSITORY, check=True, capture_output=True, timeout=120,
        )
    # The conftest's server turns the rate limits off; a later `--rate-limit on` wins.
    server = Server(binary, folder / "accounts.sqlite", folder / "server.log", ("--rate-limit", "on", *arguments))
    server.start()
    return server


@pytest.fixture(scope="module")
def api_server(tmp_path_factory: pytest.TempPathFactory):
    server = start_server(tmp_path_factory.mktemp("octoreact-api"), "--search-rate-limit", "1000")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def client(api_server: Server) -> Github:
    # No retries: a refusal reaches the test as the client's exception, at once.
    return Github(base_url=api_server.url, retry=None, timeout=30)


def read_every_attribute(item: github.GithubObject.GithubObject) -> dict[str, object]:
    """Reads every property of `item`'s class, as a program using it might; fails on the first error."""
    values = {}
    for name in dir(type(item)):
        if name.startswith("_") or not isinstance(getattr(type(item), name, None), property):
            continue
        values[name] = getattr(item, name)
    return values


def get_json(url: str) -> tuple[int, dict, dict]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, dict(response.headers), json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), json.loads(error.read())


# --- Users ---------------------------------------------------------------------------------------


def test_a_user_is_found_and_a_missing_one_raises_unknown_object(client: Github, api_server: Server):
    create_account(api_server.url, "octocat", "correct horse battery")
    user = client.get_user("octocat")
    assert user.login == "octocat"
    assert user.id > 0
    assert user.type == "User"
    assert isinstance(user.created_at, datetime.datetime)
    assert user.url == f"{api_server.url}/users/octocat"
    assert user.html_url == f"{api_server.url}/octocat"
    read_every_attribute(user)  # completes the user from its `url`, on this server
    with pytest.raises(UnknownObjectException) as missing:
        client.get_user("nobody-has-this-name")
    assert missing.value.status == 404


def test_an_owner_of_indexed_repositories_is_a_user(client: Github):
    owner = client.get_user("ReactiveX")
    assert owner.login == "ReactiveX"
    assert owner.id == 6407041
    assert owner.type == "Organization"
    read_every_attribute(owner)


# --- Repositories --------------------------------------------------------------------------------


def test_get_repo_answers_in_githubs_shape_with_every_attribute_readable(client: Github, api_server: Server):
    repository = client.get_repo("reactivex/rxswift")
    assert repository.full_name == "ReactiveX/RxSwift"
    assert repository.id == 33569135
    assert repository.stargazers_count == 24300
    assert repository.watchers_count == 24300
    assert repository.forks_count == 4200
    assert repository.language == "Swift"
    assert repository.topics == ["reactive", "rxswift", "functional"]
    assert repository.created_at == datetime.datetime(2015, 4, 7, 21, 25, 17, tzinfo=datetime.timezone.utc)
    assert repository.url == f"{api_server.url}/repos/ReactiveX/RxSwift"
    assert repository.html_url == f"{api_server.url}/repositories/ReactiveX/RxSwift"
    assert repository.owner.url == f"{api_server.url}/users/ReactiveX"
    assert repository.organization.login == "ReactiveX"
    values = read_every_attribute(repository)
    assert values["default_branch"] is None, "unknown to the index: null, never made up"
    assert values["license"] is None
    read_every_attribute(repository.owner)


def test_a_name_only_repository_has_its_name_and_nulls(client: Github):
    repository = client.get_repo(NAME_ONLY)
    assert repository.full_name == NAME_ONLY
    assert repository.id > 0
    values = read_every_attribute(repository)
    for unknown in ("stargazers_count", "forks_count", "language", "created_at", "topics", "fork", "archived"):
        assert values[unknown] is None, unknown
    assert "topics" not in repository.raw_data, "an array in GitHub's schema: left out when unknown, not null"
    assert repository.owner.login == "acme"
    read_every_attribute(repository.owner)


def test_a_missing_repository_is_a_404_as_on_github(client: Github, api_server: Server):
    with pytest.raises(UnknownObjectException):
        client.get_repo("nobody/nothing")
    status, _, body = get_json(f"{api_server.url}/repos/nobody/nothing")
    assert status == 404
    assert body == {
        "message": "Not Found",
        "documentation_url": "https://docs.github.com/rest/repos/repos#get-a-repository",
    }


# --- Search --------------------------------------------------------------------------------------


def test_qualifiers_sort_and_order_as_keyword_arguments(client: Github):
    results = client.search_repositories("tetris", language="assembly", sort="stars", order="desc")
    assert results.totalCount == TOTAL_TETRIS // 3
    first = list(results[:60])
    assert all(repository.language == "Assembly" for repository in first)
    stars = [repository.stargazers_count for repository in first]
    assert stars == sorted(stars, reverse=True)


def test_a_plus_in_the_query_string_is_a_space_as_on_github(api_server: Server):
    plus = "q=tetris+language:assembly&sort=stars&order=desc"
    escaped = "q=tetris%20language%3Aassembly&sort=stars&order=desc"
    status, _, by_plus = get_json(f"{api_server.url}/search/repositories?{plus}")
    assert status == 200
    _, _, by_escape = get_json(f"{api_server.url}/search/repositories?{escaped}")
    assert by_plus["total_count"] == TOTAL_TETRIS // 3
    assert by_plus == by_escape
    # `%2B` stays a plus sign: `c++` searches for "c++", not "c  ".
    _, _, literal = get_json(f"{api_server.url}/search/repositories?q=tetris+language:c%2B%2B")
    assert literal["total_count"] == 0


def test_every_page_through_link_up_to_the_thousand_result_cap(api_server: Server):
    _, _, first = get_json(f"{api_server.url}/search/repositories?q=tetris")
    assert first["total_count"] == TOTAL_TETRIS + 1  # the name-only one matches by name too
    results = Github(base_url=api_server.url, retry=None, timeout=30, per_page=100).search_repositories("tetris")
    # PyGithub counts the pages of one result (`per_page=1`) by the `last` link, which stops at the cap.
    assert results.totalCount == 1_000
    names = [repository.full_name for repository in results]
    assert len(names) == 1_000, "GitHub serves the first 1,000 results"
    assert len(set(names)) == 1_000, "no result twice"


def test_every_attribute_of_a_search_result_is_readable(client: Github, api_server: Server):
    for query in ("RxSwift", NAME_ONLY):
        result = client.search_repositories(query)[0]
        assert result.url.startswith(api_server.url)
        values = read_every_attribute(result)
        assert values["full_name"] in ("ReactiveX/RxSwift", NAME_ONLY)
        read_every_attribute(result.owner)


def test_every_url_in_a_search_item_is_this_servers_and_served(api_server: Server):
    status, _, body = get_json(f"{api_server.url}/search/repositories?q=RxSwift")
    assert status == 200
    item = body["items"][0]
    for key in GITHUB_SEARCH_ITEM_KEYS:
        assert key in item, f"{key} is missing (null when unknown, never left out)"
    _, _, name_only = get_json(f"{api_server.url}/search/repositories?q={NAME_ONLY}")
    assert set(name_only["items"][0]) == set(GITHUB_SEARCH_ITEM_KEYS) - {"topics"}
    urls = {key: value for key, value in item.items() if key.endswith("url") and value is not None}
    urls.update({f"owner.{key}": value for key, value in item["owner"].items() if key.endswith("url") and value})
    del urls["owner.avatar_url"]  # a picture on GitHub's image host, not an API URL
    assert set(urls) == {"url", "html_url", "owner.url"}
    for key, url in urls.items():
        assert url.startswith(api_server.url + "/"), key
        with urllib.request.urlopen(url, timeout=30) as response:
            assert response.status == 200, key


# The keys of a repository search item as api.github.com sends them (GET /search/repositories, 2025).
GITHUB_SEARCH_ITEM_KEYS = """
id node_id name full_name private owner html_url description fork url forks_url keys_url collaborators_url
teams_url hooks_url issue_events_url events_url assignees_url branches_url tags_url blobs_url git_tags_url
git_refs_url trees_url statuses_url languages_url stargazers_url contributors_url subscribers_url
subscription_url commits_url git_commits_url comments_url issue_comment_url contents_url compare_url
merges_url archive_url downloads_url issues_url pulls_url milestones_url notifications_url labels_url
releases_url deployments_url created_at updated_at pushed_at git_url ssh_url clone_url svn_url homepage size
stargazers_count watchers_count language has_issues has_projects has_downloads has_wiki has_pages
has_discussions forks_count mirror_url archived disabled open_issues_count license allow_forking is_template
web_commit_signoff_required topics visibility forks open_issues watchers default_branch score
""".split()


# --- Rate limits ---------------------------------------------------------------------------------


def test_get_rate_limit_shows_the_real_budgets_and_spends_none(client: Github):
    before = client.get_rate_limit()
    after = client.get_rate_limit()
    assert before.resources.core.limit == 300
    assert before.resources.search.limit == 1000
    assert before.rate.limit == 300
    assert after.resources.core.remaining == before.resources.core.remaining
    assert after.resources.search.remaining == before.resources.search.remaining
    client.search_repositories("tetris").totalCount
    spent = client.get_rate_limit()
    assert spent.resources.search.remaining == before.resources.search.remaining - 1
    assert spent.resources.search.reset > datetime.datetime.now(datetime.timezone.utc)


def test_a_spent_budget_raises_the_clients_rate_limit_exception(tmp_path: Path):
    server = start_server(tmp_path, "--search-rate-limit", str(SEARCH_BUDGET))
    try:
        limited = Github(base_url=server.url, retry=None, timeout=30)
        for _ in range(SEARCH_BUDGET):
            assert limited.search_repositories("tetris").totalCount > 0
        with pytest.raises(RateLimitExceededException) as refused:
            limited.search_repositories("tetris").totalCount
        assert refused.value.status == 403
        now = time.time()
        reset = int(refused.value.headers["x-ratelimit-reset"])
        assert now < reset <= now + 61
        assert refused.value.headers["x-ratelimit-remaining"] == "0"
        budgets = limited.get_rate_limit()
        assert budgets.resources.search.remaining == 0
        assert budgets.resources.search.reset.timestamp() == reset
    finally:
        server.stop()
