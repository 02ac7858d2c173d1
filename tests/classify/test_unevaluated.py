"""``unevaluatedItems: false`` and ``unevaluatedProperties: false`` close an array or an object
as ``items: false`` and ``additionalProperties: false`` do (issue 21)."""

from __future__ import annotations

import copy

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value


def facts(old, new):
    def surface(schema):
        return {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"x": copy.deepcopy(schema)}}}]}

    result = diff_snapshots(snapshot_from_value(surface(old), "old"), snapshot_from_value(surface(new), "new"))
    return sorted((f.rule, f.severity.name, f.path) for f in result.findings)


def pair(positions, **closing):
    return {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}][:positions], **closing}


def named(patterns, **closing):
    return {"type": "object", "patternProperties": {p: {"type": "string"} for p in patterns}, **closing}


POSITION = "inputSchema.properties.x.prefixItems.1"
PATTERN = "inputSchema.properties.x.patternProperties.^b"


def test_a_closed_tuple_losing_a_position_rejects_arrays_that_long():
    for closing in ({"unevaluatedItems": False}, {"items": False}):  # the second is the reference reading
        assert facts(pair(2, **closing), pair(1, **closing)) == [
            ("tool.input.constraint.tightened", "BREAKING", POSITION)], closing
        assert facts(pair(1, **closing), pair(2, **closing)) == [
            ("tool.input.constraint.loosened", "NON_BREAKING", POSITION)], closing


def test_a_closed_object_gaining_a_pattern_accepts_more_names():
    for closing in ({"unevaluatedProperties": False}, {"additionalProperties": False}):
        assert facts(named(["^a"], **closing), named(["^a", "^b"], **closing)) == [
            ("tool.input.constraint.loosened", "NON_BREAKING", PATTERN)], closing
        assert facts(named(["^a", "^b"], **closing), named(["^a"], **closing)) == [
            ("tool.input.constraint.tightened", "BREAKING", PATTERN)], closing


def test_beside_an_in_place_applicator_the_direction_is_not_read():
    """An allOf branch (or contains) may evaluate the values, and unevaluated* then governs
    fewer of them: neither reading is sound, so the change is not orderable."""
    branch = {"allOf": [{"properties": {"bz": {"type": "string"}}}]}
    assert facts(named(["^a"], unevaluatedProperties=False, **branch),
                 named(["^a", "^b"], unevaluatedProperties=False, **branch)) == [
        ("tool.input.constraint.changed", "BREAKING", PATTERN)]
    contains = {"contains": {"type": "integer"}}
    assert facts(pair(2, unevaluatedItems=False, **contains), pair(1, unevaluatedItems=False, **contains)) == [
        ("tool.input.constraint.changed", "BREAKING", POSITION)]


def test_closing_with_the_other_keyword_is_no_change():
    """On a node that nothing else evaluates, ``unevaluatedProperties: false`` and
    ``additionalProperties: false`` (``unevaluatedItems``/``items`` alike) accept the same
    values: switching spellings is no finding, where it used to be one keyword added
    (BREAKING) and one removed."""
    closed = {"type": "object", "properties": {"q": {"type": "string"}}}
    for old, new in (({"unevaluatedProperties": False}, {"additionalProperties": False}),
                     ({"additionalProperties": False}, {"unevaluatedProperties": False}),
                     ({"unevaluatedProperties": {"type": "integer"}}, {"additionalProperties": {"type": "integer"}})):
        assert facts({**closed, **old}, {**closed, **new}) == [], (old, new)
        assert facts(named(["^a"], **old), named(["^a"], **new)) == [], (old, new)
    assert facts(pair(1, unevaluatedItems=False), pair(1, items=False)) == []
    assert facts(pair(1, items=False), pair(1, unevaluatedItems=False)) == []


def test_a_closing_keyword_respelled_and_changed_is_reported_at_each_side_s_keyword():
    closed = {"type": "object", "properties": {"q": {"type": "string"}}}
    x = "inputSchema.properties.x"
    assert facts({**closed, "unevaluatedProperties": False}, {**closed, "additionalProperties": {"type": "string"}}) \
        == [("tool.input.constraint.loosened", "NON_BREAKING", f"{x}.additionalProperties")]
    assert facts({**closed, "additionalProperties": {"type": "string"}},
                 {**closed, "unevaluatedProperties": {"type": "string", "maxLength": 3}}) == [
        ("tool.input.constraint.tightened", "BREAKING", f"{x}.unevaluatedProperties.maxLength")]
    assert facts(closed, {**closed, "unevaluatedProperties": False}) == [
        ("tool.input.constraint.tightened", "BREAKING", f"{x}.unevaluatedProperties")]
    assert facts({**closed, "unevaluatedProperties": False}, closed) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", f"{x}.unevaluatedProperties")]
    # beside an in-place applicator the two keywords govern different values: still reported
    branch = {"allOf": [{"properties": {"r": {"type": "string"}}}]}
    assert facts({**closed, **branch, "unevaluatedProperties": False},
                 {**closed, **branch, "additionalProperties": False}) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.x.unevaluatedProperties"),
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.x.additionalProperties")]
