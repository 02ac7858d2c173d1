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
"""

from __future__ import annotations

import functools
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


@dataclass(frozen=True)
class Unrunnable:
    """A pattern that is not run, and why (``"a lookahead"``, ``"not a valid pattern"``)."""

    reason: str


class _NotRun(Exception):
    pass


def _code(point: int) -> str:
    return f"\\x{{{point:x}}}"


class _Translator:
    def __init__(self, source: str) -> None:
        self.s = source
        self.i = 0
        self.out: list[str] = []

    def peek(self, ahead: int = 0) -> str:
        at = self.i + ahead
        return self.s[at] if at < len(self.s) else ""

    def run(self) -> str:
        while self.i < len(self.s):
            char = self.s[self.i]
            if char == "\\":
                self.out.append(self.escape(in_class=False))
            elif char == "[":
                self.out.append(self.char_class())
            elif char == ".":
                self.i += 1
                self.out.append(_DOT)
            elif char == "(":
                self.out.append(self.group())
            elif ord(char) < 0x20 or char == "\x7f":
                self.i += 1
                self.out.append(_code(ord(char)))
            else:
                self.i += 1
                self.out.append(char)
        return "".join(self.out)

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

    def escape(self, *, in_class: bool) -> str:
        self.i += 1  # the backslash
        char = self.peek()
        if not char:
            raise _NotRun("not a valid pattern (it ends with a backslash)")
        self.i += 1
        if char in "dDwW":
            return "\\" + char
        if char == "s":
            return _SPACE if in_class else f"[{_SPACE}]"
        if char == "S":
            return _NOT_SPACE if in_class else f"[^{_SPACE}]"
        if char == "b":
            return _code(8) if in_class else "\\b"
        if char == "B":
            if in_class:
                raise _NotRun("not a valid pattern (\\B in a class)")
            return "\\B"
        if char in _CONTROL_ESCAPES:
            return _code(_CONTROL_ESCAPES[char])
        if char == "0" and self.peek() not in _DIGITS:
            return _code(0)
        if char in _DIGITS:
            raise _NotRun("a backreference")
        if char == "k" and self.peek() == "<":
            raise _NotRun("a backreference")
        if char == "c" and self.peek().isascii() and self.peek().isalpha():
            self.i += 1
            return _code(ord(self.s[self.i - 1]) % 32)
        if char == "x":
            point = self.hex_digits(2)
            return _code(ord("x") if point is None else point)
        if char == "u":
            point = self.unicode_escape()
            return _code(ord("u") if point is None else point)
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
            return f"\\{char}{{{name}}}"
        return _code(ord(char))  # an identity escape: the character itself

    def char_class(self) -> str:
        self.i += 1
        negated = self.peek() == "^"
        if negated:
            self.i += 1
        if self.peek() == "]":  # ECMA: [] matches nothing, [^] anything
            self.i += 1
            return _ANY if negated else _NOTHING
        members: list[str] = []
        while True:
            char = self.peek()
            if not char:
                raise _NotRun("not a valid pattern (an unclosed class)")
            if char == "]":
                self.i += 1
                break
            if char == "\\":
                members.append(self.escape(in_class=True))
            elif char == "-" or (char.isascii() and char.isalnum()):
                self.i += 1
                members.append(char)
            else:
                self.i += 1
                members.append(_code(ord(char)))
        return "[" + ("^" if negated else "") + "".join(members) + "]"


def translate(source: str) -> str:
    """``source`` (ECMA-262) in RE2's syntax, meaning the same; ``_NotRun`` when it cannot."""
    return _Translator(source).run()


#: Compiled programs kept. The replay asks for each pattern of a tool's schemas once per
#: value, so fewer than a surface's distinct patterns means compiling them again and again
#: (a 100-pattern schema replayed three times slower at 64).
@functools.lru_cache(maxsize=1024)
def compile_pattern(source: str) -> Any:
    """An RE2 program for the ECMA-262 pattern ``source``, or ``Unrunnable``."""
    import re2  # type: ignore[import-not-found,import-untyped,unused-ignore]

    if len(source) > MAX_PATTERN_CHARS:
        # RE2's time is linear in the text, times the pattern's size: a bound on both.
        return Unrunnable(f"longer than {MAX_PATTERN_CHARS:,} characters")
    parts = _leading_lookahead(source)
    if parts is not None:
        return _joined(*parts)
    try:
        translated = translate(source)
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


def _joined(ahead: str, rest: str, negated: bool) -> Any:
    programs = [compile_pattern("^(?:" + ahead + ")"), compile_pattern("^" + rest)]
    for program in programs:
        if isinstance(program, Unrunnable):
            return program
    return Joined(programs[0], programs[1], negated)


def search(source: str, text: str) -> bool | None:
    """Whether the pattern ``source`` matches somewhere in ``text`` (as JSON Schema's
    ``pattern`` does: unanchored); None when the pattern is not run (``Unrunnable``)."""
    program = compile_pattern(source)
    if isinstance(program, Unrunnable):
        return None
    return program.search(text) is not None
