"""Descriptions: MCP-012 (missing) and MCP-013 (very long)."""

from __future__ import annotations

from collections.abc import Iterator

from .registry import Context, ToolView, tool_rule


@tool_rule("MCP-012")
def description_present(tool: ToolView, ctx: Context) -> Iterator[tuple[str, str]]:
    text = tool.raw.get("description")
    if text is None or "description" not in tool.raw:
        yield "description", "The tool has no description, so the model cannot tell when to call it."
    elif not isinstance(text, str):
        yield "description", "The tool's description is not a string; clients drop it."
    elif not text.strip():
        yield "description", "The tool's description is empty, so the model cannot tell when to call it."


@tool_rule("MCP-013")
def description_length(tool: ToolView, ctx: Context) -> Iterator[tuple[str, str]]:
    text = tool.raw.get("description")
    limit = ctx.settings.description_max_chars
    if isinstance(text, str) and len(text) > limit:
        yield "description", (f"The description is {len(text):,} characters long (budget {limit:,}); "
                              "it is sent with every request, whether the tool is used or not.")
