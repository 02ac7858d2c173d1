"""The new-user trials' hand labels (tests/data/trial/labels.json) still cover every BREAKING
and POTENTIALLY_BREAKING finding of its pairs.

Each finding was read by hand and labelled right, false or doubtful. A finding the diff starts
to report fails here until someone reads and labels it. One labelled right that the diff stops
reporting fails too: that is a break now missed. A false or doubtful one may go (fixing the false
ones is the point), and the label then describes a finding that no longer exists, which is
harmless.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import DATA

from mcp_inspect import api

TRIAL = DATA / "trial"
LABELS = json.loads((TRIAL / "labels.json").read_text(encoding="utf-8"))["labels"]
#: The pairs the trials diffed, older first (shopify and airtable from two starting points).
PAIRS = [("shopify-dev-mcp", "1.0.0", "1.16.0"), ("shopify-dev-mcp", "1.4.1", "1.16.0"),
         ("airtable-mcp-server", "1.4.1", "1.14.0"), ("airtable-mcp-server", "1.9.4", "1.14.0"),
         ("chroma-mcp", "0.2.0", "0.2.6"), ("mcp-clickhouse", "0.1.9", "0.7.0"),
         ("mcp-neo4j-cypher", "0.2.4", "0.6.0"),
         # New-user trial, round 22 (zod and FastMCP; lean-lsp-mcp's pydantic null branch).
         ("testsprite-mcp", "0.0.30", "0.0.45"), ("lean-lsp-mcp", "0.28.0", "0.32.0"),
         # New-user trial, round 44 (FastMCP's root closed by additionalProperties: false).
         ("arxiv-mcp-server", "0.3.0", "0.8.2")]
_READ = ("BREAKING", "POTENTIALLY_BREAKING")


def _key(rule: str, path: str, severity: str, entity: str) -> tuple[str, str, str, str]:
    return rule, path, severity, entity


@pytest.mark.parametrize(("server", "old", "new"), PAIRS, ids=[f"{s}-{o}-{n}" for s, o, n in PAIRS])
def test_every_breaking_and_potentially_breaking_finding_is_labelled(server, old, new):
    report = api.diff(*(api.load(str(TRIAL / server / f"{v}.json")) for v in (old, new)))
    found = Counter(_key(f.rule, f.path, f.severity.name, f.entity.name)
                    for f in report.findings if f.severity.name in _READ)
    mine = [e for e in LABELS if (e["server"], e["old"], e["new"]) == (server, old, new)]
    labelled = Counter(_key(e["rule"], e["path"], e["severity"], e["entity"]) for e in mine)
    unread = sorted((found - labelled).elements())
    missed = sorted(_key(e["rule"], e["path"], e["severity"], e["entity"]) for e in mine
                    if e["label"] == "right"
                    and _key(e["rule"], e["path"], e["severity"], e["entity"]) not in found)
    assert not unread, f"findings nobody labelled (read them, then add them to labels.json): {unread}"
    assert not missed, f"findings labelled right that the diff no longer reports: {missed}"


def test_each_label_is_right_false_or_doubtful_with_a_reason():
    assert {(e["server"], e["old"], e["new"]) for e in LABELS} == set(PAIRS)
    for entry in LABELS:
        assert entry["label"] in ("right", "false", "doubtful"), entry
        assert entry["reason"].strip() and entry["severity"] in _READ, entry
