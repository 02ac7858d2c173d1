"""A union branch whose bounds refuse every number takes every other value, and losing it is
shown by one (hostile trial, round 44).

``anyOf: [string, integer, {minimum: 5, maximum: 3}]`` → ``anyOf: [string, integer]``: the
third branch accepts null, booleans, objects and arrays. The canonical form folds the string
branch into it, and the classifier says the type narrowed at ``anyOf.0``; the new schema's
``anyOf/0/type`` refuses ``null`` there, but the same keyword as written on the old side (its
first branch, the string one) refuses it too, and the search read that refusal as a sibling
branch's: "none found". The finding's own keyword is the finding's place whatever the old
side writes there. Since the canonical form reads the third branch as every type but the
numbers (hostile trial, round 45) the old union folds into one type list, and the finding
is the ``anyOf``'s own: it still has its witness.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING, INTEGER = {"type": "string"}, {"type": "integer"}


def test_a_branch_refusing_every_number_removed_has_a_witness():
    old = {"type": "object", "properties": {"x": {"anyOf": [STRING, INTEGER, {"minimum": 5, "maximum": 3}]}}}
    new = {"type": "object", "properties": {"x": {"anyOf": [STRING, INTEGER]}}}
    _, witness = breaking_input_witness(old, new, "properties.x.anyOf")
    assert witness["x"] is None or isinstance(witness["x"], bool | dict | list), witness
