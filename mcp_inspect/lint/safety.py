"""Safety: MCP-020 (injection-like text), MCP-021 (invisible characters), MCP-022 (sinks)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from .injection import find_injection
from .registry import Context, ToolView, tool_rule
from .sinks import sink_kind, unconstrained, words
from .text import short, show_char
from .unicode import decode_tags, hidden_chars, is_bidi, may_hide, normalise
from .walk import nodes, properties, strings

_SCHEMA_TEXT = ("description", "title")
_SCHEMA_VALUES = ("enum", "const", "default", "examples")


def prose(tool: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """``(path, text)`` of every piece of text in a tool that a model reads as prose."""
    for key in ("title", "description"):
        if isinstance(tool.get(key), str):
            yield key, tool[key]
    annotations = tool.get("annotations")
    if isinstance(annotations, dict) and isinstance(annotations.get("title"), str):
        yield "annotations.title", annotations["title"]
    for root in ("inputSchema", "outputSchema"):
        for node in nodes(tool.get(root), root):
            for key in _SCHEMA_TEXT:
                if isinstance(node.schema.get(key), str):
                    yield f"{node.path}.{key}", node.schema[key]
            for key in _SCHEMA_VALUES:
                yield from strings(node.schema.get(key), f"{node.path}.{key}")


@tool_rule("MCP-020")
def injection(tool: ToolView, ctx: Context) -> Iterator[tuple[str, str]]:
    for path, text in prose(tool.raw):
        found = find_injection(normalise(text))
        if found:
            manoeuvre, matched = found
            yield path, (f"This text {manoeuvre} ({short(matched, 70)!r}). Tool text should say what the "
                         "tool does; hosts and reviewers treat instructions aimed at the model as an attack.")


@tool_rule("MCP-021")
def invisible(tool: ToolView, ctx: Context) -> Iterator[tuple[str, str]]:
    # Almost no tool holds a hidden character: one pass over its JSON text says whether
    # the per-string walk below is needed at all.
    if not may_hide(json.dumps(tool.raw, ensure_ascii=False)):
        return
    seen: set[str] = set()
    for path, text in strings(tool.raw, ""):
        found = hidden_chars(text)
        if not found or path in seen:
            continue
        seen.add(path)
        kinds = ", ".join(show_char(c) for c in dict.fromkeys(found))
        what = "bidirectional control" if all(is_bidi(c) for c in found) else "invisible"
        message = f"{len(found)} {what} character{'s' if len(found) > 1 else ''} ({short(kinds, 120)})"
        tags = decode_tags(text)
        if tags:
            message += f", spelling hidden text {short(tags, 60)!r}"
        yield path, message + ". A reader cannot see what the model will read."


def _context(tool: dict[str, Any]) -> set[str]:
    text = " ".join(t for _, t in prose(tool)) + " " + str(tool.get("name", ""))
    return set(words(text))


@tool_rule("MCP-022")
def sinks(tool: ToolView, ctx: Context) -> Iterator[tuple[str, str]]:
    context: set[str] | None = None
    for path, name, sub, _parent in properties(tool.schema, "inputSchema"):
        if not unconstrained(sub):
            continue
        context = context if context is not None else _context(tool.raw)
        own = isinstance(sub, dict) and isinstance(sub.get("description"), str)
        kind = sink_kind(name, context | (set(words(sub["description"])) if own else set()))
        if kind:
            yield path, (f"{short(name)!r} takes a {kind} and nothing in its schema limits which one "
                         "(no pattern, enum or const); whatever the model is talked into sending reaches it.")
