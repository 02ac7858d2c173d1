"""A quantifier's count of 20 or more, its own bounds and a group's branches are tried
(hostile trial, round 44).

``^[a-zA-Z0-9_-]+$`` → ``^[a-zA-Z0-9_-]{1,64}$`` (an ordinary slug edit) said "none found":
the counts the other side writes were read only below 20, and an item was repeated at most
20 times, so no string of 65 characters was tried; the same held for a name pattern of
``patternProperties``. ``^a{0,3}$`` → ``^a?a?$`` needs the old pattern's own upper count
(``aaa``), and ``^(a|b)*$`` → ``^a*b*$`` a repetition that takes the group's branches in
another order (``ba``). Now an item is repeated one short of, at and one past each count
either pattern writes, up to ``MAX_SAMPLED_REPEAT``, and a repeated group also runs through
its branches from the last.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

from mcp_inspect.evidence.samples import sample

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def patterned(pattern: str) -> dict:
    return {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}


def test_a_repeated_group_can_take_its_branches_from_the_last():
    assert sample("^(a|b)*$", stretch=0, mixed=True) == "ba"
    assert sample("^(a|b|c){3}$", stretch=0, times=3, mixed=True) == "cba"


@pytest.mark.parametrize(("old", "new"), [
    ("^[a-zA-Z0-9_-]+$", "^[a-zA-Z0-9_-]{1,64}$"),
    ("^a{0,3}$", "^a?a?$"),
    ("^(a|b)*$", "^a*b*$"),
])
def test_a_repetition_past_what_the_new_pattern_takes_has_a_witness(old, new):
    _, witness = breaking_input_witness(patterned(old), patterned(new), "properties.s.pattern")
    assert witness is not None


def test_a_name_pattern_capped_at_64_beside_a_closed_object_has_a_witness():
    """Open, the object leaves a longer name unconstrained: a loosening, not a break."""
    def keyed(pattern: str) -> dict:
        return {"type": "object", "properties": {"s": {
            "type": "object", "patternProperties": {pattern: {"type": "string"}}, "additionalProperties": False}}}

    _, witness = breaking_input_witness(keyed("^[a-z_]+$"), keyed("^[a-z_]{1,64}$"),
                                        "properties.s.patternProperties.^[a-z_]+$")
    assert witness is not None
