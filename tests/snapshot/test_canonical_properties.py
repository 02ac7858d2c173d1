"""Property tests of the canonical form over random JSON-Schema-like documents."""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.model import Provenance, Snapshot
from mcp_inspect.snapshot import build_surface
from mcp_inspect.snapshot.canonical import canonical_json, canonical_schema
from mcp_inspect.snapshot.surface import fingerprint

SETTINGS = settings(max_examples=200, deadline=None)

TYPES = ["string", "integer", "number", "boolean", "object", "array", "null"]
NAMES = ["a", "b", "c", "d"]
DEF_NAMES = ["n1", "n2", "n3"]  # n3 is never defined: references to it dangle

numbers = st.one_of(
    st.integers(-1000, 1000),
    st.floats(-1000, 1000, allow_nan=False, allow_infinity=False, width=32),
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.sampled_from(["x", "y", "z", ""]),
    st.sampled_from([1.0, 2.5]),
)
type_values = st.one_of(st.sampled_from(TYPES), st.lists(st.sampled_from(TYPES), max_size=4))
refs = st.one_of(
    st.sampled_from([f"#/$defs/{n}" for n in DEF_NAMES]),
    st.sampled_from([f"#/definitions/{n}" for n in DEF_NAMES]),
    st.just("#"),
    st.just("https://example.com/remote.json"),
)

SCHEMA_URIS = [
    "http://json-schema.org/draft-07/schema#",
    "https://json-schema.org/draft/2020-12/schema",
]
SIMPLE_KEYWORDS = {
    "type": type_values,
    "enum": st.lists(scalars, max_size=5),
    "minimum": numbers,
    "exclusiveMinimum": st.one_of(st.booleans(), numbers),
    "maxLength": st.integers(0, 100),
    "description": st.sampled_from(["", "A thing.", "Another thing."]),
    "nullable": st.booleans(),
}
descriptions = SIMPLE_KEYWORDS["description"]
required = st.lists(st.sampled_from(NAMES), max_size=4)

leaf_schemas = st.one_of(
    st.fixed_dictionaries({}, optional=SIMPLE_KEYWORDS),
    st.fixed_dictionaries({"$ref": refs}, optional={"description": descriptions}),
    st.booleans(),
)


def _extend(children):
    """One structural keyword per node (plus a few plain ones) keeps generation cheap."""
    common = {"type": type_values, "description": descriptions, "nullable": st.booleans()}
    return st.one_of(
        st.fixed_dictionaries(
            {"properties": st.dictionaries(st.sampled_from(NAMES), children, max_size=3)},
            optional={**common, "required": required, "additionalProperties": children},
        ),
        st.fixed_dictionaries(
            {"items": st.one_of(children, st.lists(children, min_size=1, max_size=3))},
            optional={**common, "additionalItems": children, "maxLength": st.integers(0, 100)},
        ),
        st.fixed_dictionaries(
            {"anyOf": st.lists(children, min_size=1, max_size=3)},
            optional={**common, "enum": st.lists(scalars, max_size=4)},
        ),
        st.fixed_dictionaries(
            {"allOf": st.lists(children, min_size=1, max_size=2)},
            optional={"not": children, "minimum": numbers},
        ),
        st.fixed_dictionaries(
            {"$ref": refs},
            optional={
                "type": type_values,
                "required": required,
                "$schema": st.sampled_from(SCHEMA_URIS),
            },
        ),
    )


sub_schemas = st.recursive(leaf_schemas, _extend, max_leaves=10)


@st.composite
def schemas(draw):
    """A root schema, sometimes with ``$defs`` (or ``definitions``) that the body refers to."""
    body = draw(sub_schemas)
    if not isinstance(body, dict):
        return body
    defs = draw(st.dictionaries(st.sampled_from(DEF_NAMES[:2]), sub_schemas, max_size=2))
    if defs:
        body = {**body, draw(st.sampled_from(["$defs", "definitions"])): defs}
    return body


# ---------------------------------------------------------------------------
# Shuffling what does not carry meaning


def _shuffled(value, rng: random.Random, *, schema: bool = True):
    """Reorder every object's keys, and the order-free arrays of every schema node."""
    if not schema or not isinstance(value, dict):
        return value
    out = {}
    keys = list(value)
    rng.shuffle(keys)
    for key in keys:
        item = value[key]
        if key in ("properties", "$defs", "definitions") and isinstance(item, dict):
            names = list(item)
            rng.shuffle(names)
            item = {name: _shuffled(item[name], rng) for name in names}
        elif key in ("required", "enum", "type", "anyOf", "allOf") and isinstance(item, list):
            item = list(item)
            rng.shuffle(item)
            if key in ("anyOf", "allOf"):
                item = [_shuffled(sub, rng) for sub in item]
        elif key == "items" and isinstance(item, list):
            item = [_shuffled(sub, rng) for sub in item]  # positional: order kept
        elif key in ("items", "additionalItems", "additionalProperties", "not"):
            item = _shuffled(item, rng)
        out[key] = item
    return out


