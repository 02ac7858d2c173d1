"""Comparisons of entity-level fields shared by the tool, resource, prompt and server differs."""

from __future__ import annotations

from typing import Any

from .changes import Change, join, same, show
from .prose import grade_prose, prose_change_reason

ABSENT: Any = object()


def value_of(entity: dict[str, Any], key: str) -> Any:
    return entity.get(key, ABSENT)


def or_none(value: Any) -> Any:
    return None if value is ABSENT else value


def prose_change(rule: str, path: str, before: Any, after: Any, what: str) -> Change | None:
    """A graded change of model-visible text, or None when it did not change."""
    before, after = or_none(before), or_none(after)
    if same(before, after):
        return None
    old_text = before if before is None or isinstance(before, str) else show(before)
    new_text = after if after is None or isinstance(after, str) else show(after)
    reason = prose_change_reason(old_text, new_text)
    return Change(rule, path, before, after, f"{what} changed: {reason}", grade_prose(old_text, new_text))


def plain_change(rule: str, path: str, before: Any, after: Any, what: str) -> Change | None:
    before, after = or_none(before), or_none(after)
    if same(before, after):
        return None
    if before is None:
        message = f"{what} added: {show(after)}"
    elif after is None:
        message = f"{what} removed (was {show(before)})"
    else:
        message = f"{what} changed: {show(before)} → {show(after)}"
    return Change(rule, path, before, after, message)


def leftover_fields(old: dict[str, Any], new: dict[str, Any], handled: set[str], rule: str,
                    base: str = "") -> list[Change]:
    """The completeness net at entity level: every field no rule names still yields a finding."""
    out = []
    for key in sorted((old.keys() | new.keys()) - handled):
        change = plain_change(rule, join(base, key), value_of(old, key), value_of(new, key),
                              f"field '{key}'")
        if change:
            out.append(change)
    return out


def keep(*changes: Change | None) -> list[Change]:
    return [c for c in changes if c is not None]
