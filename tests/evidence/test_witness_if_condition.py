"""A change inside ``if`` is refused at ``then`` or ``else`` (hostile trial, round 15).

``if`` refuses nothing itself: it only decides whether ``then`` or ``else`` applies (Core
2020-12 §10.2.2.1–3). Each pair below was BREAKING ``constraint.changed`` "inside 'if'" with
"no witness: none found", though one call shows it (the trial checked each in jsonschema and
jsonschema_rs): the search counted only errors at or beside the finding's path, never at the
``then``/``else`` beside the ``if`` on it, and no candidate sat on the condition's boundary.

- ``if`` minimum 5 → 6 beside ``else`` maximum 2: ``{"a": 5}`` held the old condition (``else``
  not applied) and fails the new one, so ``else`` refuses 5;
- ``if`` const 1 → 2 before ``then`` required [b]: ``{"a": 2}`` now holds the condition, and
  ``then`` asks for ``b``.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

from mcp_inspect.evidence.search import Search

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _bounded(minimum):
    return {"type": "object", "properties": {"a": {"type": "integer"}},
            "if": {"properties": {"a": {"minimum": minimum}}}, "else": {"properties": {"a": {"maximum": 2}}}}


def _constant(const):
    return {"type": "object", "properties": {"a": {}, "b": {}},
            "if": {"properties": {"a": {"const": const}}, "required": ["a"]}, "then": {"required": ["b"]}}


@pytest.mark.parametrize(("old", "new", "path", "expected"), [
    (_bounded(5), _bounded(6), "if.properties.a.minimum", {"a": 5}),
    (_constant(1), _constant(2), "if.properties.a.const", {"a": 2}),
])
def test_a_change_inside_if_is_shown_by_the_call_then_or_else_now_refuses(old, new, path, expected):
    finding, value = breaking_input_witness(old, new, path)
    assert value == expected


def test_a_property_called_if_is_no_condition():
    """A property named "if" beside one named "else" is two members, not a condition: an error
    in "else" is not at the place of a change inside "if" (``_decided_by_if`` reads the step
    as a name after ``properties``)."""
    where = ["properties", "if", "minimum"]
    assert Search._decided_by_if(["if", "properties", "a", "minimum"], ["else", "properties", "a", "maximum"])
    assert not Search._decided_by_if(where, ["properties", "else", "maximum"])
