"""Whether a schema provably accepts no value: the proof lint MCP-014 (an input schema that
accepts no call), the witness search (the old side accepts none, so none can break) and the
schema walker (a property added or removed with a schema that accepts nothing) share.

The shape real generators produce is a zod intersection of strict objects: an ``allOf`` of
an object that requires ``name`` and a union of objects with ``additionalProperties:
false`` that do not declare it (airtable-mcp-server 1.4.1's ``create_field``). Every
argument object must send ``name`` and must not: no call validates.

The schema is read as alternatives, each a conjunction of conditions (the node's own
keywords, every ``allOf`` branch, one branch of each ``anyOf``/``oneOf``: a ``oneOf``
accepts no more than that ``anyOf``), and the schema accepts nothing when every
alternative provably accepts nothing: ``false``, ``not: {}``, an empty ``enum``, ``type``
lists with no type in common, values named (``enum``, ``const``) none of which every
``enum``/``const``, the ``type`` and the size bounds of the conjunction allow, or, for each
type it allows, bounds that leave that type no value (``minLength`` above ``maxLength``,
``minimum`` above ``maximum`` or no integer between them, ``minItems`` above ``maxItems`` or
above the positions of a closed tuple (``items: false`` beside ``prefixItems``), a position
``minItems`` requires that accepts nothing, a ``contains`` whose counts no array meets
(``minContains``, 1 when absent, above ``maxContains``, or a match asked of ``false``),
``minProperties`` above ``maxProperties`` or below the names required); for an object, a
required name that a closed object of the conjunction does not declare
(``additionalProperties: false`` without patterns) or whose schemas together accept
nothing, or a ``minProperties`` above the names such a closed object declares.
``null`` and ``boolean`` are read only through ``type``, ``enum`` and ``const``.
Only that is read: a keyword left out only makes an alternative look satisfiable, so the
answer "nothing" is a proof, and "something" may be wrong (hostile trial, round 14: an
optional property added as ``{"type": "string", "enum": [1]}`` read as "optional property
added" because only ``false`` and ``{"not": {}}`` were recognised there). The work is
bounded: past ``_MAX_ALTERNATIVES`` alternatives, ``_MAX_DEPTH`` levels or ``_MAX_STEPS``
nodes read the schema is taken as satisfiable.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from .drafts import LACKING
from .references import DRAFT_4, References
from .values import canonical_json, json_type, normalise_numbers, types_meet

_MAX_ALTERNATIVES = 64
_MAX_DEPTH = 8
#: Schema nodes one proof reads at most: each required property's schema is read again below
#: its parent's alternatives, so a small recursive union of required properties (1 KB) would
#: otherwise be read for minutes. Past it the schema is taken as satisfiable.
_MAX_STEPS = 20_000
_TYPES = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})
#: The size keywords, each with the type whose values it bounds and the size it reads.
_SIZES = {"minLength": ("string", "lower"), "maxLength": ("string", "upper"),
          "minItems": ("array", "lower"), "maxItems": ("array", "upper"),
          "minProperties": ("object", "lower"), "maxProperties": ("object", "upper")}
_SIZE_WORDS = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems"),
               "object": ("minProperties", "maxProperties")}


@dataclass
class _Conjunction:
    """Conditions that all apply to one value."""

    false: str | None = None  # why it accepts nothing outright
    types: frozenset[str] | None = None  # None: any type
    required: set[str] = field(default_factory=set)
    closed: list[frozenset[str]] = field(default_factory=list)  # names each closed object declares
    properties: dict[str, list[Any]] = field(default_factory=dict)
    named: list[list[Any]] = field(default_factory=list)  # each enum (or const) the value must be in
    lower: dict[str, int] = field(default_factory=dict)  # the greatest minLength/minItems/minProperties
    upper: dict[str, int] = field(default_factory=dict)  # the least maxLength/maxItems/maxProperties
    #: Numeric bounds, each (number, exclusive).
    minimum: list[tuple[float, bool]] = field(default_factory=list)
    maximum: list[tuple[float, bool]] = field(default_factory=list)
    #: The schemas each tuple position (``prefixItems``) must match.
    positions: dict[int, list[Any]] = field(default_factory=dict)
    #: Why no array meets its ``contains`` and counts, or None.
    no_array: str | None = None

    def join(self, other: _Conjunction) -> _Conjunction:
        return _Conjunction(self.false or other.false, _meet(self.types, other.types),
                            self.required | other.required, self.closed + other.closed,
                            {name: self.properties.get(name, []) + other.properties.get(name, [])
                             for name in self.properties.keys() | other.properties.keys()},
                            self.named + other.named,
                            _bound(self.lower, other.lower, max), _bound(self.upper, other.upper, min),
                            self.minimum + other.minimum, self.maximum + other.maximum,
                            {index: self.positions.get(index, []) + other.positions.get(index, [])
                             for index in self.positions.keys() | other.positions.keys()},
                            self.no_array or other.no_array)


class _TooMany(Exception):
    """More alternatives (or levels) than the bound: the schema is taken as satisfiable."""


def _meet(a: frozenset[str] | None, b: frozenset[str] | None) -> frozenset[str] | None:
    """``types_meet``, None standing for every type."""
    if a is None or b is None:
        return b if a is None else a
    return types_meet(a, b)


def types_overlap(a: Any, b: Any) -> bool:
    """Whether two ``type`` keywords' values allow a value in common (an integer is a number;
    a value this proof does not read allows anything)."""
    return _meet(declared_types(a), declared_types(b)) != frozenset()


def _bound(a: dict[str, int], b: dict[str, int], pick: Any) -> dict[str, int]:
    return {kind: pick(v for v in (a.get(kind), b.get(kind)) if v is not None) for kind in a.keys() | b.keys()}


def declared_types(value: Any) -> frozenset[str] | None:
    """The JSON types a ``type`` keyword's value allows, or None (any: absent, or a name no
    dialect defines, which this proof does not read)."""
    if isinstance(value, str):
        return frozenset({value}) if value in _TYPES else None
    if isinstance(value, list) and all(isinstance(t, str) and t in _TYPES for t in value):
        return frozenset(value)
    return None


def _number(value: Any) -> float | None:
    """A finite JSON number, or None (a boolean, a string, ``Infinity`` are no bound)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return value if isinstance(value, int) or math.isfinite(value) else None


