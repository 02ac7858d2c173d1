"""A name sampled from a pattern spells ``\\xHH`` and ``\\uHHHH`` as the character they stand
for (hostile trial, round 44).

``patternProperties {"^a": {type: number}}`` gaining ``"^\\x61b": {type: integer}`` on an
open object refuses ``{"ab": 0.5}``; it said "none found", the sampler reading ``\\x61b`` as
``61b``, a name the new pattern does not match. patterns/ecma.py runs the escape as the
character, and so does the sampler now.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

from mcp_inspect.evidence.samples import literal, sample

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def open_object(patterns: dict) -> dict:
    return {"type": "object", "properties": {"x": {"type": "object", "patternProperties": patterns}}}


def test_a_pattern_escaped_by_code_gets_a_witness():
    old = open_object({"^a": {"type": "number"}})
    new = open_object({"^a": {"type": "number"}, "^\\x61b": {"type": "integer"}})
    # The key is read as ``^ab``, within ``^a``: names it matches now meet both schemas (their allOf).
    _, witness = breaking_input_witness(old, new, "properties.x.patternProperties.^\\x61b.allOf")
    assert witness == {"x": {"ab": 0.5}}, witness


@pytest.mark.parametrize(("pattern", "spelled"), [("^\\x61b", "ab"), ("^\\u0061b$", "ab"), ("^\\u{61}b", "ab")])
def test_the_sampler_spells_an_escape_by_code(pattern, spelled):
    assert sample(pattern) == spelled
    assert literal(pattern) == spelled
