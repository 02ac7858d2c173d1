"""A local pointer RFC 6901 does not resolve keeps the definitions in the comparison (hostile
trial, round 6): ``#/$defs/u/anyOf/+1`` resolves in jsonschema and jsonschema-rs (index 1), so
a bound tightened there refused calls, yet the definitions were dropped with the reference
unread and the diff said "No changes" with two equal fingerprints."""

from __future__ import annotations

import jsonschema
from support import diff_input_schemas


def _schema(maximum: int) -> dict:
    return {"type": "object", "properties": {"x": {"$ref": "#/$defs/u/anyOf/+1"}},
            "$defs": {"u": {"anyOf": [{"type": "string"}, {"type": "integer", "maximum": maximum}]}}}


def test_a_change_behind_a_pointer_that_does_not_resolve_is_still_found():
    old, new = _schema(10), _schema(5)
    report = diff_input_schemas(old, new)
    assert report.old.fingerprint != report.new.fingerprint
    (finding,) = report.findings
    assert finding.severity.name == "BREAKING" and finding.witness.found
    value = finding.witness.value
    assert jsonschema.Draft202012Validator(old).is_valid(value)
    assert not jsonschema.Draft202012Validator(new).is_valid(value)
    assert any("does not resolve; compared as written, and the definitions with it" in w for w in report.warnings)
