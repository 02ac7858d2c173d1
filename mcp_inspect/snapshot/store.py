"""The snapshot store: snapshots kept by surface fingerprint, with an index of names.

Layout under the root (``--store DIR``, else ``$MCP_INSPECT_STORE``, else ``./snapshots``)::

    objects/<surface fingerprint>.json   the snapshot in the project's format
    index.json                           {"version": 1, "names": {NAME: {"fingerprint", "savedAt",
                                                                     "source", "digest"}}}

Objects are content-addressed, so saving an unchanged surface under a new name
adds only an index entry; an object is checked against the digest of its bytes the index
recorded when it is read, and a save rewrites one that does not hold the surface it names.
The index is rewritten atomically (temp file + rename), under the lock ``index.json.lock``
from its read to its rename, so that runs saving or deleting at the same time never lose
each other's names. A store is meant to be shared (committed, or named
by ``$MCP_INSPECT_STORE`` for a team or a CI job): its files get the umask's mode when new and
keep their own when rewritten, as the lock file and the configuration do.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import os
import re
import shlex
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import xxhash

from ..errors import InputError
from ..model import Snapshot
from ..runtime.files import check_target, locked, mode_for
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
    """One name of the store: the surface fingerprint it names, when it was saved (ISO 8601,
    UTC) and where the snapshot came from."""

    name: str
    fingerprint: str
    saved_at: str
    source: str
    #: xxh3_128 of the object file's bytes as the save left them ("" in an index written before
    #: it was kept): what a read checks, since the fingerprint is of the canonical form, which
    #: another mcp-inspect may compute otherwise, and an upgrade must not unsettle a baseline.
    digest: str = ""


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
        digest = item.get("digest", "")
        if not (digest == "" or isinstance(digest, str) and _FINGERPRINT.match(digest)):
            raise InputError(f"{path}: the entry for {name!r} has no valid digest")
        out[name] = Entry(name, item["fingerprint"], str(item.get("savedAt", "")), str(item.get("source", "")),
                          digest)
    return out


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # mkstemp makes 0600, which hid a shared store from every other user and made an index
    # the team could read private again at each save.
    mode = mode_for(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def save(snap: Snapshot, name: str, root: Path, *, force: bool = False) -> Entry:
    """Keep ``snap`` under ``name``; returns the index entry.

    A name that already holds a different surface is refused unless ``force``, so a
    baseline is never replaced by accident; saving the same surface again is fine. The
    object the name held before is deleted when no other name refers to it.
    """
    from . import build_surface, dump_snapshot

    check_name(name)
    fingerprint = build_surface(snap).fingerprint
    obj = _object_path(root, fingerprint)
    entry = Entry(name, fingerprint, datetime.now(UTC).isoformat(timespec="seconds"),
                  snap.provenance.details.get("origin", snap.provenance.source))
    with _store_lock(root):
        index = read_index(root)
        previous = index.get(name)
        if previous is not None and previous.fingerprint != fingerprint and not force:
            raise InputError(f"@{name} already holds another surface ({previous.fingerprint[:12]}, saved "
                             f"{previous.saved_at or 'at an unknown time'}); give --force to replace it, or "
                             "save under another name")
        try:
            rewritten = not _holds(obj, fingerprint)
            if rewritten:  # missing, or changed away from its name: written anew
                _write_atomically(obj, dump_snapshot(snap))
            entry.digest = _digest(obj)
            if rewritten:  # every name of the object now reads the bytes just written
                for other in index.values():
                    if other.fingerprint == fingerprint:
                        other.digest = entry.digest
            index[name] = entry
            _write_index(root, index)
            if previous is not None:
                _collect_garbage(root, index, [previous.fingerprint])
        except OSError as exc:
            raise InputError(f"{root}: cannot write to the snapshot store ({exc.strerror or exc})") from None
    return entry


@contextlib.contextmanager
def _store_lock(root: Path) -> Iterator[None]:
    """The store's lock, held from the read of the index to its rename (and the garbage
    collection after it): two saves at once each kept their own copy of the index and lost
    the other's name, and a baseline could be replaced without --force."""
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{root}: cannot write to the snapshot store ({exc.strerror or exc})") from None
    # A link at the index was replaced by a regular file on save (a shared store it led to never
    # got the name): refused, as every other output written in place is.
    check_target(_index_path(root), "snapshot store's index")
    with locked(_index_path(root), "snapshot store's index"):
        yield


def _digest(obj: Path) -> str:
    """xxh3_128 of the file's bytes, read as any input is (up to the size limit), with CRLF read
    as LF: a store committed to git and checked out with core.autocrlf=true (Git for Windows'
    default) has CRLF objects, whose JSON is the same, and every baseline was refused. An object
    the save wrote has no CR, so the digest of an index written before is the same."""
    return xxhash.xxh3_128_hexdigest(read_bytes(str(obj)).replace(b"\r\n", b"\n"))


