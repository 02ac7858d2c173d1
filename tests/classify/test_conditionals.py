"""An ``if`` that comes or goes with its ``then`` (``else``) is one finding, the ``then``'s,
said with its condition (hostile trial, round 6): the ``if`` alone refuses nothing, yet it
was a second BREAKING, "if added", that no call could show."""

from __future__ import annotations

import jsonschema
from support import diff_input_schemas

PLAIN = {"type": "object", "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}
CONDITIONAL = {**PLAIN, "if": {"properties": {"a": {"const": 1}}, "required": ["a"]}, "then": {"required": ["b"]}}


def test_an_if_added_with_its_then_is_one_finding_with_a_witness():
    (finding,) = diff_input_schemas(PLAIN, CONDITIONAL).findings
    assert (finding.rule, finding.severity.name, finding.path) == (
        "tool.input.constraint.tightened", "BREAKING", "inputSchema.then")
    assert "for a value that matches 'if'" in finding.message
    assert finding.witness.found and finding.witness.value == {"a": 1}
    assert not jsonschema.Draft202012Validator(CONDITIONAL).is_valid(finding.witness.value)


def test_removed_together_they_are_one_loosening():
    (finding,) = diff_input_schemas(CONDITIONAL, PLAIN).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")


def test_an_if_that_changes_under_its_then_is_still_said():
    other = {**CONDITIONAL, "if": {"properties": {"a": {"const": 2}}, "required": ["a"]}}
    findings = diff_input_schemas(CONDITIONAL, other).findings
    assert findings and all(".if" in f.path for f in findings)
