"""A member held inside ``not``: the search sends the values its subschema holds it to.

Hostile trial, round 17: ``minLength: 3`` added to ``b`` inside ``not: {properties: {b: {type:
string}}, required: [b]}`` of an output schema (or beside a ``b: {type: string}`` that still
holds it, in an ``allOf`` branch) lets the server return {"b": ""}, which the old schema
refused; on an input schema the same bound removed refuses it. Both were BREAKING with "no
witness: none found": the object declares no ``b`` of its own, so no call sent one. Every
witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, breaking_output_witness

from mcp_inspect.evidence.witness import search
from mcp_inspect.findings.evidence import INPUT, OUTPUT

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _flat(bound: dict) -> dict:
    return {"type": "object", "not": {"properties": {"b": {"type": "string", **bound}}, "required": ["b"]}}


def _beside(bound: dict | None) -> dict:
    branch = {"properties": {"a": {}, **({"b": bound} if bound is not None else {})}}
    return {"type": "object", "not": {"properties": {"b": {"type": "string"}}, "allOf": [branch, {"required": ["b"]}]}}


SHORT = {"minLength": 3}


@pytest.mark.parametrize(("looser", "tighter", "where"), [
    (_flat({}), _flat(SHORT), "not.properties.b.minLength"),
    (_beside(None), _beside(SHORT), "not.allOf.0.properties.b.minLength"),
], ids=["flat", "beside-a-holder"])
def test_a_bound_inside_not_is_shown_by_a_member_its_subschema_holds(looser, tighter, where):
    # Output: the new schema (bound added in not) allows a result the old refused.
    shown = search(tighter, looser, direction=OUTPUT, where=where)
    assert shown.found, shown.note
    assert accepted_by_both(tighter, shown.value) and not accepted_by_both(looser, shown.value), shown.value
    # Input: the old schema (bound in not) took a call the new one (bound removed) refuses.
    shown = search(tighter, looser, direction=INPUT, where=where)
    assert shown.found, shown.note
    assert accepted_by_both(tighter, shown.value) and not accepted_by_both(looser, shown.value), shown.value
    assert isinstance(shown.value.get("b"), str) and len(shown.value["b"]) < 3


def test_a_member_only_one_side_s_not_declares_is_sent_with_a_value_it_refuses():
    """``c: {type: string}`` declared inside ``not: {required: [a]}``: that subschema now refuses
    an ``a`` beside a ``c`` of another type, so the schema takes it; the old ``not`` (which holds
    ``c`` to nothing) passed it. The search sent ``c`` only where the object declared it."""
    old = {"type": "object", "not": {"required": ["a"]}}
    new = {"type": "object", "not": {"required": ["a"], "properties": {"c": {"type": "string"}}}}
    shown = search(new, old, direction=OUTPUT, where="not.properties.c")
    assert shown.found, shown.note
    assert accepted_by_both(new, shown.value) and not accepted_by_both(old, shown.value), shown.value
    assert "a" in shown.value and not isinstance(shown.value.get("c"), str), shown.value


def _conditional_inside_not(**branches: dict) -> dict:
    return {"type": "object", "not": {"if": {"required": ["a"]}, **branches}}


@pytest.mark.parametrize(("old", "new", "where", "sent"), [
    (_conditional_inside_not(then={"required": ["b", "c"]}), _conditional_inside_not(then={"required": ["b"]}),
     "not.then.properties.c", {"a", "b"}),
    (_conditional_inside_not(then={"properties": {"b": {"type": "string"}}}),
     _conditional_inside_not(then={"properties": {"b": {"type": ["string", "integer"]}}}),
     "not.then.properties.b.type", {"a", "b"}),
    (_conditional_inside_not(**{"else": {"required": ["b", "c"]}}),
     _conditional_inside_not(**{"else": {"required": ["b"]}}), "not.else.properties.c", {"b"}),
], ids=["then-required", "then-type", "else-required"])
def test_a_change_in_a_condition_inside_not_is_shown_by_a_call_its_route_takes(old, new, where, sent):
    """Hostile trial, round 19: an ``if``/``then``/``else`` inside ``not`` whose ``then`` stopped
    requiring ``c`` (or whose ``b`` took integers too) was BREAKING with "none found in 104
    validations", though ``{"a": 1, "b": 1}`` shows it: the old ``then`` fails without ``c``, so
    the ``not`` passes; the new one holds, so the ``not`` refuses. The ``not`` streams sent only
    the members the subschema declares or requires at its top, and this one holds none there:
    they are under the condition. On an output schema, the reverse edit lets the server return
    the same value."""
    shown = search(old, new, direction=INPUT, where=where)
    assert shown.found, shown.note
    assert accepted_by_both(old, shown.value) and not accepted_by_both(new, shown.value), shown.value
    assert set(shown.value) == sent, shown.value
    shown = search(old, new, direction=OUTPUT, where=where)  # the reverse edit, on an output schema
    assert shown.found, shown.note
    assert accepted_by_both(old, shown.value) and not accepted_by_both(new, shown.value), shown.value


def _not_below(bound: int) -> dict:
    return {"type": "object", "not": {"properties": {"a": {"not": {"minimum": bound}}}, "required": ["a"]}}


def test_a_bound_under_a_not_nested_in_not_is_shown_by_a_value_between_the_bounds():
    """Hostile trial, round 20: ``not: {properties: {a: {not: {minimum: 3}}}, required: [a]}`` →
    ``minimum: 5`` was "lower bound ≥ 3 → ≥ 5" with "none found in 899 validations", though
    ``{"a": 4}`` shows it: the old schema refuses only numbers below 3, the new one those below
    5 (Core 2020-12 §10.2.1.4). The numbers tried were steered by bounds beside a schema's
    keywords, never by those under its ``not``, so none fell between 3 and 5. Now a bound under
    a ``not`` steers them too."""
    old, new = _not_below(3), _not_below(5)
    shown = search(old, new, direction=INPUT, where="not.properties.a.not.minimum")
    assert shown.found, shown.note
    assert accepted_by_both(old, shown.value) and not accepted_by_both(new, shown.value), shown.value
    assert 3 <= shown.value["a"] < 5, shown.value


def _member(node: dict) -> dict:
    return {"type": "object", "properties": {"p": node}}


@pytest.mark.parametrize(("old", "new", "path"), [
    (_member({"type": "string"}), _member({"not": {"properties": {"c": {"type": "null"}}}}), "p.type"),
    (_member({"type": "string"}),
     _member({"not": {"anyOf": [{"type": "string"}, {"properties": {"c": {"type": "null"}}}]}}), "p.type"),
], ids=["type-to-not", "not-of-a-union"])
def test_a_not_on_the_accepting_side_is_passed_by_a_value_its_subschema_refuses(old, new, path):
    """Hostile trial, round 30: an output ``p: {type: string}`` → ``p: {not: {properties: {c:
    {type: null}}}}`` was BREAKING with "none found in 503 validations", though ``{"p": {"c":
    1}}`` shows it: the new schema takes exactly the objects whose ``c`` is there and not null,
    and the search built values from the new schema without ever making the subschema under
    its ``not`` fail (the values that a ``not`` on the rejecting side's subschema takes were
    sent, not those one on the accepting side's refuses). Now values steered by that subschema,
    those it refuses first, are sent too."""
    finding, value = breaking_output_witness(old, new, path)
    assert isinstance(value["p"], dict) and value["p"].get("c") is not None, value
