"""``history git:A..B:PATH``: one snapshot file across a git range, by tag or by commit, each
release dated by its tag or commit; bad ranges end with one line and exit 2."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

import mcp_inspect
from mcp_inspect.cli import app

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

RANGE = "git:v1.0.0..HEAD:snapshots/server.json"


def _tool(name: str, required: tuple[str, ...] = ()) -> dict:
    """A tool unlike the others (a removal next to an addition is not read as a rename)."""
    return {"name": name, "description": f"Tool {name} " + " ".join([name * 3] * 6),
            "inputSchema": {"type": "object", "properties": {f"q_{name}": {"type": "string"},
                                                             f"{name}_count": {"type": "integer"}},
                            "required": [f"q_{name}" for _ in required]}}


def _git(cwd, *args, when: str | None = None):
    env = dict(os.environ)
    if when is not None:  # dates from the data, so the test knows them
        env.update(GIT_AUTHOR_DATE=when, GIT_COMMITTER_DATE=when)
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, env=env)


def _commit(repo, tools, message, when, path="snapshots/server.json"):
    target = repo / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"tools": tools}), encoding="utf-8")
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", message, when=when)


@pytest.fixture
def repo(tmp_path, monkeypatch):
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "config", "user.email", "t@example.com")
    _git(tmp_path, "config", "user.name", "t")
    (tmp_path / "README").write_text("before the snapshot existed\n")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "commit", "-q", "-m", "readme", when="2024-12-31T10:00:00+00:00")
    _git(tmp_path, "tag", "v0.9.0")  # before the file: left out with a warning
    _commit(tmp_path, [_tool("a"), _tool("b")], "first", "2025-01-01T10:00:00+00:00")
    _git(tmp_path, "tag", "-a", "v1.0.0", "-m", "one", when="2025-01-02T09:00:00+00:00")  # annotated: its own date
    _commit(tmp_path, [_tool("a"), _tool("b"), _tool("c")], "add c", "2025-02-01T10:00:00+00:00")
    (tmp_path / "README").write_text("unrelated\n")
    _git(tmp_path, "commit", "-q", "-am", "readme only", when="2025-02-15T10:00:00+00:00")
    _commit(tmp_path, [_tool("a"), _tool("c")], "remove b", "2025-03-01T10:00:00+00:00")
    _git(tmp_path, "tag", "v1.1.0")  # lightweight: the commit's date. A BREAKING change in a minor release
    _git(tmp_path, "tag", "v1.1.0-rc.1")  # the same commit: ordered as versions, the pre-release first
    _commit(tmp_path, [_tool("a", ("q",)), _tool("c")], "require q", "2025-04-01T10:00:00+00:00")
    _git(tmp_path, "tag", "v2.0.0")
    _commit(tmp_path, [_tool("a", ("q",)), _tool("c"), _tool("d")], "add d", "2025-05-01T10:00:00+00:00")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _sha(repo, ref):
    return subprocess.run(["git", "rev-parse", ref], cwd=repo, check=True, capture_output=True,
                          text=True).stdout.strip()


def test_every_tag_in_the_range_in_order_dated_by_its_tag(repo):
    history = mcp_inspect.history(RANGE)
    assert [r.label for r in history.releases] == ["v1.0.0", "v1.1.0-rc.1", "v1.1.0", "v2.0.0"]
    assert [r.date[:10] for r in history.releases] == ["2025-01-02", "2025-03-01", "2025-03-01", "2025-04-01"]
    assert [r.date_source for r in history.releases] == ["tag"] * 4
    assert [r.source for r in history.releases][1] == f"git:{_sha(repo, 'v1.1.0')}:snapshots/server.json"
    steps = {s.new.label: s for s in history.steps}
    assert [f.rule for f in steps["v1.1.0-rc.1"].breaking] == ["tool.removed"]
    assert steps["v1.1.0"].report.changes == []  # the same commit
    # The tags are the versions compared ("as given"): 1.0.0 → 1.1.0-rc.1 is a minor bump with a BREAKING change.
    assert steps["v1.1.0-rc.1"].plan.versions.source == "given"
    assert [s.new.label for s in history.too_small] == ["v1.1.0-rc.1"]
    assert steps["v2.0.0"].actual == "major" and not steps["v2.0.0"].too_small
    assert history.warnings == []


def test_every_commit_that_changed_the_file(repo):
    history = mcp_inspect.history(RANGE, each="commit")
    # The readme-only commit (HEAD~3) is not in it; the start is named as given.
    changed = [_sha(repo, ref)[:12] for ref in ("HEAD~4", "HEAD~2", "HEAD~1", "HEAD")]
    assert [r.label for r in history.releases] == ["v1.0.0", *changed]
    assert [r.date[:10] for r in history.releases] == ["2025-01-02", "2025-02-01", "2025-03-01", "2025-04-01",
                                                      "2025-05-01"]
    assert [r.date_source for r in history.releases] == ["tag", "commit", "commit", "commit", "commit"]
    rules = [[f.rule for f in s.report.changes] for s in history.steps]
    assert rules == [["tool.added"], ["tool.removed"], ["tool.input.required.added"], ["tool.added"]]


def test_a_revision_without_the_file_is_left_out_with_a_warning(repo, runner):
    history = mcp_inspect.history("git:v0.9.0..v1.1.0:snapshots/server.json")
    assert [r.label for r in history.releases] == ["v1.0.0", "v1.1.0-rc.1", "v1.1.0"]
    assert history.warnings == ["v0.9.0: snapshots/server.json does not exist at that revision; left out of the "
                                "history"]
    result = runner.invoke(app, ["history", "git:v0.9.0..v1.1.0:snapshots/server.json"])
    assert result.exit_code == 0
    assert "warning: v0.9.0: snapshots/server.json does not exist" in result.stderr


def test_fail_on_semver_fails_the_range_that_hides_a_break(repo, runner):
    assert runner.invoke(app, ["history", RANGE]).exit_code == 0  # a history reports; it does not gate
    failed = runner.invoke(app, ["history", RANGE, "--fail-on-semver", "--format", "json"])
    assert failed.exit_code == 1
    assert json.loads(failed.stdout)["tooSmall"] == ["v1.1.0-rc.1"]
    fine = runner.invoke(app, ["history", "git:v1.1.0..v2.0.0:snapshots/server.json", "--fail-on-semver"])
    assert fine.exit_code == 0, fine.output


@pytest.mark.parametrize("spec,needle", [
    ("git:..HEAD:snapshots/server.json", "expected git:A..B:PATH"),
    ("git:v1.0.0...HEAD:snapshots/server.json", "expected git:A..B:PATH"),
    ("git:v1.0.0..HEAD", "expected git:A..B:PATH"),
    ("git:nosuch..HEAD:snapshots/server.json", "'nosuch' names no commit"),
    ("git:v1.0.0..nosuch:snapshots/server.json", "'nosuch' names no commit"),
    ("git:-x..HEAD:snapshots/server.json", "cannot start with '-'"),
    ("git:v2.0.0..HEAD:snapshots/server.json", "at least two versions"),
    ("git:v1.0.0..HEAD:snapshots/missing.json",
     "snapshots/missing.json does not exist at v1.0.0 nor at any of the 3 tags in the range"),
    ("git:v1.0.0..HEAD:snapshots/missing.json --each commit",
     "snapshots/missing.json does not exist at v1.0.0 nor at any commit in the range that changed it"),
])
def test_a_bad_range_exits_2_in_one_line(repo, runner, spec, needle):
    result = runner.invoke(app, ["history", *spec.split()])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith("mcp-inspect: error: ") and needle in lines[-1], result.stderr
    assert "Traceback" not in result.output


def test_the_end_of_a_range_defaults_to_head_and_ranges_mix_with_files(repo):
    history = mcp_inspect.history(["git:v1.1.0..:snapshots/server.json", "snapshots/server.json"], each="commit")
    assert [r.label for r in history.releases][0] == "v1.1.0"
    assert history.releases[-1].label == "server" and history.steps[-1].report.changes == []


def test_a_path_from_the_working_directory(repo, monkeypatch):
    monkeypatch.chdir(repo / "snapshots")
    by_root = mcp_inspect.history("git:v1.0.0..v2.0.0:snapshots/server.json", each="commit")
    here = mcp_inspect.history("git:v1.0.0..v2.0.0:./server.json", each="commit")
    assert [r.label for r in here.releases] == [r.label for r in by_root.releases]
    assert len(here.releases) == 4


def _versioned(repo, tools, version, message, when):
    target = repo / "snapshots/server.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"server": "srv", "package": "srv", "version": version, "tools": tools,
                                  "initialize": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                                                 "serverInfo": {"name": "srv", "version": version}}}))
    _git(repo, "add", ".")
    _git(repo, "commit", "-q", "-m", message, when=when)


def test_each_commit_judges_a_bump_on_every_change_since_the_version_last_moved(tmp_path, monkeypatch, runner):
    # Commits between releases keep the version: they are unreleased work, not each a release
    # too small. The commit that moves the version is judged on every change since the last
    # move: here a removal made two commits before a minor bump.
    for args in (("init", "-q", "-b", "main"), ("config", "user.email", "t@example.com"),
                 ("config", "user.name", "t")):
        _git(tmp_path, *args)
    _versioned(tmp_path, [_tool("a"), _tool("b")], "1.0.0", "first", "2025-01-01T10:00:00+00:00")
    _git(tmp_path, "tag", "start")  # not a version: the versions are the captures' package versions
    _versioned(tmp_path, [_tool("a"), _tool("b"), _tool("c")], "1.0.0", "add c", "2025-01-02T10:00:00+00:00")
    _versioned(tmp_path, [_tool("a"), _tool("b"), _tool("c")], "1.1.0", "release 1.1.0", "2025-01-03T10:00:00+00:00")
    _versioned(tmp_path, [_tool("a"), _tool("c")], "1.1.0", "remove b", "2025-01-04T10:00:00+00:00")
    _versioned(tmp_path, [_tool("a"), _tool("c")], "1.2.0", "release 1.2.0", "2025-01-05T10:00:00+00:00")
    monkeypatch.chdir(tmp_path)
    spec = "git:start..HEAD:snapshots/server.json"
    history = mcp_inspect.history(spec, each="commit")
    labels = [s.new.label for s in history.steps]
    assert [s.unreleased for s in history.steps] == [True, False, True, False]
    # 1.0.0 → 1.1.0: the tool added before the bump calls for minor, made: ok.
    assert history.steps[1].since is not None and history.steps[1].since.label == "start"
    assert history.steps[1].suggested == "minor" and not history.steps[1].too_small
    # 1.1.0 → 1.2.0: the removal one commit before needs a major bump; the minor one is flagged.
    assert history.steps[3].since is history.steps[1].new and history.steps[3].suggested == "major"
    assert [s.new.label for s in history.too_small] == [labels[3]]
    result = runner.invoke(app, ["history", spec, "--each", "commit", "--fail-on-semver", "--format", "json"])
    assert result.exit_code == 1
    steps = json.loads(result.stdout)["steps"]
    assert [s["semver"]["verdict"] for s in steps] == ["unreleased", "ok", "unreleased", "too-small"]
    assert [s["semver"]["since"] for s in steps] == [None, "start", None, labels[1]]
    text = runner.invoke(app, ["history", spec, "--each", "commit"]).stdout
    assert "unreleased, judged with the next version change" in text
    assert f"the changes since {labels[1]} call for major" in text
    # By tag, each tag is a release as before: no commit is unreleased.
    _git(tmp_path, "tag", "v9.9.9", labels[1])
    assert not any(s.unreleased or s.since for s in mcp_inspect.history(spec).steps)
