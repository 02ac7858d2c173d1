"""The diff engine: pair entities, run the per-entity differs, stamp severities.

Severity comes from the catalogue alone (graded prose rules carry the grade the
prose measure gave). Unchanged entities are skipped by fingerprint, so the cost
of a diff grows with what changed, not with the size of the surface.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..findings.finding import DIFF, Finding
from ..findings.lifecycle import DEPRECATED_ADDED, day_of, deprecation_of, experimental, removed_deprecation
from ..findings.report import RepeatedName, Report, Side
from ..model import LIST_KINDS, Entity, EntityKind, ListKind, Snapshot
from ..snapshot.failures import (
    capture_warnings,
    nothing_to_complete,
    undeclared_lists,
    unknown_lists,
    unserved_capabilities,
)
from ..snapshot.identity import Digests
from ..snapshot.surface import CanonicalMemo, EntityView, Surface, build_surface, sent_capabilities
from .changes import Change
from .conditions import capture_notes, condition_warnings, era_notes, failed_list_notes, undeclared_list_notes
from .fields import Said, restating
from .pairing import detect_name_renames, detect_renames, likely_renames, pair, rename_hint
from .prompts import diff_prompt
from .resources import diff_resource, diff_template
from .server import diff_server
from .tools import diff_tool

Differ = Callable[[dict[str, Any], dict[str, Any]], list[Change]]
_DIFFERS: dict[str, Differ] = {
    "tools": diff_tool,
    "resources": diff_resource,
    "resourceTemplates": diff_template,
    "prompts": diff_prompt,
}


def diff_surfaces(old: Surface, new: Surface, catalogue: Catalogue | None = None, *,
                  renames: Mapping[str, str] | None = None, warnings: list[str] | None = None) -> list[Finding]:
    """Every change between two surfaces as findings, sorted (contract: kind, name, path, rule).

    ``renames`` pairs removed and added tools by name before any rename rule runs; the
    entries it could not use are described in ``warnings``, when given.
    """
    catalogue = catalogue or default_catalogue()
    findings: list[Finding] = []
    servers = server_names(old, new)

    def add(kind: EntityKind, name: str, changes: list[Change]) -> list[Finding]:
        if servers and kind in (EntityKind.TOOL, EntityKind.PROMPT):
            # "Notion | Create a page": a tag naming the server restates who serves the tool.
            changes = [restating(c, Said((name, *servers))) if c.rule in _NAMED_PROSE else c for c in changes]
        made = [stamp(catalogue, Entity(kind, name), change) for change in changes]
        findings.extend(made)
        return made

    if old.server.get("era") and new.server.get("era") and old.server_fingerprint != new.server_fingerprint:
        sent = (sent_capabilities(old.snapshot), sent_capabilities(new.snapshot))
        unserved = unserved_capabilities(old.snapshot)
        if nothing_to_complete(old.snapshot):
            unserved["completions"] = []  # no method failed: there was nothing it could answer for
        probe = new.snapshot.provenance.details.get("protocolProbe")
        add(EntityKind.SERVER, "", diff_server(old.server, new.server, sent, unserved,
                                               probe if isinstance(probe, dict) else None))
    # A list a side could not read is unknown, not empty, and one a side does not declare at
    # all (a tools-only file) is not said: none of its kind is removed or added.
    unknown = {lk.key for side in (old, new) for lk, _ in unknown_lists(side.snapshot)}
    unknown |= {lk.key for side in (old, new) for lk in undeclared_lists(side.snapshot)}
    for lk in LIST_KINDS:
        if lk.key in unknown:
            continue
        found = diff_kind(lk, old.entities[lk.key], new.entities[lk.key], renames, warnings)
        for kind, name, changes in found:
            _mark_lifecycle(add(kind, name, changes), old.entities[lk.key], new.entities[lk.key], name)
    findings.sort(key=Finding.sort_key)
    return findings


#: The rule of a pair of a removed and an added entity found to be one renamed (pairing.py).
_RENAMED = {EntityKind.TOOL: "tool.renamed", EntityKind.PROMPT: "prompt.renamed"}

#: The entity-level prose whose words may restate the server's name as well as the entity's.
_NAMED_PROSE = frozenset({"tool.description.changed", "tool.title.changed", "prompt.description.changed",
                          "prompt.title.changed"})


def server_names(old: Surface, new: Surface) -> tuple[str, ...]:
    """The names the two sides' servers give themselves (``serverInfo.name`` and ``title``)."""
    names: list[str] = []
    for surface in (old, new):
        info = surface.server.get("serverInfo")
        if isinstance(info, dict):
            names += [v for v in (info.get("name"), info.get("title")) if isinstance(v, str)]
    return tuple(dict.fromkeys(names))


