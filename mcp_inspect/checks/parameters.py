"""The input parameters the validator's checks speak of (docs/lint.md, "Terms").

*Top-level parameters* are the entries of ``inputSchema.properties`` whose value is an
object. *Parameters at any depth* are the named entries of every ``properties`` object met
by walking ``inputSchema`` through ``properties``, ``items`` and ``additionalProperties``
(object forms), ``prefixItems``, the combinators, ``not``, ``if``/``then``/``else``,
``contains``, ``propertyNames`` and ``$defs``, at most ``MAX_DEPTH`` levels deep. A ``$ref``
is never followed, so the walk is bounded by the size of the input; a parameter's own
schema may be read through its local ``$ref``, and through one inside a nullable union or a
one-branch ``allOf`` (``effective_schema``: the narrowed reading, and MCP-022), which finds no
parameter the walk did not.

A parameter is *of type T* when its ``type`` is T, or a list of T and, optionally, ``null``
(``of_type``, the contract's reading). The narrowed reading of the SEC codes (docs/lint.md,
"The recommended set") also reads T in the union pydantic and zod 4 write for an optional
T, ``anyOf: [{type: T, …}, {type: null}]`` (``nullable_reading``).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..snapshot.references import References
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


#: The union keywords a nullable parameter is written with.
_NULLABLE_UNIONS = ("anyOf", "oneOf")
#: What a union's ``null`` branch may hold beside its ``type``: words for the reader, no limit.
_NULL_BRANCH_KEYS = frozenset(("type", "description", "title"))


def _null_branch(branch: dict[str, Any]) -> bool:
    return branch.get("type") == "null" and _NULL_BRANCH_KEYS.issuperset(branch)


def nullable_reading(schema: Any) -> tuple[str, dict[str, Any]] | None:
    """``(T, schema as read)`` for a parameter written as T or null by a union of exactly one
    typed branch and one null branch (``{anyOf: [{type: string}, {type: null}], default:
    null}``: pydantic's ``Optional[str] = None``, and zod 4's ``.nullable()``), in either order
    and under ``anyOf`` or ``oneOf``; else None. The schema as read holds the typed branch's
    keywords with the node's own over them (its description, its default), the union left
    out: the branch's ``maxLength``, bounds, ``pattern``, ``format``, ``enum``, ``const`` and
    ``maxItems`` limit every value but null, so they are the parameter's (of a bound both set,
    the stricter; the node's annotations over the branch's; else the branch's keyword). A node that
    declares a ``type`` of its own is read by that type (``of_type``), and one with both
    unions, or a branch that is not plainly T or null, is not this spelling."""
    if not isinstance(schema, dict) or "type" in schema:
        return None
    union = _nullable_union(schema)
    branch = None if union is None else _typed_branch_reading(union[1])
    if union is None or branch is None:
        return None
    return branch[0], _read_over({key: value for key, value in schema.items() if key != union[0]}, branch[1])


def _nullable_union(schema: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """``(keyword, typed branch)`` of a node's one ``anyOf`` or ``oneOf`` of exactly one typed
    branch and one null branch, in either order; else None (``nullable_reading`` and
    ``effective_schema`` read the same spelling)."""
    unions = [key for key in _NULLABLE_UNIONS if key in schema]
    if len(unions) != 1:
        return None
    branches = schema[unions[0]]
    if not isinstance(branches, list) or len(branches) != 2 or not all(isinstance(b, dict) for b in branches):
        return None
    typed = [b for b in branches if not _null_branch(b)]
    return (unions[0], typed[0]) if len(typed) == 1 else None


def _typed_branch_reading(branch: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """``(T, branch as read)`` for a nullable union's typed branch: ``type`` T, ``[T, "null"]``
    (``of_type``), or, with no ``type``, itself a union of T and null. A ``$ref`` branch read
    through its target (``effective_schema``) comes in as either of the last two (hostile trial,
    round 31: ``anyOf: [{$ref → {type: [integer, null]}}, {type: null}]`` and a branch naming
    ``{anyOf: [{type: integer}, {type: null}]}`` escaped SEC-003, which read only a string ``type``)."""
    declared = branch.get("type")
    if isinstance(declared, str):
        return None if declared == "null" else (declared, branch)
    if isinstance(declared, list):
        named = [t for t in declared if t != "null"]
        return (named[0], branch) if len(named) == 1 and isinstance(named[0], str) and of_type(branch, named[0]) \
            else None
    return nullable_reading(branch) if declared is None else None


def _read_over(own: dict[str, Any], applied: dict[str, Any]) -> dict[str, Any]:
    """A node's keywords read together with those of a subschema that applies to every value
    of it (a nullable union's typed branch, a ``$ref``'s target): the subschema's keywords,
    the node's where the subschema has none, the node's annotations over the subschema's, and
    of a bound both set, the stricter."""
    read = {**own, **applied}
    for key, value in own.items():
        if key in _ANNOTATIONS:  # the node describes the parameter (pydantic puts it there)
            read[key] = value
        elif key in _STRICTER and key in applied:
            # Both apply, so the stricter is the parameter's: zod's ±(2**53 - 1) on the node hid
            # the branch's 0..100 and read as no bound (hostile trial, round 20).
            read[key] = _STRICTER[key](value, applied[key]) if _numbers(value, applied[key]) else applied[key]
    return read


#: How many ``$ref``s in a row a parameter's schema is read through (``through_ref``).
MAX_REF_CHAIN = 16


def through_ref(schema: Any, refs: References) -> dict[str, Any] | None:
    """A parameter's schema read through its local ``$ref`` (``{"$ref": "#/properties/source"}``,
    zod-to-json-schema's spelling of a reused schema, or ``#/$defs/Count``): the target's
    keywords with the node's own read over them (``_read_over``; draft 3 to 7 ignore a
    ``$ref``'s siblings, so there the target alone), followed through a chain of at most
    ``MAX_REF_CHAIN`` references. None when the schema has no ``$ref``, when a reference is not
    found in the tool's own schema (SCH-004 reports that), or when the chain goes round or on
    past the bound: then there is nothing to read but the schema as written."""
    if not isinstance(schema, dict) or not isinstance(schema.get("$ref"), str):
        return None
    read: dict[str, Any] = schema
    seen: set[str] = set()
    while isinstance(read.get("$ref"), str) and len(seen) < MAX_REF_CHAIN:
        ref = read["$ref"]
        found = refs.locate(ref)
        if found is None or found[0] in seen or not isinstance(found[1], dict):
            return None
        seen.add(found[0])
        own = {key: value for key, value in read.items() if key != "$ref"}
        read = dict(found[1]) if refs.siblings_ignored else _read_over(own, found[1])
    return None if "$ref" in read else read


#: The keywords through which a parameter's schema may name its values' schema elsewhere.
_NAMING_ELSEWHERE = frozenset(("$ref", "allOf", *_NULLABLE_UNIONS))


def may_name_elsewhere(schema: dict[str, Any]) -> bool:
    """Whether ``effective_schema`` may read ``schema`` as other than written (most parameters
    are plain, and need no index of the tool's references)."""
    return not _NAMING_ELSEWHERE.isdisjoint(schema)


def effective_schema(schema: dict[str, Any], refs: References, depth: int = 0) -> dict[str, Any]:
    """A parameter's schema as a validator applies it, read through each spelling that names
    the schema of its values elsewhere, and through one inside another: its local ``$ref``
    (``through_ref``); a one-branch ``allOf`` of a node with no ``type`` of its own, the branch
    read over the node as a ``$ref``'s target is (pydantic v1's ``{"allOf": [{"$ref": …}],
    "description": …}``); and the typed branch of a nullable union (``nullable_reading``'s
    spelling), read so in place, the union kept (zod-to-json-schema's ``.nullable()`` of a
    reused schema, ``anyOf: [{"$ref": "#/properties/command"}, {"type": "null"}]``). The SEC
    codes' narrowed reading and MCP-022 both read a parameter through this, so a spelling one
    of them reads the others do too: each read ``$ref`` alone and the inline union alone, and
    the two together escaped both (hostile trial, round 30). The schema as written when it
    names nothing elsewhere, or when a reference cannot be read (``through_ref``)."""
    if depth > MAX_REF_CHAIN:
        return schema
    read = schema
    if "$ref" in read:
        target = through_ref(read, refs)
        if target is None:
            return schema
        read = target
    branches = read.get("allOf")
    if "type" not in read and isinstance(branches, list) and len(branches) == 1 and isinstance(branches[0], dict):
        own = {key: value for key, value in read.items() if key != "allOf"}
        read = _read_over(own, effective_schema(branches[0], refs, depth + 1))
    union = _nullable_union(read)
    if union is not None:
        key, typed = union
        resolved = effective_schema(typed, refs, depth + 1)
        if resolved is not typed:
            read = {**read, key: [resolved if b is typed else b for b in read[key]]}
    return read


#: What describes a parameter rather than limits it: the node's wins over its branch's.
_ANNOTATIONS = frozenset({"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"})
#: Bounds both the node and its branch may set, and how the stricter of two is chosen.
_STRICTER = {**dict.fromkeys(("minimum", "exclusiveMinimum", "minLength", "minItems"), max),
             **dict.fromkeys(("maximum", "exclusiveMaximum", "maxLength", "maxItems"), min)}


def _numbers(*values: Any) -> bool:
    return all(isinstance(v, int | float) and not isinstance(v, bool) for v in values)
