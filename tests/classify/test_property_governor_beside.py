"""A property added in one in-place subschema, while another in-place applicator of the same
node that always applies already holds the name, is compared with that holder.

Hostile trial, round 20: ``b: {type: integer}`` added to ``anyOf[0]`` (or ``allOf[0]``, or
``then``) beside an ``allOf`` entry (or a one-entry ``anyOf``) declaring ``b: {type: string}``,
or beside an ``allOf`` entry whose ``additionalProperties`` is ``{type: string}``, was
NON_BREAKING "optional property 'b' added", exit 0, though {"b": "x"} is refused now (Core
2020-12, 10.2.1.1 and 10.2.2). The governor reading compared a branch's new property with the
node's own keywords and the other entries of the same ``allOf`` alone. Every witness is
checked here by jsonschema and jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING = {"type": "string"}


def _added(added: bool) -> dict:
    return {"properties": {"a": {}, **({"b": {"type": "integer"}} if added else {})}}


def _allof_holds_anyof_adds(added: bool) -> dict:
    return {"type": "object", "allOf": [{"properties": {"b": STRING}}], "anyOf": [_added(added)]}


def _lone_anyof_holds_allof_adds(added: bool) -> dict:
    return {"type": "object", "anyOf": [{"properties": {"b": STRING}}], "allOf": [_added(added)]}


def _allof_holds_then_adds(added: bool) -> dict:
    return {"type": "object", "allOf": [{"properties": {"b": STRING}}], "if": {"required": ["z"]},
            "then": _added(added)}


def _allof_additional_holds_anyof_adds(added: bool) -> dict:
    return {"type": "object", "allOf": [{"additionalProperties": STRING}], "anyOf": [_added(added)]}


@pytest.mark.parametrize(("shape", "where", "held_at"), [
    (_allof_holds_anyof_adds, "anyOf.0", "allOf.0.properties.b"),
    (_lone_anyof_holds_allof_adds, "allOf.0", "anyOf.0.properties.b"),
    (_allof_holds_then_adds, "then", "allOf.0.properties.b"),
    (_allof_additional_holds_anyof_adds, "anyOf.0", "allOf.0.additionalProperties"),
], ids=["allOf-holds-anyOf-adds", "lone-anyOf-holds-allOf-adds", "allOf-holds-then-adds",
        "allOf-additionalProperties-holds-anyOf-adds"])
def test_a_property_added_beside_a_sibling_applicator_that_holds_the_name_is_breaking(shape, where, held_at):
    old, new = shape(False), shape(True)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.type.changed", "BREAKING"), finding.message
    assert finding.path == f"inputSchema.{where}.properties.b.type"
    assert finding.args["path_before"] == f"inputSchema.{held_at}.type"
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value), value
    assert isinstance(value["b"], str)


@pytest.mark.parametrize("holder", [
    {"anyOf": [{"properties": {"b": STRING}}, {"properties": {"c": {}}}]},
    {"if": {"required": ["z"]}, "then": {"properties": {"b": STRING}}},
], ids=["anyOf-of-two", "then"])
def test_a_holder_that_applies_to_some_values_only_proves_nothing(holder):
    """The sound side of round 20's fix: an anyOf of two entries, or a then, holds the name
    for some calls only ({"b": 5} passed through the other entry, or without z), so it proves
    no break; adding b to an allOf entry stays the open object's "optional property added"."""
    old = {"type": "object", **holder, "allOf": [_added(False)]}
    new = {"type": "object", **holder, "allOf": [_added(True)]}
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING"), finding.message
