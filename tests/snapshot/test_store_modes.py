"""The snapshot store's files follow the umask, and a rewritten index keeps its mode.

Hostile trial, round 3 (issue 34): under umask 022 a save wrote index.json and each object
0600, and a later save turned an index the team had made 0644 back into 0600, so a CI job or
a teammate running as another user could not read the baselines (``Permission denied``). The
store is meant to be committed and shared (docs/capture.md): it is written as the lock file
and the configuration are, the umask's mode when new and the file's own when replaced.
Recordings and calls reports, which hold arguments, stay 0600 (tests/runtime/test_safe_outputs.py).
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from mcp_inspect import load
from mcp_inspect.snapshot import store


@contextmanager
def _umask(mask: int) -> Iterator[None]:
    before = os.umask(mask)
    try:
        yield
    finally:
        os.umask(before)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _snap(tmp_path: Path, name: str):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps([{"name": name, "inputSchema": {"type": "object"}}]))
    return load(str(path))


def test_new_store_files_get_the_umasks_mode(tmp_path):
    root = tmp_path / "store"
    with _umask(0o022):
        fingerprint = store.save(_snap(tmp_path, "a"), "a", root).fingerprint
    assert _mode(root / "index.json") == 0o644
    assert _mode(root / "objects" / f"{fingerprint}.json") == 0o644
    private = tmp_path / "private"
    with _umask(0o077):  # a user who keeps everything private still gets that
        fingerprint = store.save(_snap(tmp_path, "a"), "a", private).fingerprint
    assert _mode(private / "index.json") == 0o600
    assert _mode(private / "objects" / f"{fingerprint}.json") == 0o600


def test_a_save_keeps_the_mode_of_the_index_it_rewrites(tmp_path):
    root = tmp_path / "store"
    with _umask(0o077):
        store.save(_snap(tmp_path, "a"), "a", root)
        os.chmod(root / "index.json", 0o644)  # shared on purpose
        store.save(_snap(tmp_path, "b"), "b", root)
        assert _mode(root / "index.json") == 0o644
        store.delete("a", root)
        assert _mode(root / "index.json") == 0o644
