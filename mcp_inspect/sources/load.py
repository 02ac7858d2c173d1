"""Resolve what the user named on the command line into a Snapshot.

A *source* is anything a command accepts where a surface is expected
(docs/capture.md):

- ``http://…`` / ``https://…`` — a live server, captured over Streamable HTTP;
- ``stdio:COMMAND ARGS`` — a live server started as a child process (split like a shell would);
- ``@NAME`` — a snapshot saved in the snapshot store;
- ``git:REF:PATH`` — a file as it was at a git revision (``git:origin/main:snapshots/server.json``),
  read with ``git cat-file`` in the working directory's repository, so CI needs no second checkout;
  PATH starts at the repository's root, as in ``git show``, and ``./PATH`` at the working directory;
- an mcp.json client configuration (``{"mcpServers": …}`` or VS Code's ``{"servers": …}``)
  — its server is captured; ``FILE#NAME`` picks one server of several (NAME may hold '#':
  ``server_readings``);
- a lock file written by ``mcp-inspect pin`` (``{"lockVersion": 1, "servers": …}``) — the
  pinned capture of its one server; ``FILE#NAME`` picks one server of several;
- anything else — a file (JSON or YAML), or ``-`` for stdin, read by the snapshot loader.

Commands call ``load_source`` (one surface) or ``load_sources`` (every server of an
mcp.json) and never parse these spellings themselves.
"""

from __future__ import annotations

import os
from contextlib import nullcontext
from pathlib import Path
from typing import NamedTuple

from ..errors import InputError
from ..live.options import CaptureOptions, ServerSpec, is_url
from ..model import Snapshot
from ..snapshot.reader import Parsed

__all__ = ["CaptureOptions", "load_source", "load_sources"]


def load_source(spec: str, options: CaptureOptions | None = None, parsed: Parsed | None = None) -> Snapshot:
    """Load one surface from ``spec``; InputError (exit 2) or CaptureError (exit 3) on failure.

    ``parsed`` lets the loads of one command share files with identical bytes (``reader.load_value``).
    """
    return _resolve(spec, options or CaptureOptions(), single=True, parsed=parsed)[0][1]


def load_sources(spec: str, options: CaptureOptions | None = None) -> list[tuple[str, Snapshot]]:
    """Every surface ``spec`` names, with the source name of each.

    An mcp.json yields one entry per enabled server (``FILE#NAME``); anything else
    yields one entry, exactly as ``load_source`` would load it.
    """
    return _resolve(spec, options or CaptureOptions(), single=False)


def _capture(spec: str, options: CaptureOptions, server: ServerSpec | None = None) -> Snapshot:
    from ..live.client import capture_spec, probe_note
    from ..live.options import parse_target, refuse_when_offline
    from ..live.progress import terminal_progress

    refuse_when_offline(spec)  # before the options are checked: nothing about the server matters
    options.check()
    with terminal_progress(spec) if options.progress else nullcontext() as progress:
        snap = capture_spec(server or parse_target(spec), options, spec, progress)
    note = probe_note(snap, spec, options) if options.notice is not None else None
    if note is not None and options.notice is not None:
        options.notice(note)
    return snap


def ask_for_revision(spec: str, old: Snapshot, new: Snapshot, options: CaptureOptions | None) -> None:
    """When ``new`` was captured live from ``spec`` and negotiated a newer dated revision than
    ``old`` had, without listing the old one in ``supportedVersions``, capture it once more
    asking for the old revision, and record in its provenance what it answered
    (``protocolProbe``: ``asked``, and ``answered`` or ``error``). The diff then says whether
    clients of the old revision still connect, instead of that it was not observed."""
    import dataclasses

    from ..errors import CaptureError
    from ..live.options import KNOWN_VERSIONS

    options = options or CaptureOptions()
    details = new.provenance.details
    if (options.protocol != "auto" or details.get("transport") not in ("stdio", "http") or "protocolProbe" in details
            or not spec.startswith(("stdio:", "http://", "https://"))):  # a server named in a config: not here
        return
    before, after = _negotiated(old), _negotiated(new)
    offered = new.discover.get("supportedVersions") if isinstance(new.discover, dict) else None
    if not (before in KNOWN_VERSIONS and isinstance(after, str) and before < after
            and not (isinstance(offered, list) and before in offered)):
        return
    asking = dataclasses.replace(options, protocol=before, progress=False, notice=None)
    try:
        answer = _capture(spec, asking)
    except CaptureError as exc:
        details["protocolProbe"] = {"asked": before, "error": str(exc)[:500]}
        return
    details["protocolProbe"] = {"asked": before, "answered": _negotiated(answer)}


