"""``allOf`` / ``anyOf`` / ``oneOf``: branches matched by fingerprint first, then pairwise.

A union that loses branches accepts fewer values (for a pure type union that is
``type.narrowed``, otherwise ``constraint.tightened``); one that gains branches
accepts more (``constraint.loosened``). ``allOf`` is the mirror image.

``oneOf`` accepts a value that matches *exactly one* branch. Losing a branch is
narrowing, as the contract rules for a subset of a union's branches. Gaining one
is only widening when the branches cannot overlap (they differ only in type);
otherwise a value that matches the new branch and an old one is now rejected, so
the change is ``constraint.changed`` (not orderable), as is a oneOf that both
gains and loses branches.

A paired branch is walked at its index in the new side's input (the canonical form
sorts branches, so its own positions mean nothing to the reader); where the new side
is a single schema and not a union, at the old side's index. Each pair is a fork
(sides.py): its path on each side is that side's own index, or the node itself on a
side that is a single schema, and a finding below it is reported at the path of the
side it names.
"""

from __future__ import annotations

from collections import Counter
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

from ..limits import MAX_BRANCH_PAIRS
from ..snapshot.canonical import canonical_json
from .changes import ABSENT, join, or_none, same
from .keywords import ANNOTATION_KEYWORDS
from .rawpaths import KNOWN

if TYPE_CHECKING:
    from .rawpaths import Spot, Trail
    from .schema import SchemaWalker

#: An old branch, a new branch and the side (0 old, 1 new) that was a single schema.
Pin = tuple[Any, Any, int]
_EXCLUSIVE: frozenset[str] = frozenset()
#: The note (rules/phrases.yaml, group ``notes``) on a fact made not orderable in a oneOf branch.
_INSIDE_ONE_OF = "inside_one_of"


def lift_to_union(single: dict[str, Any], union_side: dict[str, Any], key: str
                  ) -> tuple[dict[str, Any], tuple[Any, Any] | None]:
    """Rewrite ``single`` as a one-branch union, paired with the closest branch of ``union_side``.

    ``{type: string}`` → ``{anyOf: [{type: string}, {type: null}]}`` is then seen as a
    branch added, not as "type removed" plus "anyOf added"; and ``{type: string,
    maxLength: 5}`` → ``{anyOf: [{type: string, maxLength: 10}, {type: null}]}`` as a
    branch added plus the string branch loosened. Keywords beside the combinator on
    the union side stay outside the branch, and so do annotations the chosen branch
    does not carry (they describe the whole value). Returns the rewritten schema and,
    when the single schema did not equal a branch, the pair (its branch, the union's
    branch) that must be compared; a schema sharing no type with any branch is not lifted.
    """
    branches = union_side.get(key)
    if not isinstance(branches, list):
        return single, None
    outside = {k: v for k, v in single.items() if k in union_side and k != key}
    candidate = {k: v for k, v in single.items() if k not in outside}
    if not candidate:
        return single, None
    if any(same(candidate, branch) for branch in branches):
        return {**outside, key: [candidate]}, None
    best = _closest(candidate, branches)
    if best is None:
        return single, None
    for k in ANNOTATION_KEYWORDS:
        if k in candidate and not (isinstance(best, dict) and k in best):
            outside[k] = candidate.pop(k)
    if not candidate:
        return single, None
    return {**outside, key: [candidate]}, (candidate, best)


def _closest(candidate: dict[str, Any], branches: list[Any]) -> Any:
    """The branch sharing the most with ``candidate`` (ties: the first in canonical order)."""
    scored = [(-_similarity(candidate, b), canonical_json(b), i) for i, b in enumerate(branches)]
    if not scored:  # an empty union (anyOf: []) has no branch to pair with
        return None
    score, _, index = min(scored)
    return branches[index] if score < 0 else None


