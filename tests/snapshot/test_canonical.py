"""The canonical schema form: every contract equivalence folds; different meanings do not.

Contract: ../shared/docs/classification.md, "Canonicalise before comparing";
the foldings beyond it are listed in mcp_inspect/snapshot/canonical.py.
"""

from __future__ import annotations

import copy
import json
import socket
import urllib.request

import pytest
from conftest import case_dirs

from mcp_inspect.errors import InputError
from mcp_inspect.model import Provenance, Snapshot
from mcp_inspect.snapshot import build_surface, load_snapshot
from mcp_inspect.snapshot.canonical import Canonicaliser, canonical_json, canonical_schema
from mcp_inspect.snapshot.surface import fingerprint

QUIET_CASES = [p for p in case_dirs("cases") if p.name.startswith("quiet-")]


def canon_fp(schema) -> str:
    return fingerprint(canonical_schema(schema))


def tool_fp(schema, key: str = "inputSchema") -> str:
    """The entity fingerprint of a tool whose only varying part is ``schema``."""
    snap = Snapshot(Provenance(source="test", shape="tools-array"))
    snap.tools = [{"name": "t", "description": "d", key: schema}]
    return build_surface(snap).entities["tools"]["t"].fingerprint


def assert_same(a, b) -> None:
    ca, cb = canonical_schema(a), canonical_schema(b)
    assert canonical_json(ca) == canonical_json(cb), (ca, cb)
    assert canon_fp(a) == canon_fp(b)
    assert tool_fp(a) == tool_fp(b)
    assert tool_fp(a, "outputSchema") == tool_fp(b, "outputSchema")


def assert_different(a, b) -> None:
    assert canonical_json(canonical_schema(a)) != canonical_json(canonical_schema(b))
    assert canon_fp(a) != canon_fp(b)
    assert tool_fp(a) != tool_fp(b)


# ---------------------------------------------------------------------------
# Contract equivalences

LOC = {"type": "string", "maxLength": 200, "description": "A location."}

