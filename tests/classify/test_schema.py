"""The schema walker's finer judgements, one fact at a time, in both directions."""

from __future__ import annotations

import pytest

from mcp_inspect.classify.rawpaths import RawSchemas
from mcp_inspect.classify.schema import SchemaWalker
from mcp_inspect.limits import MAX_WALK_DEPTH
from mcp_inspect.snapshot.canonical import canonical_schema


def facts(old, new, prefix="tool.input"):
    # The raw schemas too, as the diff passes them: some ids follow the input's spelling.
    walker = SchemaWalker(prefix, RawSchemas(old, new))
    walker.walk(canonical_schema(old), canonical_schema(new), "inputSchema")
    return sorted((c.rule.removeprefix(prefix + "."), c.path) for c in walker.changes)


def prop(**schema):
    return {"type": "object", "properties": {"x": schema}}


@pytest.mark.parametrize("old,new,fact", [
    ({"multipleOf": 2}, {"multipleOf": 4}, "constraint.tightened"),
    ({"multipleOf": 4}, {"multipleOf": 2}, "constraint.loosened"),
    ({"multipleOf": 4}, {"multipleOf": 6}, "constraint.changed"),
    ({"multipleOf": 0.5}, {"multipleOf": 1.5}, "constraint.tightened"),
    ({"minimum": 1}, {"minimum": 2}, "constraint.tightened"),
    ({"maximum": 2}, {"maximum": 1}, "constraint.tightened"),
    ({"exclusiveMaximum": 2.5}, {"exclusiveMaximum": 3.5}, "constraint.loosened"),
    ({}, {"minItems": 1}, "constraint.tightened"),
    ({"uniqueItems": True}, {}, "constraint.loosened"),
    ({}, {"format": "uri"}, "constraint.tightened"),
    ({"format": "uri"}, {"format": "email"}, "constraint.changed"),
    ({"const": "a"}, {"const": "b"}, "constraint.changed"),
    ({}, {"additionalProperties": {"type": "string"}}, "constraint.tightened"),
    ({"additionalProperties": False}, {"additionalProperties": {"type": "string"}}, "constraint.loosened"),
    ({}, {"not": {"type": "null"}}, "constraint.tightened"),
    ({"not": {"type": "null"}}, {"not": {"type": "string"}}, "constraint.changed"),
    ({"allOf": [{"minLength": 1}]}, {"allOf": [{"minLength": 1}, {"maxLength": 9}]}, "constraint.tightened"),
    ({"type": "integer"}, {"type": "number"}, "type.widened"),
    ({"type": "number"}, {"type": "integer"}, "type.narrowed"),
    ({}, {"type": "string"}, "type.narrowed"),
    ({"type": "string"}, {"type": "boolean"}, "type.changed"),
    ({"x-mcp-header": "Region"}, {"x-mcp-header": "Zone"}, "header.changed"),
    ({"x-vendor": 1}, {"x-vendor": 2}, "schema.changed"),
    ({"deprecated": "yes"}, {"deprecated": True}, "schema.changed"),
])
def test_single_fact(old, new, fact):
    assert [f for f, _ in facts(prop(**old), prop(**new))] == [fact]


def test_prefix_items_positions():
    old = prop(type="array", prefixItems=[{"type": "string"}])
    new = prop(type="array", prefixItems=[{"type": "string"}, {"type": "integer"}])
    assert facts(old, new) == [("constraint.tightened", "inputSchema.properties.x.prefixItems.1")]
    assert facts(new, old) == [("constraint.loosened", "inputSchema.properties.x.prefixItems.1")]


def test_pattern_properties():
    old = {"type": "object", "patternProperties": {"^a": {"type": "string"}}}
    # (a pattern that accepts any value, where nothing else governs the names, would be no
    # change at all: tests/classify/test_generator_spellings.py)
    new = {"type": "object", "patternProperties": {"^a": {"type": "string", "maxLength": 3}, "^b": {"type": "integer"}}}
    assert facts(old, new) == [
        ("constraint.tightened", "inputSchema.patternProperties.^a.maxLength"),
        ("constraint.tightened", "inputSchema.patternProperties.^b"),
    ]


