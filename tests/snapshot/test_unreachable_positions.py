"""Tuple positions no array reaches: past ``maxItems``, or past a position that accepts nothing.

Hostile trial, round 23: ``{maxItems: 0}`` → ``{maxItems: 0, prefixItems: [false]}`` was a
BREAKING "position 0 is now constrained" and, on an output, ``{maxItems: 1}`` →
``{prefixItems: [false]}`` a BREAKING loosening, each "none found". Found while fixing them:
``items`` changed past a tuple that ``maxItems`` leaves no room after was a BREAKING
``type.changed``, and an ``unevaluatedItems`` there "no longer rejects every value".
"""

from __future__ import annotations

import itertools

import pytest
from support import accepted_by_both, diff_input_schemas, diff_output_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING = {"type": "string"}
ARRAYS = ([], ["a"], [1], ["a", "b"], ["a", 1], ["a", "b", "c"], "x", 3)


def _member(schema: dict) -> dict:
    return {"type": "object", "properties": {"l": schema}}


def _same(old: dict, new: dict) -> None:
    for value in ARRAYS:
        assert accepted_by_both(old, value) == accepted_by_both(new, value), (old, new, value)


@pytest.mark.parametrize(("old", "new"), [
    ({"maxItems": 0}, {"maxItems": 0, "prefixItems": [False]}),
    ({"maxItems": 1, "prefixItems": [STRING]}, {"prefixItems": [STRING, False]}),
    ({"maxItems": 1, "prefixItems": [STRING], "items": {"type": "integer"}},
     {"maxItems": 1, "prefixItems": [STRING], "items": STRING}),
    ({"maxItems": 1, "prefixItems": [STRING], "allOf": [{"type": "array"}], "unevaluatedItems": False},
     {"maxItems": 1, "prefixItems": [STRING], "allOf": [{"type": "array"}], "unevaluatedItems": STRING}),
    ({"prefixItems": [STRING], "items": False}, {"prefixItems": [STRING, STRING], "maxItems": 1}),
])
def test_positions_no_array_reaches_are_one_form_and_no_finding(old, new):
    _same(old, new)
    assert canonical_schema(old) == canonical_schema(new)
    assert diff_input_schemas(_member(old), _member(new)).findings == []
    assert diff_output_schemas(_member(new), _member(old)).findings == []


def test_a_shorter_array_on_an_output_is_no_break():
    old, new = _member({"maxItems": 1}), _member({"prefixItems": [False]})
    assert all(f.severity.name != "BREAKING" for f in diff_output_schemas(old, new).findings)
    assert accepted_by_both(old, {"l": [1]}) and not accepted_by_both(new, {"l": [1]})


POSITIONS = [[STRING], [STRING, False], [False], [STRING, {"not": {}}, STRING], []]
CAPS = [None, 0, 1, 2, 3]
PAST = [None, False, STRING]


@pytest.mark.parametrize(("positions", "cap", "past"), itertools.product(POSITIONS, CAPS, PAST))
def test_the_fold_keeps_every_array_and_is_a_fixed_point(positions, cap, past):
    schema: dict = {"prefixItems": positions} if positions else {}
    if cap is not None:
        schema["maxItems"] = cap
    if past is not None:
        schema["items"] = past
    form = canonical_schema(schema)
    assert canonical_schema(form) == form
    _same(schema, form)
