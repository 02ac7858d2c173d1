"""Whether one ECMA-262 pattern matches every string another matches, read from the text.

A ``pattern`` that changes is "not orderable" (``constraint.changed``) unless a finer
judgement is sound. This module makes one: the pattern is read into a tree of alternations
(the whole pattern, each group) over sequences of atoms, and the new pattern includes the
old when every alternative of an old alternation is included in some alternative of the new
one at the same place, and two sequences are compared position by position, with the same
operators (quantifiers, anchors) at the same places, but for an anchor only the included
side has, a quantifier only the including side has that allows one repetition (``a`` within
``a+``), and a count within a count (``+`` within ``*``); an atom within an alternation is
within one of its alternatives (``a`` within ``(a|b)``); and each atom (a class, a literal
character, ``\\d``, ``.``) accepting a superset of its counterpart's characters. Every
construct of a pattern that RE2 runs (sequence, alternation, groups, quantifiers, anchors,
word boundaries) is monotone in the sets of its atoms and in the alternatives of its
alternations: give an atom more characters, or an alternation one more alternative, and
every string matched before is still matched. ``^[a-z]+$`` → ``^[a-z0-9]+$`` widens, and so
does ``\\.(png|svg)$`` → ``\\.(png|svg|gif)$``; the other way round narrows.

The patterns are never run (a classification runs no surface's pattern), only read. The
sets mean what ``patterns.ecma`` makes them mean when the validator runs the pattern:
``\\d`` and ``\\w`` are ASCII, ``\\s`` is ECMA's white space, ``.`` is any character but a
line terminator. Anything else ends the reading with no answer (the caller keeps
``constraint.changed``): a lookaround (a negative one reverses the direction), a
backreference, ``\\u{…}``/``\\c``/``\\p`` escapes (``\\xHH`` and ``\\uHHHH`` are read), a brace that
is not a quantifier, a class the reading would have to guess at, sequences of different shapes.
"""

from __future__ import annotations

import functools
import math

#: A set of code points: sorted, merged, inclusive ``(low, high)`` ranges.
Ranges = tuple[tuple[int, int], ...]

_MAX = 0x10FFFF
_DIGIT: Ranges = ((0x30, 0x39),)
_WORD: Ranges = ((0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A))
#: ECMA-262's white space and line terminators (patterns.ecma's ``_SPACE``).
_SPACE: Ranges = ((0x9, 0xD), (0x20, 0x20), (0xA0, 0xA0), (0x1680, 0x1680), (0x2000, 0x200A), (0x2028, 0x2029),
                  (0x202F, 0x202F), (0x205F, 0x205F), (0x3000, 0x3000), (0xFEFF, 0xFEFF))
_LINE_TERMINATORS: Ranges = ((0xA, 0xA), (0xD, 0xD), (0x2028, 0x2029))
_ANY: Ranges = ((0, _MAX),)
_CONTROL_ESCAPES = {"n": 0x0A, "r": 0x0D, "t": 0x09, "f": 0x0C, "v": 0x0B}
#: Tokens that are the same construct on both sides or the reading stops.
_OPERATORS = frozenset("^$|)?*+")
#: The zero-width assertions the reading keeps: each only refuses matches.
_ANCHORS = frozenset("^$")
#: Pairs of alternatives compared at most, per pattern pair: with every pair remembered the
#: comparison is bounded by the product of the two trees' sizes; this bounds it lower still.
_MAX_COMPARISONS = 20_000
#: Places of two sequences visited (and items read by a run) at most, per pattern pair: each
#: place is a pair of positions, so a pair of 1,000-character patterns could ask for a million;
#: real ones ask for dozens. Past it the reading has no answer. 20,000 take about 0.2 s.
_MAX_STEPS = 20_000
#: The longest pattern read: the reading is linear, this only bounds the work per change.
_MAX_CHARS = 1000


class _Unread(Exception):
    pass


def _merge(ranges: list[tuple[int, int]]) -> Ranges:
    out: list[tuple[int, int]] = []
    for low, high in sorted(ranges):
        if out and low <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], high))
        else:
            out.append((low, high))
    return tuple(out)