def test_required_without_a_property_is_still_reported():
    assert facts({"type": "object"}, {"type": "object", "required": ["ghost"]}) == [
        ("required.added", "inputSchema.properties.ghost")]


def test_new_required_property_is_one_finding_and_its_removal_too():
    old = {"type": "object", "properties": {}}
    new = {"type": "object", "properties": {"p": {"type": "string"}}, "required": ["p"]}
    assert facts(old, new) == [("property.addedRequired", "inputSchema.properties.p")]
    assert facts(new, old) == [("property.removed", "inputSchema.properties.p")]


def test_optional_wrapped_in_a_union_is_one_branch_added():
    old = prop(type="string", description="x")
    new = prop(anyOf=[{"type": "string"}, {"type": "null"}], description="x")
    assert facts(old, new) == [("constraint.loosened", "inputSchema.properties.x.anyOf")]
    assert facts(new, old) == [("type.narrowed", "inputSchema.properties.x.anyOf")]


def test_union_subset_that_differs_beyond_type_is_tightened():
    old = prop(anyOf=[{"type": "string", "maxLength": 3, "title": "Short"}, {"type": "integer"}])
    new = prop(anyOf=[{"type": "integer"}])
    assert facts(old, new) == [("constraint.tightened", "inputSchema.properties.x.anyOf")]
    # Branches of distinct types with only their type's keywords are one type list with those
    # keywords (new-user trial, round 17): the branch lost is its type lost.
    old = prop(anyOf=[{"type": "string", "maxLength": 3}, {"type": "integer"}])
    assert facts(old, new) == [("type.narrowed", "inputSchema.properties.x.anyOf")]


def test_one_of_branch_added_is_not_orderable_unless_disjoint_by_type():
    objects = [{"type": "object", "properties": {"kind": {"const": "a"}}},
               {"type": "object", "properties": {"id": {"type": "string"}}}]
    assert facts(prop(oneOf=objects[:1]), prop(oneOf=objects)) == [
        ("constraint.changed", "inputSchema.properties.x.oneOf")]
    assert facts(prop(oneOf=[{"type": "string"}]), prop(oneOf=[{"type": "string"}, {"type": "null"}])) == [
        ("constraint.loosened", "inputSchema.properties.x.oneOf")]


def test_loosening_inside_a_one_of_branch_is_not_orderable():
    old = prop(oneOf=[{"type": "object", "properties": {"t": {"const": "a"}}, "required": ["t"]},
                      {"type": "object", "properties": {"u": {"type": "string"}}}])
    new = prop(oneOf=[{"type": "object", "properties": {"t": {}}, "required": ["t"]},
                      {"type": "object", "properties": {"u": {"type": "string"}}}])
    assert [f for f, _ in facts(old, new)] == ["constraint.changed"]


def test_shared_definition_is_reported_at_each_place_it_is_used():
    def with_def(max_length):
        return {"type": "object", "$defs": {"loc": {"type": "string", "maxLength": max_length}},
                "properties": {"from": {"$ref": "#/$defs/loc"}, "to": {"$ref": "#/$defs/loc"}}}
    assert facts(with_def(200), with_def(100)) == [
        ("constraint.tightened", "inputSchema.properties.from.maxLength"),
        ("constraint.tightened", "inputSchema.properties.to.maxLength"),
    ]


