"""Titles that tell a model nothing the schema did not: DOCUMENTATION, or None (the prose grade stands).

Titles are graded like prose, and prose added is POTENTIALLY_BREAKING because a model may
act on what it says. But many titles are made from what the schema already names: an SDK
titles a property after its own name (``derived_title_grade``), pydantic a model after its
class and FastMCP a tool's models after the tool (``class_title_grade``); a tool's first
title often restates its name (``restated_name_grade``) or is a short label in plain words,
for people (``plain_title_grade``). Such a title tells a model nothing the name and the
description did not, so adding or dropping it is no change of meaning.
"""

from __future__ import annotations

import re

from ...findings.severity import Severity
from ...text.invisible import hidden_counts
from ..pairing import name_words
from .words import _categories, _clean, _tokens


def derived_title_grade(before: object, after: object, owner: str) -> tuple[Severity, str] | None:
    """DOCUMENTATION when every present title only restates ``owner`` (a property's name).

    SDKs title a property after its own name ("source_timezone" -> "Source Timezone");
    such a title tells a model nothing the name did not, so adding or dropping it is
    not a change of meaning.
    """
    name = _letters(owner)
    if not name:
        return None
    for title in (before, after):
        if title is not None and not (isinstance(title, str) and _letters(title) == name):
            return None
    return Severity.DOCUMENTATION, "derived_title"


#: A generator's class name as a title: PascalCase, two words or more, ASCII letters and
#: digits only (pydantic's ``SheetDetails``, ``WorkbookInfo``; zod-to-json-schema's named types).
_CLASS_NAME_RE = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\Z")


#: The suffixes FastMCP gives the models it generates for a tool: ``<tool>Arguments`` for its
#: input, ``<tool>Output`` or ``<tool>DictOutput`` for what it returns.
_TOOL_MODEL_SUFFIXES = ("Arguments", "DictOutput", "Output")


def _tool_model_name(title: object, owners: tuple[str, ...]) -> bool:
    return isinstance(title, str) and any(
        title == owner + suffix for owner in owners for suffix in _TOOL_MODEL_SUFFIXES)


def class_title_grade(before: object, after: object, owners: tuple[str, ...] = ()) -> tuple[Severity, str] | None:
    """DOCUMENTATION when a schema root's title that is a class name (``_CLASS_NAME_RE``) was
    added or removed: pydantic titles every model with its class's name, and a release that drops the
    titles (excel-mcp-server 1.1.2 → 2.2.2: ``SheetDetails``, ``WorkbookInfo``, ``RangeData``;
    new-user trial, round 10) tells a model nothing less, for the schema's properties say
    what the class holds. A class name changed for another keeps the prose grade: it may
    say another thing; but the name FastMCP makes of the tool's own name (``owners``) and a
    suffix, changed for another such (``check_temp_directoryOutput`` →
    ``check_temp_directoryDictOutput`` when the function's return type became a dict:
    code-index-mcp 2.9.4 → 2.17.1, new-user trial, round 14), names only the generator's
    model."""
    if _tool_model_name(before, owners) and _tool_model_name(after, owners):
        return Severity.DOCUMENTATION, "class_title"
    present = [title for title in (before, after) if title is not None]
    if len(present) != 1 or not isinstance(present[0], str) or not _CLASS_NAME_RE.match(present[0]):
        return None
    return Severity.DOCUMENTATION, "class_title"


#: Texts a generator writes on every schema of one kind, whatever the tool: FastMCP describes
#: the object it wraps a non-object return value in with this sentence.
_GENERATOR_TEXTS = frozenset({"Generic wrapper for non-object return types."})


def generator_text_grade(before: object, after: object) -> tuple[Severity, str] | None:
    """DOCUMENTATION when the one text present, or both, is a generator's fixed text
    (``_GENERATOR_TEXTS``): it says nothing of this tool, so a release that drops it tells a
    model nothing less (mcp-server-motherduck 1.0.0 → 1.1.0 dropped FastMCP's wrapper
    description from four output schemas; new-user trial, round 37)."""
    present = [text for text in (before, after) if text is not None]
    if present and all(isinstance(text, str) and text.strip() in _GENERATOR_TEXTS for text in present):
        return Severity.DOCUMENTATION, "generator_text"
    return None


def restated_name_grade(title: object, name: object) -> tuple[Severity, str] | None:
    """DOCUMENTATION when a tool's first ``title`` only restates its ``name``: the title's
    words (pairing.name_words) are the name's, or the name's after its first word (a
    namespace prefix, "Get Issue" for ``jira_get_issue``). Such a title tells a model
    nothing the name did not."""
    if not isinstance(title, str) or not isinstance(name, str):
        return None
    words, said = name_words(name).split(), name_words(title).split()
    if not said or not (said == words or (len(words) > 1 and said == words[1:])):
        return None
    return Severity.DOCUMENTATION, "restated_name"


#: A first display title longer than this many words is read as prose, not as a label.
MAX_PLAIN_TITLE_WORDS = 8


def plain_title_grade(title: object) -> tuple[Severity, str] | None:
    """DOCUMENTATION for a tool's first display title (none before) that is a short label in
    plain words: at most MAX_PLAIN_TITLE_WORDS words, none of them a negation, number, JSON
    literal, unit, operator, directive word or identifier, and no hidden character ("Close
    browser", "Get console messages"). Such a title names the tool for people; a model reads
    the tool's name and description for what it does. "Read File (Deprecated)" (a directive),
    "Read File or URL" (an identifier) or "Delete at most 10 files" keep the prose grade."""
    if not isinstance(title, str) or hidden_counts(title, controls=True):
        return None
    tokens = _tokens(_clean(title))
    if not tokens or len(tokens) > MAX_PLAIN_TITLE_WORDS or any(_categories(t) for t in tokens):
        return None
    return Severity.DOCUMENTATION, "plain_title"


def _letters(text: str) -> str:
    return "".join(ch for ch in text.casefold() if ch.isalnum())
