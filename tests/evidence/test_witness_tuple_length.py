"""A tuple cut short or grown by its fixed length is shown by a call of the old length
(hostile trial, round 42).

pydantic writes a tuple as ``prefixItems`` with ``minItems`` = ``maxItems``; 3 → 2 items is
read as position 2 refused (the canonical form folds the ``maxItems`` into the position), and
the search sent ``{"t": [0, "", false]}``, but the new schema refuses it at ``maxItems``, beside
the position and not on its path, so the note said "none found". A refusal at the array's
``maxItems`` of an array that holds the position is at the position's place, unless another
finding's path is that ``maxItems``. The output mirror (2 → 3 items) may now return the
third item.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import breaking_input_witness, breaking_output_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

ITEMS = [{"type": "integer"}, {"type": "string"}, {"type": "boolean"}]


def _tuple(length: int) -> dict:
    return {"type": "object", "properties": {
        "t": {"type": "array", "prefixItems": ITEMS[:length], "minItems": length, "maxItems": length}}}


def test_a_tuple_cut_short_is_shown_by_a_call_of_the_old_length():
    _, witness = breaking_input_witness(_tuple(3), _tuple(2), "properties.t.prefixItems.2")
    assert witness == {"t": [0, "", False]}


def test_a_tuple_grown_may_return_a_result_of_the_new_length():
    _, witness = breaking_output_witness(_tuple(2), _tuple(3), "properties.t.prefixItems.2")
    assert witness == {"t": [0, "", False]}
