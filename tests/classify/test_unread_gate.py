"""The gate fails closed when the new side could not read a list the old side had entities of
(trial dec02, D4): a PR gate whose ``current:`` is a live server whose ``tools/list`` failed
for a transient reason compared none of the tools, so it must not pass. The summary's Gate line
says why, and the JSON report lists the lists under ``summary.unreadLists``.

Only the new side failing loses something known: when both sides failed, when the old side
had none of that kind, or when the new side answered -32601 (it does not serve the list, so
the entities are removed and classified), the failed list is only warned of, as before."""

from __future__ import annotations

import json

import jsonschema
import pytest
from conftest import DATA, ROOT
from support import decided

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.cli import app
from mcp_inspect.snapshot.shapes import snapshot_from_value

REFUSED = {"code": -32603, "message": "fetch failed"}
NOT_FOUND = {"code": -32601, "message": "Method not found"}
TOOLS = [{"name": "query", "inputSchema": {"type": "object"}}]
RESOURCES = [{"uri": "postgres://db/users/schema", "name": "users"}]
REASON = "the new side's tools/list failed, so its tools were not compared"
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))


def _side(errors: dict | None = None, **lists) -> dict:
    value = {"initialize": {"protocolVersion": "2024-11-05", "capabilities": {"tools": {}, "resources": {}},
                            "serverInfo": {"name": "pg", "version": "0.6.2"}}, **lists}
    if errors:
        value["errors"] = errors
    return value


def _decided(old: dict, new: dict):
    return decided(diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new")))


def test_the_new_side_failing_a_list_the_old_side_had_fails_the_gate():
    report = _decided(_side(tools=TOOLS), _side(errors={"tools/list": REFUSED}))
    assert report.findings == []
    assert report.unread_lists == [("tools", "tools/list", REFUSED)]
    assert report.failed and report.changes_failed and report.exit_code == 1


@pytest.mark.parametrize(("old", "new"), [
    (_side(errors={"tools/list": REFUSED}), _side(errors={"tools/list": REFUSED})),  # both failed
    (_side(tools=[]), _side(errors={"tools/list": REFUSED})),  # the old side had no tools
    (_side(tools=TOOLS, resources=[]), _side(tools=TOOLS, errors={"resources/list": REFUSED})),  # had no resources
    (_side(errors={"tools/list": REFUSED}), _side(tools=TOOLS)),  # only the old side failed
])
def test_nothing_known_was_lost_so_only_the_warning(old, new):
    report = _decided(old, new)
    assert report.unread_lists == [] and not report.failed
    assert any("not compared" in w for w in report.warnings)


def test_method_not_found_on_the_new_side_is_a_removal_not_an_unread_list():
    """-32601: the server does not serve the list, so its resources are removed (classified
    BREAKING, which fails on its own) and nothing is said to be unread."""
    report = _decided(_side(tools=TOOLS, resources=RESOURCES),
                      _side(tools=TOOLS, errors={"resources/list": NOT_FOUND}))
    assert report.unread_lists == []
    assert [f.rule for f in report.findings] == ["resource.removed"]


def test_the_trial_pair_fails_and_every_format_says_why(runner):
    """The trial's pair: stripe 0.2.4 (22 tools) against a supabase capture whose tools/list
    answered -32603 'fetch failed' (no network). It passed before."""
    old = str(DATA / "trial" / "stripe-mcp" / "0.2.4.json")
    new = str(DATA / "trial" / "supabase-mcp-server" / "0.13.0.json")
    text = runner.invoke(app, ["diff", old, new, "--no-lint"])
    assert text.exit_code == 1, text.output
    first = text.stdout.splitlines()[0]
    assert f"Gate: FAIL ({REASON}; fails on BREAKING and above)" in first, first
    out = runner.invoke(app, ["diff", old, new, "--no-lint", "--format", "json"])
    assert out.exit_code == 1
    value = json.loads(out.stdout)
    jsonschema.validate(value, SCHEMA)
    assert value["summary"]["gate"] == "fail"
    assert value["summary"]["unreadLists"] == [{"method": "tools/list", "error": REFUSED}]
    for fmt in ("markdown", "github", "html"):
        shown = runner.invoke(app, ["diff", old, new, "--no-lint", "--format", fmt])
        assert shown.exit_code == 1 and REASON.replace("'", "&#39;") in shown.stdout.replace("'", "&#39;"), fmt


def test_a_report_with_no_unread_list_has_no_such_key(runner):
    old = str(DATA / "trial" / "mcp-server-sqlite" / "0.1.0.json")
    out = runner.invoke(app, ["diff", old, old, "--no-lint", "--format", "json"])
    assert out.exit_code == 0 and "unreadLists" not in json.loads(out.stdout)["summary"]


def test_a_check_names_why_the_servers_gate_failed():
    """``check`` of a pinned server whose tools/list now fails: the server's line says why."""
    from mcp_inspect.drift.check import DriftReport, ServerDrift
    from mcp_inspect.drift.render import render_drift

    report = _decided(_side(tools=TOOLS), _side(errors={"tools/list": REFUSED}))
    drift = DriftReport("mcp.json", "mcp-inspect.lock.json", [ServerDrift("pg", "changed", "a" * 12, "b" * 12, report)])
    assert drift.exit_code == 1
    line = render_drift(drift, "text", color=False).splitlines()[2]
    assert line.endswith(f"gate FAIL ({REASON})"), line