class _Refs:
    """The ``$ref``s of one root schema, as this proof may read them: a reference is followed
    only when it names exactly one subschema (references.py's ``locate``: a pointer, an anchor,
    an embedded ``$id``), resolved against the root. Anything else (dangling, remote, an anchor
    several subschemas claim, a reference inside a resource with an ``$id`` of its own, which
    resolves against that resource) is unknown, and an unknown reference accepts anything.
    Not following references at all (a subschema read away from its root, as the walker does
    with the canonical form, whose local references are already inlined) leaves every one
    unknown."""

    def __init__(self, root: Any, follow: bool) -> None:
        self.references = References(root)
        self.root = root
        self.follow = follow
        #: Draft 3 to 7 ignore the siblings of a ``$ref`` (a ``$schema`` naming one of them:
        #: read so whenever it might, since reading fewer keywords only makes a schema look
        #: satisfiable).
        self.siblings_ignored = self.references.siblings_ignored
        #: Draft 3 and 4 read ``exclusiveMinimum``/``exclusiveMaximum`` as booleans that make
        #: ``minimum``/``maximum`` exclusive: there every numeric bound is read inclusive (a
        #: weaker reading, so still a proof).
        self.draft4 = self.references.dialect <= DRAFT_4
        #: The keywords a later dialect than the declared one added (``drafts.LACKING``), which
        #: its validators ignore: not read (a draft-04 ``const``, a draft-07 ``minContains``,
        #: whose ``contains`` then asks for one match, a draft-07 ``prefixItems``).
        self.lacking = LACKING[self.references.dialect]
        #: The keywords that may open a resource: ``$id``, and the one the dialect reads (draft 3
        #: and 4 spell it ``id``): reading both only leaves more references unknown.
        self.ids = tuple(dict.fromkeys(("$id", self.references.id_keyword)))
        self._embedded: set[int] | None = None
        #: Nodes read so far (``_MAX_STEPS``).
        self.steps = 0

    def target(self, node: dict[str, Any], ref: str) -> Any:
        """The one subschema ``ref`` (met in ``node``) names, or ``_UNKNOWN``."""
        if not self.follow or id(node) in self.embedded():
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


