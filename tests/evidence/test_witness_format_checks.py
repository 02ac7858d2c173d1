"""Witnesses are judged with one fixed set of format checks, whatever is installed (hostile
trial, round 6): jsonschema asserts date-time and uri only when an optional package is there,
and its email check only looks for an '@', so witnesses broke the format they stood for
(``""`` for a uri beside a pattern, ``…Z2`` for a date-time under a new maxLength, ``a@`` for
an email) and differed from one install to the next."""

from __future__ import annotations

import jsonschema_rs
import pytest
from support import diff_input_schemas

from mcp_inspect.evidence.formats import witness_formats


def _string(**keywords):
    return {"type": "object", "required": ["x"], "properties": {"x": {"type": "string", **keywords}}}


@pytest.mark.parametrize(("old", "new"), [
    (_string(format="uri"), _string(format="uri", pattern="^https:")),
    (_string(format="date-time"), _string(format="date-time", maxLength=20)),
    (_string(format="email", minLength=2), {"type": "object", "properties": {"x": {"type": "number"}}}),
    (_string(format="time"), _string(format="time", maxLength=8)),
], ids=["uri", "date-time", "email", "time"])
def test_a_witness_meets_the_format_the_old_schema_asserts(old, new):
    (finding,) = [f for f in diff_input_schemas(old, new).findings if f.severity.name == "BREAKING"]
    assert finding.witness.found, finding.witness.note
    value = finding.witness.value
    # jsonschema-rs asserts these formats by itself, with no optional package
    assert jsonschema_rs.validator_for(old, validate_formats=True).is_valid(value), value
    assert not jsonschema_rs.validator_for(new, validate_formats=True).is_valid(value), value


@pytest.mark.parametrize(("name", "bad", "good"), [
    ("email", "a@", "a@b"), ("email", "@b", "user@example.com"), ("uri", "", "https://example.com"),
    ("uri", "example.com", "urn:isbn:0451450523"), ("date-time", "2024-01-01T00:00:00Z2", "2024-01-01T00:00:00Z"),
    ("time", "25:00:00Z", "10:20:30+01:00"), ("uri-reference", "a b", "../x"),
    # hostile trial, round 7: a trailing dot, Python's inline flag, RFC 3339's own leap second
    ("email", "user@example.", "a@b"), ("regex", "(?i)a", "(?i:a)"), ("regex", "(?P<n>a)", "(?<n>a)"),
    ("date-time", "1990-12-31T23:59:61Z", "1990-12-31T23:59:60Z"),
    # round 8: a dot at the local part's edge, and a leap second away from the UTC day's end
    ("email", ".@example.com", "a.b@example.com"), ("email", "a..b@example.com", "a@b"),
    ("time", "00:00:60Z", "15:59:60-08:00"), ("uuid", "123",
                                                                              "12345678-1234-5678-1234-567812345678"),
])
def test_the_checks_are_the_rfcs(name, bad, good):
    checker = witness_formats()
    assert not checker.conforms(bad, name) and checker.conforms(good, name)


def test_a_dialect_holds_only_the_formats_it_names():
    from jsonschema import validators

    assert "uuid" not in witness_formats(validators.Draft7Validator).checkers
    assert "uuid" in witness_formats(validators.Draft202012Validator).checkers
    assert "hostname" not in witness_formats().checkers  # not held: the note says so
