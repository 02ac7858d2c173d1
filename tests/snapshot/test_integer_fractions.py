"""Integer bounds that are fractions, and a ``multipleOf`` every integer meets.

On an integer, ``maximum: 10.5`` admits what ``maximum: 10`` does, ``exclusiveMaximum: 10.5``
what ``maximum: 10`` does, and ``multipleOf: 1`` (or ``0.5``, ``0.25``: any power of two that
divides 1, exact in binary floating point) refuses nothing; ``{type: number, multipleOf: 1}``
is ``{type: integer}`` where 1.0 is an integer (draft 6 on). Each was a finding no call could
show: a BREAKING ``type.narrowed``, a BREAKING ``constraint.tightened`` "≤ 10.5 → ≤ 10", a
BREAKING output ``constraint.loosened`` (hostile trial, round 36).
"""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import diff_input_schemas

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.canonical import canonical_schema
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _member(schema: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"p": schema}, "required": ["p"]}


def _output_findings(old: Any, new: Any) -> list[Any]:
    def surface(schema: Any) -> dict[str, Any]:
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": _member(schema)}]}
    return diff_snapshots(snapshot_from_value(surface(old), "old"), snapshot_from_value(surface(new), "new")).findings


@pytest.mark.parametrize(("old", "new"), [
    ({"type": "number", "multipleOf": 1}, {"type": "integer"}),
    ({"type": ["number", "null"], "multipleOf": 1}, {"type": ["integer", "null"]}),
    ({"type": "number", "multipleOf": 2}, {"type": "integer", "multipleOf": 2}),
    ({"type": "integer", "maximum": 10.5}, {"type": "integer", "maximum": 10}),
    ({"type": "integer", "minimum": -0.5}, {"type": "integer", "minimum": 0}),
    ({"type": "integer", "maximum": 10}, {"type": "integer", "exclusiveMaximum": 10.5}),
    ({"type": "integer", "minimum": 1}, {"type": "integer", "exclusiveMinimum": 0.25}),
    ({"type": "integer", "multipleOf": 1}, {"type": "integer"}),
    ({"type": "integer", "multipleOf": 0.5}, {"type": "integer"}),
    ({"type": "integer", "multipleOf": 0.25, "minimum": 0}, {"type": "integer", "minimum": 0}),
])
def test_an_integer_bound_or_multiple_spelled_with_a_fraction_is_no_change(old, new):
    """Hostile trial, round 36: both spellings accept the same integers, so one form, and no
    finding on input or output."""
    assert canonical_schema(old) == canonical_schema(new)
    assert diff_input_schemas(_member(old), _member(new)).findings == []
    assert diff_input_schemas(_member(new), _member(old)).findings == []
    assert _output_findings(old, new) == []


def test_draft_04_keeps_number_with_multiple_of_one_apart_from_integer():
    """Hostile trial, round 36: draft 4's integer is no float, so 1.0 passes ``{type: number,
    multipleOf: 1}`` and fails ``{type: integer}`` there (jsonschema's Draft4Validator)."""
    draft = "http://json-schema.org/draft-04/schema#"
    number = {"$schema": draft, "type": "number", "multipleOf": 1}
    integer = {"$schema": draft, "type": "integer"}
    assert jsonschema.Draft4Validator(number).is_valid(1.0) != jsonschema.Draft4Validator(integer).is_valid(1.0)
    assert canonical_schema(number) != canonical_schema(integer)


@pytest.mark.parametrize("kept", [
    {"type": "integer", "multipleOf": 0.1},  # 0.1 is no power of two: 3 / 0.1 is 30.000000000000004
    {"type": "integer", "multipleOf": 3},
    {"type": "number", "multipleOf": 0.5},
    {"type": "integer", "maximum": 1e300},  # past 2**53: kept as written
])
def test_a_multiple_or_bound_that_is_not_exact_stays(kept):
    """Hostile trial, round 36: only what is exact folds."""
    out = canonical_schema(kept)
    assert set(kept) - {"type"} <= set(out)


VALUES = [0, 1, 2, 3, -1, -2, 10, 11, -11, 1.0, 2.0, 0.5, 2.5, 10.5, -0.5, 1e20, 2**60, 2**60 + 1, -(2**60) - 1,
          9007199254740993, 1e300, 3.0000000000000004, None, "1"]
bounds = st.one_of(st.integers(-20, 20), st.floats(-20, 20, allow_nan=False).map(lambda f: round(f * 4) / 4),
                   st.sampled_from([2**53 - 2.5, 1e300, -1e300, 0.1, 10.5]))
# (Not the edge of the safe-integer range, whose bounds the form drops on purpose: docs/canonical-form.md.)


@st.composite
def integer_schemas(draw: Any) -> dict[str, Any]:
    kinds = ["integer", "number", ["integer", "null"], ["number", "null"]]
    node: dict[str, Any] = {"type": draw(st.sampled_from(kinds))}
    for keyword in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        if draw(st.booleans()):
            node[keyword] = draw(bounds)
    if draw(st.booleans()):
        node["multipleOf"] = draw(st.sampled_from([1, 1.0, 0.5, 0.25, 0.125, 2, 0.1, 0.3, 2**-60, 3]))
    return node


@settings(max_examples=400, deadline=None)
@given(integer_schemas(), st.sampled_from(["https://json-schema.org/draft/2020-12/schema",
                                            "http://json-schema.org/draft-07/schema#",
                                            "http://json-schema.org/draft-04/schema#"]))
def test_the_integer_folds_accept_what_their_input_does(schema, dialect):
    """Hostile trial, round 36: every fold of an integer's fractional bound or multiple, and of a
    number's whole multiple, accepts exactly what its input does under jsonschema, in the
    dialect declared, and is a fixed point."""
    if "draft-04" in dialect:  # draft 4's exclusive bounds are flags, read by draft04_bounds
        schema = {k: v for k, v in schema.items() if not k.startswith("exclusive")}
    schema = {"$schema": dialect, **schema}
    once = canonical_schema(copy.deepcopy(schema))
    again = canonical_schema(copy.deepcopy({"$schema": dialect, **once}))
    assert again == once
    validator = jsonschema.validators.validator_for(schema)
    given_, folded = validator(schema), validator({"$schema": dialect, **once})
    for value in VALUES:
        assert given_.is_valid(value) == folded.is_valid(value), (value, once)
