"""What ``mcp-inspect history`` is given, expanded into releases in order (docs/history.md).

Each SOURCE names one or more releases, and the history is their concatenation, in the
order the SOURCES are given:

- ``git:A..B:PATH`` — one snapshot file across a git range: A, then every tag whose commit
  is in ``A..B`` (``each="tag"``, the default) or every commit in ``A..B`` that changed PATH
  (``each="commit"``), oldest first. Tags on one commit are ordered as versions. A revision
  where PATH does not exist is left out, with a warning.
- a folder — its ``*.json``, ``*.yaml`` and ``*.yml`` files, ordered by file name read as a
  version (``version_key``: ``1.2.0`` < ``1.10.0``, ``1.0.0-rc.1`` < ``1.0.0``); a name that
  gives a version (``file_name_version``) gives the release's version, as a tag's name does.
  An entry so named that is no file (a dangling link, a named pipe, a folder) is left out,
  with a warning.
- anything else ``load`` reads (a file, ``@NAME``, ``git:REF:PATH``…) — one release.

Everything runs git in the working directory's repository, as ``git:REF:PATH`` does.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..findings.history import CAPTURE_DATE, COMMIT_DATE, FILE_NAME, TAG, TAG_DATE, Release
from ..limits import MAX_SKIPPED_ENTRY_WARNINGS, MAX_VERSION_DIGITS
from ..live.options import CaptureOptions
from ..runtime.files import kind_of
from ..sources.git import failure, run_git
from ..sources.load import load_source

EACH = ("tag", "commit")
#: The files of a folder that are read as snapshots.
SNAPSHOT_SUFFIXES = (".json", ".yaml", ".yml")
#: A name that reads as a version (the pattern release notes compare).
_VERSION_LIKE = re.compile(r"^v?\d+(\.\d+)*([-+~].*)?$")
_RUNS = re.compile(r"\d+|\D+")
_DIGITS = frozenset("0123456789")
#: The version at the end of a file name after a prefix (``server-1.2.0``, ``server_v1.2.0``): dotted,
#: so that a number in the prefix (``mcp-v2-1.0.0``) is not taken for it.
_NAME_VERSION = re.compile(r"(?:^|[-_ @])(v?\d+(?:\.\d+)+(?:[-+~][0-9A-Za-z.+~-]*)?)$")


def version_key(name: str) -> tuple[tuple[int, int | str], ...]:
    """A name's order as a version: runs of ASCII digits compare as numbers, text as text
    (other digits, ``²`` or ``٣``, and a run too long to be a version number are text); a
    leading ``v`` before a digit is dropped; where one name ends and the other goes on, a
    pre-release (``-rc.1``, ``~beta``) sorts before the end and anything else after it."""
    if len(name) > 1 and name[0] in "vV" and name[1] in _DIGITS:
        name = name[1:]
    key: list[tuple[int, int | str]] = []
    for run in _RUNS.findall(name):
        if run.isascii() and run.isdigit() and len(run) <= MAX_VERSION_DIGITS:
            key.append((2, int(run)))
        else:
            key.append((0 if run[0] in "-~" else 3, run))
    key.append((1, ""))  # the end: after a pre-release, before a longer version
    return tuple(key)


def file_name_version(stem: str) -> str | None:
    """The version a snapshot file's name gives (without its suffix), or None: a dotted
    version that is the whole name or ends it after a ``-``, ``_``, space or ``@``
    (``1.2.0``, ``server-1.2.0``, ``server-1.0.0-rc.1``). Dotted, so that a date
    (``2025-01-14``) or a number in a name (``server-2``) is not read as a version."""
    found = _NAME_VERSION.search(stem)
    return found.group(1) if found else None


def is_git_range(spec: str) -> bool:
    refs = spec[len("git:"):].partition(":")[0] if spec.startswith("git:") else ""
    return ".." in refs


@dataclass
class Expanded:
    releases: list[Release]
    warnings: list[str]


def expand(specs: list[str], options: CaptureOptions | None = None, each: str = "tag") -> Expanded:
    """Load every release the SOURCES name, in order; InputError (exit 2) on bad input."""
    if each not in EACH:
        raise InputError(f"--each {each!r}: expected one of {', '.join(EACH)}")
    if not specs:
        raise InputError("history needs SOURCES: a git range (git:A..B:PATH), a folder of snapshots, "
                         "or two or more snapshots")
    if specs.count("-") > 1:
        raise InputError("only one source can be read from stdin")
    releases: list[Release] = []
    warnings: list[str] = []
    for spec in specs:
        if is_git_range(spec):
            releases += _git_range(spec, each, warnings)
        elif not spec.startswith(("git:", "@", "stdio:", "http://", "https://")) and Path(spec).is_dir():
            releases += _folder(spec, options, warnings)
        else:
            releases.append(_release(_label(spec), spec, options))
    if len(releases) < 2:
        raise InputError(f"history needs at least two versions, and {' '.join(specs)} named "
                         f"{len(releases)}")
    return Expanded(releases, warnings)


def _label(spec: str) -> str:
    if spec.startswith(("@", "git:", "stdio:", "http://", "https://")) or spec == "-":
        return spec
    return Path(spec).stem


def _release(label: str, spec: str, options: CaptureOptions | None, date: str | None = None,
             date_source: str | None = None, given: str | None = None, given_from: str = TAG) -> Release:
    snap = load_source(spec, options)
    if date is None and snap.provenance.captured_at:
        date, date_source = snap.provenance.captured_at, CAPTURE_DATE
    return Release(label, spec, date, date_source, given, given_from=given_from if given else None, snapshot=snap)


def _folder(spec: str, options: CaptureOptions | None, warnings: list[str]) -> list[Release]:
    folder = Path(spec)
    try:
        named = [p for p in folder.iterdir() if p.suffix.lower() in SNAPSHOT_SUFFIXES]
    except OSError as exc:
        raise InputError(f"{spec}: cannot list the folder ({exc.strerror or exc})") from None
    files, skipped = [], []
    for path in named:
        why = _not_a_file(path)
        if why is None:
            files.append(path)
        else:
            skipped.append((path.name, why))
    # Said, never dropped in silence: a release left out (the newest, a git-annex file whose
    # content is not here) makes --fail-on-semver pass a history it never judged. In the
    # releases' order (by version), so that the first ten said are the lowest, not 5.1, 5.10, 5.11…
    skipped.sort(key=lambda item: (version_key(Path(item[0]).stem), item))
    warnings += [f"{folder / name}: {why}; left out of the history" for name, why in
                 skipped[:MAX_SKIPPED_ENTRY_WARNINGS]]
    if len(skipped) > MAX_SKIPPED_ENTRY_WARNINGS:
        more = len(skipped) - MAX_SKIPPED_ENTRY_WARNINGS
        warnings.append(f"{spec}: {more} more entr{'y' if more == 1 else 'ies'} named like snapshots that are no "
                        "file left out of the history")
    if not files:
        raise InputError(f"{spec}: the folder holds no snapshot (*.json, *.yaml or *.yml)")
    files.sort(key=lambda p: (version_key(p.stem), p.name))
    return [_release(p.stem, str(p), options, given=file_name_version(p.stem), given_from=FILE_NAME)
            for p in files]


def _not_a_file(path: Path) -> str | None:
    """Why a folder entry named like a snapshot is not read as one, or None for a file. Only its
    status is asked (following a link), never opened: a named pipe must not block the history."""
    try:
        status = path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            return f"a symbolic link to {os.readlink(path)}, which does not exist"
        return "gone while the folder was read"
    except OSError as exc:
        return f"cannot be read ({exc.strerror or exc})"
    if stat.S_ISREG(status.st_mode):
        return None
    return f"a {kind_of(status.st_mode)}, not a snapshot file"


# --- a git range ------------------------------------------------------------------------


def _git(spec: str, *args: str) -> str:
    done = run_git(spec, list(args), "read a git range")
    if done.returncode != 0:
        raise InputError(f"{spec}: git {args[0]} failed ({failure(done)})")
    return done.stdout.decode("utf-8", "replace")


def _commit(spec: str, ref: str) -> str:
    try:
        return _git(spec, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}").strip()
    except InputError:
        raise InputError(f"{spec}: {ref!r} names no commit in this repository") from None


def _git_range(spec: str, each: str, warnings: list[str]) -> list[Release]:
    refs, _, path = spec[len("git:"):].partition(":")
    start, dots, end = refs.partition("..")
    if end.startswith(".") or not start or not path:
        raise InputError(f"{spec}: expected git:A..B:PATH, e.g. git:v1.0.0..HEAD:snapshots/server.json")
    end = end or "HEAD"
    if start.startswith("-") or end.startswith("-"):
        raise InputError(f"{spec}: a git revision cannot start with '-'")
    first, last = _commit(spec, start), _commit(spec, end)
    order = {sha: i for i, sha in enumerate(
        _git(spec, "rev-list", "--reverse", "--topo-order", f"{first}..{last}").split())}
    # PATH as git cat-file reads it (from the root, or ./ from the working directory), and as a pathspec.
    pathspec = path if path.startswith("./") else f":(top){path}"
    found: list[tuple[str, str, str | None, str]] = []  # (label, revision, given version, date)
    tags = _tags(spec)
    start_is_tag = start in tags
    found.append((start, first, start if start_is_tag and _VERSION_LIKE.match(start) else None,
                  tags[start][1] if start_is_tag else _commit_date(spec, first)))
    if each == "tag":
        tagged = [(order[sha], version_key(name), name, sha, date) for name, (sha, date) in tags.items()
                  if sha in order]
        for _, _, name, sha, date in sorted(tagged):
            found.append((name, sha, name if _VERSION_LIKE.match(name) else None, date))
        kind = TAG_DATE
    else:
        log = _git(spec, "log", "--reverse", "--topo-order", "--format=%H %cI", f"{first}..{last}", "--",
                   pathspec)
        for line in log.splitlines():
            sha, _, date = line.partition(" ")
            found.append((sha[:12], sha, None, date))
        kind = COMMIT_DATE
    releases = []
    for index, (label, revision, given, date) in enumerate(found):
        if run_git(spec, ["cat-file", "-e", f"{revision}:{path}"], "read a git range").returncode != 0:
            warnings.append(f"{label}: {path} does not exist at that revision; left out of the history")
            continue
        date_source = kind if index else (TAG_DATE if start_is_tag else COMMIT_DATE)
        releases.append(_release(label, f"git:{revision}:{path}", None, date, date_source, given))
    if not releases:
        others = len(found) - 1
        raise InputError(f"{spec}: {path} does not exist at {start} " + (
            "nor at any commit in the range that changed it" if each == "commit"
            else f"nor at any of the {others} tag{'' if others == 1 else 's'} in the range" if others
            else "(and the range holds no tag)"))
    if len(found) == 1:
        warnings.append(f"{spec}: no {'tag' if each == 'tag' else 'commit that changed ' + path} in the range"
                        + (" (--each commit lists the commits that changed the file)" if each == "tag" else ""))
    return releases


def _tags(spec: str) -> dict[str, tuple[str, str]]:
    """Every tag: its commit and its date (an annotated tag's own date, else its commit's)."""
    out: dict[str, tuple[str, str]] = {}
    listed = _git(spec, "for-each-ref", "refs/tags",
                  "--format=%(refname:short)%00%(objectname)%00%(*objectname)%00%(creatordate:iso-strict)")
    for line in listed.splitlines():
        name, target, peeled, date = (line.split("\0") + ["", "", "", ""])[:4]
        out[name] = (peeled or target, date)
    return out


def _commit_date(spec: str, sha: str) -> str:
    return _git(spec, "show", "-s", "--format=%cI", sha).strip()
