"""Fill a rule's message template with a finding's facts.

Rules and differs report facts (named arguments); the catalogue holds the sentences.
A template is Python ``str.format`` text over the arguments, with a few named formats
for the shapes messages need:

- ``{x:show}``: a value on one line, JSON unless it is a string, cut at 80 characters;
- ``{x:list}``: a list of values, each as ``show``, joined by commas;
- ``{x:q}`` / ``{x:q70}``: a quoted string (Python ``repr``) cut at 60 (or 70) characters;
- ``{x:short120}``: a string cut at 120 characters, unquoted;
- ``{n:plural}``: ``s`` unless n is 1 (``{n} tool{n:plural}``);
- anything else is a standard format specification (``{n:,}``, ``{share:.0%}``).
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping
from typing import Any

_MAX_VALUE_TEXT = 80
_NAMED = re.compile(r"(q|short)(\d*)")


def show(value: Any) -> str:
    """A short, single-line rendering of a value for messages."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    text = " ".join(text.split())
    if len(text) > _MAX_VALUE_TEXT:
        text = text[: _MAX_VALUE_TEXT - 1] + "…"
    return text


def show_list(values: Any) -> str:
    return ", ".join(show(v) for v in values)


def short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def format_fact(value: Any, spec: str) -> str:
    """One fact in a message, by the named formats above or a standard specification."""
    if spec == "show":
        return show(value)
    if spec == "list":
        return show_list(value)
    if spec == "plural":
        return "" if value == 1 else "s"
    named = _NAMED.fullmatch(spec)
    if named:
        cut = short(str(value), int(named.group(2)) if named.group(2) else 60)
        return repr(cut) if named.group(1) == "q" else cut
    return format(value, spec)


class _Fact:
    """A fact as ``str.format`` sees it: formatted by ``format_fact``. Filling goes through
    ``str.format_map`` (written in C) rather than ``string.Formatter`` (in Python), which made
    the words of a report of a hundred thousand findings cost seconds."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __format__(self, spec: str) -> str:
        return format_fact(self.value, spec)


class _Facts(dict):  # type: ignore[type-arg]
    def __getitem__(self, key: str) -> _Fact:
        return _Fact(dict.__getitem__(self, key))


def fill(template: str, args: Mapping[str, Any]) -> str:
    """``template`` with ``args`` filled in; KeyError names an argument the facts lack."""
    return template.format_map(_Facts(args))


def fields(template: str) -> set[str]:
    """The argument names a template reads (for the catalogue's self-checks)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}