def diff_kind(lk: ListKind, old: dict[str, EntityView], new: dict[str, EntityView],
              renames: Mapping[str, str] | None = None, warnings: list[str] | None = None
              ) -> list[tuple[EntityKind, str, list[Change]]]:
    prefix, differ = lk.kind.value, _DIFFERS[lk.key]
    pairing = pair(old, new)
    if lk.kind is EntityKind.TOOL:
        unused = detect_renames(pairing, {n: old[n].canonical for n in pairing.removed},
                                {n: new[n].canonical for n in pairing.added}, renames)
        if warnings is not None:
            warnings.extend(unused)
            hinted = likely_renames(pairing)
            if hinted:
                warnings.append(rename_hint(hinted))
    elif lk.kind is EntityKind.PROMPT:
        detect_name_renames(pairing)
    out: list[tuple[EntityKind, str, list[Change]]] = []
    for name in pairing.removed:
        out.append((lk.kind, name, [Change(f"{prefix}.removed", "", name, None)]))
    for name in pairing.added:
        out.append((lk.kind, name, [Change(f"{prefix}.added", "", None, name)]))
    for old_name, new_name in pairing.renamed:
        rename = Change(_RENAMED[lk.kind], "name", old_name, new_name, "default",
                        {"name_before": old_name, "name_after": new_name})
        out.append((lk.kind, new_name, [rename, *_run(differ, old[old_name], new[new_name]),
                                        *_deprecated(lk.kind, old[old_name], new[new_name])]))
    for name in pairing.matched:
        if old[name].fingerprint != new[name].fingerprint:
            changes = _run(differ, old[name], new[name])
            out.append((lk.kind, name, [*changes, *_deprecated(lk.kind, old[name], new[name])]))
    return out


def _deprecated(kind: EntityKind, old: EntityView, new: EntityView) -> list[Change]:
    """``<kind>.deprecated.added`` when the new side marks the entity deprecated and the old
    side did not (findings/lifecycle.py lists the spellings read)."""
    if deprecation_of(old.raw) is not None:
        return []
    found = deprecation_of(new.raw)
    if found is None:
        return []
    args = {"marked": found.spelling, **({"sunset": found.sunset} if found.sunset else {})}
    return [Change(DEPRECATED_ADDED[kind.value], "", None, None, "sunset" if found.sunset else "default", args)]


def _mark_lifecycle(made: list[Finding], old: Mapping[str, EntityView], new: Mapping[str, EntityView],
                    name: str) -> None:
    """Record on an entity's findings what the policy's lifecycle step reads: the old side's
    deprecation of what a removal took away, and the old side's experimental marker."""
    old_name = next((f.before for f in made if f.rule in ("tool.renamed", "prompt.renamed")
                     and isinstance(f.before, str)), name)
    before, after = old.get(old_name), new.get(name)
    # The old side's marker decides: a release that marks a stable entity experimental still
    # owes its own changes the promise the entity made (an added one breaks nothing anyway).
    marked = experimental(before.raw) if before is not None else after is not None and experimental(after.raw)
    for finding in made:
        finding.marked_experimental = marked
        finding.old_name = old_name if before is not None else name
        if before is not None:
            finding.deprecated = removed_deprecation(finding.rule, before.raw, finding.path)


def _run(differ: Differ, old: EntityView, new: EntityView) -> list[Change]:
    # The tool differ also reads the raw entities, to report schema paths as the input spells them.
    if differ is diff_tool:
        return diff_tool(old.canonical, new.canonical, (old.raw, new.raw))
    return differ(old.canonical, new.canonical)


def stamp(catalogue: Catalogue, entity: Entity, change: Change) -> Finding:
    """Turn a fact into a finding; refuses rule ids the catalogue does not declare."""
    rule = catalogue.diff_rule(change.rule)
    severity = change.grade if rule.graded and change.grade is not None else rule.severity
    return Finding(rule.id, rule, entity, change.path, severity, severity, origin=DIFF,
                   args=change.args, variant=change.variant, before=change.before, after=change.after,
                   absent=change.absent)