def _negotiated(snap: Snapshot) -> str | None:
    version = snap.provenance.protocol_version
    if not isinstance(version, str) and isinstance(snap.initialize, dict):
        version = snap.initialize.get("protocolVersion")
    return version if isinstance(version, str) else None


def server_readings(spec: str, stdin: str | None = None) -> list[tuple[str, str]]:
    """Every way ``spec`` reads as ``FILE#NAME``, in order: FILE the text before a '#' that is an
    existing file (or is ``stdin``, the name a report gives an mcp.json read from stdin), NAME all
    the text after that '#'. NAME may hold '#' itself, since an mcp.json key is any string
    (``mcp.json#evil#c`` is the server ``evil#c``), and FILE may too (``a#1/mcp.json#c``).
    None when ``spec`` itself is a file or directory. Two readings or more mean two files
    could start the spelling (``a`` and ``a#b`` for ``a#b#c``): the caller refuses, never guesses."""
    if "#" not in spec or os.path.exists(spec):
        return []
    readings = []
    at = spec.find("#")
    while at != -1:
        path = spec[:at]
        if path == stdin or os.path.isfile(path):
            readings.append((path, spec[at + 1:]))
        at = spec.find("#", at + 1)
    return readings


def input_files(spec: str, store: str | Path | None = None) -> list[str]:
    """The local files a source spelling reads: the file itself, or the mcp.json (or lock file)
    of ``FILE#NAME``, or for ``@NAME`` the index of the snapshot store (``store``, else
    ``$MCP_INSPECT_STORE``, else ``./snapshots``), its lock and the object the name holds; none for
    stdin, a live server or ``git:REF:PATH``. What a command's output must not be written over."""
    if spec.startswith("@"):
        from ..snapshot.store import store_files, store_root

        return [str(path) for path in store_files(store_root(store), spec[1:])]
    if spec == "-" or is_url(spec) or spec.startswith(("stdio:", "git:")):
        return []
    return [path for path, _ in server_readings(spec)] or [spec]


def _split_server_name(spec: str) -> tuple[str, str | None]:
    """``FILE#NAME`` → (FILE, NAME) by its one reading (``server_readings``), else (spec, None);
    InputError when two files could start the spelling."""
    readings = server_readings(spec)
    if len(readings) > 1:
        ways = "; ".join(f"server {name!r} of {path}" for path, name in readings[:3])
        more = f"; … ({len(readings)} in all)" if len(readings) > 3 else ""
        raise InputError(f"{spec}: names a server in {len(readings)} ways ({ways}{more}); "
                         "rename or move one of those files")
    return readings[0] if readings else (spec, None)


