"""Schema keywords of arrays: tuple positions (``prefixItems``, and ``items`` past them),
``maxItems`` read with the cap a closed tuple sets, and a ``contains`` that
``minContains: 0`` idles.

Handlers share the walker's signature ``(walker, key, old, new, path, depth)``; each
passes the walker the trail (rawpaths.py) of the subschemas it walks into. A position
only one side declares is compared with what governs it on the other side (governors.py):
that side's ``items``, or, in a subschema applied in place that has none, the
``unevaluatedItems`` of a node holding it (``_position_governor``, the array form of
containers.py's ``_enclosing_governor``). ``items`` and ``contains`` themselves are single
applicators, walked by containers.py's ``applicator``, which hands the cases read here
(``items_past_positions``, ``contains_idled``) to this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..limits import MAX_ENCLOSING_LEVELS
from ..snapshot.dialects import IN_PLACE
from .changes import ABSENT, join, or_none, same
from .governors import RESPELLABLE, UNSETTLED, governor, in_place_subschemas, same_governor, slot
from .sides import NEW, OLD
from .spelling import raw_spelling, raw_value
from .values import bound, is_number

if TYPE_CHECKING:
    from .walker import Enclosing, Walker

def prefix_items(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    before, after = old.get("prefixItems", []), new.get("prefixItems", [])
    if not isinstance(before, list) or not isinstance(after, list):
        w.emit("schema.changed", join(path, "prefixItems"), before, after, "not_a_list", {"keyword": "prefixItems"})
        return
    old_rest, new_rest = governor(old, "items"), governor(new, "items")
    items_kept = same_governor(old_rest, new_rest)
    old_word, new_word = _written_governor(w, old_rest[0], OLD), _written_governor(w, new_rest[0], NEW)
    for index in range(max(len(before), len(after))):
        at = join(path, "prefixItems", str(index))
        if index < len(before) and index < len(after):
            w.walk(before[index], after[index], at, depth + 1, w.child_trail("prefixItems", index))
            continue
        # A position only one side has was (is) governed by that side's items, or, in a
        # subschema applied in place that has none, by what its node evaluates.
        side = OLD if index >= len(before) else NEW
        rest = old_rest if side == OLD else new_rest
        word = old_word if side == OLD else new_word
        node, kept = path, items_kept
        if rest[1] is ABSENT and path in w.enclosing:
            found = _position_governor(w, index, w.enclosing[path], side)
            if found is not None:
                node, rest, kept = found
                word = rest[0]
        if side == OLD:  # a new position, governed by the old side's rest until now
            slot(w, rest[1], after[index], at, {"position": index}, depth,
                  w.split_trail((word, None), ("prefixItems", index)), kept, (node, word, NEW))
        else:
            slot(w, before[index], rest[1], at, {"position": index}, depth,
                  w.split_trail(("prefixItems", index), (word, None)), kept, (node, word, OLD))


def _written_governor(w: Walker, keyword: str, side: int) -> str:
    """The keyword ``side``'s input spells for the governing ``keyword`` (``governor``): the
    canonical form writes ``unevaluatedItems`` as ``items`` where nothing else in the node
    evaluates items, and a finding about a position that falls to it must name the keyword the
    input holds. ``prefixItems: [{string}, {integer}]`` beside ``unevaluatedItems: {type: string}``
    losing position 1 was "type changed" at ``l.items.type``, a keyword neither schema has, and
    the witness search, reading that path, never matched the refusal at ``unevaluatedItems``
    (hostile trial, round 20)."""
    partner = RESPELLABLE.get(keyword)
    if partner is None:
        return keyword
    return raw_spelling(w, (keyword, partner))[side] or keyword


def _position_governor(w: Walker, index: int, place: Enclosing, side: int) -> tuple[str, tuple[str, Any], bool] | None:
    """What governs the tuple position ``index`` on ``side`` where a subschema applied in place
    (``place``) declares it on the other side only and has no ``items`` of its own: the
    ``unevaluatedItems`` of the node holding it, or of one further out through nodes that are
    themselves applied in place (at most MAX_ENCLOSING_LEVELS), since no other keyword on the
    way evaluates the position (Core 2020-12, 11.2: the annotations of the subschemas that pass
    are seen). UNSETTLED where one may, depending on the value; None where nothing governs it
    that way, or where a keyword that always applies evaluates it (a ``prefixItems`` or
    ``items`` of a node on the way, an ``allOf`` branch's, the ``if`` of a ``then``): then the
    reading stands. Returned as (the node's walk path, (keyword, schema), whether the node's
    ``unevaluatedItems`` is the same on both sides). The property form is
    containers.py's ``_enclosing_governor`` (hostile trial, round 19: position 1 removed from
    ``allOf[0]``, ``anyOf[1]`` or ``then`` beside ``unevaluatedItems: false`` was "position 1
    is no longer constrained", NON_BREAKING, though ``[1, 2]`` is refused now)."""
    level: Enclosing | None = place
    walked_out_of: Any = None  # the node of the level before, itself a subschema of this level's node
    unsettled = False
    for _ in range(MAX_ENCLOSING_LEVELS):
        if level is None:
            return None
        node = level.node if side == OLD else level.new_node
        if not isinstance(node, dict):
            return None
        own = _evaluates_position(index, {k: v for k, v in node.items() if k not in IN_PLACE | {"unevaluatedItems"}})
        if own == "always":
            return None
        unsettled = unsettled or own == "maybe"
        for certain, subschema in in_place_subschemas(node, level.keyword):
            if subschema is walked_out_of:
                continue
            found = _evaluates_position(index, subschema)
            if found == "always" and certain:
                return None  # it applies wherever the subschema does, and evaluates the position
            unsettled = unsettled or found != "never"
        if "unevaluatedItems" in node:
            other = level.new_node if side == OLD else level.node
            kept = isinstance(other, dict) and same(other.get("unevaluatedItems", ABSENT), node["unevaluatedItems"])
            return level.path, ("unevaluatedItems", UNSETTLED if unsettled else node["unevaluatedItems"]), kept
        walked_out_of = node
        level = w.enclosing.get(level.path)
    return None


def _evaluates_position(index: int, schema: Any) -> str:
    """Whether ``schema`` evaluates the item at ``index`` of an array it accepts: "always" (a
    ``prefixItems`` that long, an ``items`` or ``unevaluatedItems``), "maybe" (a ``contains``,
    which marks the items it matches, or a subschema applied in place), or "never"."""
    if not isinstance(schema, dict):
        return "never"  # a boolean schema leaves no annotation
    prefix = schema.get("prefixItems")
    if isinstance(prefix, list) and len(prefix) > index or "unevaluatedItems" in schema or \
            "items" in schema and not isinstance(schema["items"], list):
        return "always"
    return "maybe" if "contains" in schema or not IN_PLACE.isdisjoint(schema) else "never"


def tuple_positions(old: dict, new: dict) -> int:
    """The positions ``prefixItems`` declares on the side that declares more."""
    return max(len(side["prefixItems"]) if isinstance(side.get("prefixItems"), list) else 0 for side in (old, new))


def items_past_positions(w: Walker, old: dict, new: dict, path: str, before: Any, after: Any) -> None:
    """``items: false`` on one side and a schema on the other, beside ``prefixItems``: the
    positions before the last declared one are compared as positions (``prefix_items``), so
    this says what happens from there on, where "the schema no longer rejects every value"
    said something false of a tuple that took values (hostile trial, round 19). Where the
    side with the schema caps the length there (``maxItems``), no such position is reachable
    on either side: one spelling of the same arrays, said by the ``maxItems`` finding. (Where
    both sides cap it alike the canonical form drops the schema no position reaches:
    ``dialects.cut_unreachable_positions``.)"""
    at = join(path, "items")
    first = tuple_positions(old, new)
    opened = new if before is False else old
    most = opened.get("maxItems")
    if isinstance(most, int) and not isinstance(most, bool) and most <= first:
        return
    if before is False:
        w.emit("constraint.loosened", at, before, after, "positions_from_accepted", {"position": first})
    else:
        w.emit("constraint.tightened", at, before, after, "positions_from_rejected", {"position": first})


def tuple_cap(schema: dict) -> int | None:
    """The most items a closed tuple holds: its ``prefixItems`` beside an ``items`` (or an
    ``unevaluatedItems`` that governs as it) of ``false``; None for any other array."""
    positions = schema.get("prefixItems", [])
    return len(positions) if governor(schema, "items")[1] is False and isinstance(positions, list) else None


def max_items(w: Walker, key: str, old: dict, new: dict, path: str, depth: int) -> None:
    """``maxItems`` read with the cap a closed tuple sets (``tuple_cap``): the length an array
    may have is the smaller of the two, so a ``maxItems`` the tuple already implies, added or
    removed, is one spelling of the same arrays, and a ``maxItems`` added where a longer
    tuple's ``items: false`` went loosens (hostile trial, round 19: ``prefixItems: [{string},
    {string}], items: false`` → ``items: {string}, maxItems: 2`` was a BREAKING "maxItems added:
    2" though the two accept the same arrays). Any other pair is a bound, as before."""
    before, after = old.get(key, ABSENT), new.get(key, ABSENT)
    caps = tuple_cap(old), tuple_cap(new)
    if same(before, after) or caps == (None, None) or not all(v is ABSENT or is_number(v) for v in (before, after)):
        bound(w, key, old, new, path, depth)
        return
    was, now = _cap(before, caps[0]), _cap(after, caps[1])
    change = "added" if before is ABSENT else "removed" if after is ABSENT else "changed"
    value = before if after is ABSENT else after
    # The side whose tuple caps the length (the one without this maxItems, or with a larger one).
    side = OLD if caps[0] is not None and caps[0] == was else NEW
    facts = {"keyword": key, "value": value, "change": change, "cap_before": was, "cap_after": now,
             "capper": f"the {'old' if side == OLD else 'new'} items false beside {caps[side]} prefixItems"}
    if was == now:
        w.respelled(join(path, key), or_none(before), or_none(after), "length_capped_already", facts)
        return
    tighter = was is None or (now is not None and now < was)
    if tighter == (change == "added" or change == "changed" and after < before):
        bound(w, key, old, new, path, depth)  # the bound's own reading says it
        return
    w.emit("constraint.tightened" if tighter else "constraint.loosened", join(path, key), or_none(before),
           or_none(after), "length_cap_moved", facts)


def _cap(most: Any, tuple_length: int | None) -> int | None:
    """The length cap of a side: its ``maxItems`` (ABSENT: none) or its tuple's, the smaller."""
    caps = [c for c in (None if most is ABSENT else most, tuple_length) if c is not None]
    return min(caps) if caps else None


def idle_contains(w: Walker, before: Any) -> bool:
    """Whether the input of the side whose canonical form has no ``contains`` spells one with
    ``minContains: 0`` (and no ``maxContains``): it passes every array, and the canonical form
    drops it (snapshot/dialects.py, ``drop_idle_contains``)."""
    lacking = NEW if before is not ABSENT else OLD
    return raw_value(w, "contains", lacking) is not ABSENT and raw_value(w, "minContains", lacking) == 0


def contains_idled(w: Walker, path: str, before: Any, after: Any) -> None:
    """A ``contains`` one side's input spells beside ``minContains: 0``, which lets every array
    pass it: that side's ``minContains`` freed (or, on the old side, bound) the arrays, and the
    finding is said so, at the keyword that did it, rather than as a ``contains`` removed
    (added) that the input still has."""
    if after is ABSENT:
        w.emit("constraint.loosened", join(path, "minContains"), before, None, "contains_idle",
               {"value": before}, side=NEW)
    else:
        w.emit("constraint.tightened", join(path, "contains"), None, after, "contains_active",
               {"value": after}, side=NEW)
