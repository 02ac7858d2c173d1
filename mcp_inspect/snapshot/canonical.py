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

The work is bounded: nesting depth, the number of nodes of one schema once inlined and
the nodes inlining adds across a surface are limited (``limits.py``), so a hostile
chain of references ends in an InputError rather than exponential time or a RecursionError.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import unquote

from ..errors import InputError
from ..limits import MAX_CANONICAL_NODES, MAX_INLINED_NODES, MAX_SCHEMA_DEPTH

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
_LONE_BRANCH = frozenset({"allOf", "anyOf", "oneOf"})
#: Keywords that ``keywords`` drops when their canonical value is ``{}``.
_DROP_WHEN_EMPTY = _DROP_WHEN_TRIVIAL | {"properties", "patternProperties"}
_INTEGER_ONLY = ["integer"]  # compared with, never changed
_DRAFT04_BOUNDS = (("minimum", "exclusiveMinimum"), ("maximum", "exclusiveMaximum"))

# What ``keywords`` does with a keyword's value, looked up once per keyword rather than
# through a chain of set tests; a keyword not listed holds data (normalise_numbers).
# _DIALECT marks the data keywords that fold_dialects rewrites, so that a node without
# them (most nodes: ``type`` a plain string is wrapped on the spot) skips that call.
_SKIP, _SUBSCHEMA, _SCHEMA_MAP, _SCHEMA_LIST, _TYPE, _DIALECT = (
    "skip", "subschema", "map", "list", "type", "dialect")
_ROLE = {
    **dict.fromkeys(("$schema", "$defs", "definitions"), _SKIP),
    "type": _TYPE,
    **dict.fromkeys(("nullable", "exclusiveMinimum", "exclusiveMaximum", "required", "enum"), _DIALECT),
    **dict.fromkeys(SUBSCHEMA_KEYWORDS, _SUBSCHEMA),
    **dict.fromkeys(SCHEMA_MAP_KEYWORDS, _SCHEMA_MAP),
    **dict.fromkeys(SCHEMA_LIST_KEYWORDS, _SCHEMA_LIST),
}
#: Exact types ``normalise_numbers`` returns unchanged. Most values in a schema are these,
#: and ``type(v) in _ATOMS`` is one hash lookup where the function would be a call and
#: three isinstance tests; subclasses (never produced by the readers) take the full path.
_ATOMS = frozenset({str, int, bool, type(None)})


# json.dumps with these options builds a new JSONEncoder on every call; one shared encoder
# (it keeps no state between calls) writes the same text for a fraction of the overhead.
_CANONICAL_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_json(value: Any) -> str:
    """The one serialisation used for hashing and for ordering values."""
    return _CANONICAL_ENCODER.encode(value)


def normalise_numbers(value: Any) -> Any:
    """Write integral floats as integers, deeply (``1.0`` and ``1`` are one JSON number)."""
    if type(value) in _ATOMS:
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: v if type(v) in _ATOMS else normalise_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [v if type(v) in _ATOMS else normalise_numbers(v) for v in value]
    return value


def sorted_unique(values: list[Any]) -> list[Any]:
    """Sort by canonical JSON and drop duplicates (``true`` and ``1`` stay distinct)."""
    for value in values:  # a plain loop: all() over a generator costs more on these short lists
        if type(value) is not str:
            break
    else:
        # The common case (required, type, string enums), without serialising each value.
        # The order differs from canonical-JSON order for some strings, but it is still a
        # function of the set alone, which is all a canonical form needs. One string (the
        # usual type list) is already sorted and unique.
        return sorted(set(values)) if len(values) > 1 else list(values)
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


class InlineBudget:
    """What inlining ``$ref``s may still add across many schemas (a surface's): the per-schema
    limit alone let a few hundred schemas just under it take minutes."""

    def __init__(self, nodes: int | None = None) -> None:
        self.nodes = MAX_INLINED_NODES if nodes is None else nodes


