"""Names: MCP-001 (tool name), MCP-002 (duplicate tool name), MCP-007 (property names)."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterator

from ..registry import Context, Hit, ToolView, surface_links, surface_rule, tool_rule
from ..text import a_json_type, char_set, offending, show_char


@functools.lru_cache(maxsize=4096)  # names repeat across tools (query, path, limit)
def _name_problems(name: str, chars: str | None, limit: int) -> tuple[str, dict[str, object]] | None:
    """Which of the rule's messages applies to a name, and its facts; None for a good name."""
    args: dict[str, object] = {}
    if len(name) > limit:
        args.update(length=len(name), max=limit)
    if chars is not None:
        bad = offending(name, char_set(chars))
        if bad:
            args.update(chars=", ".join(show_char(c) for c in bad[:5]) + (" …" if len(bad) > 5 else ""),
                        allowed=chars)
    if not args:
        return None
    variant = "too_long_and_bad_chars" if "length" in args and "chars" in args else \
        "too_long" if "length" in args else "bad_chars"
    return variant, args


@tool_rule("MCP-001")
def tool_name(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    name = tool.raw.get("name")
    profile = ctx.profile
    facts = {"profile": profile.name, "max": profile.tool_name_max}
    if not isinstance(name, str) or not name:
        # A missing or non-string name breaks the specification itself, not only a client.
        if name is None or name == "":
            yield Hit("name", facts, "no_name", provenance="specification")
        else:
            yield Hit("name", {**facts, "json_type": a_json_type(name)}, "not_a_string", provenance="specification")
        return
    problems = _name_problems(name, profile.tool_name_chars, profile.tool_name_max)
    if problems:
        variant, args = problems
        yield Hit("name", {"name": name, "profile": profile.name, **args}, variant)


@surface_links("MCP-002", positional=True)
def _name_links(tool: ToolView, ctx: Context) -> tuple[str, ...]:
    """MCP-002 reads the tools of the same name (its facts name their positions)."""
    name = tool.raw.get("name")
    return (name,) if isinstance(name, str) else ()


@surface_rule("MCP-002")
def duplicate_names(ctx: Context) -> Iterator[Hit]:
    positions: dict[str, list[int]] = defaultdict(list)
    for tool in ctx.tools:
        name = tool.raw.get("name")
        if isinstance(name, str):
            positions[name].append(tool.index)
    for name, where in positions.items():
        if len(where) > 1:
            places = ", ".join(f"tools[{i}]" for i in where)
            # The finding belongs to the second tool of the name: the first is the one a
            # client keeps.
            yield Hit("name", {"name": name, "count": len(where), "places": places}, tool=where[1])


@tool_rule("MCP-007")
def property_names(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    profile = ctx.profile
    for prop in tool.input_properties:
        name = prop.name
        if not name and profile.property_name_chars is not None:
            yield Hit(prop.path, {"name": name, "profile": profile.name}, "empty")
            continue
        problems = _name_problems(name, profile.property_name_chars, profile.property_name_max)
        if problems:
            variant, args = problems
            yield Hit(prop.path, {"name": name, "profile": profile.name, **args}, variant)
