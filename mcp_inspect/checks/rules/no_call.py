"""MCP-014: an input schema that accepts no call at all, and the proof the witness search reads.

The shape real generators produce is a zod intersection of strict objects: an ``allOf`` of
an object that requires ``name`` and a union of objects with ``additionalProperties:
false`` that do not declare it (airtable-mcp-server 1.4.1's ``create_field``). Every
argument object must send ``name`` and must not: no call validates, and a client that
validates arguments, or the server itself, refuses every one.

The schema is read as alternatives, each a conjunction of conditions (the node's own
keywords, every ``allOf`` branch, one branch of each ``anyOf``/``oneOf``: a ``oneOf``
accepts no more than that ``anyOf``), and the schema accepts nothing when every
alternative provably accepts nothing: ``false``, ``not: {}``, an empty ``enum``, ``type``
lists with no type in common, or, for a value that must be an object, a required name
that a closed object of the conjunction does not declare (``additionalProperties:
false`` without patterns) or whose schemas together accept nothing. Only that is read:
a keyword left out only makes an alternative look satisfiable, so the answer "no call"
is a proof, and "some call" may be wrong. The work is bounded: past ``_MAX_ALTERNATIVES``
alternatives, ``_MAX_DEPTH`` levels or ``_MAX_STEPS`` nodes read the schema is taken as
satisfiable.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ...snapshot.references import References
from ..registry import Context, Hit, ToolView, tool_rule

_MAX_ALTERNATIVES = 64
_MAX_DEPTH = 8
#: Schema nodes one proof reads at most: each required property's schema is read again below
#: its parent's alternatives, so a small recursive union of required properties (1 KB) would
#: otherwise be read for minutes. Past it the schema is taken as satisfiable.
_MAX_STEPS = 20_000
_TYPES = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})


@dataclass
class _Conjunction:
    """Conditions that all apply to one value."""

    false: str | None = None  # why it accepts nothing outright
    types: frozenset[str] | None = None  # None: any type
    required: set[str] = field(default_factory=set)
    closed: list[frozenset[str]] = field(default_factory=list)  # names each closed object declares
    properties: dict[str, list[Any]] = field(default_factory=dict)

    def join(self, other: _Conjunction) -> _Conjunction:
        return _Conjunction(self.false or other.false, _meet(self.types, other.types),
                            self.required | other.required, self.closed + other.closed,
                            {name: self.properties.get(name, []) + other.properties.get(name, [])
                             for name in self.properties.keys() | other.properties.keys()})


class _TooMany(Exception):
    """More alternatives (or levels) than the bound: the schema is taken as satisfiable."""


def _meet(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    if a is None or b is None:
        return b if a is None else a
    out = set(a & b)
    if ("integer" in a and "number" in b) or ("number" in a and "integer" in b):
        out.add("integer")
    return frozenset(out)


def _types(value: Any) -> frozenset[str] | None:
    if isinstance(value, str):
        return frozenset({value}) if value in _TYPES else None
    if isinstance(value, list) and all(isinstance(t, str) for t in value):
        return frozenset(t for t in value if t in _TYPES)
    return None


class _Refs:
    """The ``$ref``s of one root schema, as this proof may read them: a reference is followed
    only when it names exactly one subschema (references.py's ``locate``: a pointer, an anchor,
    an embedded ``$id``), resolved against the root. Anything else (dangling, remote, an anchor
    several subschemas claim, a reference inside a resource with an ``$id`` of its own, which
    resolves against that resource) is unknown, and an unknown reference accepts anything."""

    def __init__(self, root: Any) -> None:
        self.references = References(root)
        self.root = root
        #: Draft 3 to 7 ignore the siblings of a ``$ref`` (a ``$schema`` naming one of them:
        #: read so whenever it might, since reading fewer keywords only makes a schema look
        #: satisfiable).
        self.siblings_ignored = self.references.siblings_ignored
        #: The keywords that may open a resource: ``$id``, and the one the dialect reads (draft 3
        #: and 4 spell it ``id``): reading both only leaves more references unknown.
        self.ids = tuple(dict.fromkeys(("$id", self.references.id_keyword)))
        self._embedded: set[int] | None = None
        #: Nodes read so far (``_MAX_STEPS``).
        self.steps = 0

    def target(self, node: dict[str, Any], ref: str) -> Any:
        """The one subschema ``ref`` (met in ``node``) names, or ``_UNKNOWN``."""
        if id(node) in self.embedded():
            return _UNKNOWN
        found = self.references.locate(ref)
        return _UNKNOWN if found is None else found[1]

    def embedded(self) -> set[int]:
        """Every node inside a subschema (below the root) with a non-fragment ``$id``: its
        references resolve against that ``$id``, not the root. Data keywords are walked too;
        a node marked for nothing only leaves a reference unread."""
        if self._embedded is None:
            marked: set[int] = set()
            stack: list[tuple[Any, bool]] = [(self.root, False)]
            while stack:
                node, inside = stack.pop()
                if isinstance(node, dict):
                    inside = inside or (node is not self.root and any(
                        isinstance(own, str) and not own.startswith("#") for own in map(node.get, self.ids)))
                    children: Any = node.values()
                elif isinstance(node, list):
                    children = node
                else:
                    continue
                if inside:
                    marked.add(id(node))
                stack.extend((child, inside) for child in children)
            self._embedded = marked
        return self._embedded


_UNKNOWN = object()


def _alternatives(schema: Any, refs: _Refs, depth: int) -> list[_Conjunction]:
    refs.steps += 1
    if depth > _MAX_DEPTH or refs.steps > _MAX_STEPS:
        raise _TooMany
    if schema is False:
        return [_Conjunction(false="a schema is false")]
    if not isinstance(schema, dict):
        return [_Conjunction()]
    ref = schema.get("$ref")
    target = refs.target(schema, ref) if isinstance(ref, str) else _UNKNOWN
    if isinstance(ref, str) and refs.siblings_ignored:  # the reference alone is the schema
        return [_Conjunction()] if target is _UNKNOWN else _alternatives(target, refs, depth + 1)
    own = _Conjunction(types=_types(schema.get("type")))
    if schema.get("enum") == []:
        own.false = "an enum lists no value"
    if schema.get("not") in ({}, True):
        own.false = "'not' rejects every value"
    required = schema.get("required")
    if isinstance(required, list):
        own.required = {n for n in required if isinstance(n, str)}
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    own.properties = {name: [sub] for name, sub in props.items()}
    if schema.get("additionalProperties") is False and not schema.get("patternProperties"):
        own.closed = [frozenset(props)]
    out = [own]
    if target is not _UNKNOWN:
        out = _product(out, _alternatives(target, refs, depth + 1))
    branches = schema.get("allOf")
    for branch in branches if isinstance(branches, list) else ():
        out = _product(out, _alternatives(branch, refs, depth + 1))
    for key in ("anyOf", "oneOf"):
        branches = schema.get(key)
        if isinstance(branches, list):
            union = [alt for branch in branches for alt in _alternatives(branch, refs, depth + 1)]
            if not branches:
                union = [_Conjunction(false=f"'{key}' has no branch")]
            out = _product(out, union)
    return out


def _product(left: list[_Conjunction], right: list[_Conjunction]) -> list[_Conjunction]:
    if len(left) * len(right) > _MAX_ALTERNATIVES:
        raise _TooMany
    return [a.join(b) for a in left for b in right]


def _empty(conj: _Conjunction, refs: _Refs, depth: int, as_object: bool) -> str | None:
    """Why the conjunction accepts no value (as an object, when ``as_object``), or None."""
    if conj.false:
        return conj.false
    types = conj.types if not as_object else _meet(conj.types, frozenset({"object"}))
    if types is not None and not types:
        return "no type is allowed"
    if types is None or types - {"object"}:
        return None  # a value of another type satisfies every object keyword
    for name in sorted(conj.required):
        for declared in conj.closed:
            if name not in declared:
                return f"{name!r} is required, and an object that does not declare it forbids any other property"
        schemas = conj.properties.get(name, [])
        if schemas and _accepts_nothing({"allOf": schemas}, refs, depth + 1) is not None:
            return f"{name!r} is required and accepts no value"
    return None


def _accepts_nothing(schema: Any, refs: _Refs, depth: int = 0, as_object: bool = False) -> str | None:
    try:
        alternatives = _alternatives(schema, refs, depth)
        reasons = [_empty(alt, refs, depth, as_object) for alt in alternatives]
    except _TooMany:
        return None
    if not reasons or any(r is None for r in reasons):
        return None
    return reasons[0] if len(reasons) == 1 else f"{reasons[0]} (and each of its {len(reasons)} alternatives fails)"


def no_call_accepted(schema: Any) -> str | None:
    """Why no argument object validates against the input schema ``schema``, or None when
    some may (or the schema is too large to tell). A root whose own ``type`` leaves out
    ``object`` is MCP-004's finding, not this one's: None."""
    if not isinstance(schema, dict | bool):
        return None
    own = _types(schema.get("type")) if isinstance(schema, dict) else None
    if own is not None and "object" not in own:
        return None
    declared = schema.get("$schema") if isinstance(schema, dict) else None
    if isinstance(declared, str) and "draft-03" in declared:
        return None  # draft 3's required is a boolean beside each property: not this proof's reading
    return _accepts_nothing(schema, _Refs(schema), 0, as_object=True)


@tool_rule("MCP-014")
def no_call(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if tool.schema is None:
        return
    why = no_call_accepted(tool.schema)
    if why is not None:
        yield Hit("inputSchema", {"reason": why})
