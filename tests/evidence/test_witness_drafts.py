"""Witnesses under the drafts before 2020-12, where jsonschema's own keyword code fails:
each BREAKING below lost its witness, or was shown a false one, to jsonschema's legacy
``additionalItems``, ``unevaluatedItems`` or ``unevaluatedProperties`` (hostile trial, round
13). The oracle is jsonschema-rs alone: jsonschema's class for these drafts is the code that
failed."""

from __future__ import annotations

import pytest
from test_witness import diff, only

jsonschema_rs = pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

DRAFT_7 = "http://json-schema.org/draft-07/schema#"
DRAFT_2019 = "https://json-schema.org/draft/2019-09/schema"


def _pair(draft: str, array: dict) -> tuple[dict, dict]:
    """An array ``a`` and a string ``b``, both required; the new side makes ``b`` an integer."""
    def side(kind: str) -> dict:
        return {"$schema": draft, "type": "object", "required": ["a", "b"],
                "properties": {"a": {"type": "array", **array}, "b": {"type": kind}}}

    return side("string"), side("integer")


def _shows_the_break(old: dict, new: dict, value: object) -> bool:
    return jsonschema_rs.validator_for(old).is_valid(value) and not jsonschema_rs.validator_for(new).is_valid(value)


@pytest.mark.parametrize("draft", [DRAFT_7, DRAFT_2019])
@pytest.mark.parametrize("items", [True, False])
def test_additional_items_beside_a_boolean_items_leaves_the_witness_found(draft, items):
    """Hostile trial, round 13 (found beside its case 03): jsonschema's additionalItems takes
    len() of a boolean items and raised TypeError, so the type change of b read "no witness:
    the validator failed: TypeError" though {"a": [], "b": ""} shows it."""
    old, new = _pair(draft, {"items": items, "additionalItems": False})
    finding = only(diff(old, new), "tool.input.type.changed")
    assert finding.witness.found, finding.witness.note
    assert _shows_the_break(old, new, finding.witness.value)


def test_items_false_beside_unevaluated_items_leaves_the_witness_found():
    """Hostile trial, round 13, case 03: jsonschema's 2019-09 unevaluatedItems takes len() of
    items: false and raised TypeError, so the type change read "no witness: the validator
    failed: TypeError" though {"a": [], "b": ""} shows it."""
    old, new = _pair(DRAFT_2019, {"items": False, "unevaluatedItems": False})
    finding = only(diff(old, new), "tool.input.type.changed")
    assert finding.witness.found, finding.witness.note
    assert _shows_the_break(old, new, finding.witness.value)


def test_no_false_witness_for_what_a_ref_targets_additional_properties_evaluated():
    """Hostile trial, round 13, case 01: unevaluatedProperties: false added beside a $ref whose
    target's additionalProperties evaluates every member refuses nothing more (Core 2019-09,
    9.3.2.3 and 9.3.2.4), but jsonschema's 2019-09 walk missed those members and the finding
    showed {"extra": ""}, a call the new schema accepts. Whatever is reported, a witness
    shown must show the break."""
    def side(**more: object) -> dict:
        return {"$schema": DRAFT_2019, "type": "object", "$ref": "#/$defs/d",
                "$defs": {"d": {"additionalProperties": {"type": "string"}}}, **more}

    old, new = side(), side(unevaluatedProperties=False)
    shown = [finding.witness.value for finding in diff(old, new).changes
             if finding.witness is not None and finding.witness.found]
    assert all(_shows_the_break(old, new, value) for value in shown), shown
    for value in ({"extra": ""}, {}, {"a": "x", "b": "y"}):
        assert not _shows_the_break(old, new, value)  # the two schemas accept the same values
