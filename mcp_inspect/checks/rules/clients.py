"""What particular clients refuse beyond the shared profile facts: MCP-033 (more tools than
the client sends in one request), MCP-034 (keywords OpenAI's strict mode rejects), MCP-035
(keywords outside Gemini's function-declaration schema). Each reads a fact of the profile
(checks/profiles.py) and finds nothing under a profile without it; docs/lint.md names the
source of each fact."""

from __future__ import annotations

import json
from collections.abc import Iterator

from ..registry import Context, Hit, ToolView, surface_rule, tool_rule

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
_SUBSETS = {"openai-strict": (OPENAI_STRICT_UNSUPPORTED, "MCP-034"), "gemini": (GEMINI_UNSUPPORTED, "MCP-035")}


@surface_rule("MCP-033")
def tool_count(ctx: Context) -> Iterator[Hit]:
    limit = ctx.profile.max_tools
    if limit is not None and len(ctx.tools) > limit:
        yield Hit("tools", {"tools": len(ctx.tools), "max": limit, "profile": ctx.profile.name})


def _unsupported(tool: ToolView, keywords: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(path, keyword)`` of each keyword of ``keywords`` written in the input schema. The
    schema's JSON text is searched first: most schemas hold none of them, and are not walked."""
    text = tool.shared("clients.input_text", lambda view: _COMPACT.encode(view.raw.get("inputSchema")))
    if not any(f'"{keyword}":' in text for keyword in keywords):
        return []
    found = []
    for node in tool.walked["inputSchema"]:
        for keyword in keywords:
            if keyword in node.schema:
                found.append((f"{node.path}.{keyword}", keyword))
    return found


def _subset_hits(tool: ToolView, ctx: Context, code: str) -> Iterator[Hit]:
    subset = ctx.profile.schema_subset
    if subset is None or _SUBSETS[subset][1] != code:
        return
    keywords = _SUBSETS[subset][0]
    for path, keyword in tool.shared(f"clients.{subset}", lambda view: _unsupported(view, keywords)):
        yield Hit(path, {"keyword": keyword, "profile": ctx.profile.name})


@tool_rule("MCP-034")
def openai_strict(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    yield from _subset_hits(tool, ctx, "MCP-034")


@tool_rule("MCP-035")
def gemini_declaration(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    yield from _subset_hits(tool, ctx, "MCP-035")
