"""A patternProperties key respelled to match the same names (``^x_\\d$`` → ``^x_[0-9]$``) is
one NON_BREAKING finding that says so, and the two keys' schemas are compared as for a key
kept (hostile trial, round 6): read as two keys, it was a BREAKING "accepted before,
rejected now" no call could show, beside a NON_BREAKING whose "rejected before" was false."""

from __future__ import annotations

import pytest
from support import diff_input_schemas


def _object(pattern: str, value: dict, closed: bool) -> dict:
    return {"type": "object", "patternProperties": {pattern: value},
            **({"additionalProperties": False} if closed else {})}


@pytest.mark.parametrize("closed", [True, False], ids=["closed", "open"])
def test_a_key_respelled_is_one_non_breaking_finding(closed):
    report = diff_input_schemas(_object(r"^x_\d$", {"type": "integer"}, closed),
                                _object("^x_[0-9]$", {"type": "integer"}, closed))
    (finding,) = report.findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert "it matches the same names" in finding.message


def test_a_change_under_a_respelled_key_is_still_found_at_each_sides_key():
    report = diff_input_schemas(_object(r"^x_\d$", {"type": "integer", "maximum": 9}, True),
                                _object("^x_[0-9]$", {"type": "integer", "maximum": 5}, True))
    bound = next(f for f in report.findings if f.severity.name == "BREAKING")
    assert bound.path == "inputSchema.patternProperties.^x_[0-9]$.maximum"
    # the search sends a name the pattern matches, though the object is closed
    assert bound.witness.found and bound.witness.value == {"x_0": 6}, bound.witness.note


def test_another_set_of_names_is_not_a_respelling():
    report = diff_input_schemas(_object("^x_[a-z]$", {"type": "integer"}, True),
                                _object("^x_[a-y]$", {"type": "integer"}, True))
    assert not any("same names" in f.message for f in report.findings)
    (narrowed,) = [f for f in report.findings if f.severity.name == "BREAKING"]
    # a name the old pattern's class ends with, which the new one's does not reach
    assert narrowed.witness.found and narrowed.witness.value == {"x_z": 0}, narrowed.witness.note
