"""An applicator whose schema holds only annotations (``description``, ``title``, ``examples``,
``$comment``, ``default``, ``deprecated``) accepts every value, as ``{}`` does, and ``{}`` there
is read as the keyword's absence: so is such a schema (hostile trial, round 45)."""

from __future__ import annotations

import pytest
from support import diff_input_schemas

NOTE = {"description": "any extra option"}


def _member(schema: dict) -> dict:
    return {"type": "object", "properties": {"p": schema}}


@pytest.mark.parametrize(("old", "new"), [
    ({"type": "object"}, {"type": "object", "additionalProperties": NOTE}),
    ({"type": "object", "additionalProperties": NOTE}, {"type": "object"}),
    ({"type": "object"}, {"type": "object", "propertyNames": {"title": "a name"}}),
    ({"type": "object"}, {"type": "object", "unevaluatedProperties": NOTE}),
    ({"type": "array"}, {"type": "array", "items": {"description": "an item", "examples": [1]}}),
    ({"type": "array", "prefixItems": [{"type": "string"}]},
     {"type": "array", "prefixItems": [{"type": "string"}], "items": {"$comment": "the rest"}}),
    ({"type": "array"}, {"type": "array", "unevaluatedItems": {"deprecated": True}}),
], ids=["additionalProperties-added", "additionalProperties-removed", "propertyNames", "unevaluatedProperties",
        "items", "items-past-a-tuple", "unevaluatedItems"])
def test_an_applicator_holding_only_annotations_constrains_nothing(old, new):
    """Hostile trial, round 45: ``additionalProperties: {"description": "any extra option"}``
    added to an open object was a BREAKING "additionalProperties added" with no witness: the
    schema accepts every value, as ``{}`` (read as absent) does. The annotation itself may
    still be said, as documentation."""
    findings = diff_input_schemas(_member(old), _member(new)).findings
    assert {f.rule.split(".")[2] for f in findings} <= {"description", "deprecated"}, findings


def test_an_annotation_only_additional_properties_read_by_unevaluated_properties_still_evaluates():
    """Where an ``unevaluatedProperties`` beside an ``allOf`` branch reads what the branch
    evaluates, an annotation-only ``additionalProperties`` added to the branch evaluates every
    member, as ``{}`` would: the members ``unevaluatedProperties: false`` refused are accepted,
    a loosening (not nothing)."""
    old = {"type": "object", "allOf": [{"properties": {"a": {"type": "string"}}}], "unevaluatedProperties": False}
    new = {"type": "object", "allOf": [{"properties": {"a": {"type": "string"}}, "additionalProperties": NOTE}],
           "unevaluatedProperties": False}
    findings = diff_input_schemas(_member(old), _member(new)).findings
    assert "NON_BREAKING" in {f.severity.name for f in findings}, findings
    assert "BREAKING" not in {f.severity.name for f in findings}, findings


def test_not_of_an_annotation_only_schema_is_not_read_as_absent():
    """``not: {"description": …}`` refuses every value, as ``not: {}`` does: adding it stays a
    BREAKING change."""
    findings = diff_input_schemas(_member({"type": "string"}), _member({"type": "string", "not": NOTE})).findings
    assert "BREAKING" in {f.severity.name for f in findings}, findings
