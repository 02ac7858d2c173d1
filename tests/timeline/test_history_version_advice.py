"""A history that cannot compare two versions says how a history takes versions.

Hostile trial, round 3 (issue 34): ``history new.json old.json`` (serverInfo.version 2.0.0 then
1.0.0) said "versions not compared (… give --old-version and --new-version)", and
``history … --new-version 1.0.0`` then failed with "No such option" (exit 2): the note came
from the versions release-notes resolves, and only release-notes has those options. A
history's notes now name what it does take: a folder of files named after their versions, a
git range's tags, or a capture's recorded package version.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mcp_inspect
from mcp_inspect.cli import app

TOOL = {"name": "add", "description": "Add two numbers.", "inputSchema": {"type": "object"}}


def _snapshot(path: Path, version: str, tools: list, name: str = "calc", package: bool = False) -> str:
    details = {"package": "calc-server", "version": version} if package else {}
    path.write_text(json.dumps({
        "mcpInspectSnapshot": 1,
        "provenance": {"source": path.name, "shape": "capture", "details": details},
        "initialize": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                       "serverInfo": {"name": name, "version": version}},
        "tools": tools}))
    return str(path)


def _down(tmp_path: Path) -> tuple[str, str]:
    """The trial's pair: serverInfo.version goes down, so one side's is taken for its SDK's."""
    return (_snapshot(tmp_path / "new.json", "2.0.0", [TOOL]), _snapshot(tmp_path / "old.json", "1.0.0", []))


def _mixed(tmp_path: Path) -> tuple[str, str]:
    """One side's package version, the other's serverInfo.version: not compared."""
    return (_snapshot(tmp_path / "a.json", "1.0.0", [], package=True), _snapshot(tmp_path / "b.json", "1.1.0", [TOOL]))


def _sdk_name(tmp_path: Path) -> tuple[str, str]:
    """A server named FastMCP reports its SDK's version."""
    return (_snapshot(tmp_path / "a.json", "1.0.0", [], name="FastMCP"),
            _snapshot(tmp_path / "b.json", "1.1.0", [TOOL], name="FastMCP"))


@pytest.mark.parametrize("pair", [_down, _mixed, _sdk_name])
def test_the_note_names_what_history_takes_not_release_notes_options(runner, tmp_path, pair):
    old, new = pair(tmp_path)
    result = runner.invoke(app, ["history", old, new, "--fail-on-semver", "--no-lint"])
    assert result.exit_code == 0, result.output
    assert "versions not compared" in result.stdout
    assert "--old-version" not in result.stdout and "--new-version" not in result.stdout
    assert "in a folder (server-1.2.0.json)" in result.stdout and "snapshot --package NAME@VERSION" in result.stdout
    note = json.loads(mcp_inspect.render_history(mcp_inspect.history([old, new], lint=False), "json"))
    said = note["steps"][0]["semver"]["note"]
    assert "--old-version" not in said and "snapshot --package NAME@VERSION" in said
    # release-notes has the options, and still names them
    notes = runner.invoke(app, ["release-notes", old, new])
    assert notes.exit_code == 0 and "give --old-version and --new-version" in notes.stdout
