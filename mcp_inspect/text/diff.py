"""A word-level diff of two texts, for showing a reviewer what a description change did.

``word_diff(before, after)`` gives the text as segments: ``("=", words)`` kept, ``("-",
words)`` deleted, ``("+", words)`` inserted, each without white space at its ends (a
renderer puts one space between segments). Runs of kept words longer than a few words
are cut down to their ends around an ellipsis, so a one-word change in a long description
reads as a short line. The grading of a change (classify/prose/) does not depend on this:
it is for display only, and every renderer shows the same segments.

``word_segments`` gives the same segments with nothing elided (for a caller that measures
the change, classify/edits.py); ``elide`` cuts the kept runs of such a list.

``clip`` and ``clip_middle`` cut a long text for display, at its end or in its middle,
around an ellipsis, on a word boundary: a run of word characters (letters, digits,
``_``) is never split unless that one word is longer than the room there is for it, and
then it is cut where the room ends (the bound is kept, a word of thousands of letters is not shown whole).
A cut falls at white space when there is some near the limit, else between a word
character and punctuation (``path/to`` may lose ``to``, never ``pa|th``).

Bounded: texts longer than ``MAX_PROSE_CHARS`` are shown as wholly replaced rather than
compared word by word. Shorter texts are compared word by word when the two word lists
weigh at most ``MAX_WORD_DIFF_PAIRS`` pairs; otherwise the words both texts start and end
with are set aside first (linear), and the middle is compared only if it is within the
limit, else shown deleted and inserted whole (difflib is quadratic or worse on
repetitive text).
"""

from __future__ import annotations

import difflib
import re

from ..limits import MAX_PROSE_CHARS, MAX_WORD_DIFF_PAIRS

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
    return elide(word_segments(before, after), context=context)


def word_segments(before: str, after: str) -> list[Segment]:
    """Every segment that turns ``before`` into ``after``, kept runs whole."""
    if before == after:
        return [("=", before.strip())] if before.strip() else []
    if len(before) > MAX_PROSE_CHARS or len(after) > MAX_PROSE_CHARS:
        return [(op, text.strip()) for op, text in (("-", before), ("+", after)) if text.strip()]
    old, new = _pieces(before), _pieces(after)
    out: list[Segment] = []
    for tag, i1, i2, j1, j2 in _opcodes([p.strip() for p in old], [p.strip() for p in new]):
        if tag == "equal":
            out.append(("=", "".join(new[j1:j2])))
            continue
        if tag in ("delete", "replace"):
            out.append(("-", "".join(old[i1:i2])))
        if tag in ("insert", "replace"):
            out.append(("+", "".join(new[j1:j2])))
    return [(op, text.strip()) for op, text in out if text.strip()]


def _opcodes(old: list[str], new: list[str]) -> list[tuple[str, int, int, int, int]]:
    """difflib's opcodes for two word lists (words compared without their trailing white
    space, so a re-wrapped line is no change), within ``MAX_WORD_DIFF_PAIRS`` weighings."""
    if len(old) * len(new) <= MAX_WORD_DIFF_PAIRS:
        return list(difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes())
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    old_end, new_end = len(old) - tail, len(new) - tail
    middle: list[tuple[str, int, int, int, int]]
    if (old_end - head) * (new_end - head) <= MAX_WORD_DIFF_PAIRS:
        matcher = difflib.SequenceMatcher(None, old[head:old_end], new[head:new_end], autojunk=False)
        middle = [(tag, i1 + head, i2 + head, j1 + head, j2 + head) for tag, i1, i2, j1, j2 in matcher.get_opcodes()]
    else:
        middle = [("replace", head, old_end, head, new_end)]
    out = [("equal", 0, head, 0, head)] if head else []
    out += middle
    if tail:
        out.append(("equal", old_end, len(old), new_end, len(new)))
    return out


def elide(segments: list[Segment], *, context: int = CONTEXT_WORDS) -> list[Segment]:
    """``segments`` with each kept run longer than a few words cut around an ellipsis."""
    out = []
    for index, (op, text) in enumerate(segments):
        if op == "=":
            text = _elide(_pieces(text), context, first=index == 0, last=index == len(segments) - 1).strip()
        out.append((op, text))
    return out


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


#: How far back from the limit a cut looks for white space before settling for punctuation.
_SPACE_REACH = 12


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, an ellipsis in place of its end (see the module doc)."""
    if len(text) <= limit:
        return text
    return text[:_cut_at(text, max(limit - len(ELLIPSIS), 0))].rstrip() + ELLIPSIS


def clip_middle(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, `` … `` in place of its middle: the head and
    the tail each get half of the room (see the module doc)."""
    if len(text) <= limit:
        return text
    half = max((limit - len(ELLIPSIS) - 2) // 2, 0)
    head = text[:_cut_at(text, half)].rstrip()
    tail = text[len(text) - _cut_at(text[::-1], half):].lstrip()
    return f"{head} {ELLIPSIS} {tail}"


def _cut_at(text: str, room: int) -> int:
    """Where to cut ``text`` to keep at most ``room`` characters of its start."""
    if len(text) <= room:
        return len(text)
    at = room
    if _word(text, at - 1) and _word(text, at):  # inside a word: cut before it, if it could fit at all
        start = at
        while start > 0 and _word(text, start - 1):
            start -= 1
        end = at
        while end < len(text) and _word(text, end):
            end += 1
        if end - start > room:
            return at  # a word longer than all the room there is: cut it where the room ends
        at = start
    if at > 0 and not text[at].isspace() and not text[at - 1].isspace():
        space = max(text.rfind(" ", 0, at), text.rfind("\n", 0, at), text.rfind("\t", 0, at))
        if space > 0 and at - space <= _SPACE_REACH:
            at = space
    return at


_WORD_CHAR = re.compile(r"\w")


def _word(text: str, index: int) -> bool:
    return 0 <= index < len(text) and _WORD_CHAR.match(text[index]) is not None
