"""Which versions release notes compare, and where each came from (docs/ci.md, Release notes).

A side's version is, in this order:

1. the one the user gave (``--old-version``/``--new-version``, or the API's arguments): the
   user knows the release best;
2. the package version the capture recorded (a capture document's ``package`` and
   ``version``, kept in the snapshot's provenance): the version the server was published as;
3. ``serverInfo.version``, what the server says about itself.

``serverInfo.version`` is often not the server's own: a server built on an SDK that fills it
in reports the SDK's version. Python MCP SDK 1.x does so whenever the server sets none, and
FastMCP servers rarely do (aws-documentation 1.1.10 → 1.1.20 said 1.21.0 → 1.26.0). The
notes do not compare it when they can tell: the server's name is an SDK's default
(``SDK_DEFAULT_NAMES``), the capture recorded a package version that differs from it, or it
goes down from the old side to the new (mcp-clickhouse 0.1.9 said the mcp package's 1.9.0,
0.7.0 its own 0.7.0).
"""

from __future__ import annotations

from ..findings.release import Versions
from ..findings.report import Side
from ..findings.semver import parse
from ..findings.words import show

#: serverInfo.name values an SDK sends when the server names itself nothing, and the SDK
#: whose version serverInfo.version then carries.
SDK_DEFAULT_NAMES = {
    "FastMCP": "the Python MCP SDK's FastMCP",
}

GIVEN, PACKAGE, SERVER_INFO = "given", "package", "serverInfo"
#: How the notes name each source.
SOURCE_WORDS = {
    GIVEN: "as given",
    PACKAGE: "the package versions the captures recorded",
    SERVER_INFO: "serverInfo.version",
}


#: What the notes tell the user to do when they cannot compare the versions: release-notes
#: takes them as options. A history, which has no such options, says how it takes them
#: (timeline/build.py, ``HISTORY_REMEDY``).
GIVE_VERSIONS = "give --old-version and --new-version"

#: How the notes name one side's source, when the two sides' differ.
SIDE_WORDS = {GIVEN: "as given", PACKAGE: "from its capture's package version", SERVER_INFO: "from serverInfo.version",
              "": "unknown"}


def version_bump(old: str | None, new: str | None) -> str | None:
    """The component that increased first (major/minor/patch), "none", or None if unparseable.

    A pre-release comes before its release (SemVer 11: ``1.0.0-rc.1`` < ``1.0.0``). A
    pre-release to its release is that release's bump, as npm's ``semver.diff`` reads it:
    ``1.0.0-rc.1`` → ``1.0.0`` is major, ``1.2.0-rc.1`` → ``1.2.0`` minor, ``1.2.3-rc.1`` →
    ``1.2.3`` patch, and any release past a pre-release of X.0.0 major (``1.0.0-rc.1`` →
    ``1.0.1``); a release to a pre-release of its own numbers goes back ("none", and the
    other way round a bump). Two pre-releases of one version (``-rc.1`` → ``-rc.2``) make no
    bump a version has words for: None, as for a version that does not parse."""
    before, after = parse(old), parse(new)
    if before is None or after is None:
        return None
    if before.prerelease is not None and after.prerelease is None and before.numbers[1:] == (0, 0) \
            and after.numbers > before.numbers:
        # npm's semver.diff: a pre-release of X.0.0 leads to a major release, so any release
        # past it (1.0.0-rc.1 → 1.0.1 or 1.1.0) is that major bump, not a patch or minor one.
        return "major"
    for bump, was, now in zip(("major", "minor", "patch"), before.numbers, after.numbers, strict=True):
        if now != was:
            return bump if now > was else "none"
    if before.prerelease == after.prerelease:
        return "none"
    if before.prerelease is None:
        return "none"  # a release to a pre-release of itself: back
    return _release_bump(after.numbers) if after.prerelease is None else None


