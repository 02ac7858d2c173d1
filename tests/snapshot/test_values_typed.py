"""A node that names its values gets the ``type`` its values decide (snapshot/dialects.py,
``values_typed``; docs/canonical-form.md): the same values pass before and after, and the
spellings generators write for one value set become one form."""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.canonical import canonical_json, canonical_schema
from mcp_inspect.snapshot.dialects import values_typed
from mcp_inspect.snapshot.shapes import snapshot_from_value

TYPES = ["string", "integer", "number", "boolean", "object", "array", "null"]
VALUES = [None, True, False, 0, 1, -3, 2.5, 1.0, "", "a", "asc", [], [1], {}, {"k": "v"}]
values = st.sampled_from(VALUES)


@st.composite
def value_nodes(draw):
    node = {}
    kind = draw(st.sampled_from(["enum", "const", "both"]))
    if kind in ("enum", "both"):
        node["enum"] = draw(st.lists(values, min_size=0, max_size=5))
    if kind in ("const", "both"):
        node["const"] = draw(values)
    if draw(st.booleans()):
        node["type"] = draw(st.lists(st.sampled_from(TYPES), min_size=1, max_size=4, unique=True))
    if draw(st.booleans()):
        node["minLength"] = draw(st.integers(0, 3))
    if draw(st.booleans()):
        node["minimum"] = draw(st.integers(-2, 2))
    return node


@settings(max_examples=400, deadline=None)
@given(value_nodes())
def test_the_typed_node_accepts_exactly_what_it_accepted(node):
    typed = copy.deepcopy(node)
    values_typed(typed)
    before, after = Draft202012Validator(node), Draft202012Validator(typed)
    for value in VALUES:
        assert before.is_valid(value) == after.is_valid(value), (node, typed, value)


@settings(max_examples=200, deadline=None)
@given(value_nodes())
def test_the_fold_is_idempotent(node):
    once = copy.deepcopy(node)
    values_typed(once)
    twice = copy.deepcopy(once)
    values_typed(twice)
    assert once == twice


def test_untyped_values_take_their_own_types():
    node = {"enum": ["asc", "desc"]}
    values_typed(node)
    assert node == {"enum": ["asc", "desc"], "type": ["string"]}
    node = {"enum": [1, 2.5]}
    values_typed(node)
    assert node["type"] == ["number"]  # every integer is a number


def test_a_type_list_keeps_the_types_some_value_has():
    node = {"type": ["null", "string"], "enum": ["a", "b"]}
    values_typed(node)
    assert node["type"] == ["string"]


def test_a_type_no_value_has_and_a_const_outside_the_enum_are_kept_as_written():
    node = {"type": ["string"], "enum": [1]}
    values_typed(node)
    assert node == {"type": ["string"], "enum": [1]}
    node = {"const": "a", "enum": ["b"]}
    values_typed(node)
    assert node == {"const": "a", "enum": ["b"]}


def test_a_literal_union_and_a_picklist_are_one_canonical_form():
    union = {"anyOf": [{"const": "asc"}, {"const": "desc"}]}
    picklist = {"type": "string", "enum": ["asc", "desc"]}
    assert canonical_json(canonical_schema(union)) == canonical_json(canonical_schema(picklist))


def test_valibot_literal_union_made_a_picklist_is_no_finding_either_way():
    """The generator case that was a BREAKING ``type`` finding with no witness."""
    def side(order):
        return snapshot_from_value({"tools": [{"name": "sort", "inputSchema": {
            "type": "object", "properties": {"order": order}, "required": ["order"]}}]}, "side")

    union = side({"anyOf": [{"const": "asc"}, {"const": "desc"}]})
    picklist = side({"enum": ["asc", "desc"], "type": "string"})
    assert diff_snapshots(union, picklist).findings == []
    assert diff_snapshots(picklist, union).findings == []
    # A value lost in the same edit is still the enum's finding, and nothing about the type.
    narrower = side({"enum": ["asc"], "type": "string"})
    assert [f.rule for f in diff_snapshots(union, narrower).findings] == ["tool.input.enum.narrowed"]
