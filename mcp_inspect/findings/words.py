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

import functools
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


class _Formatter(string.Formatter):
    """One per fill: a phrase reference reads the arguments of the template it sits in."""

    def __init__(self, args: Mapping[str, Any], phrases: Phrases) -> None:
        self.args, self.phrases = args, phrases

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "show":
            return show(value)
        if format_spec == "list":
            return show_list(value)
        if format_spec == "join":
            return ", ".join(value)
        if format_spec == "plural" or format_spec.startswith("plural:"):
            return "" if value == 1 else format_spec[7:] or "s"
        named = _NAMED.fullmatch(format_spec)
        if named:
            cut = short(str(value), int(named.group(2)) if named.group(2) else 60)
            return repr(cut) if named.group(1) == "q" else cut
        fallback = _FALLBACK.fullmatch(format_spec)
        if fallback:
            if not value:
                return fallback.group(2)
            return self.format_field(value, fallback.group(1) or "")
        group = self.phrases.get(format_spec)
        if group is not None:
            return fill(group[value], self.args, self.phrases)
        return format(value, format_spec)


@functools.lru_cache(maxsize=1024)
def _parsed(template: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    # A catalogue has a few hundred templates: parse each once, not once per message.
    return tuple(_PARSER.parse(template))


def fill(template: str, args: Mapping[str, Any], phrases: Phrases = _NO_PHRASES) -> str:
    """``template`` with ``args`` filled in; KeyError names an argument the facts lack (or a
    phrase ``phrases`` lacks)."""
    formatter = _Formatter(args, phrases)
    out = []
    for literal, name, spec, conversion in _parsed(template):
        out.append(literal)
        if name is not None:  # what str.format does, without parsing the template again
            value = formatter.convert_field(formatter.get_field(name, (), args)[0], conversion)
            spec = spec or ""
            if "{" in spec:
                spec = fill(spec, args, phrases)
            out.append(formatter.format_field(value, spec))
    return "".join(out)


def fields(template: str) -> set[str]:
    """The argument names a template reads (for the catalogue's self-checks)."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in _parsed(template) if name}


def phrase_refs(template: str) -> set[tuple[str, str]]:
    """``(argument, format spec)`` of every field of a template: a spec naming a phrase group
    makes the argument a phrase key of that group (for the catalogue's self-checks)."""
    return {(name.split(".")[0].split("[")[0], spec or "")
            for _, name, spec, _ in _parsed(template) if name}
