"""One value set, several spellings (issue 21): folded in the canonical form, so moving
between them is no change, while a real change keeps the id of the input's spelling."""

from __future__ import annotations

import copy

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.canonical import canonical_schema
from mcp_inspect.snapshot.shapes import snapshot_from_value


def surface(schema):
    return {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"x": copy.deepcopy(schema)}}}]}


def facts(old, new):
    result = diff_snapshots(snapshot_from_value(surface(old), "old"), snapshot_from_value(surface(new), "new"))
    return sorted((f.rule, f.severity.name, f.path) for f in result.findings)


ZOD = {"type": ["string", "null"], "description": "A name."}
PYDANTIC = {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "A name."}


@pytest.mark.parametrize(("one", "other"), [
    (ZOD, PYDANTIC),
    ({"type": ["integer", "null"], "minimum": 1}, {"anyOf": [{"type": "integer"}, {"type": "null"}], "minimum": 1}),
    ({"type": ["number"]}, {"anyOf": [{"type": "integer"}, {"type": "number"}]}),
    ({"type": "integer", "minimum": 1}, {"anyOf": [{"type": "integer"}], "exclusiveMinimum": 0}),
    ({"const": "a"}, {"enum": ["a"]}),
    ({"type": "string", "const": "a"}, {"enum": ["a"], "type": ["string"]}),
    ({}, {"then": {"type": "string"}}),
    ({}, {"else": {"maxLength": 3}, "then": {"minLength": 1}}),
    ({}, {"if": {"type": "string"}}),
])
def test_spellings_of_one_value_set_are_no_change(one, other):
    assert canonical_schema(one) == canonical_schema(other)
    assert facts(one, other) == []
    assert facts(other, one) == []


def test_the_fold_reaches_a_referenced_definition():
    def tool(schema):
        return {"tools": [{"name": "t", "inputSchema": schema}]}

    old = tool({"type": "object", "properties": {"x": {"$ref": "#/$defs/Name"}},
                "$defs": {"Name": {"anyOf": [{"type": "string"}, {"type": "null"}]}}})
    new = tool({"type": "object", "properties": {"x": {"type": ["null", "string"]}}})
    assert diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new")).findings == []


def test_a_change_across_spellings_is_the_change_alone():
    """zod's type list against a pydantic union that also gained a branch: one loosening,
    not a type removed beside a union added. The ids follow the input's spelling, as the
    shared cases input-anyof-branch-added and input-type-widened-null (and their mirrors) say."""
    union = {"anyOf": [{"type": "string"}, {"type": "integer"}]}
    wider = {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}]}
    assert facts(union, wider) == [("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.x.anyOf")]
    assert facts(wider, union) == [("tool.input.type.narrowed", "BREAKING", "inputSchema.properties.x.anyOf")]
    assert facts({"type": "string"}, {"type": ["string", "null"]}) == [
        ("tool.input.type.widened", "NON_BREAKING", "inputSchema.properties.x.type")]
    wider = {"anyOf": [{"type": "string"}, {"type": "null"}, {"type": "integer"}], "description": "A name."}
    assert facts(ZOD, wider) == [("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.x.anyOf")]
    narrower = {"type": ["string"], "description": "A name."}
    assert facts(PYDANTIC, narrower) == [("tool.input.type.narrowed", "BREAKING", "inputSchema.properties.x.anyOf")]


def test_const_and_a_longer_enum_compare_as_values():
    assert facts({"const": "a"}, {"enum": ["a", "b"]}) == [
        ("tool.input.enum.widened", "NON_BREAKING", "inputSchema.properties.x.enum")]
    assert facts({"enum": ["a", "b"]}, {"const": "a"}) == [
        ("tool.input.enum.narrowed", "BREAKING", "inputSchema.properties.x.enum")]
    # Within one spelling, each keeps its own wording.
    assert facts({"const": "a"}, {"const": "b"}) == [
        ("tool.input.constraint.changed", "BREAKING", "inputSchema.properties.x.const")]
    assert facts({"enum": ["a"]}, {"enum": ["b"]}) == [
        ("tool.input.enum.narrowed", "BREAKING", "inputSchema.properties.x.enum"),
        ("tool.input.enum.widened", "NON_BREAKING", "inputSchema.properties.x.enum")]


def test_an_if_gaining_its_then_now_acts():
    # One finding: the if alone refuses nothing (tests/classify/test_conditionals.py).
    assert facts({"if": {"type": "string"}}, {"if": {"type": "string"}, "then": {"minLength": 1}}) == [
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.x.then")]
