"""Walk the schema positions of a JSON Schema, naming each by its path in the tool.

Only places where the keyword grammar says a *schema* stands are visited, so a
property that happens to be called ``nullable`` or ``description`` is a name, never
a keyword. No ``$ref`` is followed: every subschema is visited where it is written,
which bounds the work by the size of the input.
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


def segment(name: str) -> str:
    """A property name as a path segment: as is when plain, else quoted (``["file.path"]``)."""
    if _PLAIN.fullmatch(name):
        return "." + name
    return "[" + json.dumps(name) + "]"  # escaped: an invisible character shows as \uXXXX


@dataclass(frozen=True)
class Node:
    path: str
    schema: dict[str, Any]
    #: The property name when this schema is the value of a ``properties`` entry.
    prop: str | None = None
    parent: dict[str, Any] | None = None


#: Walks by schema identity, for one lint run: every rule walks every tool, one rule at a
#: time, so without this each schema is walked once per rule. The engine clears it.
_RECENT: dict[tuple[int, str], tuple[Any, list[Node]]] = {}
_RECENT_LIMIT = 100_000


def clear_walks() -> None:
    _RECENT.clear()


def nodes(schema: Any, path: str) -> list[Node]:
    """Every object-valued subschema of ``schema`` (itself included), depth-first."""
    key = (id(schema), path)
    cached = _RECENT.get(key)
    if cached is not None and cached[0] is schema:
        return cached[1]
    found = list(_walk(schema, path))
    if len(_RECENT) >= _RECENT_LIMIT:
        _RECENT.clear()
    _RECENT[key] = (schema, found)  # holding the schema keeps its id from being reused
    return found


def _walk(schema: Any, path: str) -> Iterator[Node]:
    stack: list[tuple[Node, int]] = []
    if isinstance(schema, dict):
        stack.append((Node(path, schema), 0))
    while stack:
        node, depth = stack.pop()
        yield node
        if depth >= MAX_WALK_DEPTH:
            continue
        children: list[Node] = []
        s, p = node.schema, node.path
        props = s.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                if isinstance(sub, dict):
                    children.append(Node(f"{p}.properties{segment(str(name))}", sub, str(name), s))
        present = s.keys()
        for key in _ONE:
            if key in present and isinstance(s[key], dict):
                children.append(Node(f"{p}.{key}", s[key]))
        for key in _LIST:
            if key in present and isinstance(s[key], list):
                children += [Node(f"{p}.{key}[{i}]", sub) for i, sub in enumerate(s[key]) if isinstance(sub, dict)]
        for key in _MAP:
            if key in present and isinstance(s[key], dict):
                children += [Node(f"{p}.{key}{segment(str(k))}", sub)
                             for k, sub in s[key].items() if isinstance(sub, dict)]
        stack.extend((child, depth + 1) for child in reversed(children))


def properties(schema: Any, path: str) -> Iterator[tuple[str, str, Any, dict[str, Any]]]:
    """``(path, name, subschema, parent)`` for every ``properties`` entry at any depth.

    Unlike ``nodes``, a property whose schema is a boolean is reported too.
    """
    for node in nodes(schema, path):
        props = node.schema.get("properties")
        if isinstance(props, dict):
            for name, sub in props.items():
                yield f"{node.path}.properties{segment(str(name))}", str(name), sub, node.schema


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
