"""MCP-014: an input schema that accepts no call at all, and the witness search that says so.

The shape is airtable-mcp-server 1.4.1's ``create_field`` as issue 34 describes it: a zod
intersection (``allOf``) of an object that requires ``name`` and a union of strict field
kinds (``additionalProperties: false``) that do not declare it. Every call must send
``name`` and must not.
"""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator

from mcp_inspect import api
from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.rules.no_call import no_call_accepted
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.snapshot.emptiness import accepts_nothing
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _kind(name: str) -> dict[str, Any]:
    return {"type": "object", "properties": {"type": {"type": "string", "const": name}}, "required": ["type"],
            "additionalProperties": False}


BASE = {"type": "object", "properties": {"name": {"type": "string"}, "description": {"type": "string"}},
        "required": ["name"]}
FIELD = {"allOf": [BASE, {"anyOf": [_kind("autoNumber"), _kind("barcode"), _kind("checkbox")]}]}


def create_field(field: Any, required: bool = True) -> dict[str, Any]:
    nested = {"type": "object", "properties": {"field": field}, **({"required": ["field"]} if required else {})}
    return {"type": "object", "properties": {"baseId": {"type": "string"}, "nested": nested},
            "required": ["baseId", "nested"]}


def codes(schema: dict[str, Any]) -> list[tuple[str, str, str]]:
    findings, _ = lint_tools([{"name": "create_field", "description": "Create a field.", "inputSchema": schema}],
                             LintSettings())
    return [(f.code, f.path, f.message) for f in findings if f.code == "MCP-014"]


def test_a_zod_intersection_of_strict_objects_accepts_no_call():
    schema = create_field(FIELD)
    assert codes(schema) == [("MCP-014", "inputSchema", "No call is valid: 'nested' is required and accepts no value.")]
    assert codes({"type": "object", "properties": {}, **FIELD}) == [
        ("MCP-014", "inputSchema", "No call is valid: 'name' is required, and an object that does not declare it "
                                   "forbids any other property (and each of its 3 alternatives fails).")]


@pytest.mark.parametrize("field", [
    {"allOf": [BASE, {"anyOf": [_kind("autoNumber"), {}]}]},  # a branch that accepts anything
    {"allOf": [BASE, {"anyOf": [_kind("autoNumber"), {**_kind("barcode"), "properties": {
        "type": {"const": "barcode"}, "name": {"type": "string"}, "description": {"type": "string"}}}]}]},
    {"allOf": [BASE, {"anyOf": [{**_kind("autoNumber"), "additionalProperties": True}]}]},
])
def test_a_satisfiable_intersection_is_not_reported(field):
    schema = create_field(field)
    assert codes(schema) == []
    assert codes(create_field(FIELD, required=False)) == []  # field optional: {"baseId", "nested": {}} works


def test_what_it_reports_no_validator_accepts():
    # The proof holds against a real validator on the calls one would try first.
    schema = create_field(FIELD)
    validator = Draft202012Validator(schema)
    for field in ({"name": "a", "type": "barcode"}, {"type": "barcode"}, {"name": "a"}, {}):
        assert not validator.is_valid({"baseId": "b", "nested": {"field": field}})
    assert no_call_accepted(create_field({"allOf": [BASE, {"anyOf": [_kind("a"), {}]}]})) is None


def test_the_witness_search_says_the_old_schema_accepts_no_call():
    old = create_field(FIELD)
    new = {**old, "properties": {**old["properties"], "tableId": {"type": "string"}},
           "required": ["baseId", "nested", "tableId"]}
    report = api.diff(snapshot_from_value({"tools": [{"name": "create_field", "inputSchema": old}]}, "old"),
                      snapshot_from_value({"tools": [{"name": "create_field", "inputSchema": new}]}, "new"))
    finding = next(f for f in report.changes if f.rule == "tool.input.property.addedRequired")
    assert not finding.witness.found and finding.witness.reason == "accepts_no_call"
    assert finding.witness.note.startswith("the old schema accepts no call ('nested' is required")


@pytest.mark.parametrize(("mode", "reason"), [
    ({"type": "string", "enum": [1]}, "no value its enum or const names passes its other keywords"),
    ({"type": "string", "minLength": 3, "maxLength": 1}, "'minLength' is above 'maxLength'"),
    ({"type": "integer", "minimum": 1.2, "maximum": 1.8}, "its bounds leave no integer"),
])
def test_a_required_property_whose_keywords_contradict_each_other_accepts_no_call(mode, reason):
    """Hostile trial, round 14: the proof read ``false``, ``not: {}``, an empty ``enum`` and
    disjoint ``type``s only, so a required ``mode`` that no value satisfies (its ``enum``
    outside its ``type``, its ``minLength`` above its ``maxLength``) was no MCP-014; it is the
    same proof the walker now reads for a property added that accepts nothing."""
    assert accepts_nothing(mode) == reason
    schema = {"type": "object", "properties": {"mode": mode}, "required": ["mode"]}
    assert codes(schema) == [("MCP-014", "inputSchema", "No call is valid: 'mode' is required and accepts no value.")]
    assert no_call_accepted({**schema, "properties": {"mode": {}}}) is None
    assert not [mode_value for mode_value in (1, "a", "abc", 1.5, 2, None)
                if Draft202012Validator(schema).is_valid({"mode": mode_value})]


@pytest.mark.parametrize(("schema", "accepted"), [
    ({"type": "object", "minProperties": 1, "additionalProperties": False}, None),
    ({"type": "object", "minProperties": 2, "properties": {"a": {}}, "additionalProperties": False}, None),
    ({"type": "object", "allOf": [{"minProperties": 1}, {"additionalProperties": False}]}, None),
    # a closed object that declares enough names, or takes names by pattern, accepts some call
    ({"type": "object", "minProperties": 1, "properties": {"a": {}}, "additionalProperties": False}, {"a": 1}),
    ({"type": "object", "minProperties": 1, "patternProperties": {"^x": {}}, "additionalProperties": False},
     {"x": 1}),
])
def test_more_properties_asked_for_than_a_closed_object_declares_accepts_no_call(schema, accepted):
    """Hostile trial, round 32: ``{type: object, minProperties: 1, additionalProperties: false}``
    accepts no call (every member is refused, and one is asked for), and MCP-014 said nothing;
    it is the schema BP-011's advice made of a root that asked for a member."""
    validator = Draft202012Validator(schema)
    if accepted is None:
        assert no_call_accepted(schema) is not None
        assert not any(validator.is_valid(value) for value in ({}, {"a": 1}, {"a": 1, "b": 2}, {"x": 1}))
    else:
        assert no_call_accepted(schema) is None and validator.is_valid(accepted)
