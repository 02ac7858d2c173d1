"""Words as the heuristic checks read them: identifier tokens, normalised text, whole words.

The validator's checks never match substrings: ``profile`` holds no ``file`` and ``author``
no ``auth``. A name or a text is split into *identifier tokens* (docs/lint.md): a break
between a lower-case letter or digit and a following capital, and between a run of
capitals and a capital followed by a lower-case letter; every character that is not an
ASCII letter or digit separates; the pieces are lower-cased (``userId`` → user, id;
``APIKey`` → api, key; ``base64Content`` → base64, content; ``HTMLUrl`` → html, url).
*Normalised text* is the tokens joined by single spaces, and a *whole-word match* of a
word or phrase is its normalised form found in the normalised text between spaces or ends.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

_LOWER_UPPER = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_ACRONYM_END = re.compile(r"(?<=[A-Z])(?=[A-Z][a-z])")
_SEPARATORS = re.compile(r"[^A-Za-z0-9]+")


@functools.lru_cache(maxsize=65536)  # names and descriptions repeat across tools and runs
def tokens(text: str) -> tuple[str, ...]:
    """The identifier tokens of ``text``, lower-cased, in order."""
    spaced = _ACRONYM_END.sub(" ", _LOWER_UPPER.sub(" ", text))
    return tuple(piece.lower() for piece in _SEPARATORS.split(spaced) if piece)


def normalised(text: str) -> str:
    """``text``'s tokens joined by single spaces (``search_files`` → ``search files``)."""
    return " ".join(tokens(text))


def has_phrase(text: str, phrase: str) -> bool:
    """A whole-word match of ``phrase`` (itself normalised) in ``text`` (already normalised)."""
    wanted = normalised(phrase)
    if not wanted:
        return False
    return f" {wanted} " in f" {text} "


def any_phrase(text: str, phrases: Iterable[str]) -> str | None:
    """The first of ``phrases`` found as whole words in the normalised ``text``, else None."""
    padded = f" {text} "
    for phrase in phrases:
        wanted = normalised(phrase)
        if wanted and f" {wanted} " in padded:
            return phrase
    return None


def usable(value: object) -> bool:
    """A string with at least one character that is not white space (a usable name or description)."""
    return isinstance(value, str) and bool(value.strip())
