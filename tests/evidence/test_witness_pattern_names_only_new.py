"""A name only the new side's pattern matches, on an open object, is sent with a value that
pattern's schema refuses (hostile trial, round 44).

``patternProperties {"^ab": {type: string}}`` → ``{"^a.*b": {type: string}}`` is BREAKING:
``{"axb": 0}`` passes the old schema (no pattern matches ``axb``, and the object is open) and
fails the new one. It said "none found": the names tried for a pattern only the new side
holds were its first and last samples, both ``ab``, which the old pattern governs alike. Now
the strings read from the pattern that no pattern of the other side matches come first.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def keyed(pattern: str) -> dict:
    return {"type": "object", "properties": {"s": {
        "type": "object", "patternProperties": {pattern: {"type": "string"}}}}}


def test_a_name_only_the_new_pattern_matches_has_a_witness():
    finding, witness = breaking_input_witness(keyed("^ab"), keyed("^a.*b"),
                                                  "properties.s.patternProperties.^a.*b")
    (name,) = witness["s"]
    assert not name.startswith("ab") and not isinstance(witness["s"][name], str), witness