def _own(schema: dict[str, Any], refs: _Refs) -> _Conjunction:
    """The conditions a node's own keywords set."""
    own = _Conjunction(types=declared_types(schema.get("type")))
    enum = schema.get("enum")
    if enum == []:
        own.false = "an enum lists no value"
    elif isinstance(enum, list):
        own.named.append(enum)
    if "const" in schema:
        own.named.append([schema["const"]])
    if schema.get("not") in ({}, True):
        own.false = "'not' rejects every value"
    for keyword, (kind, end) in _SIZES.items():
        size = schema.get(keyword)
        if isinstance(size, int) and not isinstance(size, bool) and size >= 0:
            (own.lower if end == "lower" else own.upper)[kind] = size
    for keyword, ends in (("minimum", own.minimum), ("maximum", own.maximum)):
        number = _number(schema.get(keyword))
        if number is not None:
            ends.append((number, False))
    if not refs.draft4:
        for keyword, ends in (("exclusiveMinimum", own.minimum), ("exclusiveMaximum", own.maximum)):
            number = _number(schema.get(keyword))
            if number is not None:
                ends.append((number, True))
    required = schema.get("required")
    if isinstance(required, list):
        own.required = {n for n in required if isinstance(n, str)}
    # A closed tuple holds at most its positions (``items: false`` beside ``prefixItems``, or
    # draft 7's ``additionalItems: false`` beside an ``items`` list), each held to its schema.
    items = schema.get("items")
    positions, rest = (items, schema.get("additionalItems")) if isinstance(items, list) \
        else (schema.get("prefixItems"), items)
    if isinstance(positions, list):
        own.positions = {index: [sub] for index, sub in enumerate(positions)}
        if rest is False:
            own.upper["array"] = min(own.upper.get("array", len(positions)), len(positions))
    elif rest is False:
        own.upper["array"] = 0
    own.no_array = _contains_unmet(schema)
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    own.properties = {name: [sub] for name, sub in props.items()}
    if schema.get("additionalProperties") is False and not schema.get("patternProperties"):
        own.closed = [frozenset(props)]
    return own


def _contains_unmet(schema: dict[str, Any]) -> str | None:
    """Why no array meets the node's ``contains`` with its counts (Validation 2020-12, 6.4.4
    and 6.4.5; ``minContains`` is 1 when absent): more matches asked for than ``maxContains``
    allows, or one asked for of a ``contains`` that matches nothing (``false``, ``not: {}``).
    ``l: {type: array, contains: {type: string}, maxContains: 0}`` gaining ``minItems: 3`` was
    a BREAKING no call could show, ``l`` accepting nothing on either side (hostile trial, round 21).
    Draft 6 and 7 have no counts (``_alternatives`` drops them), and there a ``contains`` asks
    for one match whatever they say (hostile trial, round 22: ``minContains: 2, maxContains: 1``
    read in a draft-07 schema proved empty a node that accepts ``["x"]``)."""
    if "contains" not in schema:
        return None
    least, most = schema.get("minContains", 1), schema.get("maxContains")
    if not isinstance(least, int) or isinstance(least, bool) or least < 0:
        return None  # malformed: another check says so, and nothing is proven
    if isinstance(most, int) and not isinstance(most, bool) and least > most:
        return "'minContains' (1 when absent) is above 'maxContains'"
    contains = schema["contains"]
    if least >= 1 and (contains is False or isinstance(contains, dict) and contains.get("not") in ({}, True)):
        return "'contains' matches no item, and at least one match is asked for"
    return None


