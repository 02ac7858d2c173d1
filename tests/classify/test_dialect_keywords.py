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

import jsonschema
import pytest
from support import accepted_by_both, breaking_input_witness, diff_input_schemas

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


# Hostile trial, round 24: the four keywords above were the only ones dropped. A draft-07
# ``unevaluatedProperties: false`` still closed the object (its swap for ``additionalProperties:
# false``, which refuses {"b": 1}, was no finding, and adding it a false BREAKING), a draft-07 or
# 2019-09 ``prefixItems`` was still read as a tuple (its swap for draft-07's own tuple ``items``
# no finding), and a draft-04 ``const`` and ``propertyNames`` still constrained (a ``const``
# swapped for an ``enum``, and a member refused by ``propertyNames`` on both sides, no BREAKING).
DRAFT_06 = "http://json-schema.org/draft-06/schema#"
DRAFT_2019 = "https://json-schema.org/draft/2019-09/schema"
OPEN_A = {"type": "object", "properties": {"a": STRING}}


def test_a_draft_7_unevaluated_properties_does_not_close_the_object():
    old = {"$schema": DRAFT_07, **OPEN_A, "unevaluatedProperties": False}
    new = {"$schema": DRAFT_07, **OPEN_A, "additionalProperties": False}
    _, value = breaking_input_witness(old, new, "inputSchema.additionalProperties")
    assert set(value) - {"a"}, value  # a member the object does not declare


def test_a_draft_7_unevaluated_properties_added_changes_nothing():
    old = {"$schema": DRAFT_07, **OPEN_A}
    new = {**old, "unevaluatedProperties": False}
    assert accepted_by_both(new, {"b": 1})
    assert not diff_input_schemas(old, new).findings
    # From 2019-09 on it closes the object.
    assert [f.severity.name for f in diff_input_schemas({**old, "$schema": DRAFT_2019},
                                                        {**new, "$schema": DRAFT_2019}).findings] == ["BREAKING"]


@pytest.mark.parametrize("dialect", [DRAFT_07, DRAFT_2019])
def test_prefix_items_is_no_tuple_before_2020_12(dialect: str):
    old = _list(dialect, prefixItems=[STRING])
    new = _list(dialect, items=[STRING])
    _, value = breaking_input_witness(old, new, "inputSchema.properties.l.prefixItems.0")
    assert value["l"] and not isinstance(value["l"][0], str), value  # position 0 held to a string now


@pytest.mark.parametrize("dialect", [DRAFT_07, DRAFT_2019, None])
def test_an_items_array_is_the_tuple_in_draft_7_and_2019_09_and_read_so_in_2020_12(dialect: str | None):
    # The one tuple spelling of draft-07 and 2019-09 (and, though 2020-12 has no items array,
    # the project reads it so there too, as it always has): beside additionalItems, the items.
    tuple_ = _list(dialect, items=[STRING], additionalItems={"type": "integer"})
    assert canonical_schema(tuple_)["properties"]["l"] == {
        "type": ["array"], "prefixItems": [{"type": ["string"]}], "items": {"type": ["integer"]}}


def test_a_draft_4_const_is_no_constraint():
    old = {"$schema": DRAFT_04, "type": "object", "properties": {"a": {"type": "integer", "const": 1}}}
    new = {"$schema": DRAFT_04, "type": "object", "properties": {"a": {"type": "integer", "enum": [1]}}}
    _, value = breaking_input_witness(old, new, "inputSchema.properties.a.enum")
    assert value["a"] != 1, value


def test_a_member_draft_4_property_names_would_refuse_is_not_refused():
    names = {"not": {"enum": ["a"]}}
    old = {"$schema": DRAFT_04, "type": "object", "properties": {"a": STRING}, "propertyNames": names}
    new = {"$schema": DRAFT_04, "type": "object", "properties": {"a": {"not": {}}}, "propertyNames": names}
    _, value = breaking_input_witness(old, new, "inputSchema.properties.a")
    assert "a" in value, value


