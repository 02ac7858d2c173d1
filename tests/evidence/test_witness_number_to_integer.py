"""A number narrowed to an integer is shown by a fraction, not by a number past the bounds that
came with it (hostile trial, round 42).

zod 4's ``z.number()`` → ``z.int()`` is ``{type: number}`` → ``{type: integer, minimum:
-9007199254740991, maximum: 9007199254740991}``; the type.narrowed finding showed
``-9007199254740992``, which the new minimum refuses and the type takes. A number the other
side refuses for not being whole is tried first: ``0.5``.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

SAFE = 9007199254740991


def _number(**schema: object) -> dict:
    return {"type": "object", "properties": {"n": schema}}


@pytest.mark.parametrize("new", [
    _number(type="integer", minimum=-SAFE, maximum=SAFE),
    _number(type="integer"),
], ids=["zod-int", "bare"])
def test_a_number_narrowed_to_an_integer_is_shown_by_a_fraction(new):
    _, witness = breaking_input_witness(_number(type="number"), new, "properties.n.type")
    assert witness == {"n": 0.5}
