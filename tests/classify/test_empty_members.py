"""A property whose schema accepts no value, or no value of one type, on one or both sides.

Hostile trial, round 21 left three false BREAKINGs without a witness, all on arrays that
accept nothing: ``contains: false`` → ``maxItems: 0`` (the old ``l`` took no value, the new
one takes ``[]``), and ``minItems: 1`` added beside an untyped ``contains: false`` (arrays
refused on both sides, every other value accepted on both). The decision (docs/
classification-notes.md, "Members that accept nothing"): an optional member whose old schema
accepted no value was never sent by a call that passed, so a change inside it is one
loosening; a required one made the object accept no call, and its findings stay, the witness
search saying so (issue 34's airtable shape, tests/checks/test_no_call.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas, diff_output_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

VALUES = (None, True, 0, 2.5, "", "abc", [], ["a"], [1, 2], {}, {"a": 1})


def _member(l_schema: Any, required: bool = False) -> dict:
    return {"type": "object", "properties": {"l": l_schema}, **({"required": ["l"]} if required else {})}


def _ruled(report: Any) -> list[tuple[str, str, str]]:
    return sorted((f.rule, f.severity.name, f.path) for f in report.findings)


def test_an_optional_member_that_accepted_nothing_is_one_loosening_whatever_changed_inside():
    old, new = _member({"type": "array", "contains": False}), _member({"type": "array", "maxItems": 0})
    assert not any(accepted_by_both(old, {"l": value}) for value in VALUES)
    assert accepted_by_both(new, {"l": []})
    report = diff_input_schemas(old, new)
    assert _ruled(report) == [("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.l")]
    assert report.findings[0].message == ("property 'l' changed, and its schema accepted no value before: "
                                          "a member 'l' was rejected, and may be accepted now")


def test_on_output_the_member_that_may_now_be_returned_breaks_a_client():
    old, new = _member({"type": "array", "contains": False}), _member({"type": "array", "maxItems": 0})
    assert _ruled(diff_output_schemas(old, new)) == [
        ("tool.output.constraint.loosened", "BREAKING", "outputSchema.properties.l")]


def test_a_required_member_that_accepted_nothing_keeps_its_findings_and_says_no_call_passed():
    old = _member({"type": "array", "contains": False}, required=True)
    new = _member({"type": "array", "contains": False, "maxItems": 0}, required=True)
    report = diff_input_schemas(old, new)
    # Both sides accept nothing: one respelling, as before this change.
    assert _ruled(report) == [("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.l")]
    new = _member({"type": "array", "maxItems": 0, "minItems": 0}, required=True)
    report = diff_input_schemas(old, {**new, "properties": {**new["properties"], "k": {"type": "string"}},
                                      "required": ["l", "k"]})
    broken = [f for f in report.findings if f.severity.name == "BREAKING"]
    assert broken and all(not f.witness.found and f.witness.reason == "accepts_no_call" for f in broken)


def test_keywords_of_a_type_neither_side_accepts_change_nothing():
    old, new = _member({"contains": False}), _member({"contains": False, "minItems": 1})
    for value in VALUES:
        assert accepted_by_both(old, {"l": value}) == accepted_by_both(new, {"l": value}), value
    report = diff_input_schemas(old, new)
    assert _ruled(report) == [("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.l")]
    assert report.findings[0].message == ("property 'l' changed in keywords that read only array values, "
                                          "but it accepts no array value before or after")


def test_strings_refused_on_both_sides_leave_the_numbers_findings_in_place():
    old = _member({"type": ["string", "integer"], "minLength": 3, "maxLength": 1})
    new = _member({"type": ["string", "integer"], "minLength": 3, "maxLength": 1, "pattern": "^a",
                   "minimum": 5})
    assert accepted_by_both(old, {"l": 1}) and not accepted_by_both(new, {"l": 1})
    found = _ruled(diff_input_schemas(old, new))
    assert ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.l.minimum") in found
    assert not any(path.endswith(".pattern") for _, _, path in found)
    assert ("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.l") in found


def test_a_type_accepted_on_one_side_keeps_its_keyword_findings():
    # Arrays are refused before (contains false) and accepted after: the change is real.
    old, new = _member({"contains": False}), _member({"minItems": 1})
    report = diff_input_schemas(old, new)
    assert not any(f.variant == "type_refused_before_and_after" for f in report.findings)
    assert accepted_by_both(new, {"l": ["a"]}) and not accepted_by_both(old, {"l": ["a"]})


def test_an_annotation_inside_the_refused_type_is_kept():
    old = _member({"contains": False, "items": {"description": "One item."}})
    new = _member({"contains": False, "items": {"description": "One entry.", "type": "string"}})
    rules = {f.rule for f in diff_input_schemas(old, new).findings}
    assert "tool.input.description.changed" in rules
    assert not rules & {"tool.input.type.narrowed", "tool.input.constraint.tightened"}


def test_a_member_that_accepts_nothing_now_is_one_tightening_the_reverse_of_the_loosening():
    """The swap property (tests/classify/test_properties.py) drew ``{type: integer, enum: ["x"]}``
    (no value) against a string: one way a loosening at the member, the other a BREAKING
    ``type.changed``, which are no reverse of each other. Accepting nothing now is one
    ``constraint.tightened`` at the member, with a witness."""
    empty, strings = _member({"type": "integer", "enum": ["x"]}), _member({"anyOf": [{"type": "string"}] * 2})
    assert _ruled(diff_input_schemas(empty, strings)) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.l")]
    report = diff_input_schemas(strings, empty)
    value = report.findings[0].witness.value
    assert _ruled(report) == [("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.l")]
    assert report.findings[0].message == ("property 'l' changed, and its schema accepts no value now: "
                                          "a member 'l' that was accepted is rejected")
    assert accepted_by_both(strings, value) and not accepted_by_both(empty, value)


@pytest.mark.parametrize("refuser", [
    {"patternProperties": {"^a$": False}},
    {"patternProperties": {"^a": {"not": {}}}},
    {"propertyNames": {"not": {"const": "a"}}},
    {"propertyNames": {"pattern": "^b"}},
    # Hostile trial, round 30: an object that takes no member, or none beside ``a``.
    {"maxProperties": 0},
    {"dependentSchemas": {"a": False}},
    {"dependentSchemas": {"a": {"type": "string"}}},
])
def test_a_member_the_object_refuses_beside_its_schema_changes_no_call(refuser):
    """Hostile trial, round 23: ``a: {type: string}`` → ``a: false`` beside ``patternProperties:
    {"^a$": false}`` was a BREAKING "the schema now rejects every value", though the pattern
    (or a propertyNames that refuses the name) refused ``{"a": "x"}`` before too. Round 30: the
    same beside ``maxProperties: 0`` or a ``dependentSchemas`` entry for ``a`` that accepts no
    object."""
    old = {"type": "object", "properties": {"a": {"type": "string"}}, **refuser}
    new = {"type": "object", "properties": {"a": False}, **refuser}
    for value in ("x", 1, None):
        assert not accepted_by_both(old, {"a": value}) and not accepted_by_both(new, {"a": value})
    report = diff_input_schemas(old, new)
    assert [(f.rule, f.severity.name, f.variant) for f in report.findings] == [
        ("tool.input.constraint.loosened", "NON_BREAKING", "member_refused_before_and_after")]
    # Where nothing beside refuses the member, the change is the BREAKING it was.
    plain = diff_input_schemas({"type": "object", "properties": {"a": {"type": "string"}}},
                               {"type": "object", "properties": {"a": False}})
    assert [f.severity.name for f in plain.findings] == ["BREAKING"]


@pytest.mark.parametrize("beside", [{"maxProperties": 1}, {"dependentSchemas": {"a": {"type": "object"}}},
                                    {"dependentSchemas": {"b": False}}])
def test_an_object_that_still_takes_the_member_keeps_the_break(beside):
    """The round-30 readings must not reach further: a ``maxProperties`` of 1, or a
    ``dependentSchemas`` entry that accepts objects (or is for another name), leaves ``{"a":
    "x"}`` accepted, and ``a`` string → integer stays the BREAKING it is."""
    old = {"type": "object", "properties": {"a": {"type": "string"}}, **beside}
    new = {"type": "object", "properties": {"a": {"type": "integer"}}, **beside}
    assert accepted_by_both(old, {"a": "x"}) and not accepted_by_both(new, {"a": "x"})
    assert "BREAKING" in [f.severity.name for f in diff_input_schemas(old, new).findings]
