"""The source files a scan reads: a directory on disk, or the tree of a git revision.

Both give (path from the tree's root, bytes) for the files whose extension names a grammar,
in path order, leaving out the directories that hold other people's code or build output
(``SKIPPED``), files above MAX_SOURCE_FILE_BYTES, and everything past MAX_SOURCE_FILES
(``Tree.truncated`` says so). Symbolic links are not followed: a link could lead the scan
out of the repository or round in a circle.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..errors import InputError
from ..limits import MAX_SOURCE_FILE_BYTES, MAX_SOURCE_FILES
from .grammars import for_path

#: Directory names never entered: dependencies, build output, caches and version control.
SKIPPED = frozenset({"node_modules", ".git", "vendor", "dist", "build", "out", "__pycache__", ".venv", "venv",
                     ".tox", ".mypy_cache", ".next", "coverage", "site-packages"})


@dataclass
class Tree:
    """Where the files come from: ``root`` (a directory) or ``ref`` (a git revision of the
    repository around the working directory), and whether MAX_SOURCE_FILES cut the walk."""

    root: str
    ref: str | None = None
    #: With ``ref``: only the files under this folder of the repository (``dir/``, or "").
    under: str = ""
    truncated: bool = field(default=False, init=False)

    def files(self) -> Iterator[tuple[str, bytes]]:
        return self._git_files() if self.ref is not None else self._disk_files()

    def _disk_files(self) -> Iterator[tuple[str, bytes]]:
        count = 0
        for folder, dirs, names in os.walk(self.root):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED and not os.path.islink(os.path.join(folder, d)))
            for name in sorted(names):
                if for_path(name) is None:
                    continue
                path = os.path.join(folder, name)
                try:
                    if os.path.islink(path) or os.path.getsize(path) > MAX_SOURCE_FILE_BYTES:
                        continue
                    if count >= MAX_SOURCE_FILES:
                        self.truncated = True
                        return
                    count += 1
                    with open(path, "rb") as handle:
                        data = handle.read()
                except OSError:
                    continue  # unreadable or gone since the walk: not a registration we can show
                yield os.path.relpath(path, self.root).replace(os.sep, "/"), data

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
            if any(part in SKIPPED for part in path.split("/")[:-1]) or int(size) > MAX_SOURCE_FILE_BYTES:
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