EQUIVALENT = {
    "key-order": (
        {
            "type": "object",
            "properties": {"a": {"type": "string", "minLength": 1}, "b": {"type": "integer"}},
            "required": ["a"],
            "additionalProperties": False,
        },
        {
            "additionalProperties": False,
            "required": ["a"],
            "properties": {"b": {"type": "integer"}, "a": {"minLength": 1, "type": "string"}},
            "type": "object",
        },
    ),
    "type-string-vs-array": ({"type": "string"}, {"type": ["string"]}),
    "type-string-vs-array-nested": (
        {"type": "object", "properties": {"x": {"type": "integer"}}},
        {"type": ["object"], "properties": {"x": {"type": ["integer"]}}},
    ),
    "required-order": (
        {"type": "object", "required": ["a", "b", "c"]},
        {"type": "object", "required": ["c", "a", "b"]},
    ),
    "required-duplicates": ({"required": ["a", "b"]}, {"required": ["b", "a", "a"]}),
    "required-empty": ({"type": "object", "required": []}, {"type": "object"}),
    "enum-order": ({"enum": ["red", "green", 3, None]}, {"enum": [None, 3, "green", "red"]}),
    "type-order": (
        {"type": ["string", "null", "integer"]},
        {"type": ["integer", "string", "null"]},
    ),
    "ref-vs-inlined": (
        {
            "type": "object",
            "properties": {"from": {"$ref": "#/$defs/loc"}, "to": {"$ref": "#/$defs/loc"}},
            "$defs": {"loc": LOC},
        },
        {"type": "object", "properties": {"from": LOC, "to": LOC}},
    ),
    "ref-at-root-vs-inlined": ({"$ref": "#/$defs/loc", "$defs": {"loc": LOC}}, LOC),
    "ref-with-sibling-vs-inlined": (
        {
            "properties": {"a": {"$ref": "#/$defs/loc", "description": "Overridden."}},
            "$defs": {"loc": LOC},
        },
        {"properties": {"a": {**LOC, "description": "Overridden."}}},
    ),
    "ref-chain-vs-inlined": (
        {
            "properties": {"a": {"$ref": "#/$defs/one"}},
            "$defs": {"one": {"$ref": "#/$defs/two"}, "two": {"type": "boolean"}},
        },
        {"properties": {"a": {"type": "boolean"}}},
    ),
    "ref-to-properties-vs-inlined": (
        {"properties": {"a": {"type": "string"}, "b": {"$ref": "#/properties/a"}}},
        {"properties": {"a": {"type": "string"}, "b": {"type": "string"}}},
    ),
    "ref-percent-escaped": (
        {"properties": {"a": {"$ref": "#/$defs/a%20b"}}, "$defs": {"a b": {"type": "string"}}},
        {"properties": {"a": {"type": "string"}}},
    ),
    "definitions-vs-defs": (
        {"properties": {"a": {"$ref": "#/definitions/loc"}}, "definitions": {"loc": LOC}},
        {"properties": {"a": {"$ref": "#/$defs/loc"}}, "$defs": {"loc": LOC}},
    ),
    "definitions-pointer-into-defs": (
        {"properties": {"a": {"$ref": "#/definitions/loc"}}, "$defs": {"loc": LOC}},
        {"properties": {"a": LOC}},
    ),
    "unused-defs-dropped": (
        {"type": "string", "$defs": {"unused": {"type": "integer"}}},
        {"type": "string"},
    ),
    "draft04-exclusive-minimum": (
        {"type": "number", "minimum": 0, "exclusiveMinimum": True},
        {"type": "number", "exclusiveMinimum": 0},
    ),
    "draft04-exclusive-maximum": (
        {"type": "number", "maximum": 10, "exclusiveMaximum": True},
        {"type": "number", "exclusiveMaximum": 10},
    ),
    "draft04-exclusive-false": (
        {
            "type": "integer",
            "minimum": 1,
            "exclusiveMinimum": False,
            "maximum": 9,
            "exclusiveMaximum": False,
        },
        {"type": "integer", "minimum": 1, "maximum": 9},
    ),
    "draft07-items-array": (
        {"type": "array", "items": [{"type": "string"}, {"type": "integer"}]},
        {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]},
    ),
    "draft07-additional-items": (
        {"type": "array", "items": [{"type": "string"}], "additionalItems": False},
        {"type": "array", "prefixItems": [{"type": "string"}], "items": False},
    ),
    "draft07-additional-items-schema": (
        {"type": "array", "items": [{"type": "string"}], "additionalItems": {"type": "number"}},
        {"type": "array", "prefixItems": [{"type": ["string"]}], "items": {"type": "number"}},
    ),
    "draft07-additional-items-true": (
        {"type": "array", "items": [{"type": "string"}], "additionalItems": True},
        {"type": "array", "prefixItems": [{"type": "string"}]},
    ),
    "openapi-nullable": ({"type": "string", "nullable": True}, {"type": ["string", "null"]}),
    "openapi-nullable-union": (
        {"type": ["integer", "string"], "nullable": True},
        {"type": ["null", "string", "integer"]},
    ),
    "openapi-nullable-already-null": (
        {"type": ["string", "null"], "nullable": True},
        {"type": ["null", "string"]},
    ),
    "openapi-nullable-false": ({"type": "string", "nullable": False}, {"type": "string"}),
    "schema-keyword-changed": (
        {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"},
        {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"},
    ),
    "schema-keyword-removed": (
        {"$schema": "http://json-schema.org/draft-04/schema#", "type": "string"},
        {"type": "string"},
    ),
    "true-vs-empty": (True, {}),
    "true-property-vs-empty": ({"properties": {"a": True}}, {"properties": {"a": {}}}),
    "additional-properties-true-vs-absent": (
        {"type": "object", "additionalProperties": True},
        {"type": "object"},
    ),
    "additional-properties-empty-vs-absent": (
        {"type": "object", "additionalProperties": {}},
        {"type": "object"},
    ),
    "items-true-vs-absent": ({"type": "array", "items": True}, {"type": "array"}),
    "anyof-order": (
        {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        {"anyOf": [{"type": "integer"}, {"type": "string"}]},
    ),
    "oneof-order": (
        {"oneOf": [{"const": 1}, {"const": 2}]},
        {"oneOf": [{"const": 2}, {"const": 1}]},
    ),
    "integral-float": (
        {"type": "integer", "minimum": 1.0, "maximum": 10},
        {"type": "integer", "minimum": 1, "maximum": 10.0},
    ),
    "combined-dialects": (
        {
            "$schema": "http://json-schema.org/draft-04/schema#",
            "type": "object",
            "definitions": {
                "n": {"type": "number", "minimum": 0, "exclusiveMinimum": True, "nullable": True}
            },
            "properties": {
                "pair": {
                    "type": "array",
                    "items": [{"$ref": "#/definitions/n"}],
                    "additionalItems": False,
                }
            },
            "required": ["pair", "pair"],
        },
        {
            "required": ["pair"],
            "type": ["object"],
            "properties": {
                "pair": {
                    "type": ["array"],
                    "items": False,
                    "prefixItems": [{"exclusiveMinimum": 0, "type": ["null", "number"]}],
                }
            },
        },
    ),
}


@pytest.mark.parametrize(("a", "b"), list(EQUIVALENT.values()), ids=list(EQUIVALENT))
def test_equivalent_spellings_have_equal_canonical_forms(a, b):
    assert_same(a, b)


def test_type_string_becomes_a_one_element_list():
    assert canonical_schema({"type": "string"}) == {"type": ["string"]}


def test_draft04_exclusive_flag_without_a_bound_is_dropped():
    assert canonical_schema({"type": "number", "exclusiveMinimum": True}) == {"type": ["number"]}


def test_draft07_items_fold_to_prefix_items():
    assert canonical_schema({"items": [{"type": "string"}], "additionalItems": False}) == {
        "prefixItems": [{"type": ["string"]}],
        "items": False,
    }


def test_schema_and_defs_are_dropped_from_the_canonical_form():
    out = canonical_schema(
        {"$schema": "x", "$defs": {"a": {}}, "definitions": {"b": {}}, "type": "string"}
    )
    assert out == {"type": ["string"]}


def test_schema_keyword_change_alone_is_no_finding(tmp_path):
    from mcp_inspect.classify.engine import diff_snapshots

    def write(name, schema_uri):
        path = tmp_path / name
        path.write_text(
            json.dumps(
                [
                    {
                        "name": "t",
                        "inputSchema": {
                            "$schema": schema_uri,
                            "type": "object",
                            "properties": {"a": {"type": "string"}},
                        },
                    }
                ]
            )
        )
        return load_snapshot(str(path))

    old = write("old.json", "http://json-schema.org/draft-07/schema#")
    new = write("new.json", "https://json-schema.org/draft/2020-12/schema")
    assert diff_snapshots(old, new).findings == []
    assert build_surface(old).fingerprint == build_surface(new).fingerprint


# ---------------------------------------------------------------------------
# The quiet conformance cases: old and new surfaces fingerprint the same


def test_quiet_cases_are_present():
    assert {p.name for p in QUIET_CASES} >= {
        "quiet-identical",
        "quiet-ref-inlined",
        "quiet-reordered",
    }


@pytest.mark.parametrize("case", QUIET_CASES, ids=lambda p: p.name)
def test_quiet_case_surfaces_have_equal_fingerprints(case):
    old = build_surface(load_snapshot(str(case / "old.json")))
    new = build_surface(load_snapshot(str(case / "new.json")))
    assert old.fingerprint == new.fingerprint
    assert old.server_fingerprint == new.server_fingerprint
    for key in old.entities:
        assert {n: v.fingerprint for n, v in old.entities[key].items()} == {
            n: v.fingerprint for n, v in new.entities[key].items()
        }


def test_quiet_ref_inlined_really_differs_in_raw_form():
    case = next(p for p in QUIET_CASES if p.name == "quiet-ref-inlined")
    old, new = load_snapshot(str(case / "old.json")), load_snapshot(str(case / "new.json"))
    assert old.tools != new.tools  # the raw schemas differ; only the canonical forms agree
    assert fingerprint(old.tools) != fingerprint(new.tools)


# ---------------------------------------------------------------------------
# Cycles


def _stable(schema):
    """Canonicalise twice from fresh copies; the results and fingerprints must agree."""
    first = canonical_schema(copy.deepcopy(schema))
    second = canonical_schema(copy.deepcopy(schema))
    assert first == second
    assert canon_fp(schema) == canon_fp(schema)
    assert tool_fp(schema) == tool_fp(schema)
    return first


def test_ref_to_root_terminates_and_is_kept():
    schema = {"type": "object", "properties": {"child": {"$ref": "#"}, "name": {"type": "string"}}}
    out = _stable(schema)
    # A cycle points at the enclosing node it returns to (marked "$anchor": "^") by how
    # many marked nodes out it is, whatever the reference was called (canonical-form.md).
    assert out == {
        "type": ["object"],
        "properties": {"child": {"$ref": "#^1"}, "name": {"type": ["string"]}},
        "$anchor": "^",
    }


def test_ref_to_root_is_a_fixed_point():
    schema = {"type": "object", "properties": {"child": {"$ref": "#"}}}
    out = canonical_schema(schema)
    assert canonical_schema(out) == out


def test_root_that_is_only_a_ref_to_itself():
    assert _stable({"$ref": "#"}) == {"allOf": [{"$ref": "#^1"}], "$anchor": "^"}


def test_self_referencing_defs_node_terminates():
    schema = {
        "$ref": "#/$defs/node",
        "$defs": {
            "node": {
                "type": "object",
                "properties": {"next": {"$ref": "#/$defs/node"}, "value": {"type": "integer"}},
            }
        },
    }
    out = _stable(schema)
    assert out == {
        "type": ["object"],
        "properties": {"next": {"$ref": "#^1"}, "value": {"type": ["integer"]}},
        "$anchor": "^",
    }
    assert canonical_schema(out) == out


def test_self_reference_through_definitions_or_defs_is_one_form():
    defs = {"node": {"type": "object", "properties": {"next": {"$ref": "#/definitions/node"}}}}
    via_definitions = {"$ref": "#/definitions/node", "definitions": defs}
    via_defs = {
        "$ref": "#/$defs/node",
        "$defs": {"node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/node"}}}},
    }
    assert _stable(via_definitions) == _stable(via_defs)
    assert canonical_schema(via_definitions)["properties"]["next"] == {"$ref": "#^1"}