def compare_branches(walker: SchemaWalker, key: str, old: dict[str, Any], new: dict[str, Any],
                     path: str, depth: int, pin: Pin | None = None) -> None:
    # Absent is not null: an explicit ``anyOf: null`` is a different (if broken) schema.
    before, after = old.get(key, ABSENT), new.get(key, ABSENT)
    at = join(path, key)
    if same(before, after):
        if isinstance(before, list) and isinstance(after, list):
            _walk_equal(walker, key, before, after, path, depth, list(zip(before, after, strict=True)))
        return
    if (before is ABSENT and isinstance(after, list)) or (after is ABSENT and isinstance(before, list)):
        # A whole combinator appears or disappears: allOf/anyOf/oneOf each add a constraint.
        if before is ABSENT:
            walker.emit("constraint.tightened", at, None, after, "combinator_added",
                        {"keyword": key, "branches": after})
        else:
            walker.emit("constraint.loosened", at, before, None, "combinator_removed",
                        {"keyword": key, "branches": before})
        return
    if not isinstance(before, list) or not isinstance(after, list):
        walker.emit("schema.changed", at, or_none(before), or_none(after), "not_a_list", {"keyword": key})
        return
    old_left = _unmatched(before, after)
    new_left = _unmatched(after, before)
    pinned: list[tuple[Any, Any]] = []
    if pin is not None and any(b is pin[0] for b in old_left) and any(b is pin[1] for b in new_left):
        pinned.append((pin[0], pin[1]))
        old_left = [b for b in old_left if b is not pin[0]]
        new_left = [b for b in new_left if b is not pin[1]]
    pairs, old_only, new_only = _pair(old_left, new_left)
    exclusive = key == "oneOf" and len(after) > 1
    places = _Places(walker, key, before, after, pin[2] if pin is not None else None)
    with walker.unordered(_EXCLUSIVE, _INSIDE_ONE_OF) if exclusive else nullcontext():
        for old_branch, new_branch in pinned + pairs:
            branch_at, trail = places.of(old_branch, new_branch, path)
            walker.walk(old_branch, new_branch, branch_at, depth + 1, trail)
        if walker.recursion.dirty:
            equal = _equal_pairs(before, after, old_left, new_left)
            _walk_equal(walker, key, before, after, path, depth, equal, places)
    # A oneOf accepts a value matching exactly one branch: a branch gained or lost only
    # widens or narrows it when no value can match two branches, on either side.
    overlapping = key == "oneOf" and not (_disjoint_by_type(before) and _disjoint_by_type(after))
    if new_only:
        if key == "oneOf" and (old_only or overlapping):
            fact = "constraint.changed"
        else:
            fact = "constraint.tightened" if key == "allOf" else "constraint.loosened"
        walker.emit(fact, at, None, new_only, "branches_added",
                    {"keyword": key, "branches_added": len(new_only), "branches_gained": new_only})
    if old_only:
        if key == "allOf":
            fact = "constraint.loosened"
        elif key == "oneOf" and (new_only or overlapping):
            fact = "constraint.changed"
        else:
            fact = "type.narrowed" if _differ_only_in_type([*before, *after]) else "constraint.tightened"
        walker.emit(fact, at, old_only, None, "branches_removed",
                    {"keyword": key, "branches_removed": len(old_only), "branches_lost": old_only})


def _walk_equal(walker: SchemaWalker, key: str, before: list[Any], after: list[Any], path: str, depth: int,
                pairs: list[tuple[Any, Any]], places: _Places | None = None) -> None:
    """Branches equal on both sides are skipped, unless a back-reference in one returns to a
    marked pair that differs (recursion.py): the recursion comes back there."""
    if not walker.recursion.dirty:
        return
    places = places or _Places(walker, key, before, after, None)
    exclusive = key == "oneOf" and len(after) > 1
    with walker.unordered(_EXCLUSIVE, _INSIDE_ONE_OF) if exclusive else nullcontext():
        for old_branch, new_branch in pairs:
            if walker.recursion.enter_equal(old_branch):
                branch_at, trail = places.of(old_branch, new_branch, path)
                walker.walk(old_branch, new_branch, branch_at, depth + 1, trail)


def _equal_pairs(before: list[Any], after: list[Any], old_left: list[Any], new_left: list[Any]
                 ) -> list[tuple[Any, Any]]:
    """The branches ``_unmatched`` found on both sides, paired by canonical JSON."""
    waiting: dict[str, list[Any]] = {}
    for branch in after:
        if not any(b is branch for b in new_left):
            waiting.setdefault(canonical_json(branch), []).append(branch)
    out = []
    for branch in before:
        if not any(b is branch for b in old_left):
            matches = waiting.get(canonical_json(branch))
            if matches:
                out.append((branch, matches.pop(0)))
    return out


