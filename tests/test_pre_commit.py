"""The pre-commit hooks, run by the real `pre-commit` tool on a temporary repository.

pre-commit installs this repository (at its committed HEAD) into its own environment,
so the test needs the `pre-commit` command (the test extra installs it) and a package
index; it is skipped with the reason otherwise.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from conftest import DATA, ROOT

PRE_COMMIT = shutil.which("pre-commit")
pytestmark = [
    pytest.mark.skipif(PRE_COMMIT is None, reason="pre-commit is not installed (pip install '.[test]')"),
    pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed"),
]


def _git(cwd, *args):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture(scope="module")
def head():
    try:
        return _git(ROOT, "rev-parse", "HEAD")
    except (subprocess.CalledProcessError, FileNotFoundError):
        pytest.skip("the project is not a git checkout, which pre-commit needs to install its hooks")


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory):
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def repo(tmp_path, head):
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "config", "user.email", "t@example.com")
    _git(tmp_path, "config", "user.name", "t")
    (tmp_path / "snapshots").mkdir()
    (tmp_path / "snapshots" / "server.json").write_text((DATA / "cases/tool-removed/old.json").read_text())
    (tmp_path / ".pre-commit-config.yaml").write_text(f"""\
repos:
  - repo: {ROOT}
    rev: {head}
    hooks:
      - id: mcp-inspect-lint
      - id: mcp-inspect-diff
        args: [git:HEAD:snapshots/server.json, snapshots/server.json, --no-lint]
""")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "baseline")
    return tmp_path


def _run(repo, home):
    try:
        return subprocess.run([PRE_COMMIT, "run", "--all-files"], cwd=repo, capture_output=True, text=True,
                              timeout=600, env={**__import__("os").environ, "PRE_COMMIT_HOME": str(home)})
    except subprocess.TimeoutExpired:
        pytest.skip("pre-commit could not install the hook environment in time")


def _skip_if_install_failed(done):
    if "An unexpected error has occurred" in done.stdout + done.stderr or \
            "CalledProcessError" in done.stdout + done.stderr:
        pytest.skip(f"pre-commit could not install the hooks here: {done.stdout[-300:]}")


def test_hooks_pass_on_an_unchanged_snapshot(repo, pre_commit_home):
    done = _run(repo, pre_commit_home)
    _skip_if_install_failed(done)
    assert done.returncode == 0, done.stdout
    assert "mcp-inspect lint (committed snapshots)" in done.stdout and "Passed" in done.stdout


def test_diff_hook_fails_when_the_working_copy_breaks_clients(repo, pre_commit_home):
    (repo / "snapshots" / "server.json").write_text((DATA / "cases/tool-removed/new.json").read_text())
    done = _run(repo, pre_commit_home)
    _skip_if_install_failed(done)
    assert done.returncode == 1, done.stdout
    assert "mcp-inspect diff (baseline vs working copy)" in done.stdout
    assert "tool.removed" in done.stdout and "Failed" in done.stdout