def _complement(ranges: Ranges) -> Ranges:
    out: list[tuple[int, int]] = []
    start = 0
    for low, high in ranges:
        if low > start:
            out.append((start, low - 1))
        start = high + 1
    if start <= _MAX:
        out.append((start, _MAX))
    return tuple(out)


def _within(inner: Ranges, outer: Ranges) -> bool:
    """Every code point of ``inner`` is in ``outer`` (both merged)."""
    return all(any(lo <= low and high <= hi for lo, hi in outer) for low, high in inner)


_CLASS_ESCAPES = {"d": _DIGIT, "w": _WORD, "s": _SPACE}


class _Reader:
    def __init__(self, source: str) -> None:
        self.s = source
        self.i = 0

    def take(self) -> str:
        if self.i >= len(self.s):
            raise _Unread
        char = self.s[self.i]
        self.i += 1
        return char

    def escape(self, *, in_class: bool) -> Ranges:
        """After the backslash: the characters the escape accepts."""
        char = self.take()
        if char.lower() in _CLASS_ESCAPES:
            found = _CLASS_ESCAPES[char.lower()]
            return found if char.islower() else _complement(found)
        if char in _CONTROL_ESCAPES:
            return ((_CONTROL_ESCAPES[char],) * 2,)
        if char == "b" and in_class:
            return ((8, 8),)
        if char in "xu":
            # ``\x61`` and ``\u0061`` are the character they name, as patterns.ecma runs them
            # (hostile trial, round 44: a key ``^\x61b`` was not read); ``\u{…}``, a surrogate
            # and a malformed escape (which Annex B reads as the letter) are not read.
            digits = self.s[self.i:self.i + (2 if char == "x" else 4)]
            if len(digits) != (2 if char == "x" else 4) or not all(d in "0123456789abcdefABCDEF" for d in digits):
                raise _Unread
            point = int(digits, 16)
            if 0xD800 <= point <= 0xDFFF:
                raise _Unread
            self.i += len(digits)
            return ((point, point),)
        if char.isascii() and char.isalnum():  # \b \B (assertions), \1 \k \u \x \c \p \0 ...
            raise _Unread
        return ((ord(char),) * 2,)  # an identity escape of a punctuation character

    def single(self) -> int:
        """One class member that must be a single character (a range's end)."""
        char = self.take()
        if char == "\\":
            found = self.escape(in_class=True)
            if len(found) != 1 or found[0][0] != found[0][1]:
                raise _Unread
            return found[0][0]
        if char == "]":
            raise _Unread
        return ord(char)

    def char_class(self) -> Ranges:
        negated = self.s.startswith("^", self.i)
        if negated:
            self.i += 1
        if self.s.startswith("]", self.i):  # [] and [^]: rare, and read no further
            raise _Unread
        members: list[tuple[int, int]] = []
        while True:
            if self.s.startswith("]", self.i):
                self.i += 1
                break
            if self.s.startswith("\\", self.i):
                self.i += 1
                found = self.escape(in_class=True)
            else:
                found = ((ord(self.take()),) * 2,)
            if self.s.startswith("-", self.i) and not self.s.startswith("-]", self.i):
                if len(found) != 1 or found[0][0] != found[0][1]:
                    raise _Unread  # [\d-z]: a range from a class
                self.i += 1
                high = self.single()
                if high < found[0][0]:
                    raise _Unread
                found = ((found[0][0], high),)
            members.extend(found)
        merged = _merge(members)
        return _complement(merged) if negated else merged

    def tokens(self) -> list[str | Ranges]:
        out: list[str | Ranges] = []
        while self.i < len(self.s):
            char = self.take()
            if char == "\\":
                out.append(self.escape(in_class=False))
            elif char == "[":
                out.append(self.char_class())
            elif char == ".":
                out.append(_complement(_LINE_TERMINATORS))
            elif char == "(":
                if self.s.startswith("?:", self.i):
                    self.i += 2
                    out.append("(?:")
                elif self.s.startswith("?", self.i):  # a lookaround or a named group
                    raise _Unread
                else:
                    out.append("(")
            elif char == "{":
                end = self.s.find("}", self.i, self.i + 24)
                inner = self.s[self.i:end] if end > 0 else ""
                low, comma, high = inner.partition(",")
                if not (low.isdigit() and (not high or high.isdigit())):
                    raise _Unread
                self.i = end + 1
                out.append("{" + inner + "}")
            elif char == "?" and out and _quantifier(out[-1]):
                # A lazy quantifier (``*?``, ``{1,3}?``) tries fewer repetitions first and
                # finds a match in the same strings: read as the greedy one. Read as a second
                # ``?``, it paired with the other side's ``?`` after a ``.*`` passed over and said
                # ``a?`` within ``a[a-c]*?`` (hostile trial, round 44, the property's own draw).
                continue
            elif char in _OPERATORS:
                out.append(char)
            elif char in "]}":
                raise _Unread
            else:
                out.append(((ord(char),) * 2,))
        return out


