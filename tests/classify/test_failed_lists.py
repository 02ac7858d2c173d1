"""A list whose method answered an error in one side's capture (the snapshot's ``errors``).

- Any error but -32601 (postgres's -32603 ECONNREFUSED when its database was down) says
  nothing of what the server lists: that kind's entities are neither removed nor added, and
  the report's warnings name the side and the list (trial defect 3).
- -32601 "Method not found" is the server's own answer that it does not serve the list, so
  the list is empty for every caller and is compared as such (test_unserved_capability.py).
"""

from __future__ import annotations

import json

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.cli import app
from mcp_inspect.snapshot.shapes import snapshot_from_value

REFUSED = {"code": -32603, "message": "connect ECONNREFUSED 127.0.0.1:1"}
NOT_FOUND = {"code": -32601, "message": "Method not found"}
RESOURCES = [{"uri": "postgres://db/users/schema", "name": "users"},
             {"uri": "postgres://db/orders/schema", "name": "orders"}]
NEW_SIDE = ("the new side's resources/list failed (-32603 'connect ECONNREFUSED 127.0.0.1:1'): its resources "
            "are not compared, and none is reported as removed or added")
OLD_SIDE = NEW_SIDE.replace("new side", "old side")


def _side(capabilities: dict | None = None, errors: dict | None = None, **lists) -> dict:
    value = {"initialize": {"protocolVersion": "2024-11-05",
                            "capabilities": capabilities or {"tools": {}, "resources": {}},
                            "serverInfo": {"name": "pg", "version": "0.6.2"}},
             "tools": [{"name": "query", "inputSchema": {"type": "object"}}], **lists}
    if errors:
        value["errors"] = errors
    return value


def _diff(old: dict, new: dict):
    return diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))


def _found(report) -> list[tuple[str, str, str]]:
    return [(f.rule, f.entity.name, f.severity.name) for f in report.findings]


def test_a_list_that_failed_on_the_new_side_reports_no_removal_but_a_warning():
    report = _diff(_side(resources=RESOURCES), _side(errors={"resources/list": REFUSED}))
    assert _found(report) == []
    assert report.warnings == [NEW_SIDE]


def test_a_list_that_failed_on_the_old_side_reports_no_addition_but_a_warning():
    """What the old server listed is unknown, so "added" would be a guess as much as "removed"."""
    report = _diff(_side(errors={"resources/list": REFUSED}), _side(resources=RESOURCES))
    assert _found(report) == []
    assert report.warnings == [OLD_SIDE]


def test_both_sides_failing_warn_for_each_and_the_other_kinds_are_still_compared():
    old = _side(errors={"resources/list": REFUSED})
    new = _side(errors={"resources/list": REFUSED, "prompts/list": {"code": "E", "message": "a\nb\x1b[0m"}},
                capabilities={"tools": {}, "resources": {}, "prompts": {}})
    new["tools"] = []
    report = _diff(old, new)
    assert ("tool.removed", "query", "BREAKING") in _found(report)
    assert report.warnings == [
        OLD_SIDE, NEW_SIDE,
        "the new side's prompts/list failed ('E' 'a b [0m'): its prompts are not compared, and none is "
        "reported as removed or added"]


def test_method_not_found_is_the_server_serving_no_such_list():
    """-32601 is an answer about the server, not about the capture: the resources it no
    longer serves are removed for every caller."""
    report = _diff(_side(resources=RESOURCES), _side(errors={"resources/list": NOT_FOUND}))
    assert sorted(_found(report)) == [("resource.removed", r["uri"], "BREAKING") for r in sorted(
        RESOURCES, key=lambda r: r["uri"])]
    assert report.warnings == []


def test_a_present_list_counts_whatever_errors_says():
    report = _diff(_side(resources=RESOURCES), _side(resources=[], errors={"resources/list": REFUSED}))
    assert {rule for rule, _, _ in _found(report)} == {"resource.removed"}
    assert report.warnings == []


def test_the_capture_warning_is_not_said_twice_in_a_diff(runner, tmp_path):
    """A live capture keeps its warning in the provenance; the diff says the list failed once,
    in its own words, rather than also as "the new side's capture: …"."""
    new = snapshot_from_value(_side(errors={"resources/list": REFUSED}), "new")
    new.provenance.details["warnings"] = [
        "the server's resources/list failed: -32603 'connect ECONNREFUSED 127.0.0.1:1'; "
        "the snapshot has no resources from it", "something else"]
    report = diff_snapshots(snapshot_from_value(_side(resources=RESOURCES), "old"), new)
    assert report.warnings == ["the new side's capture: something else", NEW_SIDE]


@pytest.mark.parametrize("fmt", ["text", "json", "markdown", "sarif", "github", "html"])
def test_every_format_shows_the_warning(runner, tmp_path, fmt):
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(_side(resources=RESOURCES)))
    new.write_text(json.dumps(_side(errors={"resources/list": REFUSED})))
    result = runner.invoke(app, ["diff", str(old), str(new), "--no-lint", "--format", fmt])
    # the old side had resources: the gate fails closed (test_unread_gate.py)
    assert result.exit_code == 1, result.output
    assert "resources/list failed" in result.stdout
    assert "postgres://db/users" not in result.stdout  # no finding names a resource
    assert f"mcp-inspect: warning: {NEW_SIDE}" in result.stderr.splitlines()
