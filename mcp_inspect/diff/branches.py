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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..limits import MAX_BRANCH_PAIRS
from ..snapshot.canonical import canonical_json
from .changes import ABSENT, join, or_none, same

if TYPE_CHECKING:
    from .schema import SchemaWalker


def lift_to_union(single: dict[str, Any], union_side: dict[str, Any], key: str) -> dict[str, Any]:
    """Rewrite ``single`` as a one-branch union when it equals one of ``union_side``'s branches.

    ``{type: string}`` → ``{anyOf: [{type: string}, {type: null}]}`` is then seen as a
    branch added, not as "type removed" plus "anyOf added".
    """
    branches = union_side.get(key)
    if not isinstance(branches, list):
        return single
    outside = {k: v for k, v in single.items() if k in union_side and k != key}
    candidate = {k: v for k, v in single.items() if k not in outside}
    if candidate and any(same(candidate, branch) for branch in branches):
        return {**outside, key: [candidate]}
    return single


def compare_branches(walker: SchemaWalker, key: str, old: dict[str, Any], new: dict[str, Any],
                     path: str, depth: int) -> None:
    # Absent is not null: an explicit ``anyOf: null`` is a different (if broken) schema.
    before, after = old.get(key, ABSENT), new.get(key, ABSENT)
    at = join(path, key)
    if same(before, after):
        return
    if (before is ABSENT and isinstance(after, list)) or (after is ABSENT and isinstance(before, list)):
        # A whole combinator appears or disappears: allOf/anyOf/oneOf each add a constraint.
        if before is ABSENT:
            walker.emit("constraint.tightened", at, None, after, f"{key} added")
        else:
            walker.emit("constraint.loosened", at, before, None, f"{key} removed")
        return
    if not isinstance(before, list) or not isinstance(after, list):
        walker.emit("schema.changed", at, or_none(before), or_none(after), f"{key} is not a list")
        return
    old_left = _unmatched(before, after)
    new_left = _unmatched(after, before)
    pairs, old_only, new_only = _pair(old_left, new_left)
    exclusive = key == "oneOf" and len(after) > 1
    walker.exclusive_depth += exclusive
    position = {id(branch): index for index, branch in enumerate(after)}
    for old_branch, new_branch in pairs:
        walker.walk(old_branch, new_branch, join(at, str(position[id(new_branch)])), depth + 1)
    walker.exclusive_depth -= exclusive
    if new_only:
        if key == "oneOf" and (old_only or not _differ_only_in_type([*before, *after])):
            fact = "constraint.changed"
        else:
            fact = "constraint.tightened" if key == "allOf" else "constraint.loosened"
        walker.emit(fact, at, None, new_only, f"{key} gained {_count(new_only)}")
    if old_only:
        if key == "allOf":
            fact = "constraint.loosened"
        elif key == "oneOf" and new_only:
            fact = "constraint.changed"
        else:
            fact = "type.narrowed" if _differ_only_in_type([*before, *after]) else "constraint.tightened"
        walker.emit(fact, at, old_only, None, f"{key} lost {_count(old_only)}")


def _count(branches: list[Any]) -> str:
    return "1 branch" if len(branches) == 1 else f"{len(branches)} branches"


def _unmatched(side: list[Any], other: list[Any]) -> list[Any]:
    keys = {canonical_json(b) for b in other}
    return [b for b in side if canonical_json(b) not in keys]


def _differ_only_in_type(branches: list[Any]) -> bool:
    stripped = {canonical_json({k: v for k, v in b.items() if k != "type"})
                for b in branches if isinstance(b, dict)}
    return len(stripped) <= 1 and all(isinstance(b, dict) for b in branches)


def _similarity(a: Any, b: Any) -> int:
    if not isinstance(a, dict) or not isinstance(b, dict):
        return 0
    types_a, types_b = a.get("type"), b.get("type")
    if isinstance(types_a, list) and isinstance(types_b, list) and not set(types_a) & set(types_b):
        return 0
    return 1 + sum(1 for k, v in a.items() if k in b and same(v, b[k]))


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
