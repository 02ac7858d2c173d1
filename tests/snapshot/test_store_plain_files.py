"""Snapshot files written into the store's folder are named as what they are.

New-user trial, round 14: the README writes snapshots with ``snapshot … -o
snapshots/X.json``, and ``./snapshots`` is also the store's default folder. With seven such
files there, ``mcp-inspect snapshots`` said "No snapshots in snapshots." and ``diff @X``
said the store "is empty", so the files looked lost. Both now say, in one line, that the
folder's .json files are not store entries and how to use one (its path, or ``--save``).
The store's format is unchanged: the files are only mentioned, never read as entries.
"""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import ROOT

from mcp_inspect.cli import app
from mcp_inspect.snapshot.store import read_index

OLD = ROOT / "snapshots" / "git-2025.7.1.json"
NEW = ROOT / "snapshots" / "git-2025.11.25.json"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """./snapshots holding two plain snapshot files and no store, as the trial's folder did."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MCP_INSPECT_STORE", raising=False)
    root = tmp_path / "snapshots"
    root.mkdir()
    shutil.copy(OLD, root / "git-old.json")
    shutil.copy(NEW, root / "git-new.json")
    return root


def _error_line(result) -> str:  # noqa: ANN001 - a click Result
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def test_the_empty_listing_names_the_plain_files_and_how_to_add_one(runner, folder):
    result = runner.invoke(app, ["snapshots"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("\n") == 1  # one line
    line = result.stdout.strip()
    assert line.startswith("No snapshots in snapshots: its 2 .json files (git-new.json, git-old.json) are plain "
                           "snapshot files, not store entries")
    assert "diff one by its path" in line
    assert "`mcp-inspect snapshot snapshots/git-new.json --save NAME`" in line
    assert not (folder / "index.json").exists()  # only mentioned: the store is not created or changed


def test_an_unknown_name_in_an_empty_store_names_the_plain_files(runner, folder):
    result = runner.invoke(app, ["diff", "@git", str(NEW)])
    assert result.exit_code == 2
    line = _error_line(result)
    assert line == ("mcp-inspect: error: @git: no snapshot of that name in the snapshot store at snapshots, "
                    "which is empty; its 2 .json files (git-new.json, git-old.json) are plain snapshot files, "
                    "not store entries: diff one by its path, or add it with "
                    "`mcp-inspect snapshot snapshots/git-new.json --save NAME`")


def test_a_name_whose_plain_file_is_there_names_that_file(runner, folder):
    result = runner.invoke(app, ["diff", "@git-old", str(NEW)])
    assert result.exit_code == 2
    line = _error_line(result)
    assert "at snapshots, which is empty; snapshots/git-old.json is a plain snapshot file, not a store entry: " \
           "diff it by its path, or add it with `mcp-inspect snapshot snapshots/git-old.json --save git-old`" in line

    # The command the message gives works, and then @git-old names the file's surface.
    added = runner.invoke(app, ["snapshot", "snapshots/git-old.json", "--save", "git-old"])
    assert added.exit_code == 0, added.output
    assert list(read_index(folder)) == ["git-old"]
    by_name = runner.invoke(app, ["diff", "@git-old", "snapshots/git-old.json", "--format", "json"])
    assert by_name.exit_code == 0, by_name.output
    assert json.loads(by_name.stdout)["findings"] == []

    # In a store with names, the plain file is still named before the close names.
    again = runner.invoke(app, ["diff", "@git-new", str(NEW)])
    assert again.exit_code == 2
    line = _error_line(again)
    assert line.endswith("; snapshots/git-new.json is a plain snapshot file, not a store entry: diff it by its "
                         "path, or add it with `mcp-inspect snapshot snapshots/git-new.json --save git-new`; "
                         "did you mean @git-old?")


def test_the_missing_baseline_notice_names_the_plain_files(runner, folder):
    result = runner.invoke(app, ["diff", "@git", str(NEW), "--allow-missing-baseline"])
    assert result.exit_code == 0
    assert "holds no snapshot yet; its 2 .json files (git-new.json, git-old.json) are plain snapshot files" \
        in _error_line(result)


def test_only_the_folders_own_json_files_count(tmp_path):
    from mcp_inspect.snapshot.store import plain_files  # imported here: the other tests run on any version

    (tmp_path / "index.json").write_text("{}")
    (tmp_path / "objects").mkdir()
    (tmp_path / "objects" / "a.json").write_text("{}")
    (tmp_path / "notes.txt").write_text("")
    (tmp_path / "dir.json").mkdir()
    (tmp_path / "b.json").write_text("{}")
    assert plain_files(tmp_path) == ["b.json"]
    assert plain_files(tmp_path / "missing") == []


def test_without_plain_files_the_messages_are_as_before(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MCP_INSPECT_STORE", raising=False)
    listing = runner.invoke(app, ["snapshots"])
    assert listing.stdout.startswith("No snapshots in snapshots. Save one with")
    result = runner.invoke(app, ["diff", "@git", str(NEW)])
    assert _error_line(result).endswith("(it is empty; save one with `mcp-inspect snapshot … --save NAME`)")