class _Alternation(tuple):
    """A group's (or the whole pattern's) alternatives, each a tuple of elements: an atom's
    ``Ranges``, an operator string (anchor, quantifier), or a nested ``_Alternation``."""


def _tree(tokens: list[str | Ranges]) -> _Alternation:
    """The token list as nested alternations; an unbalanced group ends the reading."""
    stack: list[list[list[object]]] = [[[]]]
    for token in tokens:
        if token in ("(", "(?:"):  # capturing or not: the same strings match
            stack.append([[]])
        elif token == ")":
            if len(stack) == 1:
                raise _Unread
            group = stack.pop()
            stack[-1][-1].append(_Alternation(tuple(branch) for branch in group))
        elif token == "|":
            stack[-1].append([])
        else:
            stack[-1][-1].append(token)
    if len(stack) != 1:
        raise _Unread
    return _flatten(_Alternation(tuple(branch) for branch in stack[0]))


def _quantifier(element: object) -> bool:
    return isinstance(element, str) and (element in ("?", "*", "+") or element.startswith("{"))


def _repeats(element: object) -> tuple[float, float]:
    """The fewest and most repetitions a quantifier allows (``(2, 2)`` for anything else, so
    that it allows neither none nor one): ``+`` is ``(1, inf)``, ``{2,5}`` is ``(2, 5)``."""
    if not _quantifier(element):
        return (2, 2)
    assert isinstance(element, str)
    fixed = {"?": (0, 1), "*": (0, math.inf), "+": (1, math.inf)}
    if element in fixed:
        return fixed[element]
    low, comma, high = element[1:-1].partition(",")
    return (int(low), (int(high) if high else math.inf) if comma else int(low))


def _nullable(sequence: tuple, j: int) -> int:
    """How many elements of ``sequence`` at ``j`` make one item that matches the empty string
    (an atom or a group under a quantifier that allows none, ``b?`` or ``.*``; a group with an
    empty alternative, ``(b|)``), or 0: passed over in the including side, such an item leaves
    a sequence that matches fewer strings, so ``^a`` is within ``^a.*`` and ``^ab?`` (hostile
    trial, round 43: ``^a`` → ``^a.*`` said names matching ``^a`` were rejected now)."""
    if j >= len(sequence) or isinstance(sequence[j], str):
        return 0
    if j + 1 < len(sequence) and _quantifier(sequence[j + 1]):
        return 2 if _repeats(sequence[j + 1])[0] == 0 else 0
    if isinstance(sequence[j], _Alternation) and any(not branch for branch in sequence[j]):
        return 1
    return 0


