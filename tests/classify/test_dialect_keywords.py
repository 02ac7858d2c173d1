"""A schema that declares draft 3 to 7 has none of the keywords 2019-09 added to count the
matches of ``contains`` (``minContains``, ``maxContains``) or to split ``dependencies``
(``dependentRequired``, ``dependentSchemas``): its validators ignore them, as they ignore the
keywords beside a ``$ref``, and the canonical form and the emptiness proof read them so.

Hostile trial, round 22: ``contains`` added beside ``minContains: 0`` in a draft-07 schema gave
no finding at all, the fold of the idle ``contains`` dropping it, though draft-07's ``contains``
alone asks for one match and refuses ``{"l": []}``; and a draft-07 ``dependentRequired: {a: [b]}``
beside ``required: [a]`` was folded into ``required: [a, b]``, a BREAKING "b is now required" no
call could show. Every witness is checked here by jsonschema and jsonschema_rs, each reading
the draft the schema declares, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect.snapshot.canonical import canonical_schema
from mcp_inspect.snapshot.emptiness import accepts_nothing

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

DRAFT_07 = "http://json-schema.org/draft-07/schema#"
DRAFT_04 = "http://json-schema.org/draft-04/schema#"
STRING = {"type": "string"}


def _list(dialect: str | None = DRAFT_07, **keywords: Any) -> dict:
    schema: dict = {"type": "object", "properties": {"l": {"type": "array", **keywords}}}
    return schema if dialect is None else {"$schema": dialect, **schema}


def test_a_draft_7_contains_beside_min_contains_0_still_asks_for_one_match():
    old, new = _list(), _list(contains=STRING, minContains=0)
    (finding,) = [f for f in diff_input_schemas(old, new).findings if f.severity.name == "BREAKING"]
    assert finding.path == "inputSchema.properties.l.contains"
    assert finding.witness is not None and finding.witness.found, finding.witness and finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value), value


def test_min_contains_0_alone_added_to_a_draft_7_contains_changes_nothing():
    # In 2020-12 the same edit lets every array pass (a loosening, test_contains_counts.py).
    assert not diff_input_schemas(_list(contains=STRING), _list(contains=STRING, minContains=0)).findings
    assert diff_input_schemas(_list(None, contains=STRING), _list(None, contains=STRING, minContains=0)).findings


def test_a_draft_7_dependent_required_is_not_folded_into_required():
    old = {"$schema": DRAFT_07, "type": "object", "required": ["a"]}
    new = {**old, "dependentRequired": {"a": ["b"]}}
    assert accepted_by_both(new, {"a": 1})  # draft-07's validators ignore the keyword
    assert not [f for f in diff_input_schemas(old, new).findings if f.severity.name == "BREAKING"]
    assert canonical_schema(new) == canonical_schema(old)


@pytest.mark.parametrize("keywords", [
    {"dependentRequired": {"a": ["b"]}},
    {"dependentSchemas": {"a": {"required": ["b"]}}},
    {"dependentSchemas": {"a": False}},
    {"contains": STRING, "minContains": 0},
    {"contains": STRING, "maxContains": 0},
    {"contains": STRING, "minContains": 2, "maxContains": 1},
])
def test_the_keywords_2019_09_added_are_read_only_from_2019_09_on(keywords: dict):
    draft7 = {"$schema": DRAFT_07, **keywords}
    values = [{}, {"a": 1}, {"a": 1, "b": 2}, [], ["x"], [1], ["x", "y"]]
    once = canonical_schema(draft7)
    # The canonical form (read as 2020-12) accepts what draft-07 accepts: the keywords are gone.
    assert once == canonical_schema({"$schema": DRAFT_07, **{k: v for k, v in keywords.items() if k == "contains"}})
    for value in values:
        assert accepted_by_both(once, value) == accepted_by_both(draft7, value), value
    # From 2019-09 on they are read (and each of these refuses some value above).
    assert canonical_schema(keywords) != once


@pytest.mark.parametrize(("schema", "empty"), [
    ({"$schema": DRAFT_07, "type": "array", "contains": STRING, "minContains": 2, "maxContains": 1}, False),
    ({"$schema": DRAFT_07, "type": "array", "contains": STRING, "maxContains": 0}, False),
    ({"$schema": DRAFT_07, "type": "array", "contains": False, "minContains": 0}, True),  # one match asked
    ({"$schema": DRAFT_04, "type": "array", "contains": False}, False),  # draft 4 has no contains
    ({"type": "array", "contains": STRING, "minContains": 2, "maxContains": 1}, True),
])
def test_the_emptiness_proof_reads_the_counts_of_contains_in_the_declared_draft(schema: dict, empty: bool):
    """Round 22: in a draft-07 schema ``minContains: 2, maxContains: 1`` was proven to accept no
    array, yet a draft-07 validator accepts ``["x"]``."""
    assert (accepts_nothing(schema) is not None) is empty
    values = [[], ["x"], [1], ["x", "y"], [1, 2]]
    assert any(accepted_by_both(schema, value) for value in values) is not empty
