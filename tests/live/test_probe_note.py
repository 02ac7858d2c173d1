"""A capture whose era probe waited out its share of the timeout says so once on stderr, with
the remedy (trial dec02, D12): an mcp.json holding an old Python SDK server made every ``pin``,
``check`` and ``lint`` 15 s slower, silently. A server that answers the probe gets no note, and
neither does a capture with a forced ``--protocol`` (no probe was sent)."""

from __future__ import annotations

import json
import sys

from capture_helpers import SERVERS, raw

from mcp_inspect.cli import app

NOTE = "mcp-inspect: note: "


def _notes(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith(NOTE)]


def test_snapshot_says_once_that_the_probe_timed_out(runner, tmp_path):
    source = raw("wedge-on-discover")
    result = runner.invoke(app, ["snapshot", "--server", source, "--timeout", "2", "-o", str(tmp_path / "s.json")])
    assert result.exit_code == 0, result.output
    assert _notes(result.stderr) == [
        f"{NOTE}{source} did not answer server/discover within 1 s; pass --protocol 2025-11-25 to skip the probe"]


def test_a_server_that_answers_the_probe_gets_no_note(runner, tmp_path):
    result = runner.invoke(app, ["snapshot", "--server", raw("legacy"), "-o", str(tmp_path / "s.json")])
    assert result.exit_code == 0, result.output
    assert _notes(result.stderr) == []


def test_a_forced_protocol_sends_no_probe_and_gets_no_note(runner, tmp_path):
    result = runner.invoke(app, ["snapshot", "--server", raw("wedge-on-discover"), "--protocol", "2025-11-25",
                                 "--timeout", "2", "-o", str(tmp_path / "s.json")])
    assert result.exit_code == 0, result.output
    assert _notes(result.stderr) == []


def test_pin_names_the_mcp_json_entry(runner, tmp_path):
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {
        "sqlite": {"command": sys.executable, "args": [str(SERVERS / "raw_server.py"), "wedge-on-discover"]},
        "quick": {"command": sys.executable, "args": [str(SERVERS / "raw_server.py"), "legacy"]}}}))
    result = runner.invoke(app, ["pin", str(config), "--timeout", "2"])
    assert result.exit_code == 0, result.output
    assert _notes(result.stderr) == [
        f"{NOTE}{config}#sqlite did not answer server/discover within 1 s; pass --protocol 2025-11-25 to skip "
        "the probe"]
