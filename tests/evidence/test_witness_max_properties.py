"""A ``maxProperties`` that refuses members an open object took is shown by a call that sends
one member more than the bound (hostile trial, round 30).

``{type: object}`` → ``{type: object, maxProperties: 1}`` was BREAKING "maxProperties added: 1"
with "none found in 107 validations" (113 in a member), though ``{"b": 1, "c": 1}`` shows it:
an object that leaves ``additionalProperties`` out takes any member (Core 2020-12 §10.3.2.3),
and ``maxProperties`` refuses one more than its bound (Validation 2020-12 §6.5.1). The search
filled a ``minProperties`` with undeclared members but never sent more members than the object
declares, so the bound was never passed. The output mirror (a bound removed or raised) and a
draft-04 schema failed the same way.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import breaking_input_witness, breaking_output_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

DRAFT_04 = "http://json-schema.org/draft-04/schema#"


def _member(node: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"p": node}}


@pytest.mark.parametrize(("old", "new", "path"), [
    ({"type": "object"}, {"type": "object", "maxProperties": 1}, "inputSchema.maxProperties"),
    (_member({"type": "object"}), _member({"type": "object", "maxProperties": 1}), "p.maxProperties"),
    (_member({"type": "object", "maxProperties": 3}), _member({"type": "object", "maxProperties": 1}),
     "p.maxProperties"),
    ({"$schema": DRAFT_04, "type": "object"}, {"$schema": DRAFT_04, "type": "object", "maxProperties": 1},
     "inputSchema.maxProperties"),
], ids=["root", "member", "lowered", "draft-04"])
def test_a_bound_on_an_open_object_is_passed_with_undeclared_members(old, new, path):
    finding, value = breaking_input_witness(old, new, path)
    members = value if path.startswith("inputSchema") else value["p"]
    assert len(members) == 2, value  # one past the new bound, nothing more


@pytest.mark.parametrize(("old", "new"), [
    (_member({"type": "object", "maxProperties": 1}), _member({"type": "object"})),
    (_member({"type": "object", "maxProperties": 1, "unevaluatedProperties": {"type": "array"}}),
     _member({"type": "object", "unevaluatedProperties": {"type": "array"}})),
    (_member({"type": "object", "maxProperties": 1}), _member({"type": "object", "maxProperties": 4})),
], ids=["removed", "removed-beside-unevaluated", "raised"])
def test_a_bound_removed_from_an_output_object_is_passed_with_undeclared_members(old, new):
    finding, value = breaking_output_witness(old, new, "p.maxProperties")
    assert len(value["p"]) == 2, value


@pytest.mark.parametrize("closed", [
    {"patternProperties": {"^p": {}}, "additionalProperties": False},
    {"patternProperties": {"^p[0-9]$": {"type": "integer"}}, "additionalProperties": False},
    {"properties": {"a": {}}, "patternProperties": {"^q": {}}, "unevaluatedProperties": False},
], ids=["patterns-only", "anchored-pattern", "unevaluated-with-a-pattern"])
def test_a_bound_on_a_closed_object_is_passed_with_names_its_patterns_take(closed):
    """Hostile trial, round 31: a closed object whose members come from its patterns
    (``patternProperties: {^p: {}}`` beside ``additionalProperties: false``, or a declared ``a``
    and ``^q`` beside ``unevaluatedProperties: false``) gaining ``maxProperties: 1`` was "none
    found" (895 and 1,689 validations), though ``{"p1": 0, "p2": 0}`` and ``{"a": 0, "q": 0}``
    show it: the search filled a closed object only with the members it declares, never with
    names its patterns take."""
    old = {"type": "object", **closed}
    finding, value = breaking_input_witness(old, {**old, "maxProperties": 1}, "inputSchema.maxProperties")
    assert len(value) == 2, value
