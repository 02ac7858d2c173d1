"""Properties declared only in ``allOf`` branches of an object that becomes free-form are a
loosening at the ``allOf`` (the contract, "An object whose properties were declared only
inside `allOf` branches").

airtable-mcp-server 1.4.1 → 1.14.0: a zod intersection (``allOf`` of an object with
``name`` and ``description`` and a union of strict field kinds) became ``z.record``
(``additionalProperties: {}``); each declared property was a BREAKING
``property.removed``, although every old call is still accepted. The fixture has that
shape, cut to three field kinds.
"""

from __future__ import annotations

from typing import Any

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _kind(name: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    props: dict[str, Any] = {"type": {"type": "string", "const": name}}
    if options is not None:
        props["options"] = options
    return {"type": "object", "properties": props, "required": ["type"], "additionalProperties": False}


FIELD_1_4_1 = {"allOf": [
    {"type": "object", "properties": {"name": {"type": "string"}, "description": {"type": "string"}},
     "required": ["name"]},
    {"anyOf": [_kind("autoNumber"), _kind("barcode"),
               _kind("checkbox", {"type": "object", "properties": {"icon": {"type": "string"}}})]},
]}
FIELD_1_14_0 = {"type": "object", "propertyNames": {"type": "string"}, "additionalProperties": {},
                "description": "Field definition"}


def findings(old: Any, new: Any, where: str = "inputSchema") -> list[Any]:
    def side(field: Any) -> dict[str, Any]:
        schema = {"type": "object", "properties": {"field": field}, "required": ["field"]}
        return {"tools": [{"name": "create_field", "inputSchema": {"type": "object"}, where: schema}]}

    return diff_snapshots(snapshot_from_value(side(old), "old"), snapshot_from_value(side(new), "new")).findings


def test_an_intersection_that_became_a_record_is_one_loosening_at_the_all_of() -> None:
    found = [f for f in findings(FIELD_1_4_1, FIELD_1_14_0) if not f.rule.endswith("description.changed")]
    assert [(f.rule, f.severity.name, f.path) for f in found] == [
        ("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.field.allOf")]
    assert found[0].args["properties"] == ["description", "name", "options", "type"]
    assert found[0].message.startswith(
        "allOf removed for a free-form object: the properties its branches declared (description, name, options, type)")


def test_the_output_side_reads_the_same_loosening_as_breaking() -> None:
    found = [f for f in findings(FIELD_1_4_1, FIELD_1_14_0, "outputSchema")
             if not f.rule.endswith("description.changed")]
    assert [(f.rule, f.severity.name) for f in found] == [("tool.output.constraint.loosened", "BREAKING")]


def test_a_record_of_values_the_old_properties_do_not_all_fit_keeps_the_removals() -> None:
    # additionalProperties: {type: boolean} rejects the old name (a string): not free-form.
    strict_record = {**FIELD_1_14_0, "additionalProperties": {"type": "boolean"}}
    rules = {f.rule for f in findings(FIELD_1_4_1, strict_record)}
    assert "tool.input.property.removed" in rules


def test_an_object_left_without_an_explicit_record_schema_keeps_the_removals() -> None:
    # The contract asks for additional properties allowed by a schema the input spells.
    bare = {"type": "object", "description": "Field definition"}
    rules = {f.rule for f in findings(FIELD_1_4_1, bare)}
    assert "tool.input.property.removed" in rules
