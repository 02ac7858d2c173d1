"""Guesses at strings a schema accepts, for the witness search's candidates (candidates/):
plain strings, a sample of each format and its other spellings, and strings read from a
pattern's structure (its lookarounds' words too). Each is a guess, checked by the validator
like any candidate, never trusted.
"""

from __future__ import annotations

import re
from typing import Any

from ..limits import MAX_SAMPLED_REPEAT, MAX_WITNESS_STRING

#: Strings tried wherever a string goes, after what the schema itself suggests.
STRINGS = ("a", "x", "0", "1", "true", "abc", "A", "-", "a b", "2024-01-01", "2024-01-01T00:00:00Z",
           "user@example.com", "https://example.com", "/tmp/a", "00000000-0000-0000-0000-000000000000")
#: For each format, other strings it usually accepts (checked, never trusted), spelled
#: differently from its sample above: a pattern added beside the format refuses one of them.
FORMAT_VARIANTS = {
    "date-time": ("2024-01-01T00:00:00+00:00", "2024-12-31t23:59:59.5z", "1999-02-28T12:30:00-05:00"),
    "date": ("2024-12-31", "1999-02-28"),
    "time": ("23:59:59+01:00", "12:00:00.5z"),
    "email": ("a@b", "A@B.CO", "a.b+c@example.org", "user@localhost"),
    "hostname": ("localhost", "a", "EXAMPLE.COM", "a-b.example.org"),
    "ipv4": ("0.0.0.0", "255.255.255.255", "10.0.0.1"),
    "ipv6": ("::", "2001:db8::1", "FE80::1", "0:0:0:0:0:0:0:1"),
    "uri": ("http://a", "urn:a", "HTTPS://EXAMPLE.COM/a?b#c", "ftp://example.com/a"),
    "uri-reference": ("a", "/a", "#a", "http://a"),
    "iri": ("http://a", "urn:a", "HTTPS://EXAMPLE.COM/a?b#c"),
    "url": ("http://a", "HTTPS://EXAMPLE.COM/a?b#c", "ftp://example.com/a"),
    "uuid": ("123e4567-e89b-12d3-a456-426614174000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"),
    "duration": ("PT1H", "P1Y2M3DT4H5M6S", "P1W"),
    "regex": ("^a$", ".*", "[a-z]+", ""),
    "json-pointer": ("", "/a/b", "/~0"),
    "relative-json-pointer": ("1/a", "0#"),
    "uri-template": ("{a}", "a"),
}
# The internationalised formats accept every ASCII spelling their plain twins do.
FORMAT_VARIANTS |= {"idn-email": FORMAT_VARIANTS["email"], "idn-hostname": FORMAT_VARIANTS["hostname"],
                     "iri-reference": FORMAT_VARIANTS["uri-reference"]}
#: One string each format accepts, tried first where the schema names the format.
FORMATS = {
    "date-time": "2024-01-01T00:00:00Z", "date": "2024-01-01", "time": "00:00:00Z", "email": "user@example.com",
    "idn-email": "user@example.com", "hostname": "example.com", "idn-hostname": "example.com",
    "ipv4": "127.0.0.1", "ipv6": "::1", "uri": "https://example.com", "uri-reference": "https://example.com",
    "iri": "https://example.com", "iri-reference": "https://example.com", "url": "https://example.com",
    "uuid": "00000000-0000-0000-0000-000000000000", "duration": "P1D", "regex": "a", "json-pointer": "/a",
    "relative-json-pointer": "0", "uri-template": "https://example.com/{a}",
}


def governing(name: str, pattern: str | None, patterns: dict[str, Any], rest: Any) -> Any:
    """A side's schema for the member ``name`` (sampled from ``pattern``, or declared by the
    other side when None): the one under the same pattern, else under the first of its
    patterns that matches the name (a key respelled, ``^x_\\d$`` for ``^x_[0-9]$``), else what
    governs the rest (``rest``)."""
    if pattern is not None and pattern in patterns:
        return patterns[pattern]
    from ..patterns.ecma import Unrunnable, compile_pattern

    for other in sorted(patterns):
        program = compile_pattern(other)
        if not isinstance(program, Unrunnable) and program.search(name):
            return patterns[other]
    return rest