def _flatten(alternation: _Alternation) -> _Alternation:
    """The same tree with each group of one alternative written into its sequence when no
    quantifier follows it, or when that alternative is one atom (or one group): ``^(a+)$``
    matches what ``^a+$`` matches and ``(a)?`` what ``a?`` does (a group only captures, and
    the reading has no backreference), so each pair is compared as one shape."""
    branches = []
    for branch in _factored(alternation):
        out: list[object] = []
        for i, element in enumerate(branch):
            if isinstance(element, _Alternation):
                element = _flatten(element)
                quantified = i + 1 < len(branch) and _quantifier(branch[i + 1])
                if all(len(alternative) == 1 and _is_atom(alternative[0]) for alternative in element):
                    # A group of single characters is the class of them: ``(a|b)`` matches what
                    # ``[ab]`` does, repeated or not, each repetition taking one (hostile trial,
                    # round 44: ``^[ab]c`` → ``^(a|b)c`` said names were rejected now).
                    out.append(_merge([pair for alternative in element for pair in alternative[0]]))
                    continue
                filled = tuple(alternative for alternative in element if alternative)
                if not quantified and filled and len(filled) < len(element):
                    # ``(a|b|)`` is ``(a|b)?``: read so, it meets ``[ab]?`` item for item.
                    out.extend(_flatten(_Alternation([(_Alternation(filled), "?")]))[0])
                    continue
                single = len(element) == 1 and len(element[0]) == 1 and not isinstance(element[0][0], str)
                if len(element) == 1 and (not quantified or single):
                    out.extend(element[0])
                    continue
            out.append(element)
        branches.append(tuple(out))
    return _Alternation(branches)


def _factored(alternation: _Alternation) -> _Alternation:
    """``alternation`` with the first item its alternatives share written once before a group
    of what follows it: ``ab|ac`` matches what ``a(b|c)`` does, which reads as ``a[bc]``, and
    ``^a|^b`` as ``^[ab]`` (hostile trial, round 44: ``^a[bc]`` → ``^(ab|ac)`` said names were
    rejected now). Only an item no quantifier follows, in every alternative."""
    if len(alternation) < 2 or not all(alternation) or any(
            len(alternative) > 1 and _quantifier(alternative[1]) for alternative in alternation):
        return alternation
    first = alternation[0][0]
    if _quantifier(first) or any(type(alternative[0]) is not type(first) or alternative[0] != first
                                 for alternative in alternation):
        return alternation
    rest = _factored(_Alternation(alternative[1:] for alternative in alternation))
    return _Alternation([(first, rest)])


def _is_atom(element: object) -> bool:
    """Whether ``element`` is a set of characters (not an operator or a group)."""
    return isinstance(element, tuple) and not isinstance(element, _Alternation)


def _read(source: str) -> _Alternation | None:
    if len(source) > _MAX_CHARS:
        return None
    try:
        return _tree(_Reader(source).tokens())
    except _Unread:
        return None


