"""A list method that answers a JSON-RPC error during a capture (postgres's server answers
``resources/list`` with -32603 ECONNREFUSED when its database is down) leaves that list out of
the snapshot: ``snapshot`` says so on stderr and keeps the warning in the provenance, as it does
for a server that lists no tools, instead of printing the counts as if nothing were wrong. The
capture still succeeds (exit 0): the rest of the surface is good."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from capture_helpers import PREFIX, SERVERS, raw
from conftest import DATA

from mcp_inspect import api
from mcp_inspect.cli import app
from mcp_inspect.errors import CaptureError
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
    assert not any("resources/templates/list" in line for line in lines)  # -32601: not served, nothing failed
    assert "\x1b" not in result.stderr
    written = json.loads(out.read_text())
    assert written["provenance"]["details"]["warnings"] == [REFUSED]
    assert written["provenance"]["details"]["unservedLists"] == ["resources/templates/list"]
    assert written["errors"]["resources/templates/list"]["code"] == -32601
    assert "resources" not in written and written["errors"]["resources/list"]["code"] == -32603
    assert [t["name"] for t in written["tools"]] == ["query"]


def test_the_api_capture_keeps_them_in_the_provenance():
    snap = capture(raw("list-error"))
    assert snap.resources is None and snap.tools
    assert snap.provenance.details["warnings"] == [REFUSED]
    assert snap.provenance.details["unservedLists"] == ["resources/templates/list"]


def test_a_capture_whose_lists_all_answer_has_no_such_warning():
    snap = capture(raw("no-tools"))
    assert snap.errors == {}
    assert not any("failed" in w for w in snap.provenance.details["warnings"])


def test_a_list_the_server_does_not_serve_is_no_warning_in_a_diff_of_old_captures(tmp_path):
    """The trial's mcp-server-sqlite captures answered resources/templates/list with -32601 and
    were saved while that was still warned of: their diff says nothing of it (the list is not
    served on either side, and no capture failed)."""
    old, new = (str(DATA / "trial" / "mcp-server-sqlite" / f"{v}.json") for v in ("0.1.0", "2025.4.25"))
    assert NOT_FOUND in json.loads(Path(old).read_text())["provenance"]["details"]["warnings"]
    report = api.diff(old, new)
    assert not any("templates" in w for w in report.warnings), report.warnings


def test_a_live_new_side_whose_list_failed_fails_the_gate(runner, tmp_path):
    """A PR gate whose new side is a live server: its resources/list failed (-32603), the old
    side had resources, so none was compared and the gate fails closed (trial dec02, D4)."""
    baseline = tmp_path / "old.json"
    assert runner.invoke(app, ["snapshot", "--server", raw("list-error"), "-o", str(baseline)]).exit_code == 0
    old = json.loads(baseline.read_text())
    old["resources"] = [{"uri": "postgres://db/users/schema", "name": "users"}]
    old["errors"] = {}
    baseline.write_text(json.dumps(old))
    result = runner.invoke(app, ["diff", str(baseline), raw("list-error"), "--no-lint"])
    assert result.exit_code == 1, result.output
    assert ("Gate: FAIL (the new side's resources/list failed, so its resources were not compared; "
            "fails on BREAKING and above)") in result.stdout.splitlines()[0]


@pytest.mark.parametrize(("shape", "said"), [
    ("not-object", "an error that is not an object ('\"boom\"'; JSON-RPC 2.0 requires an object with an integer "
                   "code and a string message)"),
    ("bad-code", "an error with the code '\"x\"' (JSON-RPC 2.0 requires"),
    ("no-message", "an error with no message (JSON-RPC 2.0 requires"),
    ("both", "both a result and an error (JSON-RPC 2.0 allows one of them)"),
], ids=["not-object", "bad-code", "no-message", "both"])
def test_a_malformed_error_answer_fails_the_capture(runner, tmp_path, shape, said):
    """Hostile trial, round 10: a list answered with ``"error": "boom"``, with an error whose code is
    not an integer or whose message is not a string, or with a result and an error both, was kept
    as the list's failure (``"errors": {"resources/list": "boom"}``, exit 0), where JSON-RPC 2.0 §5
    allows none of them and the capture refuses a wrong id. Now it fails (exit 3, one line naming
    the method and what was malformed); a well-formed error still only leaves its list out."""
    out = tmp_path / "snap.json"
    result = runner.invoke(app, ["snapshot", "--server", raw(f"list-error:{shape}")[len("stdio:"):], "-o", str(out)])
    assert result.exit_code == 3, result.output
    [line] = result.stderr.splitlines()
    assert line.startswith(PREFIX) and f": server answered resources/list with {said}" in line, line
    assert not out.exists()


def test_a_malformed_error_to_initialize_is_said_so():
    with pytest.raises(CaptureError, match="server answered initialize with an error that is not an object"):
        capture(raw("list-error:initialize"))


def test_pin_warns_of_a_failed_list_as_snapshot_does(runner, tmp_path):
    """New-user trial, round 14: ``pin mcp.json`` with selenium 0.1.21, whose resources/list
    fails, printed only "pinned 2 server(s)", while ``snapshot`` and ``check`` of the same
    server warned that resources/list failed. The lock then held a partial capture as the
    baseline without a word. pin now says the same warning, after the server's name."""
    broken = raw("list-error")[len("stdio:"):].split()
    surface = tmp_path / "fine.json"
    surface.write_text(json.dumps({"tools": [{"name": "add", "inputSchema": {"type": "object"}}]}))
    whole = [sys.executable, str(SERVERS / "drift_server.py"), str(surface)]  # every list answers
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"db": {"command": broken[0], "args": broken[1:]},
                                                 "fine": {"command": whole[0], "args": whole[1:]}}}))
    result = runner.invoke(app, ["pin", str(config)])
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert lines == [f"mcp-inspect: warning: db: {REFUSED}",
                     f"mcp-inspect: pinned 2 server(s) in {tmp_path / 'mcp-inspect.lock.json'}"]
    assert (tmp_path / "mcp-inspect.lock.json").is_file()  # a warning, not a failure: the rest is good