def _tool_fingerprint(schema) -> str:
    snap = Snapshot(Provenance(source="prop", shape="tools-array"))
    snap.tools = [{"name": "t", "inputSchema": schema}]
    return build_surface(snap).entities["tools"]["t"].fingerprint


@SETTINGS
@given(schemas())
def test_canonicalisation_is_idempotent_and_stable(schema):
    before = copy.deepcopy(schema)
    once = canonical_schema(schema)
    twice = canonical_schema(once)
    assert canonical_json(twice) == canonical_json(once)
    # Stable across calls, and the input is left as it was.
    assert fingerprint(canonical_schema(schema)) == fingerprint(once)
    assert _tool_fingerprint(schema) == _tool_fingerprint(copy.deepcopy(schema))
    assert schema == before


@settings(max_examples=100, deadline=None)
@given(schemas())
def test_canonical_form_has_no_spelling_variants_left(schema):
    notes: list[str] = []
    out = canonical_schema(schema, notes)
    # A local reference that does not resolve keeps the definitions (a validator may still
    # resolve it, docs/canonical-form.md), so they are compared rather than dropped.
    dropped = {"$defs", "definitions"} if not any("definitions with it" in note for note in notes) else set()

    def check(node):
        if not isinstance(node, dict):
            assert node is not True  # ``true`` is written ``{}``
            return
        assert not ({"$schema", "nullable"} | dropped) & set(node)
        if "type" in node:
            assert isinstance(node["type"], list)
            assert node["type"] == sorted(set(node["type"]))
        if "required" in node:
            assert node["required"] and node["required"] == sorted(set(node["required"]))
        for flag in ("exclusiveMinimum", "exclusiveMaximum"):
            assert not isinstance(node.get(flag), bool)
        assert not isinstance(node.get("items"), list)
        for key in ("items", "additionalItems", "additionalProperties", "not"):
            if key in node:
                if key != "not":
                    assert node[key] != {}
                check(node[key])
        for key in ("anyOf", "allOf", "prefixItems"):
            for sub in node.get(key, []):
                check(sub)
        for sub in node.get("properties", {}).values():
            check(sub)

    check(out)


@settings(max_examples=100, deadline=None)
@given(schemas(), st.randoms(use_true_random=False))
def test_shuffling_keys_and_order_free_arrays_keeps_the_fingerprint(schema, rng):
    shuffled = _shuffled(copy.deepcopy(schema), rng)
    assert fingerprint(canonical_schema(shuffled)) == fingerprint(canonical_schema(schema))
    assert _tool_fingerprint(shuffled) == _tool_fingerprint(schema)


@settings(max_examples=50, deadline=None)
@given(schemas(), st.integers(101, 200))
def test_a_changed_max_length_changes_the_fingerprint(schema, new_max):
    # Generated maxLengths are at most 100, so the root's bound really changes. Under a type
    # that admits no string, maxLength acts on nothing and the form drops it (hostile trial,
    # round 10): a schema whose type lists no string becomes a string.
    if not isinstance(schema, dict) or "$ref" in schema:
        schema = {"type": "string"}
    form = canonical_schema(schema)
    if not isinstance(form, dict) or "string" not in form.get("type", ["string"]):
        schema = {"type": "string"}  # (its type, declared or from its values, admits no string)
    changed = {**schema, "maxLength": new_max}
    assert fingerprint(canonical_schema(changed)) != fingerprint(canonical_schema(schema))


def test_a_recursive_draft_07_schema_is_a_fixed_point():
    """Found by a longer run of the property above: two union branches became one
    back-reference only once the recursion's unrollings were folded, after the value-set folds
    had run, so reading the form again dropped one of them."""
    schema = {"type": "integer", "$ref": "#/$defs/n1", "$schema": "http://json-schema.org/draft-07/schema#",
              "definitions": {
                  "n1": {"anyOf": [{"anyOf": [{"description": "Another thing.", "$ref": "#"}, False],
                                    "description": "A thing.", "enum": [-5, True, None],
                                    "type": ["array", "null", "number", "boolean"]},
                                   {"nullable": True,
                                    "items": [{"description": "Another thing.", "$ref": "#/$defs/n2"}]},
                                   {"$ref": "#"}]},
                  "n2": {"enum": [True, None], "type": ["array", "boolean", "number", "boolean"],
                         "anyOf": [{"description": "A thing.", "$ref": "#"},
                                   {"description": "Another thing.", "$ref": "#/$defs/n1"},
                                   {"$ref": "https://example.com/remote.json", "description": "A thing."}]}}}
    once = canonical_schema(schema)
    assert canonical_json(canonical_schema(once)) == canonical_json(once)
