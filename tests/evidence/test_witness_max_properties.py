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
