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


def _serve(config, name: str, mode: str) -> None:
    """Write an mcp.json whose one server ``name`` is the raw test server in ``mode``."""
    config.write_text(json.dumps({"mcpServers": {
        name: {"command": sys.executable, "args": [str(SERVERS / "raw_server.py"), mode]}}}))


def _notes(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith(NOTE)]


def test_snapshot_says_once_that_the_probe_timed_out(runner, tmp_path):
    source = raw("wedge-on-discover")
    result = runner.invoke(app, ["snapshot", "--server", source, "--timeout", "2", "-o", str(tmp_path / "s.json")])
    assert result.exit_code == 0, result.output
    assert _notes(result.stderr) == [
        f"{NOTE}{source} did not answer server/discover within 1 s; pass --protocol 2025-11-25 to skip the probe "
        "(or a longer --timeout if the server was still starting)"]


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
        "the probe (or a longer --timeout if the server was still starting)"]


def test_check_takes_the_era_from_the_pin_and_skips_the_probe(runner, tmp_path):
    """The pin recorded that server/discover timed out; check asks only initialize (no note, no
    wait), and the capture conditions compare alike (requested auto, same era)."""
    from mcp_inspect.drift.check import check as check_servers
    from mcp_inspect.live.options import CaptureOptions

    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {
        "sqlite": {"command": sys.executable, "args": [str(SERVERS / "raw_server.py"), "wedge-on-discover"]}}}))
    assert runner.invoke(app, ["pin", str(config), "--timeout", "2"]).exit_code == 0
    result = runner.invoke(app, ["check", str(config), "--timeout", "2"])
    assert result.exit_code == 0, result.output
    assert _notes(result.stderr) == [] and "warning" not in result.stderr
    drift = check_servers(config, options=CaptureOptions(timeout=2, progress=False))
    (server,) = drift.servers
    assert server.state == "unchanged"


def test_a_check_update_keeps_the_pins_word_on_the_era(runner, tmp_path):
    """New-user trial (wikipedia-mcp 1.4.4 → 2.0.1): the pin said server/discover timed out,
    so `check --update` asked the new release only initialize and pinned that capture, whose
    note no longer said so; every later check probed, met the 2026 era, and reported a change
    nothing had made."""
    config = tmp_path / "mcp.json"

    _serve(config, "wiki", "wedge-on-discover")
    assert runner.invoke(app, ["pin", str(config), "--timeout", "2"]).exit_code == 0
    _serve(config, "wiki", "both-eras")
    assert runner.invoke(app, ["check", str(config), "--timeout", "2", "--update"]).exit_code == 0
    for _ in range(2):
        again = runner.invoke(app, ["check", str(config), "--timeout", "2", "--format", "json"])
        assert again.exit_code == 0, again.output
        assert [s["state"] for s in json.loads(again.stdout)["servers"]] == ["unchanged"]


def test_check_probes_again_when_the_pinned_era_fails(runner, tmp_path):
    """A pin that says the probe timed out, of a server that now speaks only the 2026 era:
    initialize alone fails, so the check probes as usual and captures it."""
    from mcp_inspect.drift.check import check as check_servers
    from mcp_inspect.drift.lock import read_lock, write_lock
    from mcp_inspect.live.options import CaptureOptions

    config = tmp_path / "mcp.json"
    entry = {"command": sys.executable, "args": [str(SERVERS / "raw_server.py"), "legacy"]}
    config.write_text(json.dumps({"mcpServers": {"s": entry}}))
    assert runner.invoke(app, ["pin", str(config)]).exit_code == 0
    lock = tmp_path / "mcp-inspect.lock.json"
    pins = read_lock(lock)
    pins["s"].snapshot.provenance.details.update(eraFallback="server/discover timed out", initializeAsked="2025-11-25")
    write_lock(lock, pins)
    entry["args"][-1] = "late-modern"  # answers server/discover after 1.5 s, initialize with -32022
    config.write_text(json.dumps({"mcpServers": {"s": entry}}))
    drift = check_servers(config, options=CaptureOptions(timeout=4, progress=False))
    (server,) = drift.servers
    assert server.state == "changed", server.error
    assert server.report is not None and server.report.new.era == "modern"


def _era_warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "auto-negotiation" in line]


def test_check_advises_checking_again_in_the_pinned_era_and_the_advice_works(runner, tmp_path):
    """Trial note (stop 44): inside check, the era warning told the user to capture a NEW.json
    with `snapshot`, a file check never reads. It now gives the check command that asks the
    pinned revision, and running that command compares like with like: no era warning."""
    config = tmp_path / "mcp.json"

    _serve(config, "s", "legacy")
    assert runner.invoke(app, ["pin", str(config)]).exit_code == 0
    _serve(config, "s", "both-eras")  # the new release also speaks 2026-07-28, which auto-negotiation prefers
    result = runner.invoke(app, ["check", str(config)])
    (warning,) = _era_warnings(result.stderr)
    command = f"mcp-inspect check {config} --protocol 2025-06-18"  # what the legacy release negotiated
    assert warning.endswith(f"check again in the pinned era (--protocol applies to every server of the file): "
                            f"{command}"), warning
    assert "snapshot" not in warning and "NEW.json" not in warning
    again = runner.invoke(app, command.split()[1:])
    assert _era_warnings(again.stderr) == [] and "capture conditions differ" not in again.stderr, again.stderr


def test_check_advises_re_pinning_a_server_that_left_the_pinned_era(runner, tmp_path):
    config = tmp_path / "mcp.json"

    _serve(config, "s", "both-eras")
    assert runner.invoke(app, ["pin", str(config)]).exit_code == 0
    _serve(config, "s", "legacy")  # server/discover is refused now
    result = runner.invoke(app, ["check", str(config)])
    (warning,) = _era_warnings(result.stderr)
    assert warning.endswith("the server no longer answers server/discover, so it cannot be checked in its pinned "
                            f"era: once the changes are reviewed, re-pin it with mcp-inspect check {config} --update")
