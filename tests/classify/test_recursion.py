"""Recursive schemas (issue 21): back-references compared by what they return to, and a
change inside a recursive body graded in every context the recursion reaches."""

from __future__ import annotations

import copy

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value


def facts(old, new, key="inputSchema"):
    def surface(schema):
        return {"tools": [{"name": "t", key: copy.deepcopy(schema),
                           **({} if key == "inputSchema" else {"inputSchema": {"type": "object"}})}]}

    result = diff_snapshots(snapshot_from_value(surface(old), "old"), snapshot_from_value(surface(new), "new"))
    return sorted((f.rule, f.severity.name, f.path) for f in result.findings)


def root(extra, **s):
    """An object whose ``s`` is a string (constrained by ``s``) and whose other members are ``extra``."""
    return {"type": "object", "properties": {"s": {"type": "string", **s}, **extra}}


def test_a_change_reached_again_through_not_is_graded_there_too():
    """{"a": {"s": "bb"}} was rejected (its ``a`` matched the root, which ``not`` forbids) and
    is accepted now: through the negation the new bound loosens."""
    extra = {"a": {"not": {"$ref": "#"}}}
    assert facts(root(extra), root(extra, maxLength=1)) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.a.not.properties.s.maxLength"),
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.s.maxLength"),
    ]
    # Output: the tightening is harmless at the top and breaks consumers through the negation.
    assert facts(root(extra), root(extra, maxLength=1), "outputSchema") == [
        ("tool.output.constraint.loosened", "BREAKING", "outputSchema.properties.a.not.properties.s.maxLength"),
        ("tool.output.constraint.tightened", "NON_BREAKING", "outputSchema.properties.s.maxLength"),
    ]
    # Two negations cancel: that place grades the change as the first did, and adds nothing.
    twice = {"a": {"not": {"not": {"$ref": "#"}}}}
    assert facts(root(twice), root(twice, maxLength=1)) == [
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.s.maxLength")]


def test_a_change_reached_again_through_if_is_not_orderable_there():
    extra = {"c": {"if": {"$ref": "#"}, "then": {"required": ["x"]}}}
    assert facts(root(extra, maxLength=3), root(extra, maxLength=9), "outputSchema") == [
        ("tool.output.constraint.changed", "BREAKING", "outputSchema.properties.c.if.properties.s.maxLength"),
        ("tool.output.constraint.loosened", "BREAKING", "outputSchema.properties.s.maxLength"),
    ]
    assert facts(root(extra, maxLength=9), root(extra, maxLength=3), "outputSchema") == [
        ("tool.output.constraint.changed", "BREAKING", "outputSchema.properties.c.if.properties.s.maxLength"),
        ("tool.output.constraint.tightened", "NON_BREAKING", "outputSchema.properties.s.maxLength"),
    ]


def test_a_moved_anchor_over_the_same_schema_is_no_change():
    """The body gains a description only in its definition, so the canonical form no longer
    folds the root and the definition into one node and the cycle mark moves from the root
    to ``kids``. What the references return to is the same schema plus that description."""
    node = {"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "#/$defs/N"}}}}
    old = {**node, "$defs": {"N": node}}
    new = {**node, "$defs": {"N": {**node, "description": "A node."}}}
    assert facts(old, new) == [
        ("tool.input.description.changed", "POTENTIALLY_BREAKING", "inputSchema.properties.kids.items.description")]


def test_a_reference_facing_a_written_out_schema_is_followed():
    """Two definitions that alternate fold into one cycle until one of them changes; the
    change is then the one property that moved, not a reference removed beside a type,
    a property and a property added."""
    def alternating(inner_type):
        return {"type": "object", "properties": {"x": {"type": "string"}, "next": {"$ref": "#/$defs/B"}},
                "$defs": {"B": {"type": "object",
                                "properties": {"x": {"type": inner_type}, "next": {"$ref": "#"}}}}}

    assert facts(alternating("string"), alternating("integer")) == [
        ("tool.input.type.changed", "BREAKING", "inputSchema.properties.next.properties.x.type")]


def test_a_schema_becoming_recursive_reports_what_the_recursion_adds():
    old = {"type": "object", "properties": {"v": {"type": "string"}, "kids": {"type": "array", "items": {
        "type": "object", "properties": {"v": {"type": "string"}}}}}}
    new = {"type": "object", "properties": {"v": {"type": "string"}, "kids": {"type": "array", "items": {
        "$ref": "#"}}}}
    assert facts(old, new) == [
        ("tool.input.property.added", "NON_BREAKING", "inputSchema.properties.kids.items.properties.kids")]


def test_a_reference_loop_facing_a_plain_schema_is_walked_once():
    """Hostile trial, round 7: a $defs entry referring to itself beside a sibling keyword,
    facing a plain schema on the new side, was unrolled 64 times: 65 alike BREAKING findings
    a tool, 3 s each. The walk stops where the loop comes back to the pair it is walking."""
    from support import diff_input_schemas

    old = {"type": "object", "properties": {"c": {"$ref": "#/$defs/s"}},
           "$defs": {"s": {"$ref": "#/$defs/s", "properties": {"a": {"type": "string"}}}}}
    new = {"type": "object", "properties": {"c": {"type": "array"}}}
    findings = diff_input_schemas(old, new).findings
    assert 1 <= len(findings) <= 3, [f.path for f in findings]
    assert all(len(f.path) < 200 for f in findings)
