"""A list method that answers a JSON-RPC error during a capture (postgres's server answers
``resources/list`` with -32603 ECONNREFUSED when its database is down) leaves that list out of
the snapshot: ``snapshot`` says so on stderr and keeps the warning in the provenance, as it does
for a server that lists no tools, instead of printing the counts as if nothing were wrong. The
capture still succeeds (exit 0): the rest of the surface is good."""

from __future__ import annotations

import json

from capture_helpers import raw

from mcp_inspect.cli import app
from mcp_inspect.live.client import capture

REFUSED = ("the server's resources/list failed: -32603 'connect ECONNREFUSED 127.0.0.1:1 [31mretrying'; "
           "the snapshot has no resources from it")
NOT_FOUND = ("the server's resources/templates/list failed: -32601 'Method not found'; "
             "the snapshot has no resource templates from it")


def test_the_snapshot_command_warns_of_each_failed_list_on_one_line(runner, tmp_path):
    out = tmp_path / "snap.json"
    result = runner.invoke(app, ["snapshot", "--server", raw("list-error")[len("stdio:"):], "-o", str(out)])
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert f"mcp-inspect: warning: {REFUSED}" in lines
    assert f"mcp-inspect: warning: {NOT_FOUND}" in lines
    assert "\x1b" not in result.stderr
    written = json.loads(out.read_text())
    assert written["provenance"]["details"]["warnings"] == [REFUSED, NOT_FOUND]
    assert "resources" not in written and written["errors"]["resources/list"]["code"] == -32603
    assert [t["name"] for t in written["tools"]] == ["query"]


def test_the_api_capture_keeps_them_in_the_provenance():
    snap = capture(raw("list-error"))
    assert snap.resources is None and snap.tools
    assert snap.provenance.details["warnings"] == [REFUSED, NOT_FOUND]


def test_a_capture_whose_lists_all_answer_has_no_such_warning():
    snap = capture(raw("no-tools"))
    assert snap.errors == {}
    assert not any("failed" in w for w in snap.provenance.details["warnings"])
