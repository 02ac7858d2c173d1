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
