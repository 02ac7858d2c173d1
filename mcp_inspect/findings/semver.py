"""A version string read as SemVer (https://semver.org), once, for every verdict on it.

Release notes read a side's version to find the bump the versions made, whether the old one
is in SemVer's initial development (below 1.0.0) and whether it is below 0.1.0, where a caret
range holds one version alone. All three are read from the numbers ``parse`` makes, so one
version gets one verdict however it is written (``0.0`` and ``0.0.0`` alike).

What ``parse`` reads: a leading ``v`` or ``V`` (a git tag's, a Go module's) is dropped;
missing numbers are 0 (``1.2`` is 1.2.0, as a tag ``v1.2`` means); a pre-release
(``-rc.1``) is read after a whole ``X.Y.Z`` only; build metadata (``+build.5``) reads as
nothing. What SemVer forbids is no version: a number with a leading zero (``00.5.0``,
SemVer 2; npm's semver refuses it too), an empty pre-release or build identifier
(``1.0.0-rc..1``, SemVer 9 and 10), a numeric pre-release identifier with a leading zero
(``1.0.0-rc.01``), and anything after the version (a date's ``-01-14``, a fourth number, a
PEP 440 ``rc1``): read as a prefix, those made "the version did not change".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..limits import MAX_VERSION_DIGITS

#: A version's numbers, a leading ``v`` or ``V`` dropped.
_NUMBERS = re.compile(r"^[vV]?([0-9]+)(?:\.([0-9]+))?(?:\.([0-9]+))?")
#: One pre-release or build identifier: never empty.
_IDENTIFIER = r"[0-9A-Za-z-]+"
_PRERELEASE = re.compile(rf"-({_IDENTIFIER}(?:\.{_IDENTIFIER})*)")
#: What may end a version: SemVer's build metadata, which no comparison reads, or nothing.
_BUILD = re.compile(rf"(?:\+{_IDENTIFIER}(?:\.{_IDENTIFIER})*)?")


@dataclass(frozen=True)
class Version:
    """A version's three numbers and its pre-release (None for a release)."""

    numbers: tuple[int, int, int]
    prerelease: str | None

    @property
    def initial_development(self) -> bool:
        """Below 1.0.0 (0.y.z): SemVer's initial development."""
        return self.numbers[0] == 0

    @property
    def below_minor(self) -> bool:
        """Below 0.1.0 (0.0.z): a caret range holds it alone (^0.0.3 is 0.0.3)."""
        return self.numbers[:2] == (0, 0)


def _leading_zero(number: str) -> bool:
    return len(number) > 1 and number[0] == "0"


def parse(version: str | None) -> Version | None:
    """``version`` read as the module says, or None when it is not one mcp-inspect compares."""
    if not version:
        return None
    version = version.strip()
    found = _NUMBERS.match(version)
    if not found:
        return None
    parts = [part for part in found.groups() if part is not None]
    if any(len(part) > MAX_VERSION_DIGITS or _leading_zero(part) for part in parts):
        return None
    prerelease = _PRERELEASE.match(version, found.end()) if len(parts) == 3 else None
    if prerelease and any(identifier.isdigit() and _leading_zero(identifier)
                          for identifier in prerelease.group(1).split(".")):
        return None
    if not _BUILD.fullmatch(version, prerelease.end() if prerelease else found.end()):
        return None
    first, second, third = (int(part or 0) for part in found.groups())
    return Version((first, second, third), prerelease.group(1) if prerelease else None)
