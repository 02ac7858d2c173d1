"""Safety: MCP-020 (injection-like text), MCP-021 (invisible characters), MCP-022 (sinks)."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator

from ...invisible import hidden_chars, is_bidi, may_hide
from ...limits import MAX_LINT_TEXT_CHARS
from ..injection import find_injections
from ..registry import Context, Hit, ToolView, tool_rule
from ..sinks import sink_kind, unconstrained, words
from ..text import show_char
from ..tokens import SENT_FIELDS
from ..unicode import decode_tags
from ..walk import strings, where_path


@tool_rule("MCP-020")
def injection(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    for where, text in tool.prose:
        if len(text) > MAX_LINT_TEXT_CHARS:  # fail closed: padding must not hide what follows it
            yield Hit(where_path(where), {"length": len(text), "checked": MAX_LINT_TEXT_CHARS}, "too_long")
    for where, manoeuvre, matched in find_injections(tool.prose):
        yield Hit(where_path(where), {"manoeuvre": manoeuvre, "matched": matched})


@tool_rule("MCP-021")
def invisible(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    # Almost no tool holds a hidden character: one pass over its JSON text says whether
    # the per-string walk below is needed at all. The definition text holds every string
    # a client sends; the other fields (title, icons, _meta, ...) are read apart.
    others = {key: value for key, value in tool.raw.items() if key not in SENT_FIELDS}
    if not may_hide(tool.definition) and not (others and may_hide(json.dumps(others, ensure_ascii=False))):
        return
    seen: set[str] = set()
    for path, text in strings(tool.raw, ""):
        count, found = hidden_chars(text)
        if not count or path in seen:
            continue
        seen.add(path)
        facts = {"count": count, "chars": ", ".join(show_char(c) for c in found),
                 "what": "bidirectional control" if all(is_bidi(c) for c in found) else "invisible"}
        tags = decode_tags(text)
        if tags:
            yield Hit(path, {**facts, "tags": tags}, "tags")
        else:
            yield Hit(path, facts)


def _context(tool: ToolView) -> set[str]:
    text = " ".join(t for _, t in tool.prose) + " " + str(tool.raw.get("name", ""))
    return set(words(text))


def _with_own(tool_words: Callable[[], set[str]], own: str) -> set[str]:
    return tool_words() | set(words(own))


@tool_rule("MCP-022")
def sinks(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    # The tool's own words, made only when a property name needs them, and then once (a
    # plain closure: functools.cache builds a wrapper per tool, which cost more than the rule).
    made: list[set[str]] = []

    def tool_words() -> set[str]:
        if not made:
            made.append(_context(tool))
        return made[0]

    for prop in tool.input_properties:
        name, sub = prop.name, prop.schema
        if not unconstrained(sub):
            continue
        own = sub.get("description") if isinstance(sub, dict) else None
        kind = sink_kind(name, functools.partial(_with_own, tool_words, own) if isinstance(own, str) else tool_words)
        if kind:
            yield Hit(prop.path, {"name": name, "sink": kind})
