"""A written list of choices put in another order: step 4 (e) of the grader (``grade``).

``_list_reordered`` reads, on the whole text and before the word diff, whether the only
change puts the items of one written list of choices in another order: a list its own
lead-in introduces as a set (``Allowed``, ``supported``, ``one of``, ``such as``, ... at most
three words before the list's colon or bracket, in the same clause: ``_set_cue_leads``; a
list of coordinates, columns or fallbacks is read in its order), standing alone between a
colon, a bracket or the start of the text and a stop, a bracket or the end (nothing stuck to
its first or last item: "fast, safe (default)"), with the same items, the same separators (a
comma, "and", "or") in the same places, a comma among them, each item one choice (no stop,
semicolon, colon, line break or negation inside it: ``_one_choice``), no number among what
moved (the grader checks that first) and no word or phrase about order (``order``, ``first``,
``priority``, ``preferred``, ``left to right``, ...) in the text.

Why: "Allowed commands: cat, ls" -> "ls, cat" is a set printed in hash order (new-user
trial, round 15: mcp-shell-server builds it from a Python set, so two starts of one release
differed), as the contract sets aside the order of ``enum``. Hostile trial, round 17:
without the cue and the edges, "latitude, longitude" swapped and "(default)" moved to
another item were excused; round 19: "read, write. Never use: delete, drop" was cut into
three "items" and its two lists swapped values, and "Accepts a point: latitude, longitude"
and "Supported backends, tried left to right: ..." were read as sets, a cue found anywhere
in the sentence.
"""

from __future__ import annotations

import re

from .words import _TOKEN_RE, _negates, _Token, _words

#: What separates a written list's items; captured, so both sides must use the same ones.
#: No white space around it in the pattern: a run of spaces would be scanned again from each
#: of its positions (the items are stripped instead).
_LIST_SEPARATOR_RE = re.compile(r"(,[ \t]*+(?:and|or)\b|,|\band\b|\bor\b)", re.IGNORECASE)
#: The most words one item may hold: longer ones are clauses, whose order can carry meaning.
_MAX_ITEM_WORDS = 6
#: What may not stand inside one item of a list: the item would span two clauses (``_one_choice``).
_ITEM_BREAK_RE = re.compile(r"[.;:\n]")
#: Words that make a list's order part of what it says.
_ORDER_WORDS = _words("order ordered orders priority priorities precedence prefer preferred preference "
                      "preferences rank ranked ranking sequence sequential sort sorts sorted sorting "
                      "fallback fallbacks first last then before after wins win turn primary secondary "
                      "default defaults tuple pair next earlier earliest highest lowest top tried tries")
#: Phrases that make a list's order part of what it says, in words no one of which does
#: ("They are tried left to right": hostile trial, round 19).
_ORDER_PHRASE_RE = re.compile(r"\b(?:left to right|right to left|top to bottom|bottom to top|one by one|"
                              r"one after (?:another|the other)|one at a time)\b")
#: Words by which a list's own lead-in introduces it as a set of choices (``_set_cue_leads``).
#: Not the verbs "accepts", "allows", "supports", "includes": they open a fixed-order format as
#: often as a set ("Accepts a point: latitude, longitude", hostile trial, round 19).
_SET_CUE_RE = re.compile(r"\b(?:allowed|supported|available|valid|accepted|permitted|options|choices|values|"
                         r"one of|any of|such as|including|either)\b|\be\.g\b\.?")
#: The most words that may stand between a set cue and its list ("Supported output image formats:").
_MAX_CUE_GAP_WORDS = 3
#: What may not stand between a set cue and its list: a clause break (the cue speaks for another
#: clause: "Supported backends, tried left to right:") or a verb's participle ("tried", "checked":
#: the clause says what is done with the list, perhaps in its order).
_CUE_GAP_BREAK_RE = re.compile(r"[,;:()\[\]!?\n\u2013\u2014]|\.(?!\w)|\s-\s|\w\wed\b")
#: What may stand right before a list of choices (after white space) and right after it.
_LIST_OPENS, _LIST_CLOSES = ":([\n", ".;)]\n!?"


