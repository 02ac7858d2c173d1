"""A patternProperties key added or removed beside a key of the other side that matches some
of its names: a name two keys match must satisfy both schemas, so those names were not
governed by ``additionalProperties`` (hostile trial, round 42)."""

from __future__ import annotations

import pytest
from support import breaking_input_witness, breaking_output_witness, diff_input_schemas

STRING, INTEGER = {"type": "string"}, {"type": "integer"}


def _member(patterns: dict, rest) -> dict:
    return {"type": "object", "properties": {"p": {"type": "object", "patternProperties": patterns,
                                                   "additionalProperties": rest}}, "required": ["p"]}


@pytest.mark.parametrize("rest", [False, INTEGER], ids=["closed", "typed"])
def test_a_key_added_within_a_key_kept_holds_its_names_to_both_schemas(rest):
    """Hostile trial, round 42 (a missed break): ``^a.: integer`` added beside ``^a: string``
    said "names matching '^a.': rejected before, accepted now" (closed) or "governed by an
    equal schema" (typed rest), though a name both match must now be a string and an
    integer: ``{"p": {"ab": ""}}`` was accepted and is refused."""
    old, new = _member({"^a": STRING}, rest), _member({"^a": STRING, "^a.": INTEGER}, rest)
    breaking_input_witness(old, new, "patternProperties.^a..allOf")


@pytest.mark.parametrize("rest", [False, INTEGER], ids=["closed", "typed"])
def test_a_key_removed_within_a_key_kept_only_loosens(rest):
    """The mirror (hostile trial, round 42): removing ``^a.: integer`` beside ``^a: string``
    said "names matching '^a.': accepted before, rejected now", a BREAKING no call shows: those
    names now follow ``^a`` alone. On output a server may now return ``{"ab": ""}``."""
    old, new = _member({"^a": STRING, "^a.": INTEGER}, rest), _member({"^a": STRING}, rest)
    findings = diff_input_schemas(old, new).findings
    assert findings and {f.severity.name for f in findings} == {"NON_BREAKING"}, findings
    breaking_output_witness(old, new, "patternProperties.^a..allOf")


def test_past_the_bound_a_key_is_read_against_additional_properties_alone(monkeypatch):
    """MAX_OVERLAPPING_PATTERN_PAIRS (docs/limits.md): past it no key is read against the
    other side's, the reading before round 42."""
    from mcp_inspect.classify import containers

    monkeypatch.setattr(containers, "MAX_OVERLAPPING_PATTERN_PAIRS", 0)
    old, new = _member({"^a": STRING}, False), _member({"^a": STRING, "^a.": INTEGER}, False)
    findings = diff_input_schemas(old, new).findings
    assert [f.message for f in findings] == ["names matching '^a.': rejected before, accepted now"]
