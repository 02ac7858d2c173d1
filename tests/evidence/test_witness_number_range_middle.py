"""A number range that holds no integer (``0 < x < 1``) is shown by its middle (hostile trial,
round 45): the numbers tried were the bounds, one past them and whole numbers, all refused
by the old side, so a type change away from it was "none found"."""

from __future__ import annotations

import pytest
from support import breaking_input_witness


@pytest.mark.parametrize(("old", "new", "expected"), [
    ({"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}, {"type": "boolean"}, 0.5),
    ({"type": ["number", "string"], "exclusiveMinimum": 3, "exclusiveMaximum": 4}, {"type": "string"}, 3.5),
])
def test_a_range_without_an_integer_is_shown_by_its_middle(old, new, expected):
    _, witness = breaking_input_witness({"type": "object", "properties": {"a": old}},
                                        {"type": "object", "properties": {"a": new}}, "properties.a.type")
    assert witness == {"a": expected}, witness
