"""Cost: MCP-030 (server budget), MCP-031 (one tool oversized), MCP-032 (share of the window)."""

from __future__ import annotations

from collections.abc import Iterator

from .registry import Context, Hit, ToolView, surface_rule, tool_rule
from .settings import CONTEXT_SHARE_TOKENS


def _counted(ctx: Context) -> str:
    return "estimated" if not ctx.tokens.exact else f"counted with {ctx.tokens.counter}"


@surface_rule("MCP-030")
def server_budget(ctx: Context) -> Iterator[Hit]:
    total, budget = ctx.tokens.total, ctx.settings.server_max_tokens
    if total > budget:
        yield Hit("tools", f"The tool definitions take {total:,} tokens ({_counted(ctx)}), over the "
                  f"budget of {budget:,}; they are sent before the first message of every conversation.")


@tool_rule("MCP-031")
def tool_budget(tool: ToolView, ctx: Context) -> Iterator[tuple[str, str]]:
    limit = ctx.settings.tool_max_tokens
    if tool.tokens > limit:
        yield "", (f"This tool's definition takes {tool.tokens:,} tokens ({_counted(ctx)}), over the "
                   f"per-tool budget of {limit:,}.")


@surface_rule("MCP-032")
def window_share(ctx: Context) -> Iterator[Hit]:
    total = ctx.tokens.total
    if total > CONTEXT_SHARE_TOKENS:
        yield Hit("tools", f"The tool definitions take {total:,} tokens ({_counted(ctx)}), "
                  f"{ctx.tokens.share:.0%} of a {ctx.tokens.window:,}-token context window before the "
                  "first message (the limit is 20%).")
