"""A pattern that matches the empty name is shown by a member named ``""`` (hostile trial,
round 45).

A closed object with ``patternProperties {"^$": …, "^[a-z]+$": …}`` that drops ``^$`` refuses
``{"": 0}``, and an open object that gains ``"^$": {type: integer}`` refuses ``{"": ""}``;
both said "none found": the names sampled from a pattern skipped the empty one, and a
pattern sampling to nothing was tried as ``a``. The empty name is a name JSON allows, and is
now tried where the pattern matches it and the other side's patterns do not.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def object_of(patterns: dict, closed: bool) -> dict:
    return {"type": "object", "properties": {"x": {
        "type": "object", "patternProperties": patterns, **({"additionalProperties": False} if closed else {})}}}


def test_a_closed_object_dropping_the_empty_name_has_a_witness():
    old = object_of({"^$": {"type": "integer"}, "^[a-z]+$": {"type": "integer"}}, closed=True)
    new = object_of({"^[a-z]+$": {"type": "integer"}}, closed=True)
    _, witness = breaking_input_witness(old, new, "properties.x.patternProperties.^$")
    assert witness == {"x": {"": 0}}, witness


def test_an_open_object_gaining_a_schema_for_the_empty_name_has_a_witness():
    old = object_of({"^[a-z]+$": {"type": "integer"}}, closed=False)
    new = object_of({"^$": {"type": "integer"}, "^[a-z]+$": {"type": "integer"}}, closed=False)
    _, witness = breaking_input_witness(old, new, "properties.x.patternProperties.^$")
    assert list(witness["x"]) == [""], witness
