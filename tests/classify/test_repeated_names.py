"""A diff says when a repeated name's later objects differ between the sides.

Hostile trial, round 36 (issue 34): ``diff`` of ``{"tools": [a]}`` against ``{"tools": [a, a']}``
printed "No changes" under one fingerprint on both sides. The classification pairs entities by
name and compares a name's first object (what most clients keep), so the second ``a`` is not a
change it can classify; the report must say so instead of calling the surfaces the same, and its
fingerprints must differ.
"""

from __future__ import annotations

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

FIRST = {"name": "a", "inputSchema": {"type": "object"}}
SECOND = {"name": "a", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}


def _diff(old: list, new: list):
    return diff_snapshots(snapshot_from_value({"tools": old}, "old.json"),
                          snapshot_from_value({"tools": new}, "new.json"))


def test_a_second_object_of_a_name_is_warned_of_not_passed_over():
    report = _diff([FIRST], [FIRST, SECOND])
    assert report.changes == []
    assert report.old.fingerprint != report.new.fingerprint
    assert report.repeated_names
    [warning] = [w for w in report.warnings if "'a'" in w]
    assert "new side lists tool 'a' 2 times (tools[0], tools[1])" in warning, warning
    assert "old side once" in warning, warning
    assert "MCP-002" in warning


def test_a_repeated_name_the_old_side_had_alike_is_not_warned_of():
    """Both sides repeat the name with the same objects: nothing left uncompared differs."""
    report = _diff([FIRST, SECOND], [FIRST, SECOND])
    assert not report.repeated_names
    assert not [w for w in report.warnings if "'a'" in w]


def test_a_repeated_name_the_new_side_dropped_is_warned_of_for_the_old_side():
    report = _diff([FIRST, SECOND], [FIRST])
    [warning] = [w for w in report.warnings if "'a'" in w]
    assert "old side lists tool 'a' 2 times" in warning and "new side once" in warning, warning
