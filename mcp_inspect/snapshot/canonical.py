"""The canonical form of a JSON Schema: one spelling for each meaning.

Two schemas that accept the same values through different spellings listed in
the classification contract ("Canonicalise") get the same canonical form, and so
the same fingerprint. The foldings, in the order applied:

* local ``$ref``s are inlined (siblings of a ``$ref`` win over the target's
  keywords); ``#/definitions/x`` and ``#/$defs/x`` name the same place; a
  reference back into its own expansion (a cycle) stays as ``{"$ref": ...}``
  with the normalised pointer; remote and dangling references are kept as
  written and never fetched;
* ``$defs``/``definitions`` and ``$schema`` are then dropped (definitions are
  compared only where they are referenced);
* ``type: "x"`` becomes ``["x"]``; ``type``, ``required`` and ``enum`` are
  sorted and de-duplicated; an empty ``required`` is dropped;
* draft-04 boolean ``exclusiveMinimum``/``exclusiveMaximum`` become the numeric
  2020-12 form; draft-07 array ``items``/``additionalItems`` become
  ``prefixItems``/``items``; OpenAPI ``nullable: true`` adds ``"null"`` to the
  type set (``nullable: false`` is dropped);
* beyond the contract (documented in docs/canonical-form.md): the schema
  ``true`` is written ``{}``, applicators whose value is ``{}`` (accept
  anything: ``additionalProperties``, ``items``, ``unevaluated*``,
  ``propertyNames``) are dropped, so are empty ``properties`` and
  ``patternProperties``, ``allOf``/``anyOf``/``oneOf`` branches are sorted,
  integral floats are written as integers, and for ``type: integer`` an
  integral ``exclusiveMinimum``/``exclusiveMaximum`` becomes the equivalent
  inclusive ``minimum``/``maximum``; ``"integer"`` beside ``"number"`` in a
  type list is dropped (every integer is a number); an integer bound at the
  edge of the safe-integer range (±(2**53 - 1), I-JSON) is dropped.

The work is bounded: nesting depth and the total number of nodes produced by
inlining are limited (``limits.py``), so a hostile chain of references ends in
an InputError rather than exponential time or a RecursionError.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import unquote

from ..errors import InputError
from ..limits import MAX_CANONICAL_NODES, MAX_SCHEMA_DEPTH

#: Keywords whose value is one subschema.
SUBSCHEMA_KEYWORDS = frozenset(
    {
        "additionalProperties", "items", "additionalItems", "contains", "propertyNames",
        "not", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties",
        "contentSchema",
    }
)
#: Keywords whose value maps names to subschemas.
SCHEMA_MAP_KEYWORDS = frozenset({"properties", "patternProperties", "dependentSchemas"})
#: Keywords whose value is an array of subschemas.
SCHEMA_LIST_KEYWORDS = frozenset({"allOf", "anyOf", "oneOf", "prefixItems"})
#: Applicators whose accept-anything value ``{}`` equals their absence.
_DROP_WHEN_TRIVIAL = frozenset(
    {"additionalProperties", "items", "additionalItems", "unevaluatedItems",
     "unevaluatedProperties", "propertyNames"}
)
_UNORDERED_BRANCHES = frozenset({"allOf", "anyOf", "oneOf"})


def canonical_json(value: Any) -> str:
    """The one serialisation used for hashing and for ordering values."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def normalise_numbers(value: Any) -> Any:
    """Write integral floats as integers, deeply (``1.0`` and ``1`` are one JSON number)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: normalise_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise_numbers(v) for v in value]
    return value


def sorted_unique(values: list[Any]) -> list[Any]:
    """Sort by canonical JSON and drop duplicates (``true`` and ``1`` stay distinct)."""
    if all(type(v) is str for v in values):
        # The common case (required, type, string enums), without serialising each value.
        # The order differs from canonical-JSON order for some strings, but it is still a
        # function of the set alone, which is all a canonical form needs.
        return sorted(set(values))
    seen: dict[str, Any] = {}
    for value in values:
        seen.setdefault(canonical_json(value), value)
    return [seen[key] for key in sorted(seen)]


def normalise_pointer(ref: str) -> str:
    """``#/definitions/x`` and ``#/$defs/x`` are one place; percent-escapes decoded."""
    parts = split_pointer(ref)
    if parts and parts[0] == "definitions":
        parts[0] = "$defs"
    return "#" + "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


def split_pointer(ref: str) -> list[str]:
    fragment = unquote(ref[1:])
    if not fragment:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in fragment.lstrip("/").split("/")]


_MISSING = object()


def resolve_pointer(root: Any, ref: str) -> Any:
    """The value a local JSON pointer names, or ``_MISSING``."""
    node = root
    for index, part in enumerate(split_pointer(ref)):
        if isinstance(node, dict):
            if part in node:
                node = node[part]
            elif index == 0 and part in ("definitions", "$defs"):
                node = node.get("$defs" if part == "definitions" else "definitions", _MISSING)
                if node is _MISSING:
                    return _MISSING
            else:
                return _MISSING
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return _MISSING
    return node


