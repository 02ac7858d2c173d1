"""A pattern tightened by an anchor, a quantifier or a leading lookahead is shown by a string
the old pattern matched and the new one does not.

Hostile trial, round 36: ``^abc`` → ``^abc$`` (``abcx``), ``abc`` → ``^abc`` (``xabc``),
``^a+$`` → ``^a$`` and ``^a*$`` → ``^a?$`` (``aa``), ``^.*$`` → ``^(?!admin).*$`` (``admin``)
each said "none found": the strings sampled from a pattern stop where it does, repeat a
quantified atom the fewest times it allows, and never read the other side's lookahead. The
samples now also hold the old pattern's sample with a character before or after it, each
quantified atom once more and not at all, and the words inside the new pattern's lookahead.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness, breaking_output_witness

from mcp_inspect.evidence.samples import lookahead_words, sample


def patterned(pattern: str) -> dict:
    return {"type": "object", "properties": {"p": {"type": "string", "pattern": pattern}}, "required": ["p"]}


def test_a_quantified_atom_is_sampled_once_more_and_not_at_all():
    assert sample("^a+$", stretch=0) == "aa"
    assert sample("^a*$", stretch=0) == "aa"
    assert sample("^xa{2,4}$", stretch=0) == "xaaa"
    assert sample("^a+b+$", stretch=1) == "abb"
    assert sample("^(ab)+c$", drop=0) == "c"


def test_the_words_inside_a_lookahead_are_read():
    assert lookahead_words("^(?!admin).*$") == ["admin"]
    assert lookahead_words("^(?!.*root)(?=\\w)x") == ["root", "a"]
    assert lookahead_words("^abc$") == []


@pytest.mark.parametrize("old,new", [
    ("^abc", "^abc$"),
    ("abc", "^abc"),
    ("abc", "abc$"),
    ("^a+$", "^a$"),
    ("^a*$", "^a?$"),
    ("^[a-z]+-[0-9]+$", "^[a-z]+-[0-9]$"),
    ("^.*$", "^(?!admin).*$"),
    ("^[a-z]+$", "^(?!root)[a-z]+$"),
])
def test_a_tightened_pattern_has_a_witness(old, new):
    _, witness = breaking_input_witness(patterned(old), patterned(new), "properties.p.pattern")
    assert isinstance(witness["p"], str)


def test_the_output_mirror_has_a_witness():
    """A result the new pattern allows that the old refused: ``^abc$`` → ``abc`` may return ``abcx``."""
    _, witness = breaking_output_witness(patterned("^abc$"), patterned("abc"), "properties.p.pattern")
    assert isinstance(witness["p"], str)
