"""The hand review of the captured servers (tests/data/captured/review.json) still covers
every BREAKING and POTENTIALLY_BREAKING finding of their consecutive releases.

Issue 26 asked that each such finding be read by hand and the false ones fixed or explained
(docs/classification-notes.md, "The captured servers, read by hand"). A classifier change that
adds one (a new rule, path, severity or entity) fails here until someone reads it and records a
verdict; one that drops a reviewed finding fails too, so the table does not count findings that
are gone. The review is kept per rule, path and severity, listing its entities: a finding whose
message or before/after changed under the same rule and path is not noticed.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from conftest import DATA

from mcp_inspect import api

CAPTURED = DATA / "captured"
REVIEW = json.loads((CAPTURED / "review.json").read_text(encoding="utf-8"))["reviews"]
#: Consecutive releases of each captured server, older first.
PAIRS = [("mongodb-mcp-server", "0.1.3", "1.0.2"), ("mongodb-mcp-server", "1.0.2", "3.0.4"),
         ("desktop-commander", "0.1.19", "0.2.52"), ("mcp-atlassian", "0.6.5", "0.23.1"),
         ("firecrawl-mcp", "1.12.0", "3.26.0"), ("tavily-mcp", "0.1.4", "0.2.22"),
         ("context7-mcp", "1.0.13", "4.1.1"), ("playwright-mcp", "0.0.20", "0.0.83")]
_READ = ("BREAKING", "POTENTIALLY_BREAKING")


def _load(server: str, version: str):
    return api.load(str(Path(CAPTURED, server, f"{version}.json")))


@pytest.mark.parametrize(("server", "old", "new"), PAIRS, ids=[f"{s}-{o}-{n}" for s, o, n in PAIRS])
def test_every_breaking_and_potentially_breaking_finding_was_read(server, old, new):
    report = api.diff(_load(server, old), _load(server, new))
    found = defaultdict(set)
    for finding in report.findings:
        if finding.severity.name in _READ:
            found[(finding.rule, finding.path, finding.severity.name)].add(finding.entity.name)
    reviewed = {(e["rule"], e["path"], e["severity"]): set(e["entities"])
                for e in REVIEW if (e["server"], e["old"], e["new"]) == (server, old, new)}
    unread = {key: sorted(names - reviewed.get(key, set())) for key, names in found.items()
              if names - reviewed.get(key, set())}
    gone = {key: sorted(names - found.get(key, set())) for key, names in reviewed.items()
            if names - found.get(key, set())}
    assert not unread, f"findings nobody reviewed (read them, then add them to review.json): {unread}"
    assert not gone, f"reviewed findings the diff no longer reports (update review.json and the notes): {gone}"


def test_each_review_says_true_or_false_and_why():
    assert {(e["server"], e["old"], e["new"]) for e in REVIEW} == set(PAIRS)
    for entry in REVIEW:
        assert isinstance(entry["verdict"], bool) and entry["reason"].strip() and entry["entities"], entry
        assert entry["severity"] in _READ, entry


def _table_rows() -> dict[str, list[int]]:
    """docs/classification-notes.md's review table: pair → BREAKING read, false,
    POTENTIALLY_BREAKING read, false, review entries."""
    notes = (Path(__file__).resolve().parents[2] / "docs" / "classification-notes.md").read_text(encoding="utf-8")
    start = notes.index("| pair | BREAKING read / false |")
    rows: dict[str, list[int]] = {}
    for line in notes[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        pair, *cells = (cell.strip() for cell in line.strip("|").split("|"))
        rows[pair] = [int(n) for cell in cells for n in cell.split(" / ")]
    return rows


def test_the_notes_table_counts_what_the_review_holds():
    """The table in the notes is the review's summary: a review entry added, dropped or turned
    (tavily's two capability withdrawals, never served, stopped being BREAKING) changes it."""
    expected: dict[str, list[int]] = defaultdict(lambda: [0] * 5)
    for entry in REVIEW:
        row = expected[f"{entry['server']} {entry['old']} → {entry['new']}"]
        at = 0 if entry["severity"] == "BREAKING" else 2
        row[at] += len(entry["entities"])
        row[at + 1] += 0 if entry["verdict"] else len(entry["entities"])
        row[4] += 1
    expected["total"] = [sum(row[i] for row in list(expected.values())) for i in range(5)]
    assert _table_rows() == dict(expected)
