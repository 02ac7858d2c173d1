"""Recursive schemas in the walker: back-references compared by what they return to.

The canonical form writes a cycle as ``{"$ref": "#^k"}``, a reference to the k-th
enclosing node marked ``"$anchor": "^"`` (docs/canonical-form.md). Two such
references are the same text whenever they count the same number of marks, yet they
return to different schemas when the marks moved, and a reference on one side may
face a schema written out on the other. So the walker keeps, per side, the chain of
marked nodes above the node it compares, and:

* a reference facing anything but a reference to the pair of nodes the walk is
  comparing (or compared) is replaced by the node it returns to, and the walk goes on;
  a pair of nodes is walked once in each context, which ends every cycle. The marks
  themselves then say nothing more: an ``$anchor`` that moved while the references
  return to the same schema is no change;
* a reference to that pair is where the recursion comes back. A change inside the
  pair was reported where the pair was walked, graded in that place's context; when
  the reference sits in another context (under ``not``, inside ``if``, in a branch of
  a multi-branch ``oneOf``) the same change acts differently there, so the pair is
  walked again at the reference, in its context, and the findings that grade
  differently are kept;
* a subtree equal on both sides is still entered when a reference in it leaves it for
  a marked pair that differs: that reference is such a place too.

Only recursive schemas pay: with no marked pair that differs, equal subtrees are
skipped as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..snapshot.canonical import CYCLE_ANCHOR, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS
from .changes import same

if TYPE_CHECKING:
    from .rawpaths import Trail
    from .walker import Walker

_BACK_REFERENCE = re.compile(r"#\^([1-9][0-9]*)\Z")
Chain = tuple[Any, ...]
#: The walker's context as far as grading goes: negations (odd or even) and the reasons
#: that make ordering facts not orderable.
Context = tuple[int, frozenset[Any]]


@dataclass
class _Pair:
    """A pair of nodes, one of them marked, and the contexts it was walked in."""

    old: Any
    new: Any
    trail: Trail
    contexts: set[Context] = field(default_factory=set)
    #: (rule, path below the pair) of every finding reported for it so far.
    seen: set[tuple[str, str]] | None = None
    active: int = 0
    #: Places met while the pair was being walked: (path, negations, reasons, depth).
    pending: list[tuple[str, int, list[Any], int]] = field(default_factory=list)


class Recursion:
    def __init__(self) -> None:
        self.chains: list[tuple[Chain, Chain]] = [((), ())]
        self.above: dict[tuple[int, int], Chain] = {}
        self.pairs: dict[tuple[int, int], _Pair] = {}
        self.dirty = 0  # marked pairs being walked whose nodes differ
        self._escapes: dict[int, int] = {}

    # -- references ------------------------------------------------------------------------

    def resolve(self, w: Walker, old: Any, new: Any, path: str, depth: int) -> tuple[Any, Any, bool]:
        """``(old, new, done)``: the nodes to compare once references are followed; ``done``
        when nothing is left to compare here."""
        ref_old, ref_new = back_reference(old), back_reference(new)
        if ref_old is None and ref_new is None:
            return old, new, False
        target_old = self._target(0, ref_old) if ref_old is not None else None
        target_new = self._target(1, ref_new) if ref_new is not None else None
        if (ref_old is not None and target_old is None) or (ref_new is not None and target_new is None):
            return old, new, False  # a reference past the root: compared as written
        if target_old is not None and target_new is not None:
            pair = self.pairs.get((id(target_old), id(target_new)))
            if pair is not None:  # the recursion comes back to the pair: grade it here too
                self._met(w, pair, path, depth)
                old, new = _beside(old), _beside(new)
                return old, new, not old and not new
        else:
            # A reference on one side only, back to a pair being walked now against this very
            # node of the other side, in this context: following it would walk the pair again
            # and again, one level deeper each time (a $ref loop facing a plain schema gave 65
            # alike findings per tool, hostile trial, round 7). The first walk said it all.
            target, facing, side = (target_old, new, 1) if target_old is not None else (target_new, old, 0)
            context = w.context()
            for pair in self.pairs.values():
                mine, theirs = (pair.old, pair.new) if side == 1 else (pair.new, pair.old)
                if mine is target and pair.active and context in pair.contexts and same(theirs, facing):
                    return old, new, True
        return _unfold(old, target_old), _unfold(new, target_new), False

    def _target(self, side: int, k: int) -> Any:
        chain = self.chains[-1][side]
        return chain[-k] if k <= len(chain) else None

    def _met(self, w: Walker, pair: _Pair, path: str, depth: int) -> None:
        if w.context() in pair.contexts or same(pair.old, pair.new) and not self.escapes(pair.old):
            return
        place = (path, w.negations, list(w.reasons), depth)
        if pair.active:
            pair.pending.append(place)  # walked again once its first walk is complete
        else:
            self._again(w, pair, place)

    def _again(self, w: Walker, pair: _Pair, place: tuple[str, int, list[Any], int]) -> None:
        path, negations, reasons, depth = place
        saved = w.negations, w.reasons, w.changes
        w.negations, w.reasons, w.changes = negations, reasons, []
        try:
            if w.context() not in pair.contexts:
                w.walk(pair.old, pair.new, path, depth, pair.trail)
            found = w.changes
        finally:
            w.negations, w.reasons, w.changes = saved
        seen = pair.seen if pair.seen is not None else set()
        for change in found:
            key = (change.rule, _below(w.sides.walk_path(change), path))
            if key not in seen:  # graded as where the pair was walked before: reported there
                seen.add(key)
                w.changes.append(change)

    # -- marked pairs ----------------------------------------------------------------------

    def enter(self, w: Walker, old: Any, new: Any, path: str, trail: Trail) -> tuple[Any, ...] | None:
        """Push the chains for the pair; None when the pair was walked in this context already."""
        chain_old, chain_new = self.chains[-1]
        marked_old, marked_new = is_marked(old), is_marked(new)
        if marked_old:
            chain_old = self.above.setdefault((0, id(old)), chain_old) + (old,)
        if marked_new:
            chain_new = self.above.setdefault((1, id(new)), chain_new) + (new,)
        pair = None
        if marked_old or marked_new:
            pair = self.pairs.get((id(old), id(new)))
            if pair is None:
                pair = self.pairs[(id(old), id(new))] = _Pair(old, new, trail)
            context = w.context()
            if context in pair.contexts:
                return None
            pair.contexts.add(context)
            pair.active += 1
        dirty = pair is not None and not same(old, new)
        self.dirty += dirty
        self.chains.append((chain_old, chain_new))
        return pair, dirty, path, len(w.changes)

    def leave(self, w: Walker, token: tuple[Any, ...]) -> None:
        pair, dirty, path, start = token
        self.chains.pop()
        self.dirty -= dirty
        if pair is None:
            return
        pair.active -= 1
        if pair.seen is None:
            pair.seen = {(c.rule, _below(w.sides.walk_path(c), path)) for c in w.changes[start:]}
        while pair.pending and not pair.active:
            self._again(w, pair, pair.pending.pop(0))

    def enter_equal(self, node: Any) -> bool:
        """Whether an equal pair must still be walked: a reference in it leaves it while a
        marked pair that differs is being walked."""
        return self.dirty > 0 and self.escapes(node) > 0

    def escapes(self, node: Any) -> int:
        """How many marks above ``node`` its furthest back-reference climbs past (0: none)."""
        if type(node) is not dict:
            return 0
        known = self._escapes.get(id(node))
        if known is not None:
            return known
        ref = back_reference(node)
        most = ref if ref is not None else 0
        for child in _children(node):
            most = max(most, self.escapes(child))
        if is_marked(node):
            most = max(0, most - 1)
        self._escapes[id(node)] = most
        return most


def back_reference(node: Any) -> int | None:
    """k of a ``{"$ref": "#^k", ...}`` node, or None."""
    if type(node) is not dict:
        return None
    ref = node.get("$ref")
    if type(ref) is not str:
        return None
    found = _BACK_REFERENCE.match(ref)
    return int(found.group(1)) if found else None


def is_marked(node: Any) -> bool:
    return type(node) is dict and node.get("$anchor") == CYCLE_ANCHOR


def _beside(node: Any) -> Any:
    """The keywords beside a back-reference (both apply, as an ``allOf`` of the two)."""
    return {k: v for k, v in node.items() if k != "$ref"} if back_reference(node) is not None else node


def _unfold(node: Any, target: Any) -> Any:
    if target is None:
        return node
    beside = _beside(node)
    return target if not beside else {**beside, "allOf": [target]}


def _below(path: str, base: str) -> str:
    return path[len(base):] if path.startswith(base) else path


def _children(node: dict[str, Any]) -> Iterable[Any]:
    for key, value in node.items():
        if key in SUBSCHEMA_KEYWORDS:
            yield value
        elif key in SCHEMA_MAP_KEYWORDS and type(value) is dict:
            yield from value.values()
        elif key in SCHEMA_LIST_KEYWORDS and type(value) is list:
            yield from value