class _Inclusion:
    """Whether every string one tree matches the other matches too, judged by shape."""

    def __init__(self) -> None:
        self.seen: dict[tuple[int, int], bool] = {}
        #: Alternatives written into their places by ``within_union``, bounded as ``seen`` is.
        self.expansions = 0
        #: Places visited by ``sequence``, over every pair it reads.
        self.steps = 0

    def alternation(self, inner: _Alternation, outer: _Alternation) -> bool:
        key = (id(inner), id(outer))
        if key not in self.seen:
            if len(self.seen) >= _MAX_COMPARISONS:
                raise _Unread
            self.seen[key] = all(any(self.sequence(a, b) for b in outer) for a in inner)
        return self.seen[key]

    def pattern(self, inner: _Alternation, outer: _Alternation) -> bool:
        """Whether every string the pattern ``inner`` matches the pattern ``outer`` matches:
        its alternatives as ``alternation`` reads them, but for what a pattern is, a search,
        so an alternative of ``outer`` whose end is not anchored with ``$`` matches a string
        the start of whose match it matches (``^a.`` within ``^a``: hostile trial, round 42)."""
        return all(any(self.sequence(a, b, open_end=True) for b in outer) for a in inner)

    def sequence(self, inner: tuple, outer: tuple, open_end: bool = False) -> bool:
        """Whether ``inner`` is included in ``outer``, read position by position, where an
        anchor of ``inner`` that ``outer`` lacks at that place is passed over: an anchor only
        refuses matches, so ``inner`` without it matches more (``[a-z]+`` → ``^[a-z]+``
        narrows; it was "changed" until stop 52). Each step pairs items that include one
        another, so any path of steps that reaches both ends proves the inclusion; where two
        steps apply, both are tried (an item of ``inner`` may be taken by ``outer``'s ``.*`` or
        by the item after it: ``^ab`` is within ``^a.*b`` only by the second; hostile trial,
        round 44, where the one greedy path said names matching ``^ab`` were refused). The
        places visited are remembered, so the search is bounded by the product of the lengths."""
        ends_open = open_end and (not outer or outer[-1] != "$")
        stack = [(0, 0)]
        visited = {(0, 0)}
        while stack:
            i, j = stack.pop()
            self.steps += 1
            if self.steps > _MAX_STEPS:
                raise _Unread
            if i == len(inner):
                while (width := _nullable(outer, j)):
                    j += width
                if j == len(outer):
                    return True
                continue
            a = inner[i]
            if ends_open and j == len(outer) and (not _quantifier(a) or _repeats(a)[0] >= 1):
                # The whole of ``outer`` matched the start of what ``inner`` matches and its end
                # is open: what follows in ``inner`` asks more of the string, never less. A
                # quantifier here repeats the item ``outer`` ended on: when it asks for one at
                # least, that one was matched (``^a+`` within ``^a``; hostile trial, round 44).
                return True
            moves: list[tuple[int, int]] = []  # the first is tried first
            moves.extend((k, j + 2) for k in reversed(self.absorbed(inner, i, outer, j)))
            once = not isinstance(a, str) and not (i + 1 < len(inner) and _quantifier(inner[i + 1]))
            if once and j + 1 < len(outer) and _repeats(outer[j + 1])[0] <= 1 <= _repeats(outer[j + 1])[1] \
                    and self.element(a, outer[j]):
                # An item once within the same item under a quantifier that allows one: ``^a$``
                # → ``^a+$`` widens (it was "changed", and patternProperties ``^a+$`` → ``^a$``
                # said names matching ``^a$`` were "rejected before": hostile trial, round 36).
                moves.append((i + 1, j + 2))
            if j < len(outer) and self.element(a, outer[j]):
                moves.append((i + 1, j + 1))
            if self.split(inner, i, outer, j):
                moves.append((i + 2, j + 3))
            if (width := _nullable(outer, j)):
                moves.append((i, j + width))
            if a in _ANCHORS and not (i + 1 < len(inner) and _quantifier(inner[i + 1])):
                moves.append((i + 1, j))
            for move in reversed(moves):
                if move not in visited:
                    visited.add(move)
                    stack.append(move)
        return False

    def absorbed(self, inner: tuple, i: int, outer: tuple, j: int) -> list[int]:
        """Where ``inner`` may go on when ``outer[j]`` repeats with no upper bound and takes
        two or more items of ``inner`` in a row, each within its item whatever its own
        quantifier, as long as those items together repeat at least as often as ``outer[j]``
        asks: ``x?x?`` within ``x*`` (hostile trial, round 43: ``^bx*$`` → ``^bx?x?$`` was
        not orderable), ``[a-z]+-`` within ``[a-z-]+`` (hostile trial, round 44: a slug's
        separator folded into its class). Each run length is a place to go on from; the item
        by item reading would pair ``x?`` with ``x*`` alone."""
        if isinstance(outer[j] if j < len(outer) else "", str) or j + 1 >= len(outer) \
                or not _quantifier(outer[j + 1]) or _repeats(outer[j + 1])[1] != math.inf:
            return []
        least = _repeats(outer[j + 1])[0]
        out: list[int] = []
        k = i
        items = repeats = 0
        while k < len(inner) and not isinstance(inner[k], str) and self.element(inner[k], outer[j]):
            # Each item read counts as a step: a run as long as the pattern, read again from every
            # place, took 16 s for one pair within the cap on places (hostile trial, round 45).
            self.steps += 1
            if self.steps > _MAX_STEPS:
                raise _Unread
            quantified = k + 1 < len(inner) and _quantifier(inner[k + 1])
            repeats += _repeats(inner[k + 1])[0] if quantified else 1
            k += 2 if quantified else 1
            items += 1
            if items >= 2 and repeats >= least:
                out.append(k)
        return out

    def split(self, inner: tuple, i: int, outer: tuple, j: int) -> bool:
        """Whether ``inner[i]`` repeated once or more is within ``outer[j]`` once and then
        ``outer[j + 1]`` repeated with no bound and none allowed: ``[a-z]+`` within
        ``[a-z][a-z]*``, the first repetition taken by the first item and the rest by the
        second (hostile trial, round 44: ``^x_[a-z]+$`` ↔ ``^x_[a-z][a-z]*$`` was a BREAKING
        either way)."""
        if not (i + 1 < len(inner) and _quantifier(inner[i + 1]) and _repeats(inner[i + 1])[0] >= 1):
            return False
        if not (j + 2 < len(outer) and not isinstance(outer[j], str) and not isinstance(outer[j + 1], str)
                and _quantifier(outer[j + 2]) and _repeats(outer[j + 2]) == (0, math.inf)):
            return False
        return self.element(inner[i], outer[j]) and self.element(inner[i], outer[j + 1])

    def element(self, a: object, b: object) -> bool:
        if isinstance(a, _Alternation) and isinstance(b, _Alternation):
            return self.alternation(a, b)
        if _quantifier(a) and _quantifier(b):
            # A count of repetitions within the other's: ``+`` within ``*``, ``{1,2}`` within ``+``.
            (low, high), (least, most) = _repeats(a), _repeats(b)
            return least <= low and high <= most
        if isinstance(b, _Alternation) and not isinstance(a, str | _Alternation):
            # An atom within one alternative that is that atom's place alone: ``a`` within ``(a|b)``.
            return any(self.sequence((a,), branch) for branch in b)
        if isinstance(a, _Alternation) and not isinstance(b, str | _Alternation):
            return all(self.sequence(branch, (b,)) for branch in a)
        if isinstance(a, str) or isinstance(b, str) or isinstance(a, _Alternation) or isinstance(b, _Alternation):
            return a == b and type(a) is type(b)
        return _within(a, b)  # type: ignore[arg-type]


