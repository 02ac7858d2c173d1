"""An entity's header counts findings, as the summary does.

New-user trial, round 30 (task-master-ai 0.25.0 → 0.31.2): the summary said 4 breaking and
the one group said "2 tools: get_task, get_tasks (1 breaking each)": each tool had lost two
properties, folded into one line "2 properties removed", and the header counted lines. The
headers of every entity, each count times the entities it holds, now add up to the summary.
"""

from __future__ import annotations

import re

from mcp_inspect import diff
from mcp_inspect.report.text import render_text
from mcp_inspect.snapshot.shapes import snapshot_from_value

_HEADER = re.compile(r"^(?:tool (\S+)|(\d+) tools: .*?)  \((.*)\)$")


def _tool(name: str, props: str) -> dict:
    return {"name": name, "description": "Reads a task.",
            "inputSchema": {"type": "object", "properties": {p: {"type": "string"} for p in props},
                            "additionalProperties": False}}


def test_headers_add_up_to_the_summary():
    old = snapshot_from_value({"tools": [_tool("get_task", "abk"), _tool("get_tasks", "abk"),
                                         _tool("alpha", "abck")]}, "old.json")
    new = snapshot_from_value({"tools": [_tool("get_task", "k"), _tool("get_tasks", "k"),
                                         _tool("alpha", "k")]}, "new.json")
    report = diff(old, new, lint=None)
    breaking = sum(1 for f in report.findings if f.severity.name == "BREAKING")
    assert breaking == 7
    text = render_text(report)
    counted = 0
    for line in text.splitlines():
        found = _HEADER.match(line)
        if found is None:
            continue
        entities = int(found.group(2) or 1)
        own = found.group(3).split(";")[0]
        counted += entities * sum(int(n) for n in re.findall(r"(\d+) breaking", own))
    assert counted == breaking, text
