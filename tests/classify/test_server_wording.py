"""How the server's metadata changes read: values as the server sent them (issue #22)."""

from __future__ import annotations

from mcp_inspect import diff
from mcp_inspect.model import Provenance, Snapshot


def _server(capabilities: dict, version: str) -> Snapshot:
    snap = Snapshot(Provenance(source="test", shape="capture"))
    snap.initialize = {"protocolVersion": "2025-06-18", "capabilities": capabilities,
                       "serverInfo": {"name": "x", "version": version}}
    snap.tools = []
    return snap


def _messages(report) -> dict[str, str]:
    return {f.path: f.message for f in report.findings}


def test_a_capability_is_shown_as_the_server_sent_it():
    report = diff(_server({"tools": {"listChanged": False}}, "1"), _server({"tools": {"listChanged": True}}, "1"))
    assert _messages(report)["capabilities.tools"] == \
        """capability 'tools': {"listChanged": false} → {"listChanged": true}"""


def test_a_false_flag_alone_is_still_no_change():
    """The canonical form still decides: an explicit false is the default, so nothing changed."""
    report = diff(_server({"tools": {"listChanged": False}}, "1"), _server({"tools": {}}, "1"))
    assert report.findings == []


def test_an_empty_value_is_shown_quoted():
    report = diff(_server({}, "1.30.0"), _server({}, ""))
    assert _messages(report)["serverInfo.version"] == 'serverInfo.version changed: 1.30.0 → ""'
    back = diff(_server({}, " "), _server({}, "1.30.0"))
    assert _messages(back)["serverInfo.version"] == 'serverInfo.version changed: " " → 1.30.0'
