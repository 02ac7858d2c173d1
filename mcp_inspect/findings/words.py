"""Fill a rule's message template with a finding's facts.

Rules and differs report facts (named arguments); the catalogue holds the sentences.
A template is Python ``str.format`` text over the arguments, with a few named formats
for the shapes messages need:

- ``{x:show}``: a value on one line, JSON unless it is a string, cut at 80 characters
  (between words, as ``text.diff.clip`` cuts);
- ``{x:list}``: a list of values, each as ``show``, joined by commas;
- ``{x:join}``: a list of strings joined by commas as they are (names, never cut);
- ``{x:json}``: a value as JSON (a string quoted), cut like ``show``;
- ``{x:values}``: a list of JSON values, each as JSON (a string quoted, so ``"1"`` and ``1``
  differ) and cut like ``show``, joined by commas, at most ten, then how many more;
- ``{x:schemas}``: a list of schemas, each in a short flow form (``{type: object,
  properties: {kind: {type: string, const: "json"}}}``: keys bare, ``type`` first, a
  one-type list as its name) cut at 100 characters (between words), joined by semicolons, at most three,
  then how many more;
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

from ..text.diff import clip

_MAX_VALUE_TEXT = 80
_MAX_SCHEMA_TEXT = 100
_MAX_VALUES, _MAX_SCHEMAS = 10, 3
#: Keywords a schema's short form puts first, in this order (the rest follow sorted).
_FIRST_KEYS = {key: rank for rank, key in enumerate(
    ("type", "const", "enum", "format", "pattern", "properties", "items", "required"))}
_BARE_KEY = re.compile(r"[A-Za-z_$][\w$-]*")
_TYPE_NAMES = frozenset({"array", "boolean", "integer", "null", "number", "object", "string"})
_NAMED = re.compile(r"(q|short)(\d*)")
_FALLBACK = re.compile(r"(?:(.*) )?or (.*)")
#: Shared phrases by group, then by key (the catalogue's ``phrases``).
Phrases = Mapping[str, Mapping[str, str]]
_NO_PHRASES: Phrases = {}
_PARSER = string.Formatter()


def show(value: Any) -> str:
    """A short, single-line rendering of a value for messages. An empty (or blank) string is
    shown quoted, so that "changed: 1.30.0 → \"\"" does not read as a value left out."""
    if isinstance(value, str) and not value.strip():
        return json.dumps(value)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    return clip(" ".join(text.split()), _MAX_VALUE_TEXT)


def show_list(values: Any) -> str:
    return ", ".join(show(v) for v in values)


def show_values(values: Any) -> str:
    """JSON values as a message lists them: each as JSON, at most ten, then how many more."""
    values = list(values)
    shown = ", ".join(show(json.dumps(v, ensure_ascii=False, sort_keys=True)) for v in values[:_MAX_VALUES])
    return shown + (f" and {len(values) - _MAX_VALUES} more" if len(values) > _MAX_VALUES else "")


def show_schema(schema: Any) -> str:
    """A schema on one line in a short flow form, cut at 100 characters."""
    out: list[str] = []
    _flow(schema, None, out, 0)
    return clip(" ".join("".join(out).split()), _MAX_SCHEMA_TEXT)


def show_schemas(schemas: Any) -> str:
    """Schemas as a message lists them: each in the short form, at most three, then how many more."""
    schemas = list(schemas)
    shown = "; ".join(show_schema(s) for s in schemas[:_MAX_SCHEMAS])
    return shown + (f"; and {len(schemas) - _MAX_SCHEMAS} more" if len(schemas) > _MAX_SCHEMAS else "")


def _flow(value: Any, key: str | None, out: list[str], size: int) -> int:
    """Write ``value`` in the short form to ``out``; stop once past what is shown. Returns the size so far."""
    if size > _MAX_SCHEMA_TEXT:
        return size
    if isinstance(value, dict):
        text = "{"
        out.append(text)
        size += 1
        items = sorted(value.items(), key=lambda item: (_FIRST_KEYS.get(item[0], len(_FIRST_KEYS)), item[0]))
        for index, (k, v) in enumerate(items):
            if size > _MAX_SCHEMA_TEXT:
                return size
            name = k if _BARE_KEY.fullmatch(k) else json.dumps(k, ensure_ascii=False)
            label = (", " if index else "") + name + ": "
            out.append(label)
            size = _flow(v, k, out, size + len(label))
        out.append("}")
        return size + 1
    if isinstance(value, list):
        if key == "type" and len(value) == 1:
            return _flow(value[0], key, out, size)
        out.append("[")
        size += 1
        for index, item in enumerate(value):
            if size > _MAX_SCHEMA_TEXT:
                return size
            if index:
                out.append(", ")
                size += 2
            size = _flow(item, key if key == "type" else None, out, size)
        out.append("]")
        return size + 1
    text = value if key == "type" and value in _TYPE_NAMES else json.dumps(value, ensure_ascii=False)
    text = text[: _MAX_SCHEMA_TEXT + 1]
    out.append(text)
    return size + len(text)


def short(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters between words (text.diff.clip)."""
    return clip(text, limit)


def quoted(text: str) -> str:
    """``text`` in quotes as Python would choose them, every other character kept as it is:
    escaping control and invisible characters is each report's job (a message escaped here
    would be escaped again, ``\\x1b``, by a text report)."""
    if "'" in text and '"' not in text:
        return f'"{text}"'
    return "'" + text.replace("'", "\\'") + "'"


def format_fact(value: Any, spec: str, args: Mapping[str, Any], phrases: Phrases) -> str:
    """One fact in a message, by the named formats above or a standard specification."""
    if spec == "show":
        return show(value)
    if spec == "list":
        return show_list(value)
    if spec == "join":
        return ", ".join(value)
    if spec == "json":
        return show(json.dumps(value, ensure_ascii=False, sort_keys=True))
    if spec == "values":
        return show_values(value)
    if spec == "schemas":
        return show_schemas(value)
    if spec == "plural" or spec.startswith("plural:"):
        return "" if value == 1 else spec[7:] or "s"
    named = _NAMED.fullmatch(spec)
    if named:
        cut = short(str(value), int(named.group(2)) if named.group(2) else 60)
        return quoted(cut) if named.group(1) == "q" else cut
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
