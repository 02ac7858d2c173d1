"""A check's per-server summary line says why the server's gate failed: the changes, the
security lint, or both.

New-user trial, round 20 (U6): ``check`` printed "ea-playwright: changed … 23 changes, 20
security findings introduced …, gate FAIL" for a pair with no breaking change, failed by new
SEC-001 warnings (a new optional string without ``maxLength``), while ``diff`` of the same pair
passed: a check's lint gate starts at warning. Nothing on the line said the lint was the cause.
"""

from __future__ import annotations

from mcp_inspect.api import diff
from mcp_inspect.config.load import Config
from mcp_inspect.drift.check import DriftReport, ServerDrift, security_settings
from mcp_inspect.drift.render import render_drift
from mcp_inspect.snapshot.shapes import snapshot_from_value

BOUNDED = {"type": "string", "maxLength": 100}


def _surface(*tools: tuple[str, dict]) -> dict:
    return {"tools": [{"name": name, "description": f"{name.title()} a page of the browser.",
                       "inputSchema": {"type": "object", "properties": properties}}
                      for name, properties in tools]}


def _line(old: dict, new: dict) -> str:
    """The server's summary line of a check that found ``old`` pinned and ``new`` running."""
    report = diff(snapshot_from_value(old, "lock#web"), snapshot_from_value(new, "mcp.json#web"),
                  config=Config(), lint=security_settings(Config()))
    drift = DriftReport("mcp.json", "mcp-inspect.lock.json",
                        [ServerDrift("web", "changed", "a" * 12, "b" * 12, report)])
    return render_drift(drift, "text").splitlines()[2]


def test_a_gate_failed_by_the_security_lint_alone_says_so():
    old = _surface(("navigate", {"url": BOUNDED}))
    new = _surface(("navigate", {"url": BOUNDED, "selector": {"type": "string"}, "token": {"type": "string"}}))
    line = _line(old, new)
    # two new strings without maxLength (SEC-001) and a credential taken as an argument: warnings
    # all, which fail a check's gate; the two changes (optional properties added) fail nothing
    assert "2 changes, 3 security findings introduced (2 of them a missing bound: SEC-001)" in line
    assert line.endswith("gate FAIL (security lint: 3 failing)"), line


def test_a_gate_failed_by_a_change_alone_says_so():
    old = _surface(("navigate", {"url": BOUNDED}), ("close", {}))
    new = _surface(("navigate", {"url": BOUNDED}))
    assert _line(old, new).endswith("gate FAIL (changes: 1 failing)")


def test_a_gate_failed_by_both_names_both():
    old = _surface(("navigate", {"url": BOUNDED}), ("close", {}))
    new = _surface(("navigate", {"url": BOUNDED, "selector": {"type": "string"}}))
    assert _line(old, new).endswith("gate FAIL (changes: 1 failing; security lint: 1 failing)")


def test_a_gate_that_passes_gives_no_reason():
    old = _surface(("navigate", {"url": BOUNDED}))
    new = _surface(("navigate", {"url": BOUNDED, "wait": {"type": "boolean"}}))
    assert _line(old, new).endswith("gate pass")


def test_the_json_report_gives_the_same_reasons():
    """The JSON check report gave only ``fails`` per server; it now gives the reasons the text
    line gives (``failReasons``), and none for a server that passes."""
    import json

    old = _surface(("navigate", {"url": BOUNDED}), ("close", {}))
    servers = []
    for new in (_surface(("navigate", {"url": BOUNDED, "selector": {"type": "string"}})), old):
        report = diff(snapshot_from_value(old, "lock#web"), snapshot_from_value(new, "mcp.json#web"),
                      config=Config(), lint=security_settings(Config()))
        servers.append(ServerDrift(f"web{len(servers)}", "changed", "a" * 12, "b" * 12, report))
    document = json.loads(render_drift(DriftReport("mcp.json", "mcp-inspect.lock.json", servers), "json"))
    failing, passing = document["servers"]
    assert failing["fails"] and failing["failReasons"] == ["changes: 1 failing", "security lint: 1 failing"]
    assert not passing["fails"] and "failReasons" not in passing


def test_a_failing_count_unlike_the_introduced_one_says_what_the_rest_are():
    """New-user trial, round 42 (azure-mcp): "37 security findings introduced … gate FAIL
    (security lint: 26 failing)" left the other 11 unexplained. Here one of the three new
    strings' SEC-001 findings is lowered to info (--rule), below a check's gate at warning."""
    from mcp_inspect.config.settings import lint_settings

    old = _surface(("navigate", {"url": BOUNDED}))
    new = _surface(("navigate", {"url": BOUNDED, "selector": {"type": "string"}, "token": {"type": "string"}}))
    config = Config()
    config.lint = lint_settings(config.lint, rules=["SEC-001=info"])
    report = diff(snapshot_from_value(old, "lock#web"), snapshot_from_value(new, "mcp.json#web"),
                  config=config, lint=security_settings(config))
    drift = DriftReport("mcp.json", "mcp-inspect.lock.json",
                        [ServerDrift("web", "changed", "a" * 12, "b" * 12, report)])
    line = render_drift(drift, "text").splitlines()[2]
    assert "3 security findings introduced" in line, line
    assert line.endswith("gate FAIL (security lint: 1 of the 3 introduced failing, 2 below warning)"), line
