"""A diff carries the raw definitions of the tools it changed, for the HTML report's
side-by-side view: only changed tools, paired across a rename, the snapshots' own objects."""

from __future__ import annotations

import json

from conftest import ROOT

import mcp_inspect
from mcp_inspect.model import Snapshot
from mcp_inspect.report import html_defs
from mcp_inspect.report.html_defs import CHANGED, INSERTED, SAME, side_by_side


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


# --- the side-by-side view (report/html_defs.py) ----------------------------------------


def test_the_sides_line_up_with_sorted_keys_and_mark_each_changed_line():
    old = {"name": "t", "description": "Reads.", "inputSchema": {"type": "object"}}
    new = {"inputSchema": {"type": "object"}, "name": "t", "description": "Reads a file."}
    view = side_by_side(old, new)
    rows = [row for block in view.blocks for row in block.rows]
    assert [row.kind for row in rows] == [SAME, CHANGED, SAME, SAME, SAME, SAME, SAME]
    assert (rows[1].old, rows[1].new) == ('  "description": "Reads.",', '  "description": "Reads a file.",')
    assert (view.changed, view.deleted, view.inserted) == (1, 0, 0)


def test_a_comma_that_json_adds_after_a_kept_line_does_not_mark_it_changed():
    old = {"name": "resolve", "inputSchema": {"type": "object"}}
    new = {"name": "resolve", "title": "Resolve", "inputSchema": {"type": "object"}}
    view = side_by_side(old, new)
    rows = [row for block in view.blocks for row in block.rows]
    kept = next(row for row in rows if row.old == '  "name": "resolve"')
    assert kept.kind == SAME and kept.new == '  "name": "resolve",'  # each side shows its own line
    assert (view.changed, view.deleted, view.inserted) == (0, 0, 1)


def test_a_side_that_does_not_exist_is_all_removed_or_all_added():
    view = side_by_side(None, {"name": "t"})
    assert {row.kind for block in view.blocks for row in block.rows} == {INSERTED}
    assert view.inserted == 3 and view.cut_old is None
    assert side_by_side({"name": "t"}, None).deleted == 3


def test_long_unchanged_runs_are_folded_beside_the_change():
    props = {f"p{n:02}": {"type": "string"} for n in range(30)}
    old = {"name": "t", "inputSchema": {"properties": props}}
    new = {"name": "t", "inputSchema": {"properties": {**props, "p15": {"type": "integer"}}}}
    view = side_by_side(old, new)
    folded = [block for block in view.blocks if block.folded]
    assert len(folded) == 2 and view.changed == 1
    shown = [row for block in view.blocks if not block.folded for row in block.rows]
    assert sum(row.kind == SAME for row in shown) == 2 * html_defs.CONTEXT  # the context around the one change


def test_a_huge_definition_is_cut_and_says_so():
    huge = {"name": "t", "description": "x" * 10_000,
            "inputSchema": {"properties": {f"p{n}": {"type": "string"} for n in range(1_000)}}}
    lines, note = html_defs.definition_lines(huge)
    assert len(lines) == html_defs.MAX_LINES
    assert sum(len(line) for line in lines) <= html_defs.MAX_CHARS + html_defs.MAX_LINES
    assert max(len(line) for line in lines) <= html_defs.MAX_LINE_CHARS + 1
    assert note.startswith(f"cut at {html_defs.MAX_LINES} lines:") and "long line cut" in note
    assert side_by_side(huge, None).cut_old == note


def test_invisible_characters_in_a_definition_are_escapes():
    lines, _ = html_defs.definition_lines({"name": "del\u200bete", "description": "a\u202eb"})
    assert lines[1:3] == ['  "description": "a\\u202eb",', '  "name": "del\\u200bete"']
