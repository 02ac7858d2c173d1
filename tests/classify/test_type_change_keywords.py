"""A type change carries the keywords of the new type (the contract, "A type change
carries the keywords of the new type"): one finding, whose message names them.

chrome-devtools-mcp 0.15.0 → 0.20.0 made ``wait_for.text`` a non-empty array of strings
where it was a string: three BREAKINGs (type, items, minItems) for one change. Shopify's
dev-mcp made ``validate_theme``'s items objects where they were strings: the type change
and an ``addedRequired`` under it. The fixtures below have those shapes.
"""

from __future__ import annotations

from typing import Any

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value


def findings(old: Any, new: Any, where: str = "inputSchema") -> list[Any]:
    def side(schema: Any) -> dict[str, Any]:
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"}, where: schema}]}

    return diff_snapshots(snapshot_from_value(side(old), "old"), snapshot_from_value(side(new), "new")).findings


def _object(prop: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"text": prop}, "required": ["text"]}


TEXT = {"type": "string", "description": "Text to appear on the page"}
TEXTS = {"type": "array", "items": {"type": "string"}, "minItems": 1, "description": "Text to appear on the page"}


def test_a_string_that_became_a_non_empty_array_is_one_type_change() -> None:
    found = findings(_object(TEXT), _object(TEXTS))
    assert [(f.rule, f.severity.name, f.path) for f in found] == [
        ("tool.input.type.changed", "BREAKING", "inputSchema.properties.text.type")]
    assert found[0].message == "type changed: string → array, with the new type's items, minItems"
    assert found[0].args["keywords_after"] == ["items", "minItems"]
    back = findings(_object(TEXTS), _object(TEXT))
    assert [(f.rule, f.path) for f in back] == [("tool.input.type.changed", "inputSchema.properties.text.type")]
    assert back[0].message == "type changed: array → string"


def test_items_that_became_objects_are_one_type_change_in_both_directions() -> None:
    old = {"type": "object", "properties": {"files": {"type": "array", "items": {"type": "string"}}}}
    new = {"type": "object", "properties": {"files": {"type": "array", "items": {
        "type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
        "required": ["path", "content"], "additionalProperties": False}}}}
    for where in ("inputSchema", "outputSchema"):
        found = findings(old, new, where)
        assert [f.path for f in found] == [f"{where}.properties.files.items.type"], found
        assert found[0].rule.endswith(".type.changed")
        assert found[0].message.endswith("with the new type's additionalProperties, properties, required")


def test_a_widened_type_carries_its_keywords_and_stays_non_breaking_on_input() -> None:
    found = findings(_object(TEXT), _object({**TEXTS, "type": ["string", "array"]}))
    assert [(f.rule, f.severity.name) for f in found] == [("tool.input.type.widened", "NON_BREAKING")]
    assert found[0].message.endswith("with the new type's items, minItems")


def test_keywords_of_a_type_both_sides_accept_are_still_compared() -> None:
    old = {"type": ["string", "array"], "items": {"type": "string"}, "maxLength": 5}
    new = {"type": ["array", "null"], "items": {"type": "string"}, "minItems": 2}
    rules = sorted((f.rule, f.path) for f in findings(_object(old), _object(new)))
    assert rules == [("tool.input.constraint.tightened", "inputSchema.properties.text.minItems"),
                     ("tool.input.type.changed", "inputSchema.properties.text.type")]


def test_a_literal_made_a_string_is_the_value_set_widened_not_a_type_narrowed():
    # valibot's v.literal("fast") → v.string(): {const: "fast"} → {type: string}. The old side
    # accepted one string; the new one accepts every string: a widening, not a type lost.
    def rules(old: Any, new: Any) -> list[tuple[str, str]]:
        return [(f.rule, f.severity.name) for f in findings(_object(old), _object(new))]

    assert rules({"const": "fast"}, {"type": "string"}) == [("tool.input.constraint.loosened", "NON_BREAKING")]
    assert rules({"anyOf": [{"const": "asc"}, {"const": "desc"}]}, {"type": "string"}) == [
        ("tool.input.enum.widened", "NON_BREAKING")]
    # A value of another type is still a type the new side lost: the old side's one integer
    # (its type made from its value, snapshot/dialects.py ``values_typed``) is now a string.
    assert ("tool.input.type.changed", "BREAKING") in rules({"const": 1}, {"type": "string"})
