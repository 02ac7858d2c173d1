"""Classify every change between two snapshots (see docs/classification.md)."""

from __future__ import annotations

from collections.abc import Mapping

from ..findings.report import Report, Side
from ..model import Snapshot
from ..snapshot.identity import Digests
from ..snapshot.surface import CanonicalMemo, Surface, build_surface
from .engine import diff_surfaces


def _side(surface: Surface) -> Side:
    prov = surface.snapshot.provenance
    info = surface.server.get("serverInfo")
    version = info.get("version") if isinstance(info, dict) else None
    return Side(prov.source, surface.fingerprint, prov.era, prov.protocol_version,
                version if isinstance(version, str) else None)


def diff_snapshots(old: Snapshot, new: Snapshot, *, digests: Digests | None = None,
                   renames: Mapping[str, str] | None = None) -> Report:
    """Every change from ``old`` to ``new`` as a report whose gate is not decided yet
    (policy.apply decides it).

    ``digests`` may be shared with the lint of the same two snapshots (it saves hashing
    every raw entity twice). ``renames`` maps old tool names to new ones (the
    configuration's ``renames``): such a pair is a rename whatever the rename rules say.
    An entry that names no removed tool or no added tool is ignored and reported in
    ``result.warnings``.
    """
    memo: CanonicalMemo = {}
    digests = digests or Digests()
    old_surface, new_surface = build_surface(old, memo, digests), build_surface(new, memo, digests)
    unused: list[str] = []
    findings = diff_surfaces(old_surface, new_surface, renames=renames, warnings=unused)
    result = Report(_side(new_surface), _side(old_surface), findings)
    result.warnings.extend(sorted(set(old_surface.notes) | set(new_surface.notes)))
    result.warnings.extend(unused)
    return result


__all__ = ["diff_snapshots", "diff_surfaces"]
