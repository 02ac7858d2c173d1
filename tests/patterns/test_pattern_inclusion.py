"""`patterns.inclusion.compare` reads two patterns and says whether one matches every string
the other does. It is only ever allowed to be silent (None), never wrong: a hypothesis
property draws small patterns and a widened or narrowed copy of them, and checks each
answer against RE2 (which runs the validator's patterns) on every short string over the
alphabet."""

from __future__ import annotations

import itertools
import re

import pytest
import re2  # type: ignore[import-not-found,import-untyped,unused-ignore]
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mcp_inspect.patterns.inclusion import compare

_ALPHABET = "abc."
_STRINGS = ["".join(chars) for size in range(5) for chars in itertools.product(_ALPHABET, repeat=size)]


def _matches(pattern: str) -> set[str]:
    """The short strings ``pattern`` matches, run on RE2, as the validator runs patterns: in
    linear time. Python's backtracking ``re`` ran for minutes on some nested quantifiers the
    grouping edits below produce (a suite run hung on one). Raises re.error for no pattern."""
    try:
        compiled = re2.compile(pattern)
    except re2.error as error:
        raise re.error(str(error)) from None
    return {text for text in _STRINGS if compiled.search(text)}


_atoms = st.sampled_from(["a", "b", "c", r"\.", "[ab]", "[a-c]", "[^a]", "."])
_quantifiers = st.sampled_from(["", "", "?", "*", "+", "{1,2}"])


@st.composite
def _sequences(draw, depth: int = 0):
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        if depth < 2 and draw(st.booleans()):
            inner = draw(st.lists(_sequences(depth + 1), min_size=1, max_size=3))
            opener = draw(st.sampled_from(["(", "(?:"]))
            parts.append(opener + "|".join(inner) + ")" + draw(_quantifiers))
        else:
            parts.append(draw(_atoms) + draw(_quantifiers))
    return "".join(parts)


@st.composite
def _patterns(draw):
    branches = draw(st.lists(_sequences(), min_size=1, max_size=3))
    return draw(st.sampled_from(["", "^"])) + "|".join(branches) + draw(st.sampled_from(["", "$"]))


def _edited(pattern: str, draw) -> str:
    """One edit a maintainer makes: an alternative added or dropped, a class grown or
    shrunk, an atom swapped, an anchor added or dropped."""
    edits = [
        lambda p: p.replace("|", "|c|", 1),
        lambda p: re.sub(r"\((\?:)?", r"(\1b|", p, count=1),
        lambda p: p + "|ab",
        lambda p: p.replace("[ab]", "[a-c]", 1),
        lambda p: p.replace("[a-c]", "[ab]", 1),
        lambda p: p.replace("a", "[ab]", 1) if "[" not in p else p,
        lambda p: p.replace("|c|", "|", 1),
        lambda p: p.replace("b", "c", 1),
        lambda p: "(" + p + ")",  # a group around it all, or around one atom: only a capture
        lambda p: p.replace("a", "(?:a)", 1),
        lambda p: "^" + p,  # anchors added and dropped, at the ends and inside a group
        lambda p: p + "$",
        lambda p: p.removeprefix("^"),
        lambda p: p.removesuffix("$"),
        lambda p: re.sub(r"\((\?:)?", r"(\1^", p, count=1),
        lambda p: p.replace(")", "$)", 1),
        lambda p: p.replace("+", "", 1),  # a quantifier dropped, changed or added
        lambda p: p.replace("*", "?", 1),
        lambda p: p.replace("?", "*", 1),
        lambda p: p.replace("+", "{1,2}", 1),
        lambda p: p.replace("a", "a+", 1),
        lambda p: p.replace("b", ".*b", 1),  # a gap opened before an item, or closed
        lambda p: p.replace("a", "a[a-c]*", 1),
        lambda p: p.replace(".*", "", 1),
        lambda p: p.replace("[ab]", "(a|b)", 1),  # a class as a group of its characters, and back
        lambda p: p.replace("(a|b)", "[ab]", 1),
        lambda p: p.replace("a+", "aa*", 1),  # a repetition split into one and the rest
        lambda p: p.replace("b", "(b|)", 1),
        lambda p: "^ab|" + p,  # alternatives that share their start
        lambda p: p.replace("a", "\\x61", 1),  # a character by its code
        lambda p: p.replace("*", "*?", 1),  # a lazy quantifier matches the same strings
    ]
    return draw(st.sampled_from(edits))(pattern)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_an_answer_is_never_wrong(data):
    old = data.draw(_patterns())
    new = _edited(old, data.draw)
    try:
        before, after = _matches(old), _matches(new)
    except re.error:  # an edit that made no pattern (a quantifier after "|")
        assume(False)
    answer = compare(old, new)
    if answer in ("wider", "same"):
        assert before <= after, (old, new, sorted(before - after)[:3])
    if answer in ("narrower", "same"):
        assert after <= before, (old, new, sorted(after - before)[:3])


