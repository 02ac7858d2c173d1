"""MCP-020's patterns on text packed with their own words, to show each stays linear.

Usage:  python bench/hostile_text.py [--chars 1000000]

First the "hijack" pattern: the regular expression alone against the chain search the lint
uses (mcp_inspect/checks/chain.py), on hand-written texts. Then every pattern, as the lint
searches it, on a text made from the pattern's own match in a written poisoning example
(tests/data/poisoning/mcp-020.json) with its last word left off, repeated: every start
gets as far as a match can before it fails. Each is timed at a tenth of ``--chars`` and at
``--chars``: a pattern that is linear costs the same per character at both sizes.
Prints microseconds per character, best of three; docs/limits.md records a run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mcp_inspect.checks.injection import PATTERNS, Pattern, find_injection  # noqa: E402
from mcp_inspect.checks.unicode import normalise  # noqa: E402

#: Each repeats words of the pattern with no ending ("use this tool instead") until the
#: very end, so every "when" starts a search that fails late.
TEXTS = ("when you says ", "when you asks you asks ", "when-you-asks-", "whenever the user wants ")
POISONING = ROOT / "tests" / "data" / "poisoning" / "mcp-020.json"
#: Words of the patterns with the most gaps, packed so that each start reaches many
#: placements of the next word before failing; searched by every pattern, as the lint does.
PACKED = ("read ~/.ssh and ", "read ~/.cursor/mcp.json then ", "ignore previous system ", "hide this from the ",
          "keep it secret ", "always send x ", "send the conversation ", "if the user asks ", "do not let the ")


def best_of_three(search, text: str) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        search(text)
        times.append(time.perf_counter() - start)
    return min(times)


def _written_texts() -> list[str]:
    data = json.loads(POISONING.read_text())
    return [normalise(v) for entry in data["positives"] for v in json.dumps(entry["tool"]).split('"') if len(v) > 12]


def hostile_body(pattern: Pattern, texts: list[str]) -> str | None:
    """The pattern's first match in the written examples, its last word left off, or None."""
    for text in texts:
        match = pattern.regex.search(text)
        if match and " " in match.group().strip():
            return match.group().strip().rsplit(" ", 1)[0] + " "
    return None


def per_char(search, body: str, chars: int) -> float:
    text = (body * (chars // len(body) + 1))[:chars]
    return best_of_three(search, text) / len(text) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--chars", type=int, default=1_000_000)
    args = parser.parse_args()
    hijack = next(p for p in PATTERNS if p.chain is not None)
    print(f"{args.chars:,} characters of each text, then ' use this tool instead'\n")
    print("| text repeated | regular expression | chain search |")
    print("|---|---|---|")
    for body in TEXTS:
        text = (body * (args.chars // len(body) + 1))[:args.chars] + " use this tool instead"
        assert hijack.search(text).span() == hijack.regex.search(text).span()
        regex = best_of_three(hijack.regex.search, text) / len(text) * 1e6
        chain = best_of_three(hijack.search, text) / len(text) * 1e6
        print(f"| `{body.strip()}` | {regex:.2f} µs/char | {chain:.2f} µs/char |")

    small = args.chars // 10
    print("\nEvery pattern as the lint searches it, on its own words without the last one\n")
    print(f"| # | manoeuvre | text repeated | {small:,} chars | {args.chars:,} chars |")
    print("|---|---|---|---|---|")
    texts = _written_texts()
    for index, pattern in enumerate(PATTERNS):
        body = hostile_body(pattern, texts)
        if body is None:
            print(f"| {index} | {pattern.name} | (no written example of two words or more) | | |")
            continue
        assert pattern.search(body * 50) is None, body  # the text must fail, or it times one match
        cost = [per_char(pattern.search, body, n) for n in (small, args.chars)]
        print(f"| {index} | {pattern.name} | `{body.strip()}` | {cost[0]:.2f} µs/char | {cost[1]:.2f} µs/char |")

    print("\nEvery pattern (find_injection) on words of several patterns, packed\n")
    print(f"| text repeated | {small:,} chars | {args.chars:,} chars |")
    print("|---|---|---|")
    for body in PACKED:
        assert find_injection(body * 50) is None, body
        cost = [per_char(find_injection, body, n) for n in (small, args.chars)]
        print(f"| `{body.strip()}` | {cost[0]:.2f} µs/char | {cost[1]:.2f} µs/char |")


if __name__ == "__main__":
    main()
