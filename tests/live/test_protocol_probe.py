"""A diff whose new side is captured live, and negotiated a newer revision than the old side
had, asks the server once more for the old revision: "whether the new side still accepts
it was not observed" becomes an observation (new-user trial: four SDK upgrades reported a
POTENTIALLY_BREAKING revision change, each from a server that still spoke the old one).
"""

from __future__ import annotations

import json

import pytest
from capture_helpers import raw

from mcp_inspect import api
from mcp_inspect.live.options import CaptureOptions


def _old_side(tmp_path, version: str = "2025-06-18"):
    path = tmp_path / "old.json"
    path.write_text(json.dumps({
        "initialize": {"protocolVersion": version, "capabilities": {"tools": {}, "prompts": {}},
                       "serverInfo": {"name": "raw", "version": "0.0.1"}},
        "tools": []}))
    return str(path)


def _protocol(report):
    [finding] = [f for f in report.changes if f.path == "protocolVersion"]
    return finding


@pytest.mark.parametrize("mode,rule,severity,said", [
    ("speaks-both", "server.protocolVersion.upgraded", "NON_BREAKING",
     "asked for 2025-06-18 again, the new side still speaks it"),
    ("newest-only", "server.protocolVersion.changed", "POTENTIALLY_BREAKING",
     "asked for 2025-06-18, the new side answered 2025-11-25: clients of 2025-06-18 must move"),
])
def test_the_new_side_is_asked_for_the_old_revision(tmp_path, mode, rule, severity, said):
    report = api.diff_sources(_old_side(tmp_path), raw(mode), lint_both=False,
                              options=CaptureOptions(progress=False))
    finding = _protocol(report)
    assert (finding.rule, finding.severity.name) == (rule, severity)
    assert finding.message.endswith(said), finding.message
    assert report.new.protocol_version == "2025-11-25"  # the capture itself is the auto one


def test_no_second_capture_when_asked_for_a_revision_or_nothing_is_newer(tmp_path):
    pinned = api.diff_sources(_old_side(tmp_path), raw("speaks-both"), lint_both=False,
                              options=CaptureOptions(progress=False, protocol="2025-11-25"))
    assert "was not observed" in _protocol(pinned).message
    same = api.diff_sources(_old_side(tmp_path, "2025-11-25"), raw("speaks-both"), lint_both=False,
                            options=CaptureOptions(progress=False))
    assert not [f for f in same.changes if f.path == "protocolVersion"]


def test_a_file_on_both_sides_is_never_probed(tmp_path):
    new = tmp_path / "new.json"
    new.write_text(json.dumps({"initialize": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                                              "serverInfo": {"name": "raw", "version": "0.0.1"}}, "tools": []}))
    report = api.diff_sources(_old_side(tmp_path), str(new), lint_both=False)
    assert "was not observed (check with --protocol 2025-06-18)" in _protocol(report).message


def test_a_second_capture_that_fails_is_said_not_hidden(tmp_path):
    """Hostile trial: a probe that failed left the message "was not observed (check with
    --protocol …)", as if nothing had been tried."""
    report = api.diff_sources(_old_side(tmp_path), raw("refuses-old"), lint_both=False,
                              options=CaptureOptions(progress=False))
    finding = _protocol(report)
    assert (finding.rule, finding.severity.name) == ("server.protocolVersion.changed", "POTENTIALLY_BREAKING")
    assert "asked for 2025-06-18 again, the new side's capture failed" in finding.message, finding.message