def _resolve(spec: str, options: CaptureOptions, single: bool,
             parsed: Parsed | None = None) -> list[tuple[str, Snapshot]]:
    from ..live.config import config_servers, enabled, is_client_config, server_spec
    from ..snapshot.reader import load_value
    from ..snapshot.shapes import snapshot_from_value

    if is_url(spec) or spec.startswith("stdio:"):
        return [(spec, _capture(spec, options))]
    if spec.startswith("@"):
        from ..snapshot.store import load_named, store_root

        return [(spec, load_named(spec[1:], store_root(options.store)))]
    if spec.startswith("git:"):
        return [(spec, snapshot_from_value(_git_value(spec), spec))]
    path, name = _split_server_name(spec)
    value = load_value(path, parsed)
    where = "stdin" if path == "-" else path
    pinned = lock_servers(value, where)
    if pinned is not None:
        return _from_lock(pinned, where, name, single)
    if not is_client_config(value):
        if name is not None:
            raise InputError(f"{where}: '#{name}' picks a server of an mcp.json, but this file is not one")
        return [(spec, snapshot_from_value(value, spec))]
    entries = config_servers(value, where)
    if name is not None:
        if name not in entries:
            raise InputError(f"{where}: no server named {name!r} (it has: {_names(entries)})")
        chosen = {name: entries[name]}
    else:
        chosen = {n: e for n, e in entries.items() if enabled(e)}
        if not chosen:
            raise InputError(f"{where}: the mcp.json configures no (enabled) server")
        if single and len(chosen) > 1:
            raise InputError(f"{where}: the mcp.json configures {len(chosen)} servers ({_names(chosen)}); "
                             f"pick one as {where}#NAME")
    servers = {n: server_spec(n, e, where) for n, e in chosen.items()}  # every entry checked before any runs
    return [(f"{where}#{n}", _capture(f"{where}#{n}", options, s)) for n, s in servers.items()]


#: The version of the lock file ``mcp-inspect pin`` writes (drift/lock.py).
LOCK_VERSION = 1


def lock_servers(value: object, where: str) -> dict[str, dict] | None:
    """The servers of a lock file ``mcp-inspect pin`` wrote, by name (each entry checked to hold
    a fingerprint and a snapshot), or None when ``value`` is not a lock file (it has no
    ``lockVersion``). InputError (exit 2) naming the file for a lock of another version or shape."""
    if not isinstance(value, dict) or "lockVersion" not in value:
        return None
    version = value.get("lockVersion")
    # The integer 1 only: Python's True == 1 and 1.0 == 1, so true and 1.0 read as version 1.
    if type(version) is not int or version != LOCK_VERSION or not isinstance(value.get("servers"), dict):
        raise InputError(f"{where}: not an mcp-inspect lock file of version {LOCK_VERSION} "
                         "(expected lockVersion and servers)")
    for name, entry in value["servers"].items():
        if not isinstance(entry, dict) or not isinstance(entry.get("snapshot"), dict) or \
                not isinstance(entry.get("fingerprint"), str):
            raise InputError(f"{where}: servers.{name}: expected fingerprint and snapshot")
    return {str(name): entry for name, entry in value["servers"].items()}


def _from_lock(pinned: dict[str, dict], where: str, name: str | None, single: bool) -> list[tuple[str, Snapshot]]:
    """The pinned captures a lock file source names: FILE#NAME's, or its only server's (every
    server's for ``load_sources``)."""
    from ..snapshot.shapes import snapshot_from_value

    if name is not None:
        if name not in pinned:
            raise InputError(f"{where}: the lock file pins no server named {name!r} (it has: {_names(pinned)})")
        pinned = {name: pinned[name]}
    elif not pinned:
        raise InputError(f"{where}: the lock file pins no server")
    elif single and len(pinned) > 1:
        raise InputError(f"{where}: the lock file pins {len(pinned)} servers ({_names(pinned)}); "
                         f"pick one as {where}#NAME")
    return [(f"{where}#{n}", snapshot_from_value(entry["snapshot"], f"{where}#{n}")) for n, entry in pinned.items()]


def _git_value(spec: str) -> object:
    """The parsed content of ``git:REF:PATH``; InputError (exit 2) when git, the ref or the path fails."""
    from ..limits import MAX_INPUT_BYTES
    from ..snapshot.reader import decode_text, parse_document
    from .git import failure, run_git

    ref, sep, path = spec[len("git:"):].partition(":")
    if not sep or not ref or not path:
        raise InputError(f"{spec}: expected git:REF:PATH, e.g. git:origin/main:snapshots/server.json")
    if ref.startswith("-"):
        raise InputError(f"{spec}: a git revision cannot start with '-'")
    def git(*args: str) -> bytes:
        done = run_git(spec, ["cat-file", *args, f"{ref}:{path}"], "read git:REF:PATH")
        if done.returncode != 0:
            raise InputError(f"{spec}: cannot read {path!r} at {ref!r} ({failure(done)})")
        return done.stdout

    # The size first, so that an oversized file is refused without being read into memory.
    if int(git("-s").strip() or 0) > MAX_INPUT_BYTES:
        raise InputError(f"{spec}: larger than the {MAX_INPUT_BYTES // (1024 * 1024)} MiB input limit")
    content = git("blob")
    return parse_document(decode_text(content, spec), spec, hint=path)


