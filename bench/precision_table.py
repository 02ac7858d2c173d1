"""The precision of every lint code on real servers, and the `recommended` set it decides.

    python bench/lint_precision.py --every-code           # measure, print the table
    python bench/lint_precision.py --every-code --write   # also refresh the labels file's sample,
                                                          # docs/lint.md's table and the catalogue

Servers: every server of tests/data/corpus and tests/data/captured. Each release is linted
whole with every code (`--select ALL`); a hit is one (code, server, tool, path), taken from
the newest release that has it, so a definition that did not change between releases counts
once. Codes that read more narrowly under `recommended` (docs/lint.md, "The recommended set")
are measured in that reading, which is the one the default selection runs; the table also
gives their hits in the contract's reading.

Labels: tests/data/lint-labels.json, one entry per labelled hit, judged by reading the tool
as a maintainer of that server would (`ok: false` when the finding is wrong, senseless for
the tool, or its advice would not be taken). A code with more hits than the sample size is
labelled on a fixed-seed random sample of its hits (10, and 10 more where the first ten put
the code at or near the line: the file's ``more``); the table says how many were read.

The decision, per code (``decide``): the MCP-0xx family, and every `specification` code, are
recommended; another code is recommended when its labelled precision is at least 90% over at
least 5 labelled hits, or when it could not be measured (fewer hits) and its test is an exact
structural fact (the labels file's ``structural`` list), not a word list or a threshold. A
structural code whose hits were read and fell short of 90% is not recommended: the measurement
wins over the argument.
"""

from __future__ import annotations

import json
import random
import re
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from doc_blocks import between, write_between  # noqa: E402

from mcp_inspect.catalogue import Catalogue, default_catalogue  # noqa: E402

LABELS = ROOT / "tests" / "data" / "lint-labels.json"
SERVERS = (ROOT / "tests" / "data" / "corpus", ROOT / "tests" / "data" / "captured")
LINT_DOC = ROOT / "docs" / "lint.md"
BEGIN, END = "<!-- precision-table: begin -->", "<!-- precision-table: end -->"
#: A labelled precision at or above this puts a code in `recommended`...
THRESHOLD = 0.9
#: ...over at least this many labelled hits; fewer measure nothing.
MIN_LABELLED = 5


def _version_key(path: Path) -> tuple[Any, ...]:
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part) for part in path.stem.split("."))


def releases() -> list[tuple[str, Path]]:
    """(server, file) of every release, each server's newest first."""
    found = []
    for root in SERVERS:
        for server in sorted(d for d in root.iterdir() if d.is_dir()):
            found += [(server.name, p) for p in sorted(server.glob("*.json"), key=_version_key, reverse=True)]
    return found


def _narrowing(catalogue: Catalogue) -> Catalogue:
    """The catalogue with every code recommended: selecting ``recommended`` then runs each
    code in its narrower reading."""
    return Catalogue(catalogue.rules, {c: replace(r, recommended=True) for c, r in catalogue.lint.items()},
                     catalogue.phrases)


def collect(narrow: bool) -> dict[str, dict[tuple[str, str, str], dict[str, str]]]:
    """Every hit by code, then by (server, tool, path): the release and message it was seen in."""
    from mcp_inspect.checks.engine import lint_tools
    from mcp_inspect.checks.settings import LintSettings
    from mcp_inspect.snapshot import load_snapshot

    catalogue = default_catalogue()
    if narrow:
        catalogue, settings = _narrowing(catalogue), LintSettings(select=("recommended",))
    else:
        settings = LintSettings(select=("ALL",))
    hits: dict[str, dict[tuple[str, str, str], dict[str, str]]] = {code: {} for code in catalogue.lint}
    for server, path in releases():
        findings, _ = lint_tools(load_snapshot(str(path)).tools or [], settings, catalogue=catalogue)
        for f in findings:
            hits[f.code].setdefault((server, f.entity.name, f.path), {"release": path.stem, "message": f.message})
    return hits


def sample(keys: list[tuple[str, str, str]], code: str, size: int, seed: int,
           more: int = 0) -> list[tuple[str, str, str]]:
    """The hits of ``code`` to label: all of them, or ``size`` drawn with a seed of its own,
    and ``more`` drawn from the rest with another (so a larger sample keeps the first one)."""
    ordered = sorted(keys)
    if len(ordered) <= size:
        return ordered
    first = random.Random(f"{seed}:{code}").sample(ordered, size)
    rest = [key for key in ordered if key not in set(first)]
    extra = random.Random(f"{seed}:{code}:more").sample(rest, min(more, len(rest)))
    return sorted(first + extra)


def refresh(data: dict[str, Any], narrowed: dict[str, dict[Any, dict[str, str]]],
            contract: dict[str, dict[Any, dict[str, str]]]) -> dict[str, Any]:
    """The labels file with the counts measured now and each code's sample; a label already
    given to a hit is kept, a hit of the sample not labelled yet gets ``ok: null``."""
    codes: dict[str, Any] = {}
    for code in sorted(narrowed):
        old = {(e["server"], e["tool"], e["path"]): e for e in data.get("codes", {}).get(code, {}).get("labels", [])}
        labels = []
        more = data.get("more", {}).get(code, 0)
        for key in sample(list(narrowed[code]), code, data["sample"], data["seed"], more):
            seen = narrowed[code][key]
            entry = old.get(key) or {"ok": None, "why": ""}
            labels.append({"server": key[0], "tool": key[1], "path": key[2], "release": seen["release"],
                           "message": seen["message"], "ok": entry["ok"], "why": entry["why"]})
        codes[code] = {"hits": len(narrowed[code]), "contract_hits": len(contract[code]), "labels": labels}
    return {**data, "codes": codes}


