"""A shorthand class (``\\w``, ``\\W``, ``\\s``, ``\\S``, ``\\D``) is sampled through its
characters, not as one of them alone (hostile trial, round 45).

``patternProperties {"^\\w+$": …}`` → ``{"^[a-z]+$": …}`` on a closed object refuses ``{"_": 0}``,
``{"A": 0}`` and ``{"0": 0}``; it said "none found": ``\\w`` was only ever sampled as ``a``,
which ``[a-z]`` holds too (``\\d`` worked, ``0`` being its one sample). Now each shorthand also
gives those of its characters a sample tries (``_``, ``A``, ``0``…), as a class gives the
characters just outside the other side's classes.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def closed(pattern: str) -> dict:
    return {"type": "object", "properties": {"x": {
        "type": "object", "patternProperties": {pattern: {"type": "integer"}}, "additionalProperties": False}}}


def string(pattern: str) -> dict:
    return {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}


def test_a_word_name_narrowed_to_lower_case_letters_has_a_witness():
    _, witness = breaking_input_witness(closed("^\\w+$"), closed("^[a-z]+$"), "properties.x.patternProperties.^\\w+$")
    assert len(witness["x"]) == 1 and list(witness["x"])[0] in ("_", "A", "0", "Z", "9"), witness


@pytest.mark.parametrize(("old", "new"), [
    ("^\\w+$", "^[a-z]+$"),
    ("^\\w$", "^[a-zA-Z0-9]$"),
    ("^a\\sb$", "^a b$"),
    ("^\\S$", "^[a-z]$"),
    ("^\\D$", "^[a-z]$"),
    ("^\\W$", "^-$"),
    ("^[\\w.]$", "^[a-zA-Z0-9.]$"),  # inside a class too
])
def test_a_string_whose_shorthand_was_narrowed_has_a_witness(old, new):
    _, witness = breaking_input_witness(string(old), string(new), "properties.s.pattern")
    assert isinstance(witness["s"], str), witness
