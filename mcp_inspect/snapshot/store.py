"""The snapshot store: snapshots kept by surface fingerprint, with an index of names.

Layout under the root (``--store DIR``, else ``$MCP_INSPECT_STORE``, else ``./snapshots``)::

    objects/<surface fingerprint>.json   the snapshot in the project's format
    index.json                           {"version": 1, "names": {NAME: {"fingerprint", "savedAt", "source"}}}

Objects are content-addressed, so saving an unchanged surface under a new name
adds only an index entry. The index is rewritten atomically (temp file + rename).
"""

from __future__ import annotations

import difflib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..errors import InputError
from ..model import Snapshot
from .reader import check_plain_json, decode_text, read_bytes

STORE_ENV = "MCP_INSPECT_STORE"
DEFAULT_ROOT = "snapshots"
INDEX_VERSION = 1
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$")
_FINGERPRINT = re.compile(r"^[0-9a-f]{32}$")


def store_root(option: str | Path | None = None) -> Path:
    return Path(option or os.environ.get(STORE_ENV) or DEFAULT_ROOT)


def check_name(name: str) -> str:
    if not NAME_PATTERN.match(name):
        raise InputError(f"{name!r} is not a valid snapshot name (letters, digits, '.', '_' and '-', "
                         "starting with a letter or digit, at most 128 characters)")
    return name


@dataclass
class Entry:
    name: str
    fingerprint: str
    saved_at: str
    source: str


def _index_path(root: Path) -> Path:
    return root / "index.json"


def read_index(root: Path) -> dict[str, Entry]:
    path = _index_path(root)
    if not path.exists():
        return {}
    try:
        # Read as any input is: up to the size limit (a hand-edited index could be anything,
        # even a link to /dev/zero), as UTF-8, reported in one line.
        value = json.loads(decode_text(read_bytes(str(path)), str(path), allow_empty=True) or "null")
    except InputError as exc:
        raise InputError(f"{path}: cannot read the snapshot index ({str(exc).removeprefix(f'{path}: ')})") from None
    except (OSError, ValueError) as exc:
        raise InputError(f"{path}: cannot read the snapshot index ({exc})") from None
    except RecursionError:
        raise InputError(f"{path}: cannot read the snapshot index (nested too deeply)") from None
    check_plain_json(value, str(path))  # a hand-edited index is input like any other
    names = value.get("names") if isinstance(value, dict) else None
    if not isinstance(names, dict) or value.get("version") != INDEX_VERSION:
        raise InputError(f"{path}: not a version {INDEX_VERSION} snapshot index")
    out: dict[str, Entry] = {}
    for name, item in names.items():
        if not isinstance(item, dict) or not _FINGERPRINT.match(str(item.get("fingerprint", ""))):
            raise InputError(f"{path}: the entry for {name!r} has no valid fingerprint")
        out[name] = Entry(name, item["fingerprint"], str(item.get("savedAt", "")), str(item.get("source", "")))
    return out


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def save(snap: Snapshot, name: str, root: Path) -> Entry:
    """Keep ``snap`` under ``name`` (replacing what the name pointed at); returns the index entry."""
    from . import build_surface, dump_snapshot

    check_name(name)
    fingerprint = build_surface(snap).fingerprint
    obj = root / "objects" / f"{fingerprint}.json"
    entry = Entry(name, fingerprint, datetime.now(UTC).isoformat(timespec="seconds"),
                  snap.provenance.details.get("origin", snap.provenance.source))
    try:
        index = read_index(root)
        if not obj.exists():
            _write_atomically(obj, dump_snapshot(snap))
        index[name] = entry
        names = {n: {"fingerprint": e.fingerprint, "savedAt": e.saved_at, "source": e.source}
                 for n, e in index.items()}
        document = {"version": INDEX_VERSION, "names": names}
        _write_atomically(_index_path(root), json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise InputError(f"{root}: cannot write to the snapshot store ({exc.strerror or exc})") from None
    return entry


def load_named(name: str, root: Path) -> Snapshot:
    """The snapshot saved as ``name``; InputError naming close names when there is none."""
    from . import load_snapshot

    index = read_index(root)
    entry = index.get(name)
    if entry is None:
        close = difflib.get_close_matches(name, list(index), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join('@' + c for c in close)}?" if close else ""
        known = "" if close else (f" (it has {len(index)} names; see `mcp-inspect snapshots`)" if index
                                  else " (it is empty; save one with `mcp-inspect snapshot … --save NAME`)")
        raise InputError(f"@{name}: no snapshot of that name in the snapshot store at {root}{known}{hint}")
    path = root / "objects" / f"{entry.fingerprint}.json"
    if not path.is_file():
        raise InputError(f"@{name}: the store {root} names object {entry.fingerprint}, which is missing")
    snap = load_snapshot(str(path))
    snap.provenance.details.setdefault("origin", entry.source)
    snap.provenance.source = f"@{name}"
    return snap


def entries(root: Path) -> list[Entry]:
    return [entry for _, entry in sorted(read_index(root).items())]