def _side(surface: Surface) -> Side:
    prov = surface.snapshot.provenance
    info = surface.server.get("serverInfo")
    info = info if isinstance(info, dict) else {}
    version, name = info.get("version"), info.get("name")
    # A capture document records the published package and its version (snapshot/shapes.py).
    package = prov.details.get("version") if prov.details.get("package") else None
    return Side(prov.source, surface.fingerprint, prov.era, prov.protocol_version,
                version if isinstance(version, str) else None,
                server_name=name if isinstance(name, str) else None,
                package_version=package if isinstance(package, str) else None)


def unread_lists(old: Surface, new: Surface) -> list[tuple[str, str, Any]]:
    """The lists the old side has entities of that the new side's capture could not read (its
    method answered an error other than -32601), in list order: the diff compared none of
    them, so the gate must not pass on them. A list both sides failed, or one the old side
    had nothing in, is only warned of (nothing known was lost)."""
    failed_old = {lk.key for lk, _ in unknown_lists(old.snapshot)}
    return [(lk.key, lk.method, error) for lk, error in unknown_lists(new.snapshot)
            if lk.key not in failed_old and old.entities[lk.key]]


def same_tools(old: Surface, new: Surface) -> tuple[frozenset[str], bool]:
    """The tools whose canonical forms are equal on both sides, by name (a name that several
    tool objects of either side share is left out: the classification compares only the first
    of them), and whether that is every tool object of both lists."""
    before, after = old.entities["tools"], new.entities["tools"]
    repeated = _repeated(old.snapshot) | _repeated(new.snapshot)
    same = frozenset(name for name, view in after.items()
                     if name in before and before[name].fingerprint == view.fingerprint and name not in repeated)
    return same, len(same) == len(old.snapshot.tools or []) == len(new.snapshot.tools or [])


def _repeated(snap: Snapshot) -> set[str]:
    """The tool names more than one tool object of ``snap`` carries."""
    seen: set[str] = set()
    twice: set[str] = set()
    for tool in snap.tools or []:
        name = tool.get("name") if isinstance(tool, dict) else None
        if isinstance(name, str):
            (twice if name in seen else seen).add(name)
    return twice


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
    for finding in findings:  # the captures' dates bound how long a deprecation stood (policy)
        if finding.deprecated is not None:
            finding.deprecated.since_date = day_of(old.provenance.captured_at)
            finding.deprecated.removed_on = day_of(new.provenance.captured_at)
    result = Report(_side(new_surface), _side(old_surface), findings)
    result.same_tools, result.same_tool_list = same_tools(old_surface, new_surface)
    result.warnings.extend(condition_warnings(old.provenance, new.provenance))  # first: they qualify the rest
    era_notes(old.provenance, new.provenance, findings)
    # a failed list: said next, in the diff's words
    said = (set(capture_warnings(old, unserved=True)), set(capture_warnings(new, unserved=True)))
    result.warnings.extend(capture_notes(old.provenance, new.provenance, said))
    result.unread_lists = unread_lists(old_surface, new_surface)
    result.warnings.extend(failed_list_notes(old, new))
    result.warnings.extend(undeclared_list_notes(old, new))
    result.warnings.extend(sorted(set(old_surface.notes) | set(new_surface.notes)))
    result.warnings.extend(unused)
    repeats = repeated_names(old_surface, new_surface)
    result.warnings.extend(note for _, note in repeats[:REPEATED_SHOWN])
    if len(repeats) > REPEATED_SHOWN:
        result.warnings.append(f"and {len(repeats) - REPEATED_SHOWN} more repeated names, likewise")
    result.repeated = [name for name, _ in repeats]
    if not findings and old_surface.fingerprint != new_surface.fingerprint:
        apart = _fingerprints_apart(old_surface, new_surface)
        if apart is not None:
            result.warnings.append(apart)
    return result


#: How many repeated names a diff's warnings name one by one; the rest are counted.
REPEATED_SHOWN = 5
#: How many positions of a repeated name a warning gives before "…" and the last one.
POSITIONS_SHOWN = 3

#: What reads the later objects of a repeated name, per list, since the diff does not: the
#: lint reads tools alone (hostile trial, round 37: the warning said "the lint reads each
#: one" of a second prompt whose injection no part of the diff read).
_READ_BY = {
    "tools": "the lint reads each one: MCP-002",
    "prompts": "the diff's lint reads tools only, not prompts; check lints each prompt's new description text",
    "resources": "the lint reads tools only: nothing lints a resource's objects",
    "resourceTemplates": "the lint reads tools only: nothing lints a resource template's objects",
}


