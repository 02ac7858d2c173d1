"""The meta-schemas SCH-004 judges a schema by (no rule lives here).

``meta_errors`` validates a schema against the meta-schema of its dialect with
``jsonschema``, imported on first use; the validators are built once per process. Formats
are annotations (an unknown ``format`` name never counts) and unknown keywords are allowed,
as the meta-schemas say.

Most schemas are plainly valid: every keyword the 2020-12 meta-schema knows holds a value
of the simplest kind it allows. ``plainly_valid`` says so in one pass over the schema,
many times faster than ``jsonschema``, which then runs only for the rest. It may send a
valid schema to ``jsonschema``, never an invalid one past it (a property test holds it to
that).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from ...findings.words import short
from ...snapshot.values import keys_sorted
from ..walk import segment

_META_BASE = "https://json-schema.org/draft/2020-12/"
#: Deeper than this, ``plainly_valid`` leaves the judgement to ``jsonschema``.
_PLAIN_DEPTH = 64

# --- the 2020-12 meta-schema as one document -------------------------------------------------


def _local(value: Any, defs: dict[str, Any]) -> Any:
    """A vocabulary meta-schema's subschema made self-contained: ``$dynamicRef: "#meta"``
    becomes a reference to the whole meta-schema, and a reference into a ``$defs`` is
    replaced by what it names."""
    if isinstance(value, list):
        return [_local(item, defs) for item in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    target = None
    for key, sub in value.items():
        if key == "$dynamicRef" and isinstance(sub, str):
            out["$ref"] = "#"
        elif key == "$ref" and isinstance(sub, str) and "#/$defs/" in sub:
            target = _local(defs[sub.split("#/$defs/", 1)[1]], defs)
        else:
            out[key] = _local(sub, defs)
    if target is None:
        return out
    return {"allOf": [target], **out} if out else target


def flat_meta_schema() -> dict[str, Any]:
    """The 2020-12 meta-schema as one document without ``$dynamicRef``.

    The published meta-schema is seven vocabulary meta-schemas joined by ``allOf`` and
    tied together by ``$dynamicRef: "#meta"``, which validates the same as a plain
    reference to the root when nothing extends it (as here) but costs ``jsonschema`` a
    walk of the dynamic scope at every subschema: about four times the work. Their
    ``properties`` never name the same keyword, so one ``properties`` holds them all.
    """
    from jsonschema_specifications import REGISTRY  # type: ignore[import-untyped,unused-ignore]

    root = REGISTRY.contents(_META_BASE + "schema")  # jsonschema's own copies: never fetched
    parts = [REGISTRY.contents(_META_BASE + part["$ref"]) for part in root["allOf"]] + [root]
    properties: dict[str, Any] = {}
    defs: dict[str, Any] = {}
    for part in parts:
        for table, into in (("properties", properties), ("$defs", defs)):
            for key, sub in part.get(table, {}).items():
                if key in into:
                    raise ValueError(f"the 2020-12 meta-schema defines {key!r} twice")
                into[key] = sub
    return {"type": ["object", "boolean"], "properties": {k: _local(v, defs) for k, v in properties.items()}}


@functools.cache
def meta_validators() -> dict[str, Any]:
    """One meta-schema validator per dialect, built once per process."""
    from jsonschema import Draft7Validator, Draft202012Validator  # type: ignore[import-untyped,unused-ignore]

    return {"2020-12": Draft202012Validator(flat_meta_schema()),
            "draft-07": Draft7Validator(Draft7Validator.META_SCHEMA)}


# --- the fast path ----------------------------------------------------------------------------

_SIMPLE_TYPES = frozenset(("array", "boolean", "integer", "null", "number", "object", "string"))
_ANCHOR = re.compile(r"[A-Za-z_][-A-Za-z0-9._]*")
_ID = re.compile(r"[^#]*#?")


def _kinds(**groups: str) -> dict[str, str]:
    """Keyword → the kind of value the meta-schema allows it, from ``kind="kw kw …"``."""
    return {keyword: kind for kind, keywords in groups.items() for keyword in keywords.split()}


_COMMON = dict(
    text="$schema $ref $comment title description pattern format contentMediaType contentEncoding",
    number="maximum exclusiveMaximum minimum exclusiveMinimum", positive="multipleOf",
    count="maxLength minLength maxItems minItems maxProperties minProperties",
    any="default const", array="examples enum", names="required", type="type",
    judge="dependencies",  # a schema or a list of names per entry: rare, jsonschema judges it
)
#: Every keyword each meta-schema gives a shape to, and the kind of value it allows (a
#: test holds these to the meta-schemas). A keyword not listed is unknown: anything goes.
KINDS = {
    "2020-12": _kinds(**{
        **_COMMON, "text": _COMMON["text"] + " $dynamicRef",
        "schema": "items additionalProperties contains not if then else propertyNames unevaluatedItems "
                  "unevaluatedProperties contentSchema",
        "schemas": "prefixItems allOf anyOf oneOf",
        "map": "properties patternProperties $defs definitions dependentSchemas",
        "count": _COMMON["count"] + " maxContains minContains",
        "flag": "uniqueItems deprecated readOnly writeOnly", "names_map": "dependentRequired",
        "id": "$id", "anchor": "$anchor $dynamicAnchor",
        "judge": "dependencies $vocabulary $recursiveAnchor $recursiveRef"}),
    "draft-07": _kinds(**{
        **_COMMON, "text": _COMMON["text"] + " $id",
        "schema": "additionalItems additionalProperties contains propertyNames if then else not",
        "schema_or_schemas": "items", "schemas": "allOf anyOf oneOf",
        "map": "definitions properties patternProperties", "flag": "readOnly uniqueItems"}),
}


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _names(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value) and len(set(value)) == len(value)


def _sub(value: Any, kinds: dict[str, str], depth: int) -> bool:
    return value is True or value is False or plainly_valid(value, kinds, depth + 1)


def _subs(value: Any, kinds: dict[str, str], depth: int) -> bool:
    return isinstance(value, list) and bool(value) and all(_sub(v, kinds, depth) for v in value)


_CHECKS: dict[str, Any] = {
    "schema": _sub,
    "schemas": _subs,
    "schema_or_schemas": lambda v, k, d: _subs(v, k, d) if isinstance(v, list) else _sub(v, k, d),
    "map": lambda v, k, d: isinstance(v, dict) and all(_sub(sub, k, d) for sub in v.values()),
    "text": lambda v, k, d: isinstance(v, str),
    "number": lambda v, k, d: _number(v),
    "positive": lambda v, k, d: _number(v) and v > 0,
    "count": lambda v, k, d: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
    "flag": lambda v, k, d: isinstance(v, bool),
    "any": lambda v, k, d: True,
    "array": lambda v, k, d: isinstance(v, list),
    "names": lambda v, k, d: _names(v),
    "names_map": lambda v, k, d: isinstance(v, dict) and all(_names(sub) for sub in v.values()),
    "type": lambda v, k, d: (isinstance(v, str) and v in _SIMPLE_TYPES) or (
        _names(v) and bool(v) and all(t in _SIMPLE_TYPES for t in v)),
    "id": lambda v, k, d: isinstance(v, str) and _ID.fullmatch(v) is not None,
    "anchor": lambda v, k, d: isinstance(v, str) and _ANCHOR.fullmatch(v) is not None,
    "judge": lambda v, k, d: False,
}


#: The kinds ``plainly_valid`` tests in line (most keywords of most schemas are these).
_TEXT, _SCHEMA, _MAP, _TYPE = object(), object(), object(), object()
_INLINE = {"text": _TEXT, "schema": _SCHEMA, "map": _MAP, "type": _TYPE}
#: Each ``kinds`` table as keyword → its check (or one of the kinds tested in line), by identity.
_TABLES: dict[int, tuple[dict[str, str], dict[str, Any]]] = {}


def _table(kinds: dict[str, str]) -> dict[str, Any]:
    found = _TABLES.get(id(kinds))
    if found is None or found[0] is not kinds:
        found = _TABLES[id(kinds)] = (kinds, {key: _INLINE.get(kind) or _CHECKS[kind] for key, kind in kinds.items()})
    return found[1]


def plainly_valid(schema: Any, kinds: dict[str, str], depth: int = 0) -> bool:
    """True when ``schema`` is certainly valid against the meta-schema whose keywords
    ``kinds`` describes (``KINDS[dialect]``); False when ``jsonschema`` must judge it.
    (The commonest kinds, text, a type, a schema and a map of schemas, are tested here in line.)"""
    if not isinstance(schema, dict) or depth > _PLAIN_DEPTH:
        return False
    table = _table(kinds)
    for key, value in schema.items():
        check = table.get(key)
        if check is None:
            continue
        if check is _TEXT:
            if not isinstance(value, str):
                return False
        elif check is _TYPE:
            if not (value in _SIMPLE_TYPES if isinstance(value, str) else _CHECKS["type"](value, kinds, depth)):
                return False
        elif check is _MAP:
            if not isinstance(value, dict):
                return False
            for sub in value.values():
                if sub is not True and sub is not False and not plainly_valid(sub, kinds, depth + 1):
                    return False
        elif check is _SCHEMA:
            if value is not True and value is not False and not plainly_valid(value, kinds, depth + 1):
                return False
        elif not check(value, kinds, depth):
            return False
    return True


# --- the verdict --------------------------------------------------------------------------------


def _where(root: str, path: Any) -> str:
    out = root
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else segment(str(part))
    return out


def meta_errors(schema: dict[str, Any], dialect: str, root: str) -> tuple[int, str, str]:
    """How many meta-schema errors ``schema`` has, and where and what the most relevant is
    (``root`` spells the schema's place: ``inputSchema``)."""
    if plainly_valid(schema, KINDS[dialect]):
        return 0, "", ""
    from jsonschema.exceptions import best_match  # type: ignore[import-untyped,unused-ignore]

    try:
        # Keys sorted first: which error is the most relevant, and how jsonschema quotes the
        # value, must not depend on the order the server wrote the keys in.
        errors = list(meta_validators()[dialect].iter_errors(keys_sorted(schema)))
    except RecursionError:  # nested past what the interpreter can follow: nothing to say
        return 0, "", ""
    if not errors:
        return 0, "", ""
    best = best_match(errors)
    return len(errors), _where(root, best.absolute_path), short(" ".join(best.message.split()), 160)
