"""A bound that changed kind (exclusive on one side, inclusive on the other) and moved by less
than one is shown by a number between the two bounds.

Hostile trial, round 36: ``exclusiveMinimum: 0`` → ``minimum: 0.5`` refuses only the numbers in
(0, 0.5), and the numbers tried were each bound, each bound ± 1 and ± 0.5, all outside it: the
search said "none found". A bound of the same kind on both sides was shown, since the bound
itself lies between. The midpoint of each pair of bounds is now tried too.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness, breaking_output_witness


def number(**bounds: float) -> dict:
    return {"type": "object", "properties": {"p": {"type": "number", **bounds}}, "required": ["p"]}


@pytest.mark.parametrize("old,new,path,expected", [
    ({"exclusiveMinimum": 0}, {"minimum": 0.5}, "properties.p.minimum", 0.25),
    ({"exclusiveMaximum": 1}, {"maximum": 0.5}, "properties.p.maximum", 0.75),
    ({"exclusiveMinimum": -1}, {"minimum": -0.5}, "properties.p.minimum", -0.75),
])
def test_an_input_bound_that_changed_kind_is_shown_between_the_bounds(old, new, path, expected):
    _, witness = breaking_input_witness(number(**old), number(**new), path)
    assert witness == {"p": expected}


def test_an_output_bound_that_changed_kind_is_shown_between_the_bounds():
    """The output mirror: ``maximum: 10`` → ``exclusiveMaximum: 10.5`` may now return 10.25."""
    _, witness = breaking_output_witness(number(maximum=10), number(exclusiveMaximum=10.5),
                                         "properties.p.exclusiveMaximum")
    assert witness == {"p": 10.25}
