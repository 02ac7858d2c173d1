"""Descriptions: MCP-012 (missing) and MCP-013 (very long)."""

from __future__ import annotations

from collections.abc import Iterator

from ..registry import Context, Hit, ToolView, tool_rule


@tool_rule("MCP-012")
def description_present(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    text = tool.raw.get("description")
    if text is None or "description" not in tool.raw:
        yield Hit("description", variant="missing")
    elif not isinstance(text, str):
        yield Hit("description", variant="not_a_string")
    elif not text.strip():
        yield Hit("description", variant="empty")


@tool_rule("MCP-013")
def description_length(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    text = tool.raw.get("description")
    limit = ctx.settings.description_max_chars
    if isinstance(text, str) and len(text) > limit:
        yield Hit("description", {"length": len(text), "max": limit})