def test_mutual_recursion_terminates():
    schema = {
        "type": "object",
        "properties": {"root": {"$ref": "#/$defs/a"}},
        "$defs": {
            "a": {"type": "object", "properties": {"b": {"$ref": "#/$defs/b"}}},
            "b": {"type": "array", "items": {"$ref": "#/$defs/a"}},
        },
    }
    out = _stable(schema)
    assert out == {
        "type": ["object"],
        "properties": {
            "root": {
                "type": ["object"],
                "properties": {"b": {"type": ["array"], "items": {"$ref": "#^1"}}},
                "$anchor": "^",
            }
        },
    }
    assert canonical_schema(out) == out


def test_cycle_ref_keeps_its_siblings():
    schema = {
        "$ref": "#/$defs/n",
        "$defs": {
            "n": {"properties": {"next": {"$ref": "#/$defs/n", "description": "Next node."}}}
        },
    }
    out = _stable(schema)
    assert out["properties"]["next"] == {"$ref": "#^1", "description": "Next node."}


def test_recursive_schemas_with_different_bodies_differ():
    def linked(value_type):
        return {
            "$ref": "#/$defs/n",
            "$defs": {
                "n": {"properties": {"next": {"$ref": "#/$defs/n"}, "value": {"type": value_type}}}
            },
        }

    assert_different(linked("string"), linked("integer"))


