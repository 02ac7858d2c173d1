"""Fill a rule's message template with a finding's facts.

Rules and differs report facts (named arguments); the catalogue holds the sentences.
A template is Python ``str.format`` text over the arguments, with a few named formats
for the shapes messages need:

- ``{x:show}``: a value on one line, JSON unless it is a string, cut at 80 characters;
- ``{x:list}``: a list of values, each as ``show``, joined by commas;
- ``{x:join}``: a list of strings joined by commas as they are (names, never cut);
- ``{x:q}`` / ``{x:q70}``: a quoted string (Python ``repr``) cut at 60 (or 70) characters;
- ``{x:short120}``: a string cut at 120 characters, unquoted;
- ``{n:plural}``: ``s`` unless n is 1 (``{n} tool{n:plural}``); ``{n:plural:es}`` for
  ``es`` (``{n} branch{n:plural:es}``);
- ``{x:FORMAT or WORD}``: WORD when x is false to Python (None, empty, zero), else x in
  FORMAT, which may be left out: ``{types:list or any}``, ``{version:or unknown}``;
- ``{x:GROUP}``, GROUP a group of the catalogue's shared phrases (rules/phrases.yaml):
  the phrase of that group named by x, filled with the same arguments
  (``{reason:prose}`` for the prose grader's reason);
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
_FALLBACK = re.compile(r"(?:(.*) )?or (.*)")
#: Shared phrases by group, then by key (the catalogue's ``phrases``).
Phrases = Mapping[str, Mapping[str, str]]
_NO_PHRASES: Phrases = {}
_PARSER = string.Formatter()


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


def format_fact(value: Any, spec: str, args: Mapping[str, Any], phrases: Phrases) -> str:
    """One fact in a message, by the named formats above or a standard specification."""
    if spec == "show":
        return show(value)
    if spec == "list":
        return show_list(value)
    if spec == "join":
        return ", ".join(value)
    if spec == "plural" or spec.startswith("plural:"):
        return "" if value == 1 else spec[7:] or "s"
    named = _NAMED.fullmatch(spec)
    if named:
        cut = short(str(value), int(named.group(2)) if named.group(2) else 60)
        return repr(cut) if named.group(1) == "q" else cut
    fallback = _FALLBACK.fullmatch(spec)
    if fallback:
        if not value:
            return fallback.group(2)
        return format_fact(value, fallback.group(1) or "", args, phrases)
    group = phrases.get(spec)
    if group is not None:
        return fill(group[value], args, phrases)
    return format(value, spec)


class _Fact:
    """A fact as ``str.format`` sees it: formatted by ``format_fact``. Filling goes through
    ``str.format_map`` (written in C) rather than ``string.Formatter`` (in Python), which made
    the words of a report of a hundred thousand findings cost seconds."""

    __slots__ = ("value", "facts")

    def __init__(self, value: Any, facts: _Facts) -> None:
        self.value, self.facts = value, facts

    def __format__(self, spec: str) -> str:
        return format_fact(self.value, spec, self.facts.args, self.facts.phrases)

    # The conversions (``{x!r}``, ``{x!s}``) apply to the value itself.
    def __repr__(self) -> str:
        return repr(self.value)

    def __str__(self) -> str:
        return str(self.value)


class _Facts(dict):  # type: ignore[type-arg]
    """The arguments as ``format_map`` reads them: each value wrapped, so that its formats are ours."""

    def __init__(self, args: Mapping[str, Any], phrases: Phrases) -> None:
        super().__init__(args)
        self.args, self.phrases = args, phrases

    def __getitem__(self, key: str) -> _Fact:
        return _Fact(dict.__getitem__(self, key), self)


def fill(template: str, args: Mapping[str, Any], phrases: Phrases = _NO_PHRASES) -> str:
    """``template`` with ``args`` filled in; KeyError names an argument the facts lack (or a
    phrase ``phrases`` lacks). A replacement field inside a format specification is filled
    first, as ``str.format`` does."""
    return template.format_map(_Facts(args, phrases))


def fields(template: str) -> set[str]:
    """The argument names a template reads (for the catalogue's self-checks)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in _PARSER.parse(template) if name}


def phrase_refs(template: str) -> set[tuple[str, str]]:
    """``(argument, format spec)`` of every field of a template: a spec naming a phrase group
    makes the argument a phrase key of that group (for the catalogue's self-checks)."""
    return {(name.split(".")[0].split("[")[0], spec or "")
            for _, name, spec, _ in _PARSER.parse(template) if name}
