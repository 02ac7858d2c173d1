"""A ``prefixItems`` position removed beside ``items: false`` is shown by a call (hostile trial,
round 19).

``l: {prefixItems: [{type: string}, {type: integer}], items: false}`` → ``prefixItems: [{type:
string}]`` was BREAKING "position 1: accepted before, rejected now" with "no witness: none
found in 155 validations", though ``{"l": ["a", 1]}`` shows it; with ``[true, true]`` →
``[true]`` it was "none found in 1,557 validations". The search sent that very call (one item
per old position), but the new schema refuses it at ``items``, the keyword beside the
position that now holds the item, and a refusal there was not read as at the finding's place
(``prefixItems.1``). Now an ``items`` or ``unevaluatedItems`` beside a removed position that
refuses it (the array holds the position) is.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, breaking_input_witness, breaking_output_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING, INTEGER = {"type": "string"}, {"type": "integer"}


def _array(prefix: list[Any], **keywords: Any) -> dict[str, Any]:
    positions = {"prefixItems": prefix} if prefix else {}
    return {"type": "object", "properties": {"l": {"type": "array", **positions, **keywords}}}


@pytest.mark.parametrize(("old", "new"), [
    (_array([STRING, INTEGER], items=False), _array([STRING], items=False)),
    (_array([True, True], items=False), _array([True], items=False)),
    (_array([STRING, INTEGER, INTEGER], items=False), _array([STRING, INTEGER], items=False)),
], ids=["typed", "true-positions", "third-position"])
def test_a_position_removed_beside_items_false_is_shown_by_an_item_in_it(old, new):
    position = len(new["properties"]["l"]["prefixItems"])
    finding, value = breaking_input_witness(old, new, f"prefixItems.{position}")
    assert len(value["l"]) == position + 1, value  # one item per old position


def test_a_position_removed_beside_unevaluated_items_with_a_schema_is_named_there_and_shown():
    """Hostile trial, round 20: ``prefixItems: [{string}, {integer}]`` beside ``unevaluatedItems:
    {type: string}`` losing position 1 was "type changed: integer → string" at ``l.items.type``, a
    keyword neither schema has (the canonical form writes the unevaluatedItems as items), with
    "no witness: none found in 534 validations", though ``{"l": ["", 0]}`` shows it: the search
    read the path as written and never matched the refusal at ``unevaluatedItems``."""
    old = _array([STRING, INTEGER], unevaluatedItems=STRING)
    new = _array([STRING], unevaluatedItems=STRING)
    finding, value = breaking_input_witness(old, new, "inputSchema.properties.l.unevaluatedItems.type")
    assert isinstance(value["l"], list) and len(value["l"]) == 2, value


INTEGER_FROM_0, INTEGER_FROM_2 = {"type": "integer", "minimum": 0}, {"type": "integer", "minimum": 2}


@pytest.mark.parametrize(("old", "new", "path"), [
    (_array([INTEGER_FROM_2], items=INTEGER_FROM_0), _array([], items=INTEGER_FROM_0), "l.items.minimum"),
    (_array([INTEGER_FROM_2], unevaluatedItems=INTEGER_FROM_0), _array([], unevaluatedItems=INTEGER_FROM_0),
     "l.unevaluatedItems.minimum"),
    (_array([True, INTEGER_FROM_2], items=INTEGER_FROM_0), _array([True], items=INTEGER_FROM_0), "l.items.minimum"),
    (_array([], items=INTEGER_FROM_2), _array([INTEGER_FROM_0], items=INTEGER_FROM_2), "l.prefixItems.0.minimum"),
], ids=["folded-into-items", "folded-into-unevaluated-items", "second-position", "split-from-items"])
def test_an_output_position_whose_keyword_differs_on_the_two_sides_is_refused_at_the_findings_place(old, new, path):
    """Hostile trial, round 30: an output position folded into ``items`` (``prefixItems:
    [{minimum: 2}], items: {minimum: 0}`` → ``items: {minimum: 0}``) was BREAKING at
    ``l.items.minimum`` with "none found in 124 validations", though ``{"l": [1]}`` shows it: the
    finding names the new side's keyword, and the old schema refuses the item at
    ``prefixItems/0/minimum``, which the search did not read as the finding's place (896
    validations with ``unevaluatedItems``). The position is read at the keyword that governs
    it on the other side; the last case is the reverse (a position split from ``items``)."""
    finding, value = breaking_output_witness(old, new, path)
    assert all(isinstance(item, int) and item < 2 for item in value["l"][-1:]), value


def _witnesses(old: Any, new: Any) -> dict[str, Any]:
    """Each BREAKING finding's path (past ``inputSchema.properties.``) and its witness's value
    (None where none was found)."""
    from support import diff_input_schemas

    return {f.path.removeprefix("inputSchema.properties."): f.witness.value if f.witness.found else None
            for f in diff_input_schemas(old, new).changes if f.severity.name == "BREAKING"}


def _refused_at(schema: Any, value: Any) -> set[str]:
    """Where ``schema`` refuses ``value``, as schema paths (jsonschema, in the draft it declares)."""
    import jsonschema

    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    return {"/".join(str(p) for p in error.absolute_schema_path) for error in cls(schema).iter_errors(value)}


DRAFT_7 = "http://json-schema.org/draft-07/schema#"


@pytest.mark.parametrize(("rest", "draft"), [("items", None), ("unevaluatedItems", None), ("additionalItems", DRAFT_7)],
                         ids=["items", "unevaluated-items", "draft-7-additional-items"])
def test_a_position_added_beside_a_tightened_rest_is_each_findings_own_witness(rest, draft):
    """Hostile trial, round 31: ``prefixItems: [{}, {}], items: {minimum: 0}`` → a third position
    ``{minimum: 5}`` added and ``items`` made ``minimum: 1`` are two findings, and both got
    ``["", "", 0]``, which the new schema refuses only at ``prefixItems/2/minimum``: the search
    read position 2 as governed by ``items`` (the old side's keyword there) even where
    ``prefixItems.2.minimum`` was another finding's path. Before, and still for ``unevaluatedItems``
    alike, the ``items`` finding said "none found", though ``["", "", 5, 0]`` shows it. Draft 7
    writes the same as an ``items`` array and ``additionalItems``, which the search read as
    written: the ``items.minimum`` finding got the position's witness and the position "none
    found" (the witnesses swapped)."""
    tuple_word = "items" if draft else "prefixItems"

    def schema(positions: list[Any], least: int) -> dict[str, Any]:
        array = {"type": "array", tuple_word: positions, rest: {"minimum": least}}
        return {**({"$schema": draft} if draft else {}), "type": "object", "properties": {"a": array}}

    old, new = schema([{}, {}], 0), schema([{}, {}, {"minimum": 5}], 1)
    found = _witnesses(old, new)
    canonical_rest = "items" if draft else rest
    assert set(found) == {f"a.{canonical_rest}.minimum", "a.prefixItems.2.minimum"}, found
    for path, value in found.items():
        assert value is not None, path
        assert accepted_by_both(old, value) and not accepted_by_both(new, value), (path, value)
    position = _refused_at(new, found["a.prefixItems.2.minimum"])
    past = _refused_at(new, found[f"a.{canonical_rest}.minimum"])
    assert position == {f"properties/a/{tuple_word}/2/minimum"}, position
    # jsonschema names unevaluatedItems itself, not the keyword inside it that refused
    assert past in ({f"properties/a/{rest}/minimum"}, {f"properties/a/{rest}"}), past
