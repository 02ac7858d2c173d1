"""The parameter walk (checks/parameters.py) finds what it found before it skipped leaves
and looked keywords up in sets: the same parameters, paths and order, on random schemas and
on every corpus schema."""

from __future__ import annotations

import json
from typing import Any

from conftest import corpus_releases
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.checks.parameters import MAX_DEPTH, at_any_depth
from mcp_inspect.checks.walk import step

_ONE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames")
_LIST = ("prefixItems", "anyOf", "oneOf", "allOf")
_MAP = ("$defs",)


def _reference(schema: Any) -> list[tuple[str, str, bool, int]]:
    """The walk as it was written, its parameters as (name, path, top level, schema identity)."""
    found: list[tuple[str, str, bool, int]] = []

    def walk(schema: dict[str, Any], path: str, depth: int, root: bool) -> None:
        if depth > MAX_DEPTH:
            return
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                for name, sub in value.items():
                    if isinstance(sub, dict):
                        where = path + step("properties", str(name))
                        found.append((str(name), where, root, id(sub)))
                        walk(sub, where, depth + 1, False)
            elif key in _ONE and isinstance(value, dict):
                walk(value, path + step(key, None), depth + 1, False)
            elif key in _LIST and isinstance(value, list):
                for index, sub in enumerate(value):
                    if isinstance(sub, dict):
                        walk(sub, path + step(key, index), depth + 1, False)
            elif key in _MAP and isinstance(value, dict):
                for name, sub in value.items():
                    if isinstance(sub, dict):
                        walk(sub, path + step(key, str(name)), depth + 1, False)

    if isinstance(schema, dict):
        walk(schema, "inputSchema", 0, True)
    return found


def _walked(schema: Any) -> list[tuple[str, str, bool, int]]:
    return [(p.name, p.path, p.top_level, id(p.schema)) for p in at_any_depth(schema)]


_KEYS = st.sampled_from(["properties", *_ONE, *_LIST, *_MAP, "type", "items", "patternProperties", "required"])
_NAMES = st.sampled_from(["a", "b c", "x.y", "", "é", "$ref", "0"])
_schemas = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.just("string")),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_KEYS, inner, max_size=4),
                            st.dictionaries(_NAMES, inner, max_size=3)),
    max_leaves=30)


@settings(max_examples=500)
@given(_schemas)
def test_the_walk_finds_what_it_found(schema: Any) -> None:
    assert _walked(schema) == _reference(schema)


def test_the_walk_finds_what_it_found_in_the_corpus() -> None:
    for paths in corpus_releases().values():
        for path in paths:
            for tool in json.loads(path.read_text()).get("tools", []):
                schema = tool.get("inputSchema") if isinstance(tool, dict) else None
                assert _walked(schema) == _reference(schema)


def test_the_walk_stops_at_its_depth_bound() -> None:
    schema: dict[str, Any] = {}
    inner = schema
    for _ in range(MAX_DEPTH + 5):
        inner["properties"] = {"p": {}}
        inner = inner["properties"]["p"]
    assert _walked(schema) == _reference(schema)
    assert len(_walked(schema)) == MAX_DEPTH + 1
