"""Invisible and bidirectional characters (MCP-021), and the text normalisation MCP-020 uses."""

from __future__ import annotations

import re
import unicodedata

#: Characters that render as nothing (or reorder what is around them) and have no
#: business in a tool definition. Joiners (U+200C/D) are judged by their neighbours.
INVISIBLE = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200e\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\u2800\u3164\ufeff\uffa0\ufff9-\ufffb"
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef"
)
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_HIDDEN = re.compile(f"[{INVISIBLE}]")
_JOINER = re.compile("[\u200c\u200d]")
_TAG = re.compile("[\U000e0020-\U000e007e]+")
_QUOTES = {0x2018: "'", 0x2019: "'", 0x201C: '"', 0x201D: '"'}


def _joiner_is_hidden(text: str, index: int) -> bool:
    """A joiner between two non-ASCII characters (emoji sequences, Indic and Persian
    scripts) is doing its job; next to ASCII, a space or an edge it is only hiding."""
    before = text[index - 1] if index > 0 else ""
    after = text[index + 1] if index + 1 < len(text) else ""
    return not (before and after and ord(before) > 0x7F and ord(after) > 0x7F)


def hidden_chars(text: str) -> tuple[int, list[str]]:
    """How many invisible or bidirectional characters ``text`` holds, and which ones, each
    once, in the order they first appear.

    Counted as they are found: a list of every occurrence cost some 190 bytes each, and a
    string can hold millions of them.
    """
    count = 0
    first: dict[str, int] = {}  # each kind: where it first appears
    for match in _HIDDEN.finditer(text):
        count += 1
        first.setdefault(match.group(), match.start())
    for match in _JOINER.finditer(text):
        if _joiner_is_hidden(text, match.start()):
            count += 1
            first.setdefault(match.group(), match.start())
    return count, sorted(first, key=first.__getitem__)


def may_hide(text: str) -> bool:
    """Cheap pre-check: could ``text`` hold a hidden character at all? (One regex pass.)"""
    return not text.isascii() and bool(_HIDDEN.search(text) or _JOINER.search(text))


def is_bidi(ch: str) -> bool:
    return ch in _BIDI


def decode_tags(text: str) -> str:
    """Unicode tag characters (U+E0020–E007E) mirror ASCII and are invisible: a known way
    to smuggle text past a reader. Returns the ASCII they spell, runs joined by spaces."""
    return " ".join("".join(chr(ord(c) - 0xE0000) for c in run) for run in _TAG.findall(text))


def has_tags(text: str) -> bool:
    return not text.isascii() and _TAG.search(text) is not None


def normalise(text: str) -> str:
    """Text as a model would read it: tag characters spelled out, invisible characters
    removed (they can split a phrase to dodge a pattern), compatibility forms folded,
    lower case, typographic quotes made plain, whitespace collapsed."""
    if text.isascii():  # nothing to decode, remove or fold (``isascii`` costs nothing)
        return " ".join(text.lower().split())
    hidden = decode_tags(text)
    text = _TAG.sub(" ", text)
    text = _HIDDEN.sub("", _JOINER.sub("", text))
    text = unicodedata.normalize("NFKC", text + (" " + hidden if hidden else "")).lower()
    text = text.translate(_QUOTES)
    return " ".join(text.split())