class _Places:
    """Where a pair of canonical branches sits in the input: the index to report, and the trail below them."""

    def __init__(self, walker: SchemaWalker, key: str, before: list[Any], after: list[Any],
                 lifted: int | None) -> None:
        self.walker, self.key, self.before, self.after, self.lifted = walker, key, before, after, lifted
        self.here: tuple[Spot | None, Spot | None] = (None, None)
        #: Per side: canonical JSON → index in the input, and the input list's spot; None if unknown.
        #: Worked out on the first pair: a union that only gains or loses branches needs none.
        self.indexes: list[Any] | None = None

    def of(self, old_branch: Any, new_branch: Any, path: str) -> tuple[str, Trail]:
        """The walk path of a pair of branches of the union at ``path`` (registered as a fork:
        each side's own index, or ``path`` itself on a side that is a single schema), and
        the trail below them."""
        old_index, old_spot = self._side(0, old_branch)
        new_index, new_spot = self._side(1, new_branch)
        if old_index is None and self.lifted != 0:
            old_index = _position(self.before, old_branch)
        if new_index is None and self.lifted != 1:
            new_index = _position(self.after, new_branch)
        index = old_index if self.lifted == 1 else new_index  # the new side has no union: the old one's
        walk_at = join(path, self.key, str(index))
        sides = self.walker.sides
        old_at, new_at = (sides.at(path, side) if lifted else sides.child(path, side, self.key, str(i))
                          for side, i, lifted in ((0, old_index, self.lifted == 0), (1, new_index, self.lifted == 1)))
        sides.fork(walk_at, old_at, new_at)
        return walk_at, (KNOWN, old_spot, new_spot)

    def _side(self, side: int, branch: Any) -> tuple[int | None, Spot | None]:
        if self.indexes is None:  # resolved on the first pair only
            self.here = self.walker.here()
            raw = self.walker.raw
            self.indexes = [raw.branch_indexes(s, self.here[s], self.key) if raw is not None and s != self.lifted
                            else None for s in (0, 1)]
        if side == self.lifted:  # a single schema read as a one-branch union: its spot is its own
            return None, self.here[side]
        known = self.indexes[side]
        if known is None:
            return None, None
        indexes, (raw_list, refs) = known
        index = indexes.get(canonical_json(branch))
        return index, (None if index is None else (raw_list[index], refs))


def _position(branches: list[Any], branch: Any) -> int:
    return next(i for i, b in enumerate(branches) if b is branch)


def _unmatched(side: list[Any], other: list[Any]) -> list[Any]:
    """The branches of ``side`` that ``other`` does not hold, counted: a oneOf may repeat a
    branch (and then accepts nothing that branch matches), so a copy more is a change."""
    left = Counter(canonical_json(b) for b in other)
    out = []
    for branch in side:
        key = canonical_json(branch)
        if left[key]:
            left[key] -= 1
        else:
            out.append(branch)
    return out


def _differ_only_in_type(branches: list[Any]) -> bool:
    stripped = {canonical_json({k: v for k, v in b.items() if k != "type"})
                for b in branches if isinstance(b, dict)}
    return len(stripped) <= 1 and all(isinstance(b, dict) for b in branches)


def _disjoint_by_type(branches: list[Any]) -> bool:
    """Whether no value can match two of ``branches``: they differ only in ``type`` and no two
    type lists overlap (a branch without a ``type`` accepts every type; every integer is a
    number; a repeated branch overlaps itself)."""
    if not _differ_only_in_type(branches):
        return False
    types = [b.get("type") for b in branches]
    if not all(isinstance(t, list) for t in types):
        return False
    return not any(_types_overlap(types[i], types[j]) for i in range(len(types)) for j in range(i + 1, len(types)))


def _similarity(a: Any, b: Any) -> int:
    if not isinstance(a, dict) or not isinstance(b, dict):
        return 0
    types_a, types_b = a.get("type"), b.get("type")
    if isinstance(types_a, list) and isinstance(types_b, list) and not _types_overlap(types_a, types_b):
        return 0
    return 1 + sum(1 for k, v in a.items() if k in b and same(v, b[k]))


def _types_overlap(a: list[Any], b: list[Any]) -> bool:
    """Some value has a type in both lists (every integer is a number)."""
    one, other = set(a), set(b)
    return bool(one & other) or ("integer" in one and "number" in other) or ("number" in one and "integer" in other)


def _pair(old: list[Any], new: list[Any]) -> tuple[list[tuple[Any, Any]], list[Any], list[Any]]:
    """Pair leftover branches by shared keywords, best pairs first.

    The order of choice depends only on the pair (its score, then the two branches'
    canonical JSON in sorted order), so diff(a, b) and diff(b, a) pair the same branches.
    Weighing every pair is quadratic: past ``MAX_BRANCH_PAIRS`` nothing is paired.
    """
    if len(old) * len(new) > MAX_BRANCH_PAIRS:
        return [], list(old), list(new)
    old_json, new_json = [canonical_json(o) for o in old], [canonical_json(n) for n in new]
    candidates = []
    for i, o in enumerate(old):
        for j, n in enumerate(new):
            score = _similarity(o, n)
            if score > 0:
                a, b = old_json[i], new_json[j]
                candidates.append((-score, (a, b) if a <= b else (b, a), i, j))
    candidates.sort()
    used_old: set[int] = set()
    used_new: set[int] = set()
    pairs: list[tuple[Any, Any]] = []
    for _, _, i, j in candidates:
        if i not in used_old and j not in used_new:
            used_old.add(i)
            used_new.add(j)
            pairs.append((old[i], new[j]))
    old_only = [b for i, b in enumerate(old) if i not in used_old]
    new_only = [b for j, b in enumerate(new) if j not in used_new]
    return pairs, old_only, new_only
