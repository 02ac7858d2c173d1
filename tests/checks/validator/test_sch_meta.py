"""SCH-004's meta-schemas: the flattened 2020-12 meta-schema judges as the published one, the
fast path never passes a schema a meta-schema refuses, and a JSON pointer followed by hand
lands where ``referencing`` lands."""

from __future__ import annotations

import functools
import json
from typing import Any

from conftest import CORPUS
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.checks.rules import sch_meta, sch_schema


@functools.cache
def _official(dialect: str) -> Any:
    """The published meta-schema's validator, made once per dialect (iter_errors keeps no state)."""
    from jsonschema import Draft7Validator, Draft202012Validator

    validator = Draft202012Validator if dialect == "2020-12" else Draft7Validator
    return validator(validator.META_SCHEMA)


def _official_errors(schema: Any, dialect: str = "2020-12") -> set[tuple[tuple[Any, ...], str]]:
    return {(tuple(e.absolute_path), e.message) for e in _official(dialect).iter_errors(schema)}


def _flat_errors(schema: Any) -> set[tuple[tuple[Any, ...], str]]:
    return {(tuple(e.absolute_path), e.message) for e in sch_meta.meta_validators()["2020-12"].iter_errors(schema)}


KEYWORDS = sorted(set(sch_meta.KINDS["2020-12"]) | set(sch_meta.KINDS["draft-07"])) + ["x-custom", "nullable", "a"]
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(allow_nan=False, width=16),
                     st.sampled_from(["string", "object", "x", "#", "a b", "", "https://e.x/s", "#/a", "a#b"]))
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(KEYWORDS), inner, max_size=4)),
    max_leaves=12)
_RIGHT: dict[str, Any] = {
    "type": st.one_of(st.sampled_from(["string", "object", "integer"]),
                      st.lists(st.sampled_from(["string", "null", "number"]), max_size=3)),
    "required": st.lists(st.sampled_from(["a", "b", "c"]), max_size=3),
    "minLength": st.integers(-1, 3), "maximum": st.one_of(st.integers(-2, 2), st.booleans()),
    "multipleOf": st.one_of(st.integers(-1, 2), st.floats(-1, 1, width=16)),
    "$anchor": st.sampled_from(["a", "_b", "1c", "a b"]), "$id": st.sampled_from(["x.json", "x#", "x#y", "#z"]),
    "enum": st.lists(_scalars, max_size=2), "dependentRequired": st.dictionaries(
        st.sampled_from(["a", "b"]), st.lists(st.sampled_from(["a", "b"]), max_size=2), max_size=2),
}


@st.composite
def _schemas(draw: Any, depth: int = 0) -> Any:
    keys = draw(st.lists(st.sampled_from(KEYWORDS), max_size=5, unique=True))
    out: dict[str, Any] = {}
    for key in keys:
        if key in ("properties", "$defs", "patternProperties") and depth < 3:
            out[key] = draw(st.dictionaries(st.sampled_from(["a", "b"]), _schemas(depth + 1), max_size=2))
        elif key in ("items", "not", "if", "additionalProperties") and depth < 3:
            out[key] = draw(st.one_of(st.booleans(), _schemas(depth + 1)))
        elif key in ("anyOf", "allOf", "prefixItems") and depth < 3:
            out[key] = draw(st.lists(_schemas(depth + 1), max_size=2))
        elif key in _RIGHT:
            out[key] = draw(st.one_of(_RIGHT[key], _values))
        else:
            out[key] = draw(_values)
    return out


@settings(max_examples=150, deadline=None)
@given(st.one_of(_schemas(), st.dictionaries(st.sampled_from(KEYWORDS), _values, max_size=5)))
def test_the_flat_meta_schema_judges_as_the_published_one(schema):
    official = _official_errors(schema)
    assert _flat_errors(schema) == official
    if sch_meta.plainly_valid(schema, sch_meta.KINDS["2020-12"]):
        assert official == set()
    if sch_meta.plainly_valid(schema, sch_meta.KINDS["draft-07"]):
        assert _official_errors(schema, "draft-07") == set()


def test_the_fast_path_knows_every_keyword_of_the_meta_schemas():
    from jsonschema import Draft7Validator

    assert set(sch_meta.KINDS["2020-12"]) == set(sch_meta.flat_meta_schema()["properties"])
    assert set(sch_meta.KINDS["draft-07"]) == set(Draft7Validator.META_SCHEMA["properties"])


def _corpus_schemas() -> list[Any]:
    samples: list[Any] = []
    for capture in sorted(CORPUS.glob("*/*.json")):
        for item in json.loads(capture.read_text()).get("tools") or []:
            samples += [item.get(k) for k in ("inputSchema", "outputSchema") if isinstance(item.get(k), dict)]
    return samples


