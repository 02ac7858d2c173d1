"""``false`` and a schema that accepts nothing are one value set, wherever they sit.

Hostile trial, round 31: ``additionalProperties: {"not": {}}`` → ``false`` was a BREAKING
"members not declared … are now rejected" (they were rejected before), the same under
``unevaluatedProperties`` said "(additionalProperties became false)", a keyword neither side
has, and ``unevaluatedItems: {"not": {}}`` → ``false`` beside a tuple was "positions from 1
on: accepted before, rejected now". Each is one respelling; a subschema that accepted
something and became false keeps its BREAKING, worded at the keyword the input spells.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

NOTHING = {"not": {}}
VALUES = ({}, {"a": 1}, {"a": 1, "extra": ""}, {"extra": 0}, [], [1], [1, 2], ["x", "y", "z"])


@pytest.mark.parametrize("keyword,beside", [
    ("additionalProperties", {"type": "object", "properties": {"a": {}}}),
    ("unevaluatedProperties", {"type": "object", "properties": {"a": {}}}),
    ("unevaluatedItems", {"type": "array", "prefixItems": [{}]}),
    ("items", {"type": "array", "prefixItems": [{}]}),
])
@pytest.mark.parametrize("swap", [False, True], ids=["to_false", "from_false"])
def test_false_and_a_schema_that_accepts_nothing_are_a_respelling(keyword, beside, swap):
    old, new = {**beside, keyword: NOTHING}, {**beside, keyword: False}
    if swap:
        old, new = new, old
    for value in VALUES:
        assert accepted_by_both(old, value) == accepted_by_both(new, value), value
    report = diff_input_schemas(old, new)
    assert [(f.severity.name, f.variant) for f in report.findings] == [("NON_BREAKING", "refuses_all_respelled")]
    assert report.findings[0].message.startswith(f"{keyword} accepts no value before or after")


def test_a_governing_subschema_made_false_is_named_as_the_input_spells_it():
    old = {"type": "object", "properties": {"a": {}}, "unevaluatedProperties": {"type": "string"}}
    new = {"type": "object", "properties": {"a": {}}, "unevaluatedProperties": False}
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.severity.name == "BREAKING"
    assert finding.message == "members no other keyword evaluates are now rejected (unevaluatedProperties became false)"
