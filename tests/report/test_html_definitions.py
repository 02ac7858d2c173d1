"""A diff carries the raw definitions of the tools it changed, for the HTML report's
side-by-side view: only changed tools, paired across a rename, the snapshots' own objects."""

from __future__ import annotations

import json

from conftest import ROOT

import mcp_inspect
from mcp_inspect.model import Snapshot


def _surface(tmp_path, name: str, tools: list[dict]) -> Snapshot:
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"tools": tools}))
    return mcp_inspect.load(str(path))


def _tool(name: str, description: str = "Reads a file.") -> dict:
    return {"name": name, "description": description,
            "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}


def test_only_the_changed_tools_are_kept_each_side_as_the_server_wrote_it():
    old = mcp_inspect.load(str(ROOT / "snapshots" / "git-2025.7.1.json"))
    new = mcp_inspect.load(str(ROOT / "snapshots" / "git-2025.11.25.json"))
    report = mcp_inspect.diff(old, new)
    assert sorted(report.definitions) == ["git_init", "git_log"]
    removed_old, removed_new = report.definitions["git_init"]
    assert removed_new is None and removed_old is next(t for t in old.tools if t["name"] == "git_init")
    log_old, log_new = report.definitions["git_log"]
    assert log_old["name"] == log_new["name"] == "git_log" and log_old != log_new


def test_a_renamed_tool_is_paired_with_its_old_definition(tmp_path):
    old = _surface(tmp_path, "old", [_tool("read_file")])
    new = _surface(tmp_path, "new", [_tool("get_file")])
    report = mcp_inspect.diff(old, new)
    assert any(f.rule == "tool.renamed" for f in report.changes)
    assert report.definitions == {"get_file": (old.tools[0], new.tools[0])}


def test_a_diff_without_tool_changes_keeps_nothing(tmp_path):
    same = _surface(tmp_path, "same", [_tool("read_file")])
    assert mcp_inspect.diff(same, same).definitions == {}
    lint = mcp_inspect.lint(same)
    assert lint.definitions == {}
