"""Where the reports say a surface came from: a file of the repository, or no file at all.

GitHub reads an annotation's ``file=`` and a SARIF ``artifactLocation.uri`` as paths from
the repository's root, whatever directory mcp-inspect ran in, so a source as typed
(``../snapshots/x.json``, ``/home/runner/work/r/r/x.json``) would point at nothing. A file
is therefore written relative to the root of the git repository holding it, found by
walking up to a ``.git`` entry (a directory, or a file in a worktree or submodule): no git
process, and the same answer on every run in the same checkout. Spellings that name a file
indirectly are resolved first:

- ``git:REF:PATH`` is PATH, already from the root (``./PATH`` from the working directory);
- ``@NAME`` is the store's object file (``$MCP_INSPECT_STORE`` or ``./snapshots``), if any;
- ``FILE#NAME``, a server of an mcp.json, is FILE, with the server's name kept apart.

Live servers (``stdio:``, ``http(s)://``) and stdin have no file: annotations get no
``file=``, and SARIF, which GitHub rejects without a physical location, gets a placeholder
(``placeholder_uri``) that names the source and cannot be mistaken for a path.
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

#: What the sources module calls stdin when it names a server of an mcp.json read from it.
_STDIN = "stdin"


@dataclass(frozen=True)
class Place:
    """``file``: a POSIX path from the repository's root, or from the working directory when
    no repository holds it, or an absolute path (``absolute``) when neither applies; None
    when the source is no file. ``server``: the server's name inside an mcp.json."""

    file: str | None
    server: str | None = None
    absolute: bool = False

    @property
    def annotation_file(self) -> str | None:
        """The ``file=`` of a workflow command: only a path GitHub can find in the checkout."""
        return None if self.absolute else self.file


def repository_root(start: Path) -> Path | None:
    """The nearest directory at or above ``start`` that holds a ``.git`` entry."""
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return None


def _absolute(path: str) -> Path:
    # Lexical, as the user typed it: no symlink is followed, so a path inside the checkout
    # stays inside it even when a directory on the way is a link.
    return Path(os.path.normpath(os.path.join(os.getcwd(), path)))


def _file_place(path: str, server: str | None = None) -> Place:
    path = path.replace("\\", "/")  # a Windows spelling names the same file
    absolute = _absolute(path)
    root = repository_root(absolute.parent)
    if root is not None:
        return Place(absolute.relative_to(root).as_posix(), server)
    if not os.path.isabs(path):
        return Place(posixpath.normpath(path), server)  # from the working directory, as given
    return Place(absolute.as_posix(), server, absolute=True)


def _git_place(spec: str) -> Place:
    path = spec[len("git:"):].partition(":")[2]
    if path.startswith(("./", "../")):  # git's own spelling for "from the working directory"
        return _file_place(path)
    path = posixpath.normpath("/" + path.replace("\\", "/")).lstrip("/")
    return Place(path or None)


def _store_place(name: str, fingerprint: str | None) -> Place:
    from ..errors import InspectError
    from ..snapshot.store import read_index, store_root

    root = store_root(None)
    if fingerprint is None:
        # A lint report carries no fingerprint: the index says which object the name is. (A
        # diff's side names its object exactly, so a same-named snapshot of another store
        # given with --store is never taken for it.)
        try:
            entry = read_index(root).get(name)
        except InspectError:
            return Place(None)
        if entry is None:
            return Place(None)
        fingerprint = entry.fingerprint
    if not fingerprint.isalnum():  # a fingerprint names a file; it must not climb out of the store
        return Place(None)
    path = root / "objects" / f"{fingerprint}.json"
    return _file_place(str(path)) if path.is_file() else Place(None)


def server_of(source: str) -> tuple[str, str] | None:
    """``FILE#NAME`` → (FILE, NAME), read as the sources module reads it (``server_readings``:
    FILE the text before a '#' that is a file, NAME the rest, '#'s and all); None when the
    spelling names no server, or could name two (where the sources module refuses it)."""
    from .load import server_readings

    readings = server_readings(source, stdin=_STDIN)
    return readings[0] if len(readings) == 1 else None


def place_of(source: str, fingerprint: str | None = None) -> Place:
    """Where ``source`` (as a report names it) is; ``fingerprint`` (a diff side's surface
    fingerprint) picks the store object of ``@NAME`` without reading the index."""
    from ..live.options import is_url

    if source == "-" or is_url(source) or source.startswith("stdio:"):
        return Place(None)
    if source.startswith("@"):
        return _store_place(source[1:], fingerprint)
    if source.startswith("git:"):
        return _git_place(source)
    split = server_of(source)
    if split is not None:
        path, server = split
        return Place(None, server) if path == _STDIN else _file_place(path, server)
    return _file_place(source)


def placeholder_uri(source: str) -> str:
    """A SARIF uri for a source that is no file: ``stdin``, or the whole source encoded as
    one path segment (``/`` too), so that it reads as a name, never as a directory tree."""
    if source == "-" or source.startswith(_STDIN + "#"):
        return _STDIN
    return quote(source, safe="")


def artifact_location(source: str, place: Place) -> dict[str, object]:
    """The SARIF ``artifactLocation`` of ``source``: a URI reference from the repository's
    root, a ``file:`` URI for an absolute path outside any repository, or the placeholder,
    described as what it is."""
    if place.file is None:
        from ..text.escape import plain

        what = "stdin" if placeholder_uri(source) == _STDIN else plain(source)
        return {"uri": placeholder_uri(source),
                "description": {"text": f"{what}: not a file (a live server or stdin)"}}
    if place.absolute:
        return {"uri": "file://" + quote(place.file, safe="/")}
    return {"uri": quote(place.file, safe="/")}
