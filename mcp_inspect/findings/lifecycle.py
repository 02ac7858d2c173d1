"""Lifecycle markers a server writes on its entities: deprecation and stability.

Pure readers of raw entities (tools, prompts, resources, resource templates) and of the
properties of a tool's schemas, shared by the classification (which records what the old
side marked on what a change removed) and the history (which looks for how long a mark was
there). The policy pass decides what a mark changes (policy.py, ``deprecation:`` and
``stability:`` in docs/configuration.md).

Accepted spellings of a deprecation, first found first:

- ``_meta: {deprecated: true}`` or ``_meta: {deprecated: "use read_text_file"}`` (a note;
  not ``"false"``, ``"no"``, ``"0"`` and the like, which a server writes for a flag), with
  an optional ``_meta: {sunset: "2027-01-31"}``;
- ``annotations: {deprecated: true}``;
- ``deprecated: true`` on the entity itself, or in a property's schema (JSON Schema's own);
- a description starting with "Deprecated" or "[DEPRECATED]" (any letter case), not asked
  as a question ("Deprecated? No: …").

A stability marker is ``_meta: {stability: "experimental"}`` (or ``_meta: {experimental: true}``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Any

#: A description that opens by saying it is deprecated: "Deprecated.", "DEPRECATED: use x",
#: "[Deprecated] ...". The word alone, not "deprecatedField", and only at the start: a
#: description that mentions deprecation further on ("x is deprecated") is prose about
#: something else as often as about itself.
#: ``label``: the word ends there ("Deprecated.", "DEPRECATED:", "[Deprecated]", "Deprecated -
#: use x", or the whole text) rather than opening a phrase ("Deprecated compatibility entry
#: point"); "Deprecated? No: …" asks and is no mark. What follows may still deny it
#: ("DEPRECATED: false").
_OPENS_DEPRECATED = re.compile(r"\s*\[?\s*deprecated(?![\w-])(?!\s*[?\uff1f\u2e2e\u037e])"  # not asked
                               r"(?P<label>(?=\s*(?:$|[:.,;!)\]\-\u2013\u2014])))?"
                               r"\W*(?P<rest>.*)", re.IGNORECASE | re.DOTALL)
#: A ``_meta.deprecated`` note, or what follows the word in a description, that denies it.
_NOT_A_NOTE = frozenset({"false", "no", "0", "off", "none", "null", "n", "f", "not deprecated", "not"})

#: The removal rules a deprecation can soften: an entity's, and a schema property's.
REMOVALS = frozenset({"tool.removed", "prompt.removed", "resource.removed", "resourceTemplate.removed",
                      "tool.input.property.removed", "tool.output.property.removed"})
#: The rule that marking each kind deprecated is reported by.
DEPRECATED_ADDED = {"tool": "tool.deprecated.added", "prompt": "prompt.deprecated.added",
                    "resource": "resource.deprecated.added",
                    "resourceTemplate": "resourceTemplate.deprecated.added"}


@dataclass
class Deprecation:
    """What the old side said about something a change removed: marked deprecated, how, and
    when it was to go. ``releases``, ``since`` and ``since_date`` say how long: one release
    (the diff's old side, captured on ``since_date`` when the capture says) unless a history
    counted more; ``removed_on`` is the new side's date when the data gives one."""

    #: How the mark was written (``_meta.deprecated``, ``annotations.deprecated``, ``deprecated``,
    #: ``description``).
    spelling: str
    #: ``_meta.sunset`` as an ISO date, when it holds one.
    sunset: str | None = None
    #: The releases in a row, ending with the old side, that carried the mark.
    releases: int = 1
    #: The first of them, as a timeline names it (None: the old side).
    since: str | None = None
    #: Its date (ISO 8601), when known.
    since_date: str | None = None
    #: The date of the release that removed it (ISO 8601), when known.
    removed_on: str | None = None


def day_of(value: Any) -> str | None:
    """``value``'s ISO day when it is an ISO date or date-time string, else None."""
    if isinstance(value, date):
        return value.isoformat()[:10]
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return date.fromisoformat(value[:10]).isoformat()
    except ValueError:
        return None


def deprecation_of(value: Any) -> Deprecation | None:
    """The deprecation an entity (or a property's schema) carries, or None."""
    if not isinstance(value, dict):
        return None
    meta = value.get("_meta")
    meta = meta if isinstance(meta, dict) else {}
    sunset = day_of(meta.get("sunset"))
    flag = meta.get("deprecated")
    if flag is True or isinstance(flag, str) and flag.strip() and not _denies(flag):
        return Deprecation("_meta.deprecated", sunset)
    annotations = value.get("annotations")
    if isinstance(annotations, dict) and annotations.get("deprecated") is True:
        return Deprecation("annotations.deprecated", sunset)
    if value.get("deprecated") is True:
        return Deprecation("deprecated", sunset)
    description = value.get("description")
    opens = _OPENS_DEPRECATED.match(description) if isinstance(description, str) else None
    # "Deprecated compatibility entry point." speaks of the tool itself, but on a tool whose
    # name holds the word ("Deprecated APIs are listed…" on list_deprecated_apis) only the
    # label form ("Deprecated:", "Deprecated.") says the tool is.
    about_deprecation = "deprecat" in str(value.get("name", "")).lower()
    if opens is not None and not _denies(opens.group("rest")) and (opens.group("label") is not None
                                                                   or not about_deprecation):
        return Deprecation("description", sunset)
    return None


def _denies(text: str) -> bool:
    """Whether a note, or a description's text after "Deprecated:", says it is not: "false",
    "No.", "not deprecated…" (once punctuation is dropped; "no longer maintained" is a mark)."""
    words = re.sub(r"[^\w\s]", " ", text).lower().split()
    if not words:
        return False
    first, second = words[0], words[1] if len(words) > 1 else ""
    # "No longer maintained" and "Not recommended" are marks; "No.", "Nope", "not yet" deny.
    return (" ".join(words) in _NOT_A_NOTE or first in ("false", "nope", "never")
            or (first == "no" and second != "longer") or (first == "not" and second in ("", "yet", "deprecated")))


def experimental(value: Any) -> bool:
    """The entity's ``_meta`` says it is experimental."""
    meta = value.get("_meta") if isinstance(value, dict) else None
    if not isinstance(meta, dict):
        return False
    stability = meta.get("stability")
    return (isinstance(stability, str) and stability.strip().lower() == "experimental") or meta.get(
        "experimental") is True


def at_path(entity: Any, path: str) -> Any:
    """The value at a finding's dotted ``path`` inside a raw entity (``inputSchema.properties.x``),
    or None when the path does not lead to one (a name holding a dot, an index)."""
    value = entity
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def removed_deprecation(rule: str, entity: Any, path: str) -> Deprecation | None:
    """What the old side's raw ``entity`` said about what a removal (``rule``) at ``path`` took
    away: the entity's own mark for an entity's removal, the property's schema's for a
    property's (a property is also deprecated with its tool)."""
    if rule not in REMOVALS:
        return None
    if path and rule.endswith(".property.removed"):
        found = deprecation_of(at_path(entity, path))
        if found is not None:
            return found
    return deprecation_of(entity)
