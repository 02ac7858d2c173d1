"""A name pattern beside ``additionalProperties: false`` that matches fewer names is shown by a
member whose name only the old pattern matched.

Hostile trial, round 36: ``patternProperties`` ``^a+$`` → ``^a$`` (``{"aa": 0}``), ``id`` →
``id$`` (``{"idx": 0}``) and ``^(a|b)$`` → ``^a$`` (``{"b": 0}``) each said "none found": the
names sent under a pattern were its first sample and its classes' last characters, which the
new pattern matches too. The names now come from the same sampler as a pattern's strings,
those the old pattern matches and no new one does first.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness, breaking_output_witness


def closed(pattern: str) -> dict:
    return {"type": "object", "patternProperties": {pattern: {}}, "additionalProperties": False}


@pytest.mark.parametrize("old,new", [
    ("^a+$", "^a$"),
    ("id", "id$"),
    ("^(a|b)$", "^a$"),
    ("^[a-z]+_id", "^[a-z]+_id$"),
])
def test_a_name_pattern_that_matches_fewer_names_has_a_witness(old, new):
    _, witness = breaking_input_witness(closed(old), closed(new), f"patternProperties.{old}")
    (name,) = witness
    assert isinstance(name, str)


def test_the_output_mirror_has_a_witness():
    """A result the new pattern allows whose member name the old one refused."""
    _, witness = breaking_output_witness(closed("id$"), closed("id"), "patternProperties.id")
    assert len(witness) == 1


def test_a_freed_name_the_object_declares_is_stretched_past_the_declaration():
    """Hostile trial, round 42: ``^[ab]`` → ``^a`` beside a declared ``b`` said "none found":
    the one name ``^[ab]`` matches and ``^a`` does not, among those sampled, was ``b``, which the
    object declares (its declaration governs it on both sides). ``bx`` is matched by the old
    pattern alone and declared nowhere."""
    s = {"type": "string"}
    old = {"type": "object", "patternProperties": {"^[ab]": s}, "properties": {"b": s}, "additionalProperties": False}
    new = {"type": "object", "patternProperties": {"^a": s}, "properties": {"b": s}, "additionalProperties": False}
    root = {"type": "object", "properties": {"p": old}, "required": ["p"]}
    _, witness = breaking_input_witness(root, {**root, "properties": {"p": new}}, "patternProperties.^[ab]")
    assert set(witness["p"]) - {"b"}
