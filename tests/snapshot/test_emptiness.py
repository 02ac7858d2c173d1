"""snapshot/emptiness.py: the proof that a schema accepts no value, which lint MCP-014, the
witness search and the schema walker share.

Hostile trial, round 14: an optional property added as ``{"type": "string", "enum": [1]}``
(or ``allOf`` of two types, ``const`` outside the type, ``minLength`` above ``maxLength``)
was "optional property added", since the walker knew only ``false`` and ``{"not": {}}`` as
accepting nothing, and the proof MCP-014 ran on read neither ``const``/``enum`` against the
``type`` nor the size bounds. Each claim here is checked against a validator: no value of a
varied sample passes a schema the proof calls empty.
"""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft4Validator, Draft7Validator, Draft202012Validator

from mcp_inspect.snapshot.emptiness import accepts_nothing

#: One value of each JSON type, and of the sizes the bounds below read.
SAMPLE = [None, True, False, 0, 1, 1.0, 1.5, 2, -1, "", "a", "abc", "aaaaa", [], [1], [1, 2, 3], ["a"], ["a", "b"],
          {}, {"a": 1}, {"a": 1, "b": 2, "c": 3}]

EMPTY = [
    {"allOf": [{"type": "string"}, {"type": "integer"}]},
    {"type": "string", "enum": [1]},
    {"type": "string", "const": 1},
    {"type": "boolean", "const": 1},  # true is not the number 1
    {"enum": [True], "const": 1},
    {"enum": ["a", "b"], "const": "c"},
    {"type": "string", "minLength": 3, "maxLength": 1},
    {"allOf": [{"minLength": 3}, {"maxLength": 1}], "type": "string"},
    {"type": "array", "minItems": 2, "maxItems": 1},
    {"type": "object", "minProperties": 2, "maxProperties": 1},
    {"type": "object", "required": ["a", "b"], "maxProperties": 1},
    {"type": "number", "minimum": 3, "maximum": 1},
    {"type": "number", "exclusiveMinimum": 1, "maximum": 1},
    {"type": "integer", "minimum": 1.2, "maximum": 1.8},
    {"type": "integer", "exclusiveMinimum": 1, "exclusiveMaximum": 2},
    {"type": ["string", "array"], "minLength": 2, "maxLength": 1, "minItems": 2, "maxItems": 1},
    {"type": "string", "enum": ["abc", "abcd"], "maxLength": 2},
    {"type": "integer", "enum": [1.5, 7], "maximum": 5},
    {"anyOf": [{"type": "string", "const": 1}, {"type": "null", "minimum": 0, "enum": [0]}]},
    # A closed tuple holds at most its positions, and a position minItems requires must take a
    # value (hostile trial, round 19: the array analogue of a required property).
    {"type": "array", "prefixItems": [{"type": "string"}], "items": False, "minItems": 2},
    {"type": "array", "items": False, "minItems": 1},
    {"type": "array", "prefixItems": [False], "minItems": 1},
    {"type": "array", "prefixItems": [{}, {"type": "string", "const": 1}], "minItems": 2},
]

SOME = [
    {"type": "string", "enum": [1, "x"]},
    {"type": ["integer", "string"], "const": 1},
    {"type": "integer", "const": 1.0},  # 1.0 is the integer 1
    {"enum": [1.0], "const": 1},
    {"type": "string", "minLength": 1, "maxLength": 1},
    {"type": "number", "minimum": 1.2, "maximum": 1.8},
    {"type": "integer", "minimum": 1, "maximum": 1},
    {"type": "number", "exclusiveMinimum": 1, "maximum": 1.5},
    {"allOf": [{"type": "number"}, {"type": "integer"}]},
    {"minLength": 3, "maxLength": 1},  # no type: any non-string passes
    {"type": ["string", "null"], "minLength": 3, "maxLength": 1},
    {"anyOf": [{"type": "string", "const": 1}, {"type": "integer"}]},
    {"type": "string", "maxLength": -1, "minLength": 0},  # a negative size is not read
    {"type": "foo", "const": 1},  # a type no dialect defines is not read
    {"type": "array", "prefixItems": [{"type": "string"}], "items": False, "minItems": 1},
    {"type": "array", "prefixItems": [False]},  # [] holds no position
    {"prefixItems": [{"type": "string"}], "items": False, "minItems": 2},  # no type: any non-array passes
]


@pytest.mark.parametrize("schema", EMPTY)
def test_a_contradiction_is_proved_empty_and_a_validator_agrees(schema: Any):
    assert accepts_nothing(schema) is not None
    validator = Draft202012Validator(schema)
    assert not [value for value in SAMPLE if validator.is_valid(value)]


@pytest.mark.parametrize("schema", SOME)
def test_a_schema_that_accepts_a_value_is_not_claimed(schema: Any):
    assert accepts_nothing(schema) is None


def test_draft_4_has_no_const_and_reads_exclusive_bounds_as_booleans():
    """A draft-4 validator ignores ``const``, and reads ``exclusiveMinimum`` as a flag on
    ``minimum``: the proof reads neither, so it claims nothing there."""
    const = {"$schema": "http://json-schema.org/draft-04/schema#", "type": "string", "const": 1}
    assert Draft4Validator(const).is_valid("a")
    assert accepts_nothing(const) is None
    exclusive = {"$schema": "http://json-schema.org/draft-04/schema#", "type": "number", "minimum": 1,
                 "exclusiveMinimum": 2, "maximum": 1}
    assert Draft4Validator(exclusive).is_valid(1) is False
    assert accepts_nothing(exclusive) is None  # true, but not this proof's reading


def test_references_are_followed_from_the_root_or_not_at_all():
    schema = {"$ref": "#/$defs/never", "$defs": {"never": {"type": "string", "const": 1}}}
    assert accepts_nothing(schema) is not None
    assert accepts_nothing(schema, follow_references=False) is None


def test_a_draft_7_closed_tuple_holds_at_most_its_positions():
    schema = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "array",
              "items": [{"type": "string"}], "additionalItems": False, "minItems": 2}
    assert accepts_nothing(schema) is not None
    assert not [value for value in SAMPLE if Draft7Validator(schema).is_valid(value)]


@pytest.mark.parametrize(("schema", "empty"), [
    ({"type": "array", "contains": {"type": "string"}, "maxContains": 0}, True),  # 1 match asked, 0 allowed
    ({"type": "array", "contains": {"type": "string"}, "minContains": 3, "maxContains": 2}, True),
    ({"type": "array", "contains": False}, True),
    ({"type": "array", "contains": {"not": {}}, "minContains": 2}, True),
    ({"type": "array", "contains": False, "minContains": 0}, False),  # no match asked: [] passes
    ({"type": "array", "contains": {"type": "string"}, "minContains": 0, "maxContains": 0}, False),
    ({"contains": False}, False),  # every value that is no array passes
    ({"type": "array", "contains": {"type": "string"}, "maxContains": 1}, False),
])
def test_an_array_whose_contains_cannot_be_met_accepts_nothing(schema: Any, empty: bool):
    """Hostile trial, round 21: ``l: {type: array, contains: {type: string}, maxContains: 0}``
    gaining ``minItems: 3`` was a BREAKING no call could show; no array meets the contains."""
    assert (accepts_nothing(schema) is not None) is empty
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema)
    values = [[], ["a"], [1], ["a", "b", "c"], [1, 2], "x", 0, None, {}]
    assert any(validator.is_valid(value) for value in values) is not empty
