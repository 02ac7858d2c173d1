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
    and keeps the recursion where one side's form has a cycle. (The pair lifted is now the
    same schema on both sides, counted as covered, so no finding follows at all: hostile trial,
    round 45, members moved into an allOf beside unevaluatedProperties.)"""
    old = {"type": "object", "additionalProperties": False}
    new = {"type": "object", "allOf": [{"additionalProperties": False}]}
    messages = [f.message for f in diff_input_schemas(old, new).changes]
    assert all("recursion" not in m for m in messages), messages


@pytest.mark.parametrize("moved", [{"properties": {"a": S}}, {"patternProperties": {"^a": S}}])
def test_members_moved_into_all_of_beside_unevaluated_properties_false_are_no_change(moved):
    """``unevaluatedProperties`` sees the members an ``allOf`` branch evaluates, unlike
    ``additionalProperties``: moving ``a`` into a branch beside it is no change (hostile trial,
    round 45). Kept unlifted as if the two keywords read each other across the branch, it was a
    BREAKING "allOf added" and "property 'a' removed", neither with a witness."""
    old = {"type": "object", **moved, "unevaluatedProperties": False}
    new = {"type": "object", "unevaluatedProperties": False, "allOf": [moved]}
    for value in ({"a": ""}, {"a": 1}, {"b": 1}, {}):
        assert accepted_by_both(old, value) == accepted_by_both(new, value), value
    found = [f for f in diff_input_schemas(old, new).changes if f.severity.name == "BREAKING"]
    assert not found, [f.message for f in found]


def test_max_contains_left_beside_an_all_of_of_contains_is_ignored_and_the_change_a_loosening():
    """``maxContains`` reads only a ``contains`` beside it: moved into an ``allOf`` branch, the
    ``contains`` leaves the bound reading nothing, and the new schema accepts ``["x", "y"]``,
    which the old refused (hostile trial, round 45). It was a BREAKING "allOf added" no call
    could show; it is the bound dropped, a loosening."""
    old = {"type": "array", "contains": S, "maxContains": 1}
    new = {"type": "array", "maxContains": 1, "allOf": [{"contains": S}]}
    assert not accepted_by_both(old, ["x", "y"]) and accepted_by_both(new, ["x", "y"])
    changes = diff_input_schemas(_tool(old), _tool(new)).changes
    assert not [f for f in changes if f.severity.name == "BREAKING"], [f.message for f in changes]
    assert any(f.severity.name == "NON_BREAKING" and "maxContains" in f.message for f in changes), \
        [f.message for f in changes]


def test_max_contains_moved_beside_an_all_of_of_contains_the_other_way_is_a_break_with_a_witness():
    """The reverse of the pair above: the count joins its ``contains`` again and refuses
    ``["x", "y"]``, a tightening the witness shows (hostile trial, round 45)."""
    old = {"type": "array", "maxContains": 1, "allOf": [{"contains": S}]}
    new = {"type": "array", "contains": S, "maxContains": 1}
    found = _breaking(old, new)
    assert found and all(f.witness is not None and f.witness.found for f in found), found


def test_forms_without_recursion_a_walk_leaves_unnamed_are_said_written_differently(monkeypatch):
    """The catch-all for two forms the walk names nothing of (no known input reaches it since
    an allOf branch repeating its node is read as the same schema, hostile trial, round 45)
    says the schema is written differently, and names no recursion where neither form recurses."""
    from mcp_inspect.classify import tools

    monkeypatch.setattr(tools.SchemaWalker, "walk", lambda self, before, after, key: None)
    old = {"inputSchema": {"type": ["object"], "additionalProperties": False}}
    new = {"inputSchema": {"type": ["object"], "maxProperties": 1}}
    (change,) = tools.schema_changes("inputSchema", "tool.input", old, new)
    assert change.variant == "written_apart", change


OPEN = {"type": "object", "properties": {"a": S}}


@pytest.mark.parametrize(("old", "new"), [
    ({**CLOSED, "type": "object"}, {"type": "object", "allOf": [{**CLOSED, "type": "object"}]}),
    (OPEN, {"allOf": [OPEN, {"type": "object"}]}),
    (OPEN, {"type": "object", "allOf": [OPEN, {"type": "object", "minProperties": 0}]}),
])
def test_a_type_an_all_of_branch_repeats_from_its_node_or_a_sibling_is_no_narrowing(old, new):
    """The node's own ``type`` (or another branch's) already admits only what a branch's
    ``type`` admits: the branch's adds nothing (hostile trial, round 45). Compared with the
    old schema lifted into the branch, it was a BREAKING "type narrowed: any → object" no call
    could show."""
    for value in ({"a": ""}, {"a": 1}, {"b": 1}, {}, [], "s"):
        assert accepted_by_both(old, value) == accepted_by_both(new, value), value
    for one, other in ((old, new), (new, old)):
        found = [f.message for f in diff_input_schemas(one, other).changes if f.severity.name == "BREAKING"]
        assert not found, found
