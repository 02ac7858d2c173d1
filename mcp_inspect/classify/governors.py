"""What governs the values a tuple position or a property pattern leaves over.

A tuple position past ``prefixItems`` is governed by ``items``, and a property name
that no ``properties`` entry or pattern claims by ``additionalProperties`` (``governor``;
``unevaluatedItems``/``unevaluatedProperties`` in their place where nothing else in the
node evaluates). So a position or a pattern that appears or disappears is compared with
the schema that governs those values on the other side (``slot``): with ``items: false``
removing a position rejects arrays that long, with ``additionalProperties: false`` adding a
pattern accepts names that were rejected. Where that other schema is absent (anything goes)
the old reading stands: the values are now constrained, or no longer.

The array handlers (arrays.py: ``prefixItems``) and the object handlers (containers.py:
``patternProperties``, a property added) both read it, so it sits below both of them and
imports neither.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..snapshot.dialects import CLOSING, IN_PLACE
from .changes import ABSENT, same
from .sides import NEW

if TYPE_CHECKING:
    from .rawpaths import Trail
    from .walker import Walker

#: The values left over go to a schema that cannot be told from the node alone.
UNSETTLED: Any = object()


def governor(schema: dict, declared: str) -> tuple[str, Any]:
    """The keyword, and its schema (ABSENT: accept anything), that governs the positions
    past ``prefixItems`` (``declared`` is ``items``) or the names no ``properties`` entry
    or pattern claims (``additionalProperties``).

    Without the declared keyword, ``unevaluatedItems``/``unevaluatedProperties`` take its
    place when nothing else in the node evaluates items or properties (``false`` then
    closes the array or object as ``items: false`` and ``additionalProperties: false``
    do); beside an in-place applicator (or ``contains``, which marks the items it
    matches), which values it governs depends on the instance: UNSETTLED.
    """
    if declared in schema:
        return declared, schema[declared]
    unevaluated = "unevaluatedItems" if declared == "items" else "unevaluatedProperties"
    if unevaluated not in schema:
        return declared, ABSENT
    # (IN_PLACE: keywords that evaluate the instance in place; not ``not``, whose evaluation is
    # dropped with its result.)
    if any(k in schema for k in IN_PLACE) or (declared == "items" and "contains" in schema):
        return unevaluated, UNSETTLED
    return unevaluated, schema[unevaluated]


def same_governor(old: tuple[str, Any], new: tuple[str, Any]) -> bool:
    return old[0] == new[0] and same(old[1], new[1])


#: The canonical form writes ``unevaluated*`` as the declared keyword where nothing else
#: evaluates (snapshot/dialects.py); a finding still names the keyword the input spelled.
RESPELLABLE = {declared: unevaluated for unevaluated, declared in CLOSING}


def slot(w: Walker, before: Any, after: Any, at: str, what: dict[str, Any], depth: int, trail: Trail,
         respelled: bool, place: tuple[str, str, int]) -> None:
    """Values that moved from one governing schema to another (ABSENT: accept anything).

    ``what`` names the values: ``{"position": index}`` (a tuple position) or
    ``{"pattern": pattern}`` (the property names a pattern matches), and each variant
    comes in those two kinds (``position_*``, ``names_*``). ``respelled``: the keyword
    that governs the values on the other side (``items``, ``additionalProperties``) did
    not change, so if the values are governed alike nothing else reports the difference.
    ``place``: the path of the node, the keyword that governs the values on the side
    without the position or pattern, and the side that declares it (sides.py): the
    findings about the values themselves name that side, and a walk of the two schemas
    is a fork (``prefixItems.2`` on one side is ``items`` on the other).
    """
    names = "pattern" in what
    path, keyword, declared = place
    if before is UNSETTLED or after is UNSETTLED:
        w.emit("constraint.changed", at, None if before is UNSETTLED else before, None if after is UNSETTLED else after,
               "names_unsettled" if names else "position_unsettled", what, side=declared)
    elif before is ABSENT:
        w.emit("constraint.tightened", at, None, after, "names_constrained" if names else "position_constrained", what,
               side=declared)
    elif after is ABSENT:
        w.emit("constraint.loosened", at, before, None,
               "names_unconstrained" if names else "position_unconstrained", what, side=declared)
    elif before is False and isinstance(after, dict):
        w.emit("constraint.loosened", at, before, after, "names_accepted" if names else "position_accepted", what,
               side=declared)
    elif after is False and isinstance(before, dict):
        w.emit("constraint.tightened", at, before, after, "names_rejected" if names else "position_rejected", what,
               side=declared)
    else:
        count = len(w.changes)
        own, governor = w.sides.at(at, declared), w.sides.child(path, 1 - declared, keyword)
        w.sides.fork(at, *((governor, own) if declared == NEW else (own, governor)))
        w.walk(before, after, at, depth + 1, trail)
        if len(w.changes) == count and respelled:
            # An equal schema governs these values on both sides, and nothing else here
            # changed: the schema is spelled differently (the net's finding, completeness).
            w.respelled(at, before, after, "names_respelled" if names else "position_respelled", what, side=declared)


def in_place_subschemas(node: dict, keyword: str) -> list[tuple[bool, Any]]:
    """The subschemas ``node`` applies in place where the one under ``keyword`` applies (that
    one too), each with whether it always passes there: an ``allOf`` branch, and the ``if`` of
    a ``then``; an ``else`` applies where the ``if`` failed, which left no annotation, and a
    ``then`` beside an ``else`` never (a ``keyword`` that is none of them, ``""``: every
    subschema). A ``$ref`` kept as written may evaluate anything. Every such subschema, for
    what it may evaluate; ``applied_beside`` (containers.py) lists only those that always
    apply, with their paths, for what holds a name."""
    unknown = {"$ref": "?"}
    out: list[tuple[bool, Any]] = []
    for key in sorted(IN_PLACE & node.keys()):
        value = node[key]
        if key in ("if", "then", "else"):
            if keyword not in ("then", "else"):
                out.append((False, value))
            elif key == keyword or key == "if" and keyword == "then":
                out.append((key == "if", value))
        elif key in ("allOf", "anyOf", "oneOf"):
            out += [(key == "allOf", branch) for branch in value] if isinstance(value, list) else [(False, unknown)]
        elif key == "dependentSchemas":
            out += [(False, entry) for entry in value.values()] if isinstance(value, dict) else [(False, unknown)]
        else:
            out.append((False, unknown))
    return out
