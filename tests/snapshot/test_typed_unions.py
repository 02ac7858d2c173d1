"""A union of typed branches is one node (new-user trial, round 17).

zod writes ``z.string().nullable()`` as ``{type: [string, null]}`` and, once it has a bound,
``z.string().max(256).nullable()`` as ``anyOf: [{type: string, maxLength: 256}, {type: null}]``
(tests/data/generators, zod3, zod4 and ts-sdk: ``nullable-max-added``). The canonical form
folded only an ``anyOf`` of type-only branches into a type list, so @baruchiro/paperless-mcp
2.1.0 → 2.2.1 gave eight false BREAKING ``type.narrowed`` "null, string → string" (null was still
accepted through the second branch). Branches of distinct types, each holding only keywords that
act on its own type, now merge into the node (snapshot/dialects.py, ``typed_union``); the seeded
fuzzer (test_canonical_fuzz.py) checks the fold against two validators.
"""

from __future__ import annotations

import jsonschema
import pytest
from support import ZOD_NULLABLE as NULLABLE
from support import accepted_by_both

from mcp_inspect.snapshot.canonical import canonical_schema


@pytest.mark.parametrize("name", list(NULLABLE))
def test_zods_nullable_union_is_the_type_list(name):
    listed, union = NULLABLE[name]
    assert canonical_schema(union) == canonical_schema(listed)
    described = {**union, "description": "A field."}  # a keyword beside the union stays beside it
    assert canonical_schema(described) == canonical_schema({**listed, "description": "A field."})
    assert canonical_schema({"oneOf": union["anyOf"]}) == canonical_schema(listed)  # the branches are disjoint


def test_integer_bounds_fold_beside_any_type_but_number():
    """The numeric keywords act on a type list's integers alone when ``number`` is not in it, so
    ``exclusiveMinimum: 0`` is ``minimum: 1`` and zod's safe-integer bounds go, as beside
    ``type: integer``: the type list against zod's union for ``.int().positive().nullable()``
    was a BREAKING "lower bound > 0 → ≥ 1" (new-user trial, round 17)."""
    assert canonical_schema({"type": ["integer", "null"], "exclusiveMinimum": 0, "maximum": 9007199254740991}) == {
        "type": ["integer", "null"], "minimum": 1}
    assert canonical_schema({"type": ["integer", "string"], "exclusiveMaximum": 5}) == {
        "type": ["integer", "string"], "maximum": 4}
    # Beside number, 0.5 meets exclusiveMinimum 0 and not minimum 1: kept.
    assert canonical_schema({"type": ["number", "null"], "exclusiveMinimum": 0}) == {
        "type": ["null", "number"], "exclusiveMinimum": 0}


def test_the_merged_node_accepts_what_the_union_does():
    values = [None, "", "a", "a" * 257, 0, 1, 101, 1.5, [], ["x"], ["x"] * 6, {}, {"a": "x"}, {"a": 1}, {"b": 1}]
    for _listed, union in NULLABLE.values():
        given, form = jsonschema.Draft202012Validator(union), jsonschema.Draft202012Validator(canonical_schema(union))
        assert [given.is_valid(v) for v in values] == [form.is_valid(v) for v in values], union


@pytest.mark.parametrize("schema", [
    # An annotation in a branch has no place in the node (as for a union of single values).
    {"anyOf": [{"type": "string", "maxLength": 256, "description": "The body."}, {"type": "null"}]},
    # Two branches that admit one type: a keyword of one would hold for the other's values.
    {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "string", "pattern": "^a"}]},
    {"anyOf": [{"type": "string", "maxLength": 3}, {"type": ["string", "null"], "minLength": 1}]},
    # integer and number share their keywords: 1.5 passes the second branch, not minimum 2.
    {"anyOf": [{"type": "integer", "minimum": 2}, {"type": "number", "maximum": 1}]},
    # Beside additionalProperties the merged properties would be read by it.
    {"additionalProperties": False, "anyOf": [{"type": "object", "properties": {"a": {}}}, {"type": "null"}]},
    # A keyword of the node's own of the branch's type (or the same keyword) stays apart.
    {"maxLength": 9, "anyOf": [{"type": "string", "minLength": 1}, {"type": "null"}]},
    # unevaluatedProperties reads what the branches evaluated; a type of the node's own meets theirs.
    {"unevaluatedProperties": False, "anyOf": [{"type": "object", "properties": {"a": {}}}, {"type": "null"}]},
    {"type": ["string", "null"], "anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]},
    # A format beside a branch of another type than null: a vendor's format may read that type.
    {"anyOf": [{"type": "string", "format": "even"}, {"type": "integer"}]},
])
def test_a_union_whose_branches_cannot_share_a_node_is_kept(schema):
    form = canonical_schema(schema)
    assert "anyOf" in form or "oneOf" in form, form


def test_a_vendor_format_beside_another_type_is_why_formats_fold_only_beside_null():
    """A format a vendor defines for numbers reads no string branch's values, but would read
    the integer branch's once merged: 3 is accepted by the union and refused by the merge."""
    checker = jsonschema.FormatChecker(formats=())
    checker.checks("even")(lambda value: not isinstance(value, int) or value % 2 == 0)
    union = {"anyOf": [{"type": "string", "format": "even"}, {"type": "integer"}]}
    merged = {"type": ["integer", "string"], "format": "even"}
    assert jsonschema.Draft202012Validator(union, format_checker=checker).is_valid(3)
    assert not jsonschema.Draft202012Validator(merged, format_checker=checker).is_valid(3)
    assert canonical_schema(union) != canonical_schema(merged)


@pytest.mark.parametrize("key", ["anyOf", "oneOf"])
@pytest.mark.parametrize("name", ["date", "email", "uri"])
def test_a_format_json_schema_defines_folds_beside_any_type(key, name):
    """Hostile trial, round 19: anyOf [{type: integer}, {type: string, format: date}] was kept
    (a vendor's format may read integers), and against {type: [integer, string], format: date}
    the diff found nothing to say and fell to a BREAKING "recursion cut at other places" no
    value could show. A format JSON Schema defines reads strings alone (Validation 2020-12,
    7.1: a value of another type passes it), so both spellings are one node."""
    pytest.importorskip("jsonschema_rs")
    union = {key: [{"type": "integer"}, {"type": "string", "format": name}]}
    merged = {"type": ["integer", "string"], "format": name}
    assert canonical_schema(union) == canonical_schema(merged) == merged
    values = [5, -1, 1.5, None, "", "nope", "2020-01-01", "a@b.c", "https://example.com/x"]
    for value in values:
        assert accepted_by_both(union, value) == accepted_by_both(merged, value), value


def test_the_fold_is_a_fixed_point_and_reaches_nested_unions():
    nested = {"anyOf": [{"anyOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "string",
                                                                                    "maxLength": 2}]},
                        {"type": "object", "required": ["k"]}, {"type": "boolean"}]}
    flat = {"anyOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "string", "maxLength": 2},
                      {"type": "object", "required": ["k"]}, {"type": "boolean"}]}
    form = canonical_schema(flat)
    assert form == canonical_schema(nested) == {
        "type": ["array", "boolean", "object", "string"], "items": {"type": ["integer"]}, "maxLength": 2,
        "required": ["k"]}
    assert canonical_schema(form) == form