def literal(pattern: str) -> str:
    """The plain characters of a pattern, in order (``^/home/`` gives ``/home/``): a guess
    at a string it matches, to be checked by the validator, never trusted."""
    out, escaped, text = [], False, pattern[:200]
    index = 0
    while index < len(text):
        char = text[index]
        index += 1
        if escaped:
            escaped = False
            if _CODE_ESCAPE.match(text, index - 1):  # ``\x61`` spells ``a`` (hostile trial, round 44)
                spelled, index = _class_char(text, index - 2)
                out.append(spelled or "")
                continue
            out.append({"d": "0", "w": "a", "s": " "}.get(char, char if not char.isalpha() else ""))
        elif char == "\\":
            escaped = True
        elif char.isalnum() or char in "/_-.:@ ":
            out.append("" if char == "." else char)
    return "".join(out)


_CLASS_SHORTHANDS = {"d": "0", "w": "a", "s": " ", "D": "a", "W": "-", "S": "a"}
#: Characters of each shorthand a sample tries besides the one above (``shorthand_chars``):
#: one of each kind it holds, the kinds another side's class commonly leaves out.
_SHORTHAND_CHARS = {"d": "09", "w": "_A0zZ9", "s": "\t\n\u00a0", "D": "A_- \n", "W": " .@\n",
                    "S": "A0_-."}


def _in_shorthand(letter: str, char: str) -> bool:
    """Whether the shorthand ``\\letter`` holds ``char``, as ECMA-262 reads it (``\\w`` and
    ``\\d`` are ASCII only; ``\\s`` is white space and the line terminators)."""
    if letter in "dD":
        held = "0" <= char <= "9"
    elif letter in "wW":
        held = char == "_" or char.isascii() and char.isalnum()
    else:
        held = char.isspace() or char == "\ufeff"
    return held == letter.islower()


def shorthand_chars(pattern: str) -> list[str]:
    """The characters ``_SHORTHAND_CHARS`` names for each shorthand ``pattern`` writes, each
    once, in order: ``\\w`` gives ``_``, ``A``, ``0``…, where its sample ``a`` is one a class of
    the other side holds too (hostile trial, round 45: ``^\\w+$`` → ``^[a-z]+$`` was shown by
    no name)."""
    letters = re.findall(r"(?<!\\)(?:\\\\)*\\([dwsDWS])", pattern[:200])
    return list(dict.fromkeys(c for letter in letters for c in _SHORTHAND_CHARS[letter]))


#: The escapes by letter that spell one character, a line terminator among them: ``^a\rb``
#: matches ``a\rb``, which ``^a.b`` refuses (hostile trial, round 44: ``\r`` sampled to nothing).
_CONTROL_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", "f": "\f", "v": "\v"}
#: The line terminators of ECMA-262, none of which ``.`` matches.
_TERMINATORS = "\n\r\u2028\u2029"


def _class_ranges(body: str) -> list[tuple[str, str]]:
    """The ranges of a character class body, each its first and last character (a single
    character is a range of one): ``a-z0-9_`` gives ``(a, z)``, ``(0, 9)``, ``(_, _)``; an
    escape gives what it stands for."""
    ranges, index = [], 0
    while index < len(body):
        char, index = _class_char(body, index)
        if char is None:
            continue
        last = char
        if index + 1 < len(body) and body[index] == "-":  # a range: its end is read too
            end, index = _class_char(body, index + 1)
            last = end if end is not None else char
        ranges.append((char, last))
    return ranges


def _class_pieces(body: str) -> list[str]:
    """The first character of each range of a class body (``_class_ranges``)."""
    return [first for first, _ in _class_ranges(body)]


#: ECMA-262 escapes that spell one character by its code: ``\u00ff``, ``\u{1F600}``, ``\xff``.
#: A quantifier's count, ``{n}``, ``{n,}`` or ``{n,m}`` (a leading backslash: a literal brace).
_COUNTED = re.compile(r"\\?\{(\d{1,6})(,(\d{0,6}))?\}")

_CODE_ESCAPE = re.compile(r"u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4})|x([0-9A-Fa-f]{2})")


