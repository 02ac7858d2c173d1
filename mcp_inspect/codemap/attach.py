"""Give each finding of a report the place in the server's code it is about.

A finding about a property (``inputSchema.properties.field…``, ``arguments.topic``) points at
the property's declaration when the registration declares it in a way the queries see, and
else at the registration itself; any other finding points at the registration. A removed
entity is looked for in the old side's tree (``old``), every other finding in the new side's
(``new``). A name registered at more than one place gets no location and one warning.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

from ..findings.finding import DIFF, Finding, SourceLocation
from ..limits import MAX_SOURCE_FILES, MAX_SOURCE_PARSE_BYTES
from ..model import EntityKind
from .scan import AMBIGUOUS, CodeMap

#: The top-level property a finding's path is about: a tool's input property, a prompt's argument.
_PROPERTY = re.compile(r"^(?:inputSchema\.properties|arguments)\.([^.\[]+)")

#: The change rules whose entity no longer exists on the new side: looked for in the old tree.
REMOVED_RULES = frozenset(f"{kind.value}.removed" for kind in EntityKind if kind is not EntityKind.SERVER)


def is_removal(finding: Finding) -> bool:
    return finding.origin == DIFF and finding.rule in REMOVED_RULES


def wanted(findings: Iterable[Finding], removed: bool) -> set[str]:
    """The entity names a scan must look for: the removed ones (``removed``) or all others."""
    return {finding.entity.name for finding in findings
            if finding.entity.kind is not EntityKind.SERVER and finding.entity.name
            and is_removal(finding) == removed}


def attach(findings: Iterable[Finding], new: CodeMap | None, old: CodeMap | None = None) -> list[str]:
    """Set each finding's ``source``; the warnings to show (ambiguous names, a cut scan)."""
    ambiguous: dict[tuple[str, str], CodeMap] = {}
    for finding in findings:
        entity = finding.entity
        code = old if is_removal(finding) else new
        if code is None or entity.kind is EntityKind.SERVER or not entity.name:
            continue
        kind = entity.kind.value
        where = code.entity(kind, entity.name)
        if where == AMBIGUOUS:
            ambiguous[(kind, entity.name)] = code
            continue
        match = _PROPERTY.match(finding.path)
        if isinstance(where, SourceLocation) and match:
            declared = code.property(kind, entity.name, match.group(1))
            if isinstance(declared, SourceLocation):
                where = declared
        finding.source = where if isinstance(where, SourceLocation) else None
    warnings = []
    for (kind, name), code in sorted(ambiguous.items()):
        places = ", ".join(sorted(str(one.site) for one in code.registrations[(kind, name)]))
        warnings.append(f"source: {kind} {name!r} is registered at several places ({places}); "
                        "its findings point at none of them")
    return warnings


#: Folders of built code a scan skips (trees.SKIPPED) that a package may ship its only code in.
_BUILT = ("dist", "build", "out")


def locate_in(findings: list[Finding], root: str | os.PathLike[str], old_ref: str | None = None) -> list[str]:
    """Scan the tree at ``root`` (and, for removed entities, the revision ``old_ref`` of the
    repository around the working directory) and set each finding's ``source``; the warnings.
    Paths are written from the root of the repository holding ``root`` (as annotations need),
    or from the working directory when none does."""
    from ..errors import InputError
    from ..sources.locations import repository_root
    from .scan import scan
    from .trees import Tree

    folder = Path(os.path.normpath(os.path.join(os.getcwd(), root)))
    if not folder.is_dir():
        raise InputError(f"--source-root {root}: not a directory")
    names, removed = wanted(findings, removed=False), wanted(findings, removed=True)
    if not names and not removed:
        return []  # nothing to look for: the tree is not even walked
    # As the snapshot's own place is written (sources/locations.py): from the repository's
    # root, or from the working directory when no repository holds the tree.
    base = repository_root(folder) or Path(os.getcwd())
    prefix = folder.relative_to(base).as_posix() + "/" if folder != base and folder.is_relative_to(base) else ""
    new = scan(Tree(str(folder)), names, prefix) if names else None
    old = None
    here = repository_root(Path.cwd())
    if old_ref is not None and removed and here is not None:
        old = scan(Tree(str(here), ref=old_ref, under=prefix), removed)
    warnings = attach(findings, new, old)
    if new is not None and not any(finding.source is not None for finding in findings):
        # Nothing found at all, and the folder holds built code the scan skips (an npm
        # package's dist/): say where the registrations most likely are, not nothing.
        built = [name for name in _BUILT if (folder / name).is_dir()]
        if built:
            warnings.append(f"source: no tool, prompt or resource was found registered under {root}; its "
                            f"{', '.join(name + '/' for name in built)} is built code, which is not read unless "
                            f"named (--source-root {os.path.join(str(root), built[0])})")
    if (new is not None and new.truncated) or (old is not None and old.truncated):
        warnings.append(f"source: the scan read the first {MAX_SOURCE_FILES:,} source files only "
                        "(docs/limits.md); entities registered past them have no location")
    unparsed = sum(code.unparsed for code in (new, old) if code is not None)
    if unparsed:
        warnings.append(f"source: the scan parsed {MAX_SOURCE_PARSE_BYTES // (1024 * 1024)} MiB of source, its "
                        f"budget (docs/limits.md), and left {unparsed:,} more file{'s' if unparsed != 1 else ''} "
                        "unparsed; entities registered there have no location")
    return warnings


def default_root(new_source: str) -> Path | None:
    """The work tree a diff locates in when no ``--source-root`` is given: the git work tree
    holding the new side's file, or for a live server the one around the working directory;
    None for a new side read from a revision (the work tree need not be that revision) or
    when no work tree holds it."""
    from ..sources.locations import repository_root, server_of

    if new_source.startswith(("git:", "@")) or new_source == "-":
        return None
    path = Path(new_source)
    server = server_of(new_source)  # FILE#NAME, a server of an mcp.json
    if server is not None:
        path = Path(server[0])
    start = path.resolve().parent if path.is_file() else Path.cwd()
    return repository_root(start)
