"""What a prose change did to the text, for the reader: display only, never the grade.

The prose grader (prose/grade.py) decides DOCUMENTATION or POTENTIALLY_BREAKING and names the
most meaning-bearing token it blamed ("a negation changed"). That reason is right for the
grade but can mislead as a summary: a description rewritten from scratch is "a negation
changed" because one of the old words was *cannot*. This module reads the word-level diff
(text/diff.py) and names the kind of edit instead, one key of the ``edit`` phrases of
rules/phrases.yaml, chosen in this order:

1. ``graded``: the grader's reason is the whole story (hidden or look-alike characters,
   text where there was none or none where there was, only case, white space,
   punctuation, an article or a typo, a title derived from the property name, a text too
   long to diff): the message says that reason.
2. ``deprecation_added`` / ``deprecation_removed``: the word *deprecated*, in any case,
   occurs more (fewer) times after than before.
3. ``sentences_added`` / ``sentences_removed`` (``sentences``: how many): words were only
   inserted (deleted), and every insertion (deletion) is whole sentences: it begins where
   the text or a sentence begins (after ``. ! ? :`` or a line break) and ends where one
   ends. A code block inside counts as one block, not as its lines: ``code_block_added``
   (one), ``code_blocks_added`` (``code_blocks``: how many), ``sentences_code_added``
   (both), and their ``_removed`` twins. A code block is fenced (a line opening with
   three or more backticks or tildes, to the line that closes it or the end of the
   text) or indented (after a blank line, lines indented four columns more than both
   the line of text before them and the text's own indentation, its first line aside as
   in a docstring: a description indented as a whole, or by a template literal, is not
   code). An insertion that covers only part of a block (a line added inside it) is not
   whole sentences. A line break ends a sentence only after ``:`` or ``;``, at a blank
   line, after a heading, or before a list item, a heading or a table row: other line
   breaks wrap a paragraph.
4. ``text_added`` / ``text_removed`` (``text_after`` / ``text_before``: the words, runs
   apart joined by an ellipsis): words were only inserted (deleted), not whole sentences.
5. ``replaced`` (``text_before``, ``text_after``): one place changed, at most
   ``_REPLACED_WORDS`` words a side (a one-word title renamed is this, not a rewrite).
6. ``numbers`` (``number_places``: how many): in two places or more, one number written in digits
   was written over with another, and nothing else changed.
7. ``rewritten``: fewer than half the words of the shorter text were kept.
8. ``places`` (``places``): anything else, by how many places changed.

When the kind is not ``graded`` and the grader's reason names a category a reviewer
should still hear (a negation, a number, a JSON literal, a unit, an operator, a
directive word, an identifier), the facts carry the note ``reason`` (rules/phrases.yaml,
group ``notes``), so the message says it in parentheses, or, beside an edit that changed
much more than that token (``rewritten``, ``places``), the note ``reason_among``, which says
it was among other changes; a deprecation notice does not
repeat "the directive word 'deprecated' changed". Numbers restated from the schema's bounds
(``restated_bound``, DOCUMENTATION), the values a schema allows listed (``restated_choices``)
and a default stated again in other words (``default_respelled``) are said the same way,
since the words alone read like a number or a JSON literal added, removed or changed. A
short edit (at most ``_FEW_WORDS`` words quoted, added, removed or replaced)
that the grader flags for plain wording alone carries the note ``wording``, which says it is
not a typo, article or punctuation fix: such few words could pass for one.

``words`` holds the diff as ``[op, text]`` pairs (``=`` kept, ``-`` deleted, ``+``
inserted) for renderers to show, bounded: kept runs are elided, a changed run longer than
``_MAX_SEGMENT_CHARS`` is cut in the middle between words (text.diff.clip_middle), and at
most ``_MAX_SEGMENTS`` pairs are kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..limits import MAX_PROSE_CHARS
from ..text.diff import ELLIPSIS, Segment, clip_middle, elide, word_segments

#: Grader reasons that are the whole story of the change (``graded``).
_GRADED = frozenset({"same", "article", "typo", "negation_respelled", "list_reordered", "status_list",
                     "moved_argument_text", "moved_branch_text", "derived_title", "class_title", "generator_text",
                     "restated_name", "restated_schema", "restated_values", "paraphrase_removed", "plain_title",
                     "hidden", "lookalike", "added", "removed"})
#: Grader reasons still said beside another kind, as the note ``reason``.
_TELLING = frozenset({"negation", "negation_added", "negation_removed",
                      "number", "number_added", "numbers_added", "number_removed", "numbers_removed",
                      "number_word_added", "number_words_added", "number_word_removed", "number_words_removed",
                      "numbers_and_words_added", "numbers_and_words_removed",
                      "literal", "literal_added", "literal_removed", "unit", "unit_added", "unit_removed", "operator",
                      "directive_added", "directive_removed", "directive_replaced", "identifier", "identifier_added",
                      "identifier_removed", "restated_bound", "restated_choices", "default_respelled"})
_DEPRECATED = re.compile(r"(?<!\w)deprecated(?!\w)", re.IGNORECASE)
#: Where a sentence ends inside a line (to count them); line breaks are read by ``_sentences``.
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+")
#: A line that starts a unit of its own: a list item, a heading, a table row.
_STARTS_LINE = re.compile(r"(?:[-*+\u2022]\s|\d+[.)]\s|#|\|)")
_ENDS_SENTENCE = ".!?"
_WORD = re.compile(r"\S+")
#: Punctuation at a word's ends, set aside when an inserted run is told from a replaced one.
_ENDS = re.compile(r"^[^\w]+|[^\w]+$")
_STARTS_SENTENCE = ".!?:"
#: A line that opens a fenced code block; the indentation (columns past the text's own) of
#: an indented code block.
_FENCE = re.compile(r"\s*(`{3,}|~{3,})")
_CODE_INDENT = 4
_REPLACED_WORDS = 6
_MAX_SEGMENT_CHARS = 200
_MAX_SEGMENTS = 40
#: The note that repeats the grader's reason (rules/phrases.yaml, group ``notes``).
REASON_NOTE = "reason"
#: The same reason beside an edit that changed much more than it (``_AMONG``): the token the
#: grader blamed is one of many, and the note says so, not that it is why (new-user trial,
#: round 13: a description rewritten to ask for the user's words read "the negation 'not'
#: was added", from "(do not paraphrase)").
REASON_AMONG_NOTE = "reason_among"
#: The note that says a short edit shown word for word is graded for its plain words.
WORDING_NOTE = "wording"
#: The edits that change more than the one token a grader's reason names.
_AMONG = frozenset({"rewritten", "places"})
#: The edits whose message quotes the words themselves.
_SHOWN_WORDS = frozenset({"text_added", "text_removed", "replaced"})
#: At most this many words quoted, an edit could pass for a typo fix, so its message says why
#: it does not; a longer one shows plainly that words were written.
_FEW_WORDS = 3
#: One word that is a number written in digits, with the punctuation around it.
_NUMBER_WORD_RE = re.compile(r"([^\w\s]*)(\d+(?:[.,]\d+)*)([^\w\s]*)")


def edit_facts(before: str | None, after: str | None, reason: str, word: str = "") -> dict[str, Any]:
    """The facts that say what a prose change did: ``change`` (a key of the ``edit``
    phrases), the facts its phrase reads, ``words``, and ``notes`` when the grader's
    ``reason`` (``word``: the token it names) is still worth saying."""
    before, after = before or "", after or ""
    segments = word_segments(before, after)
    kind: dict[str, Any]
    if reason in ("added", "removed") and not (before.strip() and after.strip()):
        # The whole text came or went: "description added", where "description changed: the
        # text was added" read as an edit of a text that was not there (new-user trial, round 44).
        kind = {"change": "whole"}
    elif reason in _GRADED or max(len(before), len(after)) > MAX_PROSE_CHARS or not {"-", "+"} & {
            op for op, _ in segments}:
        kind = {"change": "graded"}
    else:
        kind = _kind(before, after, segments)
    facts: dict[str, Any] = {**kind, "words": [[op, text] for op, text in _bounded(elide(segments))]}
    deprecation = kind["change"].startswith("deprecation")
    if kind["change"] == "numbers" and reason.startswith("number"):
        pass  # the kind says it: numbers changed, and nothing else
    elif kind["change"] != "graded" and reason in _TELLING and not (deprecation and word == "deprecated"):
        facts["notes"] = [REASON_AMONG_NOTE if kind["change"] in _AMONG else REASON_NOTE]
    elif kind["change"] in _SHOWN_WORDS and reason == "wording" and _few_words(kind):
        facts["notes"] = [WORDING_NOTE]  # 'or repaired' added: the words alone do not say why it counts
    return facts


def without_edit_notes(args: dict[str, Any]) -> dict[str, Any]:
    """``args`` of a graded prose change without the notes ``edit_facts`` gave it, for a
    re-grade that states its own reason: the old reason's note would say the old reason again
    beside the new one ("restates the name … (restates the name …)")."""
    notes = [note for note in args.get("notes", ()) if note not in (REASON_NOTE, REASON_AMONG_NOTE, WORDING_NOTE)]
    return {**{k: v for k, v in args.items() if k != "notes"}, **({"notes": notes} if notes else {})}


def _few_words(kind: dict[str, Any]) -> bool:
    return sum(len(str(kind.get(side, "")).split()) for side in ("text_before", "text_after")) <= _FEW_WORDS


def _kind(before: str, after: str, segments: list[Segment]) -> dict[str, Any]:
    """The kind of edit and its facts (steps 2 to 8 of the module doc)."""
    was, now = len(_DEPRECATED.findall(before)), len(_DEPRECATED.findall(after))
    if now != was:
        return {"change": "deprecation_added" if now > was else "deprecation_removed"}
    places = _places(before, after, segments)
    sided = [_one_sided(place) for place in places]
    ops = {side[0] for side in sided if side is not None}
    if None not in sided and len(ops) == 1:
        op = ops.pop()
        text = after if op == "+" else before
        runs = [run for side in sided if side is not None for run in side[1]]
        blocks = _code_blocks(text)
        if all(_whole_sentences(text, start, end) and not _cuts_a_block(blocks, start, end) for start, end in runs):
            return _sentences_kind("added" if op == "+" else "removed", text, runs, blocks)
        changed = f" {ELLIPSIS} ".join(" ".join(text[start:end].split()) for start, end in runs)
        side = "text_after" if op == "+" else "text_before"
        return {"change": "text_added" if op == "+" else "text_removed", side: changed}
    if len(places) == 1:
        old, new = places[0].old, places[0].new
        if len(old.split()) <= _REPLACED_WORDS and len(new.split()) <= _REPLACED_WORDS:
            return {"change": "replaced", "text_before": " ".join(old.split()), "text_after": " ".join(new.split())}
    if len(places) > 1 and all(_number_swapped(place) for place in places):
        # "Limit 10. Offset 10." → "Limit 20. Offset 20." said "changed in 2 places (among other
        # changes, a number changed)": there were no other changes (hostile trial, round 45).
        return {"change": "numbers", "number_places": len(places)}
    kept = sum(len(text.split()) for op, text in segments if op == "=")
    if 2 * kept < min(len(before.split()), len(after.split())):
        return {"change": "rewritten"}
    return {"change": "places", "places": len(places)}


def _number_swapped(place: _Place) -> bool:
    """Whether a place only wrote one number for another: one word a side, the same but for
    the number it holds (``10.`` → ``20.``)."""
    old, new = _NUMBER_WORD_RE.fullmatch(place.old.strip()), _NUMBER_WORD_RE.fullmatch(place.new.strip())
    return old is not None and new is not None and old[1] == new[1] and old[3] == new[3] and old[2] != new[2]


@dataclass
class _Place:
    """One place where the texts differ: the run deleted from ``before`` and the run inserted
    in ``after`` (either may be empty), and where each starts in its text."""

    old: str = ""
    new: str = ""
    old_at: int = 0
    new_at: int = 0


def _places(before: str, after: str, segments: list[Segment]) -> list[_Place]:
    """The places where the texts differ, found in the texts in order: a changed run is a
    piece of its own side's text, and a kept run is followed word by word on both sides (its
    white space is the new side's)."""
    texts, cursors = (before, after), [0, 0]
    places: list[_Place] = []
    last = "="
    for op, text in segments:
        if op == "=":
            for word in text.split():
                for side in (0, 1):
                    found = texts[side].find(word, cursors[side])
                    cursors[side] = cursors[side] if found < 0 else found + len(word)
        else:
            if last == "=" or not places:
                places.append(_Place(old_at=cursors[0], new_at=cursors[1]))
            side = 0 if op == "-" else 1
            found = texts[side].find(text, cursors[side])
            at = cursors[side] if found < 0 else found  # always found: the run is a piece of the text
            cursors[side] = at + len(text)
            if side == 0:
                places[-1].old, places[-1].old_at = text, at
            else:
                places[-1].new, places[-1].new_at = text, at
        last = op
    return places