def test_recursive_definition_terminates_and_reports_once():
    def tree(kind):
        return {"$defs": {"node": {"type": "object", "properties": {
            "kind": {"type": kind}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
            "$ref": "#/$defs/node"}
    assert facts(tree("string"), tree("integer")) == [("type.changed", "inputSchema.properties.kind.type")]


def test_output_direction_uses_output_rules():
    walker = SchemaWalker("tool.output")
    walker.walk(canonical_schema(prop(enum=["a"])), canonical_schema(prop(enum=["a", "b"])), "outputSchema")
    assert [c.rule for c in walker.changes] == ["tool.output.enum.widened"]


def test_the_walk_is_depth_bounded():
    def deep(leaf):
        schema = leaf
        for _ in range(MAX_WALK_DEPTH + 10):
            schema = {"type": "object", "properties": {"n": schema}}
        return schema
    found = facts(deep({"type": "string"}), deep({"type": "integer"}))
    assert [f for f, _ in found] == ["schema.changed"]


def test_non_object_schemas():
    assert facts({"type": "object", "properties": {"x": False}}, prop()) == [
        ("constraint.loosened", "inputSchema.properties.x")]
    assert facts(prop(type="string"), {"type": "object", "properties": {"x": False}}) == [
        ("constraint.tightened", "inputSchema.properties.x")]
    assert facts({"type": "object", "properties": {"x": 3}}, {"type": "object", "properties": {"x": "y"}}) == [
        ("schema.changed", "inputSchema.properties.x")]


def test_a_plain_schema_and_a_conjunction_holding_it_are_compared_branch_by_branch():
    # It used to read as "type removed" (NON_BREAKING) plus "allOf added" (BREAKING).
    assert facts({"type": "string"}, {"allOf": [{"type": "string"}]}) == []
    assert [f for f, _ in facts({"type": "string"}, {"allOf": [{"type": "string"}, {"maxLength": 9}]})] == [
        "constraint.tightened"]
    assert [f for f, _ in facts({"allOf": [{"type": "string"}, {"maxLength": 9}]}, {"type": "string"})] == [
        "constraint.loosened"]


def _union(count: int, kind: str, unchanged: int = 0) -> dict:
    changed = [{"type": "object", "properties": {f"p{i}": {"type": kind}}} for i in range(count)]
    same = [{"type": "object", "properties": {f"same{i}": {"type": "boolean"}}} for i in range(unchanged)]
    return {"anyOf": same + changed}


def test_changed_branches_are_paired_up_to_max_branch_pairs(monkeypatch):
    """Pairing weighs every old changed branch against every new one; 5,000 a side took
    minutes and gigabytes. Within the limit each pair is compared; past it the branches are
    reported lost and gained as a whole. Unchanged branches are matched exactly, never weighed."""
    from mcp_inspect.classify import branches

    side = 4
    paired = facts(_union(side, "string", unchanged=50), _union(side, "integer", unchanged=50))
    assert [f for f, _ in paired] == ["type.changed"] * side
    monkeypatch.setattr(branches, "MAX_BRANCH_PAIRS", side * side - 1)
    whole = facts(_union(side, "string", unchanged=50), _union(side, "integer", unchanged=50))
    assert whole == [("constraint.loosened", "inputSchema.anyOf"), ("constraint.tightened", "inputSchema.anyOf")]


def test_the_branch_pair_limit_is_on_the_product_of_the_two_sides():
    from mcp_inspect.limits import MAX_BRANCH_PAIRS

    side = int(MAX_BRANCH_PAIRS ** 0.5)
    assert side * side <= MAX_BRANCH_PAIRS < (side + 1) * (side + 1)
    assert {f for f, _ in facts(_union(side, "string"), _union(side, "integer"))} == {"type.changed"}
    assert {f for f, _ in facts(_union(side + 1, "string"), _union(side + 1, "integer"))} == {
        "constraint.loosened", "constraint.tightened"}


@pytest.mark.parametrize("key", ["anyOf", "oneOf", "allOf"])
def test_a_combinator_set_to_null_is_not_the_same_as_no_combinator(key):
    """Found by the fuzz suite: ``anyOf: null`` beside absence changed the fingerprint and
    produced no finding, because both read as None."""
    assert facts(prop(type="string"), prop(type="string", **{key: None})) == [
        ("schema.changed", f"inputSchema.properties.x.{key}")]
    assert facts(prop(type="string", **{key: None}), prop(type="string")) == [
        ("schema.changed", f"inputSchema.properties.x.{key}")]
    assert facts(prop(type="string", **{key: None}), prop(type="string", **{key: None})) == []
    assert facts(prop(type="string"), prop(type="string", **{key: 5})) == [
        ("schema.changed", f"inputSchema.properties.x.{key}")]
    added = facts(prop(type="string"), prop(type="string", **{key: [{"minLength": 1}]}))
    # A real combinator, as before; a lone branch beside the type is read as one object with
    # it (allOf: hostile trial, round 11; anyOf and oneOf: new-user trial, round 22), so the
    # bound it brings is said where it acts, at the place the new schema spells it.
    at = "minLength" if key == "allOf" else f"{key}.0.minLength"
    assert added == [("constraint.tightened", f"inputSchema.properties.x.{at}")]
