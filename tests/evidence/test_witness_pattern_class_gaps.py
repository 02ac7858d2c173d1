"""A key whose class lost characters from its middle is shown by a name made of one of them
(hostile trial, round 44).

``patternProperties {"^[a-c]": …}`` → ``{"^[ac]": …}`` on a closed object refuses ``{"b": ""}``,
and ``^[a-z]`` split into ``^[a-m]`` and ``^[o-z]`` refuses ``{"n": ""}``. Both said "none
found": the names sampled from a class were its ranges' first and last characters, which
the narrower class still holds. Now a class also gives the characters just outside each
range of the other side's classes, where it holds them.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def closed(*patterns: str) -> dict:
    return {"type": "object", "properties": {"x": {
        "type": "object", "patternProperties": {p: {"type": "string"} for p in patterns},
        "additionalProperties": False}}}


@pytest.mark.parametrize(("old", "new", "name"), [
    (("^[a-c]",), ("^[ac]",), "b"),
    (("^[a-z]",), ("^[a-m]", "^[o-z]"), "n"),
])
def test_a_class_that_lost_a_middle_character_has_a_witness(old, new, name):
    _, witness = breaking_input_witness(closed(*old), closed(*new), f"properties.x.patternProperties.{old[0]}")
    assert witness == {"x": {name: ""}}, witness


def test_a_string_whose_class_lost_a_middle_character_has_a_witness():
    def string(pattern: str) -> dict:
        return {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}

    _, witness = breaking_input_witness(string("^[a-c]$"), string("^[ac]$"), "properties.s.pattern")
    assert witness == {"s": "b"}, witness