def missing_baseline(spec: str, options: CaptureOptions | None = None) -> str | None:
    """Why ``spec`` names a baseline that does not exist yet, or None. A baseline is missing when:

    - ``git:REF:PATH`` names a commit that does not hold PATH (the commit that adds the
      baseline is not made yet), or REF is ``HEAD`` in a repository without a commit;
    - ``@NAME`` names a snapshot store that holds no name at all yet.

    Anything else is not "missing", and loading it reports the error: a mistyped REF, git
    not installed, an unknown @NAME in a store that has names (a typo: it suggests close
    ones), a file that does not exist (a file of the working tree is there or mistyped).
    """
    if spec.startswith("git:"):
        return _missing_in_git(spec)
    if spec.startswith("@"):
        from ..snapshot.store import plain_files, plain_files_note, read_index, store_root

        root = store_root((options or CaptureOptions()).store)
        if read_index(root):
            return None
        files = plain_files(root)  # said, since the diff then passes with nothing compared
        return f"the snapshot store at {root} holds no snapshot yet" + (f"; {plain_files_note(root, files)}"
                                                                         if files else "")
    return None


def _missing_in_git(spec: str) -> str | None:
    from .git import succeeds

    ref, sep, path = spec[len("git:"):].partition(":")
    if not sep or not ref or not path or ref.startswith("-"):
        return None  # a malformed spelling: loading it says what is wrong
    if not succeeds(["rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"]):
        if ref == "HEAD" and succeeds(["symbolic-ref", "--quiet", "HEAD"]):  # a branch with no commit yet
            return "the repository has no commit yet"
        return None
    return None if succeeds(["cat-file", "-e", f"{ref}:{path}"]) else f"{path} does not exist at {ref} yet"


def _names(entries: dict[str, object]) -> str:
    names = list(entries)
    shown = ", ".join(names[:10])
    return shown + (f", … ({len(names)} in all)" if len(names) > 10 else "")


class ConfiguredServer(NamedTuple):
    """One server of an mcp.json: its ``name`` (the key, whole: it may hold '#', so it is never
    read back out of ``source``), its ``source`` as reports and errors name it (FILE#NAME) and
    what runs it."""

    name: str
    source: str
    spec: ServerSpec


def client_servers(path: str) -> list[ConfiguredServer]:
    """Every enabled server of the mcp.json at ``path``, in file order, each entry checked before
    any runs (InputError, exit 2, naming the entry). What ``pin`` and ``check`` (drift/) capture
    (a few at a time), so that one failing server is reported while the others are still captured."""
    from ..live.config import config_servers, enabled, is_client_config, server_spec
    from ..snapshot.reader import load_value

    value = load_value(path)
    where = "stdin" if path == "-" else path
    if not is_client_config(value):
        raise InputError(f"{where}: not an mcp.json client configuration (expected mcpServers or servers)")
    chosen = {n: e for n, e in config_servers(value, where).items() if enabled(e)}
    if not chosen:
        raise InputError(f"{where}: the mcp.json configures no (enabled) server")
    return [ConfiguredServer(n, f"{where}#{n}", server_spec(n, e, where)) for n, e in chosen.items()]


def capture_server(source: str, server: ServerSpec, options: CaptureOptions | None = None) -> Snapshot:
    """Capture one server of an mcp.json (``client_servers``); ``MCP_INSPECT_OFFLINE`` refuses it
    (InputError), and a server that cannot be captured raises CaptureError (exit 3)."""
    return _capture(source, options or CaptureOptions(progress=False), server)
