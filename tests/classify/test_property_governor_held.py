"""A property added in a branch for a name the node already held to a schema is compared with
that schema: both apply now, so the added one can only tighten.

Hostile trial, round 16: with the root's ``properties.b: {type: string}`` (or a pattern
``^b`` with that schema, or a sibling ``allOf`` branch declaring ``b`` so), ``b: {type:
integer}`` added to ``allOf[0].properties`` was NON_BREAKING "optional property 'b' added",
though ``b`` can now take no value at all ({"b": "x", "c": 1} was accepted and is refused); in
an ``anyOf`` branch, ``b: {type: string, minLength: 3}`` beside the root's ``b: {type:
string}`` was NON_BREAKING too, though {"b": "x"} is refused now. Every witness is checked
here by jsonschema and jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING = {"type": "string"}


def _held_by_root(added: dict | None) -> dict:
    return {"type": "object", "properties": {"b": STRING}, "allOf": [_branch(added), {"required": ["c"]}]}


def _held_by_pattern(added: dict | None) -> dict:
    return {"type": "object", "patternProperties": {"^b": STRING}, "allOf": [_branch(added), {"required": ["c"]}]}


def _held_by_sibling(added: dict | None) -> dict:
    return {"type": "object", "allOf": [_branch(added), {"properties": {"b": STRING}, "required": ["c"]}]}


def _held_by_a_lone_branch(added: dict | None) -> dict:
    return {"type": "object", "properties": {"b": STRING}, "allOf": [_branch(added)]}


def _branch(added: dict | None) -> dict:
    return {"properties": {"a": {}, **({"b": added} if added is not None else {})}}


def _only_finding(old: dict, new: dict) -> Any:
    (finding,) = diff_input_schemas(old, new).findings
    return finding


@pytest.mark.parametrize("shape", [_held_by_root, _held_by_pattern, _held_by_sibling, _held_by_a_lone_branch])
def test_a_property_added_in_a_branch_for_a_name_already_held_is_compared_with_its_holder(shape):
    old, new = shape(None), shape({"type": "integer"})
    finding = _only_finding(old, new)
    assert (finding.rule, finding.severity.name) == ("tool.input.type.changed", "BREAKING"), finding.message
    assert finding.path == "inputSchema.allOf.0.properties.b.type"
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value), value
    assert isinstance(value["b"], str)


def test_the_holders_path_is_named_as_the_side_before():
    """The sibling branch sits at allOf.1 of the input (the canonical form sorts branches)."""
    finding = _only_finding(_held_by_sibling(None), _held_by_sibling({"type": "integer"}))
    assert finding.args["path_before"] == "inputSchema.allOf.1.properties.b.type"


def test_a_tightening_in_an_any_of_branch_of_a_member_the_node_holds_is_reported():
    def shape(added: dict | None) -> dict:
        return {"type": "object", "properties": {"b": STRING}, "anyOf": [_branch(added), {"required": ["c"]}]}

    old, new = shape(None), shape({"type": "string", "minLength": 3})
    finding = _only_finding(old, new)
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.tightened", "BREAKING")
    assert finding.path == "inputSchema.anyOf.0.properties.b.minLength"
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    assert accepted_by_both(old, finding.witness.value) and not accepted_by_both(new, finding.witness.value)


@pytest.mark.parametrize("shape", [_held_by_root, _held_by_pattern, _held_by_sibling])
def test_a_property_added_that_accepts_all_its_holder_did_is_only_declared(shape):
    """Wider than what holds the name, the branch's schema refuses nothing (the holder still
    applies): the loosening its comparison finds is no news."""
    finding = _only_finding(shape(None), shape({"type": ["string", "integer"]}))
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")


def test_two_holders_are_read_together():
    """The root's ``b: {type: string}`` and a sibling's ``b: {maxLength: 5}`` both held ``b``: a
    branch that asks both of it asks nothing new (compared with one of them alone, maxLength
    or type read as added would fail the gate with no call to show)."""
    def shape(added: dict | None) -> dict:
        return {"type": "object", "properties": {"b": STRING},
                "allOf": [_branch(added), {"properties": {"b": {"maxLength": 5}}, "required": ["c"]}]}

    finding = _only_finding(shape(None), shape({"type": "string", "maxLength": 5}))
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")


def test_a_name_declared_to_take_anything_is_narrowed():
    """``b: {}`` declared at the root held ``b`` to any value, as a property kept that becomes
    ``{type: integer}`` is "type narrowed" (not the open object's convention for a name
    nothing declares)."""
    def shape(added: dict | None) -> dict:
        return {"type": "object", "properties": {"b": {}}, "allOf": [_branch(added)]}

    old, new = shape(None), shape({"type": "integer"})
    finding = _only_finding(old, new)
    assert (finding.rule, finding.severity.name) == ("tool.input.type.narrowed", "BREAKING")
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    assert accepted_by_both(old, finding.witness.value) and not accepted_by_both(new, finding.witness.value)
