"""A report's ``-o`` never overwrites one of the command's own inputs.

Hostile trial, round 3 (issue 34): ``check mcp.json -o mcp.json`` exited 0 and left the
mcp.json holding "Drift of mcp.json against mcp-inspect.lock.json" (the next check: "invalid
JSON at line 1 column 1"); ``diff old.json new.json -o old.json``, ``lint X -o X``,
``release-notes OLD NEW -o NEW`` and ``check … -c .mcp-inspect.yml -o .mcp-inspect.yml`` wrote
over their input too, where ``pin`` and ``approve`` already refused. Every command that writes
a report (or a snapshot) to ``-o`` now refuses, exit 2 and one line, before it writes anything:
its surfaces, its mcp.json, its configuration, its recording and its lock file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcp_inspect.cli import app

TOOLS = {"tools": [{"name": "search", "description": "Search the catalogue.", "inputSchema": {"type": "object"}}]}
CHANGED = {"tools": [{"name": "search", "description": "Search the whole catalogue.",
                      "inputSchema": {"type": "object"}}]}


@pytest.fixture
def inputs(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.json").write_text(json.dumps(TOOLS))
    (tmp_path / "new.json").write_text(json.dumps(CHANGED))
    # The server is never started: the refusal comes before any capture.
    (tmp_path / "mcp.json").write_text(json.dumps({"mcpServers": {"srv": {"command": "no-such-server-xyz"}}}))
    (tmp_path / ".mcp-inspect.yml").write_text("fail_on: BREAKING\n")
    (tmp_path / "calls.jsonl").write_text('{"tool": "search", "arguments": {}}\n')
    (tmp_path / "rel").mkdir()
    (tmp_path / "rel" / "1.0.0.json").write_text(json.dumps(TOOLS))
    (tmp_path / "rel" / "1.1.0.json").write_text(json.dumps(CHANGED))
    return tmp_path


def _refused(runner, folder: Path, args: list[str], overwritten: str) -> None:
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert "\n" not in line and "an input of this command" in line and overwritten in line, line
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before  # nothing written


@pytest.mark.parametrize(("args", "overwritten"), [
    (["diff", "old.json", "new.json", "-o", "old.json"], "old.json"),
    (["diff", "old.json", "new.json", "-o", "./new.json"], "new.json"),  # another spelling of the same file
    (["diff", "old.json", "new.json", "-o", ".mcp-inspect.yml"], ".mcp-inspect.yml"),  # the config it found
    (["diff", "old.json", "new.json", "-c", ".mcp-inspect.yml", "-o", ".mcp-inspect.yml"], ".mcp-inspect.yml"),
    (["diff", "old.json", "new.json", "--calls", "calls.jsonl", "-o", "calls.jsonl"], "calls.jsonl"),
    (["diff", "old.json", "new.json", "--report", "sarif=old.json"], "old.json"),
])
def test_diff(runner, inputs, args, overwritten):
    _refused(runner, inputs, args, overwritten)


def test_lint(runner, inputs):
    _refused(runner, inputs, ["lint", "old.json", "new.json", "-o", "new.json"], "new.json")
    _refused(runner, inputs, ["lint", "mcp.json#srv", "-o", "mcp.json"], "mcp.json")


def test_release_notes(runner, inputs):
    _refused(runner, inputs, ["release-notes", "old.json", "new.json", "-o", "new.json"], "new.json")


def test_check(runner, inputs):
    _refused(runner, inputs, ["check", "mcp.json", "-o", "mcp.json"], "mcp.json")
    _refused(runner, inputs, ["check", "mcp.json", "-c", ".mcp-inspect.yml", "-o", ".mcp-inspect.yml"],
             ".mcp-inspect.yml")


def test_history(runner, inputs):
    _refused(runner, inputs, ["history", "old.json", "new.json", "--no-lint", "-o", "old.json"], "old.json")
    # A file of a folder it read: named only once the folder is expanded.
    _refused(runner, inputs, ["history", "rel", "--no-lint", "-o", "rel/1.1.0.json"], "1.1.0.json")


def test_snapshot(runner, inputs):
    _refused(runner, inputs, ["snapshot", "mcp.json#srv", "-o", "mcp.json"], "mcp.json")


def test_a_report_beside_the_inputs_is_still_written(runner, inputs):
    result = runner.invoke(app, ["diff", "old.json", "new.json", "-o", "report.txt", "--report", "json=r.json"])
    assert result.exit_code == 0, result.output
    assert (inputs / "report.txt").read_text() and json.loads((inputs / "r.json").read_text())["findings"]
