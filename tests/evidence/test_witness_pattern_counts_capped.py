"""A pattern whose repetition the other side caps is shown by a string repeated one past the
cap (hostile trial, round 42).

``^\\d+$`` → ``^\\d{1,3}$`` refuses ``1234``, ``^a+$`` → ``^a{1,3}$`` refuses ``aaaa``, and
an output's ``^\\d{1,5}$`` → ``^\\d+$`` may return ``000000``; each said "none found": the
strings sampled from the accepting pattern repeat a quantified atom at most twice, and no
sample read the other side's upper count. Now each quantified atom of the accepting pattern
is also repeated one past each upper count the other side's pattern writes.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness, breaking_output_witness

from mcp_inspect.evidence.samples import sample, upper_counts

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def patterned(pattern: str) -> dict:
    return {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}}


def test_the_upper_counts_of_a_pattern_are_read_and_an_atom_repeated_past_them():
    assert upper_counts("^\\d{1,3}$") == [3]
    assert upper_counts("^a{2}b{0,7}x{3,}$") == [2, 7]
    assert sample("^\\d+$", stretch=0, times=4) == "0000"


@pytest.mark.parametrize(("old", "new", "expected"), [
    ("^\\d+$", "^\\d{1,3}$", "0000"),
    ("^a+$", "^a{1,3}$", "aaaa"),
])
def test_a_repetition_capped_by_the_new_pattern_has_a_witness(old, new, expected):
    _, witness = breaking_input_witness(patterned(old), patterned(new), "properties.s.pattern")
    assert witness == {"s": expected}


def test_a_repetition_uncapped_in_an_output_pattern_has_a_witness():
    _, witness = breaking_output_witness(patterned("^\\d{1,5}$"), patterned("^\\d+$"), "properties.s.pattern")
    assert witness == {"s": "000000"}
