"""An ``enum`` value the ``type`` beside it refuses is no value the node accepts.

``{type: [string, null], enum: [1, "a"]}`` accepts ``"a"`` alone: 1 fails the type and null is
not named. The canonical form kept 1 in the enum, so adding that enum to a nullable string was
an ``enum.narrowed`` "values are now limited to "a", 1" (1 never passed) beside a second
``type.narrowed`` with no call to show it (hostile trial, round 42).
"""

from __future__ import annotations

from support import breaking_input_witness, diff_input_schemas

from mcp_inspect.snapshot.canonical import canonical_schema


def tool(field: dict) -> dict:
    return {"type": "object", "properties": {"k": field}}


def test_an_enum_added_beside_a_type_that_refuses_one_of_its_values_is_one_finding_naming_what_passes():
    """(hostile trial, round 42)"""
    old = tool({"type": ["string", "null"]})
    new = tool({"type": ["string", "null"], "enum": [1, "a"]})
    report = diff_input_schemas(old, new)
    assert [f.rule for f in report.changes] == ["tool.input.enum.narrowed"]
    finding, _ = breaking_input_witness(old, new, "inputSchema.properties.k.enum")
    assert "1" not in finding.message and '"a"' in finding.message


def test_the_canonical_form_drops_an_enum_value_the_type_refuses():
    """(hostile trial, round 42)"""
    assert canonical_schema({"type": ["string", "null"], "enum": [1, "a"]}) == \
        canonical_schema({"type": "string", "const": "a"})
    # A type that refuses every value is kept with its values: the node accepts nothing.
    assert "enum" in canonical_schema({"type": "boolean", "enum": [1, "a"]})
