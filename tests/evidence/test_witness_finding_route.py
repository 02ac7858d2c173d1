"""A change deep in nested ``then``s (or ``else``s) is shown by a call, however the other
branches nest (hostile trial, round 17).

Four nested ``if {kI: integer ≥ I, required}``, each ``else`` a ``$ref`` to a recursive
definition (``L = {properties: {y: {$ref: L}}}``), with the innermost ``then``'s ``a.minimum``
moved from 5 to 6, was BREAKING "no witness: none found within the search budget (2,000
validations)", though ``{"k0": 0, "k1": 1, "k2": 2, "k3": 3, "a": 5}`` shows it: every ``if``
holds, so the innermost ``then`` applies. The only objects that held ``a ≥ 5`` were built one
``then`` merged in per level, and each level shared its turn with the others, among them the
``else`` stream, which a recursive definition never lets run dry: the call came after 2,189
validations. Now the route the finding's path takes (``then.then.then.then``) is merged in
whole, first, and the ``if``s on it are read before the bound (MAX_WITNESS_CONDITIONS) cuts
the breadth-first walk.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import breaking_input_witness

from mcp_inspect.limits import MAX_WITNESS_ATTEMPTS, MAX_WITNESS_CONDITIONS

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

#: A definition that refers to itself through a member: its candidates never run out.
_LOOP = {"L": {"properties": {"y": {"$ref": "#/$defs/L"}}}}


def _condition(index: int) -> dict[str, Any]:
    return {"properties": {f"k{index}": {"type": "integer", "minimum": index}}, "required": [f"k{index}"]}


def _nested_thens(minimum: int, levels: int) -> dict[str, Any]:
    """The trial's case: ``levels`` nested ``if``s in ``then``, each ``else`` the recursive ``L``."""
    node: dict[str, Any] = {"properties": {"a": {"minimum": minimum}}}
    for index in range(levels):
        node = {"if": _condition(index), "then": node, "else": {"$ref": "#/$defs/L"}}
    return {"type": "object", "properties": {"a": {"type": "integer"}}, "$defs": _LOOP, **node}


def _nested_elses(minimum: int, levels: int) -> dict[str, Any]:
    """The mirror: nested ``if``s in ``else``, each ``then`` the recursive ``L``; a call that
    sends no ``kI`` fails every ``if``, so the innermost ``else`` applies."""
    node: dict[str, Any] = {"properties": {"a": {"minimum": minimum}}}
    for index in range(levels):
        node = {"if": _condition(index), "then": {"$ref": "#/$defs/L"}, "else": node}
    return {"type": "object", "properties": {"a": {"type": "integer"}}, "$defs": _LOOP, **node}


#: How deep ``_past_the_bound`` puts its ``if``: before the fix, 5 to 8 were still found past
#: the bound, in 244 to 1,892 validations (doubling with each level), and 9 was not.
_DEEP = 9


def _past_the_bound(minimum: int) -> dict[str, Any]:
    """An ``if`` (``a ≥ minimum``, else ``a ≤ 2``) ``_DEEP`` ``then``s deep in a tree whose
    every ``then`` and ``else`` holds another ``if``, the other leaves the recursive ``L``:
    breadth first, the bound stops at depth four (1 + 2 + 4 + 8 routes, then one of 16), so
    the ``if`` the finding lies in was never read on its own."""
    def tree(depth: int, index: int) -> dict[str, Any]:
        if depth == _DEEP:
            if index == 0:  # the route of ``then``s only
                return {"if": {"properties": {"a": {"minimum": minimum}}},
                        "else": {"properties": {"a": {"maximum": 2}}}}
            return {"$ref": "#/$defs/L"}
        return {"if": {"required": [f"c{depth}"] if index else ["a"]},
                "then": tree(depth + 1, 2 * index), "else": tree(depth + 1, 2 * index + 1)}
    return {"type": "object", "properties": {"a": {"type": "integer"}}, "$defs": _LOOP, **tree(0, 0)}


@pytest.mark.parametrize(("build", "path", "expected"), [
    (lambda m: _nested_thens(m, 4), "then.then.then.then.properties.a.minimum",
     {"k0": 0, "k1": 1, "k2": 2, "k3": 3, "a": 5}),
    (lambda m: _nested_thens(m, 8), "then." * 8 + "properties.a.minimum",
     {**{f"k{i}": i for i in range(8)}, "a": 5}),
    (lambda m: _nested_elses(m, 6), "else." * 6 + "properties.a.minimum", {"a": 5}),
    (_past_the_bound, "then." * _DEEP + "if.properties.a.minimum", {"a": 5}),
], ids=["trial-4-thens", "8-thens", "6-elses", "if-past-the-bound"])
def test_a_change_on_the_route_the_path_takes_is_shown_by_a_call(build, path, expected):
    old, new = build(5), build(6)
    finding, value = breaking_input_witness(old, new, f"inputSchema.{path}")
    assert value == expected
    # Found among the first candidates, not at the edge of the budget: the route comes first.
    assert finding.witness.attempts < MAX_WITNESS_ATTEMPTS // 10, finding.witness.attempts


def test_the_trial_case_needed_more_than_the_budget_without_the_route():
    """The trial's case is one the search met the budget on: read across all the streams
    without the route first, the call comes past MAX_WITNESS_ATTEMPTS validations (2,189)."""
    from mcp_inspect.evidence.search import Search

    old, new = _nested_thens(5, 4), _nested_thens(6, 4)
    search = Search(old, new, where="then.then.then.then.properties.a.minimum", attempts=10 * MAX_WITNESS_ATTEMPTS)
    search.routes = []  # as before the fix: no route taken from the finding's path
    assert search.run() == {"k0": 0, "k1": 1, "k2": 2, "k3": 3, "a": 5}
    assert search.attempts > MAX_WITNESS_ATTEMPTS


def test_the_routes_a_path_takes():
    """Runs of ``then``/``else`` keywords; a property called "then" is a name, not a step."""
    from mcp_inspect.evidence.places import branch_routes

    def routes(path: str) -> list[tuple[str, ...]]:
        return branch_routes(path.split("."))

    assert routes("then.then.properties.a.minimum") == [("then", "then")]
    assert routes("properties.then.else.if.properties.a") == [("else",)]
    assert routes("properties.o.else.then.if.type") == [("else", "then")]
    assert routes("then.anyOf.0.else.maximum") == [("then",), ("else",)]
    assert routes("properties.a.minimum") == []


def test_the_ifs_on_the_route_come_before_the_bound_cuts_the_walk():
    from mcp_inspect.evidence.search import Search

    schema = _past_the_bound(5)
    search = Search(schema, schema, where="then." * _DEEP + "if.properties.a.minimum")
    routes = [route for route, _ in search._conditions(search.view(schema, schema), schema)]
    assert len(routes) == MAX_WITNESS_CONDITIONS
    assert routes[:_DEEP + 1] == [("then",) * length for length in range(_DEEP + 1)]
    # then breadth first: the object's own ``if`` is on the route already, its ``else`` is next
    assert routes[_DEEP + 1] == ("else",)
