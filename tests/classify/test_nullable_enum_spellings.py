"""A nullable enum spelled as a union with a ``{type: null}`` branch, or as one ``enum``.

pydantic's ``Optional[Literal['a', 'b']]`` and zod 4 write ``anyOf: [{type: string, enum: [a,
b]}, {type: null}]``; zod-to-json-schema and ``Literal['a', 'b', None]`` write ``enum: [a, b,
null]``; hand-written schemas add ``type: [string, null]`` beside that enum, or write ``const``
branches beside ``{type: null}``. All accept the same values, and moving between them was a
BREAKING ``enum.widened`` (output) or ``enum.narrowed`` (input) no call could show (hostile
trial, round 36). A ``{type: null}`` branch with nothing beside is the value set ``[null]``.
"""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.canonical import canonical_schema
from mcp_inspect.snapshot.shapes import snapshot_from_value

PYDANTIC = {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]}
ZOD_TO_JSON_SCHEMA = {"enum": ["a", "b", None]}
TYPED = {"type": ["string", "null"], "enum": ["a", "b", None]}
CONSTS = {"anyOf": [{"const": "a"}, {"const": "b"}, {"type": "null"}]}
ONE_OF = {"oneOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]}
SPELLINGS = [PYDANTIC, ZOD_TO_JSON_SCHEMA, TYPED, CONSTS, ONE_OF]


def surface(schema: Any, where: str) -> dict[str, Any]:
    tool: dict[str, Any] = {"name": "t", "inputSchema": {"type": "object"}}
    tool[where] = {"type": "object", "properties": {"p": copy.deepcopy(schema)}, "required": ["p"]}
    return {"tools": [tool]}


def facts(old: Any, new: Any, where: str) -> list[tuple[str, str, str]]:
    result = diff_snapshots(snapshot_from_value(surface(old, where), "old"),
                            snapshot_from_value(surface(new, where), "new"))
    return sorted((f.rule, f.severity.name, f.path) for f in result.findings)


@pytest.mark.parametrize("where", ["inputSchema", "outputSchema"])
@pytest.mark.parametrize("old", range(len(SPELLINGS)))
@pytest.mark.parametrize("new", range(len(SPELLINGS)))
def test_a_nullable_enum_respelled_between_union_and_enum_is_no_change(where, old, new):
    """Hostile trial, round 36: every spelling of "a, b or null" is one canonical form, so a
    move between any two is no finding, in either direction and on either side."""
    assert canonical_schema(SPELLINGS[old]) == canonical_schema(SPELLINGS[new])
    assert facts(SPELLINGS[old], SPELLINGS[new], where) == []


@pytest.mark.parametrize("where", ["inputSchema", "outputSchema"])
def test_a_default_beside_the_nullable_union_stays_with_the_node(where):
    """Hostile trial, round 36: pydantic writes ``default: null`` beside the union; the
    annotation is the node's, so the union still folds and only the default's removal is said."""
    old = {**PYDANTIC, "default": None}
    new = {**ZOD_TO_JSON_SCHEMA, "default": None}
    assert canonical_schema(old) == canonical_schema(new)
    assert facts(old, new, where) == []


def test_a_described_null_branch_keeps_its_union_as_a_described_value_does():
    """Hostile trial, round 36: a branch's annotations have no place in an ``enum``, so a
    ``{type: null}`` branch that describes itself keeps the union, as a described ``const``
    branch does (docs/canonical-form.md)."""
    described = {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null", "description": "unset"}]}
    assert "anyOf" in canonical_schema(described)


def test_a_real_change_beside_the_respelling_is_still_said():
    """Hostile trial, round 36: the fold must not hide a value lost in the same move."""
    new = {"enum": ["a", None]}
    rules = facts(PYDANTIC, new, "inputSchema")
    assert rules and all(severity == "BREAKING" for _, severity, _ in rules)


VALUES = [None, "a", "b", "c", 1, 1.5, True, False, [], {}, [None], {"a": None}]
scalars = st.sampled_from([None, "a", "b", "c", 1, 1.5, True, False])


@st.composite
def value_unions(draw: Any) -> dict[str, Any]:
    branches: list[Any] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["null", "const", "enum", "typed_enum"]))
        if kind == "null":
            branches.append({"type": "null"})
        elif kind == "const":
            branches.append({"const": draw(scalars)})
        else:
            values = draw(st.lists(scalars, min_size=1, max_size=3))
            branch: dict[str, Any] = {"enum": values}
            if kind == "typed_enum":
                branch["type"] = draw(st.sampled_from(["string", "null", ["string", "null"], "integer", "number"]))
            branches.append(branch)
    node: dict[str, Any] = {draw(st.sampled_from(["anyOf", "oneOf"])): branches}
    if draw(st.booleans()):
        node["type"] = draw(st.sampled_from(["string", ["string", "null"], "null", "integer"]))
    return node


@settings(max_examples=300, deadline=None)
@given(value_unions())
def test_a_union_of_value_sets_and_null_folds_soundly(schema):
    """Hostile trial, round 36: the fold of a union of value sets and ``{type: null}`` branches
    into one ``enum`` accepts exactly what the union does (jsonschema judges both) and is a
    fixed point."""
    once = canonical_schema(copy.deepcopy(schema))
    assert canonical_schema(copy.deepcopy(once)) == once
    given_, folded = jsonschema.Draft202012Validator(schema), jsonschema.Draft202012Validator(once)
    for value in VALUES:
        assert given_.is_valid(value) == folded.is_valid(value), (value, once)
