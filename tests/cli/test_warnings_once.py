"""A warning a report prints is not also said on stderr when both reach one terminal
(new-user trial: each capture-conditions warning of a diff read twice); anywhere else the
report can go (a file, a pipe, another format) stderr still says it, for scripts and CI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from support import on_a_terminal

CONDITIONS = "capture conditions differ"


@pytest.mark.parametrize("output,ttys,same", [
    (None, (True, True), True),  # the report, on the terminal, shows it
    (None, (False, True), False),  # stdout piped: the terminal sees stderr alone
    (None, (True, False), False),  # stderr captured by CI
    (Path("r.txt"), (True, True), False),  # the report went to a file
], ids=["same-terminal", "stdout-piped", "stderr-captured", "to-a-file"])
def test_a_report_reaches_the_terminal_of_stderr_only_there(monkeypatch, output, ttys, same):
    from mcp_inspect.cli.output import same_terminal

    monkeypatch.setattr(sys.stdout, "isatty", lambda: ttys[0])
    monkeypatch.setattr(sys.stderr, "isatty", lambda: ttys[1])
    assert same_terminal(output) is same


def test_warn_leaves_out_only_what_the_report_showed(capsys):
    from mcp_inspect.cli.output import warn

    warn([f"{CONDITIONS}: env", "the lint selection runs no check"], shown=[f"{CONDITIONS}: env"])
    err = capsys.readouterr().err
    assert CONDITIONS not in err and "mcp-inspect: warning: the lint selection runs no check" in err


def _snapshot(path: Path, env_names: list[str]) -> str:
    """A captured surface whose capture set ``env_names``: two of them with other names make a
    diff warn that the capture conditions differ."""
    path.write_text(json.dumps({"mcpInspectSnapshot": 1, "provenance": {
        "source": "stdio:server", "shape": "capture", "protocolVersion": "2025-06-18",
        "details": {"transport": "stdio", "command": ["server"], "envNames": env_names}},
        "tools": [{"name": "search", "description": "Search.", "inputSchema": {"type": "object"}}]}))
    return str(path)


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX pseudo-terminal")
@pytest.mark.parametrize("command", [["diff", "--no-lint"], ["release-notes"]], ids=["diff", "release-notes"])
def test_the_capture_conditions_are_said_once_on_a_terminal(tmp_path, command):
    """New-user trial, round 13: the capture-conditions warning read twice, "mcp-inspect:
    warning: capture conditions differ: …" on stderr and again in the report. diff already said
    it once on a terminal; release-notes, whose notes quote it as a note, still said it twice."""
    old = _snapshot(tmp_path / "old.json", ["API_TOKEN"])
    new = _snapshot(tmp_path / "new.json", ["API_TOKEN", "PRO_MODE"])
    said = on_a_terminal(command[0], old, new, *command[1:])
    assert said.count(CONDITIONS) == 1, said
    assert "only the new side set PRO_MODE" in said, said


def test_a_report_going_elsewhere_keeps_the_warning_on_stderr(tmp_path):
    """Piped, or in CI, the report and stderr are read apart: both say it."""
    old = _snapshot(tmp_path / "old.json", ["API_TOKEN"])
    new = _snapshot(tmp_path / "new.json", ["API_TOKEN", "PRO_MODE"])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "mcp_inspect", "release-notes", old, new], capture_output=True,
                         text=True, env=env, timeout=60)
    assert run.returncode == 0, run.stderr
    assert f"mcp-inspect: warning: {CONDITIONS}" in run.stderr and CONDITIONS in run.stdout
