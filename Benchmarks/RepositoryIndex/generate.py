#!/usr/bin/env python3
"""Writes N unique, realistic GitHub repository full names (`owner/name`), one per line.

    generate.py 1000000 > repositories-1m.txt
    generate.py 1000 --format jsonl > repositories.jsonl   # GitHub repository objects, one per line

The output depends only on N, --format and --seed. Words follow a Zipf law, so a few terms are
common (about one name in ten contains "react" or "docs") and most are rare, as on GitHub.
"""

import argparse
import json
import random
import sys

WORDS = """
docs sdk core react python server android awesome app api config vue docker ios plugins swift rust
plugin image client node go json test ai web http ui tools azure chat learning java aws agent cpp
game learn js nix project native github code website kit platform cli php sql library frontend
system skills backend openapi admin bot open suite build repo data template starter example demo
dashboard engine framework manager service tracker parser compiler runtime scheduler monitor proxy
gateway router store cache queue stream graph search index vector model llm gpt transformer vision
audio video music photo camera map geo weather finance crypto wallet chain contract token auth
login oauth session user account profile blog cms shop cart payment invoice email sms notify
terraform ansible kubernetes helm operator controller cluster deploy pipeline workflow actions ci
lint format style theme icons fonts css sass tailwind bootstrap material design component widget
flutter kotlin scala haskell elixir erlang clojure ocaml zig nim julia lua perl ruby rails django
flask fastapi spring express nest next nuxt svelte angular ember solid astro vite webpack babel
electron tauri desktop mobile embedded firmware arduino esp32 raspberry iot robot drone sensor
network socket grpc rest graphql websocket mqtt kafka redis postgres mysql sqlite mongo elastic
benchmark profiler debugger logger tracing metrics analytics report notebook jupyter pandas numpy
torch tensorflow keras sklearn dataset scraper crawler downloader converter generator editor viewer
reader writer player recorder browser extension terminal shell vim emacs vscode dotfiles snippets
notes wiki book course tutorial exercises homework leetcode algorithms structures interview
portfolio resume landing personal clone simple mini tiny micro lite fast async reactive functional
nio collections algorithms numerics atomics log metrics argument parser crypto certificates
""".split()

SYLLABLES = """
ka ri to mi na su ke lo an el or in ar en da vi ne ja co de sa le ma ro ti be al ex zo qu fu
mar tin jo han sen li wei zhang chen wang kim park lee ng yu hao xin ming dev code hub lab ops
""".split()

SEPARATORS = ["-"] * 55 + ["_"] * 12 + ["."] * 4 + ["camel"] * 17 + [""] * 12


def zipf_cumulative_weights(count, exponent):
    total, cumulative = 0.0, []
    for rank in range(count):
        total += 1.0 / (rank + 1) ** exponent
        cumulative.append(total)
    return cumulative


def owner_name(rng):
    parts = [rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4))]
    name = "".join(parts)
    roll = rng.random()
    if roll < 0.25:
        name += str(rng.randint(1, 9999))
    elif roll < 0.35:
        name += "-" + rng.choice(WORDS)
    if rng.random() < 0.2:
        name = name.capitalize()
    return name


def repository_name(rng, word_weights):
    drawn = rng.choices(WORDS, cum_weights=word_weights, k=rng.choice([1, 1, 2, 2, 2, 3, 3, 4]))
    words = list(dict.fromkeys(drawn))  # no word twice in one name
    separator = rng.choice(SEPARATORS)
    if separator == "camel":
        name = words[0] + "".join(word.capitalize() for word in words[1:])
    else:
        name = separator.join(words)
    if rng.random() < 0.08:
        name += str(rng.randint(1, 99))
    return name


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, help="how many unique repositories to write")
    parser.add_argument("--format", choices=["lines", "jsonl"], default="lines")
    parser.add_argument("--seed", type=int, default=20240601)
    arguments = parser.parse_args()

    rng = random.Random(arguments.seed)
    word_weights = zipf_cumulative_weights(len(WORDS), 1.0)
    owners = [owner_name(rng) for _ in range(max(1, arguments.count // 6))]
    owner_weights = zipf_cumulative_weights(len(owners), 0.6)

    seen = set()
    out = sys.stdout
    written = 0
    while written < arguments.count:
        owner = rng.choices(owners, cum_weights=owner_weights)[0]
        name = repository_name(rng, word_weights)
        full_name = f"{owner}/{name}"
        if full_name.lower() in seen:
            continue
        seen.add(full_name.lower())
        written += 1
        if arguments.format == "lines":
            out.write(full_name + "\n")
        else:
            words = name.replace("-", " ").replace("_", " ").replace(".", " ")
            record = {
                "id": written,
                "name": name,
                "full_name": full_name,
                "owner": {"login": owner},
                "html_url": f"https://github.com/{full_name}",
                "description": f"A {rng.choice(WORDS)} {words} for {rng.choice(WORDS)}",
                "stargazers_count": int(rng.paretovariate(1.2)) - 1,
                "language": rng.choice(["Swift", "Python", "Go", "Rust", "TypeScript", None]),
            }
            out.write(json.dumps(record, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
