"""The side-by-side view of a changed tool's old and new definition, for the HTML report.

Each side is the raw tool object written as indented JSON with its keys sorted (so a
reordering is not shown as a change, and the two sides line up), with invisible and
control characters as ``\\u`` escapes. Each side is cut at ``MAX_LINES`` lines and
``MAX_CHARS`` characters before the two are compared line by line (difflib), which bounds
the comparison and the page whatever the server sent. A run of unchanged lines longer
than ``FOLD_AT`` keeps ``CONTEXT`` lines beside each change and folds the rest away.

The view holds text only; the template escapes every string of it.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from typing import Any

from ..text.escape import inert_json

#: A side of the view is cut at this many lines, or characters, whichever comes first.
MAX_LINES = 400
MAX_CHARS = 40_000
#: A line longer than this is cut too (a description is one JSON line).
MAX_LINE_CHARS = 4_000
#: Unchanged lines shown beside a change; a longer unchanged run is folded.
CONTEXT = 3
FOLD_AT = 2 * CONTEXT + 4
#: The views a report shows; the tools past this many get none (the findings still list them).
MAX_VIEWS = 100

#: Row kinds: both sides equal, a changed pair, a line only the old or the new side has.
SAME, CHANGED, DELETED, INSERTED = "same", "changed", "deleted", "inserted"


@dataclass
class Row:
    kind: str
    old_no: int | None = None
    old: str | None = None
    new_no: int | None = None
    new: str | None = None


@dataclass
class Block:
    """Rows shown as they are, or (``folded``) behind a summary that says how many."""

    rows: list[Row]
    folded: bool = False


@dataclass
class SideBySide:
    blocks: list[Block] = field(default_factory=list)
    #: Lines changed, deleted and inserted, for the view's summary.
    changed: int = 0
    deleted: int = 0
    inserted: int = 0
    #: What was cut from each side, as a sentence, when anything was.
    cut_old: str | None = None
    cut_new: str | None = None


def definition_lines(tool: dict[str, Any] | None) -> tuple[list[str], str | None]:
    """A tool object's lines as the view shows them, and a note of what was cut (or None)."""
    if tool is None:
        return [], None
    text = inert_json(json.dumps(tool, indent=2, sort_keys=True, ensure_ascii=False, default=str))
    lines = text.split("\n")
    kept: list[str] = []
    size = 0
    for line in lines[:MAX_LINES]:
        if size + len(line) > MAX_CHARS:
            break
        kept.append(line if len(line) <= MAX_LINE_CHARS else line[:MAX_LINE_CHARS] + "…")
        size += len(kept[-1])
    shortened = sum(1 for a, b in zip(kept, lines, strict=False) if a != b)
    if len(kept) == len(lines) and not shortened:
        return kept, None
    said = [f"{len(lines) - len(kept):,} more lines not shown"] if len(kept) < len(lines) else []
    if shortened:
        said.append(f"{shortened:,} long line{'s' if shortened != 1 else ''} cut")
    return kept, f"cut at {len(kept):,} lines: " + ", ".join(said)


def side_by_side(old: dict[str, Any] | None, new: dict[str, Any] | None) -> SideBySide:
    """The two definitions compared line by line, long unchanged runs folded."""
    before, cut_old = definition_lines(old)
    after, cut_new = definition_lines(new)
    view = SideBySide(cut_old=cut_old, cut_new=cut_new)
    # Lines are compared without their trailing comma: JSON puts one after every member but
    # the last, so a member added after a line would otherwise mark that line as changed.
    matcher = difflib.SequenceMatcher(None, [line.rstrip(",") for line in before],
                                      [line.rstrip(",") for line in after], autojunk=False)
    opcodes = matcher.get_opcodes()
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            rows = [Row(SAME, i + 1, before[i], j + 1, after[j]) for i, j in zip(range(i1, i2), range(j1, j2),
                                                                             strict=True)]
            view.blocks += _fold(rows, first=index == 0, last=index == len(opcodes) - 1)
            continue
        rows = []
        for k in range(max(i2 - i1, j2 - j1)):
            i, j = i1 + k, j1 + k
            has_old, has_new = i < i2, j < j2
            kind = CHANGED if has_old and has_new else DELETED if has_old else INSERTED
            rows.append(Row(kind, i + 1 if has_old else None, before[i] if has_old else None,
                            j + 1 if has_new else None, after[j] if has_new else None))
        view.changed += sum(1 for r in rows if r.kind == CHANGED)
        view.deleted += sum(1 for r in rows if r.kind == DELETED)
        view.inserted += sum(1 for r in rows if r.kind == INSERTED)
        _append(view.blocks, rows)
    return view


def _fold(rows: list[Row], *, first: bool, last: bool) -> list[Block]:
    """An unchanged run: whole when short, else its ends beside the changes and the middle folded."""
    if len(rows) <= FOLD_AT:
        return [Block(rows)]
    head = 0 if first else CONTEXT
    tail = 0 if last else CONTEXT
    out = [Block(rows[:head])] if head else []
    out.append(Block(rows[head:len(rows) - tail], folded=True))
    if tail:
        out.append(Block(rows[len(rows) - tail:]))
    return out


def _append(blocks: list[Block], rows: list[Row]) -> None:
    """Changed rows join the shown block before them, so the page has fewer blocks."""
    if blocks and not blocks[-1].folded:
        blocks[-1].rows.extend(rows)
    else:
        blocks.append(Block(rows))
