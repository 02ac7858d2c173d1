"""What counts as a baseline that does not exist yet (``diff --allow-missing-baseline``)."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from conftest import ROOT

from mcp_inspect.api import missing_baseline
from mcp_inspect.cli import app

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
SURFACE = (ROOT / "snapshots" / "git-2025.7.1.json").read_text()


def _git(cwd, *args):
    subprocess.run(["git", "-c", "user.email=t@example.com", "-c", "user.name=t", *args], cwd=cwd, check=True,
                   capture_output=True)


def test_git_baselines(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _git(tmp_path, "init", "-q", "-b", "main")
    assert missing_baseline("git:HEAD:server.json") == "the repository has no commit yet"
    _git(tmp_path, "commit", "-q", "--allow-empty", "-m", "start")
    assert missing_baseline("git:HEAD:server.json") == "server.json does not exist at HEAD yet"
    assert missing_baseline("git:mian:server.json") is None  # a mistyped ref stays an error
    (tmp_path / "server.json").write_text(SURFACE)
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "baseline")
    assert missing_baseline("git:HEAD:server.json") is None


def test_store_and_file_baselines(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert missing_baseline("@server") == "the snapshot store at snapshots holds no snapshot yet"
    assert missing_baseline("no-such.json") is None  # a file of the working tree: there, or mistyped
    store = ROOT / "snapshots"
    monkeypatch.setenv("MCP_INSPECT_STORE", str(store))
    assert missing_baseline("@git-2025.7.1") is None
    assert missing_baseline("@gti-2025.7.1") is None  # a store with names: an unknown one is a typo


def test_the_command_passes_a_missing_baseline_only_when_asked(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "commit", "-q", "--allow-empty", "-m", "start")
    (tmp_path / "server.json").write_text(SURFACE)
    args = ["diff", "git:HEAD:server.json", "server.json"]
    allowed = runner.invoke(app, [*args, "--allow-missing-baseline"])
    assert allowed.exit_code == 0 and allowed.stdout == ""
    assert allowed.stderr == ("mcp-inspect: notice: no baseline yet (server.json does not exist at HEAD yet); "
                              "nothing to compare, so the diff passes; once the baseline exists, changes are "
                              "compared with it\n")
    assert runner.invoke(app, args).exit_code == 2
