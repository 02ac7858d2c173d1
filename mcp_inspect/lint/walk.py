"""Walk the schema positions of a JSON Schema, naming each by its path in the tool.

Only places where the keyword grammar says a *schema* stands are visited, so a
property that happens to be called ``nullable`` or ``description`` is a name, never
a keyword. No ``$ref`` is followed: every subschema is visited where it is written,
which bounds the work by the size of the input. ``registry.ToolView`` keeps each
walk, so the rules of one tool share it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..limits import MAX_WALK_DEPTH

_PLAIN = re.compile(r"[A-Za-z0-9_$@:/-]+")
#: Keywords whose value is one schema.
_ONE = ("additionalProperties", "items", "contains", "not", "if", "then", "else", "propertyNames",
        "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema")
#: Keywords whose value is a list of schemas.
_LIST = ("allOf", "anyOf", "oneOf", "prefixItems", "items")
#: Keywords whose value maps names to schemas (``properties`` is handled on its own).
_MAP = ("patternProperties", "$defs", "definitions", "dependentSchemas")
#: Every keyword above: a schema holding none of them (most leaves) has no children.
_NESTING = frozenset(("properties", *_ONE, *_LIST, *_MAP))
_SCHEMA_TEXT = ("description", "title")
_SCHEMA_VALUES = ("enum", "const", "default", "examples")


def segment(name: str) -> str:
    """A property name as a path segment: as is when plain, else quoted (``["file.path"]``)."""
    if _PLAIN.fullmatch(name):
        return "." + name
    return "[" + json.dumps(name) + "]"  # escaped: an invisible character shows as \uXXXX


@dataclass(slots=True)
class Node:
    path: str
    schema: dict[str, Any]
    #: The property name when this schema is the value of a ``properties`` entry.
    prop: str | None = None
    parent: dict[str, Any] | None = None


def nodes(schema: Any, path: str) -> list[Node]:
    """Every object-valued subschema of ``schema`` (itself included), depth-first."""
    found: list[Node] = []
    stack: list[tuple[Node, int]] = []
    if isinstance(schema, dict):
        stack.append((Node(path, schema), 0))
    while stack:
        node, depth = stack.pop()
        found.append(node)
        s = node.schema
        if depth >= MAX_WALK_DEPTH or _NESTING.isdisjoint(s):
            continue
        children: list[Node] = []
        p = node.path
        props = s.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                if isinstance(sub, dict):
                    children.append(Node(f"{p}.properties{segment(str(name))}", sub, str(name), s))
        for key in _ONE:
            if key in s and isinstance(s[key], dict):
                children.append(Node(f"{p}.{key}", s[key]))
        for key in _LIST:
            if key in s and isinstance(s[key], list):
                children += [Node(f"{p}.{key}[{i}]", sub) for i, sub in enumerate(s[key]) if isinstance(sub, dict)]
        for key in _MAP:
            if key in s and isinstance(s[key], dict):
                children += [Node(f"{p}.{key}{segment(str(k))}", sub)
                             for k, sub in s[key].items() if isinstance(sub, dict)]
        stack.extend((child, depth + 1) for child in reversed(children))
    return found


def properties(walked: list[Node]) -> list[tuple[str, str, Any, dict[str, Any]]]:
    """``(path, name, subschema, parent)`` for every ``properties`` entry of the walked nodes.

    Unlike ``nodes``, a property whose schema is a boolean is reported too.
    """
    out = []
    for node in walked:
        props = node.schema.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                out.append((f"{node.path}.properties{segment(str(name))}", str(name), sub, node.schema))
    return out


def prose(tool: dict[str, Any], walked: dict[str, list[Node]]) -> list[tuple[str, str]]:
    """``(path, text)`` of every piece of text in a tool that a model reads as prose.

    ``walked`` holds the nodes of ``inputSchema`` and ``outputSchema`` by root key.
    """
    out: list[tuple[str, str]] = []
    for key in ("title", "description"):
        if isinstance(tool.get(key), str):
            out.append((key, tool[key]))
    annotations = tool.get("annotations")
    if isinstance(annotations, dict) and isinstance(annotations.get("title"), str):
        out.append(("annotations.title", annotations["title"]))
    for root in ("inputSchema", "outputSchema"):
        for node in walked[root]:
            s = node.schema
            for key in _SCHEMA_TEXT:
                if key in s and isinstance(s[key], str):
                    out.append((f"{node.path}.{key}", s[key]))
            for key in _SCHEMA_VALUES:
                if key in s:
                    out.extend(strings(s[key], f"{node.path}.{key}"))
    return out


def strings(value: Any, path: str, depth: int = 0) -> Iterator[tuple[str, str]]:
    """``(path, text)`` for every string in a JSON value; an object key is reported at its value's path."""
    if depth > MAX_WALK_DEPTH:
        return
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, sub in value.items():
            child = path + segment(str(key)) if path else segment(str(key)).lstrip(".")
            yield child, str(key)
            yield from strings(sub, child, depth + 1)
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield from strings(sub, f"{path}[{index}]", depth + 1)
