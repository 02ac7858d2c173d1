"""A ``propertyNames`` that every name a closed object admits satisfies refuses no object the
node accepts: the canonical form drops it, so adding or removing it is no finding.

Hostile trial, round 19: ``propertyNames: {enum: [a, b]}`` added beside ``properties: {a: {}}``
and ``additionalProperties: false`` was a BREAKING "propertyNames added" with no witness, though
the old schema already admitted only the name ``a`` (Core 2020-12, 10.3.2.3).
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

CLOSED = {"type": "object", "properties": {"a": {}, "ab": {"type": "string"}}, "additionalProperties": False}
VALUES = ({}, {"a": 1}, {"ab": "x"}, {"a": 1, "ab": "x"}, {"b": 1}, {"abc": 1}, {"a": 1, "b": 2})


def _with(names: Any, **keywords: Any) -> dict:
    return {**CLOSED, **keywords, "propertyNames": names}


@pytest.mark.parametrize("names", [
    {"enum": ["a", "ab", "b"]},
    {"pattern": "^a", "maxLength": 2},
    {"type": "string", "minLength": 1, "description": "a name"},
    {"enum": ["ab", "a"], "type": ["string", "null"]},
])
@pytest.mark.parametrize("closing", ["additionalProperties", "unevaluatedProperties"])
def test_a_property_names_the_closed_object_implies_is_no_change(names, closing):
    old = {**{k: v for k, v in CLOSED.items() if k != "additionalProperties"}, closing: False}
    new = {**old, "propertyNames": names}
    assert diff_input_schemas(old, new).findings == []
    assert diff_input_schemas(new, old).findings == []
    for value in VALUES:
        assert accepted_by_both(old, value) == accepted_by_both(new, value), value


@pytest.mark.parametrize("names", [
    {"enum": ["a", "b"]},  # leaves out ab, which the object admits
    {"pattern": "^b"},
    {"maxLength": 1},
])
def test_a_property_names_that_refuses_a_declared_name_still_tightens(names):
    (finding,) = diff_input_schemas(CLOSED, _with(names)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.tightened", "BREAKING")
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(CLOSED, value) and not accepted_by_both(_with(names), value)


def test_beside_a_pattern_the_object_admits_more_names():
    """A patternProperties entry admits names ``properties`` does not declare: kept."""
    old = {**CLOSED, "patternProperties": {"^z": {}}}
    (finding,) = diff_input_schemas(old, {**old, "propertyNames": {"enum": ["a", "ab"]}}).findings
    assert finding.severity.name == "BREAKING"


def test_a_pattern_that_is_not_run_keeps_the_property_names():
    (finding,) = diff_input_schemas(CLOSED, _with({"pattern": "(?<=x)y|^a"})).findings
    assert finding.rule == "tool.input.constraint.tightened"


@pytest.mark.parametrize("reverse", [False, True])
def test_a_property_names_beside_an_object_closed_on_the_other_side_refuses_nothing_it_took(reverse):
    """Opening the object and adding the propertyNames that its names pass (or the reverse):
    the propertyNames refuses no object the closed side took, so only the object's opening is
    news (it was a BREAKING "propertyNames added" no call could show beside it)."""
    closed = {"type": "object", "properties": {"a": {}}, "additionalProperties": False}
    named = {"type": "object", "properties": {"a": {}}, "propertyNames": {"enum": ["a", "b"]}}
    old, new = (named, closed) if reverse else (closed, named)
    findings = diff_input_schemas(old, new).findings
    names = [f for f in findings if f.path == "inputSchema.propertyNames"]
    assert [(f.rule, f.severity.name) for f in names] == [("tool.input.constraint.loosened", "NON_BREAKING")]
    assert "admits only the names it declares" in names[0].message
    for finding in findings:
        if finding.severity.name == "BREAKING":
            assert accepted_by_both(old, finding.witness.value) and not accepted_by_both(new, finding.witness.value)


_OPEN = {"type": "object", "properties": {"a": {}, "ab": {"type": "string"}}}
_MEMBERS = (*VALUES, {"a": 1, "ab": 2}, {"ab": "x", "c": "y"}, {"c": "y"}, {"": 1})


@pytest.mark.parametrize("names_closed", [
    {"propertyNames": {"enum": ["a", "ab"]}},
    {"propertyNames": {"const": "a"}},
    {"propertyNames": {"enum": ["a", "abc"]}, "patternProperties": {"^abc$": {}}},
    {"patternProperties": {"": {"type": "string"}, "^b": {"type": "integer"}}},
    {"patternProperties": {"^": {}}},
    {"maxProperties": 1, "required": ["a"]},
    {"maxProperties": 2, "required": ["ab", "a"]},
])
@pytest.mark.parametrize("reverse", [False, True])
def test_additional_properties_false_where_every_name_is_declared_already(names_closed, reverse):
    """Hostile trial, round 31: ``additionalProperties: false`` added beside a ``propertyNames:
    {enum: [a]}`` that admits only the declared ``a``, beside a pattern that matches every
    name, or beside ``maxProperties: 1`` and ``required: [a]``, was a BREAKING "additionalProperties
    added: false" no call could show: no object the old schema accepts holds a member it governs.
    A respelling each way, and the two sides give every value one verdict."""
    old = {**_OPEN, **names_closed}
    new = {**old, "additionalProperties": False}
    old, new = (new, old) if reverse else (old, new)
    (finding,) = [f for f in diff_input_schemas(old, new).findings if f.path.endswith("additionalProperties")]
    assert finding.severity.name == "NON_BREAKING", finding.message
    assert "governs no member" in finding.message
    for value in _MEMBERS:
        assert accepted_by_both(old, value) == accepted_by_both(new, value), value


@pytest.mark.parametrize("names_open", [
    {"propertyNames": {"enum": ["a", "c"]}},
    {"propertyNames": {"pattern": "^a$"}},
    {"patternProperties": {"^$": {}}},
    {"patternProperties": {".*x$": {}}},
    {"maxProperties": 2, "required": ["a"]},
    {"maxProperties": 1, "required": ["c"]},
    # python-jsonschema reads a lone "" as no pattern (it joins them with "|"), and then refuses
    # {"c": "y"} beside additionalProperties: false, which jsonschema-rs accepts
    {"patternProperties": {"": {"type": "string"}}},
])
def test_additional_properties_false_still_tightens_where_a_name_was_undeclared(names_open):
    old = {**_OPEN, **names_open}
    new = {**old, "additionalProperties": False}
    (finding,) = [f for f in diff_input_schemas(old, new).findings if f.path.endswith("additionalProperties")]
    assert finding.severity.name == "BREAKING", finding.message
