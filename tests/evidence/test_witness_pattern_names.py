"""Members a pattern governs, sent with the values its schema refuses (hostile trial, round 14).

- Case 01: ``patternProperties {"^a": {type: string}}`` added to an open object was BREAKING
  with "no witness: none found": the search sent the name ``a`` the new pattern matches only
  with a value the pattern's schema takes, never ``{"a": 0}``. The same held for
  ``multipleOf``, under a nested property and inside ``allOf``.
- Case 04: a property ``ab`` added with ``maxLength: 1`` under the old side's pattern ``^a``
  (``{type: string}``), which governed it: the values of a member only the new side declares
  were steered by its declaration only where the old side's additionalProperties was a
  schema, never where a pattern held the name, so ``{"ab": "aa"}`` was not sent.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRINGS = {"^a": {"type": "string"}}


def _only_witness(old, new):
    (finding,) = diff_input_schemas(old, new).changes
    assert finding.severity.name == "BREAKING", finding
    assert finding.witness is not None and finding.witness.found, finding.witness and finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(old, value), value
    assert not accepted_by_both(new, value), value
    return value


def _object(**more):
    return {"type": "object", **more}


@pytest.mark.parametrize(("old", "new"), [
    # The trial's pair.
    (_object(), _object(patternProperties=STRINGS)),
    (_object(), _object(patternProperties={"^a": {"multipleOf": 2}})),
    # Beside a property the pattern does not match.
    (_object(properties={"b": {}}), _object(properties={"b": {}}, patternProperties=STRINGS)),
    # Beside a property the pattern matches: the property's values, steered by the pattern (this one
    # passed before the fix too, the property's own values holding a number: a guard).
    (_object(properties={"a": {}}), _object(properties={"a": {}}, patternProperties=STRINGS)),
    # Under a property.
    (_object(properties={"o": _object()}), _object(properties={"o": _object(patternProperties=STRINGS)})),
    # Inside allOf, beside a branch that requires a member.
    (_object(allOf=[{"required": ["x"]}, _object()]),
     _object(allOf=[{"required": ["x"]}, _object(patternProperties=STRINGS)])),
])
def test_a_pattern_added_to_an_open_object_is_shown_by_a_name_it_matches(old, new):
    value = _only_witness(old, new)
    assert any(isinstance(member, dict) and any(name.startswith("a") for name in member)
               for member in (value, *value.values())), value


@pytest.mark.parametrize("closing", [{}, {"additionalProperties": False}])
@pytest.mark.parametrize("nested", [False, True])
def test_a_property_added_under_the_pattern_that_governed_it_is_shown_by_its_own_bound(closing, nested):
    old = _object(patternProperties=STRINGS, **closing)
    new = _object(patternProperties=STRINGS, properties={"ab": {"type": "string", "maxLength": 1}}, **closing)
    if nested:
        old, new = _object(properties={"o": old}), _object(properties={"o": new})
    value = _only_witness(old, new)
    member = value["o"] if nested else value
    assert isinstance(member.get("ab"), str) and len(member["ab"]) > 1, value


def test_a_key_ended_and_followed_by_a_dot_is_shown_by_a_line_terminator():
    """Hostile trial, round 43: ``^a`` → ``^a$`` and ``^a.`` on a closed object was BREAKING
    with "none found": ``.`` refuses a line terminator, so ``{"a\\nx": ""}`` is refused now
    (``a\\n`` is not: Python's ``$`` matches before a final newline, so jsonschema takes it)."""
    strings = {"type": "string"}
    old = _object(patternProperties={"^a": strings}, additionalProperties=False)
    new = _object(patternProperties={"^a$": strings, "^a.": strings}, additionalProperties=False)
    assert _only_witness(old, new) == {"a\nx": ""}
