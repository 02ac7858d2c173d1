"""Absent is not null (issue 26): ``default: null`` states that there is no value, so
declaring it where there was no default, or dropping it, is documentation; every other
default change keeps the rule's severity. Each finding says which side had no default."""

from __future__ import annotations

import copy

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

NULL, NONE = None, object()


def _schema(default):
    prop = {"type": ["string", "null"]}
    if default is not NONE:
        prop["default"] = default
    return {"type": "object", "properties": {"x": prop}}


def _surface(key, default):
    tool = {"name": "t", "inputSchema": {"type": "object"}}
    tool[key] = _schema(default)
    return {"tools": [tool]}


def findings(key, old, new):
    result = diff_snapshots(snapshot_from_value(copy.deepcopy(_surface(key, old)), "old"),
                            snapshot_from_value(copy.deepcopy(_surface(key, new)), "new"))
    return result.findings


SIDES = [("inputSchema", "tool.input"), ("outputSchema", "tool.output")]


@pytest.mark.parametrize(("key", "prefix"), SIDES)
def test_default_null_newly_declared_is_documentation(key, prefix):
    (finding,) = findings(key, NONE, NULL)
    assert (finding.rule, finding.severity.name) == (f"{prefix}.default.changed", "DOCUMENTATION")
    assert finding.message.startswith("default null declared")
    assert "none →" not in finding.message
    assert finding.absent == ("before",)


@pytest.mark.parametrize(("key", "prefix"), SIDES)
def test_default_null_removed_is_documentation_too(key, prefix):
    (finding,) = findings(key, NULL, NONE)
    assert (finding.rule, finding.severity.name) == (f"{prefix}.default.changed", "DOCUMENTATION")
    assert finding.message.startswith("default null removed")
    assert finding.absent == ("after",)


@pytest.mark.parametrize(("key", "prefix"), SIDES)
@pytest.mark.parametrize(("old", "new", "absent", "says"), [
    (NONE, "a", ("before",), 'default "a" declared'),
    ("a", NONE, ("after",), 'default "a" removed'),
    (NULL, "a", (), 'default null → "a"'),
    ("a", NULL, (), 'default "a" → null'),
    (0, False, (), "default 0 → false"),
])
def test_every_other_default_change_keeps_the_rule_severity(key, prefix, old, new, absent, says):
    (finding,) = findings(key, old, new)
    assert (finding.rule, finding.severity.name) == (f"{prefix}.default.changed", "POTENTIALLY_BREAKING")
    assert finding.absent == absent
    assert finding.message.startswith(says)
    assert "none" not in finding.message


def _tool_findings(old_fields, new_fields):
    tool = {"name": "t", "inputSchema": {"type": "object"}}
    result = diff_snapshots(snapshot_from_value({"tools": [{**tool, **old_fields}]}, "old"),
                            snapshot_from_value({"tools": [{**tool, **new_fields}]}, "new"))
    return [(f.rule, f.before, f.after, f.absent) for f in result.findings]


@pytest.mark.parametrize(("old", "new", "expected"), [
    ({"title": None}, {}, ("tool.title.changed", None, None, ("after",))),
    ({}, {"title": None}, ("tool.title.changed", None, None, ("before",))),
    ({"annotations": None}, {}, ("tool.field.changed", None, None, ("after",))),
    ({}, {"icons": None}, ("tool.icons.changed", None, None, ("before",))),
    ({"annotations": {"readOnlyHint": True}}, {}, ("tool.annotations.safetyWeakened", True, None, ("after",))),
    ({}, {"annotations": {"readOnlyHint": None}}, ("tool.annotations.added", None, None, ("before",))),
])
def test_other_value_changes_say_which_side_was_absent(old, new, expected):
    assert expected in _tool_findings(old, new)
