"""Where a chain of words, each within a few characters of the last, first starts.

One MCP-020 pattern reads "when … the user … asks … use this tool instead", allowing
up to 60, 40 and 80 characters of the same sentence between its words. Written as one
regular expression, it makes the engine try every way of placing the words after each
"when": text packed with those words costs about 4.5 µs a character, minutes for an
input of the largest size (docs/limits.md). ``Chain`` answers the same question in one
pass per word list: it finds every occurrence of each list's words, then works back from
the last list, keeping only the occurrences that can still reach the end of a chain.
The pattern's regular expression then runs once, at the start found, for the text it
reports.

The answer is exact on normalised text (unicode.normalise: lower case, single spaces):
a word list's alternatives are literal words or phrases, matched whole, and a gap is
any run of characters that does not end a sentence. tests/lint/test_lint_chain.py
compares it with the regular expression on generated text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property

#: What ends a sentence: a gap never holds one (injection._S, the gaps' class, excludes them).
_STOPS = re.compile(r"[.!?;\n]")
#: Text is searched in pieces of this many characters (each with the longest chain's
#: length after it), so the occurrences held at once stay few on any input.
_CHUNK = 1 << 13


@dataclass(frozen=True)
class Chain:
    """Word lists in order, and the most characters allowed between each and the next."""

    words: tuple[tuple[str, ...], ...]
    gaps: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.gaps) != len(self.words) - 1:
            raise ValueError("a chain has one gap fewer than it has word lists")

    @property
    def source(self) -> str:
        """The chain as a regular expression (``{S}`` for a gap's character, as in injection._re)."""
        parts = [_alternatives(words) for words in self.words]
        out = parts[0]
        for gap, part in zip(self.gaps, parts[1:], strict=True):
            out += f"{{S}}{{0,{gap}}}{part}"
        return out

    @cached_property
    def _lists(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(_alternatives(words)) for words in self.words)

    @property
    def longest(self) -> int:
        """The most characters a chain can span."""
        return sum(max(map(len, words)) for words in self.words) + sum(self.gaps)

    def first_start(self, text: str, chunk: int = _CHUNK) -> int | None:
        """Where the leftmost chain in ``text`` starts, or None if there is none."""
        for low in range(0, len(text), chunk):
            found = self._first_start_in(text, low, low + chunk)
            if found is not None:
                return found
        return None

    def _first_start_in(self, text: str, low: int, high: int) -> int | None:
        # A chain starting before ``high`` ends before ``end``: its every word is found here.
        # (A word cut short at ``end`` can only belong to a chain that starts past ``high``.)
        end = high + self.longest + 1
        stops = [m.start() for m in _STOPS.finditer(text, low, end)]
        # Work back from the last list: an occurrence is kept when a kept occurrence of the
        # next list starts within the gap after it, with no sentence end between them. The
        # nearest one is enough to test: a farther one is farther and has the same stops before it.
        reachable = [m.start() for m in self._lists[-1].finditer(text, low, end)]
        for pattern, gap in zip(self._lists[-2::-1], self.gaps[::-1], strict=True):
            kept = []
            for match in pattern.finditer(text, low, end):
                after = match.end()
                nearest = bisect_left(reachable, after)
                if nearest == len(reachable) or reachable[nearest] - after > gap:
                    continue
                stop = bisect_left(stops, after)
                if stop < len(stops) and stops[stop] < reachable[nearest]:
                    continue
                kept.append(match.start())
            if not kept:
                return None
            reachable = kept
        return reachable[0] if reachable[0] < high else None


def _alternatives(words: tuple[str, ...]) -> str:
    # Longest first, so that a phrase is not cut short by a shorter one it begins with.
    return r"\b(?:" + "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w))) + r")\b"
