"""git:REF:PATH reads a snapshot as it was at a revision, without a second checkout."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from conftest import DATA

from mcp_inspect.cli import app

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def _git(cwd, *args):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture
def repo(tmp_path, monkeypatch):
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "config", "user.email", "t@example.com")
    _git(tmp_path, "config", "user.name", "t")
    target = tmp_path / "snapshots" / "server.json"
    target.parent.mkdir()
    target.write_text((DATA / "cases/tool-removed/old.json").read_text())
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "first")
    target.write_text((DATA / "cases/tool-removed/new.json").read_text())
    _git(tmp_path, "commit", "-q", "-am", "second")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_diff_a_previous_commit_against_the_working_copy(runner, repo):
    result = runner.invoke(app, ["diff", "git:HEAD~1:snapshots/server.json", "snapshots/server.json",
                                 "--format", "json", "--no-lint"])
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert [(f["rule"], f["entity"]["name"]) for f in report["findings"]] == [("tool.removed", "list_dir")]
    assert report["old"]["source"] == "git:HEAD~1:snapshots/server.json"


def test_two_revisions(runner, repo):
    result = runner.invoke(app, ["diff", "git:main~1:snapshots/server.json", "git:main:snapshots/server.json",
                                 "--no-lint"])
    assert result.exit_code == 1 and "tool.removed" in result.stdout
    same = runner.invoke(app, ["diff", "git:HEAD:snapshots/server.json", "snapshots/server.json", "--no-lint"])
    assert same.exit_code == 0 and "No changes" in same.stdout


@pytest.mark.parametrize("spec,needle", [
    ("git:nosuchref:snapshots/server.json", "cannot read 'snapshots/server.json' at 'nosuchref'"),
    ("git:HEAD:snapshots/missing.json", "cannot read 'snapshots/missing.json' at 'HEAD'"),
    ("git:HEAD", "expected git:REF:PATH"),
    ("git:--output=x:y", "cannot start with '-'"),
])
def test_missing_ref_or_path_exits_2_in_one_line(runner, repo, spec, needle):
    result = runner.invoke(app, ["snapshot", spec])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0], result.stderr


def test_an_oversized_file_is_refused_before_it_is_read(runner, repo, monkeypatch):
    from mcp_inspect import limits

    calls = []
    real_run = subprocess.run

    def recording_run(args, *rest, **kwargs):
        calls.append(args)
        return real_run(args, *rest, **kwargs)

    monkeypatch.setattr(limits, "MAX_INPUT_BYTES", 100)
    monkeypatch.setattr(subprocess, "run", recording_run)
    result = runner.invoke(app, ["snapshot", "git:HEAD:snapshots/server.json"])
    assert result.exit_code == 2 and "input limit" in result.stderr
    assert [args[:3] for args in calls] == [["git", "cat-file", "-s"]]  # the size only, never the blob


def test_path_is_from_the_repository_root_and_dot_slash_from_here(runner, repo, monkeypatch):
    monkeypatch.chdir(repo / "snapshots")
    from_root = runner.invoke(app, ["diff", "git:HEAD:snapshots/server.json", "server.json", "--no-lint"])
    assert from_root.exit_code == 0, from_root.output
    from_here = runner.invoke(app, ["diff", "git:HEAD:./server.json", "server.json", "--no-lint"])
    assert from_here.exit_code == 0, from_here.output
    bare = runner.invoke(app, ["diff", "git:HEAD:server.json", "server.json", "--no-lint"])
    assert bare.exit_code == 2 and "cannot read 'server.json'" in bare.stderr