def _one_sided(place: _Place) -> tuple[str, list[tuple[int, int]]] | None:
    """``("+", runs)`` when the place only inserts words, ``("-", runs)`` when it only deletes
    them, with each run's span in its text; None otherwise. Words are compared without the
    punctuation at their ends, so ``markdown.`` → ``markdown or html.`` inserts ``or html.``
    (the diff sees one word replaced by three). Only a few words are followed this way."""
    if not place.old:
        return "+", [(place.new_at, place.new_at + len(place.new))]
    if not place.new:
        return "-", [(place.old_at, place.old_at + len(place.old))]
    for op, short, long, at in (("+", place.old, place.new, place.new_at), ("-", place.new, place.old, place.old_at)):
        if len(short.split()) <= _REPLACED_WORDS:
            runs = _extra_runs(short, long)
            if runs:
                return op, [(at + start, at + end) for start, end in runs]
    return None


def _extra_runs(short: str, long: str) -> list[tuple[int, int]]:
    """The spans of the words of ``long`` left over once the words of ``short`` are matched
    in order (ends' punctuation aside); empty when some word of ``short`` is not matched."""
    words = list(_WORD.finditer(long))
    keys = [_bare(w.group()) for w in words]
    matched, index = set(), 0
    for key in (_bare(w) for w in short.split()):
        while index < len(keys) and keys[index] != key:
            index += 1
        if index == len(keys):
            return []
        matched.add(index)
        index += 1
    runs: list[tuple[int, int]] = []
    for i, word in enumerate(words):
        if i in matched:
            continue
        if runs and i - 1 not in matched and i > 0:
            runs[-1] = (runs[-1][0], word.end())
        else:
            runs.append((word.start(), word.end()))
    return runs


