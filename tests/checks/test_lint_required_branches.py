"""MCP-008 on combinator branches: a branch's ``required`` may name a property that the
schema it is a branch of declares (discriminated unions), but not one nobody declares."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_inspect.checks.engine import lint_tools

S = {"type": "string"}


def missing(schema: dict[str, Any]) -> list[str]:
    tool = {"name": "t", "description": "Store a thing.", "inputSchema": schema}
    findings, _ = lint_tools([tool])
    return [f.path for f in findings if f.code == "MCP-008"]


def union(branch_key: str = "oneOf", **extra: Any) -> dict[str, Any]:
    """The reviewer's example: the kind picks which other property is required."""
    return {"type": "object",
            "properties": {"kind": {"type": "string", "enum": ["s3", "http"]}, "bucket": S, "address": S},
            branch_key: [{"properties": {"kind": {"const": "s3"}}, "required": ["bucket"]},
                         {"properties": {"kind": {"const": "http"}}, "required": ["address"]}]} | extra


@pytest.mark.parametrize("key", ["oneOf", "anyOf", "allOf"])
def test_a_branch_may_require_what_its_parent_declares(key):
    assert missing(union(key)) == []


@pytest.mark.parametrize("key", ["oneOf", "anyOf", "allOf"])
def test_a_branch_requiring_what_nobody_declares_still_fires(key):
    schema = union(key)
    schema[key][1]["required"] = ["address", "adress"]
    assert missing(schema) == [f"inputSchema.{key}[1].required[1]"]


def test_if_then_else_branches_see_the_parent():
    schema = {"type": "object", "properties": {"kind": S, "bucket": S, "address": S},
              "if": {"properties": {"kind": {"const": "s3"}}, "required": ["kind"]},
              "then": {"properties": {"kind": True}, "required": ["bucket"]},
              "else": {"properties": {"kind": True}, "required": ["address", "nowhere"]}}
    assert missing(schema) == ["inputSchema.else.required[1]"]


def test_the_chain_of_combinators_is_followed_up():
    schema = {"type": "object", "properties": {"a": S, "b": S, "c": S},
              "allOf": [{"properties": {"x": S},
                         "oneOf": [{"properties": {"y": S}, "required": ["a", "x", "y", "z"]}]}]}
    assert missing(schema) == ["inputSchema.allOf[0].oneOf[0].required[3]"]


def test_a_nested_object_is_its_own_scope():
    # A branch inside a property's object sees that object's properties, not the root's.
    inner = {"type": "object", "properties": {"mode": S, "host": S},
             "oneOf": [{"properties": {"mode": {"const": "net"}}, "required": ["host", "rootOnly"]}]}
    schema = {"type": "object", "properties": {"rootOnly": S, "target": inner}}
    assert missing(schema) == ["inputSchema.properties.target.oneOf[0].required[1]"]


def test_properties_of_a_property_are_not_a_branch_parent():
    # ``required`` inside a property's own object does not reach the enclosing object's names.
    schema = {"type": "object", "properties": {"a": S, "o": {"type": "object", "properties": {"x": S},
                                                             "required": ["a"]}}}
    assert missing(schema) == ["inputSchema.properties.o.required[0]"]


def test_array_items_are_not_a_branch_parent():
    schema = {"type": "object", "properties": {"a": S},
              "anyOf": [{"properties": {"list": {"type": "array",
                                                 "items": {"properties": {"y": S}, "required": ["a"]}}}}]}
    assert missing(schema) == ["inputSchema.anyOf[0].properties.list.items.required[0]"]


def test_a_pattern_property_of_the_parent_counts():
    schema = {"type": "object", "properties": {}, "patternProperties": {"^x-": S},
              "anyOf": [{"properties": {"k": S}, "required": ["x-trace", "k", "y"]}]}
    assert missing(schema) == ["inputSchema.anyOf[0].required[2]"]


def test_the_root_and_plain_objects_are_judged_as_before():
    assert missing({"type": "object", "properties": {"a": S}, "required": ["a", "b"]}) == ["inputSchema.required[1]"]
    assert missing({"type": "object", "properties": {"a": S}, "anyOf": [{"required": ["a"]}]}) == []
