"""Names: MCP-001 (tool name), MCP-002 (duplicate tool name), MCP-007 (property names)."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterator

from .registry import Context, Hit, ToolView, surface_rule, tool_rule
from .text import a_json_type, char_set, offending, short, show_char


@functools.lru_cache(maxsize=4096)  # names repeat across tools (query, path, limit)
def _name_problems(name: str, chars: str | None, limit: int, who: str, what: str) -> tuple[str, ...]:
    problems = []
    if len(name) > limit:
        problems.append(f"is {len(name)} characters long; {who} accepts at most {limit}")
    if chars is not None:
        bad = offending(name, char_set(chars))
        if bad:
            shown = ", ".join(show_char(c) for c in bad[:5]) + (" …" if len(bad) > 5 else "")
            problems.append(f"contains {shown}; {who} accepts only [{chars}] in {what}")
    return tuple(problems)


@tool_rule("MCP-001")
def tool_name(tool: ToolView, ctx: Context) -> Iterator[tuple[str, str]]:
    name = tool.raw.get("name")
    profile = ctx.profile
    if not isinstance(name, str) or not name:
        what = "has no name" if name is None or name == "" else f"has {a_json_type(name)} for a name"
        yield "name", f"The tool {what}; {profile.name} needs 1 to {profile.tool_name_max} characters."
        return
    problems = _name_problems(name, profile.tool_name_chars, profile.tool_name_max,
                              f"the {profile.name} profile", "tool names")
    if problems:
        yield "name", f"The tool name {short(name)!r} " + " and ".join(problems) + "."


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
            yield Hit("name", f"{len(where)} tools are named {short(name)!r} ({places}); a client keeps "
                      "one of them and the others can never be called.", name)


@tool_rule("MCP-007")
def property_names(tool: ToolView, ctx: Context) -> Iterator[tuple[str, str]]:
    profile = ctx.profile
    for prop in tool.input_properties:
        name = prop.name
        problems = _name_problems(name, profile.property_name_chars, profile.property_name_max,
                                  f"the {profile.name} profile", "property names")
        if not name and profile.property_name_chars is not None:
            problems = (f"is empty; the {profile.name} profile needs at least one character",)
        if problems:
            yield prop.path, f"The property name {short(name)!r} " + " and ".join(problems) + "."
