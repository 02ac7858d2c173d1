"""One walker for both directions: a pair of canonical schemas → neutral change facts.

The walker speaks only in terms of the *set of values a schema accepts*:
"widened"/"loosened" means the set grew, "narrowed"/"tightened" that it shrank,
"changed" that the two are not orderable. Whether that breaks anyone depends on
direction (callers send input, servers return output); the rule id carries the
direction (``tool.input.*`` / ``tool.output.*``) and the catalogue gives each its
severity, so no rule is written twice.

Every keyword of a schema object is either handled by a structured comparison
below or falls into the completeness net (``schema.changed``): a difference is
never dropped. Equal subtrees are skipped, so the cost grows with what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..limits import MAX_WALK_DEPTH
from ..snapshot.canonical import canonical_json
from .branches import compare_branches, lift_to_union
from .changes import ABSENT, Change, join, or_none, same, show, show_list
from .keywords import (
    BRANCH_KEYWORDS,
    EXACT_KEYWORDS,
    LOWER_BOUNDS,
    OPAQUE_KEYWORDS,
    PROSE_KEYWORDS,
    SINGLE_APPLICATORS,
    UPPER_BOUNDS,
)
from .prose import derived_title_grade, grade_prose, prose_change_reason

#: Facts that order the old and new value sets (one accepts a subset of the other).
ORDERING_FACTS = frozenset({
    "type.widened", "type.narrowed", "enum.widened", "enum.narrowed",
    "constraint.tightened", "constraint.loosened",
})
_ALL_TYPES = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})


class SchemaWalker:
    """Compares two canonical schemas; ``prefix`` is e.g. ``tool.input``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.changes: list[Change] = []
        #: > 0 while inside a branch of a oneOf with several branches (see ``emit``).
        self.exclusive_depth = 0

    def emit(self, fact: str, path: str, before: Any, after: Any, message: str,
             grade: Any = None) -> None:
        if self.exclusive_depth and fact in ORDERING_FACTS:
            # A value must match exactly one oneOf branch: loosening a branch can make a
            # value match two (now rejected), tightening one can make it match one (now
            # accepted). Inside such a branch no widening or narrowing is safe to assume.
            fact = "constraint.changed"
            message += " (inside a oneOf branch, where a value must match exactly one branch)"
        self.changes.append(Change(f"{self.prefix}.{fact}", path, before, after, message, grade))

    # -- entry ---------------------------------------------------------------------------

    def walk(self, old: Any, new: Any, path: str, depth: int = 0) -> None:
        if same(old, new):
            return
        if depth > MAX_WALK_DEPTH:
            self.emit("schema.changed", path, None, None,
                      f"the schemas differ below {MAX_WALK_DEPTH} levels, where the walk stops")
            return
        if not isinstance(old, dict) or not isinstance(new, dict):
            self.non_object(old, new, path)
            return
        for key in ("anyOf", "oneOf", "allOf"):  # X and a combinator with one branch X are one schema
            if key in new and key not in old:
                old = lift_to_union(old, new, key)
            elif key in old and key not in new:
                new = lift_to_union(new, old, key)
        handled: set[str] = set()
        for key, handler in _HANDLERS.items():
            if key in old or key in new:
                handled.add(key)
                handler(self, key, old, new, path, depth)
        for key in sorted((old.keys() | new.keys()) - handled):
            if not same(old.get(key, ABSENT), new.get(key, ABSENT)):
                self.emit("schema.changed", join(path, key), old.get(key), new.get(key),
                          f"keyword '{key}' changed and is not modelled structurally")

    def non_object(self, old: Any, new: Any, path: str) -> None:
        # ``false`` accepts nothing; any object schema accepts something.
        if old is False and isinstance(new, dict):
            self.emit("constraint.loosened", path, False, new, "the schema no longer rejects every value")
        elif new is False and isinstance(old, dict):
            self.emit("constraint.tightened", path, old, False, "the schema now rejects every value")
        else:
            self.emit("schema.changed", path, old, new, "the schema is not an object and changed")

    # -- types and values ------------------------------------------------------------------

    def types(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        raw_before, raw_after = old.get("type", ABSENT), new.get("type", ABSENT)
        if same(raw_before, raw_after):
            return
        # ``type: null`` is not the same as no ``type``: keep the two apart (completeness).
        before = or_none(raw_before)
        after = or_none(raw_after)
        if not _is_type_list(raw_before) or not _is_type_list(raw_after):
            self.emit("schema.changed", join(path, "type"), before, after, "the type is not a list of names")
            return
        old_set, new_set = _type_set(before), _type_set(after)
        grows, shrinks = not _covers(old_set, new_set), not _covers(new_set, old_set)
        # grows: some new value kind was not accepted before; shrinks: some old one is gone.
        shown = f"{show_list(before) if before else 'any'} → {show_list(after) if after else 'any'}"
        if grows and shrinks:
            self.emit("type.changed", join(path, "type"), before, after, f"type changed: {shown}")
        elif grows:
            self.emit("type.widened", join(path, "type"), before, after, f"type widened: {shown}")
        elif shrinks:
            self.emit("type.narrowed", join(path, "type"), before, after, f"type narrowed: {shown}")
        else:  # e.g. [integer, number] → [number]: the same values, spelled differently
            self.emit("schema.changed", join(path, "type"), before, after,
                      f"type spelled differently with the same meaning: {shown}")

    def enums(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        before, after = old.get("enum", ABSENT), new.get("enum", ABSENT)
        at = join(path, "enum")
        if (before is not ABSENT and not isinstance(before, list)) or \
                (after is not ABSENT and not isinstance(after, list)):
            self.emit("schema.changed", at, old.get("enum"), new.get("enum"), "enum is not a list")
            return
        if before is ABSENT:
            self.emit("enum.narrowed", at, None, after, f"values are now limited to: {show_list(after)}")
            return
        if after is ABSENT:
            self.emit("enum.widened", at, before, None, "the list of allowed values was removed")
            return
        old_keys = {canonical_json(v): v for v in before}
        new_keys = {canonical_json(v): v for v in after}
        added = [new_keys[k] for k in sorted(new_keys.keys() - old_keys.keys())]
        removed = [old_keys[k] for k in sorted(old_keys.keys() - new_keys.keys())]
        if added:
            self.emit("enum.widened", at, None, added, f"values added: {show_list(added)}")
        if removed:
            self.emit("enum.narrowed", at, removed, None, f"values removed: {show_list(removed)}")

    def exact(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        self._added_removed_changed(old, new, path, key)

    def _added_removed_changed(self, old: dict, new: dict, path: str, key: str) -> None:
        before, after = old.get(key, ABSENT), new.get(key, ABSENT)
        if same(before, after):
            return
        at = join(path, key)
        if before is ABSENT:
            self.emit("constraint.tightened", at, None, after, f"{key} added: {show(after)}")
        elif after is ABSENT:
            self.emit("constraint.loosened", at, before, None, f"{key} removed (was {show(before)})")
        else:
            self.emit("constraint.changed", at, before, after,
                      f"{key} changed: {show(before)} → {show(after)}")

    def bound(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        before, after = old.get(key, ABSENT), new.get(key, ABSENT)
        if same(before, after):
            return
        if _is_number(before) and _is_number(after):
            inward = after > before if key in LOWER_BOUNDS else after < before
            fact = "constraint.tightened" if inward else "constraint.loosened"
            self.emit(fact, join(path, key), before, after, f"{key} {show(before)} → {show(after)}")
        elif (before is ABSENT or _is_number(before)) and (after is ABSENT or _is_number(after)):
            self._added_removed_changed(old, new, path, key)
        else:
            self.emit("schema.changed", join(path, key), old.get(key), new.get(key),
                      f"{key} is not a number")

    def multiple_of(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        before, after = old.get("multipleOf", ABSENT), new.get("multipleOf", ABSENT)
        if _is_number(before) and _is_number(after) and before > 0 and after > 0:
            from fractions import Fraction  # rare (a multipleOf change); ~4 ms of import

            ratio = Fraction(str(after)) / Fraction(str(before))
            at = join(path, "multipleOf")
            message = f"multipleOf {show(before)} → {show(after)}"
            if ratio.denominator == 1:  # every multiple of the new step is a multiple of the old
                self.emit("constraint.tightened", at, before, after, message)
            elif ratio.numerator == 1:
                self.emit("constraint.loosened", at, before, after, message)
            else:
                self.emit("constraint.changed", at, before, after, message)
            return
        self._added_removed_changed(old, new, path, "multipleOf")

    def unique_items(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        self._flag(key, old, new, path, ("constraint.tightened", "items must now be unique"),
                   ("constraint.loosened", "items no longer need to be unique"))

    def _flag(self, key: str, old: dict, new: dict, path: str, on: tuple[str, str], off: tuple[str, str]) -> None:
        """A boolean keyword whose absence means false: ``on`` when it turns true, ``off`` when false."""
        before, after = old.get(key, False), new.get(key, False)
        if same(before, after):
            return
        at = join(path, key)
        if before is False and after is True:
            self.emit(on[0], at, before, after, on[1])
        elif before is True and after is False:
            self.emit(off[0], at, before, after, off[1])
        else:
            self.emit("schema.changed", at, old.get(key), new.get(key), f"{key} is not a boolean")

    # -- objects ---------------------------------------------------------------------------

    def properties(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        before, after = old.get("properties", {}), new.get("properties", {})
        if not isinstance(before, dict) or not isinstance(after, dict):
            self.emit("schema.changed", join(path, "properties"), before, after, "properties is not an object")
            return
        required_after = _required(new)
        for name in sorted(after.keys() - before.keys()):
            at = join(path, "properties", name)
            if name in required_after:
                self.emit("property.addedRequired", at, None, name, f"required property '{name}' added")
            else:
                self.emit("property.added", at, None, name, f"optional property '{name}' added")
        for name in sorted(before.keys() - after.keys()):
            self.emit("property.removed", join(path, "properties", name), name, None,
                      f"property '{name}' removed")
        for name in sorted(before.keys() & after.keys()):
            self.walk(before[name], after[name], join(path, "properties", name), depth + 1)

    def required(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        before, after = _required(old), _required(new)
        old_props, new_props = _props(old), _props(new)
        # Claimed elsewhere: a property added as required, or removed altogether.
        for name in sorted(after - before):
            if name in new_props and name not in old_props:
                continue
            self.emit("required.added", join(path, "properties", name), None, name,
                      f"property '{name}' is now required")
        for name in sorted(before - after):
            if name in old_props and name not in new_props:
                continue
            self.emit("required.removed", join(path, "properties", name), name, None,
                      f"property '{name}' is no longer required")
        for side, raw in (("before", old.get("required", ABSENT)), ("after", new.get("required", ABSENT))):
            if raw is not ABSENT and not (isinstance(raw, list) and all(isinstance(n, str) for n in raw)):
                self.emit("schema.changed", join(path, "required"), old.get("required"),
                          new.get("required"), f"required is not a list of names ({side})")
                return

    def applicator(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        # Absent means "accept anything" for these keywords ({} is folded away), so adding
        # one tightens and removing one loosens; present on both sides, walk into it.
        before, after = old.get(key, ABSENT), new.get(key, ABSENT)
        if before is ABSENT or after is ABSENT:
            self._added_removed_changed(old, new, path, key)
        elif not same(before, after):
            self.walk(before, after, join(path, key), depth + 1)

    def prefix_items(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        before, after = old.get("prefixItems", []), new.get("prefixItems", [])
        if not isinstance(before, list) or not isinstance(after, list):
            self.emit("schema.changed", join(path, "prefixItems"), before, after, "prefixItems is not a list")
            return
        for index in range(max(len(before), len(after))):
            at = join(path, "prefixItems", str(index))
            if index >= len(before):
                self.emit("constraint.tightened", at, None, after[index], f"position {index} is now constrained")
            elif index >= len(after):
                self.emit("constraint.loosened", at, before[index], None, f"position {index} is no longer constrained")
            else:
                self.walk(before[index], after[index], at, depth + 1)

    def pattern_properties(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        before, after = old.get("patternProperties", {}), new.get("patternProperties", {})
        if not isinstance(before, dict) or not isinstance(after, dict):
            self.emit("schema.changed", join(path, "patternProperties"), before, after, "not an object")
            return
        for pattern in sorted(before.keys() | after.keys()):
            at = join(path, "patternProperties", pattern)
            if pattern not in before:
                self.emit("constraint.tightened", at, None, after[pattern],
                          f"names matching {pattern!r} are now constrained")
            elif pattern not in after:
                self.emit("constraint.loosened", at, before[pattern], None,
                          f"names matching {pattern!r} are no longer constrained")
            else:
                self.walk(before[pattern], after[pattern], at, depth + 1)

    def opaque_constraint(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        """Keywords whose change is orderable only when added or removed."""
        self._added_removed_changed(old, new, path, key)

    def branches(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        compare_branches(self, key, old, new, path, depth)

    # -- annotations -------------------------------------------------------------------------

    def default(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        before, after = old.get("default", ABSENT), new.get("default", ABSENT)
        if same(before, after):
            return
        shown_before = "none" if before is ABSENT else show(before)
        shown_after = "none" if after is ABSENT else show(after)
        self.emit("default.changed", join(path, "default"), or_none(before),
                  or_none(after), f"default {shown_before} → {shown_after}")

    def deprecated(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        self._flag(key, old, new, path, ("deprecated.added", "marked deprecated"),
                   ("deprecated.removed", "no longer marked deprecated"))

    def prose(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        raw_before, raw_after = old.get(key, ABSENT), new.get(key, ABSENT)
        if not same(raw_before, raw_after):
            before = or_none(raw_before)
            after = or_none(raw_after)
            # An explicit null reads as empty text; only an absent keyword is "no text".
            old_text = None if raw_before is ABSENT else ("" if before is None else _as_text(before))
            new_text = None if raw_after is ABSENT else ("" if after is None else _as_text(after))
            grade = grade_prose(old_text, new_text)
            reason = prose_change_reason(old_text, new_text)
            parts = path.split(".")
            if key == "title" and len(parts) >= 2 and parts[-2] == "properties":
                grade, reason = derived_title_grade(before, after, parts[-1]) or (grade, reason)
            self.emit("description.changed", join(path, key), before, after,
                      f"{key} changed: {reason}", grade)

    def header(self, key: str, old: dict, new: dict, path: str, depth: int) -> None:
        raw_before, raw_after = old.get("x-mcp-header", ABSENT), new.get("x-mcp-header", ABSENT)
        if not same(raw_before, raw_after):
            before = or_none(raw_before)
            after = or_none(raw_after)
            self.emit("header.changed", join(path, "x-mcp-header"), before, after,
                      f"x-mcp-header {show(before) if before is not None else 'none'} → "
                      f"{show(after) if after is not None else 'none'}")



Handler = Callable[[SchemaWalker, str, dict, dict, str, int], None]
#: keyword → its structured comparison; every other keyword goes to the completeness net.
_HANDLERS: dict[str, Handler] = {
    "type": SchemaWalker.types,
    "enum": SchemaWalker.enums,
    "properties": SchemaWalker.properties,
    "required": SchemaWalker.required,
    **{k: SchemaWalker.bound for k in (*LOWER_BOUNDS, *UPPER_BOUNDS)},
    **{k: SchemaWalker.exact for k in EXACT_KEYWORDS},
    "multipleOf": SchemaWalker.multiple_of,
    "uniqueItems": SchemaWalker.unique_items,
    **{k: SchemaWalker.applicator for k in SINGLE_APPLICATORS},
    "prefixItems": SchemaWalker.prefix_items,
    "patternProperties": SchemaWalker.pattern_properties,
    **{k: SchemaWalker.opaque_constraint for k in OPAQUE_KEYWORDS},
    **{k: SchemaWalker.branches for k in BRANCH_KEYWORDS},
    "default": SchemaWalker.default,
    "deprecated": SchemaWalker.deprecated,
    **{k: SchemaWalker.prose for k in PROSE_KEYWORDS},
    "x-mcp-header": SchemaWalker.header,
}


def _is_type_list(value: Any) -> bool:
    return value is ABSENT or (isinstance(value, list) and all(isinstance(t, str) for t in value))


def _type_set(value: list[str] | None) -> frozenset[str]:
    return _ALL_TYPES if value is None else frozenset(value)


def _covers(outer: frozenset[str], inner: frozenset[str]) -> bool:
    """Every value of a type in ``inner`` is accepted by some type in ``outer``."""
    return all(t in outer or (t == "integer" and "number" in outer) for t in inner)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _required(schema: dict) -> set[str]:
    raw = schema.get("required")
    return {n for n in raw if isinstance(n, str)} if isinstance(raw, list) else set()


def _props(schema: dict) -> set[str]:
    raw = schema.get("properties")
    return set(raw) if isinstance(raw, dict) else set()


def _as_text(value: Any) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return canonical_json(value)
