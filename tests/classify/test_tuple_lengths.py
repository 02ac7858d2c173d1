"""An array's length read with the cap a closed tuple sets: ``items: false`` beside
``prefixItems`` holds at most those positions, so a ``maxItems`` it implies is no change, a
tuple respelled as ``items`` and ``maxItems`` is one spelling of the same arrays, and a property
whose array accepts nothing on either side changes no call's fate.

Hostile trial, round 19: ``maxItems: 1`` added beside ``prefixItems: [{string}], items: false``
was a BREAKING "maxItems added" no call could show; ``prefixItems: [{string}, {string}], items:
false`` → ``items: {string}, maxItems: 2`` was a BREAKING "maxItems added: 2" beside "the schema
no longer rejects every value", both false (``["a", "b"]`` is accepted by both); and ``minItems``
2 → 3 beside one closed position (no array either way) a BREAKING tightening.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas, diff_output_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING = {"type": "string"}
ARRAYS = ([], ["a"], ["a", "b"], ["a", "b", "c"], [1], ["a", 1])


def _list(**keywords: Any) -> dict:
    return {"type": "object", "properties": {"l": {"type": "array", **keywords}}}


def _same_calls(old: dict, new: dict) -> None:
    for value in ARRAYS:
        assert accepted_by_both(old, {"l": value}) == accepted_by_both(new, {"l": value}), value


@pytest.mark.parametrize("closing", ["items", "unevaluatedItems"])
@pytest.mark.parametrize("most", [1, 4])
def test_a_max_items_the_closed_tuple_implies_is_no_change(closing, most):
    old = _list(prefixItems=[STRING], **{closing: False})
    new = _list(prefixItems=[STRING], maxItems=most, **{closing: False})
    assert diff_input_schemas(old, new).findings == []
    assert diff_input_schemas(new, old).findings == []
    _same_calls(old, new)


@pytest.mark.parametrize("reverse", [False, True])
def test_a_tuple_respelled_as_items_and_max_items_breaks_nothing(reverse):
    old, new = _list(prefixItems=[STRING, STRING], items=False), _list(items=STRING, maxItems=2)
    old, new = (new, old) if reverse else (old, new)
    _same_calls(old, new)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert finding.path == "inputSchema.properties.l.maxItems"
    assert "caps the length at 2 too" in finding.message
    assert all(f.severity.name != "BREAKING" for f in diff_output_schemas(old, new).findings)


def test_a_longer_cap_beside_a_tuple_that_went_loosens():
    old, new = _list(prefixItems=[STRING, STRING], items=False), _list(items=STRING, maxItems=3)
    report = diff_input_schemas(old, new)
    assert {(f.rule, f.severity.name) for f in report.findings} == {("tool.input.constraint.loosened", "NON_BREAKING")}
    assert not any("no longer rejects every value" in f.message for f in report.findings)
    assert not accepted_by_both(old, {"l": ["a", "b", "c"]}) and accepted_by_both(new, {"l": ["a", "b", "c"]})


def test_a_shorter_cap_is_a_tightening_with_a_witness():
    old, new = _list(prefixItems=[STRING, STRING], items=False), _list(items=STRING, maxItems=1)
    (finding,) = [f for f in diff_input_schemas(old, new).findings if f.severity.name == "BREAKING"]
    assert finding.path == "inputSchema.properties.l.maxItems"
    value = finding.witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value)


@pytest.mark.parametrize(("before", "after", "rule", "said"), [
    (False, STRING, "tool.input.constraint.loosened", "positions from 1 on: rejected before, accepted now"),
    (STRING, False, "tool.input.constraint.tightened", "positions from 1 on: accepted before, rejected now"),
])
@pytest.mark.parametrize("closing", ["items", "unevaluatedItems"])
def test_items_beside_positions_speak_of_the_positions_past_them(before, after, rule, said, closing):
    old, new = _list(prefixItems=[STRING], **{closing: before}), _list(prefixItems=[STRING], **{closing: after})
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.path == f"inputSchema.properties.l.{closing}"
    assert (finding.rule, finding.message) == (rule, said)
    if rule.endswith("tightened"):
        value = finding.witness.value
        assert accepted_by_both(old, value) and not accepted_by_both(new, value)


def test_a_property_whose_array_accepts_nothing_on_either_side_changes_no_call():
    old = _list(prefixItems=[STRING], items=False, minItems=2)
    new = _list(prefixItems=[STRING], items=False, minItems=3, description="Never sent.")
    _same_calls(old, new)
    findings = diff_input_schemas(old, new).findings
    assert sorted((f.rule, f.severity.name) for f in findings) == [
        ("tool.input.constraint.loosened", "NON_BREAKING"), ("tool.input.description.changed", "POTENTIALLY_BREAKING")]
    (refused,) = [f for f in findings if f.rule.endswith("loosened")]
    assert refused.path == "inputSchema.properties.l"
    assert "accepts no value before or after" in refused.message
    assert all(f.severity.name != "BREAKING" for f in diff_output_schemas(old, new).findings)


def test_a_property_that_accepts_values_on_one_side_is_walked_as_before():
    old = _list(prefixItems=[STRING], items=False, minItems=1)
    new = _list(prefixItems=[STRING], items=False, minItems=2)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.path) == ("tool.input.constraint.tightened", "inputSchema.properties.l.minItems")