def _holds(obj: Path, fingerprint: str) -> bool:
    """Whether the object file ``obj`` holds the surface ``fingerprint`` names: a save that
    skipped any existing file left an object edited by hand (or cut short) wrong for good."""
    from . import build_surface, load_snapshot

    if not obj.is_file():
        return False
    try:
        return build_surface(load_snapshot(str(obj))).fingerprint == fingerprint
    except InputError:  # unreadable, or no longer a surface
        return False


def delete(name: str, root: Path) -> tuple[Entry, list[str]]:
    """Remove ``name`` from the index; returns its entry and the fingerprints of the objects
    deleted because no name refers to them any more."""
    check_name(name)
    if not read_index(root):  # nothing to delete (or no store): said without creating its folder
        raise InputError(_unknown(name, {}, root))
    with _store_lock(root):
        index = read_index(root)
        entry = index.pop(name, None)
        if entry is None:
            raise InputError(_unknown(name, index, root))
        try:
            _write_index(root, index)
            return entry, _collect_garbage(root, index, [entry.fingerprint])
        except OSError as exc:
            raise InputError(f"{root}: cannot write to the snapshot store ({exc.strerror or exc})") from None


def _object_path(root: Path, fingerprint: str) -> Path:
    return root / "objects" / f"{fingerprint}.json"


