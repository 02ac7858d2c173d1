"""A change said once for several tools shows one member's witness as its example: the one
typical of the group, not the first by name.

New-user trial, round 44 (arxiv-mcp-server 0.3.0 → 0.8.2): ``additionalProperties: false``
added to four tools was said once with ``download_paper``'s witness
``{"check_status":false,"paper_id":""}``, a call that shows the property the release removed
from that tool, while the other three tools' witnesses were the plain extra key. The example
is now the witness most members share (then the simplest, then the first by name)."""

from __future__ import annotations

from typing import Any

from mcp_inspect import api
from mcp_inspect.report.grouping import said_once
from mcp_inspect.snapshot.shapes import snapshot_from_value

TEXT = {"type": "string"}
OTHERS = ("list_papers", "read_paper", "search_papers")


def _tool(name: str, properties: dict[str, Any], closed: bool) -> dict[str, Any]:
    schema = {"type": "object", "properties": properties, "required": ["paper_id"]}
    return {"name": name, "description": "Papers.",
            "inputSchema": {**schema, "additionalProperties": False} if closed else schema}


def _report() -> Any:
    old = [_tool("download_paper", {"paper_id": TEXT, "check_status": {"type": "boolean"}}, False),
           *(_tool(n, {"paper_id": TEXT}, False) for n in OTHERS)]
    new = [_tool(n, {"paper_id": TEXT}, True) for n in ("download_paper", *OTHERS)]
    return api.diff(snapshot_from_value({"tools": old}, "old.json"), snapshot_from_value({"tools": new}, "new.json"))


def test_the_grouped_example_is_the_witness_most_members_share():
    report = _report()
    [item] = [i for i in said_once(report.changes) if len(i.names) == 4]
    assert item.first.entity.name != "download_paper"
    assert "check_status" not in api.render(report, "text").split("tool download_paper")[0]


def test_the_choice_does_not_depend_on_the_order_of_the_findings():
    report = _report()
    [item] = [i for i in said_once(report.changes) if len(i.names) == 4]
    [again] = [i for i in said_once(list(reversed(report.changes))) if len(i.names) == 4]
    assert item.first.entity.name == again.first.entity.name == "list_papers"
