"""The characters a reader cannot see: one definition for the whole tool.

The diff's prose grading (a hidden character added to a description is never a typo),
the lint (MCP-021 reports them) and the escaper of every report (they are shown as
``\\uXXXX``) all read this module, so what one of them calls invisible the others do too.

Three groups:

- ``INVISIBLE``: characters that render as nothing, or reorder the text around them,
  wherever they stand (zero-width spaces, bidirectional controls, tag characters, fillers,
  the soft hyphen, the byte-order mark...);
- the joiners U+200C/U+200D, which are doing their job between two non-ASCII characters
  (emoji sequences, Indic and Persian scripts) and are hidden next to ASCII, a space or an
  edge;
- the variation selectors U+FE00–U+FE0F: one right after a symbol is an emoji
  presentation (U+26A0 U+FE0F), a run of them is the "emoji smuggling" pattern.

The C0 and C1 control characters (tab, newline and carriage return aside) are hidden too
where the caller counts them (``controls=True``); the lint leaves them to JSON's own rules.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator

#: Render as nothing, or reorder what is around them, wherever they stand.
INVISIBLE = (
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200e\u200f\u202a-\u202e"
    "\u2060-\u2064\u2066-\u206f\u2800\u3164\ufeff\uffa0\ufff9-\ufffb"
    "\U0001d173-\U0001d17a\U000e0000-\U000e007f\U000e0100-\U000e01ef"
)
JOINERS = "\u200c\u200d"
SELECTORS = "\ufe00-\ufe0f"
#: C0 controls other than tab, newline and carriage return, and DEL; with the C1 controls.
ASCII_CONTROLS = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f"
CONTROLS = ASCII_CONTROLS + "\x80-\x9f"
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

_ALWAYS = re.compile(f"[{INVISIBLE}]")
_ANY = re.compile(f"[{INVISIBLE}{JOINERS}{SELECTORS}]")
_ANY_OR_CONTROL = re.compile(f"[{INVISIBLE}{JOINERS}{SELECTORS}{CONTROLS}]")
_CONTEXTUAL = re.compile(f"[{JOINERS}{SELECTORS}]")
_SELECTOR = re.compile(f"[{SELECTORS}]")
_ASCII_CONTROL = re.compile(f"[{ASCII_CONTROLS}]")
_JOINER_SET = frozenset(JOINERS)


def _is_hidden(match: re.Match[str]) -> bool:
    """Whether the character ``match`` found hides (joiners and selectors depend on their neighbours)."""
    ch = match.group()
    if ch in _JOINER_SET:
        text, index = match.string, match.start()
        before = text[index - 1] if index > 0 else ""
        after = text[index + 1] if index + 1 < len(text) else ""
        return not (before and after and ord(before) > 0x7F and ord(after) > 0x7F)
    if _SELECTOR.match(ch):
        # One selector right after a visible symbol, and not followed by another, presents it.
        text, index = match.string, match.start()
        previous = text[index - 1] if index > 0 else ""
        return not (previous and unicodedata.category(previous).startswith("S")
                    and not _SELECTOR.match(text, index + 1) and not _SELECTOR.match(previous))
    return True


def _matches(text: str, controls: bool) -> Iterator[re.Match[str]]:
    """The hidden characters of ``text``, found one at a time (a string can hold millions of
    them: nothing here keeps a list of occurrences)."""
    if text.isascii():  # only controls can hide in ASCII (the usual case, answered in C)
        if controls:
            yield from _ASCII_CONTROL.finditer(text)
        return
    for match in (_ANY_OR_CONTROL if controls else _ANY).finditer(text):
        if _is_hidden(match):
            yield match


def hidden_counts(text: str, *, controls: bool = False) -> Counter[str]:
    return Counter(match.group() for match in _matches(text, controls))


def hidden_chars(text: str) -> tuple[int, list[str]]:
    """How many hidden characters ``text`` holds (controls aside), and which, each once, in
    the order they first appear."""
    count = 0
    kinds: dict[str, None] = {}
    for match in _matches(text, False):
        count += 1
        kinds.setdefault(match.group())
    return count, list(kinds)


def without_hidden(text: str, *, controls: bool = False, spacing: bool = False) -> str:
    """``text`` with its hidden characters removed; with ``spacing``, a hidden character that
    Python counts as whitespace (some controls) becomes a space, so words stay apart."""
    if text.isascii() and not controls:
        return text

    def replace(match: re.Match[str]) -> str:
        if not _is_hidden(match):
            return match.group()
        return " " if spacing and match.group().isspace() else ""

    pattern = _ANY_OR_CONTROL if controls else _ANY
    return pattern.sub(replace, text)


def may_hide(text: str) -> bool:
    """Cheap pre-check: could ``text`` hold a hidden character (controls aside) at all?"""
    return not text.isascii() and bool(_ALWAYS.search(text) or _CONTEXTUAL.search(text))


def is_bidi(ch: str) -> bool:
    return ch in BIDI
