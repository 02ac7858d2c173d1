"""A value a ``not``'s enum gained is shown by sending that value.

Hostile trial, round 36: ``{type: string, not: {enum: [a]}}`` → ``not: {enum: [a, b]}`` on a
property said "none found": the strings tried came from the old schema and a fixed list, and
``b`` was in neither. The values the other side's ``not`` names (its enum, its const) are now
tried first.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness, breaking_output_witness


def negated(*values: object, kind: str = "string") -> dict:
    return {"type": "object", "properties": {"p": {"type": kind, "not": {"enum": list(values)}}}, "required": ["p"]}


@pytest.mark.parametrize("kind,old,new,expected", [
    ("string", ["a"], ["a", "b"], "b"),
    ("string", ["a"], ["a", "zq"], "zq"),
    ("integer", [1], [1, 987], 987),
])
def test_a_value_a_negated_enum_gained_is_the_witness(kind, old, new, expected):
    _, witness = breaking_input_witness(negated(*old, kind=kind), negated(*new, kind=kind), "properties.p.not.enum")
    assert witness == {"p": expected}


def test_a_negated_const_added_is_shown_by_its_value():
    old = {"type": "object", "properties": {"p": {"type": "string"}}, "required": ["p"]}
    new = {"type": "object", "properties": {"p": {"type": "string", "not": {"const": "qq"}}}, "required": ["p"]}
    _, witness = breaking_input_witness(old, new, "properties.p.not")
    assert witness == {"p": "qq"}


def test_the_output_mirror_is_shown_by_the_value_the_negated_enum_lost():
    """A result the new schema allows (``b``, no longer under its ``not``) the old refused."""
    _, witness = breaking_output_witness(negated("a", "b"), negated("a"), "properties.p.not.enum")
    assert witness == {"p": "b"}
