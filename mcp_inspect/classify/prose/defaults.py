"""A default stated in words: whether a description gives a value as the default.

A default the side without one still gives in words ("Defaults to \"yearly\"") is the same
default, only machine-readable now (or no longer), so the schema walker grades a ``default``
declared or dropped beside such a text as documentation (new-user trial, round 17:
mcp-yahoo-finance 0.2.0 declared five defaults its 0.1.2 descriptions stated).
``states_default`` reads the text strictly, for a text that only seems to state the value
would excuse a real change: the value must stand whole, with nothing after it that may
change what it says, and no negation, word of the past or version just before "default"
(hostile trials, rounds 18 and 19). ``respelled_default`` reads the same way a
description's one default, written one way, so that restating.py can tell a default stated
again in other words ("(Default - 50)" → "Default is 50.").
"""

from __future__ import annotations

import json
import re

from ...limits import MAX_PROSE_CHARS
from .words import _EDGE_PUNCTUATION, NEGATIONS, _clean, _words

#: What may stand between the word "default" and the value a text gives for it: "Defaults to",
#: "Default value", "default is", "default:". Possessive runs, so a run of spaces is read once.
_DEFAULT_LEAD = r"(?i:\bdefaults?(?:\s++(?:value|is|to|of|being)\b)*+\s*+[:=]?\s*+)"
_QUOTE = "[\"'`\u201c\u201d\u2018\u2019]?"
#: What may follow a default's value (after its closing quote, if any): the end of the text
#: or of a line, a full stop, a closing bracket, or a comma or semicolon and white space.
#: Anything else may change what the value says: "5 minutes" is not 5 seconds, "10% of the
#: table" not 10 rows, "10 in v1" not today's default (hostile trial, round 19).
_DEFAULT_END = r"(?=[ \t]*+(?:\n|\Z)|\.(?:\s|\Z)|[)\]}]|[,;](?:\s|\Z))"
#: The words before "default" that a negation or a word of the past may stand in ("does not
#: default to", "no longer", "used to default to", "In v1 the default is").
_QUALIFIER_REACH = 4
#: Words before "default" that put it in the past: the default a text says there was is not
#: the one a call gets now ("Previously the default: 10; now 25": hostile trial, round 19).
_PAST_WORDS = _words("was were used previously formerly before until earlier originally once old older prior legacy")
#: The most items a list default may have for its text to be read for it.
_MAX_LISTED = 20
#: A version named before "default" ("In v1 the default is 10", "1.x"): a default of one release.
_VERSION_RE = re.compile(r"v\d+(?:\.\d+)*(?:\.x)?|\d+(?:\.\d+)*\.x")


def states_default(text: object, value: object) -> bool:
    """Whether ``text`` gives ``value`` as the default in words: ``Defaults to "yearly"``,
    ``Default value 12``, ``(default: 1mo)``, ``default: ['organic']``. Only a string, number
    or boolean is looked for, or a short list of them written as a list;
    the value must stand whole (``1`` is not in "Defaults to 10", "1.5" nor "1:30") with
    nothing after it that may change what it says (``_DEFAULT_END``: not "5 minutes", "10%
    of the table"; hostile trial, round 19), a string in its own case (``"Fast"`` is not
    ``"fast"``), and no negation may stand just before "default" ("Does not default to true",
    "no longer defaults to": hostile trial, round 18), nor a word of the past or a version
    ("used to default to", "Previously the default:", "In v1 the default is": a default
    that was; hostile trial, round 19, where "The default was 10 in v1" read as 10)."""
    if not isinstance(text, str) or len(text) > MAX_PROSE_CHARS:
        return False
    if isinstance(value, list):
        # A list of scalars written as a list: "default: ['organic']" (new-user trial, round
        # 36: dataforseo declared the item_types default its description gave).
        items = [_spelled(item) for item in value] if len(value) <= _MAX_LISTED else [None]
        if any(item is None for item in items):
            return False
        spelled = r"\[\s*+" + r"\s*+,\s*+".join(_quoted_or_bare(item) for item in items) + r"\s*+\]"
    else:
        found = _spelled(value)
        if found is None:
            return False
        spelled = _QUOTE + found + _QUOTE
    cleaned = _clean(text)
    pattern = _DEFAULT_LEAD + spelled + _DEFAULT_END
    for found in re.finditer(pattern, cleaned):
        before = cleaned[max(0, found.start() - 80):found.start()].casefold().split()[-_QUALIFIER_REACH:]
        if not any(_unsays_default(word.strip(_EDGE_PUNCTUATION)) for word in before):
            return True
    return False


#: The quotes a list item may stand in, each opening quote with its closing one.
_QUOTE_PAIRS = (('"', '"'), ("'", "'"), ("`", "`"), ("\u201c", "\u201d"), ("\u2018", "\u2019"))


def _quoted_or_bare(item: str) -> str:
    """A list item's pattern: the item in one pair of quotes, or bare. Quotes that may stand
    apart (``_QUOTE`` on each side) read ``['a,b']`` as the two items a and b (hostile trial,
    round 37)."""
    return "(?:" + "|".join(re.escape(o) + item + re.escape(c) for o, c in _QUOTE_PAIRS) + "|" + item + ")"


def _spelled(value: object) -> str | None:
    """A pattern for a string, number or boolean as a text writes it (unquoted), or None."""
    if isinstance(value, bool):
        return "(?i:true)" if value else "(?i:false)"
    if isinstance(value, (int, float)):
        return re.escape(json.dumps(value))
    if isinstance(value, str) and value.strip() and len(value) <= 200:
        return re.escape(value.strip())
    return None


def _unsays_default(word: str) -> bool:
    """Whether a word (casefolded, without its punctuation) just before "default" says the
    default that follows is not today's: a negation, a word of the past or a version."""
    return (word in NEGATIONS or word.endswith("n't") or word in _PAST_WORDS
            or _VERSION_RE.fullmatch(word) is not None)


#: A default stated in words, for ``default_respelled_grade``: the lead ``_DEFAULT_LEAD`` reads,
#: or a dash with white space after it ("(Default - 50)": a dash before a digit is a minus),
#: then one value, a number, a JSON literal, one word or a quoted run, and ``_DEFAULT_END``.
_RESPELLED = re.compile(
    r"(?i:\bdefaults?(?:\s++(?:value|is|to|of|being)\b)*+\s*+(?:[:=]|[-\u2013\u2014](?=\s))?\s*+)"
    r"(?:[\"'`\u201c\u2018](?P<quoted>[^\"'`\u201c\u201d\u2018\u2019\n]{1,200})[\"'`\u201d\u2019]"
    r"|(?P<bare>-?\d+(?:\.\d+)?|\w+))" + _DEFAULT_END)


def respelled_default(text: str) -> str | None:
    """``text`` (cleaned) with its one default in words written one way ("default: 50"), or
    None where it states none, more than one, or one a word before "default" unsays."""
    found = list(_RESPELLED.finditer(text))
    if len(found) != 1:
        return None
    match = found[0]
    before = text[max(0, match.start() - 80):match.start()].casefold().split()[-_QUALIFIER_REACH:]
    if any(_unsays_default(word.strip(_EDGE_PUNCTUATION)) for word in before):
        return None
    value = match.group("quoted") if match.group("quoted") is not None else match.group("bare")
    return f"{text[:match.start()]} default: {value} {text[match.end():]}"

