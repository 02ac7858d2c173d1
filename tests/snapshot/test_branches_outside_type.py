"""A union branch whose type the node's own ``type`` refuses, and a union left with one branch.

New-user trial, round 22: lean-lsp-mcp 0.28.0 → 0.32.0 (FastMCP, pydantic) wrote a literal
made optional beside a ``type`` the generator copied out, ``{"type": "string", "anyOf":
[{"type": "string", "enum": […]}, {"type": "null"}], "default": null}``, whose ``null``
branch never passes, and 0.32.0 dropped it: a BREAKING "anyOf lost 1 branch: {type: null}"
that no call could show, and a NON_BREAKING "type widened: string → any" at a path the new
schema does not have.
"""

from __future__ import annotations

import itertools

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

LEVELS = ["error", "warning", "info", "hint"]
OLD = {"anyOf": [{"enum": LEVELS, "type": "string"}, {"type": "null"}], "default": None, "type": "string"}
NEW = {"enum": LEVELS, "type": "string", "default": None}
VALUES = (None, True, 0, 1.5, "", "error", "x", [], ["a"], {}, {"a": 1})


def _member(schema):
    return {"type": "object", "properties": {"severity": schema}}


def test_pydantics_dead_null_branch_dropped_is_no_finding():
    for value in VALUES:
        call = {"severity": value}
        assert accepted_by_both(_member(OLD), call) == accepted_by_both(_member(NEW), call)
    assert canonical_schema(OLD) == canonical_schema(NEW)
    assert diff_input_schemas(_member(OLD), _member(NEW)).findings == []


def test_a_lone_branch_beside_the_type_is_merged_with_it():
    lone = {"type": "string", "anyOf": [{"enum": ["a", "b"]}]}
    assert canonical_schema(lone) == canonical_schema({"type": "string", "enum": ["a", "b"]})
    assert diff_input_schemas(_member(lone), _member({"type": "string", "enum": ["a", "b"]})).findings == []


TYPES = ["string", "integer", "number", "null", "object", ["string", "null"], ["integer", "string"]]


@pytest.mark.parametrize(("own", "union"), itertools.product(TYPES, ["anyOf", "oneOf"]))
def test_dropping_the_branches_the_type_refuses_keeps_every_value(own, union):
    for first, second in itertools.combinations(TYPES, 2):
        schema = {"type": own, union: [{"type": first, "minimum": 1, "minLength": 1}, {"type": second}]}
        folded = canonical_schema(schema)
        for value in VALUES + (2, 0.5, "ab"):
            assert accepted_by_both(schema, value) == accepted_by_both(folded, value), (schema, folded, value)
