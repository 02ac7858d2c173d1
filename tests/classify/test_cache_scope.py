"""The surface's cacheScope, read from the list results' pages (classify/server.py)."""

from __future__ import annotations

import copy

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.classify.server import scope_changes
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _legacy(scope: str | None) -> dict:
    page = {"cursor": None, "count": 1, **({"ttlMs": 0, "cacheScope": scope} if scope else {})}
    return {"mcpInspectSnapshot": 1,
            "provenance": {"source": "stdio:srv", "shape": "capture", "era": "legacy", "protocolVersion": "2025-06-18",
                           "capturedAt": "2026-12-07T00:00:00+00:00"},
            "initialize": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                           "serverInfo": {"name": "srv", "version": "1"}},
            "tools": [{"name": "t", "inputSchema": {"type": "object"}}], "resources": [], "resourceTemplates": [],
            "prompts": [], "pages": {"tools/list": [page]}, "errors": {}}


def test_a_scope_first_sent_over_initialize_reads_as_private_before():
    """kubernetes-mcp-server 0.0.54 → 0.0.67, both captured over initialize (new-user trial,
    round 38): 0.0.67 began sending cacheScope "public", which no client of that era reads;
    it was a POTENTIALLY_BREAKING server.field.changed. An absent scope there reads as
    "private", so the change is the contract's scopeWidened (NON_BREAKING)."""
    report = diff_snapshots(snapshot_from_value(copy.deepcopy(_legacy(None)), "old"),
                            snapshot_from_value(copy.deepcopy(_legacy("public")), "new"))
    assert [(f.rule, f.severity.name) for f in report.findings] == [("server.surface.scopeWidened", "NON_BREAKING")]
    assert not diff_snapshots(snapshot_from_value(copy.deepcopy(_legacy(None)), "old"),
                              snapshot_from_value(copy.deepcopy(_legacy("private")), "new")).findings


def test_outside_the_handshake_era_an_absent_scope_is_still_a_field_change():
    assert [c.rule for c in scope_changes(None, "public", era_changed=False)] == ["server.field.changed"]
    assert scope_changes(None, "public", era_changed=True) == []
    assert [c.rule for c in scope_changes("public", None, era_changed=False, legacy=True)] == \
        ["server.surface.scopeNarrowed"]


def test_an_empty_scope_is_a_value_sent_not_an_absent_one():
    """Hostile trial, round 39: "" read as absent, so "" → public was scopeWidened."""
    assert [c.rule for c in scope_changes("", "public", era_changed=False, legacy=True)] == ["server.field.changed"]