def repeated_names(old: Surface, new: Surface) -> list[tuple[RepeatedName, str]]:
    """Each name a side lists several times whose later objects differ from the other side's,
    once for both sides (hostile trial, round 37: it was warned of once per side), with its
    warning: the classification pairs entities by name and compares the first object of each,
    so what the others say is not classified (hostile trial, round 36: a second tool "t"
    carrying an injection read "No changes")."""
    out: list[tuple[RepeatedName, str]] = []
    for lk in LIST_KINDS:
        olds, news = old.repeated.get(lk.key, {}), new.repeated.get(lk.key, {})
        names = [n for n in sorted(set(olds) | set(news))
                 if [fp for _, fp in olds.get(n, [])] != [fp for _, fp in news.get(n, [])]]
        if not names:
            continue
        firsts = {id(side): _first_positions(side, lk) for side in (old, new)}  # one pass over each list
        for name in names:
            counts = [1 + len(side.repeated[lk.key].get(name, [])) if name in side.entities.get(lk.key, {}) else 0
                      for side in (old, new)]
            sides = [("old", old, counts[0]), ("new", new, counts[1])]
            if counts[0] <= 1:  # the repeating side is said first, with the name
                sides.reverse()
            said = []
            for label, side, count in sides:
                lists = f"lists {lk.kind.value} {name!r} " if not said else ""
                if count > 1:
                    places = _places(lk.key, [firsts[id(side)][name], *(p for p, _ in side.repeated[lk.key][name])])
                    said.append(f"the {label} side {lists}{count} times ({places})")
                else:
                    said.append(f"the {label} side {'once' if count else 'not at all'}")
            note = (f"{said[0]}, {said[1]}: the diff compares the first object of a name only, so what the "
                    f"others say is not classified as a change ({_READ_BY.get(lk.key, 'the lint reads tools only')})")
            out.append((RepeatedName(lk.kind.value, name, counts[0], counts[1]), note))
    return out


def _first_positions(side: Surface, lk: ListKind) -> dict[str, int]:
    firsts: dict[str, int] = {}
    if side.repeated.get(lk.key):
        for position, entity in enumerate(side.snapshot.entities(lk.key)):
            firsts.setdefault(entity[lk.identity], position)
    return firsts


def _places(key: str, positions: list[int]) -> str:
    """``tools[0], tools[1]``; past POSITIONS_SHOWN, the first ones, "…" and the last (hostile
    trial, round 37: 1,000 copies of a name listed 1,000 positions)."""
    if len(positions) > POSITIONS_SHOWN + 1:
        return ", ".join(f"{key}[{i}]" for i in positions[:POSITIONS_SHOWN]) + f", … {key}[{positions[-1]}]"
    return ", ".join(f"{key}[{i}]" for i in positions)


def _fingerprints_apart(old: Surface, new: Surface) -> str | None:
    """Why two surfaces with no change between them have different fingerprints: what one
    side holds that the diff does not compare, most often the server's own metadata that a
    tools-only file does not declare (new-user trial, round 10: a YAML tools list against
    its live capture read "No changes" under two fingerprints, unexplained)."""
    parts = []
    if old.server_fingerprint != new.server_fingerprint:
        empty = [label for label, surface in (("old", old), ("new", new)) if not surface.server]
        parts.append("they also cover the server's own metadata"
                     + (f" (the {empty[0]} side declares none)" if len(empty) == 1 else "")
                     + ", compared only where both sides declare it")
    # A list a side failed to read, or does not declare, is warned of already (failed_list_notes,
    # undeclared_list_notes).
    failed = {lk.key for side in (old, new) for lk, _ in unknown_lists(side.snapshot)}
    failed |= {lk.key for side in (old, new) for lk in undeclared_lists(side.snapshot)}
    for lk in LIST_KINDS:
        if lk.key in failed:
            continue
        mine = {name: view.fingerprint for name, view in old.entities.get(lk.key, {}).items()}
        theirs = {name: view.fingerprint for name, view in new.entities.get(lk.key, {}).items()}
        if mine != theirs:
            # With no finding, both sides name the same entities: those that differ are
            # written differently with the same meaning (a union branch another one covers
            # gained or lost, the contract's no-finding case).
            names = sorted(n for n in mine if mine[n] != theirs.get(n))
            shown = ", ".join(repr(n) for n in names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
            kind, verb = (lk.kind.value, "is") if len(names) == 1 else (lk.key, "are")
            parts.append(f"the {kind} {shown} {verb} written differently with the same meaning "
                         "(such as a union branch that another covers, or an allOf branch that repeats its node)")
    if not parts:
        return None
    return "no change, though the fingerprints differ: " + "; ".join(parts)
