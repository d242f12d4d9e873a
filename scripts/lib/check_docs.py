"""Checks for scripts/build-docs that DocC does not make itself.

1. Every public symbol of the documented modules has a summary line (its doc comment's first line).
2. Every test named in a guarantee table of the documentation (rows R1…, M1…, F1…) exists in Tests/.

Usage: python3 scripts/lib/check_docs.py SYMBOL_GRAPH_DIR MODULE...   (from the repository root)
"""

import json
import pathlib
import re
import sys


def undocumented_symbols(graph_dir: pathlib.Path, module: str) -> list[str]:
    missing = []
    for path in sorted(graph_dir.glob(f"{module}.symbols.json")) + sorted(graph_dir.glob(f"{module}@*.symbols.json")):
        graph = json.loads(path.read_text())
        for symbol in graph["symbols"]:
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue  # a protocol extension's member as seen on a conforming type: documented once
            if symbol.get("kind", {}).get("identifier") == "swift.extension":
                continue  # an extension block, whose members are checked one by one
            lines = symbol.get("docComment", {}).get("lines", [])
            if any(line["text"].strip() for line in lines[:1]):
                continue
            location = symbol.get("location", {})
            where = location.get("uri", "").split("/Sources/")[-1]
            line = location.get("position", {}).get("line", -1) + 1
            missing.append(f"{module}: {'.'.join(symbol['pathComponents'])} (Sources/{where}:{line})")
    return missing


TEST_TOKEN = re.compile(r"`([A-Z]\w*)?\.([a-z]\w*)`|`([A-Z]\w*Tests)`")


def missing_tests(repository: pathlib.Path) -> list[str]:
    test_sources = "\n".join(p.read_text() for p in (repository / "Tests").rglob("*.swift"))
    functions = set(re.findall(r"\bfunc\s+(\w+)\s*\(", test_sources))
    types = set(re.findall(r"\b(?:struct|class|enum|extension|actor)\s+(\w+)", test_sources))
    targets = {p.name for p in (repository / "Tests").iterdir() if p.is_dir()}
    missing = []
    for article in sorted(repository.glob("Sources/*/*.docc/*.md")):
        for row in article.read_text().splitlines():
            if not re.match(r"\| [RMF]\d+ \|", row):
                continue
            identifier = row.split("|")[1].strip()
            tests = row.rstrip().rstrip("|").split(" | ")[-1]
            suite = None
            for named_suite, function, bare_suite in TEST_TOKEN.findall(tests):
                if bare_suite:
                    if bare_suite not in types and bare_suite not in targets:
                        missing.append(f"{article.name} {identifier}: no test suite or target {bare_suite}")
                    continue
                suite = named_suite or suite
                if suite not in types:
                    missing.append(f"{article.name} {identifier}: no test suite {suite}")
                elif function not in functions:
                    missing.append(f"{article.name} {identifier}: no test {suite}.{function}")
    return missing


def main() -> int:
    graph_dir = pathlib.Path(sys.argv[1])
    problems = []
    for module in sys.argv[2:]:
        problems += [f"no summary line: {name}" for name in undocumented_symbols(graph_dir, module)]
    problems += missing_tests(pathlib.Path.cwd())
    for problem in problems:
        print(f"scripts/build-docs: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
