"""Patterns taken from a surface (``pattern``, ``patternProperties``), run on RE2.

A schema's pattern is anyone's text. Python's ``re`` backtracks: ``(a+)+$`` against forty
``a`` and a ``!`` takes longer than anyone waits (each added character doubles the time).
So no such pattern ever runs on ``re``: it is translated from JSON Schema's dialect
(ECMA-262) into RE2's syntax here and run by RE2 (the ``google-re2`` binding), whose time
grows linearly with the text whatever the pattern.

The translation keeps ECMA-262's meaning where the two engines differ: ``.`` matches no
line terminator (``\\n``, ``\\r``, U+2028, U+2029), ``\\s`` is ECMA's Unicode white space,
``\\uXXXX`` (a surrogate pair too) and ``\\u{…}`` are code points, ``\\cX`` a control
character, ``[\\b]`` a backspace, ``[]`` matches nothing and ``[^]`` anything, and
``(?<name>…)`` is a named group. ``$`` needs nothing: RE2's, like ECMA's, matches only at
the very end (Python's also before a final newline).

One lookahead is run after all: one right after a leading ``^`` (``^(?!A)B``, pydantic's
spelling of a ``Decimal`` argument's string), as two RE2 programs, ``^(?:A)`` and ``^B``
(``Joined``), since at the very start both ask about the text from its first character.

What RE2 cannot express is otherwise never run: a lookahead or lookbehind, a backreference, a lone
surrogate (no text the lint reads holds one), a repetition count past 1,000, a pattern
longer than ``MAX_PATTERN_CHARS``, or one RE2 refuses for any other reason.
``compile_pattern`` returns ``Unrunnable`` for those, and what needed the pattern skips what
depended on it: a check of the lint, the replay of recorded calls, the witness search
(``patterns.validator``, docs/limits.md).

A text may hold a lone surrogate (a recorded argument may: docs/record.md), which ECMA-262
reads as one code point and RE2 cannot take at all (its text is UTF-8). ``search`` runs such
a text with each lone surrogate replaced by a stand-in, a noncharacter the text does not hold,
on a second translation of the pattern in which every atom holds the stand-in exactly when it
holds a lone surrogate (``.``, ``\\D``, ``[^a]``, ``[\\u0000-\\uffff]``, ``\\p{Cs}`` do; a
literal, ``\\d``, ``[a-z]``, ``[\\u{10000}-\\u{10ffff}]`` do not): the answer is ECMA-262's.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from ..limits import MAX_PATTERN_CHARS

#: ECMA-262's white space and line terminators (``\s``), as RE2 class members.
_SPACE = (r"\x{9}-\x{d}\x{20}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}"
          r"\x{feff}")
#: Every code point that is not ``\s`` (so ``[\S]`` can be written inside a class).
_NOT_SPACE = (r"\x{0}-\x{8}\x{e}-\x{1f}\x{21}-\x{9f}\x{a1}-\x{167f}\x{1681}-\x{1fff}\x{200b}-\x{2027}"
              r"\x{202a}-\x{202e}\x{2030}-\x{205e}\x{2060}-\x{2fff}\x{3001}-\x{fefe}\x{ff00}-\x{10ffff}")
_DOT = r"[^\x{a}\x{d}\x{2028}\x{2029}]"
_ANY = r"[\x{0}-\x{10ffff}]"
_NOTHING = r"[^\x{0}-\x{10ffff}]"
_CONTROL_ESCAPES = {"n": 0x0A, "r": 0x0D, "t": 0x09, "f": 0x0C, "v": 0x0B}
_HEX = frozenset("0123456789abcdefABCDEF")
_DIGITS = frozenset("0123456789")
#: RE2 keeps a compiled program (and its cache of states) within this many bytes; a pattern
#: that needs more is not run.
_MAX_MEM = 2 << 20
#: Longest ``\p{…}`` property name looked for.
_MAX_PROPERTY_CHARS = 64
#: The first and last UTF-16 surrogate.
_SURROGATES = (0xD800, 0xDFFF)
#: A surrogate in a Python string: read from JSON, a pair is one character already, so one
#: left is lone (``search`` joins a pair written as two first).
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
#: The property names (``\p{…}``, as RE2 knows them) that hold the surrogates: their general
#: category (Cs), its group (C), and every code point (Any). No property holds a noncharacter
#: (they are unassigned, a category RE2 has no name for) but Any.
_SURROGATE_PROPERTIES = frozenset({"C", "Cs", "Any"})
#: The stand-ins a lone surrogate is run as, first to last (the first one the text does not
#: hold): the Unicode noncharacters, which no text is meant to hold.
_NONCHARACTERS = (*(plane << 16 | low for plane in range(16, -1, -1) for low in (0xFFFF, 0xFFFE)),
                  *range(0xFDD0, 0xFDF0))


@dataclass(frozen=True)
class Unrunnable:
    """A pattern that is not run, and why (``"a lookahead"``, ``"not a valid pattern"``)."""

    reason: str


class _NotRun(Exception):
    pass


def _code(point: int) -> str:
    return f"\\x{{{point:x}}}"


@dataclass(frozen=True)
class _Atom:
    """One thing a pattern matches a character against, in RE2's syntax: a code point
    (``point``), or a set (``\\d``, ``\\p{L}``) with the RE2 text of the set of every other
    code point (``inverse``, written to stand inside a class), and whether a lone surrogate
    is in the set (``surrogate``: ECMA-262's answer) and whether a noncharacter is (RE2's)."""

    text: str
    point: int | None = None
    inverse: str = ""
    surrogate: bool = False
    noncharacter: bool = False


def _single(point: int) -> _Atom:
    return _Atom(_code(point), point)


def _set(text: str, inverse: str, holds_both: bool) -> _Atom:
    return _Atom(text, None, inverse, holds_both, holds_both)


def _property(name: str, negated: bool) -> _Atom:
    """``\\p{name}`` (``\\P`` when ``negated``): a surrogate and a noncharacter are in it as
    ``_SURROGATE_PROPERTIES`` says."""
    letter, other = ("P", "p") if negated else ("p", "P")
    surrogate, noncharacter = name in _SURROGATE_PROPERTIES, name == "Any"
    return _Atom(f"\\{letter}{{{name}}}", None, f"\\{other}{{{name}}}", surrogate != negated,
                 noncharacter != negated)


def _assertion(text: str) -> _Atom:
    """``\\b`` or ``\\B``: no character is in it, and a lone surrogate is not a word
    character, as a noncharacter is not."""
    return _Atom(text)


def _point(char: str) -> int:
    """The code point of a character the pattern holds as written; a lone surrogate is not
    run (reading a surface refuses one, and RE2 could not take it)."""
    point = ord(char)
    if _SURROGATES[0] <= point <= _SURROGATES[1]:
        raise _NotRun("a lone surrogate")
    return point


class _Translator:
    def __init__(self, source: str, stand_in: int | None = None) -> None:
        self.s = source
        self.i = 0
        self.out: list[str] = []
        #: The noncharacter a text's lone surrogates are replaced with (``search``), or None.
        self.stand_in = stand_in

    def peek(self, ahead: int = 0) -> str:
        at = self.i + ahead
        return self.s[at] if at < len(self.s) else ""

    def run(self) -> str:
        while self.i < len(self.s):
            char = self.s[self.i]
            if char == "\\":
                self.out.append(self.outside(self.escape(in_class=False)))
            elif char == "[":
                self.out.append(self.char_class())
            elif char == ".":
                self.i += 1
                self.out.append(_DOT)  # a lone surrogate and a noncharacter are both in it
            elif char == "(":
                self.out.append(self.group())
            else:
                self.i += 1
                self.out.append(self.outside(self.literal(char)))
        return "".join(self.out)

    @staticmethod
    def literal(char: str) -> _Atom:
        """A character of the pattern as written (a syntax character too: only its point is
        read, by ``outside``, and none is a noncharacter)."""
        point = _point(char)
        return _single(point) if point < 0x20 or char == "\x7f" else _Atom(char, point)

    def outside(self, atom: _Atom) -> str:
        """An atom outside a class; with a stand-in, one holding it exactly when it holds a
        lone surrogate (a literal never does: the text holds no stand-in but the replaced)."""
        stand_in = self.stand_in
        if stand_in is None:
            return atom.text
        if atom.point is not None:
            return _NOTHING if atom.point == stand_in else atom.text
        if atom.surrogate and not atom.noncharacter:
            return f"(?:{atom.text}|{_code(stand_in)})"
        if atom.noncharacter and not atom.surrogate:
            return f"[^{atom.inverse}{_code(stand_in)}]"
        return atom.text

    def group(self) -> str:
        rest = self.s[self.i:self.i + 4]
        if rest.startswith(("(?=", "(?!")):
            raise _NotRun("a lookahead")
        if rest.startswith(("(?<=", "(?<!")):
            raise _NotRun("a lookbehind")
        self.i += 1
        if rest.startswith("(?<"):
            self.i += 2
            return "(?P<"
        return "("

    def hex_digits(self, count: int) -> int | None:
        digits = self.s[self.i:self.i + count]
        if len(digits) == count and all(d in _HEX for d in digits):
            self.i += count
            return int(digits, 16)
        return None

    def unicode_escape(self) -> int | None:
        """After ``\\u``: the code point of ``XXXX`` (a surrogate pair joined) or ``{X…}``."""
        if self.peek() == "{":
            end = self.s.find("}", self.i, self.i + 9)  # at most six digits: never a scan of the rest
            digits = self.s[self.i + 1:end] if end > 0 else ""
            if digits and len(digits) <= 6 and all(d in _HEX for d in digits) and int(digits, 16) <= 0x10FFFF:
                self.i = end + 1
                point = int(digits, 16)
            else:
                return None
        else:
            found = self.hex_digits(4)
            if found is None:
                return None
            point = found
            if 0xD800 <= point < 0xDC00 and self.s.startswith("\\u", self.i):
                self.i += 2
                low = self.hex_digits(4)
                if low is not None and 0xDC00 <= low < 0xE000:
                    return 0x10000 + ((point - 0xD800) << 10) + (low - 0xDC00)
                raise _NotRun("a lone surrogate")
        if 0xD800 <= point < 0xE000:
            raise _NotRun("a lone surrogate")
        return point

    def escape(self, *, in_class: bool) -> _Atom:
        self.i += 1  # the backslash
        char = self.peek()
        if not char:
            raise _NotRun("not a valid pattern (it ends with a backslash)")
        self.i += 1
        if char in "dw":
            return _set("\\" + char, "\\" + char.upper(), False)
        if char in "DW":
            return _set("\\" + char, "\\" + char.lower(), True)
        if char == "s":
            return _set(_SPACE if in_class else f"[{_SPACE}]", _NOT_SPACE, False)
        if char == "S":
            return _set(_NOT_SPACE if in_class else f"[^{_SPACE}]", _SPACE, True)
        if char == "b":
            return _single(8) if in_class else _assertion("\\b")
        if char == "B":
            if in_class:
                raise _NotRun("not a valid pattern (\\B in a class)")
            return _assertion("\\B")
        if char in _CONTROL_ESCAPES:
            return _single(_CONTROL_ESCAPES[char])
        if char == "0" and self.peek() not in _DIGITS:
            return _single(0)
        if char in _DIGITS:
            raise _NotRun("a backreference")
        if char == "k" and self.peek() == "<":
            raise _NotRun("a backreference")
        if char == "c" and self.peek().isascii() and self.peek().isalpha():
            self.i += 1
            return _single(ord(self.s[self.i - 1]) % 32)
        if char == "x":
            point = self.hex_digits(2)
            return _single(ord("x") if point is None else point)
        if char == "u":
            point = self.unicode_escape()
            return _single(ord("u") if point is None else point)
        if char in "pP" and self.peek() == "{":
            end = self.s.find("}", self.i, self.i + _MAX_PROPERTY_CHARS)
            if end < 0:
                raise _NotRun("not a valid pattern (an unclosed \\p{)")
            name = self.s[self.i + 1:end]
            self.i = end + 1
            for prefix in ("General_Category=", "gc=", "Script=", "sc="):
                if name.startswith(prefix):
                    name = name[len(prefix):]
            if not name.replace("_", "").isalnum():
                raise _NotRun("not a valid pattern (an unknown Unicode property)")
            return _property(name, negated=char == "P")
        return _single(_point(char))  # an identity escape: the character itself

    def char_class(self) -> str:
        self.i += 1
        negated = self.peek() == "^"
        if negated:
            self.i += 1
        if self.peek() == "]":  # ECMA: [] matches nothing, [^] anything (a lone surrogate too)
            self.i += 1
            return _ANY if negated else _NOTHING
        members: list[_Atom | None] = []  # None: a "-", between a range's ends or itself
        while True:
            char = self.peek()
            if not char:
                raise _NotRun("not a valid pattern (an unclosed class)")
            if char == "]":
                self.i += 1
                break
            if char == "\\":
                members.append(self.escape(in_class=True))
            elif char == "-":
                self.i += 1
                members.append(None)
            else:
                self.i += 1
                point = _point(char)
                members.append(_Atom(char, point) if char.isascii() and char.isalnum() else _single(point))
        text = "".join("-" if atom is None else atom.text for atom in members)
        if self.stand_in is None:
            return f"[{'^' if negated else ''}{text}]"
        return self.class_with_stand_in(members, negated, text)

    def class_with_stand_in(self, members: list[_Atom | None], negated: bool, text: str) -> str:
        """A class holding the stand-in exactly when it holds a lone surrogate. A range holds
        the surrogates when it spans them (its ends never are one: a lone surrogate in a
        pattern is not run), and holds the stand-in when it spans that."""
        stand_in = self.stand_in
        assert stand_in is not None
        ranges: list[tuple[int, int]] = []
        sets: list[_Atom] = []
        at = 0
        while at < len(members):
            atom = members[at]
            end = members[at + 2] if at + 2 < len(members) else None
            if atom is not None and atom.point is not None and members[at + 1:at + 2] == [None] \
                    and end is not None and end.point is not None:
                ranges.append((atom.point, end.point))  # RE2 reads "a-z" as ECMA-262 does
                at += 3
                continue
            if atom is None or atom.point is not None:
                point = 0x2D if atom is None else atom.point
                assert point is not None
                ranges.append((point, point))
            else:
                sets.append(atom)
            at += 1
        surrogate = any(low < _SURROGATES[0] and high > _SURROGATES[1] for low, high in ranges) \
            or any(atom.surrogate for atom in sets)
        noncharacter = any(low <= stand_in <= high for low, high in ranges) or any(atom.noncharacter for atom in sets)
        shown = f"[{'^' if negated else ''}{text}]"
        if surrogate == noncharacter:
            return shown
        if negated:
            # [^m] holds the surrogate where m does not: with the stand-in added to m, or as
            # an alternative, it holds the stand-in where m does not either.
            return f"[^{text}{_code(stand_in)}]" if surrogate else f"(?:{shown}|{_code(stand_in)})"
        if surrogate:
            return f"[{text}{_code(stand_in)}]"
        # m holds the stand-in and no surrogate: m without the stand-in, each range that
        # spans it split around it, each set that holds it as the set without it.
        kept = [(low, high) for low, high in ranges if not low <= stand_in <= high]
        for low, high in ranges:
            if low <= stand_in <= high:
                kept += [part for part in ((low, stand_in - 1), (stand_in + 1, high)) if part[0] <= part[1]]
        inside = "".join(_code(low) if low == high else f"{_code(low)}-{_code(high)}" for low, high in kept)
        inside += "".join(atom.text for atom in sets if not atom.noncharacter)
        choices = ([f"[{inside}]"] if inside else []) + [f"[^{atom.inverse}{_code(stand_in)}]"
                                                         for atom in sets if atom.noncharacter]
        return f"(?:{'|'.join(choices)})" if choices else _NOTHING


def translate(source: str, stand_in: int | None = None) -> str:
    """``source`` (ECMA-262) in RE2's syntax, meaning the same; ``_NotRun`` when it cannot.
    With a ``stand_in`` (a noncharacter), for a text whose lone surrogates are replaced with
    it (see the module): the stand-in matches where a lone surrogate would."""
    return _Translator(source, stand_in).run()


#: Compiled programs kept. The replay asks for each pattern of a tool's schemas once per
#: value, so fewer than a surface's distinct patterns means compiling them again and again
#: (a 100-pattern schema replayed three times slower at 64).
@functools.lru_cache(maxsize=1024)
def compile_pattern(source: str, stand_in: int | None = None) -> Any:
    """An RE2 program for the ECMA-262 pattern ``source``, or ``Unrunnable``; ``stand_in`` as
    ``translate`` takes it."""
    import re2  # type: ignore[import-not-found,import-untyped,unused-ignore]

    if len(source) > MAX_PATTERN_CHARS:
        # RE2's time is linear in the text, times the pattern's size: a bound on both.
        return Unrunnable(f"longer than {MAX_PATTERN_CHARS:,} characters")
    parts = _leading_lookahead(source)
    if parts is not None:
        return _joined(*parts, stand_in)
    try:
        translated = translate(source, stand_in)
    except _NotRun as why:
        return Unrunnable(str(why))
    options = re2.Options()
    options.log_errors = False
    options.max_mem = _MAX_MEM
    options.never_capture = True
    try:
        return re2.compile(translated, options)
    except re2.error:
        return Unrunnable("not a valid pattern, or one RE2 cannot run")


@dataclass(frozen=True)
class Joined:
    """``^(?=A)B`` or ``^(?!A)B``, run as two RE2 programs: the lookahead stands at the very
    start, so it asks whether ``A`` matches from the first character (``^(?:A)``) and the rest
    whether ``B`` does (``^B``). A pattern with such a lookahead matches exactly when the
    second does and the first does (``(?=``) or does not (``(?!``)."""

    ahead: Any
    rest: Any
    negated: bool

    def search(self, text: str) -> bool | None:
        """True when the pattern matches somewhere in ``text``, else None (as a program's
        ``search`` gives a match or None)."""
        if self.rest.search(text) is None:
            return None
        return True if (self.ahead.search(text) is None) == self.negated else None


def _scan(source: str) -> tuple[int, bool]:
    """Where the group that ``source`` opens with ``(`` closes (-1 when it does not), and
    whether a ``|`` stands outside every group before that; escapes and classes are stepped
    over."""
    depth, i, bar = 0, 0, False
    while i < len(source):
        char = source[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":
            i += 2 if source.startswith("[^", i) else 1
            while i < len(source) and source[i] != "]":
                i += 2 if source[i] == "\\" else 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i, bar
        elif char == "|" and depth == 1:
            bar = True
        i += 1
    return -1, bar


def _leading_lookahead(source: str) -> tuple[str, str, bool] | None:
    """``(A, B, negated)`` for a pattern ``^(?=A)B`` or ``^(?!A)B`` whose ``B`` is whole (its
    groups close, no ``|`` outside them: ``^(?!A)b|c`` is ``(^(?!A)b)|c``) and does not start
    with a quantifier; None for any other pattern. pydantic writes a ``Decimal`` argument's
    string branch so: ``^(?!^[-+.]*$)[+-]?0*\\d*\\.?\\d*$``."""
    if not source.startswith(("^(?=", "^(?!")):
        return None
    end = _scan(source[1:])[0] + 1
    if end <= 0:
        return None
    rest = source[end + 1:]
    closes, bar = _scan("(" + rest + ")")
    if rest[:1] in ("*", "+", "?", "{") or closes != len(rest) + 1 or bar:
        return None
    return source[4:end], rest, source[3] == "!"


def _joined(ahead: str, rest: str, negated: bool, stand_in: int | None) -> Any:
    programs = [compile_pattern("^(?:" + ahead + ")", stand_in), compile_pattern("^" + rest, stand_in)]
    for program in programs:
        if isinstance(program, Unrunnable):
            return program
    return Joined(programs[0], programs[1], negated)


def runs(source: str) -> bool:
    """Whether the pattern ``source`` is run at all (RE2 takes its translation: not ``Unrunnable``)."""
    return not isinstance(compile_pattern(source), Unrunnable)


def search(source: str, text: str) -> bool | None:
    """Whether the pattern ``source`` matches somewhere in ``text`` (as JSON Schema's
    ``pattern`` does: unanchored); None when the pattern is not run (``Unrunnable``), or not
    on this text: one holding a lone surrogate and all 66 noncharacters, which leaves no
    stand-in (see the module)."""
    program = compile_pattern(source)
    if isinstance(program, Unrunnable):
        return None
    if text.isascii() or _LONE_SURROGATE.search(text) is None:
        return program.search(text) is not None
    # A lone surrogate: the text is run with each replaced by a stand-in (see the module), a
    # pair's halves written apart (not from JSON) being first joined into their code point.
    text = text.encode("utf-16", "surrogatepass").decode("utf-16", "surrogatepass")
    stand_in = _stand_in(text)
    if stand_in is None:
        return None
    program = compile_pattern(source, stand_in)
    if isinstance(program, Unrunnable):
        return None
    return program.search(_LONE_SURROGATE.sub(chr(stand_in), text)) is not None


def _stand_in(text: str) -> int | None:
    """The first noncharacter ``text`` does not hold, None when it holds them all."""
    return next((point for point in _NONCHARACTERS if chr(point) not in text), None)
