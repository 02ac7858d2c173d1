"""A property or pattern whose name holds dots (``a.b``, ``^x.y$``) is one step of a finding's
path (hostile trial, round 7): split at every dot, the search looked for the property ``a``,
found no witness, and the note said ``"b" is not a keyword a validator reads``."""

from __future__ import annotations

import jsonschema
from support import diff_input_schemas


def _check(old, new):
    (finding,) = [f for f in diff_input_schemas(old, new).findings if f.severity.name == "BREAKING"]
    assert finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert jsonschema.Draft202012Validator(old).is_valid(value)
    assert not jsonschema.Draft202012Validator(new).is_valid(value)


def test_a_dotted_property_removed_from_a_closed_object_has_its_witness():
    _check({"type": "object", "properties": {"a.b": {"type": "integer"}}, "additionalProperties": False},
           {"type": "object", "properties": {}, "additionalProperties": False})


def test_a_bound_under_a_dotted_property_has_its_witness():
    _check({"type": "object", "properties": {"a.b": {"type": "integer", "maximum": 9}}},
           {"type": "object", "properties": {"a.b": {"type": "integer", "maximum": 5}}})


def test_a_dotted_pattern_key_has_its_witness():
    _check({"type": "object", "patternProperties": {"^x.y$": {"type": "integer"}}, "additionalProperties": False},
           {"type": "object", "patternProperties": {"^x.z$": {"type": "integer"}}, "additionalProperties": False})