def test_recursive_schema_in_a_loaded_surface(tmp_path):
    path = tmp_path / "tree.json"
    tool = {
        "name": "tree",
        "inputSchema": {
            "type": "object",
            "properties": {"children": {"type": "array", "items": {"$ref": "#"}}},
        },
    }
    path.write_text(json.dumps([tool]))
    one = build_surface(load_snapshot(str(path)))
    two = build_surface(load_snapshot(str(path)))
    assert one.fingerprint == two.fingerprint
    assert one.entities["tools"]["tree"].canonical["inputSchema"]["properties"]["children"][
        "items"
    ] == {"$ref": "#^1"}


# ---------------------------------------------------------------------------
# Remote and dangling references


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError(f"network access attempted: {args!r}")

    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(urllib.request, "urlopen", refuse)


@pytest.mark.parametrize(
    "ref",
    [
        "https://example.com/schemas/loc.json",
        "https://example.com/schemas/loc.json#/$defs/x",
        "other.json",
        "urn:example:loc",
    ],
)
def test_remote_refs_are_kept_not_fetched(no_network, ref):
    schema = {"type": "object", "properties": {"loc": {"$ref": ref, "description": "Where."}}}
    canon = Canonicaliser(schema)
    out = canon.run()
    assert out["properties"]["loc"] == {"$ref": ref, "description": "Where."}
    assert canon.remote == {ref}
    assert canon.dangling == set()
    assert tool_fp(schema) == tool_fp(copy.deepcopy(schema))


