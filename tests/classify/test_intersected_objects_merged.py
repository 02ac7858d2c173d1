"""An ``allOf`` of object branches against the one object that merges them (hostile trial,
round 44): TypeBox's ``Type.Intersect`` and ``Type.Composite``, zod's ``.and()`` and
``.merge()``/``.extend()``, write one intersection of two objects both ways. The two accept
exactly the same values (jsonschema says so below), yet the diff said BREAKING "required
property 'b' added", NON_BREAKING "allOf lost 1 branch" and a false "type widened: object →
any"; the other way three false BREAKING findings, and on output a BREAKING loosening."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

A = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
B = {"type": "object", "properties": {"b": {"type": "number"}}, "required": ["b"]}
M = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "number"}}, "required": ["a", "b"]}
SPELLINGS = {
    "allOf of both": {"allOf": [A, B]},
    "allOf of one beside the other's members": {"allOf": [A], "properties": {"b": {"type": "number"}},
                                                "required": ["b"]},
    "allOf of both beside the type": {"type": "object", "allOf": [A, B]},
    "allOf of both, a shared member bounded in each": {"allOf": [
        {**A, "properties": {"a": {"type": "string", "minLength": 1}}},
        {**B, "properties": {"a": {"maxLength": 9}, "b": {"type": "number"}}}]},
}
MERGED = {
    "allOf of both": M,
    "allOf of one beside the other's members": M,
    "allOf of both beside the type": M,
    "allOf of both, a shared member bounded in each": {
        **M, "properties": {"a": {"type": "string", "minLength": 1, "maxLength": 9}, "b": {"type": "number"}}},
}
VALUES = [{}, {"a": "x"}, {"b": 1}, {"a": "x", "b": 1}, {"a": "", "b": 1}, {"a": 1, "b": 1}, {"a": "x", "b": "y"},
          {"a": "x" * 10, "b": 2}, {"a": "x", "b": 1, "c": None}, [], "s", None]


def _findings(old: Any, new: Any, where: str) -> list[Any]:
    def side(schema: Any) -> dict[str, Any]:
        tool: dict[str, Any] = {"name": "t", "inputSchema": {"type": "object"}}
        tool[where] = schema
        return {"tools": [tool]}

    return diff_snapshots(snapshot_from_value(side(old), "old"), snapshot_from_value(side(new), "new")).findings


@pytest.mark.parametrize("name", list(SPELLINGS))
def test_the_two_spellings_accept_the_same_values(name):
    given, merged = jsonschema.Draft202012Validator(SPELLINGS[name]), jsonschema.Draft202012Validator(MERGED[name])
    assert [given.is_valid(v) for v in VALUES] == [merged.is_valid(v) for v in VALUES]


@pytest.mark.parametrize("where", ["inputSchema", "outputSchema"])
@pytest.mark.parametrize("name", list(SPELLINGS))
def test_an_intersection_of_objects_and_the_merged_object_are_no_change(name, where):
    assert _findings(SPELLINGS[name], MERGED[name], where) == []
    assert _findings(MERGED[name], SPELLINGS[name], where) == []


@pytest.mark.parametrize("branches", [
    [{**A, "additionalProperties": False}, B],
    [A, {**B, "patternProperties": {"^x": {"type": "string"}}}],
    [A, {**B, "unevaluatedProperties": False}],
])
def test_a_branch_whose_members_read_the_others_keeps_the_all_of(branches):
    """Merged, its additionalProperties (patternProperties beside it, unevaluatedProperties)
    would read the other branch's members, which in its branch it does not see: the
    ``allOf`` of a closed object and another accepts no object sending both."""
    found = _findings({"allOf": branches}, M, "inputSchema")
    assert found, "an allOf that refuses what the merged object accepts is a change"
