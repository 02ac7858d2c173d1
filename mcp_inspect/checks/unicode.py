"""Text as a model reads it: tag characters decoded, and the normalisation MCP-020 searches.

What counts as invisible is text/invisible.py's (MCP-021, the prose grading and the escaper share it).
"""

from __future__ import annotations

import re
import unicodedata

from ..text.invisible import INVISIBLE, JOINERS

_HIDDEN = re.compile(f"[{INVISIBLE}]")
_JOINER = re.compile(f"[{JOINERS}]")
_TAG = re.compile("[\U000e0020-\U000e007e]+")
_QUOTES = {0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'}


def decode_tags(text: str) -> str:
    """Unicode tag characters (U+E0020–E007E) mirror ASCII and are invisible: a known way
    to smuggle text past a reader. Returns the ASCII they spell, runs joined by spaces."""
    return " ".join("".join(chr(ord(c) - 0xE0000) for c in run) for run in _TAG.findall(text))


def has_tags(text: str) -> bool:
    return not text.isascii() and _TAG.search(text) is not None


def normalise(text: str, *, lower: bool = True) -> str:
    """Text as a model would read it: tag characters spelled out, invisible characters
    removed (they can split a phrase to dodge a pattern), compatibility forms folded,
    lower case (unless ``lower`` is false: a chat template's marker is known by its case),
    typographic quotes made plain, whitespace collapsed."""
    if text.isascii():  # nothing to decode, remove or fold (``isascii`` costs nothing)
        return " ".join((text.lower() if lower else text).split())
    hidden = decode_tags(text)
    text = _TAG.sub(" ", text)
    text = _HIDDEN.sub("", _JOINER.sub("", text))
    text = unicodedata.normalize("NFKC", text + (" " + hidden if hidden else ""))
    text = (text.lower() if lower else text).translate(_QUOTES)
    return " ".join(text.split())
