"""A ``capabilities`` entry whose value is not an object (mongodb-mcp-server 1.0.2 put its
``instructions`` string there) advertises no capability: its coming and going is a change
of a malformed entry (``server.field.changed``, POTENTIALLY_BREAKING), never a capability
removed (BREAKING) or added (issue 26)."""

from __future__ import annotations

import pytest

from mcp_inspect import diff
from mcp_inspect.model import Provenance, Snapshot

TEXT = "Use the connect tool first."


def _server(capabilities: dict) -> Snapshot:
    snap = Snapshot(Provenance(source="test", shape="capture"))
    snap.initialize = {"protocolVersion": "2025-06-18", "capabilities": capabilities,
                       "serverInfo": {"name": "x", "version": "1"}}
    snap.tools = []
    return snap


def _found(old: dict, new: dict) -> list[tuple[str, str, str, str]]:
    report = diff(_server(old), _server(new))
    return [(f.rule, f.path, f.severity.name, f.message) for f in report.findings]


@pytest.mark.parametrize(("old", "new", "said"), [
    ({"tools": {}, "instructions": TEXT}, {"tools": {}}, "removed"),
    ({"tools": {}}, {"tools": {}, "instructions": TEXT}, "added"),
    ({"tools": {}, "instructions": TEXT}, {"tools": {}, "instructions": TEXT + " Then list."}, "changed"),
    ({"tools": {}, "logging": {}}, {"tools": {}, "logging": True}, "changed"),
    ({"tools": {}, "logging": None}, {"tools": {}}, "removed"),
])
def test_a_malformed_entry_is_reported_as_one(old, new, said):
    [(rule, path, severity, message)] = _found(old, new)
    key = (set(old) | set(new)) - {"tools"}
    assert (rule, path, severity) == ("server.field.changed", f"capabilities.{key.pop()}", "POTENTIALLY_BREAKING")
    assert "not an object" in message and said in message


def test_a_well_formed_capability_removed_is_still_breaking():
    [(rule, path, severity, _)] = _found({"tools": {}, "logging": {}}, {"tools": {}})
    assert (rule, path, severity) == ("server.capability.removed", "capabilities.logging", "BREAKING")
