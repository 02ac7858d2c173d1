"""Which schema a finding's path names, and that path on each side.

The walker descends both schemas along one *walk path*. Most of the time a place has the
same path in the old and the new schema, but not inside a union whose branches were
paired: the old side's branch may sit at ``anyOf.0`` and its partner at ``anyOf.2``, or
one side is a single schema read as a one-branch union (branches.py, ``lift_to_union``),
so the branch *is* the node holding the union on that side. A tuple position or a
property pattern compared with ``items`` or ``additionalProperties`` on the other side
(governors.py, ``slot``) is the same: ``prefixItems.2`` on one side is ``items`` on the other.

Each such pair is a *fork*: its walk path, and the path of the pair's node on each side.
A finding below a fork has one path per side, and it is reported at the path of the side
it names: the old side when its subject is only there (something removed or lost, or
narrowed away: ``OLD_SIDE`` lists the variants, and a handler may say so itself), the
new side otherwise. When the two differ, the finding's facts carry both
(``path_before``, ``path_after``).

The recursion bookkeeping (recursion.py) compares findings by where the walk met them, so
the walk path of each finding is remembered here too (``walk_path``).
"""

from __future__ import annotations

from typing import Any

from .changes import Change, join

OLD, NEW = 0, 1
#: Variants (rules/phrases.yaml, group ``schema``) whose subject is only in the old schema.
OLD_SIDE = frozenset({
    "keyword_removed", "unevaluated_reads_nothing", "conditional_removed", "evaluated_removed", "combinator_removed",
    "all_of_free_form",
    "branches_removed", "branches_removed_default_null", "branch_removed", "values_removed",
    "values_removed_default_null", "enum_removed",
    "union_removed", "union_types_removed", "union_types_removed_default_null", "property_removed",
    "property_removed_matching_pattern",
    "property_removed_pattern_not_run", "property_removed_rejecting",
    "now_optional", "default_removed", "default_null_removed", "header_unset", "deprecated_off", "unique_off",
    "position_unconstrained", "names_unconstrained", "pattern_releases",
})


class Sides:
    def __init__(self) -> None:
        #: walk path of a forked pair → (its path in the old schema, its path in the new one).
        self._forks: dict[str, tuple[str, str]] = {}
        #: id of each finding reported → the finding (kept, so the id is not reused) and its walk path.
        self._walk_paths: dict[int, tuple[Change, str]] = {}
        #: walk path of a fork → the side every finding below it is reported at (``fork``'s ``owner``).
        self._owners: dict[str, int] = {}

    def fork(self, walk_path: str, old_path: str, new_path: str, owner: int | None = None) -> None:
        """The pair walked at ``walk_path`` sits at ``old_path`` and ``new_path`` (each
        already a side's own path, see ``at``). ``owner``: the side whose node the findings
        below are about, whichever side their variant names: a property added is compared
        with the ``additionalProperties`` schema that took its values, which does not change,
        so a bound the property lost is the property's (hostile trial, round 15: "maxLength
        removed (was 2)" was reported at an unchanged ``additionalProperties.maxLength``)."""
        if (old_path, new_path) != (walk_path, walk_path) or walk_path in self._forks:
            self._forks[walk_path] = (old_path, new_path)
        if owner is not None:
            self._owners[walk_path] = owner

    def at(self, walk_path: str, side: int) -> str:
        """``walk_path`` as the schema of ``side`` spells it."""
        if not self._forks:
            return walk_path
        probe = walk_path
        while True:
            found = self._forks.get(probe)
            if found is not None:
                return found[side] + walk_path[len(probe):]
            cut = probe.rfind(".")
            if cut < 0:
                return walk_path
            probe = probe[:cut]

    def child(self, walk_path: str, side: int, *parts: str) -> str:
        """The path in ``side``'s schema of ``parts`` below the node at ``walk_path``."""
        return join(self.at(walk_path, side), *parts)

    def change(self, rule: str, walk_path: str, before: Any, after: Any, variant: str, args: dict[str, Any],
               grade: Any, side: int | None) -> Change:
        """A finding at the path of the side it names (``side``, or by its variant)."""
        side = (OLD if variant in OLD_SIDE else NEW) if side is None else side
        side = self._owner(walk_path, side)
        old_path, new_path = self.at(walk_path, OLD), self.at(walk_path, NEW)
        if old_path != new_path:
            args = {**args, "path_before": old_path, "path_after": new_path}
        change = Change(rule, new_path if side == NEW else old_path, before, after, variant, args, grade)
        self._walk_paths[id(change)] = (change, walk_path)
        return change

    def _owner(self, walk_path: str, side: int) -> int:
        """The side owning the nearest fork at or above ``walk_path`` that has one, else ``side``."""
        probe = walk_path
        while self._owners:
            found = self._owners.get(probe)
            if found is not None:
                return found
            cut = probe.rfind(".")
            if cut < 0:
                break
            probe = probe[:cut]
        return side

    def walk_path(self, change: Change) -> str:
        """Where the walk met ``change`` (its path when the walker did not report it)."""
        found = self._walk_paths.get(id(change))
        return change.path if found is None else found[1]
