"""The source files a scan reads: a directory on disk, or the tree of a git revision.

Both give (path from the tree's root, bytes) for the files whose extension names a grammar,
in path order, leaving out the directories that hold other people's code or build output
(``SKIPPED``), files above MAX_SOURCE_FILE_BYTES, and everything past MAX_SOURCE_FILES
(``Tree.truncated`` says so). Symbolic links are not followed: a link could lead the scan
out of the repository or round in a circle.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..errors import InputError
from ..limits import MAX_SOURCE_FILE_BYTES, MAX_SOURCE_FILES
from .grammars import for_path

#: Directory names never entered below the root: dependencies, build output, caches, version
#: control, and tests (a test registers the server's tools again, or fixture servers of its
#: own, and would make every such name ambiguous).
SKIPPED = frozenset({"node_modules", ".git", "vendor", "dist", "build", "out", "__pycache__", ".venv", "venv",
                     ".tox", ".mypy_cache", ".next", "coverage", "site-packages", "test", "tests", "__tests__",
                     "testdata", "__mocks__"})
#: Test files kept beside the code they test, by each language's convention.
_TEST_FILE = re.compile(r"(_test\.go|\.(test|spec)\.[cm]?[jt]sx?|^test_.*\.py|_test\.py|^conftest\.py)$")


def is_test_file(name: str) -> bool:
    return _TEST_FILE.search(name) is not None


@dataclass
class Tree:
    """Where the files come from: ``root`` (a directory) or ``ref`` (a git revision of the
    repository around the working directory), and whether MAX_SOURCE_FILES cut the walk."""

    root: str
    ref: str | None = None
    #: With ``ref``: only the files under this folder of the repository (``dir/``, or "").
    under: str = ""
    truncated: bool = field(default=False, init=False)
    _count: int = field(default=0, init=False, repr=False)

    def files(self) -> Iterator[tuple[str, bytes]]:
        return self._git_files() if self.ref is not None else self._disk_files()

    def _disk_files(self) -> Iterator[tuple[str, bytes]]:
        self._count = 0
        yield from self._folder(self.root, "")

    def _folder(self, folder: str, relative: str) -> Iterator[tuple[str, bytes]]:
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError:
            return  # unreadable: nothing we can show
        for entry in entries:
            if self.truncated:
                return
            try:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name not in SKIPPED:
                        yield from self._folder(entry.path, f"{relative}{entry.name}/")
                    continue
                if not entry.is_file(follow_symlinks=False) or for_path(entry.name) is None:
                    continue
                if is_test_file(entry.name) or entry.stat(follow_symlinks=False).st_size > MAX_SOURCE_FILE_BYTES:
                    continue
                if self._count >= MAX_SOURCE_FILES:
                    self.truncated = True
                    return
                self._count += 1
                with open(entry.path, "rb") as handle:
                    data = handle.read()
            except OSError:
                continue  # unreadable or gone since the listing: not a registration we can show
            yield relative + entry.name, data

    def _git_files(self) -> Iterator[tuple[str, bytes]]:
        from ..sources.git import failure, run_git

        spec = f"git:{self.ref}"
        listing = run_git(spec, ["-C", self.root, "ls-tree", "-r", "-z", "--long", self.ref], "read the old source")
        if listing.returncode != 0:
            raise InputError(f"{spec}: {failure(listing)}")
        wanted: list[tuple[str, str]] = []
        for entry in listing.stdout.split(b"\0"):
            if not entry:
                continue
            meta, _, raw_path = entry.partition(b"\t")
            mode, kind, oid, size = meta.split()
            path = raw_path.decode("utf-8", "replace")
            if kind != b"blob" or mode == b"120000" or for_path(path) is None or not path.startswith(self.under):
                continue
            parts = path[len(self.under):].split("/")
            if any(part in SKIPPED for part in parts[:-1]) or is_test_file(parts[-1]):
                continue
            if int(size) > MAX_SOURCE_FILE_BYTES:
                continue
            if len(wanted) >= MAX_SOURCE_FILES:
                self.truncated = True
                break
            wanted.append((path, oid.decode()))
        if not wanted:
            return
        # One cat-file process for every blob: a process per file would cost seconds on a large tree.
        batch = "".join(f"{oid}\n" for _, oid in wanted).encode()
        import subprocess

        from ..sources.git import GIT_TIMEOUT_SECONDS
        try:
            done = subprocess.run(["git", "-C", self.root, "cat-file", "--batch"], input=batch,
                                  capture_output=True, timeout=GIT_TIMEOUT_SECONDS, check=False)
        except (OSError, subprocess.TimeoutExpired):
            raise InputError(f"{spec}: git did not read the old source's files") from None
        out, at = done.stdout, 0
        for path, _ in wanted:
            header_end = out.index(b"\n", at)
            size = int(out[at:header_end].split()[2])
            yield path, out[header_end + 1: header_end + 1 + size]
            at = header_end + 1 + size + 1
