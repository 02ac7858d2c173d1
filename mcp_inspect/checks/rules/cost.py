"""Cost: MCP-030 (server budget), MCP-031 (one tool oversized), MCP-032 (share of the window)."""

from __future__ import annotations

from collections.abc import Iterator

from ..registry import Context, Hit, ToolView, surface_rule, tool_rule
from ..settings import CONTEXT_SHARE_TOKENS


def _counted(ctx: Context) -> str:
    return "estimated" if not ctx.tokens.exact else f"counted with {ctx.tokens.counter}"


@surface_rule("MCP-030")
def server_budget(ctx: Context) -> Iterator[Hit]:
    total, budget = ctx.tokens.total, ctx.settings.server_max_tokens
    if total > budget:
        yield Hit("tools", {"tokens": total, "counted": _counted(ctx), "budget": budget})


@tool_rule("MCP-031")
def tool_budget(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    limit = ctx.settings.tool_max_tokens
    if tool.tokens > limit:
        yield Hit("", {"tokens": tool.tokens, "counted": _counted(ctx), "budget": limit})


@surface_rule("MCP-032")
def window_share(ctx: Context) -> Iterator[Hit]:
    total = ctx.tokens.total
    if total > CONTEXT_SHARE_TOKENS:
        # The limit is the contract's 40,000 whatever the profile; the share is of the
        # profile's own window, so the message never claims a window the client lacks.
        yield Hit("tools", {"tokens": total, "counted": _counted(ctx), "share": ctx.tokens.share,
                            "window": ctx.tokens.window, "profile": ctx.profile.name})
