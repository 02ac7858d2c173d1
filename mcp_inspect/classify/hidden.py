"""Characters a reader cannot see, as prose grading counts them.

A hidden character added to a description can smuggle instructions past a reviewer,
so the grading (``prose.py``) counts them apart from the words.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections import Counter

# Non-Cf characters that render as nothing: combining grapheme joiner, Hangul
# fillers, Mongolian/Khmer invisibles, braille blank, variation selectors.
_EXTRA_INVISIBLE = "\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u2800\u3164\uffa0\ufe00-\ufe0f"
_VARIATION_SELECTORS = frozenset(chr(c) for c in range(0xFE00, 0xFE10))


#: What ``_invisible_re`` matches within ASCII: the controls. Most prose is ASCII, and then
#: the full class (which takes a scan of the Unicode database to build) is never needed.
_ASCII_INVISIBLE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def invisible_for(text: str) -> re.Pattern[str]:
    return _ASCII_INVISIBLE if text.isascii() else _invisible_re()


@functools.cache
def _invisible_re() -> re.Pattern[str]:
    """Every Cf code point plus C0/C1 controls (bar tab/newline/CR) and the extras, as one class.

    Built lazily so commands that never grade prose do not pay for it, and as ranges,
    which the regex engine scans several times faster than single characters. Only
    planes 0, 1 and 14 are scanned: every Cf code point Unicode has assigned lives there,
    and scanning all seventeen planes costs about 0.3 s of start-up.
    """
    ranges: list[list[int]] = []
    for cp in (*range(0x0000, 0x20000), *range(0xE0000, 0xF0000)):
        if unicodedata.category(chr(cp)) == "Cf":
            if ranges and ranges[-1][1] == cp - 1:
                ranges[-1][1] = cp
            else:
                ranges.append([cp, cp])
    cls = "".join(f"{re.escape(chr(lo))}-{re.escape(chr(hi))}" for lo, hi in ranges)
    controls = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
    return re.compile(f"[{controls}{cls}{_EXTRA_INVISIBLE}\U000e0100-\U000e01ef]")


def hidden_counts(text: str) -> Counter[str]:
    counts: Counter[str] = Counter()
    for m in invisible_for(text).finditer(text):
        ch, i = m.group(), m.start()
        # One variation selector right after a visible symbol is an emoji presentation
        # (e.g. U+26A0 U+FE0F); a run of them is the "emoji smuggling" pattern and counts.
        if (
            ch in _VARIATION_SELECTORS
            and i > 0
            and unicodedata.category(text[i - 1]).startswith("S")
            and text[i + 1 : i + 2] not in _VARIATION_SELECTORS
        ):
            continue
        counts[ch] += 1
    return counts
