"""The lock file of ``mcp-inspect pin``: what each server of an mcp.json looked like when pinned.

``mcp-inspect.lock.json`` (beside the mcp.json unless ``-o`` says otherwise)::

    {
      "lockVersion": 1,
      "servers": {
        "NAME": {"fingerprint": "…", "capturedAt": "2026-12-01T23:40:00+00:00", "snapshot": {…}}
      }
    }

``fingerprint`` is the surface fingerprint (xxh3_128 of the canonical surface, as the snapshot
store and the reports print it); ``snapshot`` the capture itself in mcp-inspect's snapshot
format, so that a check can classify what changed, not only notice that something did. Server
names are written sorted and the JSON with sorted keys, so a re-pin that changes nothing
changes only the capture times.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..limits import MAX_INPUT_BYTES
from ..model import Snapshot
from ..sources.load import LOCK_VERSION  # the writer's, and what a diff source reads (sources.lock_servers)

LOCK_NAME = "mcp-inspect.lock.json"


@dataclass
class Pin:
    """One server as pinned."""

    name: str
    fingerprint: str
    captured_at: str | None
    snapshot: Snapshot


def default_lock_path(config: str | Path) -> Path:
    """``mcp-inspect.lock.json`` in the mcp.json's folder."""
    return Path(config).parent / LOCK_NAME


def surface_fingerprint(snapshot: Snapshot) -> str:
    from ..snapshot.surface import build_surface

    return build_surface(snapshot).fingerprint


def read_lock(path: str | Path) -> dict[str, Pin]:
    """The pins of a lock file by server name; InputError (exit 2) naming the file for anything
    that is not a lock this version of mcp-inspect wrote."""
    from ..snapshot.reader import decode_text, parse_document, read_bytes
    from ..snapshot.shapes import snapshot_from_value
    from ..sources.load import lock_servers

    where = str(path)
    if not Path(path).is_file():
        raise InputError(f"{where}: no lock file (run mcp-inspect pin first)")
    text = decode_text(read_bytes(where, MAX_INPUT_BYTES, "lock file"), where)
    # The reader every input goes through: its size, depth, number, and lone surrogate bounds
    # (a 5,001-digit integer is one line of error, not a crash).
    value = parse_document(text, where, hint=".json")
    servers = lock_servers(value, where)  # the shape a diff source reads it in, too
    if servers is None:
        raise InputError(f"{where}: not an mcp-inspect lock file of version {LOCK_VERSION} "
                         "(expected lockVersion and servers)")
    pins = {}
    for name, entry in servers.items():
        captured = entry.get("capturedAt")
        snapshot = snapshot_from_value(entry["snapshot"], f"{where}#{name}")
        pins[name] = Pin(name, entry["fingerprint"], captured if isinstance(captured, str) else None, snapshot)
    return pins


def lock_text(pins: dict[str, Pin]) -> str:
    """The lock file's text for ``pins``."""
    from ..snapshot import dump_snapshot

    servers: dict[str, Any] = {}
    for name in sorted(pins):
        pin = pins[name]
        servers[name] = {"fingerprint": pin.fingerprint, "capturedAt": pin.captured_at,
                         "snapshot": json.loads(dump_snapshot(pin.snapshot))}
    return json.dumps({"lockVersion": LOCK_VERSION, "servers": servers}, indent=2, sort_keys=True,
                      ensure_ascii=False) + "\n"


def write_lock(path: str | Path, pins: dict[str, Pin], inputs: list[str | Path] | None = None) -> None:
    """Write the lock: to a temporary file beside it, renamed into place (a full disk leaves the
    old lock whole), never through a symbolic link or into a special file, never over one of
    ``inputs`` (the mcp.json); an existing lock keeps its mode. Under the lock file's own lock,
    which ``check --update`` holds from its second read of the lock to this write."""
    from ..runtime.files import locked, write_text

    with locked(path, "lock file"):
        write_text(path, lock_text(pins), "lock file", inputs=inputs)
