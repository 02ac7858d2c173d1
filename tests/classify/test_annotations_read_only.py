"""destructiveHint and idempotentHint mean something only when readOnlyHint is false (the
specification): declared on a tool the new side makes read-only they change nothing a host does
(new-user trial: 46 of mcp-grafana 2.1.1's 156 POTENTIALLY_BREAKING findings)."""

from __future__ import annotations

import pytest

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _grade(old_annotations: dict, new_annotations: dict) -> str:
    sides = [snapshot_from_value({"tools": [{"name": "get_dashboard", "inputSchema": {"type": "object"},
                                             "annotations": annotations}]}, name)
             for annotations, name in ((old_annotations, "old"), (new_annotations, "new"))]
    [finding] = [f for f in api.diff(*sides).changes if f.path.startswith("annotations.") and "Hint" in f.path
                 and f.path != "annotations.readOnlyHint"]
    return finding.severity.name


@pytest.mark.parametrize("hint", ["destructiveHint", "idempotentHint"])
def test_a_write_hint_on_a_read_only_tool_is_documentation(hint):
    assert _grade({"readOnlyHint": True}, {"readOnlyHint": True, hint: False}) == "DOCUMENTATION"


def test_the_same_hint_on_a_tool_that_writes_keeps_its_grade():
    assert _grade({}, {"destructiveHint": False}) == "POTENTIALLY_BREAKING"
    assert _grade({"readOnlyHint": False}, {"readOnlyHint": False, "destructiveHint": False}) == "POTENTIALLY_BREAKING"


@pytest.mark.parametrize("old", [{}, {"readOnlyHint": False}])
def test_a_tool_that_becomes_read_only_says_so_once(old):
    """New-user trial (wikipedia-mcp 1.4.4 → 2.0.1): annotations first declared as
    readOnlyHint true with destructiveHint false and idempotentHint true were three
    POTENTIALLY_BREAKING findings. The hints about writing mean nothing on the new side; the
    tool becoming read-only is its own finding and keeps its grade."""
    sides = [snapshot_from_value({"tools": [{"name": "get_article", "inputSchema": {"type": "object"},
                                             "annotations": annotations}]}, name)
             for annotations, name in ((old, "old"), ({"readOnlyHint": True, "destructiveHint": False,
                                                       "idempotentHint": True}, "new"))]
    grades = {f.path: f.severity.name for f in api.diff(*sides).changes}
    assert grades["annotations.destructiveHint"] == grades["annotations.idempotentHint"] == "DOCUMENTATION"
    assert grades["annotations.readOnlyHint"] != "DOCUMENTATION"
