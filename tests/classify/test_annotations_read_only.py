"""destructiveHint and idempotentHint mean something only when readOnlyHint is false (the
specification): declared on a tool read-only on both sides they change nothing a host does
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
    # Becoming read-only in the same release is the change a host acts on: not excused.
    assert _grade({"readOnlyHint": False}, {"readOnlyHint": True, "destructiveHint": False}) == "POTENTIALLY_BREAKING"
