"""What particular clients refuse beyond the shared profile facts: MCP-033 (more tools than
the client sends in one request), MCP-034 (keywords OpenAI's strict mode rejects), MCP-035
(keywords outside Gemini's function-declaration schema). Each reads a fact of the profile
(checks/profiles.py) and finds nothing under a profile without it; docs/lint.md names the
source of each fact."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ...limits import MAX_WALK_DEPTH
from ..profiles import SUBSET_CODES
from ..registry import Context, Hit, ToolView, surface_rule, tool_rule
from ..walk import step

#: Keywords OpenAI's strict mode (Structured Outputs, which function calling with
#: ``strict: true`` and Azure AI Foundry's agents use) does not support in a schema.
OPENAI_STRICT_UNSUPPORTED = ("allOf", "not", "oneOf", "if", "then", "else", "dependentRequired",
                             "dependentSchemas", "patternProperties", "unevaluatedProperties")
#: Keywords outside the schema of Gemini's function declarations that change what a value may
#: be (annotations such as ``default`` or ``examples`` are left to the client to drop).
GEMINI_UNSUPPORTED = ("allOf", "not", "if", "then", "else", "const", "patternProperties", "dependentRequired",
                      "dependentSchemas", "unevaluatedProperties", "unevaluatedItems", "contains",
                      "propertyNames", "$dynamicRef")
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False, default=repr)
#: What each schema subset lacks; the code that checks it is ``profiles.SUBSET_CODES``'s.
_UNSUPPORTED = {"openai-strict": OPENAI_STRICT_UNSUPPORTED, "gemini": GEMINI_UNSUPPORTED}


@surface_rule("MCP-033")
def tool_count(ctx: Context) -> Iterator[Hit]:
    limit = ctx.profile.max_tools
    if limit is not None and len(ctx.tools) > limit:
        yield Hit("tools", {"tools": len(ctx.tools), "max": limit, "profile": ctx.profile.name})


#: Every keyword either subset lacks: one scan of a schema finds them all, for both.
_LACKED = frozenset(OPENAI_STRICT_UNSUPPORTED) | frozenset(GEMINI_UNSUPPORTED)
_ONE = frozenset(("additionalProperties", "items", "contains", "not", "if", "then", "else", "propertyNames",
                  "unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema"))
_LIST = frozenset(("allOf", "anyOf", "oneOf", "prefixItems", "items"))
_MAP = frozenset(("properties", "patternProperties", "$defs", "definitions", "dependentSchemas"))


def _scan(schema: Any, steps: list[tuple[str, str | int | None]], found: list[tuple[str, str]], depth: int) -> None:
    """Collect ``(path, keyword)`` of the lacked keywords at every schema position of
    ``schema`` (the positions walk.py visits), spelling a path only for a keyword found."""
    if not isinstance(schema, dict) or depth > MAX_WALK_DEPTH:
        return
    for key, value in schema.items():
        if key in _LACKED:
            found.append(("inputSchema" + "".join(step(k, n) for k, n in steps) + f".{key}", key))
        if isinstance(value, dict):
            if key in _MAP:
                for name, sub in value.items():
                    steps.append((key, str(name)))
                    _scan(sub, steps, found, depth + 1)
                    steps.pop()
            elif key in _ONE:
                steps.append((key, None))
                _scan(value, steps, found, depth + 1)
                steps.pop()
        elif isinstance(value, list) and key in _LIST:
            for index, sub in enumerate(value):
                steps.append((key, index))
                _scan(sub, steps, found, depth + 1)
                steps.pop()


def _lacked(tool: ToolView) -> list[tuple[str, str]]:
    """``(path, keyword)`` of each keyword of ``_LACKED`` in the input schema. Its JSON text is
    searched first: most schemas hold none of them, and are not scanned."""
    schema = tool.raw.get("inputSchema")
    text = _COMPACT.encode(schema)
    if not any(f'"{keyword}":' in text for keyword in _LACKED):
        return []
    found: list[tuple[str, str]] = []
    _scan(schema, [], found, 0)
    return found


def _subset_hits(tool: ToolView, ctx: Context, code: str) -> Iterator[Hit]:
    subset = ctx.profile.schema_subset
    if subset is None or SUBSET_CODES[subset] != code:
        return
    keywords = _UNSUPPORTED[subset]
    for path, keyword in tool.shared("clients.lacked", _lacked):
        if keyword in keywords:
            yield Hit(path, {"keyword": keyword, "profile": ctx.profile.name})


@tool_rule("MCP-034")
def openai_strict(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    yield from _subset_hits(tool, ctx, "MCP-034")


@tool_rule("MCP-035")
def gemini_declaration(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    yield from _subset_hits(tool, ctx, "MCP-035")