def test_different_remote_refs_differ(no_network):
    assert_different({"$ref": "https://example.com/a.json"}, {"$ref": "https://example.com/b.json"})


def test_dangling_refs_are_kept():
    schema = {
        "properties": {
            "a": {"$ref": "#/$defs/missing"},
            "b": {"$ref": "#/definitions/gone"},
            "c": {"$ref": "#/properties/nowhere"},
        }
    }
    canon = Canonicaliser(schema)
    out = canon.run()
    assert out["properties"] == {
        "a": {"$ref": "#/$defs/missing"},
        "b": {"$ref": "#/$defs/gone"},
        "c": {"$ref": "#/properties/nowhere"},
    }
    assert canon.dangling == {"#/$defs/missing", "#/definitions/gone", "#/properties/nowhere"}
    assert canonical_schema(out) == out


def test_different_dangling_refs_differ():
    assert_different({"$ref": "#/$defs/a"}, {"$ref": "#/$defs/b"})


def test_dangling_ref_differs_from_a_resolved_one():
    assert_different(
        {"properties": {"a": {"$ref": "#/$defs/loc"}}},
        {"properties": {"a": {"$ref": "#/$defs/loc"}}, "$defs": {"loc": LOC}},
    )


# ---------------------------------------------------------------------------
# Schemas that differ in meaning get different fingerprints

BASE = {
    "type": "object",
    "properties": {"name": {"type": "string", "maxLength": 50}, "mode": {"enum": ["fast", "slow"]}},
    "required": ["name"],
}


def _changed(**edits):
    schema = copy.deepcopy(BASE)
    for path, value in edits.items():
        node = schema
        *parents, last = path.split("__")
        for part in parents:
            node = node[part]
        node[last] = value
    return schema


DIFFERENT = {
    "maxLength-changed": _changed(properties__name__maxLength=51),
    "maxLength-removed": {**BASE, "properties": {**BASE["properties"], "name": {"type": "string"}}},
    "required-added": _changed(required=["name", "mode"]),
    "required-removed": {k: v for k, v in BASE.items() if k != "required"},
    "enum-value-added": _changed(properties__mode__enum=["fast", "slow", "medium"]),
    "enum-value-removed": _changed(properties__mode__enum=["fast"]),
    "type-changed": _changed(properties__name__type="integer"),
    "type-widened": _changed(properties__name__type=["string", "null"]),
    "nullable": _changed(properties__name__nullable=True),
    "property-added": _changed(properties__extra={"type": "boolean"}),
    "additional-properties-false": _changed(additionalProperties=False),
    "description-changed": _changed(properties__name__description="The name."),
}


