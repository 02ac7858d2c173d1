"""A finding's place, read two ways by the witness search: as steps into a schema, where a
validator's error must lie for the refusal to be that finding's, and as members of a value,
which a removed property's witness must send.

A finding's path is written with the canonical form's keywords and without the steps into
``$ref`` targets and union branches, which an error's schema path spells: the forms of a
path (``forms``) compare the two, and ``as_written`` reads a canonical keyword as the
draft-7 one the schema holds.
"""

from __future__ import annotations

from typing import Any

#: Keywords whose schema applies to the value itself, as a union's branch does.
_SAME_VALUE = frozenset({"if", "then", "else", "not"})


def sends(value: Any, where: list[str]) -> bool:
    """Whether ``value`` holds a member at the property path ``where`` (``properties.a.
    items.properties.b``; union branch steps are the same value)."""
    index = 0
    while index < len(where):
        step = where[index]
        if step in ("anyOf", "oneOf", "allOf") and index + 1 < len(where):
            index += 2
        elif step in _SAME_VALUE:
            index += 1
        elif step == "properties" and index + 1 < len(where) and isinstance(value, dict):
            if where[index + 1] not in value:
                return False
            value, index = value[where[index + 1]], index + 2
        elif step == "items" and isinstance(value, list) and value:
            value, index = value[0], index + 1
        else:
            return False
    return True


def without(value: Any, where: list[str]) -> Any:
    """``value`` without the member at the property path ``where`` (in every item an
    ``items`` step reaches; union branch steps are the same value), the rest unchanged."""
    if not where:
        return value
    step = where[0]
    if step in ("anyOf", "oneOf", "allOf") and len(where) > 1:
        return without(value, where[2:])
    if step in _SAME_VALUE:
        return without(value, where[1:])
    if step == "properties" and len(where) > 1 and isinstance(value, dict) and where[1] in value:
        if len(where) == 2:
            return {k: v for k, v in value.items() if k != where[1]}
        return {**value, where[1]: without(value[where[1]], where[2:])}
    if step == "items" and isinstance(value, list):
        return [without(item, where[1:]) for item in value]
    return value


#: Keywords whose next step in a schema path is a name (or an index), not a keyword.
NAMING = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
                    "dependencies", "anyOf", "oneOf", "allOf", "prefixItems", "items"})


def names_member(where: list[str]) -> bool:
    """Whether a schema path ends at a property's name (``properties.a``, not
    ``properties.properties.anyOf``, whose property is called "properties")."""
    index = 0
    while index < len(where):
        step = where[index]
        if step == "properties" and index + 1 < len(where):
            if index + 1 == len(where) - 1:
                return True
            index += 2
        elif step in NAMING and step != "items" and index + 1 < len(where):
            index += 2
        elif step == "items" and index + 1 < len(where) and where[index + 1].isdigit():
            index += 2  # draft 7's tuple form
        else:
            index += 1
    return False


def forms(parts: list[str]) -> list[list[str]]:
    """A schema path as written, and without its steps into union branches (``anyOf.0``)."""
    plain: list[str] = []
    skip = False
    for index, part in enumerate(parts):
        if skip:
            skip = False
            continue
        if part in ("anyOf", "oneOf", "allOf") and index + 1 < len(parts) and parts[index + 1].isdigit():
            skip = True
            continue
        plain.append(part)
    return [parts] if plain == parts else [parts, plain]


#: The canonical form's keywords (snapshot/dialects.py) that draft 7 and earlier spell
#: ``dependencies``: a finding names the canonical one, the search reads the schema as written.
_SPLIT_FROM_DEPENDENCIES = frozenset({"dependentRequired", "dependentSchemas"})


def as_written(where: list[str], *roots: Any) -> list[str]:
    """The schema path ``where`` spelled as ``roots`` write it: a ``dependentSchemas`` or
    ``dependentRequired`` step where a schema holds only draft 7's ``dependencies`` becomes
    that keyword, so that the refusal the search finds is read at the finding's place
    (otherwise it was said to be "not a keyword a validator reads": hostile trial, round 13)."""
    nodes = [root for root in roots if isinstance(root, dict | list)]
    out: list[str] = []
    for step in where:
        if step in _SPLIT_FROM_DEPENDENCIES and not any(isinstance(node, dict) and step in node for node in nodes) \
                and any(isinstance(node, dict) and "dependencies" in node for node in nodes):
            step = "dependencies"
        out.append(step)
        nodes = [node[step] if isinstance(node, dict) else node[int(step)]
                 for node in nodes if isinstance(node, dict) and step in node
                 or isinstance(node, list) and step.isdigit() and int(step) < len(node)]
        nodes = [node for node in nodes if isinstance(node, dict | list)]
    return out


def strictly_above(parts: list[str], where: list[str]) -> bool:
    """Whether the schema path ``parts`` holds the finding's place ``where`` and is not it
    (as steps, or as dotted text: a name may hold a dot)."""
    if len(parts) < len(where) and where[:len(parts)] == parts:
        return True
    return ".".join(where).startswith(".".join(parts) + ".")


def undeclared_steps(where: list[str], schema: Any) -> tuple[list[str], list[str]] | None:
    """Where ``schema`` governs the member a finding's path names when it does not declare it,
    and that member's place in a value: ``properties.a.type`` read in an object with no
    property ``a`` is that object's ``additionalProperties`` (or ``unevaluatedProperties``),
    whose error for the member ``a`` then is at the finding's place (a property added on
    output whose type the old additionalProperties refused: a fixer's note, round 13). None
    where the path is declared all the way, or the object it reaches is not read plainly (a
    reference, a pattern that may govern the name)."""
    node, steps, members = schema, [], []
    index = 0
    while index + 1 < len(where) and isinstance(node, dict):
        step, name = where[index], where[index + 1]
        if step != "properties":
            return None
        members.append(name)
        declared = node.get("properties")
        if isinstance(declared, dict) and name in declared:
            node, steps, index = declared[name], [*steps, step, name], index + 2
            continue
        if "$ref" in node or "patternProperties" in node:
            return None
        for rest in ("additionalProperties", "unevaluatedProperties"):
            if isinstance(node.get(rest), dict | bool):
                return [*steps, rest], members
        return None
    return None