def _class_char(body: str, index: int) -> tuple[str | None, int]:
    """The character of a class body at ``index`` and where the next begins: an escape by code
    is the character it spells (hostile trial, round 31: ``[\u00e0-\u00ff]`` gave the piece
    ``u``), a shorthand its sample, any other escape the character escaped; None for an escape
    that spells nothing a sample can use (``\\p{…}``)."""
    if body[index] != "\\" or index + 1 >= len(body):
        return body[index], index + 1
    coded = _CODE_ESCAPE.match(body, index + 1)
    if coded is not None:
        code = int(next(group for group in coded.groups() if group), 16)
        return (chr(code) if code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else None), coded.end()
    escaped = body[index + 1]
    if escaped in "pP" and body.startswith("{", index + 2):
        end = body.find("}", index + 2)
        return None, (end + 1 if end >= 0 else len(body))
    return _CONTROL_ESCAPES.get(escaped) or _CLASS_SHORTHANDS.get(escaped, escaped), index + 2


def _holds(body: str, char: str) -> bool:
    """Whether the class body ``body`` (``^`` and all) names ``char``, read from its ranges (a
    shorthand counts as its sample alone): a guess, checked by the validator."""
    negated = body.startswith("^")
    named = any(first <= char <= last for first, last in _class_ranges(body[1:] if negated else body)) \
        or any(_in_shorthand(letter, char) for letter in re.findall(r"\\([dwsDWS])", body))
    return named != negated


def class_borders(pattern: str) -> list[str]:
    """The characters just outside each range of ``pattern``'s classes, each once, in order:
    ``[ac]`` gives ``` ` ```, ``b`` and ``d``, and ``[a-m]`` gives ``n``, where a class the other
    side wrote may hold them (hostile trial, round 44: ``^[a-c]`` → ``^[ac]`` was shown by no
    name, ``b`` being neither end of ``a-c``)."""
    out: list[str] = []
    for found in re.finditer(r"\[(\^?)((?:\\.|[^\]\\])*)\]", pattern[:200]):
        for first, last in _class_ranges(found.group(2)):
            for code in (ord(first) - 1, ord(last) + 1):
                if 0x20 <= code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF:
                    out.append(chr(code))
    return list(dict.fromkeys(out))


def _terminator_in(body: str) -> str | None:
    """A line terminator the class body ``body`` (``^`` and all) accepts, if one is read: one
    a negated class does not name (``[^/]`` takes ``\\n``), or one a class names by escape, in
    a range or through ``\\s`` (``[\\w\\s]``)."""
    negated = body.startswith("^")
    ranges = _class_ranges(body[1:] if negated else body)
    for end in _TERMINATORS:
        named = "\\s" in body or any(first <= end <= last for first, last in ranges)
        if named != negated:
            return end
    return None