def test_an_alternative_added_widens_and_dropped_narrows():
    assert compare(r"\.(png|svg)$", r"\.(png|svg|gif)$") == "wider"
    assert compare(r"\.(png|svg|gif)$", r"\.(png|svg)$") == "narrower"
    assert compare("^a$|^b$", "^a$|^b$|^c$") == "wider"
    assert compare("^(?:a|b)+$", "^(a|b|c)+$") == "wider"  # capturing or not: the same strings
    assert compare("^(jpg|png)$", "^(jpg|[a-z]ng)$") == "wider"  # an alternative's atom grew


def test_an_alternation_that_gains_and_loses_is_not_orderable():
    assert compare("^(png|svg)$", "^(png|gif)$") is None
    assert compare("^(ab|c)$", "^(a|c)$") is None  # a different shape is never read as a subset
    # A quantifier added that allows one repetition: once is within it (hostile trial, round 36).
    assert compare("^(a|b)$", "^(a|b)+$") == "wider"
    assert compare("^(a|b)$", "^(a|b){2}$") is None


def test_a_reordered_alternation_is_the_same_set():
    assert compare("^(a|b)$", "^(b|a)$") == "same"


def test_a_group_that_only_captures_is_the_same_set():
    """A group of one alternative with no quantifier after it matches what its contents match
    (zod's and hand-written spellings of one pattern differ this way)."""
    assert compare("^a+$", "^(a+)$") == "same"
    assert compare("^[a-z]+$", "^(?:[a-z])+$") == "same"  # a quantified group of one atom is the atom
    assert compare("^ab+$", "^(?:ab)+$") is None  # a quantified sequence is another shape
    assert compare("^[a-z]+$", "^((?:[a-z]+))$") == "same"
    assert compare("^(a)?$", "^a?$") == "same"  # quantified both sides: the group is kept, and compared as an atom


def test_an_anchor_added_narrows_and_dropped_widens():
    """An anchor only refuses matches: ``[a-z]+`` → ``^[a-z]+`` narrows (it was "changed")."""
    assert compare("[a-z]+", "^[a-z]+") == "narrower"
    assert compare("^[a-z]+$", "[a-z]+") == "wider"
    assert compare("[a-z]+$", "^[a-z0-9]+$") is None  # anchored, but wider at a position
    assert compare("^[a-z]+", "[a-z0-9]+") == "wider"
    assert compare("^[a-z0-9]+", "[a-z]+") is None  # "0" is matched only before
    assert compare("(a|b)", "(^a|b)") == "narrower"
    assert compare("^a", "a$") is None  # one anchor moved: neither includes the other


def test_an_item_once_is_within_the_item_repeated_and_an_atom_within_its_alternation():
    """Hostile trial, round 36: ``^a+$`` → ``^a$`` and ``^(a|b)$`` → ``^a$`` were "changed"."""
    assert compare("^a+$", "^a$") == "narrower"
    assert compare("^a$", "^a*$") == "wider"
    assert compare("^a*$", "^a?$") == "narrower"
    assert compare("^a{1,2}$", "^a+$") == "wider"
    assert compare("^(a|b)$", "^a$") == "narrower"
    assert compare("^a{2}$", "^a$") is None  # neither: aa against a
    assert compare("^a+b$", "^ab+$") is None


