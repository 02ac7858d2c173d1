"""An ``allOf`` of objects compared with the object it is or is not (hostile trial, round 45):
a closed object whose members moved into ``allOf`` branches, a nested ``allOf``, branches
that carry their own annotations, and a member both branches declare. Each pair's verdict is
checked against jsonschema (``accepted_by_both``)."""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

S = {"type": "string"}
I = {"type": "integer"}  # noqa: E741


def _tool(x: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"x": x}}


def _breaking(old: Any, new: Any) -> list[Any]:
    report = diff_input_schemas(_tool(old), _tool(new))
    return [f for f in report.changes if f.severity.name == "BREAKING"]


CLOSED = {"properties": {"a": S}, "additionalProperties": False}


@pytest.mark.parametrize("new", [
    {"allOf": [{"properties": {"a": S}}, {"properties": {"b": I}}], "additionalProperties": False},
    {"allOf": [{"properties": {"a": S}}], "additionalProperties": False, "description": "z"},
    {"allOf": [{"properties": {"a": S}}], "additionalProperties": False},
])
def test_members_moved_into_all_of_beside_additional_properties_false_are_a_break_with_a_witness(new):
    """``additionalProperties`` reads the ``properties`` beside it, not those of an ``allOf``
    branch: moved into a branch, ``a`` is refused. Lifted into the ``allOf`` as one branch
    with ``additionalProperties`` left outside, the old schema read as the new one and the
    diff said nothing (or only "description added", or a false "recursion cut")."""
    assert accepted_by_both(_tool(CLOSED), {"x": {"a": ""}})
    assert not accepted_by_both(_tool(new), {"x": {"a": ""}})
    found = _breaking(CLOSED, new)
    assert found, "the new schema refuses {'x': {'a': ''}}"
    assert any(f.witness is not None and f.witness.found for f in found), found
    assert all("recursion" not in f.message for f in found), [f.message for f in found]


def test_a_member_whose_type_changed_inside_a_nested_all_of_is_a_type_change():
    """The inner ``allOf`` is an object's members too: read as one object with the outer
    branches, ``c`` changes from integer to string, where the nested ``allOf`` was left as
    written and its removal read as a NON_BREAKING loosening."""
    old = {"allOf": [{"properties": {"a": S}}, {"allOf": [{"properties": {"b": I}}, {"properties": {"c": I}}]}]}
    new = {"properties": {"a": S, "b": I, "c": S}}
    assert accepted_by_both(_tool(old), {"x": {"c": 1}}) and not accepted_by_both(_tool(new), {"x": {"c": 1}})
    found = _breaking(old, new)
    assert [f.rule for f in found] == ["tool.input.type.changed"], [(f.rule, f.message) for f in found]
    assert found[0].path.endswith("properties.c.type"), found[0].path


def test_branches_with_their_own_titles_merge_with_the_object_they_mean():
    """zod's ``.describe()`` on both sides of ``.and()`` gives each branch a title: annotations
    read no value, so the branches are still the one object (three false BREAKING findings)."""
    old = {"type": "object", "properties": {"a": S, "b": I}}
    new = {"type": "object", "allOf": [{"title": "A", "type": "object", "properties": {"a": S}},
                                       {"title": "B", "type": "object", "properties": {"b": I}}]}
    assert _breaking(old, new) == []
    assert _breaking(new, old) == []


@pytest.mark.parametrize(("one", "other", "old"), [
    ({"type": "number"}, I, I),
    ({"maxLength": 5}, {"maxLength": 3}, {"maxLength": 3}),
])
def test_a_member_both_branches_declare_is_the_tighter_of_the_two(one, other, old):
    """``b`` in both branches is both schemas at once: ``integer`` within ``number``,
    ``maxLength`` 3 within 5, which is the old member; it was a BREAKING "allOf gained 1
    branch" no value shows."""
    before = {"type": "object", "properties": {"b": old}}
    after = {"allOf": [{"type": "object", "properties": {"b": one}}, {"type": "object", "properties": {"b": other}}]}
    assert _breaking(before, after) == []
    assert _breaking(after, before) == []


def test_a_schema_written_differently_without_recursion_is_not_said_to_cut_one():
    """The diff's last word on two forms it walks alike named a recursion cut at other places,
    also where neither schema recurses (hostile trial, round 45): it says so neutrally there,
    and keeps the recursion where one side's form has a cycle."""
    old = {"type": "object", "additionalProperties": False}
    new = {"type": "object", "allOf": [{"additionalProperties": False}]}
    messages = [f.message for f in diff_input_schemas(old, new).changes]
    assert messages and all("recursion" not in m for m in messages), messages