def decide(code: str, entry: dict[str, Any], data: dict[str, Any], catalogue: Catalogue) -> tuple[bool, str]:
    """Whether ``code`` is recommended, and why, in a few words."""
    rule = catalogue.lint[code]
    judged = [e for e in entry["labels"] if e["ok"] is not None]
    true = sum(1 for e in judged if e["ok"])
    if rule.family == "MCP":
        return True, "MCP-0xx family"
    if rule.provenance == "specification":
        return True, "specification"
    structural = data["structural"].get(code)
    if len(judged) >= MIN_LABELLED:
        share = true / len(judged)
        if share >= THRESHOLD:
            return True, f"precision {share:.0%}"
        return False, f"precision {share:.0%}" + (" (structural, but measured)" if structural else "")
    unmeasured = f"{len(judged)} hit{'s' if len(judged) != 1 else ''}, too few to measure" if judged \
        else "no hit to measure"
    if structural:
        return True, f"{unmeasured}; exact: {structural}"
    return False, f"{unmeasured}; a word list or threshold"


def table(data: dict[str, Any], catalogue: Catalogue) -> str:
    """The Markdown table docs/lint.md shows between its markers."""
    rows = ["| code | provenance | hits (ALL) | hits (as run) | labelled | true | precision | recommended | why |",
            "|---|---|---:|---:|---:|---:|---:|:---:|---|"]
    for rule in catalogue.lint_rules():
        entry = data["codes"][rule.id]
        judged = [e for e in entry["labels"] if e["ok"] is not None]
        true = sum(1 for e in judged if e["ok"])
        share = f"{true / len(judged):.0%}" if judged else "—"
        chosen, why = decide(rule.id, entry, data, catalogue)
        sampled = " (sample)" if len(entry["labels"]) < entry["hits"] else ""
        rows.append(f"| {rule.id} | {rule.provenance} | {entry['contract_hits']} | {entry['hits']} "
                    f"| {len(judged)}{sampled} | {true} | {share} | {'★' if chosen else ''} | {why} |")
    return "\n".join(rows)


def recommended_set(data: dict[str, Any], catalogue: Catalogue) -> list[str]:
    return [r.id for r in catalogue.lint_rules() if decide(r.id, data["codes"][r.id], data, catalogue)[0]]


def doc_block(text: str) -> str:
    """What docs/lint.md holds between the markers."""
    return between(text, BEGIN, END)


def write_doc(rendered: str) -> None:
    write_between(LINT_DOC, BEGIN, END, rendered)


_ID = re.compile(r"- id: ((?:MCP|SCH|NAM|SEC|LLM|BP)-\d+)$")


def write_catalogue(chosen: set[str]) -> None:
    """``recommended: true`` under the provenance of each chosen code, nowhere else."""
    for path in sorted((ROOT / "rules").glob("*.yaml")):
        lines, out, code = path.read_text(encoding="utf-8").split("\n"), [], None
        for line in lines:
            if line.startswith("- id:"):
                match = _ID.match(line)
                code = match.group(1) if match else None
            if code and line.startswith("  recommended:"):
                continue
            out.append(line)
            if code in chosen and line.startswith("  provenance:"):
                out.append("  recommended: true")
        path.write_text("\n".join(out), encoding="utf-8")


def load() -> dict[str, Any]:
    return json.loads(LABELS.read_text(encoding="utf-8"))


def newest_counts() -> list[tuple[str, str, int, int]]:
    """(server, release, findings under ALL, findings under the default) of each newest release."""
    from mcp_inspect.checks.engine import lint_tools
    from mcp_inspect.checks.settings import LintSettings
    from mcp_inspect.snapshot import load_snapshot

    seen: set[str] = set()
    rows = []
    for server, path in releases():
        if server not in seen:
            seen.add(server)
            tools = load_snapshot(str(path)).tools or []
            rows.append((server, path.stem, len(lint_tools(tools, LintSettings(select=("ALL",)))[0]),
                         len(lint_tools(tools, LintSettings())[0])))
    return rows


def main(write: bool) -> int:
    rows = newest_counts()
    print("| server (newest release) | findings, --select ALL | findings, default (recommended) |")
    print("|---|---:|---:|")
    for server, release, every, default in rows:
        print(f"| {server} {release} | {every:,} | {default:,} |")
    print(f"| **all** | {sum(r[2] for r in rows):,} | {sum(r[3] for r in rows):,} |\n")
    data = refresh(load(), collect(narrow=True), collect(narrow=False))
    catalogue = default_catalogue()
    rendered = table(data, catalogue)
    print(rendered)
    missing = [(c, e["tool"], e["path"]) for c, v in data["codes"].items() for e in v["labels"] if e["ok"] is None]
    print(f"\n{len(missing)} sampled hits not labelled yet")
    print("recommended:", ", ".join(recommended_set(data, catalogue)))
    if write:
        LABELS.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        write_doc(rendered)
        write_catalogue(set(recommended_set(data, catalogue)))
        print("wrote", LABELS.relative_to(ROOT), "docs/lint.md, rules/*.yaml; "
              "now run python -m mcp_inspect.docgen --write")
    return 0
