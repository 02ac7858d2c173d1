"""A keyword written with the value its absence means constrains nothing.

Hostile trial, round 23: ``minProperties: 0`` added to an object was a BREAKING "minProperties
added: 0" (``minItems: 0`` and ``minLength: 0`` alike: zod's ``.min(0)``), and ``uniqueItems:
false`` added a BREAKING ``schema.changed``, each with "no witness: none found". Validation
2020-12 says of the three bounds that omitting one "has the same behavior as a value of 0"
(6.3.2, 6.4.2, 6.5.2), and of ``uniqueItems`` that omitting it is ``false`` (6.4.3).
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

IDLE = [("string", "minLength", 0), ("array", "minItems", 0), ("object", "minProperties", 0),
        ("array", "uniqueItems", False), ("array", "minItems", 0.0)]
VALUES = ("", "a", [], [1, 1], {}, {"a": 1}, 0, None)


@pytest.mark.parametrize(("kind", "keyword", "idle"), IDLE)
def test_a_keyword_at_the_value_its_absence_means_is_no_change(kind, keyword, idle):
    plain, idled = {"type": kind}, {"type": kind, keyword: idle}
    assert canonical_schema(idled) == canonical_schema(plain)
    for value in VALUES:
        assert accepted_by_both(plain, value) == accepted_by_both(idled, value), value
    member = {"type": "object", "properties": {"m": plain}}
    assert diff_input_schemas(member, {"type": "object", "properties": {"m": idled}}).findings == []
    assert diff_input_schemas({"type": "object", "properties": {"m": idled}}, member).findings == []


@pytest.mark.parametrize(("keyword", "value"), [("minLength", 1), ("minItems", 1), ("minProperties", 1),
                                                ("uniqueItems", True), ("minItems", False)])
def test_any_other_value_is_kept(keyword, value):
    assert canonical_schema({keyword: value}) == {keyword: value}