@functools.lru_cache(maxsize=1024)
def compare(old: str, new: str) -> str | None:
    """``"wider"`` when ``new`` matches every string ``old`` matches (some position of it
    accepting more characters, or some alternation more alternatives), ``"narrower"`` the
    other way round, ``"same"`` when each includes the other (``\\d`` and ``[0-9]``); None
    when the reading cannot tell (see the module), or when either pattern is one the
    validator does not run."""
    from .ecma import runs

    before, after = _read(old), _read(new)
    if before is None or after is None:
        return None
    if not all(runs(p) for p in (old, new)):
        return None  # a pattern that does not run refuses nothing: there is no set to compare
    try:
        inclusion = _Inclusion()
        grows = inclusion.pattern(before, after)
        shrinks = inclusion.pattern(after, before)
    except _Unread:
        return None
    if grows and shrinks:
        return "same"
    if grows or shrinks:
        return "wider" if grows else "narrower"
    return None


def _prefixes(tree: _Alternation) -> list[list[Ranges]] | None:
    """For each alternative of ``tree`` anchored at the start (``^``), the sets of the
    characters its first positions take, one set a position, up to the first element that is
    not a plain atom (a quantifier that allows none ends it before its atom, one that allows
    more than one just after it); None when an alternative is not anchored at the start."""
    out: list[list[Ranges]] = []
    for branch in tree:
        if not branch or branch[0] != "^":
            return None
        sets: list[Ranges] = []
        for i in range(1, len(branch)):
            element = branch[i]
            if isinstance(element, str | _Alternation):
                break
            following = branch[i + 1] if i + 1 < len(branch) else None
            if _quantifier(following):
                if _repeats(following)[0] >= 1:
                    sets.append(element)
                break
            sets.append(element)
        out.append(sets)
    return out


def _meet(a: Ranges, b: Ranges) -> bool:
    return any(low <= hi and lo <= high for low, high in a for lo, hi in b)


def disjoint(a: str, b: str) -> bool:
    """True only when no string matches both patterns, read from their starts: every
    alternative of each is anchored with ``^`` and, paired with every alternative of the
    other, takes characters no string shares at some position of their plain starts (``^a``
    and ``^b``, ``^ab`` and ``^ac``). False when that cannot be told (the names may overlap)."""
    trees = _read(a), _read(b)
    if trees[0] is None or trees[1] is None:
        return False
    first, second = _prefixes(trees[0]), _prefixes(trees[1])
    if first is None or second is None:
        return False
    return all(any(not _meet(x, y) for x, y in zip(one, other, strict=False)) for one in first for other in second)


