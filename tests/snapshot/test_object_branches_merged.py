"""The one object an ``allOf`` of objects means (``object_branches_merged``, hostile trial, round
44: TypeBox's ``Type.Intersect`` against ``Type.Composite``), checked to accept what the
``allOf`` accepts by jsonschema on random branches, and to keep apart what it must."""

from __future__ import annotations

import json
import random

import jsonschema
import pytest

from mcp_inspect.snapshot.canonical import canonical_schema, object_branches_merged

NAMES = ("a", "b", "c")
MEMBERS = ({}, {"type": "string"}, {"type": "integer"}, {"type": "string", "minLength": 2}, {"maxLength": 3},
           {"minimum": 2}, {"type": ["string", "null"]}, {"enum": ["x", 1]})
VALUES = ({}, {"a": "x"}, {"a": "xyz"}, {"a": "xyzw"}, {"a": 1}, {"a": 3, "b": "x"}, {"b": None}, {"a": "x", "b": "xy"},
          {"a": "x", "b": 1, "c": "x"}, {"c": 1}, {"c": None, "a": None}, [], "s", 1, None)


def _branch(rng: random.Random) -> dict:
    node: dict = {"properties": {name: rng.choice(MEMBERS) for name in rng.sample(NAMES, rng.randint(1, 2))}}
    if rng.random() < 0.6:
        node["required"] = rng.sample(NAMES, rng.randint(1, 2))
    if rng.random() < 0.7:
        node["type"] = rng.choice(["object", ["object", "null"], ["object", "array"]])
    if rng.random() < 0.2:
        node["minProperties"] = 1
    return node


def _merged_alike(schemas: list[dict]) -> int:
    """How many of ``schemas`` merged into one object; each that did must accept exactly the
    ``VALUES`` its ``allOf`` does, and be a canonical form already."""
    merged_count, wrong = 0, []
    for schema in schemas:
        form = canonical_schema(schema)
        merged = object_branches_merged(form) if isinstance(form, dict) else None
        if merged is None:
            continue
        merged_count += 1
        given, one = jsonschema.Draft202012Validator(schema), jsonschema.Draft202012Validator(merged)
        differ = [v for v in VALUES if given.is_valid(v) != one.is_valid(v)]
        if differ or canonical_schema(merged) != merged:
            wrong.append((differ, schema))
    assert not wrong, "\n".join(f"{d!r}: {json.dumps(s)}" for d, s in wrong[:5])
    return merged_count


@pytest.mark.parametrize("seed", [441, 442, 443])
def test_the_merged_object_accepts_what_the_all_of_does(seed):
    rng, schemas = random.Random(seed), []
    for _ in range(300):
        schema: dict = {"allOf": [_branch(rng) for _ in range(rng.randint(1, 3))]}
        if rng.random() < 0.4:
            schema.update({k: v for k, v in _branch(rng).items() if k != "minProperties"})
        schemas.append(schema)
    assert _merged_alike(schemas) > 100  # the shapes did merge, often enough to mean something


@pytest.mark.parametrize("beside", [{"additionalProperties": False}, {"patternProperties": {"^a": {}}},
                                    {"unevaluatedProperties": False}, {"dependentRequired": {"a": ["b"]}}])
def test_a_keyword_reading_the_members_beside_keeps_the_branches_apart(beside):
    branches = [{"properties": {"a": {}}}, {"properties": {"b": {}}}]
    assert object_branches_merged({"allOf": branches, **beside}) is None
    assert object_branches_merged({"allOf": [{**branches[0], **beside}, branches[1]]}) is None


@pytest.mark.parametrize("seed", [451, 452])
def test_a_nested_all_of_of_objects_merges_into_what_it_accepts(seed):
    """A branch that is itself an ``allOf`` of objects is merged too ("A and (B and C)"; hostile
    trial, round 45: a member's type changed inside it was a NON_BREAKING "allOf removed"), and
    the one object still accepts exactly what the nested ``allOf`` does."""
    rng, schemas = random.Random(seed), []
    for _ in range(200):
        inner = {"allOf": [_branch(rng), _branch(rng)]}
        schemas.append({"allOf": [_branch(rng), inner]})
    assert _merged_alike(schemas) > 50


def test_branches_that_give_other_titles_merge_into_an_object_without_one():
    """Annotations read no value: branches titled apart (zod's ``.describe()`` on both sides of
    ``.and()``) are still one object, which no one title describes (hostile trial, round 45)."""
    branches = [{"title": "A", "properties": {"a": {}}}, {"title": "B", "properties": {"b": {}}}]
    assert object_branches_merged({"allOf": branches}) == {"properties": {"a": {}, "b": {}}}
    assert object_branches_merged({"allOf": branches, "title": "C"})["title"] == "C"