#: For each keyword a later dialect added, a schema holding it that judges one of ``_VALUES``
#: otherwise in the dialect that added it (``since``), and the newest dialect that lacks it.
_ADDED = [
    (DRAFT_04, DRAFT_06, {"const": 1}),
    (DRAFT_04, DRAFT_06, {"contains": STRING}),
    (DRAFT_04, DRAFT_06, {"propertyNames": {"maxLength": 0}}),
    (DRAFT_06, DRAFT_07, {"if": {"type": "integer"}, "then": {"minimum": 5}}),
    (DRAFT_06, DRAFT_07, {"if": {"type": "integer"}, "else": {"type": "object"}}),
    (DRAFT_07, DRAFT_2019, {"unevaluatedProperties": False}),
    (DRAFT_07, DRAFT_2019, {"unevaluatedItems": False}),
    (DRAFT_07, DRAFT_2019, {"properties": {"a": STRING}, "unevaluatedProperties": False}),
    (DRAFT_2019, None, {"prefixItems": [STRING]}),
    (DRAFT_2019, None, {"prefixItems": [STRING], "items": False}),
]
_VALUES = [None, 1, 7, "x", [], [1], ["x"], [1, "x"], {}, {"a": 1}, {"a": "x"}, {"b": 1}]


@pytest.mark.parametrize(("lacking", "since", "keywords"), _ADDED)
def test_a_keyword_a_later_dialect_added_is_read_only_from_that_dialect_on(lacking: str, since: str | None,
                                                                             keywords: dict):
    older = {"$schema": lacking, **keywords}
    once = canonical_schema(older)
    # The canonical form (read as 2020-12) accepts what the older draft accepts.
    for value in _VALUES:
        assert accepted_by_both(once, value) == accepted_by_both(older, value), value
    # In the dialect that added it the keyword judges some value otherwise (a 2019-09 tuple
    # beside items: false accepts ["x"]), and the canonical form reads it there.
    newer = keywords if since is None else {"$schema": since, **keywords}
    assert any(accepted_by_both(older, value) != accepted_by_both(newer, value) for value in _VALUES)
    assert canonical_schema(newer) != once


def test_the_emptiness_proof_reads_no_keyword_the_declared_draft_lacks():
    # Each accepts nothing in the dialect that has the keyword, and some value in the one declared.
    for schema, value in [
        ({"$schema": DRAFT_04, "type": "integer", "const": 1, "enum": [2]}, 2),
        ({"$schema": DRAFT_04, "type": "array", "contains": False}, []),
        ({"$schema": DRAFT_07, "type": "array", "prefixItems": [False], "minItems": 1}, [1]),
        ({"$schema": DRAFT_2019, "type": "array", "prefixItems": [False], "minItems": 1}, [1]),
    ]:
        assert accepted_by_both(schema, value), schema
        assert accepts_nothing(schema) is None, schema
        assert accepts_nothing({k: v for k, v in schema.items() if k != "$schema"}) is not None, schema


def test_a_draft_7_dynamic_ref_and_anchor_are_not_followed():
    # Draft-07's validators know neither: {"$dynamicRef": …} accepts anything, and the anchor
    # names nothing (the reference to it stays as written).
    schema = {"$schema": DRAFT_07, "type": "object",
              "properties": {"a": {"$dynamicRef": "#/definitions/s"}}, "definitions": {"s": STRING}}
    assert accepted_by_both(schema, {"a": 1})
    assert canonical_schema(schema) == canonical_schema({**schema, "properties": {"a": {}}})
    anchored = {"$schema": DRAFT_07, "properties": {"a": {"$ref": "#s"}}, "definitions": {"s": {"$anchor": "s"}}}
    assert canonical_schema(anchored)["properties"]["a"] == {"$ref": "#s"}


DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema"
_ABC = {"type": "object", "properties": {"a": STRING, "b": STRING, "c": STRING}}


@pytest.mark.parametrize("dialect", [DRAFT_2019, DRAFT_2020])
@pytest.mark.parametrize("dependencies", [{"a": ["b"]}, {"a": False}, {"a": {"required": ["c"]}}])
def test_dependencies_is_no_keyword_of_2019_09_or_2020_12(dialect: str, dependencies: dict):
    """Hostile trial, round 36: 2019-09 split draft-07's ``dependencies`` into
    ``dependentRequired`` and ``dependentSchemas`` and kept no ``dependencies``, so a validator
    of either draft ignores it. Read as the two keywords, adding ``dependencies: {a: [b]}`` to a
    schema declaring 2019-09 was a BREAKING "dependentRequired added" whose witness search
    found none (its validator, jsonschema's, ignores the keyword, as the specification says; the
    meta-schema keeps the name only so that no one redefines it). jsonschema-rs and Ajv still
    read it there: docs/canonical-form.md says so, and the oracle here is jsonschema alone."""
    old = {"$schema": dialect, **_ABC}
    new = {**old, "dependencies": dependencies}
    assert jsonschema.validators.validator_for(new)(new).is_valid({"a": "x"})
    assert canonical_schema(new) == canonical_schema(old)
    assert not diff_input_schemas(old, new).findings
    assert not diff_input_schemas(new, old).findings
