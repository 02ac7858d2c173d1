"""An output whose old bounds refused every number and whose new type admits numbers says so
once, with a witness (hostile trial, round 45).

``{minimum: 5, maximum: 3}`` → ``{type: [string, number]}`` was BREAKING "type changed: array,
boolean, null, object, string → number, string" with "none found", though ``{"x": 0}`` shows it
(the new side may return 0, the old could not), and "minimum removed" and "maximum removed"
said the same fact twice more. The canonical form reads the bounds as "no number", so the one
finding is the type change, and its witness is checked by both validators.
"""

from __future__ import annotations

import pytest
from support import breaking_output_witness, diff_output_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

OLD = {"type": "object", "properties": {"x": {"minimum": 5, "maximum": 3}}}
NEW = {"type": "object", "properties": {"x": {"type": ["string", "number"]}}}


def test_bounds_refusing_every_number_then_a_number_type_is_one_finding_with_a_witness():
    finding, value = breaking_output_witness(OLD, NEW, "outputSchema.properties.x.type")
    assert finding.rule == "tool.output.type.changed", finding
    assert isinstance(value["x"], (int, float)) and not isinstance(value["x"], bool), value
    breaking = [f for f in diff_output_schemas(OLD, NEW).changes if f.severity.name == "BREAKING"]
    assert len(breaking) == 1, [(f.rule, f.path) for f in breaking]
