"""The input parameters the validator's checks speak of (docs/lint.md, "Terms").

*Top-level parameters* are the entries of ``inputSchema.properties`` whose value is an
object. *Parameters at any depth* are the named entries of every ``properties`` object met
by walking ``inputSchema`` through ``properties``, ``items`` and ``additionalProperties``
(object forms), ``prefixItems``, the combinators, ``not``, ``if``/``then``/``else``,
``contains``, ``propertyNames`` and ``$defs``, at most ``MAX_DEPTH`` levels deep. A ``$ref``
is never followed, so the walk is bounded by the size of the input.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .walk import segment, step

#: How deep the parameter walk descends (the validator's own bound).
MAX_DEPTH = 50
_ONE = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames")
#: ``items`` is walked in its object form only (the contract's list): draft-07's array form of
#: ``items`` (a tuple) is not one of the places a parameter is looked for.
_LIST = ("prefixItems", "anyOf", "oneOf", "allOf")
_MAP = ("$defs",)
_ONE_SET, _LIST_SET, _MAP_SET = frozenset(_ONE), frozenset(_LIST), frozenset(_MAP)
#: Every keyword the walk follows: a schema holding none of them (most leaves) is not entered.
_NESTING = frozenset(("properties", *_ONE, *_LIST, *_MAP))


class Parameter(NamedTuple):
    """One parameter (a named tuple: one is made for each parameter of every definition, and
    a tuple is made about three times faster than a frozen dataclass)."""

    name: str
    schema: dict[str, Any]
    path: str  # inputSchema.properties.address.properties.city
    top_level: bool


def top_level(schema: Any) -> list[Parameter]:
    """The root ``properties`` entries whose value is an object, in document order."""
    if not isinstance(schema, dict) or not isinstance(schema.get("properties"), dict):
        return []
    return [Parameter(str(name), sub, "inputSchema" + step("properties", str(name)), True)
            for name, sub in schema["properties"].items() if isinstance(sub, dict)]


def at_any_depth(schema: Any) -> list[Parameter]:
    """Every named ``properties`` entry whose value is an object, depth first, in document order."""
    found: list[Parameter] = []
    if isinstance(schema, dict):
        _walk(schema, "inputSchema", 0, True, found)
    return found


def _walk(schema: dict[str, Any], path: str, depth: int, root: bool, found: list[Parameter]) -> None:
    if depth > MAX_DEPTH or _NESTING.isdisjoint(schema):
        return
    for key, value in schema.items():
        if key not in _NESTING:
            continue
        if key == "properties":
            if isinstance(value, dict):
                for name, sub in value.items():
                    if isinstance(sub, dict):
                        name = str(name)
                        where = path + ".properties" + segment(name)
                        found.append(Parameter(name, sub, where, root))
                        _walk(sub, where, depth + 1, False, found)
        elif key in _ONE_SET:
            if isinstance(value, dict):
                _walk(value, path + "." + key, depth + 1, False, found)
        elif key in _LIST_SET:
            if isinstance(value, list):
                for index, sub in enumerate(value):
                    if isinstance(sub, dict):
                        _walk(sub, f"{path}.{key}[{index}]", depth + 1, False, found)
        elif isinstance(value, dict):  # _MAP
            for name, sub in value.items():
                if isinstance(sub, dict):
                    _walk(sub, path + "." + key + segment(str(name)), depth + 1, False, found)


def of_type(schema: Any, kind: str) -> bool:
    """The schema's ``type`` is ``kind``, or a list holding ``kind`` and, optionally, ``"null"``."""
    if not isinstance(schema, dict):
        return False
    declared = schema.get("type")
    if declared == kind:
        return True
    return (isinstance(declared, list) and kind in declared
            and all(t in (kind, "null") for t in declared) and len(declared) <= 2)
