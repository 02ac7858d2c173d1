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
    pytest.mark.xdist_group("pre-commit"),  # one worker builds the hook environment, once
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
    """One pre-commit home for the run, in the temporary folder the xdist workers share: the
    hook environment (this project, pip-installed) is built once rather than once per worker.
    pre-commit locks its own store, so two workers never build it side by side."""
    import os

    base = tmp_path_factory.getbasetemp()
    home = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "pre-commit-home"
    home.mkdir(exist_ok=True)
    return home


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


@pytest.fixture
def fresh_repo(tmp_path, head):
    """A repository that adopts the hooks before it has a baseline: one commit, no snapshot."""
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "config", "user.email", "t@example.com")
    _git(tmp_path, "config", "user.name", "t")
    (tmp_path / "README.md").write_text("a server\n")
    (tmp_path / ".pre-commit-config.yaml").write_text(f"""\
repos:
  - repo: {ROOT}
    rev: {head}
    hooks:
      - id: mcp-inspect-diff
        args: [git:HEAD:snapshots/server.json, snapshots/server.json, --no-lint]
""")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "start")
    return tmp_path


def _run_files(repo, home, *files):
    try:  # --verbose: pre-commit shows a passing hook's output only then
        return subprocess.run([PRE_COMMIT, "run", "--verbose", "--files", *files], cwd=repo, capture_output=True,
                              text=True, timeout=600,
                              env={**__import__("os").environ, "PRE_COMMIT_HOME": str(home)})
    except subprocess.TimeoutExpired:
        pytest.skip("pre-commit could not install the hook environment in time")


def test_first_run_the_commit_that_adds_the_baseline_passes_with_a_notice(fresh_repo, pre_commit_home):
    snapshots = fresh_repo / "snapshots"
    snapshots.mkdir()
    (snapshots / "server.json").write_text((DATA / "cases/tool-removed/old.json").read_text())
    _git(fresh_repo, "add", ".")
    first = _run_files(fresh_repo, pre_commit_home, "snapshots/server.json")
    _skip_if_install_failed(first)
    assert first.returncode == 0, first.stdout
    assert "Passed" in first.stdout
    assert "no baseline yet (snapshots/server.json does not exist at HEAD yet)" in first.stdout
    _git(fresh_repo, "commit", "-q", "-m", "baseline")

    # From now on the snapshot is compared with the committed one.
    (snapshots / "server.json").write_text((DATA / "cases/tool-removed/new.json").read_text())
    _git(fresh_repo, "add", ".")
    later = _run_files(fresh_repo, pre_commit_home, "snapshots/server.json")
    assert later.returncode == 1, later.stdout
    assert "tool.removed" in later.stdout and "Failed" in later.stdout


def test_the_diff_hook_skips_commits_that_touch_no_snapshot(fresh_repo, pre_commit_home):
    (fresh_repo / "README.md").write_text("a server, documented\n")
    _git(fresh_repo, "add", ".")
    done = _run_files(fresh_repo, pre_commit_home, "README.md")
    _skip_if_install_failed(done)
    assert done.returncode == 0, done.stdout
    assert "(no files to check)" in done.stdout and "Skipped" in done.stdout
