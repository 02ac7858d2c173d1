"""A replaced `pattern` is `constraint.changed` (the contract's table) unless a finer judgement
is sound: the two patterns have the same structure and differ only in the characters some
positions accept and the alternatives some alternations list, all of which grew
(`^[a-z]+$` → `^[a-z0-9]+$`: every string matched before still matches,
`constraint.loosened`) or all shrank (`constraint.tightened`). The generators'
`regex-changed` edits are this case. Anything else stays `constraint.changed`."""

from __future__ import annotations

import pytest

from mcp_inspect import api
from mcp_inspect.patterns.inclusion import compare
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _pattern_findings(before: str, after: str, key: str = "inputSchema"):
    sides = [{"tools": [{"name": "t", key: {"type": "object", "properties": {
        "slug": {"type": "string", "pattern": pattern}}}}]} for pattern in (before, after)]
    report = api.diff(*(snapshot_from_value(side, name) for side, name in zip(sides, "on", strict=True)))
    return [(f.rule, f.severity.name) for f in report.changes]


@pytest.mark.parametrize("before,after", [
    ("^[a-z]+$", "^[a-z0-9]+$"),  # the generators' edit
    ("^[a-z]+$", "^[a-z0-9_-]+$"),
    (r"^\d{4}-\d{2}$", r"^[\d.]{4}-\d{2}$"),  # \d is [0-9]
    ("^a+$", "^[ab]+$"),  # a literal character is a one-member set
    ("^[^a-z]+$", "^[^a-f]+$"),  # a negated class that excludes fewer
    ("^[a-z]$", "^.$"),  # any character but a line terminator
    ("^(?:[a-z]|x)+$", r"^(?:[a-z\s]|x)+$"),  # \s is ECMA's white space
    ("^[a-z]+$", "^[^0-9]+$"),  # a negated class: every character but the digits
    (r"\.(png|svg)$", r"\.(png|svg|gif)$"),  # figma-developer-mcp: an image format added
    ("^(?:GET|POST)$", "^(?:GET|POST|PUT)$"),  # a method allowed
    ("^a$|^b$", "^a$|^b$|^[cd]$"),  # an alternative of the whole pattern
    ("^[a-z]+$", "^[a-z]+"),  # an anchor dropped: it only refused matches
    ("^[a-z]+$", "[a-z0-9]+|x"),  # anchors dropped, a class grown, an alternative added
    # A count within the other's (hostile trial, round 36: they were "changed").
    ("^[a-z]+$", "^[a-z0-9]*$"),
    ("^[a-z]{2,3}$", "^[a-z]{2,4}$"),
])
def test_a_pattern_whose_positions_accept_more_is_a_loosening(before, after):
    assert compare(before, after) == "wider"
    assert _pattern_findings(before, after) == [("tool.input.constraint.loosened", "NON_BREAKING")]
    assert _pattern_findings(after, before) == [("tool.input.constraint.tightened", "BREAKING")]
    # Output is covariant: the server returns strings it never did.
    assert _pattern_findings(before, after, "outputSchema") == [("tool.output.constraint.loosened", "BREAKING")]


@pytest.mark.parametrize("before,after", [
    ("^[a-z]{2,3}$", "^[a-z]{3,4}$"),  # a count changed, neither within the other
    ("^[a-f0]+$", "^[a-z]+$"),  # one member gained, one lost
    (r"\.(png|svg)$", r"\.(png|gif)$"),  # one alternative gained, one lost
    ("^[a-z]+$", "[a-z]*0"),  # an anchor dropped beside a different shape
    ("^(?!x)[a-z]+$", "^(?!x)[a-z0-9]+$"),  # a negative lookahead reverses the direction: not read
    (r"^(a)[a-z]\1$", r"^(a)[a-z0-9]\1$"),  # a backreference
    (r"^\u{61}+$", r"^[\u{61}b]+$"),  # \u{…} escapes are not read (\uHHHH is: hostile trial, round 44)
])
def test_anything_else_stays_not_orderable(before, after):
    assert compare(before, after) is None
    assert _pattern_findings(before, after) == [("tool.input.constraint.changed", "BREAKING")]


@pytest.mark.parametrize("before,after", [
    (r"^\d+$", "^[0-9]+$"),
    ("^a+$", "^(a+)$"),  # a group that only captures
    ("^(a|b)$", "^(b|a)$"),
])
def test_two_spellings_of_the_same_strings_break_nobody(before, after):
    """The canonical forms differ, so one finding says so (completeness), but no string's
    fate changes: an input loosening and an output tightening, both NON_BREAKING, and inside
    a `not` the same. Before, it was a BREAKING constraint.changed no witness could show."""
    assert compare(before, after) == "same"
    for a, b in ((before, after), (after, before)):
        assert _pattern_findings(a, b) == [("tool.input.constraint.loosened", "NON_BREAKING")]
        assert _pattern_findings(a, b, "outputSchema") == [("tool.output.constraint.tightened", "NON_BREAKING")]
    sides = [{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
        "slug": {"type": "string", "not": {"pattern": pattern}}}}}]} for pattern in (before, after)]
    report = api.diff(*(snapshot_from_value(side, name) for side, name in zip(sides, "on", strict=True)))
    assert [(f.rule, f.severity.name) for f in report.changes] == [("tool.input.constraint.loosened", "NON_BREAKING")]
    assert "matches the same strings" in report.changes[0].message


def test_a_pattern_the_validator_does_not_run_is_not_read():
    assert compare("^[a-z]{1001}$", "^[a-z0-9]{1001}$") is None  # RE2 refuses the count
    assert compare("(", "(") is None
