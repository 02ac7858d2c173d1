"""An unevaluated* keyword reads what accept-anything applicators evaluated (Core 2020-12,
11.3), so the canonical form keeps them when one is in the schema, and the walk grades their
coming and going by it (hostile trial, round 7): dropped as constraining nothing, removing
``additionalProperties: true`` from an allOf branch beside ``unevaluatedProperties: false``
read "No changes" with equal fingerprints, though every undeclared member became invalid."""

from __future__ import annotations

import jsonschema
import pytest
from support import diff_input_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

CASES = [
    ({"type": "object", "allOf": [{"additionalProperties": True}], "unevaluatedProperties": False},
     {"type": "object", "allOf": [{}], "unevaluatedProperties": False}),
    ({"type": "object", "properties": {"x": {"type": "array", "allOf": [{"items": True}], "unevaluatedItems": False}}},
     {"type": "object", "properties": {"x": {"type": "array", "allOf": [{}], "unevaluatedItems": False}}}),
    ({"type": "object", "allOf": [{"patternProperties": {"^a": True}}], "unevaluatedProperties": False},
     {"type": "object", "allOf": [{}], "unevaluatedProperties": False}),
]


@pytest.mark.parametrize(("old", "new"), CASES, ids=["additionalProperties", "items", "patternProperties"])
def test_an_evaluating_applicator_removed_beside_unevaluated_is_a_break(old, new):
    for schema in (old, new):
        form = canonical_schema(schema)
        for value in ({}, {"z": 1}, {"a": 1}, {"x": [""]}, {"x": []}):
            assert jsonschema.Draft202012Validator(schema).is_valid(value) == \
                jsonschema.Draft202012Validator(form).is_valid(value), (schema, value)
    report = diff_input_schemas(old, new)
    assert report.old.fingerprint != report.new.fingerprint
    assert [f.severity.name for f in report.findings] == ["BREAKING"]
    assert [f.severity.name for f in diff_input_schemas(new, old).findings] == ["NON_BREAKING"]


def test_without_unevaluated_an_accept_anything_applicator_is_still_no_change():
    assert diff_input_schemas({"type": "object", "additionalProperties": True}, {"type": "object"}).findings == []


@pytest.mark.parametrize(("old", "new", "severities"), [
    # round 8, 01: a no-op unevaluatedItems on b made a's additionalProperties true "removed"
    ({"type": "object", "properties": {"a": {"type": "object", "additionalProperties": True},
                                       "b": {"type": "array", "unevaluatedItems": True}}},
     {"type": "object", "properties": {"a": {"type": "object"}, "b": {"type": "array"}}}, []),
    # 03: a branch a true branch covers still evaluates its properties
    ({"type": "object", "anyOf": [{"properties": {"a": {"type": "integer"}}}, True], "unevaluatedProperties": False},
     {"type": "object", "anyOf": [{"properties": {"b": {"type": "integer"}}}, True], "unevaluatedProperties": False},
     ["BREAKING", "NON_BREAKING"]),
    # 04: a lone if beside a $ref, read by unevaluatedItems
    ({"type": "object", "properties": {"x": {"$ref": "#/$defs/a", "if": {"prefixItems": [True]},
                                             "unevaluatedItems": False}}, "$defs": {"a": {"type": "array"}}},
     {"type": "object", "properties": {"x": {"$ref": "#/$defs/a", "unevaluatedItems": False}},
      "$defs": {"a": {"type": "array"}}}, ["BREAKING"]),
    # 07: additionalProperties true beside unevaluatedProperties false, under not: a loosening
    ({"type": "object", "properties": {"o": {"not": {"type": "object", "additionalProperties": True,
                                                     "unevaluatedProperties": False, "required": ["z"]}}}},
     {"type": "object", "properties": {"o": {"not": {"type": "object", "unevaluatedProperties": False,
                                                     "required": ["z"]}}}}, ["NON_BREAKING"]),
], ids=["other-instance", "covered-branch", "lone-if-beside-ref", "under-not"])
def test_only_an_unevaluated_keyword_that_reads_them_keeps_them(old, new, severities):
    """Hostile trial, round 8: the keep was one flag for the whole schema, a branch covered
    by another was still dropped, a lone if beside a $ref was dropped, and beside
    additionalProperties (which evaluates every other member) unevaluatedProperties read
    nothing yet made the change a BREAKING "rejects every value"."""
    for schema in (old, new):
        form = canonical_schema(schema)
        assert canonical_schema(form) == form
        for value in ({}, {"a": 1}, {"b": 1}, {"o": {"z": 1}}, {"o": {}}, {"x": [1]}, {"x": []}, {"a": {"z": 1}}):
            assert jsonschema.Draft202012Validator(schema).is_valid(value) == \
                jsonschema.Draft202012Validator(form).is_valid(value), (schema, value)
    assert sorted(f.severity.name for f in diff_input_schemas(old, new).findings) == severities
