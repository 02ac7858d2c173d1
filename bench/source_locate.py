"""Measure the source locator (docs/source.md) over real servers: the share of tools and of
their top-level input properties located in each server's published source, and a sample
of locations to check by hand.

Usage:  python bench/source_locate.py MANIFEST [--sample 50]
Needs:  pip install '.[source]'; checkouts of the servers' sources (never committed here)

MANIFEST is a JSON list of ``{"server", "language", "surface", "source"}``: ``surface`` is a
snapshot or capture file mcp-inspect reads, or a directory of ``*.snap`` files each holding
one tool object (github-mcp-server keeps its tools that way); ``source`` is the directory
of the server's code. Relative paths are read from the manifest's folder. The table goes to
stdout as Markdown; the sample, every located entity and property taken at an even stride
within each server's, follows with the source line each points at, so a reader can say whether
it is right.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mcp_inspect import api  # noqa: E402
from mcp_inspect.codemap.scan import AMBIGUOUS, scan  # noqa: E402
from mcp_inspect.codemap.trees import Tree  # noqa: E402


def tools_of(surface: Path) -> list[dict]:
    if surface.is_dir():
        return [json.loads(path.read_text()) for path in sorted(surface.glob("*.snap"))]
    return api.load(str(surface)).tools or []


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("manifest", type=Path)
    parser.add_argument("--sample", type=int, default=50)
    args = parser.parse_args()
    base = args.manifest.resolve().parent
    rows, located = [], []
    totals = [0, 0, 0, 0, 0, 0]
    for entry in json.loads(args.manifest.read_text()):
        tools = tools_of(base / entry["surface"])
        source = base / entry["source"]
        started = time.perf_counter()
        code = scan(Tree(str(source)), [tool["name"] for tool in tools])
        seconds = time.perf_counter() - started
        found = props = props_found = ambiguous = 0
        for tool in tools:
            keys = sorted((tool.get("inputSchema") or {}).get("properties") or {})
            props += len(keys)
            where = code.entity("tool", tool["name"])
            if where == AMBIGUOUS:
                ambiguous += 1
                continue
            if where is None:
                continue
            found += 1
            located.append((entry["server"], f"tool {tool['name']}", where, source))
            for key in keys:
                at = code.property("tool", tool["name"], key)
                if at is not None and at != AMBIGUOUS:
                    props_found += 1
                    located.append((entry["server"], f"property {tool['name']}.{key}", at, source))
        for index, value in enumerate((len(tools), found, ambiguous, props, props_found, code.seen)):
            totals[index] += value
        rows.append(f"| {entry['server']} | {entry['language']} | {found}/{len(tools)} | {ambiguous} | "
                    f"{props_found}/{props} | {code.seen:,} | {seconds:.2f} s |")
    print("| server | language | tools located | ambiguous | properties located | files read | scan |")
    print("|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    tools, found, ambiguous, props, props_found, seen = totals
    print(f"| **all** | | **{found}/{tools} ({found / max(tools, 1):.1%})** | {ambiguous} | "
          f"**{props_found}/{props} ({props_found / max(props, 1):.1%})** | {seen:,} | |")
    print()
    # The sample takes every server's share in turn (an even stride within each), so that the
    # largest server does not fill it.
    by_server: dict[str, list] = {}
    for item in located:
        by_server.setdefault(item[0], []).append(item)
    picked: list = []
    queues = {server: items[:: max(len(items) // max(args.sample // len(by_server), 1), 1)]
              for server, items in by_server.items()}
    while len(picked) < args.sample and any(queues.values()):
        for server in list(queues):
            if queues[server] and len(picked) < args.sample:
                picked.append(queues[server].pop(0))
    for server, what, where, source in sorted(picked, key=lambda item: (item[0], item[1])):
        line = (source / where.file).read_text(encoding="utf-8", errors="replace").splitlines()[where.line - 1]
        print(f"- {server}: {what} → {where.file}:{where.line}:{where.column} `{line.strip()[:90]}`")


if __name__ == "__main__":
    main()