def _alternatives(schema: Any, refs: _Refs, depth: int) -> list[_Conjunction]:
    refs.steps += 1
    if depth > _MAX_DEPTH or refs.steps > _MAX_STEPS:
        raise _TooMany
    if schema is False:
        return [_Conjunction(false="a schema is false")]
    if not isinstance(schema, dict):
        return [_Conjunction()]
    if not refs.lacking.isdisjoint(schema):
        schema = {key: value for key, value in schema.items() if key not in refs.lacking}
    ref = schema.get("$ref")
    target = refs.target(schema, ref) if isinstance(ref, str) else _UNKNOWN
    if isinstance(ref, str) and refs.siblings_ignored:  # the reference alone is the schema
        return [_Conjunction()] if target is _UNKNOWN else _alternatives(target, refs, depth + 1)
    out = [_own(schema, refs)]
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


def _numbers_empty(conj: _Conjunction, integer: bool) -> bool:
    """Whether the numeric bounds leave no number (no integer, when ``integer``)."""
    if not conj.minimum or not conj.maximum:
        return False
    low, low_open = max(conj.minimum, key=lambda end: (end[0], end[1]))
    high, high_open = min(conj.maximum, key=lambda end: (end[0], not end[1]))
    if integer:
        first = math.floor(low) + 1 if low_open else math.ceil(low)
        last = math.ceil(high) - 1 if high_open else math.floor(high)
        return first > last
    return low > high or (low == high and (low_open or high_open))


def _type_empty(conj: _Conjunction, kind: str, refs: _Refs, depth: int) -> str | None:
    """Why no value of the type ``kind`` meets the conjunction's bounds, or None."""
    if kind in ("number", "integer"):
        return f"its bounds leave no {'integer' if kind == 'integer' else 'number'}" \
            if _numbers_empty(conj, kind == "integer") else None
    if kind in _SIZE_WORDS and conj.lower.get(kind, 0) > conj.upper.get(kind, conj.lower.get(kind, 0)):
        least, most = _SIZE_WORDS[kind]
        if kind == "array":
            return "'minItems' is above what 'maxItems' or a closed tuple ('items: false' beside its positions) allows"
        return f"'{least}' is above '{most}'"
    if kind == "array":
        if conj.no_array:
            return conj.no_array
        for index in range(min(conj.lower.get("array", 0), len(conj.positions))):
            schemas = conj.positions.get(index, [])
            if schemas and _all_accept_nothing(schemas, refs, depth + 1):
                return f"position {index}, which 'minItems' requires, accepts no value"
        return None
    if kind != "object":
        return None
    if len(conj.required) > conj.upper.get("object", len(conj.required)):
        return "it requires more properties than 'maxProperties' allows"
    # A closed object (no patterns) holds only the names it declares: ``minProperties: 1``
    # beside ``additionalProperties: false`` and no ``properties`` accepts no object (hostile
    # trial, round 32: MCP-014 missed the root BP-011's advice had produced).
    least = conj.lower.get("object", 0)
    if least and any(len(declared) < least for declared in conj.closed):
        return "'minProperties' asks for more properties than a closed object declares"
    for name in sorted(conj.required):
        for declared in conj.closed:
            if name not in declared:
                return f"{name!r} is required, and an object that does not declare it forbids any other property"
        schemas = conj.properties.get(name, [])
        if schemas and _all_accept_nothing(schemas, refs, depth + 1):
            return f"{name!r} is required and accepts no value"
    return None