def _sentences_kind(way: str, text: str, runs: list[tuple[int, int]], blocks: list[tuple[int, int]]) -> dict[str, Any]:
    """Whole sentences and code blocks inserted or deleted (``way``: added or removed): the
    kind, with how many sentences (code blocks set aside) and how many code blocks."""
    inside = [block for block in blocks if any(start <= block[0] and block[1] <= end for start, end in runs)]
    sentences = 0
    for start, end in runs:
        prose, at = [], start
        for b_start, b_end in inside:
            if start <= b_start and b_end <= end:
                prose.append(text[at:b_start])
                at = b_end
        prose.append(text[at:end])
        sentences += sum(_sentences(piece) for piece in prose)
    if not inside:
        return {"change": f"sentences_{way}", "sentences": sentences}
    if sentences:
        return {"change": f"sentences_code_{way}", "sentences": sentences, "code_blocks": len(inside)}
    if len(inside) == 1:
        return {"change": f"code_block_{way}"}
    return {"change": f"code_blocks_{way}", "code_blocks": len(inside)}


def _sentences(text: str) -> int:
    """How many sentences ``text`` holds. A line break ends one only after ``:`` or ``;``, at
    a blank line, after a heading, or before a list item, a heading or a table row; any other
    wraps a paragraph. Inside a line, ``. ! ?`` and white space end one."""
    units: list[str] = []
    current: list[str] = []
    for line in (line.strip() for line in text.split("\n")):
        if current and (not line or _STARTS_LINE.match(line)):
            units.append(" ".join(current))
            current = []
        if line:
            current.append(line)
            if line.startswith("#") or line[-1] in ":;":
                units.append(" ".join(current))
                current = []
    if current:
        units.append(" ".join(current))
    return sum(len([s for s in _SENTENCE_BREAK.split(unit) if s.strip()]) for unit in units)


