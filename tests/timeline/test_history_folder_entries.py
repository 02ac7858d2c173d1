"""``history DIR`` says which entries named like snapshots it leaves out, and why.

Hostile trial, round 3 (issue 34): a folder of releases whose newest, ``1.2.0.json``, was a
symbolic link to a git-annex object whose content was not there gave "History of 2 releases"
and exit 0 with nothing on stderr, so ``--fail-on-semver`` passed a release it never judged; a
named pipe or a folder named ``1.3.0.json`` was left out as silently. Each is now a warning
line naming the entry, at most MAX_SKIPPED_ENTRY_WARNINGS of them, and a pipe is never opened
(it would block).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mcp_inspect import api
from mcp_inspect.cli import app
from mcp_inspect.limits import MAX_SKIPPED_ENTRY_WARNINGS
from mcp_inspect.timeline import sources


def _release(folder: Path, version: str, tools: list[str]) -> None:
    (folder / f"{version}.json").write_text(json.dumps({"tools": [{"name": t, "inputSchema": {"type": "object"}}
                                                                  for t in tools]}))


@pytest.fixture
def releases(tmp_path: Path) -> Path:
    folder = tmp_path / "rel"
    folder.mkdir()
    _release(folder, "1.0.0", ["a"])
    _release(folder, "1.1.0", ["a", "b"])
    (folder / "1.2.0.json").symlink_to("../.git/annex/objects/xx/1.2.0.json")  # content not here
    os.mkfifo(folder / "1.3.0.json")  # read, it would block until someone wrote to it
    (folder / "1.4.0.json").mkdir()
    (folder / "notes.txt").write_text("not named like a snapshot: not said")
    return folder


def test_each_entry_left_out_is_a_warning_line(runner, releases):
    result = runner.invoke(app, ["history", str(releases), "--no-lint"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if "left out of the history" in line]
    assert lines == [
        f"mcp-inspect: warning: {releases}/1.2.0.json: a symbolic link to ../.git/annex/objects/xx/1.2.0.json, "
        "which does not exist; left out of the history",
        f"mcp-inspect: warning: {releases}/1.3.0.json: a named pipe, not a snapshot file; left out of the history",
        f"mcp-inspect: warning: {releases}/1.4.0.json: a folder, not a snapshot file; left out of the history",
    ]
    assert "notes.txt" not in result.stderr
    assert "History of 2 releases" in result.stdout


def test_a_link_to_a_file_is_read(releases):
    (releases / "1.2.0.json").unlink()
    _release(releases.parent, "target", ["a", "b", "c"])
    (releases / "1.2.0.json").symlink_to(releases.parent / "target.json")
    found = api.history(str(releases), lint=False)
    assert [r.label for r in found.releases] == ["1.0.0", "1.1.0", "1.2.0"]
    assert not any("1.2.0.json" in w for w in found.warnings)


def test_the_warnings_are_bounded(tmp_path, monkeypatch):
    folder = tmp_path / "rel"
    folder.mkdir()
    _release(folder, "1.0.0", ["a"])
    _release(folder, "1.1.0", ["a"])
    monkeypatch.setattr(sources, "MAX_SKIPPED_ENTRY_WARNINGS", 3)
    for i in range(5):
        (folder / f"2.{i}.0.json").symlink_to(f"missing-{i}")
    assert MAX_SKIPPED_ENTRY_WARNINGS >= 3
    warnings = [w for w in api.history(str(folder), lint=False).warnings if "left out" in w]
    assert len(warnings) == 4
    assert warnings[-1] == f"{folder}: 2 more entries named like snapshots that are no file left out of the history"


def test_the_entries_left_out_are_said_in_version_order(tmp_path, monkeypatch):
    """Hostile trial, round 20 (issue 34): the warnings were sorted as text (5.1, 5.10, 5.11, 5.12,
    5.2…) while the releases are sorted by version, so the capped list left out the lowest."""
    folder = tmp_path / "rel"
    folder.mkdir()
    _release(folder, "1.0.0", ["a"])
    _release(folder, "1.1.0", ["a"])
    monkeypatch.setattr(sources, "MAX_SKIPPED_ENTRY_WARNINGS", 4)
    for minor in (1, 10, 11, 12, 2, 3):
        (folder / f"5.{minor}.json").symlink_to(f"missing-{minor}")
    warnings = [w for w in api.history(str(folder), lint=False).warnings if "left out" in w]
    assert [w.split(": ")[0].rsplit("/", 1)[1] for w in warnings[:4]] == ["5.1.json", "5.2.json", "5.3.json",
                                                                         "5.10.json"]


def test_one_step_is_said_in_the_singular_in_html(tmp_path):
    """Hostile trial, round 20 (issue 34): the HTML summary said "2 releases, 1 steps"."""
    folder = tmp_path / "rel"
    folder.mkdir()
    _release(folder, "1.0.0", ["a"])
    _release(folder, "1.1.0", ["a", "b"])
    page = api.render_history(api.history(str(folder), lint=False), "html")
    assert "2 releases, 1 step" in page and "1 steps" not in page