def _write_index(root: Path, index: dict[str, Entry]) -> None:
    names = {n: {"fingerprint": e.fingerprint, "savedAt": e.saved_at, "source": e.source,
                 **({"digest": e.digest} if e.digest else {})} for n, e in index.items()}
    document = {"version": INDEX_VERSION, "names": names}
    _write_atomically(_index_path(root), json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def _collect_garbage(root: Path, index: dict[str, Entry], candidates: list[str]) -> list[str]:
    """Delete the objects among ``candidates`` that no name of ``index`` refers to (the index
    is written first, so a failure here leaves an unreferenced file, never a dangling name).
    Only objects a name referred to are candidates: files someone put there by hand stay."""
    kept = {entry.fingerprint for entry in index.values()}
    removed = []
    for fingerprint in sorted(set(candidates) - kept):
        path = _object_path(root, fingerprint)
        if path.is_file():
            path.unlink()
            removed.append(fingerprint)
    return removed


def plain_files(root: Path) -> list[str]:
    """The names of the .json files directly in the store's folder, sorted: the store never
    reads them (it reads index.json and objects/). They are there because the default store
    folder, ./snapshots, is also where the docs write snapshot files (`snapshot -o
    snapshots/X.json`), and a user who then lists the store or names @X must be told why
    those files are not in it."""
    try:
        return sorted(path.name for path in root.iterdir()
                      if path.suffix == ".json" and path.name != _index_path(root).name and path.is_file())
    except OSError:  # no folder yet, or one that cannot be listed: no files to mention
        return []


def plain_files_note(root: Path, files: list[str]) -> str:
    """One clause saying that ``files`` (of plain_files) are not store entries, and the two ways
    to use one: by its path, or saved under a name."""
    shown = ", ".join(files[:3]) + (", …" if len(files) > 3 else "")
    many = len(files) != 1
    return (f"its {len(files)} .json file{'s' if many else ''} ({shown}) {'are' if many else 'is a'} plain "
            f"snapshot file{'s' if many else ''}, not store entries: diff one by its path, or add it with "
            f"`mcp-inspect snapshot {root / files[0]} --save NAME`")


def _unknown(name: str, index: dict[str, Entry], root: Path) -> str:
    """The error line for a name the store does not hold, with close names when there are some,
    and the plain file of that name when the store's folder holds one."""
    close = difflib.get_close_matches(name, list(index), n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join('@' + c for c in close)}?" if close else ""
    count = f"{len(index)} name{'' if len(index) == 1 else 's'}"
    files = plain_files(root)
    if f"{name}.json" in files:  # the file the user most likely meant: named alone, before close names
        file = root / f"{name}.json"
        hint = (f"; {file} is a plain snapshot file, not a store entry: diff it by its path, or add it with "
                f"`mcp-inspect snapshot {file} --save {name}`{hint}")
        known = "" if index else ", which is empty"
    elif close or index:
        known = "" if close else f" (it has {count}; see `mcp-inspect snapshots`)"
    elif files:
        known = f", which is empty; {plain_files_note(root, files)}"
    else:
        known = " (it is empty; save one with `mcp-inspect snapshot … --save NAME`)"
    return f"@{name}: no snapshot of that name in the snapshot store at {root}{known}{hint}"


def load_named(name: str, root: Path) -> Snapshot:
    """The snapshot saved as ``name``; InputError naming close names when there is none.

    A forced save or a delete between the read of the index and that of the object deleted the
    object the index just read names, and the read failed ("missing", or "changed after it was
    saved", which it was not). So a read that fails is made once more under the store's lock,
    shared with other readers, where no save can come between; only that one's error is said.
    The first read takes no lock, so that readers never keep a save waiting for long."""
    if not _index_path(root).exists():  # no store: said without making a lock file (or its folder)
        raise InputError(_unknown(name, {}, root))
    try:
        return _read_named(name, root)
    except InputError:
        pass
    if not _index_path(root).is_file():
        read_index(root)  # a folder, a device: said as a read says it, not as the lock (a write) would
    with locked(_index_path(root), "snapshot store's index", shared=True):
        return _read_named(name, root)


def _read_named(name: str, root: Path) -> Snapshot:
    from . import load_snapshot

    index = read_index(root)
    entry = index.get(name)
    if entry is None:
        raise InputError(_unknown(name, index, root))
    path = _object_path(root, entry.fingerprint)
    missing = f"@{name}: the store {root} names object {entry.fingerprint}, which is missing"
    if not path.is_file():
        raise InputError(missing)
    digest = _digest_or_none(path) if entry.digest else None
    if entry.digest and digest is None and not path.is_file():
        raise InputError(missing)  # gone since: never said to be "changed"
    if entry.digest and digest != entry.digest:
        # A file whose bytes are not those the save wrote is not what was saved (an edit, a
        # merge resolved the wrong way, a copy from another store), and a diff with it would
        # compare a surface nobody saved, without a word. The bytes, not the canonical form,
        # are checked: an mcp-inspect whose canonical form differs reads the same baseline.
        source = shlex.quote(entry.source) if entry.source and not entry.source.startswith("@") else "SOURCE"
        raise InputError(f"@{name}: {path} was changed after it was saved (its bytes are not the ones the index "
                         f"recorded); save the surface again: mcp-inspect snapshot {source} --save {name} --force")
    snap = load_snapshot(str(path))
    snap.provenance.details.setdefault("origin", entry.source)
    snap.provenance.source = f"@{name}"
    return snap


def _digest_or_none(path: Path) -> str | None:
    try:
        return _digest(path)
    except (InputError, OSError):  # unreadable or past the limit: not the bytes saved
        return None


def store_files(root: Path, name: str | None = None) -> list[Path]:
    """The files of the store at ``root`` that reading ``@name`` (or a save, with no name) reads or
    writes: the index, its lock and, when the index names it, ``name``'s object. What a command's
    ``-o`` must not be written over: a report over the index lost every name of the store."""
    files = [_index_path(root), Path(f"{_index_path(root)}.lock")]
    if name is not None:
        try:
            entry = read_index(root).get(name)
        except InputError:  # a broken index: reading @name says so, and the index itself is counted
            entry = None
        if entry is not None:
            files.append(_object_path(root, entry.fingerprint))
    return files


def holds_path(root: Path, path: str | Path) -> bool:
    """Whether ``path`` (which need not exist) is the index of the store at ``root``, its lock, or
    anything in its objects/ folder, through links and other spellings: a save writes any object
    there and its garbage collection deletes them, so no output may be written there."""
    target = os.path.realpath(path)
    objects = os.path.realpath(root / "objects")
    if os.path.commonpath([target, objects]) == objects:
        return True
    return any(target == os.path.realpath(file) for file in store_files(root))


def entries(root: Path) -> list[Entry]:
    return [entry for _, entry in sorted(read_index(root).items())]



# The store as the library API offers it (``mcp_inspect.api`` re-exports each): the functions
# above take the store's folder; these take what a user passes (a folder, or None for
# ``$MCP_INSPECT_STORE`` or ``./snapshots``) and return plain values.


def save_snapshot(snapshot: Snapshot, name: str, store: str | Path | None = None, *, force: bool = False) -> str:
    """Keep ``snapshot`` in the snapshot store under ``name`` (so ``@name`` loads it);
    returns its surface fingerprint. A name that holds a different surface is refused
    (InputError) unless ``force``; the surface it held is then deleted if no other name
    refers to it."""
    if not isinstance(snapshot, Snapshot):
        raise ValueError(f"snapshot: expected a Snapshot (load() reads one), got {type(snapshot).__name__}")
    return save(snapshot, name, store_root(store), force=force).fingerprint


def list_snapshots(store: str | Path | None = None) -> list[Entry]:
    """The names saved in the store (``mcp-inspect snapshots``), sorted: each has ``name``,
    ``fingerprint``, ``saved_at`` and ``source``."""
    return entries(store_location(store))


def delete_snapshot(name: str, store: str | Path | None = None) -> list[str]:
    """Remove ``name`` from the store (``mcp-inspect snapshots --delete NAME``); returns the
    fingerprints of the surfaces deleted with it, those no other name refers to.
    InputError when the store has no such name."""
    return delete(name, store_location(store))[1]


def check_snapshot_name(name: str) -> None:
    """InputError unless ``name`` may name a snapshot in the store (checked before a capture)."""
    check_name(name)


def store_location(store: str | Path | None = None) -> Path:
    """The snapshot store's folder: ``store``, else ``$MCP_INSPECT_STORE``, else ``./snapshots``."""
    return store_root(store)
