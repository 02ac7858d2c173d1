"""How ``diff`` tells an introduced lint finding from an inherited one when places move.

Indices in a finding's path (``required[1]``, ``enum[2]``, ``anyOf[0]``) shift whenever
a value is inserted before them, and a renamed tool keeps its problems under its new
name: neither may turn an old finding into a new one that fails the gate.
"""

from __future__ import annotations

import json
from typing import Any

from support import compare_lint, lint_finding

from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.cli import app
from mcp_inspect.findings.finding import Finding
from mcp_inspect.policy import split_by_origin
from mcp_inspect.snapshot.shapes import snapshot_from_value

ZWSP = "\u200b"

#: These tests are about the MCP-0xx family: only it runs.
MCP = LintSettings(select=("MCP",))

DIFF = ["diff", "--select", "MCP"]  # the MCP-0xx family only


def surface(*tools: dict[str, Any]) -> Any:
    return snapshot_from_value({"tools": list(tools)}, "side")


def read_file(required: list[str], path: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": "read_file", "description": "Read a file.",
            "inputSchema": {"type": "object", "required": required,
                            "properties": {"path": path or {"type": "string", "pattern": "^/srv/"}}}}


def codes(findings: list[Finding]) -> list[tuple[str, str]]:
    return [(f.code, f.path) for f in findings]


def test_a_required_name_that_moves_stays_inherited():
    lint = compare_lint(surface(read_file(["path", "ghost"])), surface(read_file(["ghost"])), MCP)
    assert codes(lint.introduced) == []
    assert codes(lint.inherited) == [("MCP-008", "inputSchema.required[0]")]
    assert not lint.failed


def test_a_new_missing_name_beside_an_old_one_is_the_one_introduced():
    lint = compare_lint(surface(read_file(["ghost"])), surface(read_file(["phantom", "ghost"])), MCP)
    assert [(f.path, "phantom" in f.message) for f in lint.introduced] == [("inputSchema.required[0]", True)]
    assert [(f.path, "ghost" in f.message) for f in lint.inherited] == [("inputSchema.required[1]", True)]
    assert lint.failed  # MCP-008 is an error, and this one is new


def test_an_enum_value_inserted_before_a_hidden_character_keeps_it_inherited():
    old = read_file(["path"], {"type": "string", "pattern": "^/", "enum": ["a", "b" + ZWSP]})
    new = read_file(["path"], {"type": "string", "pattern": "^/", "enum": ["a", "z", "b" + ZWSP]})
    lint = compare_lint(surface(old), surface(new), MCP)
    assert [f.code for f in lint.introduced] == []
    assert codes(lint.inherited) == [("MCP-021", "inputSchema.properties.path.enum[2]")]


def test_a_second_finding_at_the_same_place_is_introduced():
    old = read_file(["path"], {"type": "string", "pattern": "^/", "enum": ["a" + ZWSP]})
    new = read_file(["path"], {"type": "string", "pattern": "^/", "enum": ["a" + ZWSP, "b" + ZWSP]})
    lint = compare_lint(surface(old), surface(new), MCP)
    assert codes(lint.introduced) == [("MCP-021", "inputSchema.properties.path.enum[1]")]
    assert codes(lint.inherited) == [("MCP-021", "inputSchema.properties.path.enum[0]")]


def test_a_reworded_message_at_the_same_place_stays_inherited():
    def finding(length: int) -> Finding:
        return lint_finding("MCP-013", "t", "description", {"length": length, "max": 2048})

    introduced, inherited, resolved = split_by_origin([finding(2100)], [finding(2300)])
    assert introduced == resolved == [] and len(inherited) == 1 and "2,300 characters" in inherited[0].message


def test_a_renamed_tool_keeps_its_findings_inherited(runner, tmp_path):
    def page_tool(name: str) -> dict[str, Any]:
        return {"name": name, "description": "Fetch a page.",
                "inputSchema": {"type": "object", "required": ["url", "ghost"],
                                "properties": {"url": {"type": "string"}, "x": {}}}}

    (tmp_path / "old.json").write_text(json.dumps({"tools": [page_tool("get_page")]}))
    (tmp_path / "new.json").write_text(json.dumps({"tools": [page_tool("fetch_page")]}))
    result = runner.invoke(app, [*DIFF, str(tmp_path / "old.json"), str(tmp_path / "new.json"), "--format", "json"])
    report = json.loads(result.stdout)
    assert [f["rule"] for f in report["findings"]] == ["tool.renamed"]
    assert report["lint"]["introduced"] == []
    assert set(report["lint"]["inherited"]) >= {"MCP-008", "MCP-022"}  # counted by code
    assert report["lint"]["summary"]["gate"] == "pass"  # the rename itself is BREAKING; its lint is not new


def test_without_the_rename_the_same_findings_are_new():
    # The pairing comes from the diff: compare_lint alone, told of no rename, sees new tools.
    old = {"name": "get_page", "description": "d", "inputSchema": {"type": "object", "required": ["ghost"]}}
    new = {**old, "name": "fetch_page"}
    assert [f.code for f in compare_lint(surface(old), surface(new), MCP).introduced] == ["MCP-006", "MCP-008"]
    told = compare_lint(surface(old), surface(new), renamed=[("get_page", "fetch_page")], settings=MCP)
    assert told.introduced == [] and [f.code for f in told.inherited] == ["MCP-006", "MCP-008"]
