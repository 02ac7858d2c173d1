"""Witnesses for a number change the first candidate tried misses (hostile trial, round 38)."""

from __future__ import annotations

import json

import jsonschema
import pytest
from support import breaking_input_witness, diff_input_schemas


def test_a_finer_multiple_beside_a_lower_bound_is_shown_above_the_bound():
    """Hostile trial, round 38: ``multipleOf: 0.01, minimum: 1`` → ``multipleOf: 0.001`` was
    BREAKING with no witness: the one unkept multiple tried, 0.35, lies below the minimum.
    The unkept multiples are now looked for from each lower bound up (4.05 is one)."""
    old = {"type": "object", "properties": {"p": {"type": "number", "multipleOf": 0.01, "minimum": 1}}}
    new = {"type": "object", "properties": {"p": {"type": "number", "multipleOf": 0.001}}}
    (finding,) = [f for f in diff_input_schemas(old, new).changes if f.severity.name == "BREAKING"]
    assert finding.path.endswith("multipleOf") and finding.witness.found, finding.witness.note
    # jsonschema divides as floats (jsonschema-rs does not): checked with it alone, as in
    # tests/classify/test_decimal_multiples.py
    assert jsonschema.Draft202012Validator(old).is_valid(finding.witness.value)
    assert not jsonschema.Draft202012Validator(new).is_valid(finding.witness.value)


def test_a_number_narrowed_to_an_integer_under_draft_4_is_shown_by_an_integral_float():
    """Hostile trial, round 38: under draft 4 ``{type: number, multipleOf: 1}`` →
    ``{type: integer}`` was BREAKING with no witness; Draft4Validator does not count 1.0 as
    an integer, so 1.0 shows it, and it stays 1.0 when written as JSON."""
    draft4 = "http://json-schema.org/draft-04/schema#"
    old = {"$schema": draft4, "type": "object", "properties": {"p": {"type": "number", "multipleOf": 1}}}
    new = {"$schema": draft4, "type": "object", "properties": {"p": {"type": "integer"}}}
    _, value = breaking_input_witness(old, new, "type")
    assert json.dumps(value) == '{"p": 1.0}'


@pytest.mark.parametrize("bounds", [{"maximum": -1}, {"exclusiveMaximum": -100}, {"minimum": 5000, "maximum": 6000},
                                    {"exclusiveMinimum": 0.69, "maximum": 0.75}])
def test_a_finer_multiple_is_also_shown_below_an_upper_bound_and_inside_a_range(bounds):
    """Hostile trial, round 39: beside ``maximum: -1`` the multiples from 0.01 up lie above
    the bound, and within [5000, 6000] none of the thousand from 5000 is refused: the
    unkept multiples are also looked for from a window below each upper bound and from the
    middle of a range."""
    old = {"type": "object", "properties": {"p": {"type": "number", "multipleOf": 0.01, **bounds}}}
    new = {"type": "object", "properties": {"p": {"type": "number", "multipleOf": 0.001, **bounds}}}
    (finding,) = [f for f in diff_input_schemas(old, new).changes if f.severity.name == "BREAKING"]
    assert finding.witness.found, finding.witness.note
    assert jsonschema.Draft202012Validator(old).is_valid(finding.witness.value)
    assert not jsonschema.Draft202012Validator(new).is_valid(finding.witness.value)


def test_a_stepped_number_narrowed_to_an_integer_under_draft_4_is_shown_by_an_integral_float_step():
    """Hostile trial, round 42: under draft 4 ``{type: number, multipleOf: 2}`` →
    ``{type: integer, multipleOf: 2}`` was "none found": 1.0, the one integral float tried,
    is no multiple of 2. Both validators refuse 2.0 as a draft-4 integer, so it shows it."""
    draft4 = "http://json-schema.org/draft-04/schema#"
    old = {"$schema": draft4, "type": "object", "properties": {"p": {"type": "number", "multipleOf": 2}}}
    new = {"$schema": draft4, "type": "object", "properties": {"p": {"type": "integer", "multipleOf": 2}}}
    _, value = breaking_input_witness(old, new, "type")
    assert json.dumps(value) == '{"p": 2.0}'