def sample(pattern: str, final: bool = False, branch: int = 0, piece: int | None = None,
           negated: bool = False, stretch: int | None = None, drop: int | None = None,
           times: int | None = None, terminator: bool = False, mixed: bool = False,
           border: str | None = None) -> str:
    """A guess at one string ``pattern`` matches, read from its structure (never run): a
    character class gives its first character (with ``final``, its last one: ``[a-z]`` gives
    ``z``, which ``[a-y]`` refuses), ``.`` an ``a``, an optional or starred item
    is left out, ``{n}`` repeats it, an alternation takes its first branch (``^[A-Z][A-Z0-9_]+
    -\\d+(?:-\\d+)*$`` gives ``AA-0``), or with ``branch`` the one at that index (its last when
    it has fewer: ``^(x|y)`` gives ``y`` for 1). With ``piece``, an optional or starred item
    is kept once and a class gives the first character of its piece at that index (its last
    when it has fewer): ``^[a-z][a-z0-9_]*$`` gives ``a0`` for 1, which ``^[a-z][a-z_]*$``
    refuses (new-user trial, round 31: @cloudbase/cloudbase-mcp's migrationName). With
    ``negated`` too, a negated class gives the piece it excludes: sampled from the pattern of
    the side that refuses, ``^[^abc]$`` gives ``c``, which ``^[^ab]$`` accepts (hostile trial,
    round 32). With ``stretch``, the quantified item at that index (the quantifiers counted in
    order) is repeated once more than its quantifier asks at least (twice for ``*``, ``+`` and
    ``?``): ``^a+$`` gives ``aa``, which ``^a$`` refuses; with ``drop``, it is left out:
    ``^(ab)+c$`` gives ``c`` (hostile trial, round 36); with ``times`` too, the stretched item
    is repeated that often: ``^\\d+$`` gives ``0000`` for 4, which ``^\\d{1,3}$`` refuses
    (hostile trial, round 42). With ``terminator``, a ``\\s`` or a class that accepts a line
    terminator gives one: ``^a[^b]`` gives ``a\\n``, which ``^a.`` refuses (hostile trial, round
    44). With ``border``, a class that holds that character gives it: ``^[a-c]`` gives ``b``
    for ``b``, a character just outside the other side's ``^[ac]`` (hostile trial, round 44).
    With ``mixed``, a stretched group takes its branches from the last down, one a
    repetition: ``^(a|b)*$`` gives ``ba``, which ``^a*b*$`` refuses (hostile trial, round 44).
    An item is repeated at most ``MAX_SAMPLED_REPEAT`` times and to at most
    ``MAX_WITNESS_STRING`` characters. Checked by the validator like any candidate."""
    repeat = times
    atoms: list[str] = []
    starts: list[int] = []  # where each open group's atoms begin
    taken: list[int] = [0]  # the branches of each open alternation passed so far, the outermost first
    last: tuple[int, int] | None = None  # the span of atoms the next quantifier applies to
    bodies: list[int] = []  # where each open group's text begins
    body: str | None = None  # the text of the group last closed
    quantifiers = 0  # the quantifiers read so far
    index, text = 0, pattern[:200]
    while index < len(text):
        char = text[index]
        index += 1
        if char in "^$":
            continue
        if char == "\\" and index < len(text):
            coded = _CODE_ESCAPE.match(text, index)
            if coded is not None:  # ``\x61`` is ``a``, as patterns/ecma.py runs it (hostile trial, round 44)
                spelled, index = _class_char(text, index - 1)
                atoms.append(spelled or "")
                last = (len(atoms) - 1, len(atoms))
                continue
            escaped = text[index]
            index += 1
            if terminator and escaped == "s":
                atoms.append("\n")
            elif border is not None and escaped in _SHORTHAND_CHARS and _in_shorthand(escaped, border):
                atoms.append(border)  # as a class does: ``\w`` gives ``_`` (hostile trial, round 45)
            else:
                atoms.append(_CONTROL_ESCAPES.get(escaped)
                             or _CLASS_SHORTHANDS.get(escaped, "" if escaped.isalpha() else escaped))
            last = (len(atoms) - 1, len(atoms))
        elif char == "[":
            end = text.find("]", index + 1)
            if end < 0:
                break
            body = text[index:end]
            index = end + 1
            if terminator and (end_char := _terminator_in(body)) is not None:
                atoms.append(end_char)
            elif border is not None and _holds(body, border):
                atoms.append(border)
            elif body.startswith("^") and negated and piece is not None and (pieces := _class_pieces(body[1:])):
                atoms.append(pieces[min(piece, len(pieces) - 1)])  # a character the class excludes
            elif body.startswith("^"):
                atoms.append("a" if "a" not in body else "0")
            elif piece is not None and (pieces := _class_pieces(body)):
                atoms.append(pieces[min(piece, len(pieces) - 1)])
            elif ranges := _class_ranges(body):
                atoms.append(ranges[-1][1] if final else ranges[0][0])
            else:
                atoms.append(body[:1])
            last = (len(atoms) - 1, len(atoms))
        elif char == "(":
            if text.startswith("?", index):  # (?: (?= (?! (?<name>
                named = text.startswith("?<", index) and text[index + 2:index + 3] not in "=!"
                close = text.find(">", index) if named else -1
                index = close + 1 if close >= 0 else index + 2
            starts.append(len(atoms))
            bodies.append(index)
            taken.append(0)
        elif char == ")":
            begin = starts.pop() if starts else 0
            body = text[bodies.pop():index - 1] if bodies else None
            if len(taken) > 1:
                taken.pop()
            last = (begin, len(atoms))
        elif char == "|":
            if taken[-1] < branch:  # this branch is dropped for the next one
                taken[-1] += 1
                del atoms[starts[-1] if starts else 0:]
                last = None
                continue
            depth, stop = 0, len(text)
            for at in range(index, len(text)):  # skip the other branches of this group
                if text[at] == "\\":
                    continue
                if text[at] == "(":
                    depth += 1
                elif text[at] == ")":
                    if depth == 0:
                        stop = at
                        break
                    depth -= 1
            index = stop
        elif char in "*?+{":
            grouped = text[index - 2:index - 1] == ")"  # the quantifier applies to a group
            if char == "{":
                end = text.find("}", index)
                count = text[index:end].split(",")[0] if end >= 0 else ""
                index = end + 1 if end >= 0 else len(text)
                times = least = int(count) if count.isdigit() else 1
            else:
                times = 0 if char in "*?" and piece is None else 1
                least = 1 if char == "+" else 0
            if quantifiers == stretch:
                times = max(least, 1) + 1 if repeat is None else repeat
            elif quantifiers == drop:
                times = 0
            quantifiers += 1
            if text.startswith("?", index):  # lazy
                index += 1
            if last is not None:
                begin, end_at = last
                unit = "".join(atoms[begin:end_at])
                times = min(times, MAX_SAMPLED_REPEAT, MAX_WITNESS_STRING // max(len(unit), 1))
                if mixed and grouped and quantifiers - 1 == stretch and body is not None:
                    atoms[begin:end_at] = ["".join(sample(body, branch=n) for n in reversed(range(times)))]
                else:
                    atoms[begin:end_at] = [unit * times]
                last = None
        else:
            atoms.append("a" if char == "." else char)
            last = (len(atoms) - 1, len(atoms))
    return "".join(atoms)


def upper_counts(pattern: str) -> list[int]:
    """The upper counts ``pattern``'s quantifiers write (``{1,3}`` and ``{3}`` give 3), each
    once, in order, those past ``MAX_SAMPLED_REPEAT - 1`` left out: an atom of the other side's
    pattern repeated one past one of them is refused there (``sample``'s ``times``)."""
    counts = [int(m.group(1) if m.group(2) is None else m.group(3))
              for m in _COUNTED.finditer(pattern[:200]) if m.group(0)[0] != "\\" and m.group(3) != ""]
    return [count for count in dict.fromkeys(counts) if count < MAX_SAMPLED_REPEAT]


def written_counts(pattern: str) -> list[int]:
    """Every count ``pattern``'s quantifiers write, lower and upper (``{0,3}`` gives 0 and 3,
    ``{2,}`` 2), each once, in order, those past ``MAX_SAMPLED_REPEAT - 1`` left out: an item
    repeated one short of, at or one past one of them is where two patterns part (hostile
    trial, round 44: ``^a{0,3}$`` → ``^a?a?$`` is shown by ``aaa``)."""
    counts = [int(group) for m in _COUNTED.finditer(pattern[:200]) if m.group(0)[0] != "\\"
              for group in (m.group(1), m.group(3)) if group]
    return [count for count in dict.fromkeys(counts) if count < MAX_SAMPLED_REPEAT]


def lookahead_words(pattern: str, branches: int = 4) -> list[str]:
    """The strings each lookaround of ``pattern`` (``(?!admin)``, ``(?=.*\\d)``, and the
    lookbehinds) is sampled to, its first ``branches`` alternatives each: a pattern that gained
    ``^(?!admin)`` refuses ``admin`` alone, and no sample of the old pattern was that word
    (hostile trial, round 36). Read, never run."""
    words: list[str] = []
    text = pattern[:200]
    for start in (m.end() for m in re.finditer(r"\((?:\?[=!]|\?<[=!])", text)):
        depth, index, end = 0, start, len(text)
        while index < len(text):
            char = text[index]
            if char == "\\":
                index += 2
                continue
            if char == "[":  # a class: its brackets and parentheses are characters
                close = text.find("]", index + 2)
                index = close + 1 if close >= 0 else len(text)
                continue
            if char == "(":
                depth += 1
            elif char == ")":
                if depth == 0:
                    end = index
                    break
                depth -= 1
            index += 1
        body = text[start:end]
        words += [sample(body, branch=n) for n in range(branches)]
    return [word for word in dict.fromkeys(words) if word]
