"""Benchmark the replay of recorded calls (``diff --calls``): 100,000 calls against a 50-tool pair.

Usage:  python bench/replay.py [--calls 100000] [--tools 50] [--runs 3] [--distinct 0.5]

Builds two surfaces of --tools tools (each with five typed arguments; the new side narrows
an enum, tightens a bound and retypes one argument of every fifth tool), writes --calls
recorded calls in mcp-inspect record's JSONL (a share --distinct of them with arguments no
other call has; the rest repeat, as real traffic does) and times, in this process, the diff
with --calls and the same diff without it; the median of --runs runs of each (wall time, and
the CPU time of the run with --calls, which a shared machine does not inflate). The difference
is what the replay costs. docs/performance.md records a run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from mcp_inspect import diff  # noqa: E402


def tool(index: int, changed: bool) -> dict:
    schema = {"type": "object", "properties": {
        "query": {"type": "string", "maxLength": 200},
        "limit": {"type": "integer", "minimum": 1, "maximum": 10 if changed else 100},
        "units": {"type": "string", "enum": ["imperial"] if changed else ["metric", "imperial"]},
        "ratio": {"type": "string" if changed else "number"},
        "tags": {"type": "array", "items": {"type": "string"}}}, "required": ["query"],
        "additionalProperties": False}
    return {"name": f"tool_{index:02d}", "description": f"Tool number {index}.", "inputSchema": schema,
            "outputSchema": {"type": "object", "properties": {"hits": {"type": "integer"}}}}


def write_calls(path: Path, count: int, tools: int, distinct: float, seed: int = 7) -> None:
    rng = random.Random(seed)
    repeated = [{"query": f"q{i}", "limit": 5} for i in range(50)]
    with path.open("w") as out:
        for n in range(count):
            if rng.random() < distinct:
                arguments = {"query": f"query {n}", "limit": rng.randint(1, 100),
                             "units": rng.choice(["metric", "imperial"]), "ratio": rng.random(),
                             "tags": [f"t{rng.randint(0, 9)}"]}
            else:
                arguments = rng.choice(repeated)
            entry = {"time": "2026-12-01T00:00:00.000Z", "tool": f"tool_{rng.randrange(tools):02d}",
                     "arguments": arguments, "isError": False, "client": rng.choice(["cursor 1.4", "claude-code 2.0"]),
                     "structuredContent": {"hits": rng.randint(0, 9)}}
            out.write(json.dumps(entry) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--tools", type=int, default=50)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--distinct", type=float, default=0.5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        old = {"tools": [tool(i, False) for i in range(args.tools)]}
        new = {"tools": [tool(i, i % 5 == 0) for i in range(args.tools)]}
        (folder / "old.json").write_text(json.dumps(old))
        (folder / "new.json").write_text(json.dumps(new))
        calls = folder / "calls.jsonl"
        write_calls(calls, args.calls, args.tools, args.distinct)
        with_calls, without, cpu = [], [], []
        report = None
        for _ in range(args.runs):
            start = time.perf_counter()
            diff(str(folder / "old.json"), str(folder / "new.json"))
            without.append(time.perf_counter() - start)
            start, started = time.perf_counter(), time.process_time()
            report = diff(str(folder / "old.json"), str(folder / "new.json"), calls=str(calls))
            with_calls.append(time.perf_counter() - start)
            cpu.append(time.process_time() - started)
        assert report is not None and report.calls is not None
        print(f"{args.calls:,} recorded calls ({args.distinct:.0%} distinct), {args.tools} tools a side")
        print(f"diff without --calls: {statistics.median(without):.3f} s (median of {args.runs})")
        print(f"diff with --calls:    {statistics.median(with_calls):.3f} s (median of {args.runs}; "
              f"CPU {statistics.median(cpu):.3f} s)")
        print(f"replay:               {statistics.median(with_calls) - statistics.median(without):.3f} s")
        print(f"rejected: {report.calls.calls_rejected:,} calls, "
              f"{report.calls.rejected_total - report.calls.calls_rejected:,} results")


if __name__ == "__main__":
    main()