def uncompared_words(old: str, new: str) -> str:
    """Why two versions name no bump (``version_bump`` gave None): two pre-releases of one
    version, between which SemVer names none (npm's semver.diff says "prerelease"), or a
    version that does not parse."""
    before, after = parse(old), parse(new)
    if before is not None and after is not None and before.numbers == after.numbers:
        return "are two pre-releases of one version, between which SemVer names no bump"
    return "is not a version mcp-inspect can compare"


def _release_bump(numbers: tuple[int, int, int]) -> str:
    """The bump a release makes (``2.0.0`` major, ``2.1.0`` minor, ``2.1.1`` patch)."""
    return "major" if numbers[1:] == (0, 0) else "minor" if numbers[2] == 0 else "patch"


def _released(old: str, new: str) -> str | None:
    """What the notes say when ``new`` is the release of the pre-release ``old``, or None."""
    before, after = parse(old), parse(new)
    if before is None or after is None or before.numbers != after.numbers or before.prerelease is None \
            or after.prerelease is not None:
        return None
    return (f"{show(new)} is the release of the pre-release {show(old)}: the same version, and the "
            f"{_release_bump(after.numbers)} bump that release makes, as npm's semver reads it")


def _same_numbers(old: str, new: str) -> bool:
    before, after = parse(old), parse(new)
    return before is not None and after is not None and before.numbers == after.numbers


def _bare(version: str) -> str:
    """A version without the ``v`` a git tag or a Go module puts before it (v1.0.0 is 1.0.0)."""
    return version[1:] if version[:1] in ("v", "V") and version[1:2].isdigit() else version


def _known(value: str | None) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def _side_version(side: Side | None, given: str | None) -> tuple[str | None, str | None]:
    if _known(given):
        return _known(given), GIVEN
    if side is None:
        return None, None
    if _known(side.package_version):
        return _known(side.package_version), PACKAGE
    if _known(side.server_version):
        return _known(side.server_version), SERVER_INFO
    return None, None


def _sdk_reason(side: Side | None) -> str | None:
    """Why this side's serverInfo.version is taken to be an SDK's, or None."""
    if side is None or not _known(side.server_version):
        return None
    sdk = SDK_DEFAULT_NAMES.get(side.server_name or "")
    if sdk is not None:
        return f"the server is named {side.server_name!r}, the default name of {sdk}, which reports its own version"
    package = _known(side.package_version)
    if package is not None and _bare(package) != _bare(_known(side.server_version) or ""):
        return f"the capture recorded package version {show(package)}"
    return None


def sdk_doubt(versions: Versions, suggested: str, remedy: str = GIVE_VERSIONS) -> None:
    """Leave the bump unjudged when both sides give the same serverInfo.version and the changes
    call for a bump: every mcp-server-sqlite release says 0.1.0 (its SDK's doing or a version
    never updated; nothing tells which), so "the version did not change, smaller than the
    changes call for" would be a confident verdict on a number that may not be the server's.
    The versions stay known (they are said), but are not compared, and the note says why."""
    if not (versions.comparable and versions.label == SOURCE_WORDS[SERVER_INFO] and versions.old == versions.new
            and suggested != "none"):
        return
    versions.maybe_sdk = True
    versions.source = None
    versions.note = (f"serverInfo.version is {show(versions.old)} on both sides though the surface changed; it may be "
                     f"the SDK's version rather than the server's, so the bump is not judged: {remedy}")


def _told(side: Side | None, chosen: str, source: str | None) -> tuple[str | None, str, str]:
    """What a side's serverInfo.version is set against in the note: ``(serverInfo.version, the
    version, where it came from)``, the package version the capture recorded when it has one
    (so "its package says" is the package's even when the compared version was given), else
    the version chosen and its source (given)."""
    info = _known(side.server_version) if side is not None else None
    package = _known(side.package_version) if side is not None else None
    return (info, package, PACKAGE) if package is not None else (info, chosen, source or GIVEN)


#: How the note names what a side's serverInfo.version is set against: for one side, and for
#: each of two sides whose sources differ.
_TOLD_WORDS = {PACKAGE: "its package says", GIVEN: "the version given for it is"}
_SIDE_TOLD_WORDS = {PACKAGE: "package says", GIVEN: "version as given is"}


