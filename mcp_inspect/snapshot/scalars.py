"""What both readers (JSON and YAML) refuse in a scalar: integers past Python's digit limit,
numbers too small to be told from 0, and lone surrogates."""

from __future__ import annotations

import json
import re
import sys

#: A surrogate code point in a decoded string: paired escapes have become one character,
#: so any left is alone.
SURROGATE = re.compile(r"[\ud800-\udfff]")


def digit_limit() -> int:
    """The most decimal digits Python converts between an integer and text (0: no limit).

    Python refuses to write out a longer integer, so one that a reader built without that
    check (YAML's hexadecimal, a server's response) is refused here, where the input is
    named, rather than wherever it is first written.
    """
    return sys.get_int_max_str_digits() or sys.maxsize


def refuse_underflow(text: str, value: float) -> None:
    """Raise ValueError when ``value``, read from ``text``, is 0 though its digits are not
    (1e-400): a bound written so would silently become another bound."""
    if value == 0 and any(digit in "123456789" for digit in text.lower().partition("e")[0]):
        raise ValueError(f"{text[:40]} is too small to be told from 0")


def number_error(exc: ValueError) -> str:
    """A parser's ValueError as a reader should see it (Python's limit on integer digits
    names a Python setting, which is no help to someone fixing a JSON file)."""
    text = str(exc)
    if "integer string conversion" in text:
        return f"an integer has more than {digit_limit()} digits"
    return text


def shown_key(key: str) -> str:
    """A key quoted for a one-line error: JSON-escaped (no control character reaches a
    terminal) and cut at 80 characters."""
    text = json.dumps(key, ensure_ascii=True)
    return text if len(text) <= 82 else text[:80] + '…"'
