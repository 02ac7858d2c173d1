"""A ``contains`` narrowed beside ``unevaluatedItems: false`` is shown by a call (hostile trial,
round 22).

``l: {contains: {type: string}, minContains: 0, unevaluatedItems: false}`` gaining
``minLength: 1`` inside the ``contains`` was BREAKING "minLength added: 1" with "no witness:
none found in 489 validations", though ``{"l": [""]}`` shows it: the old ``contains`` matches
``""``, so it is evaluated; the new one does not, so ``unevaluatedItems`` refuses it. Two things
were missing. The search sent that very call, but the new schema refuses it at
``unevaluatedItems``, beside the ``contains`` and not inside it, and a refusal there was not read
as at the finding's place (``contains.minLength``). And the items it sent were the one item of
the old ``contains`` it fills arrays with, and the items of an untyped ``items``: an item only
the old ``contains`` matches (an enum value dropped, a nested bound) was never sent.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, breaking_input_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _array(contains: Any, **keywords: Any) -> dict[str, Any]:
    return {"type": "object", "required": ["l"], "properties": {"l": {
        "type": "array", "contains": contains, "minContains": 0, "unevaluatedItems": False, **keywords}}}


def _in_place(contains: Any) -> dict[str, Any]:
    """The ``contains`` in an ``allOf`` branch, the ``unevaluatedItems`` beside the ``allOf``."""
    return {"type": "object", "required": ["l"], "properties": {"l": {
        "type": "array", "allOf": [{"contains": contains, "minContains": 0}], "unevaluatedItems": False}}}


STRING = {"type": "string"}
HELD = {"type": "object", "properties": {"k": {"type": "integer"}}}


@pytest.mark.parametrize(("old", "new", "path"), [
    # The tester's case: "" matched the old contains (the first item tried), not the new one.
    (_array(STRING), _array({**STRING, "minLength": 1}), "contains.minLength"),
    # Only an item the old contains matches and the new one does not shows these: the first
    # item of the old contains ("a", {}) matches both.
    (_array({"enum": ["a", "b", "c"]}), _array({"enum": ["a", "b"]}), "contains.enum"),
    (_array(HELD), _array({**HELD, "properties": {"k": {"type": "integer", "maximum": 3}}}),
     "contains.properties.k.maximum"),
    # The contains in an allOf branch: the unevaluatedItems beside the allOf sees what it evaluates.
    (_in_place(STRING), _in_place({**STRING, "minLength": 1}), "allOf.0.contains.minLength"),
], ids=["min-length", "enum-value-dropped", "nested-bound", "in-an-allof-branch"])
def test_an_item_only_the_old_contains_matches_is_refused_at_unevaluated_items(old, new, path):
    finding, value = breaking_input_witness(old, new, f"properties.l.{path}")
    old_contains = old["properties"]["l"].get("contains") or old["properties"]["l"]["allOf"][0]["contains"]
    # Items the old contains matches: the new side refuses one it no longer evaluates.
    assert all(accepted_by_both(old_contains, item) for item in value["l"]), value
