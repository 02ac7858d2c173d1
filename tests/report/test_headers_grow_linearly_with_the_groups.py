"""The headers of a diff's groups cost work in proportion to the groups, not their square.

Hostile trial, round 42: a diff of 10,000 tools removed against 10,000 added took 19 s in its
text and 13 s in its Markdown, 43 of its 45 s of profile in rendering: each entity's header
scanned every group for the shared ones holding it (10^8 ``Group.shared`` reads), and read a
shared group's findings on it by scanning all of them. The work is counted here, not timed:
the Python calls a render makes, for n and 2n tools.
"""

from __future__ import annotations

import sys
from typing import Any

from mcp_inspect import diff
from mcp_inspect.report.markdown import render_markdown
from mcp_inspect.report.text import render_text
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _sides(n: int) -> tuple[Any, Any]:
    """n tools removed alike (one shared group) and n added (one group each), and n tools that
    each lose property ``x`` alike (a shared group holding every one) and each have a
    description of their own changed (a group each, whose header reads the shared group)."""
    def tool(name: str, text: str, props: str) -> dict[str, Any]:
        return {"name": name, "description": text,
                "inputSchema": {"type": "object", "properties": {p: {"type": "string"} for p in props}}}
    old = [tool(f"a{i}", "Reads.", "") for i in range(n)] + [tool(f"c{i}", "Reads.", "xy") for i in range(n)]
    new = [tool(f"b{i}", "Reads.", "x") for i in range(n)] + [tool(f"c{i}", f"Reads {i}.", "y") for i in range(n)]
    return (snapshot_from_value({"tools": old}, "old.json"), snapshot_from_value({"tools": new}, "new.json"))


def _calls(render: Any, report: Any) -> int:
    counted = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal counted
        if event == "call":
            counted += 1

    sys.setprofile(count)
    try:
        render(report)
    finally:
        sys.setprofile(None)
    return counted


def test_rendering_twice_the_tools_makes_about_twice_the_calls():
    """Quadratic headers made 3.2 times the calls for twice the tools at these sizes; linear
    ones make 2 times, with a margin for what grows with the logarithm (sorting)."""
    small, large = (diff(*_sides(n), lint=None) for n in (150, 300))
    for render in (render_text, render_markdown):
        ratio = _calls(render, large) / _calls(render, small)
        assert ratio < 2.4, (render.__name__, ratio)
