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


@pytest.mark.parametrize(("old", "new"), [
    ({"type": "array", "allOf": [{"unevaluatedItems": True}], "unevaluatedItems": False},
     {"type": "array", "allOf": [{}], "unevaluatedItems": False}),
    ({"type": "object", "$ref": "#/$defs/x", "unevaluatedProperties": False},
     {"type": "object", "$ref": "#/$defs/y", "unevaluatedProperties": False}),
], ids=["allOf-branch", "ref-target"])
def test_an_unevaluated_true_a_parent_reads_is_kept(old, new):
    """Hostile trial, round 9: an unevaluated* equal to true inside an allOf branch or a $ref
    target was dropped as reading nothing, though the parent's unevaluated* reads what it
    evaluated: one fingerprint for two schemas a call tells apart."""
    defs = {"x": {"unevaluatedProperties": True}, "y": {}}
    report = diff_input_schemas({"type": "object", "properties": {"v": old}, "$defs": defs},
                                {"type": "object", "properties": {"v": new}, "$defs": defs})
    assert report.old.fingerprint != report.new.fingerprint
    assert "BREAKING" in [f.severity.name for f in report.findings]


@pytest.mark.parametrize("schema", [
    {"items": {"$ref": "#/$defs/d1"}, "$defs": {"d1": {"unevaluatedProperties": False, "items": {}}}},
    {"$ref": "#/$defs/d1", "$defs": {"d1": {"anyOf": [{}], "$ref": "#/$defs/d2"}, "d2": {}}},
    {"$ref": "#/$defs/d1", "$defs": {"d1": {"$ref": "#/$defs/d2", "enum": ["x"]}, "d2": False}},
    {"unevaluatedItems": {"type": "integer"}, "propertyNames": {}},
], ids=["unevaluated-respelled", "any-of-anything", "false-target", "property-names"])
def test_forms_a_round_9_fuzzer_found_are_fixed_points(schema):
    once = canonical_schema(schema)
    assert canonical_schema(once) == once


def test_a_branch_that_accepts_anything_adds_nothing_beside_other_keywords():
    """Hostile trial, round 9: allOf: [{}] added beside other keywords was a BREAKING "allOf
    added" with no witness."""
    plain = {"type": "object", "properties": {"a": {"type": "integer"}}}
    for extra in ({"allOf": [{}]}, {"anyOf": [True]}, {"anyOf": [{}, {"minimum": 3}]}):
        assert diff_input_schemas(plain, {**plain, **extra}).findings == [], extra


def test_additional_properties_true_removed_beside_unevaluated_false_has_its_witness():
    """Hostile trial, round 9: the break was graded right, but the search sent no undeclared
    member, reading the old side's unevaluatedProperties false, which additionalProperties
    true beside it leaves nothing to read, and claimed no call could show it."""
    old = {"type": "object", "properties": {"o": {"type": "object", "additionalProperties": True,
                                                  "unevaluatedProperties": False}}}
    new = {"type": "object", "properties": {"o": {"type": "object", "unevaluatedProperties": False}}}
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.severity.name == "BREAKING" and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert jsonschema.Draft202012Validator(old).is_valid(value)
    assert not jsonschema.Draft202012Validator(new).is_valid(value)
