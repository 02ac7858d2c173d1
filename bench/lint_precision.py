"""Measure MCP-020 and MCP-022 precision: false positives on real tools, detection on poisoned ones.

    python bench/lint_precision.py            # from the repository root
    python bench/lint_precision.py --every-code [--write]   # every code's precision and the
                                                            # recommended set (bench/precision_table.py)

Real tools: every tool of every release in tests/data/corpus (the same captures as
../shared/corpus), identical definitions counted once. Their text was written by the
servers' maintainers, so every MCP-020 finding there is a false positive. An MCP-022
finding is a true positive when tests/data/poisoning/corpus-sinks.json lists it (each
entry reviewed by hand: the property really carries a path or URL nothing limits);
any other is a false positive. Poisoned tools: tests/data/poisoning/mcp-020.json and
mcp-022.json, positives (must fire) and tricky honest negatives (must not). Whole
servers: the scraper-like and database-like fixtures in tests/data/sinks, each linted as
one list (MCP-022 reads the list to tell a URL fetcher), against the sinks each lists as
reviewed; a finding that stands for several URL parameters covers each of them.
The numbers printed are the ones recorded in docs/lint.md.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mcp_inspect.checks.engine import lint_tools  # noqa: E402
from mcp_inspect.checks.settings import LintSettings  # noqa: E402
from mcp_inspect.snapshot import load_snapshot  # noqa: E402

CORPUS = ROOT / "tests" / "data" / "corpus"
POISONING = ROOT / "tests" / "data" / "poisoning"
SERVERS = ROOT / "tests" / "data" / "sinks"
CODES = ("MCP-020", "MCP-022")
#: The contract's reading of every code (the default, recommended, reads MCP-022 more narrowly).
EVERY = LintSettings(select=("ALL",))


def corpus_tools() -> list[tuple[str, dict]]:
    """(server, tool) for every distinct tool definition in the corpus."""
    seen: dict[str, tuple[str, dict]] = {}
    for path in sorted(CORPUS.glob("*/*.json")):
        for tool in load_snapshot(str(path)).tools or []:
            seen.setdefault(json.dumps(tool, sort_keys=True), (path.parent.name, tool))
    return list(seen.values())


def reviewed_sinks() -> set[tuple[str, str, str]]:
    data = json.loads((POISONING / "corpus-sinks.json").read_text())
    return {(e["server"], e["tool"], e["path"]) for e in data["reviewed"]}


def corpus_measure() -> dict[str, dict[str, object]]:
    tools = corpus_tools()
    sinks = reviewed_sinks()
    out: dict[str, dict[str, object]] = {}
    for code in CODES:
        findings = fp = 0
        fp_tools: list[str] = []
        flagged_tools = 0
        for server, tool in tools:
            got, _ = lint_tools([tool], EVERY)
            mine = [f for f in got if f.code == code]
            flagged_tools += bool(mine)
            findings += len(mine)
            wrong = [f for f in mine if code == "MCP-020" or (server, f.tool, f.path) not in sinks]
            fp += len(wrong)
            if wrong:
                fp_tools.append(f"{server}/{tool.get('name')}")
        out[code] = {"tools": len(tools), "flagged_tools": flagged_tools, "findings": findings,
                     "false_positives": fp, "false_positive_tools": fp_tools}
    return out


def poisoning_measure() -> dict[str, dict[str, object]]:
    out: dict[str, dict[str, object]] = {}
    for code in CODES:
        data = json.loads((POISONING / f"{code.lower()}.json").read_text())
        missed, wrong = [], []
        for entry in data["positives"]:
            got, _ = lint_tools([entry["tool"]], EVERY)
            paths = [f.path for f in got if f.code == code]
            if not paths or ("path" in entry and entry["path"] not in paths):
                missed.append(entry["id"])
        for entry in data["negatives"]:
            got, _ = lint_tools([entry["tool"]], EVERY)
            if any(f.code == code for f in got):
                wrong.append(entry["id"])
        out[code] = {"positives": len(data["positives"]), "detected": len(data["positives"]) - len(missed),
                     "missed": missed, "negatives": len(data["negatives"]), "false_positives": len(wrong),
                     "false_positive_ids": wrong}
    return out


def server_measure() -> dict[str, dict[str, object]]:
    """MCP-022 on each fixture server linted whole: findings, false ones, reviewed sinks missed."""
    out: dict[str, dict[str, object]] = {}
    for path in sorted(SERVERS.glob("*.json")):
        data = json.loads(path.read_text())
        reviewed = {(e["tool"], e["path"]) for e in data["reviewed"]}
        got, _ = lint_tools(data["tools"], LintSettings(select=("MCP-022",)))
        covered: set[tuple[str, str]] = set()
        wrong = []
        for f in got:
            places = {(f.tool, "inputSchema.properties." + n) for n in f.args.get("names", ())} or {(f.tool, f.path)}
            if places & reviewed:
                covered |= places & reviewed
            else:
                wrong.append(f"{f.tool}:{f.path}")
        out[path.stem] = {"tools": len(data["tools"]), "findings": len(got), "false_positives": wrong,
                          "missed": sorted(f"{t}:{p}" for t, p in reviewed - covered)}
    return out


def prose_count() -> int:
    from mcp_inspect.checks.registry import ToolView

    return len({text for _, tool in corpus_tools() for _, text in ToolView(0, "", tool).prose})


def main() -> int:
    corpus, poisoning = corpus_measure(), poisoning_measure()
    print(f"MCP-020 reads {prose_count()} distinct pieces of tool text in the corpus.\n")
    print("| code | corpus tools | flagged tools | findings | false positives | FP rate (per tool) |")
    print("|---|---:|---:|---:|---:|---:|")
    for code, m in corpus.items():
        rate = len(m["false_positive_tools"]) / m["tools"]  # type: ignore[arg-type]
        print(f"| {code} | {m['tools']} | {m['flagged_tools']} | {m['findings']} | {m['false_positives']} "
              f"| {rate:.1%} |")
    print()
    print("| code | poisoned examples | detected | detection rate | honest negatives | false positives |")
    print("|---|---:|---:|---:|---:|---:|")
    for code, m in poisoning.items():
        rate = m["detected"] / m["positives"]  # type: ignore[operator]
        print(f"| {code} | {m['positives']} | {m['detected']} | {rate:.0%} | {m['negatives']} "
              f"| {m['false_positives']} |")
    print()
    print("| server (whole list) | tools | MCP-022 findings | false positives | reviewed sinks missed |")
    print("|---|---:|---:|---:|---:|")
    servers = server_measure()
    for name, m in servers.items():
        print(f"| {name} | {m['tools']} | {m['findings']} | {len(m['false_positives'])} "  # type: ignore[arg-type]
              f"| {len(m['missed'])} |")  # type: ignore[arg-type]
    for name, m in servers.items():
        for item in m["false_positives"]:  # type: ignore[attr-defined]
            print(f"MCP-022 {name} false positive: {item}")
        for item in m["missed"]:  # type: ignore[attr-defined]
            print(f"MCP-022 {name} missed: {item}")
    for code in CODES:
        for label, items in (("corpus false positive", corpus[code]["false_positive_tools"]),
                             ("missed", poisoning[code]["missed"]),
                             ("negative that fired", poisoning[code]["false_positive_ids"])):
            for item in items:  # type: ignore[attr-defined]
                print(f"{code} {label}: {item}")
    return 0


if __name__ == "__main__":
    if "--every-code" in sys.argv[1:]:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import precision_table

        raise SystemExit(precision_table.main(write="--write" in sys.argv[1:]))
    raise SystemExit(main())
