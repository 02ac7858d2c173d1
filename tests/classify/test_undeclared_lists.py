"""A list one side does not declare at all (no key: a tools-only file) is compared only where
both sides declare it, with a warning naming it.

New-user trial, round 14: ``diff ci-old.yaml new.json``, the old side ``{tools: […]}`` and the
new a full capture of code-index-mcp, reported "NON_BREAKING resourceTemplate.added
files://{file_path}" and said nothing of the lists the old file never declared; the other way
round, every resource of the capture would have been a BREAKING ``resource.removed``. The docs
keep an absent list apart from an empty one (snapshot-format.md: "absent when the input did
not carry the list"; a live capture records an unadvertised list as ``[]``) and compare what
only one side declares only where both sides declare it (the tour), so an absent list is not
read as empty.
"""

from __future__ import annotations

import json

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.cli import app
from mcp_inspect.snapshot.shapes import snapshot_from_value

TOOL = {"name": "find_files", "inputSchema": {"type": "object", "properties": {"pattern": {"type": "string"}}}}
TEMPLATE = {"uriTemplate": "files://{file_path}", "name": "file_content"}
RESOURCES = [{"uri": "config://code-indexer", "name": "config"}, {"uri": "settings://stats", "name": "stats"}]
CAPTURE = {"initialize": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}, "resources": {}},
                          "serverInfo": {"name": "CodeIndexer", "version": "2.17.1"}},
           "tools": [TOOL], "resources": RESOURCES, "resourceTemplates": [TEMPLATE], "prompts": []}
TOOLS_ONLY = {"tools": [TOOL]}
OLD_SIDE = ("the old side has no resources or resourceTemplates list: the new side's 2 resources and 1 resource "
            "template are not compared, and none is reported as added (a list is compared only where both sides "
            "declare it; [] declares an empty one)")

METADATA = ("no change, though the fingerprints differ: they also cover the server's own metadata (the {} side "
            "declares none), compared only where both sides declare it")


def _diff(old: dict, new: dict):
    return diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))


def test_a_tools_only_old_side_reports_nothing_added_of_the_lists_it_does_not_declare():
    report = _diff(TOOLS_ONLY, CAPTURE)
    assert [f.rule for f in report.findings] == []
    assert report.warnings == [OLD_SIDE, METADATA.format("old")]  # the empty prompts list hides nothing


def test_a_tools_only_new_side_reports_nothing_removed_and_does_not_fail():
    report = _diff(CAPTURE, TOOLS_ONLY)
    assert [f.rule for f in report.findings] == []  # not BREAKING resource.removed ×2, resourceTemplate.removed
    assert report.warnings == [OLD_SIDE.replace("old side", "NEW").replace("new side", "old side")
                               .replace("NEW", "new side").replace("reported as added", "reported as removed"),
                               METADATA.format("new")]


def test_a_list_declared_empty_is_compared():
    report = _diff({**TOOLS_ONLY, "resources": [], "resourceTemplates": []}, CAPTURE)
    assert sorted(f.rule for f in report.findings) == ["resource.added", "resource.added", "resourceTemplate.added"]
    assert report.warnings == []


def test_a_list_both_sides_declare_is_still_compared_beside_one_they_do_not():
    old = {**TOOLS_ONLY, "resourceTemplates": []}
    report = _diff(old, CAPTURE)
    assert [(f.rule, f.entity.name) for f in report.findings] == [("resourceTemplate.added", "files://{file_path}")]
    assert report.warnings == ["the old side has no resources list: the new side's 2 resources are not compared, "
                               "and none is reported as added (a list is compared only where both sides declare "
                               "it; [] declares an empty one)"]


def test_a_list_the_server_does_not_serve_is_not_undeclared():
    """-32601 on resources/list: the server's word that the list is empty, compared as such."""
    old = {**CAPTURE, "resources": None, "errors": {"resources/list": {"code": -32601, "message": "Method not found"}}}
    del old["resources"]
    report = _diff(old, CAPTURE)
    assert [f.rule for f in report.findings] == ["resource.added", "resource.added"]
    assert not any("has no" in w for w in report.warnings)


def test_the_command_line_warns_once_and_the_fingerprints_are_not_explained_by_nothing(runner, tmp_path):
    old, new = tmp_path / "old.yaml", tmp_path / "new.json"
    old.write_text("tools:\n  - name: find_files\n    inputSchema:\n      type: object\n      properties:\n"
                   "        pattern: {type: string}\n")
    new.write_text(json.dumps({"tools": [TOOL], "resourceTemplates": [TEMPLATE]}))
    result = runner.invoke(app, ["diff", str(old), str(new), "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["findings"] == []
    warning = ("the old side has no resourceTemplates list: the new side's 1 resource template is not compared, "
               "and none is reported as added (a list is compared only where both sides declare it; [] declares "
               "an empty one)")
    assert report["warnings"] == [warning]  # and no "written differently" line naming no entity
    assert [line for line in result.stderr.splitlines() if "warning" in line] == [f"mcp-inspect: warning: {warning}"]