def _code_blocks(text: str) -> list[tuple[int, int]]:
    """The spans of the text's code blocks (see the module doc), white space at their ends
    left out, in order."""
    lines, at = [], 0
    for line in text.split("\n"):
        lines.append((at, line))
        at += len(line) + 1
    indents = [_indent(line) for _, line in lines[1:] if line.strip()]
    base = min(indents, default=0)
    spans: list[tuple[int, int]] = []
    index, blank_before = 0, True
    paragraph = -1  # the indentation of the last line of text (none yet: no code before a first line)
    while index < len(lines):
        at, line = lines[index]
        fence = _FENCE.match(line)
        if fence:
            mark = fence.group(1)
            end = index + 1
            while end < len(lines) and not re.fullmatch(rf"\s*{re.escape(mark[0])}{{{len(mark)},}}\s*", lines[end][1]):
                end += 1
            last = min(end, len(lines) - 1)
            spans.append(_trimmed(text, at, lines[last][0] + len(lines[last][1])))
            index, blank_before = last + 1, False
            continue
        code = max(base, paragraph) + _CODE_INDENT  # deeper than the text and the paragraph before
        if blank_before and paragraph >= 0 and line.strip() and _indent(line) >= code:
            end = index
            while end + 1 < len(lines) and (not lines[end + 1][1].strip() or _indent(lines[end + 1][1]) >= code):
                end += 1
            spans.append(_trimmed(text, at, lines[end][0] + len(lines[end][1])))
            index, blank_before = end + 1, not lines[end][1].strip()
            continue
        blank_before = not line.strip()
        if line.strip():
            paragraph = _indent(line)
        index += 1
    return spans


