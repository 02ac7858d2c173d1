"""A property added is compared with what governed its name before, also where it is added
inside an ``allOf`` branch and the node holding the ``allOf`` governed it; and the loosening
such a comparison finds belongs to the property, not to the unchanged keyword it left.

Hostile trial, round 15:

- ``b: {type: integer}`` added to ``allOf[0].properties`` beside the root's
  ``unevaluatedProperties: {type: string}`` (or ``additionalProperties``) was NON_BREAKING
  "optional property 'b' added", though {"b": "x"} was accepted before and is refused now;
  the flat spelling was BREAKING ``type.changed``;
- ``b: {type: string, minLength: 3}`` added beside ``additionalProperties: {type: string,
  maxLength: 2}`` reported "maxLength removed (was 2)" at ``additionalProperties.maxLength``,
  which did not change: the bound was lost by ``b`` alone.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import diff_input_schemas


def _in_branch(rest: str, added: dict[str, Any] | None) -> dict:
    branch = {"properties": {"a": {}, **({"b": added} if added is not None else {})}}
    return {"type": "object", "allOf": [branch], rest: {"type": "string"}}


@pytest.mark.parametrize("rest", ["unevaluatedProperties", "additionalProperties"])
def test_a_property_added_in_an_all_of_branch_is_compared_with_what_the_node_held_it_to(rest):
    report = diff_input_schemas(_in_branch(rest, None), _in_branch(rest, {"type": "integer"}))
    (finding,) = report.findings
    assert finding.severity.name == "BREAKING", finding.message
    assert finding.rule == "tool.input.type.changed"
    assert finding.path.startswith("inputSchema.allOf.0.properties.b"), finding.path
    assert finding.witness.found and isinstance(finding.witness.value["b"], str), finding.witness.note


def test_a_property_added_in_a_branch_that_takes_what_the_node_took_is_only_declared():
    report = diff_input_schemas(_in_branch("unevaluatedProperties", None),
                                _in_branch("unevaluatedProperties", {"type": "string"}))
    (finding,) = report.findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")


def test_under_additional_properties_the_node_still_holds_the_member_so_nothing_loosens():
    """The root's additionalProperties still applies to ``b`` (declared only in the branch):
    a branch schema wider than it frees no value."""
    old = _in_branch("additionalProperties", None)
    old["additionalProperties"] = {"type": "string", "maxLength": 2}
    new = _in_branch("additionalProperties", {"type": "string"})
    new["additionalProperties"] = {"type": "string", "maxLength": 2}
    report = diff_input_schemas(old, new)
    assert all(f.severity.name != "NON_BREAKING" or f.rule == "tool.input.property.added" for f in report.findings), \
        [(f.rule, f.message) for f in report.findings]


def test_a_member_read_by_another_branch_is_not_taken_from_unevaluated_properties():
    """Another branch evaluates ``b`` already: the root's unevaluatedProperties never read it."""
    old = {"type": "object", "allOf": [{"properties": {"a": {}}}, {"properties": {"b": {}}}],
           "unevaluatedProperties": {"type": "string"}}
    new = {"type": "object", "allOf": [{"properties": {"a": {}, "b": {"type": "integer"}}}, {"properties": {"b": {}}}],
           "unevaluatedProperties": {"type": "string"}}
    assert all(f.rule != "tool.input.type.changed" for f in diff_input_schemas(old, new).findings)


def test_a_bound_lost_by_a_property_added_is_reported_at_the_property():
    old = {"type": "object", "properties": {"a": {}}, "additionalProperties": {"type": "string", "maxLength": 2}}
    new = {"type": "object", "properties": {"a": {}, "b": {"type": "string", "minLength": 3}},
           "additionalProperties": {"type": "string", "maxLength": 2}}
    findings = {(f.rule, f.path): f for f in diff_input_schemas(old, new).findings}
    assert set(findings) == {("tool.input.constraint.tightened", "inputSchema.properties.b.minLength"),
                             ("tool.input.constraint.loosened", "inputSchema.properties.b.maxLength")}
    loosened = findings["tool.input.constraint.loosened", "inputSchema.properties.b.maxLength"]
    assert loosened.severity.name == "NON_BREAKING" and loosened.message == "maxLength removed (was 2)"
