"""A change inside an ``if`` nested in a ``then`` or ``else`` is shown by a call (hostile trial,
round 16).

``{"if": {"required": ["a"]}, "then": {"if": {a: minimum 5}, "else": {a: maximum 2}}}`` with
the inner minimum set to 6 was BREAKING "no witness: none found in 129 validations", though
``{"a": 5}`` shows it: the outer ``if`` holds, so ``then`` applies; the old inner ``if`` holds
(5 ≥ 5), the new one fails, and ``else``'s maximum 2 refuses 5 (Core 2020-12 §10.2.2). The
search read a refusal at ``then.else`` as at the finding's place, but no candidate sat on the
inner condition's boundary: objects were built with the object's own ``if`` merged in, never
one nested in its ``then`` or ``else``. Now each ``if`` reached through ``then`` and ``else``,
at any depth (MAX_WITNESS_CONDITIONS of them), is merged in with what leads to it.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness

from mcp_inspect.evidence.search import Search
from mcp_inspect.limits import MAX_WITNESS_CONDITIONS

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _inner(minimum):
    """The condition that moves: a ≥ 5 → a ≥ 6 decides whether ``else`` caps a at 2."""
    return {"if": {"properties": {"a": {"minimum": minimum}}}, "else": {"properties": {"a": {"maximum": 2}}}}


def _object(**keywords):
    return {"type": "object", "properties": {"a": {"type": "integer"}, "c": {}}, **keywords}


def _in_then(minimum):
    """The trial's case: the inner ``if`` under the ``then`` of an ``if`` that asks for ``a``."""
    return _object(**{"if": {"required": ["a"]}, "then": _inner(minimum)})


def _in_else(minimum):
    return _object(**{"if": {"required": ["c"]}, "else": _inner(minimum)})


def _in_then_of_else(minimum):
    return _object(**{"if": {"required": ["c"]}, "else": {"if": {"required": ["a"]}, "then": _inner(minimum)}})


def _in_else_of_then(minimum):
    return _object(**{"if": {"required": ["a"]}, "then": {"if": {"required": ["c"]}, "else": _inner(minimum)}})


def _four_deep(minimum):
    node = _inner(minimum)
    for _ in range(4):
        node = {"if": {"required": ["a"]}, "then": node}
    return _object(**node)


def _then_asks_for_c(minimum):
    """The ``then`` on the route requires ``c``: a call without it is refused by both sides."""
    return _object(**{"if": {"required": ["a"]}, "then": {"required": ["c"], **_inner(minimum)}})


def _in_a_member(minimum):
    return {"type": "object", "properties": {"o": _in_then(minimum)}, "required": ["o"]}


@pytest.mark.parametrize(("build", "path", "expected"), [
    (_in_then, "then.if.properties.a.minimum", {"a": 5}),
    (_in_else, "else.if.properties.a.minimum", {"a": 5}),
    (_in_then_of_else, "else.then.if.properties.a.minimum", {"a": 5}),
    (_in_else_of_then, "then.else.if.properties.a.minimum", {"a": 5}),
    (_four_deep, "then.then.then.then.if.properties.a.minimum", {"a": 5}),
    (_then_asks_for_c, "then.if.properties.a.minimum", {"a": 5, "c": ""}),
    (_in_a_member, "properties.o.then.if.properties.a.minimum", {"o": {"a": 5}}),
])
def test_a_change_inside_a_nested_if_is_shown_by_a_call(build, path, expected):
    old, new = build(5), build(6)
    finding, value = breaking_input_witness(old, new, path)
    assert value == expected


def test_the_nested_ifs_followed_stop_at_max_witness_conditions():
    """A ``then`` and an ``else`` that both refer back to their object nest without end (each
    level doubles the routes): the ``if``s read for candidates stop at the bound, shallowest
    first. (Whether the bound at one loses the trial's witness is not asserted: since the
    objects built with a ``then`` merged in, and the wider search, also find ``{"a": 5}``, the
    cases above stand on the code before the fix, where each said "none found".)"""
    looping = _object(**{"if": {"properties": {"a": {"minimum": 5}}}, "then": {"$ref": "#"}, "else": {"$ref": "#"}})
    search = Search(looping, looping)
    routes = [route for route, _ in search._conditions(search.view(looping, looping), looping)]
    assert len(routes) == MAX_WITNESS_CONDITIONS
    assert routes[:3] == [(), ("then",), ("else",)]
    assert max(len(route) for route in routes) == 4  # 1 + 2 + 4 + 8 routes, then one of 16