def _atoms(tree: object, into: set[int]) -> None:
    """The bounds of every character set in ``tree``: each set starts at a bound and ends
    just before one."""
    if isinstance(tree, tuple) and not isinstance(tree, _Alternation) and tree and isinstance(tree[0], tuple) \
            and isinstance(tree[0][0], int):
        into.update(bound for low, high in tree for bound in (low, high + 1))  # type: ignore[misc]
        return
    if isinstance(tree, tuple):
        for element in tree:
            _atoms(element, into)


def _pieces(ranges: Ranges, bounds: set[int]) -> list[Ranges]:
    """``ranges`` cut at ``bounds``: each piece lies wholly inside or wholly outside every
    set whose bounds they are."""
    out: list[Ranges] = []
    for low, high in ranges:
        cuts = sorted(bound for bound in bounds if low < bound <= high)
        for start, end in zip([low, *cuts], [*cuts, high + 1], strict=True):
            out.append(((start, end - 1),))
    return out


#: The most pieces one character set is cut into to be read as within a union of patterns.
_MAX_PIECES = 256


def within_union(pattern: str, others: list[str]) -> bool:
    """True when every string ``pattern`` matches is matched by one of ``others`` (``^[ab]``
    by ``^a`` and ``^b`` together), read as ``compare`` reads one pattern within another,
    and besides with one character set of an alternative cut into pieces that each lie
    within one of the others (``[ab]`` into ``a`` and ``b``). False when that cannot be told."""
    from .ecma import runs

    inner = _read(pattern)
    trees = [_read(other) for other in others]
    if inner is None or not trees or any(tree is None for tree in trees):
        return False
    if not all(runs(p) for p in (pattern, *others)):
        return False
    outer = _Alternation(branch for tree in trees for branch in tree)  # type: ignore[union-attr]
    bounds: set[int] = set()
    _atoms(outer, bounds)
    inclusion = _Inclusion()
    try:
        return all(_branch_within(inclusion, branch, outer, bounds) for branch in inner)
    except _Unread:
        return False


def _branch_within(inclusion: _Inclusion, branch: tuple, outer: _Alternation, bounds: set[int],
                   ended: bool = False) -> bool:
    if any(inclusion.sequence(branch, other, open_end=True) for other in outer):
        return True
    # A search whose end is open matches what ends with its match and what has one more
    # character after it, together: ``^a`` is within ``^a$`` and ``^a[\s\S]`` (hostile
    # trial, round 43). Read once: the second is open too.
    if not ended and (not branch or branch[-1] != "$") and all(
            _branch_within(inclusion, (*branch, end), outer, bounds, ended=True) for end in ("$", _ANY)):
        return True
    for k, element in enumerate(branch):
        if isinstance(element, _Alternation) and not (k + 1 < len(branch) and _quantifier(branch[k + 1])):
            # A group's alternatives each written in its place: ``^(a|b)$`` matches what
            # ``^a$`` and ``^b$`` do together (hostile trial, round 43). Counted, since
            # groups in a row multiply the sequences read.
            inclusion.expansions += len(element)
            if inclusion.expansions > _MAX_COMPARISONS:
                raise _Unread
            return all(_branch_within(inclusion, (*branch[:k], *alternative, *branch[k + 1:]), outer, bounds, ended)
                       for alternative in element)
    for k, element in enumerate(branch):
        if isinstance(element, str | _Alternation) or (k + 1 < len(branch) and _quantifier(branch[k + 1])):
            continue  # a repeated set cannot be cut: ``[ab]+`` matches ``ab``, neither ``a+`` nor ``b+``
        pieces = _pieces(element, bounds)
        if 1 < len(pieces) <= _MAX_PIECES and all(
                any(inclusion.sequence((*branch[:k], piece, *branch[k + 1:]), other, open_end=True) for other in outer)
                for piece in pieces):
            return True
    return False
