"""Outputs written safely: the call log (``record -o``), ``--calls-report``, the lock and
``approve``'s edit of ``.mcp-inspect.yml`` never follow a symbolic link, never write into a
file that is not regular, never overwrite one of their inputs; the files that replace a whole
file are written beside it and renamed into place (a failed write leaves the old one whole),
with 0600 where the docs say so and the old mode kept otherwise."""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from typer.testing import CliRunner

from mcp_inspect.cli import app
from mcp_inspect.config.approvals import append_approvals
from mcp_inspect.config.waivers import ApproveRule
from mcp_inspect.drift.lock import write_lock
from mcp_inspect.errors import InputError
from mcp_inspect.recording.log import CallLog
from mcp_inspect.runtime import files

ENTRY = ApproveRule("tool.removed", "tool", "x", "", "0123456789abcdef", "ok")
OLD = ROOT / "snapshots" / "git-2025.7.1.json"
NEW = ROOT / "snapshots" / "git-2025.11.25.json"


@pytest.fixture
def runner():
    return CliRunner()


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def _device(tmp_path: Path) -> Path:
    """A character device of our own (the null device's numbers), so that nothing outside the
    test folder is at risk when the code before the fix chmods it."""
    node = tmp_path / "null"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError):
        pytest.skip("cannot create a device node here")
    os.chmod(node, 0o666)
    return node


# --- record -o -------------------------------------------------------------------------------

def test_the_call_log_refuses_links_dangling_or_not(tmp_path):
    target = tmp_path / "elsewhere.jsonl"
    target.write_text("")
    os.chmod(target, 0o644)
    for name, aim in (("link.jsonl", target), ("dangling.jsonl", tmp_path / "nothing-yet.jsonl")):
        link = tmp_path / name
        link.symlink_to(aim)
        with pytest.raises(InputError, match="is a symbolic link"):
            CallLog(str(link))
    assert _mode(target) == 0o644 and target.read_text() == ""
    assert not (tmp_path / "nothing-yet.jsonl").exists()


def test_the_call_log_refuses_a_device_and_leaves_its_mode(tmp_path):
    node = _device(tmp_path)
    with pytest.raises(InputError, match="is a device, not a regular file"):
        CallLog(str(node))
    assert _mode(node) == 0o666


def test_record_refuses_a_link_as_its_output_in_one_line(tmp_path, runner):
    link = tmp_path / "calls.jsonl"
    link.symlink_to(tmp_path / "target.jsonl")
    result = runner.invoke(app, ["record", "-o", str(link), "--server", f"{sys.executable} -c pass"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"mcp-inspect: error: {link}: is a symbolic link; the call log is not written through one "
        "(name the file itself)"]


# --- --calls-report --------------------------------------------------------------------------

@pytest.fixture
def recording(tmp_path):
    path = tmp_path / "calls.jsonl"
    path.write_text(json.dumps({"tool": "git_init", "arguments": {"repo_path": 5}}) + "\n")
    return path


def test_an_existing_calls_report_is_replaced_with_mode_0600(tmp_path, recording, runner):
    report = tmp_path / "rejected.jsonl"
    report.write_text("old\n")
    os.chmod(report, 0o644)
    inode = report.stat().st_ino
    runner.invoke(app, ["diff", str(OLD), str(NEW), "--no-lint", "--calls", str(recording),
                        "--calls-report", str(report)])
    assert _mode(report) == 0o600 and "old" not in report.read_text()
    assert report.stat().st_ino != inode  # a new file renamed into place, not the old one rewritten
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_the_calls_report_refuses_links_and_devices(tmp_path, recording, runner):
    target = tmp_path / "target.jsonl"
    target.write_text("keep\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    node = _device(tmp_path)
    for where, says in ((link, "is a symbolic link"), (node, "is a device, not a regular file")):
        result = runner.invoke(app, ["diff", str(OLD), str(NEW), "--no-lint", "--calls", str(recording),
                                     "--calls-report", str(where)])
        assert result.exit_code == 2 and says in result.stderr, result.output
    assert target.read_text() == "keep\n" and _mode(node) == 0o666


def test_a_replay_that_fails_leaves_the_old_calls_report_whole(tmp_path, recording, monkeypatch):
    from mcp_inspect import replay
    from mcp_inspect.recording import replay as replay_module

    report = tmp_path / "rejected.jsonl"
    report.write_text("the last run's report\n")

    def broken(self, calls, malformed=None):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(replay_module.Replay, "run", broken)
    with pytest.raises(InputError, match="No space left on device"):
        replay(str(OLD), str(NEW), str(recording), calls_report=str(report))
    assert report.read_text() == "the last run's report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["calls.jsonl", "rejected.jsonl"]


# --- the lock ----------------------------------------------------------------------------------

def test_the_lock_is_renamed_into_place_keeping_its_mode(tmp_path):
    lock = tmp_path / "mcp-inspect.lock.json"
    lock.write_text("{}")
    os.chmod(lock, 0o640)
    inode = lock.stat().st_ino
    write_lock(lock, {})
    assert json.loads(lock.read_text()) == {"lockVersion": 1, "servers": {}}
    assert _mode(lock) == 0o640 and lock.stat().st_ino != inode


def test_the_lock_refuses_a_link_a_device_and_its_own_mcp_json(tmp_path):
    config = tmp_path / "mcp.json"
    config.write_text('{"mcpServers": {}}')
    link = tmp_path / "lock.json"
    link.symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises(InputError, match="is a symbolic link"):
        write_lock(link, {}, inputs=[config])
    with pytest.raises(InputError, match="is a device"):
        write_lock(_device(tmp_path), {}, inputs=[config])
    with pytest.raises(InputError, match="an input of this command"):
        write_lock(config, {}, inputs=[config])
    assert config.read_text() == '{"mcpServers": {}}' and not (tmp_path / "elsewhere.json").exists()


def test_a_full_disk_leaves_the_old_lock_whole(tmp_path, monkeypatch):
    lock = tmp_path / "mcp-inspect.lock.json"
    lock.write_text('{"lockVersion": 1, "servers": {}}\n')

    def full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(InputError, match="cannot write the lock file \\(No space left on device\\)"):
        write_lock(lock, {})
    assert lock.read_text() == '{"lockVersion": 1, "servers": {}}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["mcp-inspect.lock.json"]


# --- approve's edit --------------------------------------------------------------------------

def test_approve_keeps_the_configurations_mode_and_replaces_it_whole(tmp_path):
    path = tmp_path / ".mcp-inspect.yml"
    path.write_text("fail_on: BREAKING\n")
    os.chmod(path, 0o640)
    append_approvals(path, [ENTRY])
    assert "0123456789abcdef" in path.read_text() and _mode(path) == 0o640


def test_approve_refuses_to_edit_through_a_link(tmp_path):
    shared = tmp_path / "shared.yml"
    shared.write_text("fail_on: BREAKING\n")
    link = tmp_path / ".mcp-inspect.yml"
    link.symlink_to(shared)
    with pytest.raises(InputError, match="is a symbolic link"):
        append_approvals(link, [ENTRY])
    assert shared.read_text() == "fail_on: BREAKING\n"


def test_a_full_disk_leaves_the_configuration_as_it_was(tmp_path, monkeypatch):
    path = tmp_path / ".mcp-inspect.yml"
    path.write_text("fail_on: BREAKING\n")
    before = path.read_bytes()

    def full(_fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(InputError):
        append_approvals(path, [ENTRY])
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [".mcp-inspect.yml"]
