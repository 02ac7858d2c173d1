"""The text report shows server-provided strings literally: no markup, no terminal control."""

from __future__ import annotations

import json

from mcp_inspect.cli import app

HOSTILE_NAME = "[bold red]pwn[/bold red]\x1b[2J\x1b]0;title\x07"
HOSTILE_DESC = "Reads files.\x1b[31m RED \x1b[0m [link=https://evil]click[/link] \u202eevil"


def _surfaces(tmp_path):
    old = {"tools": [{"name": HOSTILE_NAME, "description": "Reads files.",
                      "inputSchema": {"type": "object"}}]}
    new = {"tools": [{"name": HOSTILE_NAME, "description": HOSTILE_DESC,
                      "inputSchema": {"type": "object"}}]}
    (tmp_path / "old.json").write_text(json.dumps(old))
    (tmp_path / "new.json").write_text(json.dumps(new))
    return str(tmp_path / "old.json"), str(tmp_path / "new.json")


def test_markup_is_printed_as_typed_and_controls_are_neutralised(runner, tmp_path):
    old, new = _surfaces(tmp_path)
    out = runner.invoke(app, ["diff", old, new]).stdout
    assert "[bold red]pwn[/bold red]" in out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b[2J" in out and "\\x07" in out


def test_colour_output_still_escapes_untrusted_text():
    from support import change_finding, decided

    from mcp_inspect.findings.report import Report, Side
    from mcp_inspect.findings.severity import Severity
    from mcp_inspect.model import Entity, EntityKind
    from mcp_inspect.report.text import render_text

    finding = change_finding("tool.removed", Severity.BREAKING, Entity(EntityKind.TOOL, "[red]x[/red]\x1b[2J"),
                             message="tool removed", advice="advice", before="x")
    result = decided(Report(Side("b", "1" * 32), Side("a", "0" * 32), [finding]))
    coloured = render_text(result, color=True)
    assert "[red]x[/red]" in coloured and "\x1b[2J" not in coloured
    assert "\x1b[" in coloured  # our own styling is there


def test_no_color_when_not_a_terminal(runner, tmp_path):
    old, new = _surfaces(tmp_path)
    assert "\x1b" not in runner.invoke(app, ["diff", old, new], env={"NO_COLOR": "1"}).stdout


def test_a_quoted_name_in_a_message_is_escaped_once(runner, tmp_path):
    surface = tmp_path / "esc.json"
    surface.write_text(json.dumps({"tools": [{"name": "added\u001b[7m", "inputSchema": {"type": "object"}}]}))
    out = runner.invoke(app, ["lint", str(surface), "--select", "MCP-001"]).stdout
    assert "The tool name 'added\\x1b[7m' contains U+001B" in out  # one backslash, as in the heading
    assert "\\\\x1b" not in out and "\x1b" not in out
    written = json.loads(runner.invoke(app, ["lint", str(surface), "--select", "MCP-001", "--format", "json"]).stdout)
    assert written["findings"][0]["message"].startswith("The tool name 'added\u001b[7m'")  # the JSON keeps it exact


def test_a_long_source_stays_on_its_header_line(runner, tmp_path):
    """New-user trial: a live stdio command longer than the width wrapped, leaving the line
    ending in two spaces and the fingerprint alone on the next one."""
    long_dir = tmp_path / ("d" * 120)
    long_dir.mkdir()
    (long_dir / "new.json").write_text(json.dumps({"tools": [{"name": "a", "inputSchema": {"type": "object"}}]}))
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"tools": []}))
    lines = runner.invoke(app, ["diff", str(old), str(long_dir / "new.json")]).stdout.splitlines()
    [header] = [line for line in lines if line.startswith("new  ")]
    assert str(long_dir / "new.json") in header and len(header.split()[-1]) == 12  # the fingerprint
    assert not any(line.endswith("  ") for line in lines)
