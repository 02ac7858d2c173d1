"""Text as a model reads it: tag characters decoded, and the normalisation MCP-020 searches.

What counts as invisible is text/invisible.py's (MCP-021, the prose grading and the escaper share it).

Lookalike letters are folded with Unicode's own confusables data (UTS #39, confusables.txt), as
the ``confusable_homoglyphs`` package ships it: "Ign\u043ere" (Cyrillic о) and "[\u0399NST]" (Greek
Ι) read as "Ignore" and "[INST]" to a model, and NFKC leaves them as they are (hostile trial,
round 26). Only characters outside ASCII are folded, and only to the ASCII text confusables.txt
maps them to: the patterns are ASCII, and UTS #39's full skeleton would also fold ASCII into
ASCII (``m`` → ``rn``, ``I`` → ``l``), which no pattern is written in. The skeleton's prototype
of the I class is the lower-case ``l``; an upper-case letter of that class (Greek Ι, Cyrillic І
and Ӏ) is folded to ``I``, the one upper-case letter of the class, so that a chat marker read in
its own case ("[INST]") still meets its lookalike.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from ..text.invisible import INVISIBLE, JOINERS, SELECTORS

#: Removed before matching, wherever they stand: a variation selector only picks how the
#: character before it is drawn, so dropping one never changes a word, while one left inside
#: a word ("Ig\ufe0enore") split the phrase and evaded MCP-020 (hostile trial, round 30).
_HIDDEN = re.compile(f"[{INVISIBLE}{SELECTORS}]")
_JOINER = re.compile(f"[{JOINERS}]")
_TAG = re.compile("[\U000e0020-\U000e007e]+")
_QUOTES = {0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'}


def decode_tags(text: str) -> str:
    """Unicode tag characters (U+E0020–E007E) mirror ASCII and are invisible: a known way
    to smuggle text past a reader. Returns the ASCII they spell, runs joined by spaces."""
    return " ".join("".join(chr(ord(c) - 0xE0000) for c in run) for run in _TAG.findall(text))


def has_tags(text: str) -> bool:
    return not text.isascii() and _TAG.search(text) is not None


@cache
def lookalike(char: str) -> str:
    """The ASCII text ``char`` is confusable with (UTS #39's prototype), else ``char`` itself.
    Read once per distinct character: the package's table (about 35 ms to load) is imported
    only when a text holds a character outside ASCII."""
    from confusable_homoglyphs.confusables import is_confusable

    found = is_confusable(char, greedy=True)
    # The package keeps confusables.txt's pairs both ways (source → prototype and back); a
    # character outside ASCII whose pair is ASCII is a source, and its one ASCII pair is its
    # prototype (no ASCII character is the source of a prototype outside ASCII).
    protos = [glyph["c"] for glyph in found[0]["homoglyphs"] if glyph["c"].isascii()] if found else []
    if len(protos) != 1 or not protos[0].isprintable():
        return char
    if protos[0] == "l" and char.isupper():
        return "I"
    return protos[0]


def fold_lookalikes(text: str) -> str:
    """``text`` with every character outside ASCII that is confusable with ASCII text replaced by it."""
    return "".join(c if c.isascii() else lookalike(c) for c in text)


def normalise(text: str, *, lower: bool = True, fold: bool = True) -> str:
    """Text as a model would read it: tag characters spelled out, invisible characters and
    variation selectors removed (they can split a phrase to dodge a pattern), compatibility forms folded,
    lookalike letters folded to the ASCII they look like (``fold_lookalikes``), lower case
    (unless ``lower`` is false: a chat template's marker is known by its case), typographic
    quotes made plain, whitespace collapsed. ``fold=False`` keeps the lookalikes: the text as
    written, for quoting what was matched."""
    if text.isascii():  # nothing to decode, remove or fold (``isascii`` costs nothing)
        return " ".join((text.lower() if lower else text).split())
    hidden = decode_tags(text)
    text = _TAG.sub(" ", text)
    text = _HIDDEN.sub("", _JOINER.sub("", text))
    text = unicodedata.normalize("NFKC", text + (" " + hidden if hidden else ""))
    # Typographic quotes first: confusables.txt maps ’ to the backtick's prototype, not to '.
    text = text.translate(_QUOTES)
    text = fold_lookalikes(text) if fold else text
    text = text.lower() if lower else text
    return " ".join(text.split())
