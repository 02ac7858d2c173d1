"""What the LLM-0xx checks read of a definition, made once per definition and run.

The description and the top-level parameters are read through ``ToolView.shared`` (keys
``llm.*``), so however many LLM checks run, a definition's texts are tokenised once. The word
lists and regular expressions are catalogue data (rules/checks-llm.yaml); what is compiled
from them (verb forms, phrase sets, regular expressions) is cached per process, keyed by the
data itself, so a changed catalogue compiles afresh.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..parameters import top_level
from ..registry import Context, ToolView
from ..vocabulary import tokens

_NO_TOKENS: tuple[str, ...] = ()


class Text(NamedTuple):
    """A piece of prose as the LLM checks read it."""

    #: The value as written (any JSON value: a description that is not a string is kept for messages).
    value: Any
    #: A string with at least one character that is not white space (docs/validator.md, "Terms").
    usable: bool
    #: The string with leading and trailing white space removed ("" when not a string).
    trimmed: str
    #: Identifier tokens, lower-cased, in order.
    tokens: tuple[str, ...]
    #: The same tokens as a set.
    words: frozenset[str]
    #: The normalised text with one space on each side, for whole-word phrase matching.
    padded: str

    @property
    def string(self) -> str:
        """The text as written, or "" when it is not a string."""
        return self.value if isinstance(self.value, str) else ""


def read_text(value: Any) -> Text:
    if not isinstance(value, str):
        return Text(value, False, "", _NO_TOKENS, frozenset(), " ")
    found = tokens(value)
    trimmed = value.strip()
    return Text(value, bool(trimmed), trimmed, found, frozenset(found), f" {' '.join(found)} ")


def description(tool: ToolView) -> Text:
    """The tool's ``description``."""
    found: Text = tool.shared("llm.description", lambda view: read_text(view.raw.get("description")))
    return found


def name_tokens(tool: ToolView) -> frozenset[str]:
    """The identifier tokens of the tool's name (none when the name is not a string)."""
    found: frozenset[str] = tool.shared("llm.name", lambda view: read_text(view.raw.get("name")).words)
    return found


class Param(NamedTuple):
    """A top-level parameter: the entries of ``inputSchema.properties`` whose value is an object."""

    name: str
    schema: dict[str, Any]
    path: str
    #: The name's identifier tokens (``fileId`` -> file, id).
    tokens: tuple[str, ...]
    description: Text

    @property
    def description_path(self) -> str:
        return self.path + ".description"


def _params(tool: ToolView) -> list[Param]:
    return [Param(p.name, p.schema, p.path, tokens(p.name), read_text(p.schema.get("description")))
            for p in top_level(tool.schema)]


def params(tool: ToolView) -> list[Param]:
    """The tool's top-level parameters in document order (none when ``inputSchema`` is not an object)."""
    found: list[Param] = tool.shared("llm.params", _params)
    return found


def distinct(values: Iterable[str]) -> list[str]:
    """``values`` without repeats, in first-seen order."""
    return list(dict.fromkeys(values))


# -- what is compiled from the catalogue data -----------------------------------------------


@functools.lru_cache(maxsize=16)
def verb_forms(verbs: frozenset[str]) -> frozenset[str]:
    """Every verb with the forms built from it (A.3): +s, +es, y->ies, +ing, final e dropped +ing,
    final consonant doubled +ing. A rule applies only where its letter is there (y, e, a final
    consonant); a form that is not an English word ("getes") is harmless: it is never written."""
    forms: set[str] = set()
    for verb in verbs:
        if not verb:
            continue
        forms.update((verb, verb + "s", verb + "es", verb + "ing"))
        if verb.endswith("y"):
            forms.add(verb[:-1] + "ies")
        if verb.endswith("e"):
            forms.add(verb[:-1] + "ing")
        if verb[-1] not in "aeiouwxy":
            forms.add(verb + verb[-1] + "ing")
    return frozenset(forms)


@dataclass(frozen=True)
class Phrases:
    """Words and phrases matched as whole words in normalised text."""

    words: frozenset[str]  # one-token phrases: a set lookup
    #: Longer ones: each phrase's first token (a cheap test first) and its padded normalised form.
    phrases: tuple[tuple[str, str], ...]

    def found_in(self, text: Text) -> bool:
        if not self.words.isdisjoint(text.words):
            return True
        return any(first in text.words and padded in text.padded for first, padded in self.phrases)


@functools.lru_cache(maxsize=32)
def phrases(listed: frozenset[str]) -> Phrases:
    words, longer = set(), set()
    for entry in listed:
        found = tokens(entry)
        if len(found) == 1:
            words.add(found[0])
        elif found:
            longer.add((found[0], f" {' '.join(found)} "))
    return Phrases(frozenset(words), tuple(sorted(longer)))


Search = Callable[[str], bool]


def _never(text: str) -> bool:
    return False


@functools.lru_cache(maxsize=128)
def searcher(patterns: tuple[str, ...], ignore_case: bool) -> Search:
    """Whether any of ``patterns`` is found in a text. The patterns are joined into one
    expression when they can be (one scan instead of many); a pattern that carries its own
    flags (``(?i)…``) cannot be joined, and then each is searched in turn."""
    if not patterns:
        return _never
    flags = re.IGNORECASE if ignore_case else 0
    try:
        joined = re.compile("|".join(f"(?:{p})" for p in patterns), flags)
    except re.error:
        each = [re.compile(p, flags) for p in patterns]
        return lambda text: any(r.search(text) for r in each)
    return lambda text: joined.search(text) is not None


def patterns_of(ctx: Context, code: str, key: str) -> tuple[str, ...]:
    """A list of regular expressions from a code's catalogue data."""
    value = ctx.data(code).get(key, ())
    return (value,) if isinstance(value, str) else tuple(str(p) for p in value)

