"""A float bound past 2**53 is shown by a number well past it (hostile trial, round 42).

``{type: number}`` → ``{type: number, maximum: 1e16}`` was BREAKING with "none found": the
numbers tried past a bound are the bound ± 1 and ± 0.5, and as floats 1e16 + 1 is 1e16. The
integer bound ``10**16`` was shown (its arithmetic is exact); the float one now is too, by the
bound ten times further out (or ten times nearer zero), ``{"p": 1e17}``.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def number(**bounds: float) -> dict:
    return {"type": "object", "properties": {"p": {"type": "number", **bounds}}, "required": ["p"]}


@pytest.mark.parametrize("bounds,path", [({"maximum": 1e16}, "maximum"), ({"maximum": 1e23}, "maximum"),
                                         ({"minimum": -1e17}, "minimum"), ({"minimum": 1e17}, "minimum"),
                                         ({"maximum": -1e20}, "maximum")])
def test_a_float_bound_past_exact_integers_is_shown_by_a_number_further_out(bounds, path):
    """Hostile trial, round 42: each was "none found"."""
    breaking_input_witness(number(), number(**bounds), path)
