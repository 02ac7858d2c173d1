"""The snapshot functions of the library API: write a snapshot, and keep, list and delete
snapshots in the store. ``mcp_inspect.api`` re-exports each; import them from there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..model import Snapshot


def dump(snapshot: Snapshot) -> str:
    """The snapshot in mcp-inspect's own format (docs/snapshot-format.md), as JSON text."""
    from ..snapshot import dump_snapshot

    return dump_snapshot(snapshot)


def save(snapshot: Snapshot, name: str, store: str | Path | None = None, *, force: bool = False) -> str:
    """Keep ``snapshot`` in the snapshot store under ``name`` (so ``@name`` loads it);
    returns its surface fingerprint. A name that holds a different surface is refused
    (InputError) unless ``force``; the surface it held is then deleted if no other name
    refers to it."""
    from ..snapshot.store import save as save_named
    from ..snapshot.store import store_root

    if not isinstance(snapshot, Snapshot):
        raise ValueError(f"snapshot: expected a Snapshot (load() reads one), got {type(snapshot).__name__}")
    return save_named(snapshot, name, store_root(store), force=force).fingerprint


def list_snapshots(store: str | Path | None = None) -> list[Any]:
    """The names saved in the store (``mcp-inspect snapshots``), sorted: each has ``name``,
    ``fingerprint``, ``saved_at`` and ``source``."""
    from ..snapshot.store import entries

    return entries(store_location(store))


def delete_snapshot(name: str, store: str | Path | None = None) -> list[str]:
    """Remove ``name`` from the store (``mcp-inspect snapshots --delete NAME``); returns the
    fingerprints of the surfaces deleted with it, those no other name refers to.
    InputError when the store has no such name."""
    from ..snapshot.store import delete

    return delete(name, store_location(store))[1]


def write(snapshot: Snapshot, path: str | Path = "-") -> None:
    """Write the snapshot in mcp-inspect's own format to ``path`` (``-``: stdout)."""
    from ..snapshot import write_snapshot

    write_snapshot(snapshot, str(path))


def check_snapshot_name(name: str) -> None:
    """InputError unless ``name`` may name a snapshot in the store (checked before a capture)."""
    from ..snapshot.store import check_name

    check_name(name)


def store_location(store: str | Path | None = None) -> Path:
    """The snapshot store's folder: ``store``, else ``$MCP_INSPECT_STORE``, else ``./snapshots``."""
    from ..snapshot.store import store_root

    return store_root(store)
