"""Reading, canonicalising, fingerprinting and writing snapshots.

May import: ``errors``, ``limits``, ``model`` and ``patterns`` (a ``propertyNames`` pattern run on
the names a closed object declares).
"""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError
from ..model import Snapshot
from .reader import load_value
from .shapes import snapshot_from_value, snapshot_to_value
from .surface import Surface, build_surface, fingerprints_of


def load_snapshot(source: str) -> Snapshot:
    """Load any accepted input (a path or ``-``) as a Snapshot; InputError on bad input."""
    return snapshot_from_value(load_value(source), source)


def dump_snapshot(snap: Snapshot) -> str:
    """The snapshot in mcp-inspect's own format (docs/snapshot-format.md), as stable, indented JSON text."""
    value = snapshot_to_value(snap, fingerprints_of(build_surface(snap)))
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def write_snapshot(snap: Snapshot, path: str | Path = "-") -> None:
    """Write the snapshot in mcp-inspect's own format to ``path`` (``-``: stdout)."""
    text = dump_snapshot(snap)
    if str(path) == "-":
        import sys

        sys.stdout.write(text)
    else:
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from None


__all__ = ["Surface", "build_surface", "dump_snapshot", "load_snapshot", "write_snapshot"]