def test_a_pattern_whose_end_is_open_matches_what_starts_with_its_match():
    """Hostile trial, round 42: a pattern is a search, so ``^a`` matches every name ``^a.``
    matches; read as sequences of one length the pair had no answer, and a key ``^a.`` added
    beside ``^a`` was read as names no key matched before."""
    assert compare("^a.", "^a") == "wider"
    assert compare("^a", "^a.") == "narrower"
    assert compare("^x*", "^x") == "narrower"  # ``^x*`` matches "" and "y", which ``^x`` does not
    assert compare("^(ab|x)c", "^(a|x)c") is None  # inside a group what follows still counts


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_disjoint_is_never_wrong(data):
    """``disjoint`` says True only when no string matches both patterns."""
    from mcp_inspect.patterns.inclusion import disjoint

    first, second = data.draw(_patterns()), data.draw(_patterns())
    try:
        one, other = _matches(first), _matches(second)
    except re.error:
        assume(False)
    if disjoint(first, second):
        assert not one & other, (first, second, sorted(one & other)[:3])


def test_disjoint_reads_the_starts_of_anchored_patterns():
    from mcp_inspect.patterns.inclusion import disjoint

    assert disjoint("^a", "^b") and disjoint("^[ab]", "^c") and disjoint("^ab", "^ac")
    assert not disjoint("^a", "^a.") and not disjoint("^a*", "^b") and not disjoint("a", "b")


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_within_union_is_never_wrong(data):
    """``within_union`` says True only when every string the pattern matches one of the
    others matches."""
    from mcp_inspect.patterns.inclusion import within_union

    pattern = data.draw(_patterns())
    others = data.draw(st.lists(_patterns(), min_size=1, max_size=3))
    try:
        inner, outer = _matches(pattern), set().union(*(_matches(other) for other in others))
    except re.error:
        assume(False)
    if within_union(pattern, others):
        assert inner <= outer, (pattern, others, sorted(inner - outer)[:3])


def test_a_class_is_read_as_within_the_patterns_that_hold_its_pieces():
    """Hostile trial, round 42: ``^[ab]`` matches nothing ``^a`` and ``^b`` do not, together."""
    from mcp_inspect.patterns.inclusion import within_union

    assert within_union("^[ab]", ["^a", "^b"]) and within_union("^[a-z]x", ["^[a-m]x", "^[n-z]"])
    assert not within_union("^[ab]", ["^a"]) and not within_union("^[ab]+$", ["^a+$", "^b+$"])


@pytest.mark.parametrize("extended", ["^a.*", "^ab?", "^a(b|)", "^a(?:b|c)*"])
def test_an_item_that_matches_the_empty_string_is_passed_over_in_the_including_pattern(extended):
    """Hostile trial, round 43: ``^a`` → ``^a.*`` was "narrower", so names matching ``^a`` were
    said to be rejected now, though ``.*`` (``b?``, ``(b|)``) matches the empty string and the
    two match the same names."""
    from mcp_inspect.patterns.inclusion import compare

    assert compare("^a", extended) == "same"
    assert compare("^a$", extended + "$") == "wider"


def test_a_group_is_read_as_within_the_patterns_that_hold_its_alternatives():
    """Hostile trial, round 43: ``^(a|b)$`` matches nothing ``^a$`` and ``^b$`` do not,
    together; a repeated group is not cut (``ab`` is in neither ``^a+$`` nor ``^b+$``)."""
    from mcp_inspect.patterns.inclusion import within_union

    assert within_union("^(a|b)$", ["^a$", "^b$"]) and within_union("^(a|bc)x", ["^ax", "^bcx"])
    assert not within_union("^(a|b)$", ["^b$"]) and not within_union("^(a|b)+$", ["^a+$", "^b+$"])


def test_items_in_a_row_are_read_as_within_one_item_repeated_without_bound():
    """Hostile trial, round 43: ``^bx*$`` → ``^bx?x?$`` was not orderable, since ``x?`` was
    paired with ``x*`` alone; two items each within ``x`` are within ``x*`` together."""
    assert compare("^bx*$", "^bx?x?$") == "narrower" and compare("^bx?x?$", "^bx*$") == "wider"
    assert compare("^[a-z]*$", "^a+b?$") == "narrower" and compare("^a*a$", "^a*a$") == "same"


