"""A change in the second ``if``/``then`` of an ``allOf`` is shown by a call (hostile trial,
round 19).

``allOf: [{if: {k0: const 0, required}, then: {a: maximum 100}}, {if: {k1: const 1, required},
then: {a: maximum 100}}]`` with the second ``then``'s maximum set to 50 was BREAKING "no
witness: none found in 506 validations", though ``{"k1": 1, "a": 51}`` shows it; so was every
count of entries from 2 to 20, while the same change in the first entry was found. The search
reads a schema with its ``allOf`` entries merged in, each keyword first come, so only the first
entry's ``if`` and ``then`` were left: the route ``then`` the finding's path takes was followed
into the first entry, and no ``if`` under a later entry was read. ``allOf`` of conditionals is
the way 2020-12 writes several of them. Now the route keeps its ``allOf`` steps
(``allOf.1.then``), each entry's ``if``, ``then`` and ``else`` are kept at its index, and the
conditions read for candidates go through the entries too (MAX_WITNESS_CONDITIONS in all).

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import breaking_input_witness

from mcp_inspect.evidence.places import branch_routes

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _entry(index: int, then: dict[str, Any]) -> dict[str, Any]:
    return {"if": {"properties": {f"k{index}": {"const": index}}, "required": [f"k{index}"]}, "then": then}


def _capped(bound: int) -> dict[str, Any]:
    return {"properties": {"a": {"maximum": bound}}}


def _object(*entries: dict[str, Any], **declared: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"a": {"type": "integer"}, **declared}, "allOf": list(entries)}


def _second_then(bound: int) -> dict[str, Any]:
    """The trial's case."""
    return _object(_entry(0, _capped(100)), _entry(1, _capped(bound)))


def _twentieth_then(bound: int) -> dict[str, Any]:
    return _object(*(_entry(index, _capped(100)) for index in range(19)), _entry(19, _capped(bound)))


def _second_if(minimum: int) -> dict[str, Any]:
    """A change inside the second entry's ``if``: refused at its ``else`` by a value on the
    condition's boundary."""
    return _object(_entry(0, {"required": ["b"]}),
                   {"if": {"properties": {"a": {"minimum": minimum}}}, "else": {"properties": {"a": {"maximum": 2}}}})


def _second_else(bound: int) -> dict[str, Any]:
    """The second entry's ``else``, taken by the enum discriminator's other member. (Found
    before too, where the second entry's ``else`` was merged in beside the first entry's ``if``,
    which no longer is: kept so that the route into the entry is held to it.)"""
    schema = _object(_entry(0, {"required": ["b"]}),
                     {"if": {"properties": {"k": {"const": "x"}}}, "else": _capped(bound)}, k={"enum": ["x", "y"]})
    return {**schema, "required": ["k"]}


@pytest.mark.parametrize(("build", "path", "values"), [
    (_second_then, "allOf.1.then.properties.a.maximum", (100, 50)),
    (_twentieth_then, "allOf.19.then.properties.a.maximum", (100, 50)),
    (_second_if, "allOf.1.if.properties.a.minimum", (5, 6)),
    (_second_else, "allOf.1.else.properties.a.maximum", (100, 50)),
], ids=["second-then", "twentieth-then", "second-if", "second-else"])
def test_a_change_under_a_later_allof_entry_s_condition_is_shown_by_a_call(build, path, values):
    old, new = (build(value) for value in values)
    finding, value = breaking_input_witness(old, new, path)


@pytest.mark.parametrize(("path", "routes"), [
    ("allOf.1.then.properties.a.maximum", [("allOf", "1", "then")]),
    ("then.allOf.0.else.properties.a", [("then", "allOf", "0", "else")]),
    ("then.allOf.0.properties.a", [("then",)]),  # the entry is merged into the then
    ("allOf.0.properties.a", []),  # no condition on the way
])
def test_a_route_keeps_the_allof_entries_it_passes_through(path, routes):
    assert branch_routes(path.split(".")) == routes