@pytest.mark.parametrize("changed", list(DIFFERENT.values()), ids=list(DIFFERENT))
def test_different_meaning_gives_different_fingerprints(changed):
    assert_different(BASE, changed)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ({"minimum": 0, "exclusiveMinimum": True}, {"minimum": 0}),
        ({"enum": [True]}, {"enum": [1]}),
        ({"const": 1}, {"const": "1"}),
        (
            {"prefixItems": [{"type": "string"}, {"type": "integer"}]},
            {"prefixItems": [{"type": "integer"}, {"type": "string"}]},
        ),
        ({"items": [{"type": "string"}]}, {"items": {"type": "string"}}),
        ({"type": "object", "additionalProperties": False}, {"type": "object"}),
        (False, {}),
        ({"not": {}}, {}),
        ({"allOf": [{"type": "string"}]}, {"anyOf": [{"type": "string"}, {"type": "integer"}]}),
    ],
    ids=[
        "exclusive-vs-inclusive",
        "true-vs-1",
        "int-vs-string-const",
        "prefix-order",
        "tuple-vs-list",
        "closed-vs-open",
        "false-vs-true",
        "not-anything",
        "allof-vs-anyof",
    ],
)
def test_other_meaningful_differences(a, b):
    assert_different(a, b)


# ---------------------------------------------------------------------------
# Inputs are not mutated; limits raise InputError


def test_canonicalising_does_not_mutate_the_input():
    schema = copy.deepcopy(EQUIVALENT["combined-dialects"][0])
    before = copy.deepcopy(schema)
    canonical_schema(schema)
    assert schema == before


def test_schema_nested_too_deep_once_refs_are_inlined():
    defs = {f"d{i}": {"properties": {"x": {"$ref": f"#/$defs/d{i + 1}"}}} for i in range(400)}
    defs["d400"] = {"type": "string"}
    with pytest.raises(InputError, match="nested deeper than .* once \\$refs are inlined"):
        canonical_schema({"$defs": defs, "$ref": "#/$defs/d0"})


def test_a_lone_combinator_branch_is_the_schema_it_wraps():
    from mcp_inspect.snapshot.canonical import canonical_schema

    plain = canonical_schema({"type": "string", "minLength": 1})
    for key in ("anyOf", "oneOf", "allOf"):
        assert canonical_schema({key: [{"type": "string", "minLength": 1}]}) == plain
        assert canonical_schema({key: [False]}) is False
        # beside another keyword, or with two branches: kept as written (branches holding
        # only a type are another matter: an anyOf of them is a type list, test_value_sets.py)
        # A lone branch is one object with what stands beside it, unless the two would read
        # each other (allOf: hostile trial, round 11; a one-branch anyOf or oneOf means the
        # same as that allOf: new-user trial, round 22, where pydantic's dead null branch left
        # one beside the type).
        wrapped = canonical_schema({key: [{"minLength": 1}], "description": "d"})
        flat = canonical_schema({"minLength": 1, "description": "d"})
        assert wrapped == flat
        typed = canonical_schema({key: [{"type": "string", "minLength": 1}], "description": "d"})
        flat_typed = canonical_schema({"type": "string", "minLength": 1, "description": "d"})
        assert typed == flat_typed
        # A oneOf whose branches no value can match both of is that anyOf (snapshot/disjoint.py).
        assert (key if key != "oneOf" else "anyOf") in canonical_schema(
            {key: [{"type": "string", "minLength": 1, "title": "s"}, {"type": "null"}]})
        # (two branches neither of which accepts all the other's values: an anyOf branch that a
        # sibling covers is dropped, test_covered_branches.py)
        assert key in canonical_schema({key: [{"type": "string", "minLength": 1}, {"type": "string", "maxLength": 9}]})


@pytest.mark.parametrize("types", [
    ["array", "boolean", "null", "number", "object", "string"],
    ["string", "integer", "number", "object", "array", "boolean", "null"],
])
def test_a_type_list_of_every_json_type_is_no_type(types):
    """New-user trial (mcp-grafana 1.0.0 → 2.1.1): an untyped value given every type was a
    BREAKING schema.changed whose own message said "the same meaning"."""
    assert canon_fp({"type": types, "description": "v"}) == canon_fp({"description": "v"})
    assert canon_fp({"type": types[:-1]}) != canon_fp({})
