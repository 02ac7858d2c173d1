"""The tool description as a model reads it: LLM-001 to LLM-005 and LLM-011 (docs/validator.md).

LLM-002 to LLM-005 and LLM-011 say nothing about a tool without a usable description (that is
LLM-001's finding). Words are matched as identifier tokens, never as substrings: "settings"
holds no "set", "address" no "add".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ..registry import Context, Hit, ToolView, tool_rule
from ..text import a_json_type
from ..vocabulary import tokens
from .llm_common import description, name_tokens, patterns_of, phrases, searcher, verb_forms


@tool_rule("LLM-001")
def description_missing(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    value = tool.raw.get("description")
    if value is None:  # absent, or null
        yield Hit("description", variant="missing")
    elif not isinstance(value, str):
        yield Hit("description", {"json_type": a_json_type(value)}, "not_a_string")
    elif not value.strip():
        yield Hit("description", variant="empty")


@tool_rule("LLM-002")
def description_length(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    text = description(tool)
    if not text.usable:
        return
    data = ctx.data("LLM-002")
    shortest, longest = int(data["min_chars"]), int(data["max_chars"])
    length = len(text.trimmed)  # code points, as Python counts them
    if length < shortest:
        yield Hit("description", {"length": length, "min": shortest}, "too_short")
    elif length > longest:
        yield Hit("description", {"length": length, "max": longest}, "too_long")


@tool_rule("LLM-003")
def description_verb(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    text = description(tool)
    if text.usable and text.words.isdisjoint(verb_forms(ctx.words("LLM-003", "verbs"))):
        yield Hit("description")


@tool_rule("LLM-004")
def description_when(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    # Only the listed conditionals count: "Use this to ..." and a bare "to" or "for" say what
    # the tool does, not when to choose it, and none of them is on the list.
    text = description(tool)
    if text.usable and not phrases(ctx.words("LLM-004", "phrases")).found_in(text):
        yield Hit("description")


@tool_rule("LLM-005")
def description_example(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    text = description(tool)
    if not text.usable:
        return
    lowered = text.string.lower()
    if any(marker in lowered for marker in ctx.words("LLM-005", "markers")):
        return
    if searcher(patterns_of(ctx, "LLM-005", "patterns"), False)(text.string):
        return
    yield Hit("description")


@tool_rule("LLM-011")
def description_side_effects(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    text = description(tool)
    if not text.usable:
        return
    verbs = ctx.words("LLM-011", "verbs")
    said = name_tokens(tool) & verbs
    if said and not searcher(patterns_of(ctx, "LLM-011", "patterns"), True)(text.string):
        first = next(t for t in tokens(str(tool.raw.get("name"))) if t in said)  # in the name's order
        yield Hit("description", {"verb": first}, "undeclared_effect")
    annotations = tool.raw.get("annotations")
    if isinstance(annotations, dict) and annotations.get("destructiveHint") is True:
        warning = _warning(str(ctx.data("LLM-011")["destructive_warning"]))
        if warning.search(text.string) is None:
            yield Hit("description", variant="destructive_unwarned")



@functools.lru_cache(maxsize=8)
def _warning(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)
