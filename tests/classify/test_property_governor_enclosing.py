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

from support import diff_input_schemas


def test_a_bound_lost_by_a_property_added_is_reported_at_the_property():
    old = {"type": "object", "properties": {"a": {}}, "additionalProperties": {"type": "string", "maxLength": 2}}
    new = {"type": "object", "properties": {"a": {}, "b": {"type": "string", "minLength": 3}},
           "additionalProperties": {"type": "string", "maxLength": 2}}
    findings = {(f.rule, f.path): f for f in diff_input_schemas(old, new).findings}
    assert set(findings) == {("tool.input.constraint.tightened", "inputSchema.properties.b.minLength"),
                             ("tool.input.constraint.loosened", "inputSchema.properties.b.maxLength")}
    loosened = findings["tool.input.constraint.loosened", "inputSchema.properties.b.maxLength"]
    assert loosened.severity.name == "NON_BREAKING" and loosened.message == "maxLength removed (was 2)"
