"""Number bounds that refuse every number read as "no number", so a schema compares as what it
accepts (hostile trial, round 45).

``{minimum: 5, maximum: 3}`` accepts no number and every other value. Read as written, a
change of such bounds, or the removal of a number kind or enum member they already refused,
was a BREAKING finding no call could show: ``{minimum: 5, maximum: 3}`` → ``{minimum: 1,
maximum: 2}`` said "upper bound ≤ 3 → ≤ 2" (the new side accepts more: 1 and 2);
``{minimum: 5, maximum: 3, type: [number, string]}`` → ``{type: string}`` said "type
narrowed" (the two accept the same values); an enum's 1 and 4 "lost" beside those bounds
had never been accepted; and a ``oneOf`` branch's ``maximum: 3`` → ``4`` beside ``minimum:
5`` changed nothing. The canonical form now takes the number kinds out of such a node's
``type`` (every type but them where it has none), and the bounds go with them. Each claim
below is checked with jsonschema.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from support import property_changes

STRING = {"type": "string"}
PROBES = [0, 1, 2, 3, 4, 5, 6, 2.5, "a", "b", None, True, [], {}]


def accepts(schema: Any, value: Any) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(value)


@pytest.mark.parametrize(("old", "new"), [
    ({"minimum": 5, "maximum": 3, "type": ["number", "string"]}, STRING),
    ({"minimum": 5, "maximum": 3, "enum": [1, "a", 4]}, {"enum": ["a"]}),
    ({"oneOf": [STRING, {"minimum": 5, "maximum": 3}]}, {"oneOf": [STRING, {"minimum": 5, "maximum": 4}]}),
], ids=["type-list", "enum", "oneOf-branch"])
def test_schemas_accepting_the_same_values_read_as_no_change(old, new):
    assert all(accepts(old, v) == accepts(new, v) for v in PROBES)
    assert property_changes(old, new) == []


def test_bounds_refusing_every_number_loosened_is_not_breaking():
    old, new = {"minimum": 5, "maximum": 3}, {"minimum": 1, "maximum": 2}
    assert all(accepts(new, v) for v in PROBES if accepts(old, v))  # the new side refuses nothing the old took
    found = property_changes(old, new)
    assert found, "the new side accepts 1 and 2"
    assert not any(".tightened" in rule or ".narrowed" in rule or ".changed" in rule for rule, _, _ in found), found
