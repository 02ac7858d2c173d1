"""A count written as an integral number (``maxProperties: 2.0``) is read as the integer it is
(hostile trial, round 31).

``{type: object, maxProperties: 3}`` → ``maxProperties: 2.0`` was BREAKING "maxProperties 3 → 2"
with "none found in 107 validations", though ``{"a": 0, "b": 0, "c": 0}`` shows it: in JSON's
data model ``2.0`` is the integer 2 (Core 2020-12 §4.2.2), and the classifier reads it so, but the
search built its candidates only from a Python ``int`` and never sent a third member. A
``minProperties`` or ``maxItems`` so written was "none found" the same way; the other counts
the search reads (``minItems``, ``minLength``, ``maxLength``, ``minContains``, ``maxContains``)
are read the same way now, and their cases here keep them so.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import breaking_input_witness

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _member(name: str, node: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {name: node}}


def _list(**keywords: Any) -> dict[str, Any]:
    return _member("l", {"type": "array", **keywords})


def _text(**keywords: Any) -> dict[str, Any]:
    return _member("s", {"type": "string", **keywords})


STRINGS = {"type": "string"}


@pytest.mark.parametrize(("old", "new", "path"), [
    ({"type": "object", "maxProperties": 3}, {"type": "object", "maxProperties": 2.0}, "inputSchema.maxProperties"),
    ({"type": "object", "minProperties": 2.0, "maxProperties": 3}, {"type": "object", "minProperties": 3,
                                                                   "maxProperties": 3}, "inputSchema.minProperties"),
    (_list(maxItems=3), _list(maxItems=2.0), "l.maxItems"),
    (_list(minItems=2.0, maxItems=3), _list(minItems=3), "l.minItems"),
    (_text(maxLength=30), _text(maxLength=20.0), "s.maxLength"),
    (_text(minLength=20.0), _text(minLength=30), "s.minLength"),
    (_list(contains=STRINGS, maxContains=3), _list(contains=STRINGS, maxContains=2.0), "l.maxContains"),
    (_list(contains=STRINGS, minContains=2.0), _list(contains=STRINGS, minContains=3), "l.minContains"),
], ids=["maxProperties", "minProperties", "maxItems", "minItems", "maxLength", "minLength", "maxContains",
        "minContains"])
def test_a_count_written_as_an_integral_number_is_read_as_that_integer(old, new, path):
    breaking_input_witness(old, new, path)