class Canonicaliser:
    """Canonicalises one root schema; instances are single-use."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self.budget = MAX_CANONICAL_NODES
        self.dangling: set[str] = set()
        self.remote: set[str] = set()

    def run(self) -> Any:
        # The root is being expanded from the start: "#" inside it is a cycle, as any other.
        return self.schema(self.root, ("#",), 0)

    def schema(self, node: Any, refs: tuple[str, ...], depth: int) -> Any:
        if node is True:
            return {}
        if not isinstance(node, dict):
            return normalise_numbers(node)  # false, or not a schema at all: kept as written
        self.budget -= 1
        if self.budget < 0:
            raise InputError(
                f"schema expands beyond {MAX_CANONICAL_NODES:,} nodes once $refs are inlined"
            )
        if depth > MAX_SCHEMA_DEPTH:
            raise InputError(
                f"schema nested deeper than {MAX_SCHEMA_DEPTH} levels once $refs are inlined"
            )
        ref = node.get("$ref")
        if isinstance(ref, str):
            return self.reference(node, ref, refs, depth)
        return self.keywords(node, refs, depth)

    def reference(self, node: dict[str, Any], ref: str, refs: tuple[str, ...], depth: int) -> Any:
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        if not ref.startswith("#"):
            self.remote.add(ref)
            return {"$ref": ref, **self.keywords(siblings, refs, depth)}
        pointer = normalise_pointer(ref)
        target = resolve_pointer(self.root, ref)
        if target is _MISSING:
            self.dangling.add(ref)
            return {"$ref": pointer, **self.keywords(siblings, refs, depth)}
        if pointer in refs:
            return {"$ref": pointer, **self.keywords(siblings, refs, depth)}
        resolved = self.schema(target, (*refs, pointer), depth + 1)
        if not siblings:
            return resolved
        extra = self.keywords(siblings, refs, depth)
        if not extra:
            return resolved
        if isinstance(resolved, dict):
            return {**resolved, **extra}
        return {"allOf": sorted_unique([resolved, extra])}

    def keywords(self, node: dict[str, Any], refs: tuple[str, ...], depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in node.items():
            if key in ("$schema", "$defs", "definitions"):
                continue
            if key in SUBSCHEMA_KEYWORDS and not (key == "items" and isinstance(value, list)):
                out[key] = self.schema(value, refs, depth + 1)
            elif key in SCHEMA_MAP_KEYWORDS and isinstance(value, dict):
                out[key] = {name: self.schema(sub, refs, depth + 1) for name, sub in value.items()}
            elif key in SCHEMA_LIST_KEYWORDS and isinstance(value, list):
                branches = [self.schema(sub, refs, depth + 1) for sub in value]
                out[key] = sorted_unique(branches) if key in _UNORDERED_BRANCHES else branches
            else:
                out[key] = normalise_numbers(value)
        self.fold_dialects(out, refs, depth)
        for key in _DROP_WHEN_TRIVIAL:
            if out.get(key) == {}:
                del out[key]
        for key in ("properties", "patternProperties"):
            if out.get(key) == {}:
                del out[key]  # no entries constrain nothing
        return out

    def fold_dialects(self, out: dict[str, Any], refs: tuple[str, ...], depth: int) -> None:
        if isinstance(out.get("type"), str):
            out["type"] = [out["type"]]
        nullable = out.get("nullable")
        if isinstance(nullable, bool):
            del out["nullable"]
            if nullable and isinstance(out.get("type"), list):
                out["type"] = [*out["type"], "null"]
        if isinstance(out.get("type"), list):
            types = sorted_unique(out["type"])
            if "number" in types and "integer" in types:
                types.remove("integer")  # every integer is a number
            out["type"] = types
        for bound, exclusive in (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum")):
            flag = out.get(exclusive)
            if isinstance(flag, bool):
                del out[exclusive]
                if flag and bound in out:
                    out[exclusive] = out.pop(bound)
        if out.get("type") == ["integer"]:
            _integer_bounds(out)
        if isinstance(out.get("items"), list) and "prefixItems" not in out:
            out["prefixItems"] = [self.schema(s, refs, depth + 1) for s in out.pop("items")]
            if "additionalItems" in out:
                out["items"] = out.pop("additionalItems")
        if isinstance(out.get("required"), list):
            out["required"] = sorted_unique(out["required"])
            if not out["required"]:
                del out["required"]
        if isinstance(out.get("enum"), list):
            out["enum"] = sorted_unique(out["enum"])


#: The interoperable integer range of I-JSON (RFC 7493): JavaScript's safe integers.
SAFE_INTEGER = 2**53 - 1


def _integer_bounds(out: dict[str, Any]) -> None:
    """For integers, ``exclusiveMinimum: 0`` is ``minimum: 1`` (and likewise for maxima).

    A bound at the edge of the safe-integer range (what zod's ``.int()`` emits) is
    dropped: integers beyond it are not interoperable in JSON to begin with.
    """
    low, high = out.get("exclusiveMinimum"), out.get("exclusiveMaximum")
    if isinstance(low, int) and not isinstance(low, bool):
        current = out.get("minimum")
        bound = low + 1
        if current is None or (isinstance(current, (int, float)) and not isinstance(current, bool)):
            out["minimum"] = bound if current is None else max(bound, current)
            del out["exclusiveMinimum"]
    if isinstance(high, int) and not isinstance(high, bool):
        current = out.get("maximum")
        bound = high - 1
        if current is None or (isinstance(current, (int, float)) and not isinstance(current, bool)):
            out["maximum"] = bound if current is None else min(bound, current)
            del out["exclusiveMaximum"]
    if out.get("maximum") == SAFE_INTEGER and not isinstance(out.get("maximum"), bool):
        del out["maximum"]
    if out.get("minimum") == -SAFE_INTEGER and not isinstance(out.get("minimum"), bool):
        del out["minimum"]


def canonical_schema(schema: Any, notes: list[str] | None = None) -> Any:
    """Canonical form of ``schema`` (see module doc). Raises InputError past the limits.

    References that were kept as written (dangling or remote) are described in ``notes``.
    """
    canonicaliser = Canonicaliser(schema)
    out = canonicaliser.run()
    if notes is not None:
        notes.extend(f"$ref {ref!r} does not resolve; compared as written" for ref in sorted(canonicaliser.dangling))
        notes.extend(f"remote $ref {ref!r} is never fetched; compared as written"
                     for ref in sorted(canonicaliser.remote))
    return out
