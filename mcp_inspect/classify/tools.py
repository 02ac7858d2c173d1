"""Differ for one matched pair of tools (canonical views)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .changes import Change, join, same
from .edits import edit_facts, without_edit_notes
from .fields import (
    ABSENT,
    Said,
    keep,
    leftover_fields,
    names_of,
    null_changes,
    plain_change,
    prose_change,
    restating,
    value_of,
)
from .prose import INERT, moved_argument_text, plain_title_grade, restated_name_grade
from .rawpaths import RawSchemas
from .recursion import is_marked
from .schema import SchemaWalker
from .spelling import moved_branch_text
from .ui import tool_ui_changes

#: Specification defaults, and the value that makes each hint a promise to the caller.
HINT_DEFAULTS = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False,
                 "openWorldHint": True}
#: The hints the specification reads only when readOnlyHint is false.
_WRITE_HINTS = frozenset({"destructiveHint", "idempotentHint"})
_PROMISE = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True,
            "openWorldHint": False}
_HANDLED = {"name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons",
            "_meta", "execution"}


def diff_tool(old: dict[str, Any], new: dict[str, Any],
              raw: tuple[dict[str, Any], dict[str, Any]] | None = None) -> list[Change]:
    """``old``/``new`` are canonical views; ``raw`` the entities as read, for schema paths."""
    said = Said(names_of(old, new))
    changes = keep(
        restating(prose_change("tool.title.changed", "title", value_of(old, "title"), value_of(new, "title"),
                               field="title"), said),
        restating(prose_change("tool.description.changed", "description", value_of(old, "description"),
                               value_of(new, "description"), field="description"), said),
        plain_change("tool.icons.changed", "icons", value_of(old, "icons"), value_of(new, "icons")),
        plain_change("tool.execution.changed", "execution", value_of(old, "execution"), value_of(new, "execution")),
    )
    changes += schema_changes("inputSchema", "tool.input", old, new, raw)
    changes += schema_changes("outputSchema", "tool.output", old, new, raw)
    changes += annotation_changes(old.get("annotations"), new.get("annotations"), said)
    changes = [restated_name(c, new.get("name")) for c in changes]
    changes = moved_argument_text(changes, old, new)
    changes = moved_branch_text(changes)
    changes = one_display_title(changes, new)
    changes += null_changes(old, new, ("annotations",), "tool.field.changed")
    if not same(value_of(old, "_meta"), value_of(new, "_meta")):
        changes.append(meta_change("tool.meta.changed", old.get("_meta"), new.get("_meta")))
        changes += tool_ui_changes(old.get("_meta"), new.get("_meta"))
    changes += leftover_fields(old, new, _HANDLED, "tool.field.changed")
    return changes


def schema_changes(key: str, prefix: str, old: dict[str, Any], new: dict[str, Any],
                   raw: tuple[dict[str, Any], dict[str, Any]] | None = None) -> list[Change]:
    before, after = value_of(old, key), value_of(new, key)
    if before is ABSENT and after is ABSENT:
        return []
    if before is ABSENT:
        return [Change(f"{prefix}.added", key, None, after)]
    if after is ABSENT:
        return [Change(f"{prefix}.removed", key, before, None)]
    if key == "inputSchema":
        before, after = object_root(before, after)
    walker = SchemaWalker(prefix, RawSchemas(raw[0].get(key), raw[1].get(key)) if raw is not None else None,
                          names_of(old, new))
    walker.walk(before, after, key)
    if not walker.changes and not walker.covered and not same(before, after):
        # Back-references are compared by what they return to, so two forms that cut one
        # recursion at different places can walk alike; the forms still differ (completeness).
        # Where neither recurses, no recursion is named (hostile trial, round 45).
        recut = _recursive(before) or _recursive(after)
        walker.emit("schema.changed", key, before, after, "recursion_recut" if recut else "written_apart")
    return walker.changes


def _recursive(form: Any) -> bool:
    """Whether a canonical form holds a cycle (a node marked as one returns to: snapshot/cycles.py)."""
    stack = [form]
    while stack:
        node = stack.pop()
        if type(node) is dict:
            if is_marked(node):
                return True
            stack.extend(node.values())
        elif type(node) is list:
            stack.extend(node)
    return False


#: The ``type`` of a tool's arguments: MCP sends ``tools/call`` arguments as a JSON object.
_OBJECT = ["object"]


def object_root(before: Any, after: Any) -> tuple[Any, Any]:
    """Two canonical input schemas, the one whose root has no ``type`` read as ``type: object``
    when the other's root says exactly that. A tool's arguments are always a JSON object
    (the specification's ``tools/call``), so declaring the root an object refuses no call:
    0.0.20 → 0.0.83 of playwright-mcp was 16 BREAKING ``type.narrowed`` for it. Only the
    diff reads the root so; the canonical form (and the lint, which flags a root without
    ``type``) keep it as written."""
    if not isinstance(before, dict) or not isinstance(after, dict):
        return before, after
    if "type" not in before and after.get("type") == _OBJECT:
        return {**before, "type": _OBJECT}, after
    if "type" not in after and before.get("type") == _OBJECT:
        return before, {**after, "type": _OBJECT}
    return before, after


def restated_name(change: Change, name: Any) -> Change:
    """A display title given for the first time (``title`` or ``annotations.title``) whose words
    are the tool name's words (split at ``_ - . /``, spaces and camelCase, compared without
    case), or those words after the first (a namespace prefix: "Get Issue" for
    ``jira_get_issue``), is DOCUMENTATION: it tells a model nothing the name did not. So is
    one that is a short label in plain words (prose.titles.plain_title_grade: "Close browser"). A
    meaning-bearing word, a changed title, or a title removed keeps the prose grade."""
    if change.rule != "tool.title.changed" or change.before not in (ABSENT, None):
        return change
    restated = restated_name_grade(change.after, name)
    if restated is None and change.grade is not INERT:  # restated_schema's reason stands
        restated = plain_title_grade(change.after)
    if restated is None:
        return change
    grade, reason = restated
    return replace(change, grade=grade, args={**without_edit_notes(change.args), "reason": reason,
                                              **edit_facts(None, change.after, reason, "")})


def one_display_title(changes: list[Change], new: dict[str, Any]) -> list[Change]:
    """``title`` and ``annotations.title`` changed together to the same text (or both went) are
    one change of the display title (contract): reported once, at ``title``, naming both
    fields, with the stronger of their two grades."""
    found = {c.path: c for c in changes if c.rule == "tool.title.changed"}
    title, shown = found.get("title"), found.get("annotations.title")
    annotations = new.get("annotations")
    now_shown = value_of(annotations, "title") if isinstance(annotations, dict) else ABSENT
    if title is None or shown is None or not same(value_of(new, "title"), now_shown):
        return changes
    grades = [g for g in (title.grade, shown.grade) if g is not None]
    both = Change(title.rule, title.path, title.before, title.after, title.variant,
                  {**title.args, "field": "title and annotations.title"},
                  max(grades) if grades else None, title.absent)
    return [both if c is title else c for c in changes if c is not shown]


def meta_change(rule: str, before: Any, after: Any) -> Change:
    old_meta = before if isinstance(before, dict) else {}
    new_meta = after if isinstance(after, dict) else {}
    keys = sorted(k for k in old_meta.keys() | new_meta.keys()
                  if not same(old_meta.get(k, ABSENT), new_meta.get(k, ABSENT)))
    if keys and isinstance(before, dict) and isinstance(after, dict):
        return Change(rule, "_meta", before, after, "keys", {"keys": keys})
    return Change(rule, "_meta", before, after, "whole")


def annotation_changes(before: Any, after: Any, said: Said | None = None) -> list[Change]:
    """``said``: the tool's names, which its display title may restate."""
    old = before if isinstance(before, dict) else {}
    new = after if isinstance(after, dict) else {}
    changes = keep(restating(prose_change("tool.title.changed", "annotations.title", value_of(old, "title"),
                                          value_of(new, "title"), field="annotations.title"), said or Said(())))
    for key in sorted((old.keys() | new.keys()) - {"title"}):
        was, now = value_of(old, key), value_of(new, key)
        if same(was, now):
            continue
        path = join("annotations", key)
        if key in HINT_DEFAULTS and _withdraws_promise(key, was, now):
            changes.append(_weakened(key, path, was, now))
        elif key not in HINT_DEFAULTS:
            changes.append(_non_standard(key, path, was, now))
        elif was is ABSENT and key in _WRITE_HINTS and value_of(new, "readOnlyHint") is True:
            # A read-only tool's hint about how it writes tells a host nothing; a tool that
            # becomes read-only says so in its own finding (readOnlyHint's), which keeps its grade.
            changes.append(Change("tool.annotations.added", path, ABSENT, now, "read_only",
                                  {"annotation": key, "value": now}, INERT))
        elif was is ABSENT:
            changes.append(_declared(key, path, now))
        elif now is ABSENT:
            changes.append(Change("tool.annotations.removed", path, was, ABSENT,
                                  "spec_default" if _is_default(key, was) else "default",
                                  {"annotation": key, "value": was}))
        else:
            changes.append(Change("tool.annotations.changed", path, was, now, "default",
                                  {"annotation": key, "value_before": was, "value_after": now}))
    if not isinstance(before, (dict, type(None))) or not isinstance(after, (dict, type(None))):
        changes.append(Change("tool.field.changed", "annotations", before, after, "not_an_object",
                              {"field": "annotations"}))
    return changes


