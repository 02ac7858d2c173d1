"""A property added in a branch beside what holds its name, inside ``not``: the comparison with
the holder keeps what the member's own schema refuses, read through the negation.

Hostile trial, round 17: in ``not: {properties: {b: {type: string}}, allOf: [{properties: {a:
{}}}, {required: [b]}]}``, ``b: {minLength: 3}`` added to ``allOf[0]`` makes the subschema of
``not`` accept fewer values, so the schema accepts more ({"b": "x"} is refused before and
accepted now). The filter that keeps only the tightening findings of that comparison read the
rules after emit() had flipped them for ``not``: it dropped the real ``minLength`` and kept a
false "type widened: string → any" (``b`` is still held to string beside the branch), so the
input side failed the gate as BREAKING with no call to show it, and the output side, which now
returns {"b": "x"}, passed as NON_BREAKING. Every witness is checked here by jsonschema and
jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect import diff
from mcp_inspect.snapshot.shapes import snapshot_from_value

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _held(added: dict | None) -> dict:
    """The node holds ``b`` to string; its first allOf branch may declare ``b`` too."""
    branch = {"properties": {"a": {}, **({"b": added} if added is not None else {})}}
    return {"properties": {"b": {"type": "string"}}, "allOf": [branch, {"required": ["b"]}]}


def _negated(added: dict | None) -> dict:
    return {"type": "object", "not": _held(added)}


def _plain(added: dict | None) -> dict:
    return {"type": "object", **_held(added)}


def _output_findings(old: dict, new: dict) -> list[Any]:
    def surface(schema: dict) -> dict:
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema}]}

    return diff(snapshot_from_value(surface(old), "old.json"), snapshot_from_value(surface(new), "new.json")).findings


SHORTER = {"minLength": 3}


def test_inside_not_a_tightening_beside_the_holder_loosens_the_input():
    old, new = _negated(None), _negated(SHORTER)
    assert accepted_by_both(new, {"b": "x"}) and not accepted_by_both(old, {"b": "x"})  # accepted now, refused before
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING"), \
        finding.message
    assert finding.path == "inputSchema.not.allOf.0.properties.b.minLength"


def test_inside_not_a_tightening_beside_the_holder_breaks_the_output_with_a_witness():
    old, new = _negated(None), _negated(SHORTER)
    (finding,) = _output_findings(old, new)
    assert (finding.rule, finding.severity.name) == ("tool.output.constraint.loosened", "BREAKING"), finding.message
    assert finding.path == "outputSchema.not.allOf.0.properties.b.minLength"
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value  # a result the server may now return that the old schema refused
    assert accepted_by_both(new, value) and not accepted_by_both(old, value), value


@pytest.mark.parametrize("wider", [{"type": ["string", "integer"]}, {}], ids=["wider-type", "anything"])
def test_inside_not_a_wider_schema_beside_the_holder_is_only_declared(wider):
    """The holder still applies: ``b`` accepting more in the branch changes nothing, on either
    side (the old filter kept it, flipped to "tightened": BREAKING on input with no call)."""
    old, new = _negated(None), _negated(wider)
    for value in ({"b": "x"}, {"b": 1}, {}, {"a": 1, "b": "xy"}):
        assert accepted_by_both(old, value) == accepted_by_both(new, value), value
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING"), finding.message
    assert [(f.rule, f.severity.name) for f in _output_findings(old, new)] == \
        [("tool.output.property.added", "NON_BREAKING")]


def test_outside_not_the_same_tightening_still_breaks_the_input_and_not_the_output():
    old, new = _plain(None), _plain(SHORTER)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.tightened", "BREAKING"), finding.message
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    assert accepted_by_both(old, finding.witness.value) and not accepted_by_both(new, finding.witness.value)
    assert [(f.rule, f.severity.name) for f in _output_findings(old, new)] == \
        [("tool.output.property.added", "NON_BREAKING")]


def test_inside_not_a_property_declared_as_its_additional_properties_held_it_is_only_declared():
    """Declared with the schema the node's additionalProperties held it to, ``b`` takes the same
    values: under ``not`` too that is only a declaration, not the unorderable "property added
    inside not" (constraint.changed, BREAKING with no call to show it)."""
    def shape(declared: bool) -> dict:
        held = {"type": "string"}
        return {"type": "object", "not": {"additionalProperties": held, **({"properties": {"b": held}} if declared
                                                                          else {})}}

    (finding,) = diff_input_schemas(shape(False), shape(True)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING"), finding.message