def _list_reordered(b: str, a: str) -> bool:
    """Whether ``a`` is ``b`` with the items of one written list put in another order (step
    4 (e)). The changed span is widened to whole words on both ends, cut at the list's
    separators, and must hold the same short items in another order with the same
    separators. Linear: a common prefix and suffix, then one split each side."""
    if b == a or len(b) != len(a):  # the same items and separators: the same length
        return False
    start = 0
    while start < len(b) and b[start] == a[start]:
        start += 1
    end = 0
    while end < len(b) - start and b[-1 - end] == a[-1 - end]:
        end += 1
    while start > 0 and (b[start - 1].isalnum() or b[start - 1] == "_"):  # back to a word's start
        start -= 1
    while end > 0 and (b[len(b) - end].isalnum() or b[len(b) - end] == "_"):
        end -= 1
    before, after = b[:start].rstrip(" \t"), b[len(b) - end:].lstrip(" \t")
    if (before and before[-1] not in _LIST_OPENS) or (after and after[0] not in _LIST_CLOSES):
        return False  # something stuck to the first or last item: "fast, safe (default)"
    if not _set_cue_leads(before):
        return False  # not introduced as a set: "Point as latitude, longitude" is read in order
    b_parts = _LIST_SEPARATOR_RE.split(b[start:len(b) - end])
    a_parts = _LIST_SEPARATOR_RE.split(a[start:len(a) - end])
    b_items, a_items = [p.strip().casefold() for p in b_parts[::2]], [p.strip().casefold() for p in a_parts[::2]]
    if len(b_items) < 2 or b_items == a_items or sorted(b_items) != sorted(a_items):
        return False
    separators = [" ".join(p.casefold().split()) for p in b_parts[1::2]]
    if separators != [" ".join(p.casefold().split()) for p in a_parts[1::2]]:
        return False
    if separators in (["and"], ["or"]):  # "a and b" swapped may be an operation's operands
        return False
    if any(not item or len(item.split()) > _MAX_ITEM_WORDS for item in b_items):
        return False
    if not all(_one_choice(part.strip()) for part in b_parts[::2] + a_parts[::2]):  # raw: camelCase splits
        return False
    said = b.casefold()
    return not (_ORDER_WORDS.intersection(_TOKEN_RE.findall(said)) or _ORDER_PHRASE_RE.search(said))


def _set_cue_leads(before: str) -> bool:
    """Whether the text before a list (up to the colon, bracket or line break that opens it)
    ends in a set cue of its own clause: the cue (``_SET_CUE_RE``), then at most
    _MAX_CUE_GAP_WORDS words and no clause break or participle (``_CUE_GAP_BREAK_RE``).
    "Allowed commands:", "Supported output image formats:", "one of (" lead a set;
    "Supported backends, tried left to right:" and "Accepts a point:" do not (hostile trial,
    round 19: a cue anywhere in the sentence was read as the list's). Only the last cue is
    weighed: an earlier one has the same words and more between it and the list."""
    lead_in = before.casefold().rstrip(" \t" + _LIST_OPENS)
    cue_ends = [cue.end() for cue in _SET_CUE_RE.finditer(lead_in)]
    if not cue_ends:
        return False
    gap = lead_in[cue_ends[-1]:]
    return len(gap.split()) <= _MAX_CUE_GAP_WORDS and not _CUE_GAP_BREAK_RE.search(gap)


def _one_choice(item: str) -> bool:
    """Whether a list's item (stripped) can be one choice: no sentence stop, semicolon, colon or
    line break inside it, and no negation among its words, even inside an identifier. Hostile
    trial, round 19: "Allowed values: read, write. Never use: delete, drop" was cut into
    "read", "write. never use: delete" and "drop", so moving "drop" into the allowed list and
    "read" into the forbidden one read as the same items in another order. A dotted name
    ("config.json") is refused with them: a false alarm costs less than a missed change."""
    if _ITEM_BREAK_RE.search(item):
        return False
    return not any(_negates(_Token(m.group().casefold(), m.group(), False)) for m in _TOKEN_RE.finditer(item))
