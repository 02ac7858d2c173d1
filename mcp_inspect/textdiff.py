"""A word-level diff of two texts, for showing a reviewer what a description change did.

``word_diff(before, after)`` gives the text as segments: ``("=", words)`` kept, ``("-",
words)`` deleted, ``("+", words)`` inserted, each without white space at its ends (a
renderer puts one space between segments). Runs of kept words longer than a few words
are cut down to their ends around an ellipsis, so a one-word change in a long description
reads as a short line. The grading of a change (classify/prose.py) does not depend on this:
it is for display only, and every renderer shows the same segments.

Bounded: texts longer than ``MAX_PROSE_CHARS`` are shown as wholly replaced rather than
compared word by word (the comparison is quadratic in the worst case).
"""

from __future__ import annotations

import difflib
import re

from .limits import MAX_PROSE_CHARS

#: A word with the white space that follows it: joining the pieces gives the text back.
_PIECE = re.compile(r"\S+\s*|\s+")
#: Kept words shown on each side of a change; a longer kept run is cut in the middle.
CONTEXT_WORDS = 4
ELLIPSIS = "…"

Segment = tuple[str, str]


def _pieces(text: str) -> list[str]:
    return _PIECE.findall(text)


def word_diff(before: str, after: str, *, context: int = CONTEXT_WORDS) -> list[Segment]:
    """The segments that turn ``before`` into ``after`` (see the module doc)."""
    if before == after:
        return [("=", _elide(_pieces(before), context, first=True, last=True).strip())] if before.strip() else []
    if len(before) > MAX_PROSE_CHARS or len(after) > MAX_PROSE_CHARS:
        return [(op, text.strip()) for op, text in (("-", before), ("+", after)) if text.strip()]
    old, new = _pieces(before), _pieces(after)
    # Words are compared without their trailing white space, so a re-wrapped line is no change.
    matcher = difflib.SequenceMatcher(None, [p.strip() for p in old], [p.strip() for p in new], autojunk=False)
    blocks = matcher.get_opcodes()
    out: list[Segment] = []
    for index, (tag, i1, i2, j1, j2) in enumerate(blocks):
        if tag == "equal":
            kept = _elide(new[j1:j2], context, first=index == 0, last=index == len(blocks) - 1)
            out.append(("=", kept))
            continue
        if tag in ("delete", "replace"):
            out.append(("-", "".join(old[i1:i2])))
        if tag in ("insert", "replace"):
            out.append(("+", "".join(new[j1:j2])))
    return [(op, text.strip()) for op, text in out if text.strip()]


def _elide(pieces: list[str], context: int, *, first: bool, last: bool) -> str:
    """A run of kept words, cut to ``context`` words beside each change (none at an end of
    the text that has no change after or before it)."""
    keep_head = 0 if first else context
    keep_tail = 0 if last else context
    if len(pieces) <= keep_head + keep_tail + 1 or (first and last):
        if first and last and len(pieces) > 2 * context + 1:  # an unchanged text: its start and end
            return "".join(pieces[:context]) + ELLIPSIS + " " + "".join(pieces[-context:])
        return "".join(pieces)
    head = "".join(pieces[:keep_head])
    tail = "".join(pieces[len(pieces) - keep_tail:]) if keep_tail else ""
    if not tail:  # the text ends here: nothing follows the ellipsis
        return head + ELLIPSIS
    return head + ELLIPSIS + " " + tail


def inline(segments: list[Segment], *, deleted: tuple[str, str] = ("[-", "-]"),
           inserted: tuple[str, str] = ("{+", "+}")) -> str:
    """The segments on one line, deletions and insertions between the given marks
    (``[-old-]{+new+}`` by default, as ``git diff --word-diff`` writes them)."""
    out = []
    for op, text in segments:
        marks = ("", "") if op == "=" else deleted if op == "-" else inserted
        out.append(marks[0] + text + marks[1])
    return " ".join(out)
