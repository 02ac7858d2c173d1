"""A member two merged ``allOf`` branches both declare, each with its own annotations (hostile
trial, round 45): the merge (snapshot/canonical.py, ``object_branches_merged``) met the two
schemas and left out every annotation the two gave otherwise, so a member deprecated in one
branch read as no longer deprecated, and two defaults read as none."""

from __future__ import annotations

from typing import Any

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _tool(root: Any) -> dict[str, Any]:
    return {"server": {"name": "s", "version": "1"}, "tools": [{"name": "t", "inputSchema": root}]}


def _findings(old: Any, new: Any) -> list[Any]:
    return diff_snapshots(snapshot_from_value(_tool(old), "old"), snapshot_from_value(_tool(new), "new")).findings


def _object(b: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"b": b}}


def _branches(one: Any, other: Any) -> dict[str, Any]:
    return {"allOf": [_object(one), _object(other)]}


def test_a_member_deprecated_in_one_branch_stays_deprecated():
    """An instance location is deprecated when any subschema applying there says so (JSON
    Schema 2020-12, Validation 9.3): ``deprecated: false`` in the other branch undoes nothing,
    yet the diff said "no longer marked deprecated"."""
    old = _object({"type": "string", "deprecated": True})
    new = _branches({"type": "string", "deprecated": True}, {"type": "string", "deprecated": False})
    assert _findings(old, new) == []
    assert [f.rule for f in _findings(_object({"type": "string"}), new)] == ["tool.input.deprecated.added"]


def test_an_object_deprecated_in_one_of_its_merged_branches_stays_deprecated():
    """The same for the object the branches merge into: ``deprecated: true`` in one branch
    and ``false`` in the other was left out as two texts, a "no longer marked deprecated"."""
    old = _object({"allOf": [{"type": "object", "properties": {"c": {"type": "string"}}, "deprecated": True},
                             {"type": "object", "properties": {"d": {"type": "string"}}, "deprecated": False}]})
    new = _object({"type": "object", "properties": {"c": {"type": "string"}, "d": {"type": "string"}},
                   "deprecated": True})
    assert _findings(old, new) == []
    assert _findings(new, old) == []


def _graded(old: Any, new: Any) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity.name, f.message) for f in _findings(old, new)]


S_AAAA, S_BB = {"type": "string", "default": "aaaa"}, {"type": "string", "default": "bb"}


def test_two_defaults_of_a_merged_member_are_read_as_written():
    """Merged, the two defaults were left out as two texts: against the old ``"aaaa"`` the diff
    said "default "aaaa" removed: there is no default now", and against no default it said
    nothing, where the contract grades a default added POTENTIALLY_BREAKING. Kept as the
    ``allOf`` of the two, the branch that repeats the old default is no change and the other
    names its own; neither branch adds a condition, so nothing is BREAKING."""
    new = _branches(S_AAAA, S_BB)
    found = _graded(_object(S_AAAA), new)
    assert [(rule, severity) for rule, severity, _ in found] == [
        ("tool.input.default.changed", "POTENTIALLY_BREAKING")], found
    assert "removed" not in found[0][2] and "bb" in found[0][2], found
    found = _graded(_object({"type": "string"}), new)
    assert found and all(rule == "tool.input.default.changed" for rule, _, _ in found), found
    assert {severity for _, severity, _ in found} == {"POTENTIALLY_BREAKING"}, found


def test_two_example_lists_of_a_merged_member_are_read_as_written():
    """The same for ``examples``, which the merge dropped without a word."""
    new = _branches({"type": "string", "examples": ["x"]}, {"type": "string", "examples": ["y"]})
    found = _graded(_object({"type": "string"}), new)
    assert found and all("examples" in message for _, _, message in found), found
    assert "BREAKING" not in {severity for _, severity, _ in found}, found


def test_a_default_both_branches_give_alike_is_the_one_default():
    """Where the two agree there is one default: the member merges, and is the old one."""
    assert _findings(_object({**S_AAAA, "maxLength": 9}), _branches(S_AAAA, {**S_AAAA, "maxLength": 9})) == []