def test_the_flat_meta_schema_on_real_and_broken_schemas():
    broken = [{"type": "strin"}, {"type": []}, {"required": ["a", "a"]}, {"properties": {"a": 5}},
              {"anyOf": []}, {"items": [{}]}, {"$defs": {"x": {"minLength": 1.5}}}, {"$anchor": "1x"},
              {"dependencies": {"a": [1]}}, {"$id": "x#frag"}, {"enum": 3}, True, 5, {"not": {"not": "x"}}]
    # Each distinct schema once: the corpus repeats most of them from release to release
    # (707 schemas, 244 distinct), and the published meta-schema's validator is the slow part.
    distinct = list({json.dumps(schema, sort_keys=True): schema for schema in _corpus_schemas()}.values())
    for schema in distinct + broken:
        assert _flat_errors(schema) == _official_errors(schema), schema
        for dialect, kinds in sch_meta.KINDS.items():
            assert not (sch_meta.plainly_valid(schema, kinds) and _official_errors(schema, dialect)), schema


def test_most_real_schemas_take_the_fast_path():
    samples = _corpus_schemas()
    for kinds in sch_meta.KINDS.values():
        assert sum(sch_meta.plainly_valid(schema, kinds) for schema in samples) >= 0.9 * len(samples)


_pointer_steps = st.sampled_from(["a", "b", "0", "1", "-1", "x~1y", "x~0y", "a%20b", "a b", "", "01", "%2F"])


@settings(max_examples=300, deadline=None)
@given(_values, st.lists(_pointer_steps, max_size=4))
def test_a_pointer_followed_by_hand_lands_where_referencing_lands(document, steps):
    from referencing import Registry
    from referencing.jsonschema import DRAFT202012

    pointer = "".join("/" + step for step in steps)
    resolver = Registry().with_resource("", DRAFT202012.create_resource(document)).resolver()
    try:
        resolver.lookup("#" + pointer)
        expected = True
    except Exception:
        expected = False
    assert sch_schema.points_into(document, pointer) == expected


def _reference_plainly_valid(schema: Any, kinds: dict[str, str], depth: int = 0) -> bool:
    """``plainly_valid`` as it was written before its commonest kinds were tested in line:
    every keyword's check looked up by kind, the schema kinds recursing through it."""
    def sub(value: Any) -> bool:
        return value is True or value is False or _reference_plainly_valid(value, kinds, depth + 1)

    def subs(value: Any) -> bool:
        return isinstance(value, list) and bool(value) and all(sub(v) for v in value)

    recursive = {"schema": sub, "schemas": subs,
                 "schema_or_schemas": lambda v: subs(v) if isinstance(v, list) else sub(v),
                 "map": lambda v: isinstance(v, dict) and all(sub(s) for s in v.values())}
    if not isinstance(schema, dict) or depth > sch_meta._PLAIN_DEPTH:
        return False
    for key, value in schema.items():
        kind = kinds.get(key)
        if kind is None:
            continue
        check = recursive.get(kind)
        if not (check(value) if check else sch_meta._CHECKS[kind](value, kinds, depth)):
            return False
    return True


@settings(max_examples=150)
@given(st.one_of(_schemas(), st.dictionaries(st.sampled_from(KEYWORDS), _values, max_size=5), _values))
def test_the_fast_path_reads_as_it_did(schema: Any) -> None:
    for kinds in sch_meta.KINDS.values():
        assert sch_meta.plainly_valid(schema, kinds) == _reference_plainly_valid(schema, kinds)


def test_the_fast_path_reads_real_schemas_as_it_did() -> None:
    for schema in _corpus_schemas():
        for kinds in sch_meta.KINDS.values():
            assert sch_meta.plainly_valid(schema, kinds) == _reference_plainly_valid(schema, kinds)


def test_unresolved_references_are_listed_in_one_order_whatever_the_key_order():
    """The seeded report fuzzer (found beside hostile trial round 17): an output schema with two
    references to nowhere listed them in its key order, so reordering the keys changed the
    SCH-004 message and a byte of the JSON report. They are listed sorted."""
    from mcp_inspect.checks.engine import lint_tools
    from mcp_inspect.checks.settings import LintSettings

    def messages(properties: dict) -> list[str]:
        tool = {"name": "t", "description": "Reads the thing the server holds.",
                "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": properties}}
        found, _ = lint_tools([tool], LintSettings(select=("SCH-004",)))
        return [f.message for f in found]

    one = messages({"x": {"$ref": "#/$defs/b"}, "y": {"$ref": "#/$defs/a"}})
    other = messages({"y": {"$ref": "#/$defs/a"}, "x": {"$ref": "#/$defs/b"}})
    assert one and one == other
    assert one[0].index("#/$defs/a") < one[0].index("#/$defs/b")
