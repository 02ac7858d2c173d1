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

Another reads "read … ~/.ssh … and … send", with 40, 60 and 20 characters between;
as one expression it cost 3–7 µs a character on text packed with those words. Its paths
are not whole words, so a word list may also be an ``Expression``.

The answer is exact on normalised text (unicode.normalise: lower case, single spaces):
a word list's alternatives are literal words or phrases, matched whole (or an
``Expression``, below), and a gap is any run of characters that does not end a sentence
(see ``_STOPS``). tests/checks/test_lint_chain.py and tests/checks/test_injection_review.py
compare it with the regular expression on generated text.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property

#: What ends a sentence: a gap never holds one (injection._S, what a gap may hold, is the
#: complement). A dot ends one when it follows a word character or is not followed by a
#: letter, dot or slash; one that starts a name (" .net", "~/.cursor") does not. Searched with
#: an end position, a dot just before it reads as a stop whatever follows; that is harmless,
#: as a stop only counts before the start of a word found before the end position.
_STOPS = re.compile(r"[!?;\n]|(?<=\w)\.|\.(?![\w./])")
#: Text is searched in pieces of this many characters (each with the longest chain's
#: length after it), so the occurrences held at once stay few on any input.
_CHUNK = 1 << 13


@dataclass(frozen=True)
class Expression:
    """A word list given as a regular expression, for what is not a whole word (a path such as
    ``~/.ssh`` starts and ends with no word boundary). It is looked for at every position, so
    its occurrences may overlap (``~/.ssh/`` holds ``~/.ssh`` and ``.ssh/``). The search is
    exact only if it matches in at most one way at any start (alternatives of fixed text, none
    of which can match where another does) and ``longest`` is the most it can match;
    tests/checks/test_injection_review.py checks both for the expressions in use."""

    source: str
    longest: int


@dataclass(frozen=True)
class Chain:
    """Word lists in order, and the most characters allowed between each and the next."""

    words: tuple[tuple[str, ...] | Expression, ...]
    gaps: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.gaps) != len(self.words) - 1:
            raise ValueError("a chain has one gap fewer than it has word lists")

    @property
    def source(self) -> str:
        """The chain as a regular expression (``{S}`` for a gap's character, as in injection._re)."""
        parts = [f"(?:{words.source})" if isinstance(words, Expression) else _alternatives(words)
                 for words in self.words]
        out = parts[0]
        for gap, part in zip(self.gaps, parts[1:], strict=True):
            out += f"{{S}}{{0,{gap}}}{part}"
        return out

    @cached_property
    def _lists(self) -> tuple[re.Pattern[str], ...]:
        # An expression is matched inside a lookahead, so that every start is tried (its
        # occurrences may overlap) and group 1 holds the occurrence.
        return tuple(re.compile(f"(?=({words.source}))" if isinstance(words, Expression) else _alternatives(words))
                     for words in self.words)

    @property
    def longest(self) -> int:
        """The most characters a chain can span."""
        return sum(words.longest if isinstance(words, Expression) else max(map(len, words))
                   for words in self.words) + sum(self.gaps)

    def first_start(self, text: str, chunk: int = _CHUNK, pos: int = 0) -> int | None:
        """Where the leftmost chain in ``text`` that starts at ``pos`` or after starts, or None
        if there is none (``pos`` as ``re.Pattern.search`` takes it: what lies before still
        bounds a word)."""
        for low in range(pos, len(text), chunk):
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
                after = match.end(1) if pattern.groups else match.end()  # an expression's occurrence is group 1
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
