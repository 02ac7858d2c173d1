"""A property removed from an output object that takes any member is shown by a result that
sends it with a value the old declaration refuses (hostile trial, round 30).

``p: {properties: {b: {type: string}}, anyOf: [{required: [a]}, {minimum: 2}]}`` → ``p: {anyOf:
[…]}`` was BREAKING "property 'b' removed" with "none found in 849 validations", though
``{"p": {"b": 1}}`` shows it: the ``anyOf``'s second branch passes every object (``minimum``
ignores a non-number, Validation 2020-12 §6.2.4), and only the old ``properties.b`` refuses 1.
The same held with no ``anyOf`` at all (``{type: object, properties: {b: …}}`` → ``{type:
object}``): a member only the old side declares was sent, on an object that takes any member,
only when the new side required it, so every result sent ``b`` with a string or not at all.
Now a member the finding's path names is varied there too.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import breaking_output_witness, diff_output_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

B = {"b": {"type": "string"}}
BRANCHES = [{"required": ["a"]}, {"minimum": 2}]


def _member(node: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"p": node}}


@pytest.mark.parametrize(("old", "new", "path"), [
    (_member({"properties": B, "anyOf": BRANCHES}), _member({"anyOf": BRANCHES}), "p.properties.b"),
    (_member({"properties": B, "oneOf": BRANCHES}), _member({"oneOf": BRANCHES}), "p.properties.b"),
    (_member({"type": "object", "properties": B}), _member({"type": "object"}), "p.properties.b"),
    ({"type": "object", "properties": B}, {"type": "object"}, "outputSchema.properties.b"),
    (_member({"type": "object", "properties": {"q": {"type": "object", "properties": B}}}),
     _member({"type": "object", "properties": {"q": {"type": "object"}}}), "q.properties.b"),
], ids=["beside-anyOf", "beside-oneOf", "plain", "root", "nested"])
def test_a_removed_output_member_is_sent_with_a_value_the_old_declaration_refuses(old, new, path):
    finding, value = breaking_output_witness(old, new, path)
    assert finding.rule == "tool.output.property.removed"
    held = value.get("p", value)
    held = held.get("q", held)
    assert not isinstance(held["b"], str), value


def test_a_removed_output_member_of_a_closed_object_still_has_none():
    """The control: the new object takes no undeclared member, so no result it allows sends ``b``."""
    old = _member({"type": "object", "properties": B})
    new = _member({"type": "object", "additionalProperties": False})
    (finding,) = [f for f in diff_output_schemas(old, new).changes if f.rule == "tool.output.property.removed"]
    assert not finding.witness.found, finding.witness.value
