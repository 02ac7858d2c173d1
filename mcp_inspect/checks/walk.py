"""Walk the schema positions of a JSON Schema, naming each by its path in the tool.

Only places where the keyword grammar says a *schema* stands are visited, so a
property that happens to be called ``nullable`` or ``description`` is a name, never
a keyword. No ``$ref`` is followed: every subschema is visited where it is written,
which bounds the work by the size of the input. ``registry.ToolView`` keeps each
walk, so the rules of one tool share it.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
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
_ONE_SET, _LIST_SET, _MAP_SET = frozenset(_ONE), frozenset(_LIST), frozenset(_MAP)
#: Every keyword above: a schema holding none of them (most leaves) has no children.
_NESTING = frozenset(("properties", *_ONE, *_LIST, *_MAP))
_SCHEMA_TEXT = ("description", "title")
_SCHEMA_VALUES = ("enum", "const", "default", "examples")


@functools.lru_cache(maxsize=4096)  # names repeat across tools (query, path, limit)
def segment(name: str) -> str:
    """A property name as a path segment: as is when plain, else quoted (``["file.path"]``)."""
    if _PLAIN.fullmatch(name):
        return "." + name
    return "[" + json.dumps(name) + "]"  # escaped: an invisible character shows as \uXXXX


class Node:
    """One object-valued subschema. Its path is spelled only when a finding needs it:
    most nodes never appear in a finding, and building every path was a third of the walk."""

    __slots__ = ("schema", "_up", "_keyword", "_key", "_path")

    def __init__(self, schema: dict[str, Any], up: Node | None, keyword: str = "", key: str | int | None = None,
                 path: str | None = None) -> None:
        # The root is made with its path; every other node with its parent and its step from it.
        self.schema = schema
        self._up, self._keyword, self._key, self._path = up, keyword, key, path

    @property
    def is_root(self) -> bool:
        return self._up is None

    @property
    def up(self) -> Node | None:
        """The schema this one is written in (None for the root)."""
        return self._up

    @property
    def keyword(self) -> str:
        """The keyword that leads from ``up`` to this schema (``properties``, ``anyOf``, …)."""
        return self._keyword

    @property
    def path(self) -> str:
        if self._path is None:
            assert self._up is not None  # only the root is made with its path
            self._path = self._up.path + step(self._keyword, self._key)
        return self._path


def step(keyword: str, key: str | int | None) -> str:
    """``.items``, ``.anyOf[2]``, ``.properties.name``, ``.properties["a b"]``."""
    if key is None:
        return "." + keyword
    if isinstance(key, int):
        return f".{keyword}[{key}]"
    return "." + keyword + segment(key)


def nodes(schema: Any, path: str) -> list[Node]:
    """Every object-valued subschema of ``schema`` (itself included), depth-first, each
    node's children in the order its keywords are written."""
    found: list[Node] = []
    if isinstance(schema, dict):
        _visit(Node(schema, None, path=path), 0, found)
    return found


def _visit(node: Node, depth: int, found: list[Node]) -> None:
    found.append(node)
    s = node.schema
    if depth >= MAX_WALK_DEPTH or _NESTING.isdisjoint(s):
        return
    depth += 1
    for key, value in s.items():  # a schema's own keywords are few; the grammar's are many
        if key == "properties":
            if isinstance(value, dict):
                for name, sub in value.items():
                    if isinstance(sub, dict):
                        _visit(Node(sub, node, key, str(name)), depth, found)
        elif isinstance(value, dict):
            if key in _ONE_SET:
                _visit(Node(value, node, key), depth, found)
            elif key in _MAP_SET:
                for name, sub in value.items():
                    if isinstance(sub, dict):
                        _visit(Node(sub, node, key, str(name)), depth, found)
        elif isinstance(value, list) and key in _LIST_SET:
            for index, sub in enumerate(value):
                if isinstance(sub, dict):
                    _visit(Node(sub, node, key, index), depth, found)


class Property:
    """One ``properties`` entry: its name, its schema (possibly a boolean) and where it is."""

    __slots__ = ("owner", "name", "schema")

    def __init__(self, owner: Node, name: str, schema: Any) -> None:
        self.owner, self.name, self.schema = owner, name, schema

    @property
    def path(self) -> str:
        return self.owner.path + step("properties", self.name)


def properties(walked: list[Node]) -> list[Property]:
    """Every ``properties`` entry of the walked nodes; unlike ``nodes``, a property whose
    schema is a boolean is reported too."""
    out = []
    for node in walked:
        props = node.schema.get("properties")
        if isinstance(props, dict):
            out += [Property(node, str(name), sub) for name, sub in props.items()]
    return out


#: Where a piece of prose is: a node and the rest of the path below it, or (None, path).
Where = tuple[Node | None, str]


def where_path(where: Where) -> str:
    node, rest = where
    return rest if node is None else node.path + rest


def prose(tool: dict[str, Any], walked: dict[str, list[Node]]) -> list[tuple[Where, str]]:
    """``(where, text)`` of every piece of text in a tool that a model reads as prose.

    ``walked`` holds the nodes of ``inputSchema`` and ``outputSchema`` by root key;
    ``where_path`` spells a piece's place.
    """
    out: list[tuple[Where, str]] = []
    for key in ("title", "description"):
        if isinstance(tool.get(key), str):
            out.append(((None, key), tool[key]))
    annotations = tool.get("annotations")
    if isinstance(annotations, dict) and isinstance(annotations.get("title"), str):
        out.append(((None, "annotations.title"), annotations["title"]))
    for root in ("inputSchema", "outputSchema"):
        for node in walked[root]:
            s = node.schema
            for key in _SCHEMA_TEXT:
                if key in s and isinstance(s[key], str):
                    out.append(((node, "." + key), s[key]))
            for key in _SCHEMA_VALUES:
                if key in s:
                    out += [((node, rest), text) for rest, text in strings(s[key], "." + key)]
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
