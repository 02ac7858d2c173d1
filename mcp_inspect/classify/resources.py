"""Differs for matched resources and resource templates (canonical views)."""

from __future__ import annotations

from typing import Any

from .changes import ABSENT, Change, same
from .fields import Said, keep, leftover_fields, names_of, plain_change, prose_change, restating, value_of
from .prose import INERT
from .tools import meta_change
from .ui import resource_ui_changes

_COMMON = {"name", "title", "description", "mimeType", "annotations", "icons", "_meta"}


def _common(prefix: str, old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    said = Said(names_of(old, new))  # a title or description may restate the resource's name
    return keep(
        plain_change(f"{prefix}.name.changed", "name", value_of(old, "name"), value_of(new, "name")),
        restating(prose_change(f"{prefix}.title.changed", "title", value_of(old, "title"), value_of(new, "title"),
                               field="title"), said),
        restating(prose_change(f"{prefix}.description.changed", "description", value_of(old, "description"),
                               value_of(new, "description"), field="description"), said),
        _mime_type(prefix, value_of(old, "mimeType"), value_of(new, "mimeType")),
        annotations_change(f"{prefix}.annotations.changed", value_of(old, "annotations"),
                           value_of(new, "annotations")),
        plain_change(f"{prefix}.icons.changed", "icons", value_of(old, "icons"), value_of(new, "icons")),
    )


def _mime_type(prefix: str, before: Any, after: Any) -> Change | None:
    """A mimeType declared where there was none is its own rule, NON_BREAKING: the contents
    did not change, only what the listing says of them (wikipedia-mcp 2.0.1 declared
    text/plain on five templates, each a BREAKING ``mimeType.changed``). The same media type
    spelled otherwise is ``mimeType.respelled``, DOCUMENTATION (``Application/JSON`` was a
    BREAKING change; hostile trial, round 6). A type removed or replaced keeps the seed's rule."""
    if same(before, after):  # ABSENT and an explicit null differ, as plain_change reads them
        return None
    was, now = (None if side is ABSENT else side for side in (before, after))
    if was is None and now is not None:
        return Change(f"{prefix}.mimeType.declared", "mimeType", before, after, "default", {"value": now})
    if now is None and was is not None:
        return Change(f"{prefix}.mimeType.changed", "mimeType", before, after, "removed", {"value": was})
    facts = {"value_before": was, "value_after": now}
    if isinstance(was, str) and isinstance(now, str) and _media_type(was) == _media_type(now):
        return Change(f"{prefix}.mimeType.respelled", "mimeType", before, after, "default", facts)
    return Change(f"{prefix}.mimeType.changed", "mimeType", before, after, "changed", facts)


def _media_type(value: str) -> tuple[str, tuple[tuple[str, str], ...]] | str:
    """A media type as read without case where RFC 6838 (4.2) and RFC 2045 (5.1) read it so:
    the type, the subtype and each parameter's name, in ASCII (their only letters: ``ſ`` and
    the Kelvin sign fold to ``s`` and ``k`` under Unicode's rules, and are other types); a
    parameter's value keeps its case (a charset's would not matter either, but a boundary's
    does), and the order of the parameters, which no client reads, is not kept. A value that
    is not plain ASCII, or quotes a parameter (a ``;`` may sit inside the quotes), is read as
    written."""
    if not value.isascii() or '"' in value:
        return value
    kind, *parameters = value.split(";")
    named = []
    for parameter in parameters:
        name, _, setting = parameter.partition("=")
        named.append((name.strip().lower(), setting.strip()))
    return kind.strip().lower(), tuple(sorted(named))


def annotations_change(rule: str, before: Any, after: Any) -> Change | None:
    """``lastModified`` moves whenever the content does, and tells a host nothing about whom
    the resource is for: when it is the only annotation that changed, the change is graded
    DOCUMENTATION. Audience and priority changes keep the rule's severity."""
    change = plain_change(rule, "annotations", before, after)
    old, new = _annotations(before), _annotations(after)
    if change is None or old is None or new is None:
        return change
    moved = {k for k in old.keys() | new.keys() if not same(old.get(k, ABSENT), new.get(k, ABSENT))}
    if moved != {"lastModified"}:
        return change
    was, now = old.get("lastModified", ABSENT), new.get("lastModified", ABSENT)
    # Annotations absent on one side are reported as null, as plain_change reports them.
    before, after = change.before, change.after
    if was is ABSENT:
        return Change(rule, "annotations", before, after, "last_modified_declared", {"value": now}, INERT)
    if now is ABSENT:
        return Change(rule, "annotations", before, after, "last_modified_removed", {"value": was}, INERT)
    return Change(rule, "annotations", before, after, "last_modified_changed",
                  {"value_before": was, "value_after": now}, INERT)


def _annotations(value: Any) -> dict[str, Any] | None:
    """The annotations as a map (none at all reads as an empty one); None when not an object."""
    if value is ABSENT or value is None:
        return {}
    return value if isinstance(value, dict) else None


def diff_resource(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    changes = _common("resource", old, new)
    changes += keep(plain_change("resource.size.changed", "size", value_of(old, "size"), value_of(new, "size")))
    if not same(value_of(old, "_meta"), value_of(new, "_meta")):
        changes.append(meta_change("resource.meta.changed", old.get("_meta"), new.get("_meta")))
        changes += resource_ui_changes(old.get("_meta"), new.get("_meta"))
    changes += leftover_fields(old, new, _COMMON | {"uri", "size"}, "resource.field.changed")
    return changes


def diff_template(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    changes = _common("resourceTemplate", old, new)
    if not same(value_of(old, "_meta"), value_of(new, "_meta")):
        changes.append(meta_change("resourceTemplate.meta.changed", old.get("_meta"), new.get("_meta")))
    changes += leftover_fields(old, new, _COMMON | {"uriTemplate"}, "resourceTemplate.field.changed")
    return changes
