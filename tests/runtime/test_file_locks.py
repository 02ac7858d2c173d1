"""``runtime.files.locked``: the lock a read-check-write of a shared file is done under.

Hostile trial, round 3 (issue 34): concurrent ``snapshot --save`` runs lost index entries, and
concurrent ``approve`` runs lost approvals, because each read the file, changed its own copy
and renamed it over the others'. The lock that now serialises them must not hang a run for
ever, must not be left behind to block the next one, and must not be a way to write through
a link.
"""

from __future__ import annotations

import os
import stat

import pytest

from mcp_inspect.errors import InputError
from mcp_inspect.limits import FILE_LOCK_WAIT_SECONDS
from mcp_inspect.runtime import files


def test_a_held_lock_is_waited_for_at_most_the_limit_then_one_line(tmp_path, monkeypatch):
    target = tmp_path / "index.json"
    assert FILE_LOCK_WAIT_SECONDS >= 10  # a real run holds it for milliseconds: never this long
    monkeypatch.setattr(files, "FILE_LOCK_WAIT_SECONDS", 0.3)
    with files.locked(target, "snapshot store's index"):
        # A second descriptor is a second holder to flock, as another process would be; the
        # thread's own record of what it holds is what lets a nested call through, so it is
        # cleared for this one call.
        monkeypatch.setattr(files, "_held", type(files._held)())
        with pytest.raises(InputError) as caught, files.locked(target, "snapshot store's index"):
            pass
    message = str(caught.value)
    assert "\n" not in message and f"{target}.lock" in message and "0.3 s" in message
    assert "snapshot store's index" in message


def test_a_lock_file_a_killed_run_left_behind_does_not_block_and_is_removed(tmp_path):
    target = tmp_path / ".mcp-inspect.yml"
    left = tmp_path / ".mcp-inspect.yml.lock"
    left.write_text("")  # its holder died: the kernel dropped its flock, the name stayed
    with files.locked(target, "configuration"):
        assert left.exists()
    assert not left.exists()


def test_the_lock_is_reentrant_in_one_thread_and_takes_the_files_mode(tmp_path):
    target = tmp_path / "index.json"
    target.write_text("{}")
    os.chmod(target, 0o640)
    with files.locked(target, "index"):
        lock = tmp_path / "index.json.lock"
        assert stat.S_IMODE(lock.stat().st_mode) == 0o640 & ~_umask()
        with files.locked(target, "index"):  # a function under the lock calling another that takes it
            assert lock.exists()
        assert lock.exists()  # the inner block does not release what the outer one holds
    assert not lock.exists()


def test_a_link_or_a_pipe_at_the_lock_path_is_refused(tmp_path):
    target = tmp_path / "index.json"
    lock = tmp_path / "index.json.lock"
    lock.symlink_to(tmp_path / "elsewhere")
    with pytest.raises(InputError, match="cannot lock the index"), files.locked(target, "index"):
        pass
    assert not (tmp_path / "elsewhere").exists()
    lock.unlink()
    os.mkfifo(lock)
    with pytest.raises(InputError, match="named pipe, not a regular file"), files.locked(target, "index"):
        pass


def test_a_target_that_is_no_regular_file_is_refused_before_a_lock_is_made_beside_it(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="pipe: is a named pipe"), files.locked(fifo, "lock file"):
        pass
    assert not (tmp_path / "pipe.lock").exists()  # as /dev/null.lock would have been made in /dev


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