class Canonicaliser:
    """Canonicalises one root schema; instances are single-use."""

    def __init__(self, root: Any, inline_budget: InlineBudget | None = None) -> None:
        self.root = root
        self.budget = MAX_CANONICAL_NODES
        self.shared = inline_budget or InlineBudget()
        self.dangling: set[str] = set()
        self.remote: set[str] = set()
        #: Each reference's normalised pointer and target, worked out once (``unquote`` and
        #: the pointer walk cost more than the rest of a node when a definition is used often).
        self.resolved: dict[str, tuple[str, Any]] = {}

    def run(self) -> Any:
        # The root is being expanded from the start: "#" inside it is a cycle, as any other.
        return self.schema(self.root, ("#",), 0)

    def schema(self, node: Any, refs: tuple[str, ...], depth: int) -> Any:
        if type(node) is not dict:  # the exact-type test lets the usual node skip two checks
            if node is True:
                return {}
            if not isinstance(node, dict):
                return normalise_numbers(node)  # false, or not a schema at all: kept as written
        self.budget -= 1
        if self.budget < 0:
            raise InputError(
                f"schema expands beyond {MAX_CANONICAL_NODES:,} nodes (its own and those its $refs inline)"
            )
        if depth > MAX_SCHEMA_DEPTH:
            raise InputError(
                f"schema nested deeper than {MAX_SCHEMA_DEPTH} levels once $refs are inlined"
            )
        if len(refs) > 1:  # inside a reference's expansion: a node the input did not spell out here
            self.shared.nodes -= 1
            if self.shared.nodes < 0:
                raise InputError(f"$refs inline beyond {MAX_INLINED_NODES:,} nodes across the surface's schemas")
        if "$ref" in node and isinstance(node["$ref"], str):
            return self.reference(node, node["$ref"], refs, depth)
        return _one_branch(self.keywords(node, refs, depth))

    def reference(self, node: dict[str, Any], ref: str, refs: tuple[str, ...], depth: int) -> Any:
        siblings = {k: v for k, v in node.items() if k != "$ref"}
        if not ref.startswith("#"):
            self.remote.add(ref)
            return {"$ref": ref, **self.keywords(siblings, refs, depth)}
        known = self.resolved.get(ref)
        if known is None:
            known = self.resolved[ref] = (normalise_pointer(ref), resolve_pointer(self.root, ref))
        pointer, target = known
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
        schema, role_of = self.schema, _ROLE.get
        below = depth + 1
        applicators = False  # only a subschema or schema-map keyword can leave a {} to drop
        fold = False  # whether fold_dialects has anything to do
        for key, value in node.items():
            role = role_of(key)
            if role is None:
                out[key] = value if type(value) in _ATOMS else normalise_numbers(value)
            elif role is _TYPE and type(value) is str and value != "integer":
                out[key] = [value]  # all fold_dialects would do ("integer" also gets its bounds folded)
            elif role is _TYPE or role is _DIALECT:
                out[key] = value if type(value) in _ATOMS else normalise_numbers(value)
                fold = True
            elif role is _SUBSCHEMA:
                applicators = True
                if key == "items" and isinstance(value, list):
                    out[key] = normalise_numbers(value)  # draft-07 tuple: fold_dialects makes it prefixItems
                    fold = True
                else:
                    out[key] = schema(value, refs, below)
            elif role is _SCHEMA_MAP:
                applicators = True
                if isinstance(value, dict):
                    out[key] = {name: schema(sub, refs, below) for name, sub in value.items()}
                else:
                    out[key] = normalise_numbers(value)
            elif role is _SCHEMA_LIST:
                if isinstance(value, list):
                    branches = [schema(sub, refs, below) for sub in value]
                    out[key] = sorted_unique(branches) if key in _UNORDERED_BRANCHES else branches
                else:
                    out[key] = normalise_numbers(value)
            # else _SKIP: definitions are compared where they are referenced; $schema not at all
        if fold:
            self.fold_dialects(out, refs, depth)
        if applicators:
            # Accept-anything applicators, and properties with no entries, constrain nothing.
            for key in _DROP_WHEN_EMPTY.intersection(out):
                if out[key] == {}:
                    del out[key]
        return out

    def fold_dialects(self, out: dict[str, Any], refs: tuple[str, ...], depth: int) -> None:
        # The steps, and the order in which they add keys to ``out``, are those of the
        # canonical form; a keyword is looked at only once ``in`` says it is there.
        types = out.get("type")
        if isinstance(types, str):
            types = out["type"] = [types]
        if "nullable" in out:
            nullable = out["nullable"]
            if isinstance(nullable, bool):
                del out["nullable"]
                if nullable and isinstance(types, list):
                    types = out["type"] = [*types, "null"]
        # One string (the usual type) is sorted and unique already, and the list is ours
        # (made above or copied by normalise_numbers), so it can stay as it is.
        if isinstance(types, list) and not (len(types) == 1 and type(types[0]) is str):
            types = sorted_unique(types)
            if "number" in types and "integer" in types:
                types.remove("integer")  # every integer is a number
            out["type"] = types
        if "exclusiveMinimum" in out or "exclusiveMaximum" in out:
            for bound, exclusive in _DRAFT04_BOUNDS:
                flag = out.get(exclusive)
                if isinstance(flag, bool):
                    del out[exclusive]
                    if flag and bound in out:
                        out[exclusive] = out.pop(bound)
        if types == _INTEGER_ONLY:
            _integer_bounds(out)
        if "items" in out:
            items = out["items"]
            if isinstance(items, list) and "prefixItems" not in out:
                del out["items"]
                out["prefixItems"] = [self.schema(s, refs, depth + 1) for s in items]
                if "additionalItems" in out:
                    out["items"] = out.pop("additionalItems")
        if "required" in out:
            required = out["required"]
            if isinstance(required, list):
                out["required"] = required = sorted_unique(required)
                if not required:
                    del out["required"]
        if "enum" in out and isinstance(out["enum"], list):
            out["enum"] = sorted_unique(out["enum"])


