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
        """capability 'tools': {"listChanged": false} → {"listChanged": true}; flags only turned on """ \
        "(listChanged): the server offers notifications or subscriptions that a client may use and is free to ignore"


def test_flags_only_turned_on_say_so_and_any_other_change_does_not():
    """New-user trial (round 6): listChanged turned on was read as a false POTENTIALLY_BREAKING
    three times. The rule keeps its severity (the seed binds it) and the message says that a
    flag turned on only offers what a client may ignore; a flag turned off, or a change beside
    one turned on, reads as before."""
    on = diff(_server({"resources": {}}, "1"), _server({"resources": {"subscribe": True, "listChanged": True}}, "1"))
    (finding,) = on.findings
    assert finding.severity.name == "POTENTIALLY_BREAKING"
    assert "flags only turned on (listChanged, subscribe)" in finding.message
    for before, after in [({"listChanged": True}, {"listChanged": False}),
                          ({"listChanged": True}, {"subscribe": True}),
                          ({"listChanged": 0}, {"listChanged": True}),
                          ({"x": 1}, {"x": 1, "listChanged": "yes"}),
                          ({}, {"requireConfirmation": True})]:  # hostile trial, round 7: not an offer
        (finding,) = diff(_server({"tools": before}, "1"), _server({"tools": after}, "1")).findings
        assert "only turned on" not in finding.message, (before, after)


def test_a_false_flag_alone_is_still_no_change():
    """The canonical form still decides: an explicit false is the default, so nothing changed."""
    report = diff(_server({"tools": {"listChanged": False}}, "1"), _server({"tools": {}}, "1"))
    assert report.findings == []


def test_an_empty_value_is_shown_quoted():
    report = diff(_server({}, "1.30.0"), _server({}, ""))
    assert _messages(report)["serverInfo.version"] == 'serverInfo.version changed: 1.30.0 → ""'
    back = diff(_server({}, " "), _server({}, "1.30.0"))
    assert _messages(back)["serverInfo.version"] == 'serverInfo.version changed: " " → 1.30.0'


def test_keys_the_specification_does_not_define_say_so():
    """New-user trial, round 11: shadcn-ui-mcp-server 1.1.4 put whole tool definitions under
    ``capabilities.tools`` and 2.0.0 sent ``{}``; nx-mcp wrote ``list`` where the specification
    has ``listChanged``. Each was a bare POTENTIALLY_BREAKING; the rule keeps its severity (the
    seed binds it) and the message says that only keys the specification does not define
    there changed, beside any flag turned on."""
    definitions = {"get_block": {"description": "Get a block.", "inputSchema": {"type": "object"}}}
    (finding,) = diff(_server({"tools": definitions}, "1"), _server({"tools": {}}, "1")).findings
    assert finding.severity.name == "POTENTIALLY_BREAKING"
    assert "only keys the specification does not define there changed (get_block)" in finding.message
    (finding,) = diff(_server({"resources": {"list": True, "subscribe": False}}, "1"),
                      _server({"resources": {"listChanged": True, "subscribe": False}}, "1")).findings
    assert "flags only turned on (listChanged), which offer" in finding.message
    assert "keys the specification does not define there changed (list)" in finding.message
    # A defined flag turned off beside an undefined key keeps the plain wording.
    (finding,) = diff(_server({"tools": {"listChanged": True, "x": 1}}, "1"),
                      _server({"tools": {"x": 2}}, "1")).findings
    assert "does not define" not in finding.message and "only turned on" not in finding.message