def _non_standard(key: str, path: str, was: Any, now: Any) -> Change:
    """A key the specification does not define for annotations (only ``title`` and the four
    hints): the rules' severity, in words that do not speak of hints (``non_standard``)."""
    if was is ABSENT:
        return Change("tool.annotations.added", path, was, now, "non_standard", {"annotation": key, "value": now})
    if now is ABSENT:
        return Change("tool.annotations.removed", path, was, now, "non_standard", {"annotation": key, "value": was})
    return Change("tool.annotations.changed", path, was, now, "non_standard",
                  {"annotation": key, "value_before": was, "value_after": now})


def _weakened(key: str, path: str, was: Any, now: Any) -> Change:
    """A hint that promised something (read-only, say) and no longer does. Only a declared
    value promises (no default does), so ``was`` is there; an absent ``now`` reads as the
    specification's default (``now_absent``)."""
    if now is ABSENT:
        return Change("tool.annotations.safetyWeakened", path, was, ABSENT, "now_absent",
                      {"annotation": key, "value_before": was, "default": HINT_DEFAULTS[key]})
    return Change("tool.annotations.safetyWeakened", path, was, now, "default",
                  {"annotation": key, "value_before": was, "value_after": now})


def _declared(key: str, path: str, value: Any) -> Change:
    """A hint declared where there was none. Declaring the specification's default tells a
    host what it assumed already, so it is graded DOCUMENTATION; any other value is the
    rule's own severity."""
    args = {"annotation": key, "value": value}
    if _is_default(key, value):
        return Change("tool.annotations.added", path, ABSENT, value, "spec_default", args, INERT)
    return Change("tool.annotations.added", path, ABSENT, value, "default", args)


def _is_default(key: str, value: Any) -> bool:
    return key in HINT_DEFAULTS and same(value, HINT_DEFAULTS[key])


def _effective(key: str, value: Any) -> Any:
    return HINT_DEFAULTS[key] if value is ABSENT else value


def _withdraws_promise(key: str, was: Any, now: Any) -> bool:
    promise = _PROMISE[key]
    return _effective(key, was) is promise and _effective(key, now) is not promise

