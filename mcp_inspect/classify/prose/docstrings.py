"""Argument text that moved between a tool's description and its input schema.

Python servers built on FastMCP send a function's docstring as the tool's description, and
many write their arguments there Google-style (``Args:`` then ``name: text`` lines). A later
release often moves each line into the argument's own ``description`` (pydantic's
``Field(description=...)``) and drops the ``Args:`` block: office-word-mcp-server 1.0.0 →
1.1.11 did so on every tool (new-user trial, round 16). Graded one keyword at a time, each
description added and the shorter tool description read as meaning changes
(POTENTIALLY_BREAKING), though a model reads the same sentences, only in another place.

``moved_argument_text`` regrades those changes: a property description added whose text the
other side's tool description gave on the property's line (or removed, now given there), and
a tool description whose only change besides what the prose grade excuses is such a block of
lines, each now (or before) the property's own text. The texts are compared with the prose
grade itself (grade.grade_prose): "Path to the Word document" moved as "Path to Word
document" is the same text, "Heading level (1-9, where 1 is the highest level)" moved as
"Heading level (1-9)" is not, and keeps its grade.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from ...limits import MAX_PROSE_CHARS
from ..changes import Change
from ..edits import edit_facts, without_edit_notes
from .grade import INERT, grade_prose

#: The reason a regraded change gives (a key of the ``prose`` phrases).
MOVED = "moved_argument_text"
#: A section header that opens the arguments (Google, reST-ish and NumPy spellings).
_HEADER_RE = re.compile(r"(?i)^(\s*+)(?:args|arguments|parameters|params)\s*+:?\s*+$")
#: NumPy's underline beneath a header.
_UNDERLINE_RE = re.compile(r"^\s*-{3,}\s*$")
#: One argument's line: ``name: text``, ``name (type): text``, ``- `name`: text``.
#: Possessive quantifiers throughout: two runs of white space with an optional part between them
#: backtracked quadratically on a line of spaces with no colon (hostile trial, round 17: 4 s on
#: 20,000 spaces). The text is stripped afterwards rather than by a lazy group before ``\s*$``.
_ENTRY_RE = re.compile(r"^(\s*+)(?:[-*]\s++)?`?([A-Za-z_][\w.-]*+)`?\s*+(?:\([^)\n]*+\))?\s*+:(.*+)$")


def argument_lines(text: Any) -> tuple[dict[str, str], str] | None:
    """The ``Args:`` block of a description, as ``{name: text}`` (a continuation line joined to
    its entry), and the description without the block; None when it has no such block, or a
    name twice (a block we cannot read as one line per argument). A text longer than
    MAX_PROSE_CHARS is not read: the prose grade does not diff it either."""
    if not isinstance(text, str) or len(text) > MAX_PROSE_CHARS:
        return None
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if _HEADER_RE.match(line)), None)
    if start is None:
        return None
    header = _HEADER_RE.match(lines[start])
    assert header is not None
    depth = len(header.group(1))
    entries: dict[str, str] = {}
    current: str | None = None
    entry_depth = depth
    end = start + 1
    if end < len(lines) and _UNDERLINE_RE.match(lines[end]):
        end += 1
    while end < len(lines):
        line = lines[end]
        indent = len(line) - len(line.lstrip())
        entry = _ENTRY_RE.match(line)
        if not line.strip():
            end += 1
            continue
        bulleted = line.lstrip()[:1] in ("-", "*")
        if indent <= depth and not bulleted:  # back at the header's margin: the next section ("Returns:")
            break
        if entry is not None and (current is None or indent <= entry_depth):
            name = entry.group(2)
            if name in entries:
                return None
            entries[name], current, entry_depth = entry.group(3).strip(), name, indent
        elif current is not None and indent > entry_depth:
            entries[current] = f"{entries[current]} {line.strip()}".strip()
        else:
            break
        end += 1
    if not entries:
        return None
    rest = "\n".join(lines[:start] + lines[end:])
    return entries, rest


def moved_argument_text(changes: list[Change], old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """``changes`` with the prose changes that only moved argument text between the tool's
    description and its properties' descriptions graded DOCUMENTATION (the module says why)."""
    old_block = argument_lines(old.get("description"))
    new_block = argument_lines(new.get("description"))
    if old_block is None and new_block is None:
        return changes
    old_props, new_props = _described(old), _described(new)
    out = []
    for change in changes:
        if change.grade is None or change.grade is INERT:  # not graded, or DOCUMENTATION already
            out.append(change)
            continue
        if change.rule == "tool.input.description.changed":
            name = _property_of(change.path)
            moved = name is not None and (
                (change.before in (None, "") and _same(old_block, name, change.after))
                or (change.after in (None, "") and _same(new_block, name, change.before)))
        elif change.rule == "tool.description.changed":
            moved = _only_the_block_moved(old.get("description"), new.get("description"), old_block, new_block,
                                          old_props, new_props)
        else:
            moved = False
        out.append(_regraded(change) if moved else change)
    return out


def _property_of(path: str) -> str | None:
    """The top-level property whose ``description`` ``path`` is, or None."""
    parts = path.split(".")
    if len(parts) == 4 and parts[0] == "inputSchema" and parts[1] == "properties" and parts[3] == "description":
        return parts[2]
    return None


def _same(block: tuple[dict[str, str], str] | None, name: str, text: Any) -> bool:
    """Whether ``block`` gave ``name`` a line that says what ``text`` says."""
    if block is None or not isinstance(text, str) or not text.strip():
        return False
    line = block[0].get(name)
    return bool(line) and grade_prose(line, text) is INERT


def _described(tool: dict[str, Any]) -> dict[str, str]:
    schema = tool.get("inputSchema")
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return {}
    return {name: value["description"] for name, value in properties.items()
            if isinstance(value, dict) and isinstance(value.get("description"), str)}


def _only_the_block_moved(old_text: Any, new_text: Any, old_block: tuple[dict[str, str], str] | None,
                          new_block: tuple[dict[str, str], str] | None, old_props: dict[str, str],
                          new_props: dict[str, str]) -> bool:
    """Whether the two tool descriptions differ only by argument lines that the other side's
    properties say (each line gone now the property's description, each line come was it),
    and by what the prose grade excuses."""
    old_lines, old_rest = old_block if old_block is not None else ({}, old_text)
    new_lines, new_rest = new_block if new_block is not None else ({}, new_text)
    if grade_prose(old_rest, new_rest) is not INERT:
        return False
    moved = False
    for name in sorted(old_lines.keys() | new_lines.keys()):
        before, after = old_lines.get(name), new_lines.get(name)
        if before is not None and after is not None:
            if grade_prose(before, after) is not INERT:
                return False
            continue
        if before is not None:  # gone from the text: the property says it now
            if not (name in new_props and grade_prose(before, new_props[name]) is INERT):
                return False
        elif not (name in old_props and grade_prose(after, old_props[name]) is INERT):
            return False
        moved = True
    return moved


def _regraded(change: Change) -> Change:
    facts = edit_facts(change.before if isinstance(change.before, str) else None,
                       change.after if isinstance(change.after, str) else None, MOVED, "")
    return replace(change, grade=INERT,
                   args={**without_edit_notes(change.args), "reason": MOVED, **facts})
