"""Small helpers for messages that quote untrusted text."""

from __future__ import annotations

import functools
import re
import unicodedata

from ..text.invisible import INVISIBLE, JOINERS, SELECTORS

# Some characters MCP-021 counts are letters, symbols or marks to Unicode (the Hangul
# fillers, the braille blank, the combining grapheme joiner, variation selectors), so the
# category test below would print them as themselves: as invisible in the message as in
# the tool. Everything MCP-021 counts is spelled as its code instead, the selectors
# U+FE00–U+FE0F included: a U+FE0E inside a word was quoted as itself (hostile trial, round 30).
_INVISIBLE = re.compile(f"[{INVISIBLE}{JOINERS}{SELECTORS}]")



def a_json_type(value: object) -> str:
    """A parsed JSON value's type as a message names it: "an object", "a number", "null"."""
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
            type(None): "null"}.get(type(value), "a number")


def show_char(ch: str) -> str:
    """A character as a reader can see it: ``' '`` (space), ``U+200B ZERO WIDTH SPACE``,
    ``U+3164 HANGUL FILLER``."""
    if ch == " ":
        return "' ' (space)"
    if ch.isprintable() and not unicodedata.category(ch).startswith(("C", "Z")) and not _INVISIBLE.match(ch):
        return repr(ch)
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def offending(text: str, allowed: str) -> list[str]:
    """The distinct characters of ``text`` outside ``allowed`` (a set of characters), in order."""
    if _outside(allowed).search(text) is None:  # the usual answer, found in C
        return []
    return list(dict.fromkeys(ch for ch in text if ch not in allowed))


@functools.lru_cache(maxsize=64)
def _outside(allowed: str) -> re.Pattern[str]:
    return re.compile("[^" + "".join(re.escape(ch) for ch in allowed) + "]")


@functools.lru_cache(maxsize=64)
def char_set(chars: str) -> str:
    """Expand a regex class body such as ``A-Za-z0-9_.-`` into the characters it allows."""
    out, i = [], 0
    while i < len(chars):
        if i + 2 < len(chars) and chars[i + 1] == "-":
            out += [chr(c) for c in range(ord(chars[i]), ord(chars[i + 2]) + 1)]
            i += 3
        else:
            out.append(chars[i])
            i += 1
    return "".join(out)


def short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