def _one_branch(out: dict[str, Any]) -> Any:
    """``{"anyOf": [X]}``, ``{"oneOf": [X]}`` or ``{"allOf": [X]}`` alone accepts what X accepts: it is X.

    The diff reads a lone branch as the schema it wraps (``branches.lift_to_union``), so
    without this the two spellings had different fingerprints and no finding between
    them. Only a combinator with nothing beside it is unwrapped: next to other keywords
    (or a ``$ref``) the branch's keywords could collide with them.
    """
    if len(out) == 1:
        ((key, value),) = out.items()
        if key in _LONE_BRANCH and type(value) is list and len(value) == 1 and type(value[0]) in (dict, bool):
            return value[0]
    return out


#: The interoperable integer range of I-JSON (RFC 7493): JavaScript's safe integers.
SAFE_INTEGER = 2**53 - 1
#: The largest exclusive integer bound folded into an inclusive one (its fold is a safe integer).
_FOLDABLE = SAFE_INTEGER + 1


def _integer_bounds(out: dict[str, Any]) -> None:
    """For integers, ``exclusiveMinimum: 0`` is ``minimum: 1`` (and likewise for maxima),
    for bounds up to ``2**53`` in size.

    A bound at the edge of the safe-integer range (what zod's ``.int()`` emits) is
    dropped: integers beyond it are not interoperable in JSON to begin with.
    """
    low, high = out.get("exclusiveMinimum"), out.get("exclusiveMaximum")
    # Only bounds an interoperable integer can meet are folded: past 2**53 the step of one
    # means nothing to a JSON reader, and one more digit could take the number past what
    # Python will write out.
    if isinstance(low, int) and not isinstance(low, bool) and -_FOLDABLE <= low <= _FOLDABLE:
        current = out.get("minimum")
        bound = low + 1
        if current is None or (isinstance(current, (int, float)) and not isinstance(current, bool)):
            out["minimum"] = bound if current is None else max(bound, current)
            del out["exclusiveMinimum"]
    if isinstance(high, int) and not isinstance(high, bool) and -_FOLDABLE <= high <= _FOLDABLE:
        current = out.get("maximum")
        bound = high - 1
        if current is None or (isinstance(current, (int, float)) and not isinstance(current, bool)):
            out["maximum"] = bound if current is None else min(bound, current)
            del out["exclusiveMaximum"]
    if out.get("maximum") == SAFE_INTEGER and not isinstance(out.get("maximum"), bool):
        del out["maximum"]
    if out.get("minimum") == -SAFE_INTEGER and not isinstance(out.get("minimum"), bool):
        del out["minimum"]


def canonical_schema(schema: Any, notes: list[str] | None = None, inline_budget: InlineBudget | None = None) -> Any:
    """Canonical form of ``schema`` (see module doc). Raises InputError past the limits.

    References that were kept as written (dangling or remote) are described in ``notes``;
    ``inline_budget`` is shared by the schemas of one surface.
    """
    canonicaliser = Canonicaliser(schema, inline_budget)
    out = canonicaliser.run()
    # Tested first: most schemas have no such reference, and two empty generators cost
    # more than canonicalising a small schema.
    if notes is not None and (canonicaliser.dangling or canonicaliser.remote):
        notes.extend(f"$ref {ref!r} does not resolve; compared as written" for ref in sorted(canonicaliser.dangling))
        notes.extend(f"remote $ref {ref!r} is never fetched; compared as written"
                     for ref in sorted(canonicaliser.remote))
    return out