def _server_info_apart(old: tuple[str | None, str, str], new: tuple[str | None, str, str]) -> str | None:
    """The note for serverInfo.version telling another story than the packages, naming only the
    side(s) it does so on: lean-lsp-mcp 0.28.0 said 1.28.1 (its SDK's), 0.32.0 its own, and
    "says 1.28.1 → 0.32.0, which is not the package's version" blamed both (new-user trial,
    round 22). Each side is ``_told``'s triple, and the note names where each version it sets
    serverInfo.version against came from: a version given (``--old-version``) was called the
    package's (hostile trial, round 27). None when no side's known serverInfo.version differs
    from its version."""
    apart = [(side, info, version, source) for side, (info, version, source) in (("old", old), ("new", new))
             if info and _bare(info) != _bare(version)]
    why = "(a server may never update it, or its SDK may fill in its own)"
    if len(apart) == 2:
        (_, old_info, old_version, old_source), (_, new_info, new_version, new_source) = apart
        if old_source == new_source == PACKAGE:
            told = f"the packages say {show(old_version)} → {show(new_version)}"
        else:
            told = (f"the old release's {_SIDE_TOLD_WORDS[old_source]} {show(old_version)} and the new release's "
                    f"{_SIDE_TOLD_WORDS[new_source]} {show(new_version)}")
        return f"serverInfo.version says {show(old_info)} → {show(new_info)} where {told} {why}"
    if apart:
        [(side, info, version, source)] = apart
        return (f"the {side} release's serverInfo.version says {show(info)} where {_TOLD_WORDS[source]} "
                f"{show(version)} {why}")
    return None


def resolve_versions(old: Side | None, new: Side, old_version: str | None = None,
                     new_version: str | None = None, remedy: str = GIVE_VERSIONS) -> Versions:
    """The versions to compare for a diff from ``old`` to ``new`` (see the module doc); a note
    that leaves them uncompared ends with ``remedy``, how the caller's user gives them."""
    before, before_source = _side_version(old, old_version)
    after, after_source = _side_version(new, new_version)
    versions = Versions(before, after)
    if before is None or after is None:
        return versions
    sources = {s for s in (before_source, after_source) if s is not None and s != GIVEN}
    if len(sources) > 1:  # one side's package version, the other's serverInfo.version
        versions.note = (f"the versions are not compared: the old one comes {SIDE_WORDS[before_source or '']}, "
                         f"the new one {SIDE_WORDS[after_source or '']}; {remedy}")
        return versions
    source: str = sources.pop() if sources else GIVEN
    sdk = [reason for side, used in ((old, before_source), (new, after_source)) if used == SERVER_INFO
           for reason in [_sdk_reason(side)] if reason]
    if sdk:
        versions.note = f"serverInfo.version is not compared: {sdk[0]}; {remedy}"
        return versions
    if source == SERVER_INFO and version_bump(after, before) not in (None, "none") and not _same_numbers(before, after):
        # A server's releases do not count down: mcp-clickhouse 0.1.9 reported the mcp
        # package's 1.9.0 (the Python SDK 1.x fills in its own version when the server sets
        # none) and 0.7.0 its own, so "the version went down" would blame the server for its SDK.
        versions.note = (f"serverInfo.version is not compared: it goes from {show(before)} down to {show(after)}, "
                         f"so one side's is likely its SDK's version rather than the server's; {remedy}")
        return versions
    versions.source = source
    versions.label = SOURCE_WORDS[source] if before_source == after_source else \
        f"the old {SIDE_WORDS[before_source or '']}, the new {SIDE_WORDS[after_source or '']}"
    if source == PACKAGE:  # say so when serverInfo.version told another story
        versions.note = _server_info_apart(_told(old, before, before_source), _told(new, after, after_source))
    released = _released(before, after)
    if released is not None:
        versions.note = released if versions.note is None else f"{versions.note}; {released}"
    return versions
