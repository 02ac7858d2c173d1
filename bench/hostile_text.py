"""MCP-020's "hijack" pattern on text packed with its words: the regular expression alone
against the chain search the lint uses (mcp_inspect/lint/chain.py).

Usage:  python bench/hostile_text.py [--chars 1000000]
Prints microseconds per character for each text, best of three; docs/limits.md records a run.
"""

from __future__ import annotations

import argparse
import time

from mcp_inspect.lint.injection import PATTERNS

#: Each repeats words of the pattern with no ending ("use this tool instead") until the
#: very end, so every "when" starts a search that fails late.
TEXTS = ("when you says ", "when you asks you asks ", "when-you-asks-", "whenever the user wants ")


def best_of_three(search, text: str) -> float:
    times = []
    for _ in range(3):
        start = time.perf_counter()
        search(text)
        times.append(time.perf_counter() - start)
    return min(times)


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


if __name__ == "__main__":
    main()
