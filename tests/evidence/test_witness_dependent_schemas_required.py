"""A dependentSchemas entry of ``required`` alone, which the canonical form writes as
dependentRequired, has the witness the dependentRequired spelling has.

Hostile trial, round 32: ``dependentSchemas: {a: {required: [b]}}`` → ``{a: {required: [b,
c]}}`` was a BREAKING "dependentRequired changed" with "none found", though ``{"a": "", "b":
""}`` shows it: the finding names the canonical keyword, and the refusal, at
``dependentSchemas/a/required``, was never read at the finding's place.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness


@pytest.mark.parametrize("entry_old,entry_new", [
    ({"required": ["b"]}, {"required": ["b", "c"]}),
    ({"type": ["object", "null"], "required": ["b"]}, {"type": "object", "required": ["b", "c"]}),
])
def test_a_required_only_dependent_schema_has_a_witness(entry_old, entry_new):
    old = {"type": "object", "dependentSchemas": {"a": entry_old}}
    new = {"type": "object", "dependentSchemas": {"a": entry_new}}
    _, witness = breaking_input_witness(old, new, "dependentRequired")
    assert "a" in witness and "c" not in witness


_PROPERTIES = {name: {"type": "string"} for name in "abc"}


@pytest.mark.parametrize("new_keywords,sent", [
    ({"dependentSchemas": {"a": {"required": ["b", "c"]}}}, {"a", "b"}),
    ({"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"a": {"required": ["c"]}}}, {"a", "b"}),
    ({"dependentRequired": {"a": ["b"]}, "dependentSchemas": {"b": {"required": ["c"]}}}, {"b"}),
], ids=["moved to dependentSchemas", "entry added beside", "entry of another trigger added beside"])
def test_a_dependent_required_spelled_both_ways_has_a_witness(new_keywords, sent):
    """Hostile trial, round 36: the spelling was read only where no node on either side held
    the canonical ``dependentRequired``, so ``dependentRequired: {a: [b]}`` that became (or
    gained beside it) a ``dependentSchemas`` entry of ``required`` alone was a BREAKING
    "dependentRequired changed" with "none found": the refusal, at
    ``dependentSchemas/a/required`` (or ``b``), was never read at the finding's place."""
    old = {"type": "object", "properties": _PROPERTIES, "dependentRequired": {"a": ["b"]}}
    new = {"type": "object", "properties": _PROPERTIES, **new_keywords}
    _, witness = breaking_input_witness(old, new, "dependentRequired")
    assert set(witness) == sent
