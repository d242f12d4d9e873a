#!/usr/bin/env python3
"""First-page latency of `GET /search/repositories` through a running Octoreact server.

Sends one request at a time on one keep-alive connection (so the figure is the server's latency,
not queueing) for a list of distinct queries drawn from an `owner/name` file: single words,
1-3 letter prefixes (what typing sends) and two-word queries. Each query is sent once, so the
server's result cache never helps; `--repeat 2` sends the list twice to show the warm figure too.

    python3 Benchmarks/RepositoryIndex/http_latency.py http://127.0.0.1:8080 /tmp/repositories-1m.txt
"""

from __future__ import annotations

import argparse
import http.client
import random
import re
import statistics
import time
import urllib.parse


def queries_from(path: str, count: int, seed: int) -> list[str]:
    words: list[str] = []
    with open(path, encoding="utf-8") as lines:
        for index, line in enumerate(lines):
            if index % 97 == 0:
                words += [w for w in re.split(r"[-_/.]", line.strip().split("/")[-1].lower()) if len(w) >= 2]
    rng = random.Random(seed)
    unique = sorted(set(words))
    singles = rng.sample(unique, min(count // 2, len(unique)))
    prefixes = sorted({w[: rng.randint(1, 3)] for w in rng.sample(unique, min(count // 4, len(unique)))})
    pairs = [f"{rng.choice(unique)} {rng.choice(unique)}" for _ in range(count // 4)]
    queries = singles + prefixes + pairs
    rng.shuffle(queries)
    return queries


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("base_url")
    parser.add_argument("names", help="the owner/name file the index was imported from")
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    arguments = parser.parse_args()

    url = urllib.parse.urlsplit(arguments.base_url)
    connection = http.client.HTTPConnection(url.hostname, url.port or 80)
    queries = queries_from(arguments.names, arguments.count, arguments.seed)
    for round_number in range(1, arguments.repeat + 1):
        latencies: list[float] = []
        totals: list[int] = []
        for query in queries:
            path = "/search/repositories?" + urllib.parse.urlencode({"q": query, "per_page": 30})
            start = time.perf_counter()
            connection.request("GET", path)
            response = connection.getresponse()
            body = response.read()
            latencies.append((time.perf_counter() - start) * 1000)
            assert response.status == 200, (query, response.status, body[:200])
            totals.append(int(re.search(rb'"total_count":(\d+)', body).group(1)))
        print(
            f"round {round_number}: {len(latencies)} queries, "
            f"p50 {statistics.median(latencies):.2f} ms, p90 {percentile(latencies, 0.90):.2f} ms, "
            f"p99 {percentile(latencies, 0.99):.2f} ms, max {max(latencies):.2f} ms; "
            f"median total_count {int(statistics.median(totals))}, max {max(totals)}"
        )


if __name__ == "__main__":
    main()