def _fits(value: Any, conj: _Conjunction, types: frozenset[str]) -> bool:
    """Whether a value named by ``enum``/``const`` passes the conjunction's type and bounds
    (only these: anything else it may fail leaves it in, a weaker reading)."""
    kind = json_type(value)
    allowed = types & ({"integer", "number"} if kind == "integer" else {kind})
    if not allowed:
        return False
    if kind in ("integer", "number"):
        probe = _Conjunction(minimum=conj.minimum + [(value, False)], maximum=conj.maximum + [(value, False)])
        return not _numbers_empty(probe, False)
    if kind in _SIZE_WORDS:
        return conj.lower.get(kind, 0) <= len(value) <= conj.upper.get(kind, len(value))
    return True


def _named_empty(conj: _Conjunction, types: frozenset[str]) -> bool:
    """Whether no value every ``enum``/``const`` of the conjunction names is allowed."""
    keys = [{canonical_json(normalise_numbers(value)) for value in named} for named in conj.named[1:]]
    return not any(all(canonical_json(normalise_numbers(value)) in other for other in keys)
                   and _fits(value, conj, types) for value in conj.named[0])


def _empty(conj: _Conjunction, refs: _Refs, depth: int, of_type: str | None) -> str | None:
    """Why the conjunction accepts no value (of the type ``of_type``, when given), or None."""
    if conj.false:
        return conj.false
    types = conj.types if of_type is None else _meet(conj.types, frozenset({of_type}))
    if types is not None and not types:
        return "no type is allowed"
    allowed = _TYPES if types is None else types
    if conj.named and _named_empty(conj, allowed):
        return "no value its enum or const names passes its other keywords"
    reasons = [_type_empty(conj, kind, refs, depth) for kind in sorted(allowed)]
    if any(reason is None for reason in reasons):
        return None
    return reasons[0] if len(reasons) == 1 else f"no type it allows has a value ({'; '.join(dict.fromkeys(reasons))})"


def _all_accept_nothing(schemas: list[Any], refs: _Refs, depth: int) -> bool:
    """Whether no value meets every one of ``schemas`` (a property's schemas in each object of
    a conjunction, a position's in each tuple): their ``allOf``, read so in every draft (draft
    3 has no ``allOf`` of its own, ``_alternatives``)."""
    try:
        alternatives = [_Conjunction()]
        for schema in schemas:
            alternatives = _product(alternatives, _alternatives(schema, refs, depth + 1))
        return bool(alternatives) and all(_empty(alt, refs, depth, None) is not None for alt in alternatives)
    except _TooMany:
        return False


def _accepts_nothing(schema: Any, refs: _Refs, depth: int = 0, of_type: str | None = None) -> str | None:
    try:
        alternatives = _alternatives(schema, refs, depth)
        reasons = [_empty(alt, refs, depth, of_type) for alt in alternatives]
    except _TooMany:
        return None
    if not reasons or any(r is None for r in reasons):
        return None
    return reasons[0] if len(reasons) == 1 else f"{reasons[0]} (and each of its {len(reasons)} alternatives fails)"


def accepts_nothing(schema: Any, *, of_type: str | None = None, follow_references: bool = True) -> str | None:
    """Why no value (no value of the JSON type ``of_type``, when given: ``"number"`` counts
    integers too) validates against ``schema``, or None when some may (or the schema is too
    large to tell). ``follow_references``: resolve each ``$ref`` against ``schema`` as the
    root; otherwise every reference is unknown and accepts anything."""
    return _accepts_nothing(schema, _Refs(schema, follow_references), 0, of_type)


def refuses_every_value(schema: Any, of_type: str | None = None) -> bool:
    """Whether a canonical schema provably accepts no value: ``false``, ``{"not": {}}``, or a
    contradiction (``allOf`` of two types, a ``const`` its ``type`` refuses, ``minLength``
    above ``maxLength``). Its local references are inlined already; a cycle's back-reference
    is left unread, as accepting anything. The canonical form's drop of refused members and
    the walker's grading of a property added or removed ask this one question. With
    ``of_type``, whether it accepts no value of that JSON type (arrays, say)."""
    return accepts_nothing(schema, of_type=of_type, follow_references=False) is not None
