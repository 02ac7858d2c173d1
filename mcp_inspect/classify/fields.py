"""Comparisons of entity-level fields shared by the tool, resource, prompt and server differs."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..findings.words import show
from .changes import ABSENT, Change, join, or_none, same
from .edits import edit_facts, without_edit_notes
from .prose import INERT, Said, grade_prose, prose_reason, restated_schema_grade

__all__ = ["ABSENT", "Said", "or_none"]  # re-exported for the entity differs

#: The variants a plain change is worded by: a value that appeared, went, or changed.
PLAIN = ("added", "removed", "changed")
#: The same for a field no rule names (the completeness net words it as "field 'x'").
NET = ("field_added", "field_removed", "field_changed")


def names_of(*entities: dict[str, Any]) -> tuple[str, ...]:
    """The distinct string names of ``entities`` (a matched pair's old and new), in order."""
    return tuple(dict.fromkeys(e["name"] for e in entities if isinstance(e.get("name"), str)))


def value_of(entity: dict[str, Any], key: str) -> Any:
    return entity.get(key, ABSENT)


def _text(value: Any) -> str | None:
    """Prose as graded: absent is no text, an explicit null is empty text."""
    if value is ABSENT:
        return None
    if value is None:
        return ""
    return value if isinstance(value, str) else show(value)


def prose_change(rule: str, path: str, before: Any, after: Any, **facts: Any) -> Change | None:
    """A graded change of model-visible text, or None when it did not change.

    ``before``/``after`` may be ABSENT: an absent field and an explicit null differ.
    ``facts`` name what changed (``field``, ``argument``); the prose measure adds its
    ``reason`` (a key of the ``prose`` phrases) and the facts that reason reads, and
    edits.py what the edit was (``change``, a key of the ``edit`` phrases, its facts and
    ``words``), which the message says.
    """
    if same(before, after):
        return None
    old_text, new_text = _text(before), _text(after)
    reason, reason_facts = prose_reason(old_text, new_text)
    edit = edit_facts(old_text, new_text, reason, reason_facts.get("word", ""))
    return Change(rule, path, before, after, "default", {**facts, "reason": reason, **reason_facts, **edit},
                  grade_prose(old_text, new_text))


def restating(change: Change | None, new: Said, old: Said | None = None) -> Change | None:
    """``change`` (a graded prose change) as DOCUMENTATION when the words its text gained or lost
    only restate what ``new`` (and ``old``, for the words lost) say: names, a JSON type, an
    optionality (prose.restating.restated_schema_grade); otherwise as it was."""
    if change is None or change.grade in (None, INERT):
        return change
    old_text = None if "before" in change.absent else _text(change.before)
    new_text = None if "after" in change.absent else _text(change.after)
    restated = restated_schema_grade(old_text, new_text, new, old)
    if restated is None:
        return change
    grade, reason = restated
    return replace(change, grade=grade, args={**without_edit_notes(change.args), "reason": reason,
                                              **edit_facts(old_text, new_text, reason, "")})


def plain_change(rule: str, path: str, before: Any, after: Any, facts: dict[str, Any] | None = None,
                 variants: tuple[str, str, str] = PLAIN) -> Change | None:
    """A value compared as a whole, or None when it did not change: ``variants`` (added,
    removed, changed) word it from ``value`` (the one there is) or ``value_before`` and
    ``value_after``, beside ``facts``. Null reads as absent for the variant."""
    if same(before, after):  # ABSENT and an explicit null differ
        return None
    was_absent, now_absent = before is ABSENT or before is None, after is ABSENT or after is None
    was, now = or_none(before), or_none(after)
    args = dict(facts or {})
    if was_absent and not now_absent:
        variant, args["value"] = variants[0], now
    elif now_absent and not was_absent:
        variant, args["value"] = variants[1], was
    else:
        variant, args["value_before"], args["value_after"] = variants[2], was, now
    return Change(rule, path, before, after, variant, args)  # an ABSENT side is listed as absent


def leftover_fields(old: dict[str, Any], new: dict[str, Any], handled: set[str], rule: str,
                    base: str = "") -> list[Change]:
    """The completeness net at entity level: every field no rule names still yields a finding."""
    out = []
    for key in sorted((old.keys() | new.keys()) - handled):
        change = plain_change(rule, join(base, key), value_of(old, key), value_of(new, key), {"field": key}, NET)
        if change:
            out.append(change)
    return out


def null_changes(old: dict[str, Any], new: dict[str, Any], keys: tuple[str, ...], rule: str) -> list[Change]:
    """Fields whose differ reads an explicit null as "none": null and absent still differ
    (a client that validates the field rejects the null), so say so."""
    out = []
    for key in keys:
        was, now = value_of(old, key), value_of(new, key)
        if {type(was), type(now)} == {type(ABSENT), type(None)}:
            out.append(Change(rule, key, was, now, "now_null" if now is None else "now_absent", {"field": key}))
    return out


def keep(*changes: Change | None) -> list[Change]:
    return [c for c in changes if c is not None]
