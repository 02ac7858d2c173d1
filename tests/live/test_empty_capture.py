"""A capture that lists no tools from a server that advertises ``tools`` (mcp-atlassian run
without its environment) is most likely a misconfigured start, not a release without tools:
it warns on stderr and keeps the warning in the snapshot's provenance, so a newcomer does
not commit an empty baseline unawares (issue 26). It still succeeds (exit 0)."""

from __future__ import annotations

import json

from capture_helpers import raw

from mcp_inspect.cli import app
from mcp_inspect.live.client import capture, capture_warnings
from mcp_inspect.snapshot.shapes import snapshot_from_value

WARNING = "the server listed no tools; it may need configuration such as environment variables"


def test_the_snapshot_command_warns_and_records_it(runner, tmp_path):
    out = tmp_path / "snap.json"
    result = runner.invoke(app, ["snapshot", "--server", raw("no-tools")[len("stdio:"):], "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert f"mcp-inspect: warning: {WARNING}" in result.stderr.splitlines()
    written = json.loads(out.read_text())
    assert written["provenance"]["details"]["warnings"] == [WARNING]
    assert written["tools"] == []


def test_the_api_capture_keeps_it_in_the_provenance():
    snap = capture(raw("no-tools"))
    assert snap.tools == []
    assert snap.provenance.details["warnings"] == [WARNING]


def test_a_server_that_lists_tools_gets_no_warning():
    snap = capture(raw("legacy"))  # its prompts/list fails, which is warned of on its own (test_list_errors.py)
    assert snap.tools and WARNING not in snap.provenance.details["warnings"]
    assert snap.provenance.details["warnings"] == [
        "the server's prompts/list failed: -32603 'prompts are broken'; the snapshot has no prompts from it"]


def test_no_tools_and_no_tools_capability_is_no_warning():
    """A server that does not advertise tools is not expected to list any (a prompts-only server)."""
    quiet = snapshot_from_value({"initialize": {"protocolVersion": "2025-06-18", "capabilities": {"prompts": {}},
                                                "serverInfo": {"name": "p", "version": "1"}},
                                 "tools": [], "prompts": []}, "x")
    assert capture_warnings(quiet) == []
    modern = snapshot_from_value({"discover": {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}},
                                  "tools": []}, "x")
    assert capture_warnings(modern) == [WARNING]


def test_a_diff_against_such_a_capture_says_so(runner, tmp_path):
    """Saved as a baseline, the empty capture would make every tool of the next release look
    added: the diff's warnings (stderr and every report) say which side was such a capture."""
    empty = tmp_path / "empty.json"
    assert runner.invoke(app, ["snapshot", "--server", raw("no-tools"), "-o", str(empty)]).exit_code == 0
    result = runner.invoke(app, ["diff", str(empty), raw("legacy"), "--no-lint", "--format", "json"])
    assert json.loads(result.stdout)["warnings"] == [
        f"the old side's capture: {WARNING}",
        "the new side's prompts/list failed (-32603 'prompts are broken'): its prompts are not compared, "
        "and none is reported as removed or added"]
    assert f"mcp-inspect: warning: the old side's capture: {WARNING}" in result.stderr.splitlines()
