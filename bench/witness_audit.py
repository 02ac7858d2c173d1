"""The witness audit: a witness or a reason for every break (issue 34).

    python bench/witness_audit.py            # from the repository root: print the audit
    python bench/witness_audit.py --write    # and rewrite its section of docs/classification-notes.md

Every consecutive pair of releases of every real capture the project holds is diffed, both
ways: tests/data/corpus, tests/data/captured and tests/data/trial (one folder a server, one
``<version>.json`` a release), and tests/data/generators when it exists (a folder holding
``old.json`` and ``new.json`` is one pair). Each BREAKING ``tool.input.*`` finding gets its
witness search with a time budget no machine meets, so the answer hangs on the attempt
budget alone and reads the same on every machine. A finding whose search found no call is
listed with the reason the search gives (``Witness.reason``). The reasons
docs/classification-notes.md documents (``DOCUMENTED_REASONS``: a property removed from an
open object, a header, a vendor keyword, a remote ``$ref``, a format the validator does not
assert, an old schema that accepts no call, a side without a schema) are allowed; any other
("none found", a spent budget, a schema the validator could not read) is a defect of the
classification or of the search, and the script exits 1 (tests/evidence/test_witness_audit.py
runs it over the committed captures).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from doc_blocks import between, write_between  # noqa: E402

from mcp_inspect import api  # noqa: E402
from mcp_inspect.evidence.attach import attach  # noqa: E402
from mcp_inspect.findings.evidence import DOCUMENTED_REASONS, WITNESS_REASONS  # noqa: E402
from mcp_inspect.findings.severity import Severity  # noqa: E402

DATA = ROOT / "tests" / "data"
#: The folders of real captures, in the order the audit lists them.
SETS = ("corpus", "captured", "trial", "generators")
NOTES = ROOT / "docs" / "classification-notes.md"
BEGIN, END = "<!-- witness-audit: begin -->", "<!-- witness-audit: end -->"


@dataclass(frozen=True)
class Entry:
    """One BREAKING input finding without a witness."""

    where: str  # set/server
    old: str
    new: str
    tool: str
    rule: str
    path: str
    reason: str
    note: str

    @property
    def documented(self) -> bool:
        return self.reason in DOCUMENTED_REASONS


@dataclass
class Audit:
    entries: list[Entry]
    #: BREAKING input findings with a witness, and without.
    found: int = 0
    pairs: int = 0
    #: Each witness found: (where it was found, the schema that accepts it, the one that refuses it, the value).
    witnesses: list[tuple[str, Any, Any, Any]] = field(default_factory=list)

    @property
    def undocumented(self) -> list[Entry]:
        return [e for e in self.entries if not e.documented]


def _version_key(path: Path) -> tuple:
    """Releases in version order (``2025.1.14`` before ``2025.11.25``); ``old`` before ``new``."""
    if path.stem in ("old", "new"):
        return ((0 if path.stem == "old" else 1,),)
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"[.\-+]", path.stem))


def pairs(data: Path = DATA) -> Iterator[tuple[str, Path, Path]]:
    """``(set/server, older, newer)`` for every consecutive pair, each way."""
    for name in SETS:
        folder = data / name
        if not folder.is_dir():
            continue
        for server in sorted(p for p in folder.iterdir() if p.is_dir()):
            if (server / "old.json").is_file() and (server / "new.json").is_file():
                releases = [server / "old.json", server / "new.json"]
            else:  # one file a release, named by its version (other files are not releases)
                releases = sorted((p for p in server.glob("*.json") if p.stem[:1].isdigit()), key=_version_key)
            for older, newer in zip(releases, releases[1:], strict=False):
                yield f"{name}/{server.name}", older, newer
                yield f"{name}/{server.name}", newer, older


def audit(data: Path = DATA) -> Audit:
    result = Audit([])
    for where, older, newer in pairs(data):
        result.pairs += 1
        # The report's own search, under its budgets, would be thrown away: search once, here,
        # with a budget no machine meets.
        with mock.patch.object(api, "attach_witnesses", lambda report: None):
            report = api.diff(api.load(str(older)), api.load(str(newer)))
        attach(report, seconds=3600, per_finding=600, attempts=10**7)
        for finding in report.changes:
            witness = finding.witness
            if (witness is None or witness.direction != "input"
                    or Severity.BREAKING not in (finding.severity, finding.default_severity)):
                continue
            if witness.found:
                result.found += 1
                old_tool, new_tool = report.definitions[finding.entity.name]
                label = f"{where} {older.stem} → {newer.stem} {finding.entity.name} {finding.path}"
                result.witnesses.append((label, old_tool.get("inputSchema"), new_tool.get("inputSchema"),
                                         witness.value))
                continue
            result.entries.append(Entry(where, older.stem, newer.stem, finding.entity.name, finding.rule,
                                        finding.path, witness.reason or "none_found", witness.note or ""))
    result.entries.sort(key=lambda e: (e.reason, e.where, e.old, e.new, e.tool, e.path, e.rule))
    return result


def table(result: Audit) -> str:
    """The audit as docs/classification-notes.md shows it: counts by reason, then each entry."""
    lines = [f"{result.pairs} diffs; BREAKING input findings with a witness: {result.found}, "
             f"without: {len(result.entries)}.", "",
             "| reason | findings |", "|---|---:|"]
    counts = Counter(e.reason for e in result.entries)
    for reason in sorted(counts):
        lines.append(f"| {reason}: {WITNESS_REASONS.get(reason, 'not a known reason')} | {counts[reason]} |")
    lines += ["", "| capture | pair | tool | rule | path | reason |", "|---|---|---|---|---|---|"]
    for e in result.entries:
        rule = e.rule.removeprefix("tool.input.")
        lines.append(f"| {e.where} | {e.old} → {e.new} | {e.tool} | {rule} | `{e.path}` | {e.reason} |")
    return "\n".join(lines)


def write_notes(text: str, notes: Path = NOTES) -> None:
    write_between(notes, BEGIN, END, text)


def notes_table(notes: Path = NOTES) -> str:
    return between(notes.read_text(encoding="utf-8"), BEGIN, END)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the audit's section of the notes")
    args = parser.parse_args()
    result = audit()
    text = table(result)
    print(text)
    for entry in result.undocumented:
        print(f"UNDOCUMENTED: {entry}", file=sys.stderr)
    if args.write:
        write_notes(text)
    return 1 if result.undocumented else 0


if __name__ == "__main__":
    raise SystemExit(main())