def _indent(line: str) -> int:
    """The columns of a line's leading white space (a tab is four)."""
    return len(line) - len(line.lstrip(" \t")) + 3 * line[: len(line) - len(line.lstrip(" \t"))].count("\t")


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    piece = text[start:end]
    return start + len(piece) - len(piece.lstrip()), start + len(piece.rstrip())


def _cuts_a_block(blocks: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether the run ``start:end`` holds part of a code block but not all of it."""
    return any(b_start < end and start < b_end and not (start <= b_start and b_end <= end) for b_start, b_end in blocks)


def _bare(word: str) -> str:
    return _ENDS.sub("", word)


def _whole_sentences(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` begins and ends at sentence boundaries."""
    before, after = text[:start].rstrip(" \t"), text[end:].lstrip(" \t")
    begins = not before or before[-1] in _STARTS_SENTENCE or before.endswith("\n")
    ends = not after or after.startswith("\n") or text[start:end].rstrip()[-1:] in _ENDS_SENTENCE
    return begins and ends


def _bounded(segments: list[Segment]) -> list[Segment]:
    """At most ``_MAX_SEGMENTS`` segments, each changed one cut to ``_MAX_SEGMENT_CHARS``."""
    out = []
    for op, text in segments[:_MAX_SEGMENTS]:
        out.append((op, text if op == "=" else clip_middle(text, _MAX_SEGMENT_CHARS)))
    if len(segments) > _MAX_SEGMENTS:
        out.append(("=", ELLIPSIS))
    return out
