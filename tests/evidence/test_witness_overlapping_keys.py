"""A patternProperties key added beside a key it overlaps (neither holds the other) on a closed
object is shown by a name both match (hostile trial, round 45): the classification reads the
two keys together, and the search tried only names the new key matches alone."""

from __future__ import annotations

import pytest
from support import breaking_input_witness


@pytest.mark.parametrize(("kept", "added"), [("^a", "b"), ("x$", "^[0-9]+"), ("^[^a]", "a$")])
def test_a_key_added_beside_one_it_overlaps_is_shown_by_a_name_both_match(kept, added):
    old = {"type": "object", "patternProperties": {kept: {"type": "string"}}, "additionalProperties": False}
    new = {**old, "patternProperties": {kept: {"type": "string"}, added: {"type": "integer"}}}
    _, witness = breaking_input_witness(old, new, f"patternProperties.{added}.allOf")
    (name,) = witness
    assert witness[name] == "", witness
