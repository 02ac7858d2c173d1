"""A tuple position declared on one side only in a subschema applied in place (an ``allOf``,
``anyOf`` or ``oneOf`` branch, a ``then``, an ``else``) with no ``items`` of its own is
compared with the ``unevaluatedItems`` of the node holding it, as a property is compared with
its ``unevaluatedProperties`` (test_property_governor_in_place.py).

Hostile trial, round 19: ``allOf: [{prefixItems: [true, true]}]`` → ``[{prefixItems: [true]}]``
beside ``unevaluatedItems: false`` (and the same in an ``anyOf`` branch or a ``then``) was a
NON_BREAKING "position 1 is no longer constrained", though ``[1, 2]`` is refused now: the
branch evaluated index 1, and now nothing does. Every witness is checked here by jsonschema and
jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _list(**keywords: Any) -> dict:
    return {"type": "object", "properties": {"l": {"type": "array", **keywords}}}


def _in(keyword: str, positions: list[Any], rest: Any = False) -> dict:
    tuple_ = {"prefixItems": positions}
    if keyword == "then":
        return _list(**{"if": {"minItems": 1}, "then": tuple_, "unevaluatedItems": rest})
    if keyword == "else":
        return _list(**{"if": {"minItems": 9}, "else": tuple_, "unevaluatedItems": rest})
    branches = [tuple_] if keyword == "allOf" else [{"prefixItems": [{"type": "integer"}]}, tuple_]
    return _list(**{keyword: branches, "unevaluatedItems": rest})


def _only(old: dict, new: dict) -> Any:
    (finding,) = diff_input_schemas(old, new).findings
    return finding


def _broken(old: dict, new: dict) -> Any:
    finding = _only(old, new)
    assert finding.severity.name == "BREAKING", finding.message
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value), value
    return finding


@pytest.mark.parametrize("keyword", ["allOf", "anyOf", "then", "else"])
def test_a_position_removed_in_place_is_left_to_unevaluated_items(keyword):
    index = 1 if keyword == "anyOf" else 0
    finding = _broken(_in(keyword, [True, True]), _in(keyword, [True]))
    assert finding.rule == "tool.input.constraint.tightened"
    step = f"{keyword}.{index}" if keyword in ("allOf", "anyOf") else keyword
    assert finding.path == f"inputSchema.properties.l.{step}.prefixItems.1"
    assert "rejected now" in finding.message


def test_a_typed_position_removed_in_place_is_left_to_unevaluated_items():
    _broken(_in("allOf", [True, {"type": "integer"}]), _in("allOf", [True]))


def test_a_position_removed_beside_an_unevaluated_items_schema_is_compared_with_it():
    finding = _broken(_in("anyOf", [True, {"type": "string"}], {"type": "integer"}),
                      _in("anyOf", [True], {"type": "integer"}))
    assert finding.rule == "tool.input.type.changed"


def test_a_position_added_in_place_takes_what_unevaluated_items_refused():
    finding = _only(_in("allOf", [True]), _in("allOf", [True, True]))
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert "accepted now" in finding.message


def test_the_unevaluated_items_of_a_node_further_out_governs_too():
    def schema(positions: list[Any]) -> dict:
        return _list(allOf=[{"anyOf": [{"prefixItems": positions}, {"minItems": 5}]}], unevaluatedItems=False)

    finding = _broken(schema([True, True]), schema([True]))
    assert finding.path == "inputSchema.properties.l.allOf.0.anyOf.0.prefixItems.1"


def test_a_sibling_branch_that_may_evaluate_the_position_leaves_the_direction_unread():
    def schema(positions: list[Any]) -> dict:
        return _list(anyOf=[{"prefixItems": positions}, {"prefixItems": [{"type": "string"}, True]}],
                     unevaluatedItems=False)

    finding = _broken(schema([True, True]), schema([True]))
    assert finding.rule == "tool.input.constraint.changed"


def test_an_all_of_sibling_that_evaluates_the_position_keeps_it_evaluated():
    """An ``allOf`` branch applies wherever the node does: it still evaluates index 1, so the
    removal only frees the position (the reading before)."""
    def schema(positions: list[Any]) -> dict:
        return _list(allOf=[{"prefixItems": positions}, {"prefixItems": [True, {"type": "string"}]}],
                     unevaluatedItems=False)

    finding = _only(schema([True, True]), schema([True]))
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