def test_an_open_end_is_read_as_within_the_patterns_that_end_there_and_go_on():
    """Hostile trial, round 43: ``^a`` matches nothing ``^a$`` and ``^a[\\s\\S]`` do not,
    together; ``^a.`` leaves out a line terminator after ``a``."""
    from mcp_inspect.patterns.inclusion import within_union

    assert within_union("^a", ["^a$", r"^a[\s\S]"]) and within_union("a", ["a$", r"a[\s\S]"])
    assert not within_union("^a", ["^a$", "^a."]) and not within_union("^a", ["^a$"])


@pytest.mark.parametrize(("old", "new"), [
    ("^ab", "^a.*b"), ("^ab$", "^a.*b$"), ("^ab.*", "^a.*b.*"), ("^x[a-c]", "^x.?[a-c]"), ("^ab", r"^a\w*b"),
    ("^x-", "^x.?-"),
])
def test_an_item_is_read_as_within_the_one_after_a_gap_that_may_be_empty(old, new):
    """Hostile trial, round 44: the positions were paired greedily, so ``.*`` took the ``b``
    of ``^ab`` and ``^ab`` → ``^a.*b`` was not orderable (a false BREAKING on a closed
    object's key); the reading now tries each pairing, and the gap is passed over."""
    assert compare(old, new) == "wider" and compare(new, old) == "narrower"


def test_items_in_a_row_are_read_as_within_one_item_repeated_as_often_as_they_are():
    """Hostile trial, round 44: a slug's separator folded into its class (``^[a-z]+-[0-9]+$``
    → ``^[a-z-]+[0-9]+$``) widens; ``+`` takes the two items, which repeat once or more."""
    assert compare("^[a-z]+-[0-9]+$", "^[a-z-]+[0-9]+$") == "wider"
    assert compare("^[a-z]?-?[0-9]+$", "^[a-z-]+[0-9]+$") is None  # both items may be absent: "5"


@pytest.mark.parametrize(("old", "new"), [
    ("^[ab]c", "^(a|b)c"), ("^a[bc]", "^(ab|ac)"), ("^[ab]", "^a|^b"), ("^x_[a-z]+$", "^x_[a-z][a-z]*$"),
    ("^a+", "^a"), ("^ab?", "^ab|^a"), ("^" + "(a|b|)" * 130 + "c", "^" + "[ab]?" * 130 + "c"),
])
def test_two_spellings_of_the_same_strings_are_read_as_the_same(old, new):
    """Hostile trial, round 44: a class and the group of its characters, alternatives that
    share their start, a repetition split into one and the rest, and an open end after a
    repeated item were each not orderable, and as patternProperties keys of a closed object
    said names "accepted before, rejected now"."""
    assert compare(old, new) == "same" and compare(new, old) == "same"


def test_a_character_named_by_its_code_is_that_character():
    """Hostile trial, round 44: ``^\\x61b`` was not read, so a key added beside ``^a`` could
    not be told apart from it; ``\\u{…}`` and a malformed escape stay unread."""
    assert compare(r"^\x61b", "^ab") == "same" and compare(r"^[\u0061-\u0063]", "^[a-b]") == "narrower"
    assert compare(r"^\x6g", "^a") is None and compare(r"^\u{61}", "^a") is None


def test_the_reading_of_a_pair_reads_a_bounded_number_of_items():
    """Hostile trial, round 45: a run of 500 characters against 150 ``[ab]*`` took 16 s for one
    pair, within the cap on places, since each place read the rest of the run again. Each item a
    run reads counts now, so the items compared stay within a few times the cap."""
    from mcp_inspect.patterns import inclusion

    class Counted(inclusion._Inclusion):
        calls = 0

        def element(self, a, b):
            Counted.calls += 1
            return super().element(a, b)

    before, after = inclusion._read("^" + "a" * 500 + "c"), inclusion._read("^" + "[ab]*" * 150 + "d")
    with pytest.raises(inclusion._Unread):
        Counted().pattern(before, after)
    assert Counted.calls <= 5 * inclusion._MAX_STEPS, Counted.calls
    assert compare("^" + "a" * 500 + "c", "^" + "[ab]*" * 150 + "d") is None
