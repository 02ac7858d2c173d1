"""Markdown release notes: a diff's changes in changelog sections, with the suggested version bump.

The suggestion is semantic versioning read from the findings: major for any BREAKING
change, minor when something was added or widened, patch for anything else, none for no
change. When both sides' versions are known (report/versions.py says which are used, and
when serverInfo.version is an SDK's rather than the server's), the actual bump is compared
with the suggestion.
"""

from __future__ import annotations

from collections import Counter

from ..catalogue import Catalogue, default_catalogue
from ..findings.finding import Finding
from ..findings.lifecycle import DEPRECATED_ADDED
from ..findings.release import ReleasePlan
from ..findings.report import CONDITIONS_PREFIX, Report
from ..findings.severity import Severity
from ..findings.words import show
from ..model import EntityKind
from ..text.escape import markdown_prose, markdown_span, one_line, with_command
from .grouping import Item, needs_place, prose_segments, said_once, severity_note
from .phrases import entities_phrase, witness_markdown, witness_parts
from .versions import (
    GIVE_VERSIONS,
    SERVER_INFO,
    SOURCE_WORDS,
    resolve_versions,
    sdk_doubt,
    uncompared_words,
    version_bump,
)

SECTIONS = ("Breaking", "Potentially breaking", "Added", "Changed", "Documentation")


def section_of(finding: Finding, catalogue: Catalogue) -> str:
    if finding.severity is Severity.BREAKING:
        return "Breaking"
    if finding.severity is Severity.POTENTIALLY_BREAKING:
        return "Potentially breaking"
    if finding.severity is Severity.DOCUMENTATION:
        return "Documentation"
    return "Added" if catalogue.diff_rule(finding.rule).action in ("added", "widened") else "Changed"


def bump_words(old: str, new: str, actual: str) -> str:
    """``a minor bump``, or for no bump, whether the version stayed the same or went down."""
    if actual != "none":
        return f"a {actual} bump"
    return "the version went down" if version_bump(new, old) not in (None, "none") else "the version did not change"


def plan_release(report: Report, catalogue: Catalogue | None = None, *, old_version: str | None = None,
                 new_version: str | None = None, remedy: str = GIVE_VERSIONS) -> ReleasePlan:
    """The semver plan of a diff: its changes by section, the bump they call for and the one the
    versions made. ``remedy`` ends a note that leaves the versions uncompared: how the user
    gives them (release-notes' options, or a history's own ways)."""
    catalogue = catalogue or default_catalogue()
    plan = ReleasePlan(sections={name: [] for name in SECTIONS},
                       versions=resolve_versions(report.old, report.new, old_version, new_version, remedy))
    # Ignored findings are listed too, and count for the bump: an ignore lets a change pass
    # the gate, it does not make the change smaller for the server's users (a tool removed
    # on purpose is still gone). Severity overrides, which reclassify, do move a finding.
    for finding in report.changes:
        plan.sections[section_of(finding, catalogue)].append(finding)
    if plan.sections["Breaking"]:
        plan.suggested = "major"
    elif plan.sections["Added"]:
        plan.suggested = "minor"
    elif any(plan.sections.values()) or report.repeated:
        # A repeated name's later objects differ: the classification does not compare them,
        # and which object of a name a client keeps depends on the client, so they are surface
        # a client may read, a patch at least (hostile trial, round 37: "none" for a second t).
        plan.suggested = "patch"
    sdk_doubt(plan.versions, plan.suggested, remedy)
    if plan.versions.comparable:
        plan.actual = version_bump(plan.old_version, plan.new_version)
    return plan


_INTRO = {
    "Breaking": "Existing callers can stop working.",
    "Potentially breaking": "Behaviour or what a model sees changed; re-run your evaluations.",
    "Added": "New and widened surface.",
    "Changed": "Other compatible changes.",
    "Documentation": "Prose changes too small to move a model.",
}
_SERVER = "Server"
def _change(finding: Finding, section: str | None = None, placed: bool = False, config: str | None = None,
            named: bool = False) -> str:
    """One change as a nested item: its message (with where, when ``placed``), its rule, and
    why the gate let it pass."""
    said = markdown_prose(finding.message)
    if placed and finding.path:
        said += f" at {markdown_span(finding.path)}"
    said += f" ({markdown_span(finding.rule)}"
    said += f", {section.lower()})" if section else ")"
    note = severity_note(finding, config)
    if note:  # a severity the configuration or the policy set: the reader sees both and why
        said += f" — {finding.severity.label}, {markdown_prose(note)}"
    # An example call is for the server's users; why a search found none is for whoever
    # reviews the report, not for a changelog.
    if finding.witness is not None and finding.witness.found and \
            (shown := witness_parts(finding, named)) is not None:
        said += f" — {witness_markdown(*shown, markdown_prose)}"
    if finding.ignored:  # accepted for the gate, and the reader should know why
        said += " — ignored for the gate" + (f": {markdown_prose(finding.reason)}" if finding.reason else "")
    return said


def _words(finding: Finding) -> list[str]:
    """A prose change's word diff as Markdown (deletions struck, insertions bold), if any."""
    segments = prose_segments(finding)
    if not segments:
        return []
    shown = []
    for op, text in segments:
        escaped = markdown_prose(text)
        shown.append(escaped if op == "=" else f"~~{escaped}~~" if op == "-" else f"**{escaped}**")
    return [" ".join(shown)]


_LABEL = {"tool": "Tool", "prompt": "Prompt", "resource": "Resource", "resourceTemplate": "Resource template"}


def _by_entity(findings: list[Finding], config: str | None) -> list[str]:
    """The changes of a section grouped by entity: the entity, then a nested line per change.
    A change said alike on several entities comes first, once, with the entities it is on
    (``14 tools: `a`, `b` … and 8 more: property 'v' removed``)."""
    groups: dict[tuple[str, str], list[Finding]] = {}
    shared: list[Item] = []
    items, elsewhere = _one_bullet_each(findings)
    for item in items:
        # Members of one object removed alike are several findings on one entity: they are said
        # with that entity's other changes, not under a second bullet of the same tool (new-user
        # trial, round 23: `directions_tool` was listed twice under Breaking).
        if len(item.names) > 1:
            shared.append(item)
        else:
            groups.setdefault((item.kind, item.first.entity.name), []).append(item.first)
    lines = []
    for item in sorted(shared, key=lambda i: (-len(i.names), i.kind, i.first.path, i.first.rule, i.names)):
        said = entities_phrase(item.kind, item.names, markdown_span)
        said = said[0].upper() + said[1:]
        said_change = _change(item.first, placed=needs_place(item.first), config=config, named=item.calls_differ)
        lines.append(f"- {said}: {said_change}")
        lines += [f"  - {words}" for words in _words(item.first)]
        if elsewhere.get(id(item)):  # the rest of the entities `diff` counts in this change's group
            others = elsewhere[id(item)]
            also = entities_phrase(item.kind, others, markdown_span)
            lines.append(f"  - Also on {also}, {'each ' if len(others) > 1 else ''}below with its other changes")
    for (kind, name), members in sorted(groups.items()):
        label = _LABEL.get(kind, kind)
        if len(members) == 1:
            placed = needs_place(members[0])
            lines.append(f"- {label} {markdown_span(name)}: {_change(members[0], placed=placed, config=config)}")
            lines += [f"  - {words}" for words in _words(members[0])]
            continue
        lines.append(f"- {label} {markdown_span(name)}")
        # Two changes that read the same (a branch gained in two properties) are told apart by
        # where, and so is a change whose message does not name the property it is in.
        said_twice = Counter(f.message for f in members)
        for finding in sorted(members, key=lambda f: (f.path, f.rule)):
            placed = said_twice[finding.message] > 1 or needs_place(finding)
            lines.append(f"  - {_change(finding, placed=placed, config=config)}")
            lines += [f"    - {words}" for words in _words(finding)]
    return lines


def _one_bullet_each(findings: list[Finding]) -> tuple[list[Item], dict[int, tuple[str, ...]]]:
    """``said_once(findings)``, but an entity with a change of its own in the section is not
    also named in a change said alike on several: its changes are said under its own bullet
    (hostile trial, round 30: `alpha` lost a, b and c, `beta` lost a and b, and `alpha` was
    listed twice under Breaking, once with `beta` for a and b and once alone for c). With the
    items, by ``id`` of a shared one, the entities of its change said under their own bullets
    instead: `diff` groups a change on all of them, and "212 tools" here beside "219 tools"
    there, with nothing said of the other 7, read as two counts of one change (new-user
    trial, round 42: azure-mcp's retry properties; antv's readOnlyHint, 3 tools and 12)."""
    items = said_once(findings)
    alone = {(item.kind, item.names[0]) for item in items if len(item.names) == 1}
    crossing = {(item.kind, name) for item in items if len(item.names) > 1 for name in item.names} & alone
    if not crossing:
        return items, {}
    by_entity: dict[tuple[str, str], list[Finding]] = {}
    rest = []
    for finding in findings:
        entity = (finding.entity.kind.value, finding.entity.name)
        (by_entity.setdefault(entity, []) if entity in crossing else rest).append(finding)
    whole = {id(finding): item for item in items for finding in item.findings}
    shared = said_once(rest)
    elsewhere = {}
    for item in shared:
        if len(item.names) > 1:
            others = tuple(name for name in whole[id(item.findings[0])].names if name not in item.names)
            if others:
                elsewhere[id(item)] = others
    return [*shared, *(item for entity in sorted(by_entity) for item in said_once(by_entity[entity]))], elsewhere


#: The rules that say something was newly marked deprecated: an entity, or a schema property.
_DEPRECATIONS = frozenset({*DEPRECATED_ADDED.values(), "tool.input.deprecated.added", "tool.output.deprecated.added"})


def _deprecations(changes: list[Finding]) -> list[str]:
    """A section listing what this release newly marked deprecated, each with its sunset date
    (``_meta.sunset``) or the lack of one, so that users can plan for the removals ahead."""
    marked = sorted((f for f in changes if f.rule in _DEPRECATIONS), key=lambda f: (f.entity.kind.value,
                                                                                     f.entity.name, f.path))
    if not marked:
        return []
    lines = ["### Deprecated", "", "Marked deprecated in this release: still served, to be removed later.", ""]
    for finding in marked:
        kind = finding.entity.kind.value
        what = f"{_LABEL.get(kind, kind)} {markdown_span(finding.entity.name)}"
        if finding.path:
            what += f" at {markdown_span(finding.path)}"
        sunset = finding.args.get("sunset")
        lines.append(f"- {what}: " + (f"sunset {markdown_span(sunset)}" if isinstance(sunset, str)
                                       else "no sunset date given"))
    return [*lines, ""]


def _repeated(report: Report) -> list[str]:
    """A section naming each repeated name whose later objects differ, and what they did
    (hostile trial, round 37: the notes named none, and said "adds" of objects removed)."""
    if not report.repeated:
        return []
    lines = ["### Repeated names", "", "Listed more than once, with objects after the first that differ between the "
             "two sides. Only the first object of a name is compared; which object a client keeps depends on the "
             "client, so review them (they call for a patch bump at least).", ""]
    for repeated in report.repeated:
        label = f"{_LABEL.get(repeated.kind, repeated.kind)} {markdown_span(repeated.name)}"
        now = _times(repeated.new_count) if repeated.new_count else "no longer listed"
        was = "as before" if repeated.old_count == repeated.new_count else \
            f"was {_times(repeated.old_count)}" if repeated.old_count else "was not listed"
        did = {"added": "were added", "removed": "were removed", "changed": "changed"}[repeated.how]
        lines.append(f"- {label}: {'listed ' + now if repeated.new_count else now}, {was}: the objects after the "
                     f"first {did}")
    return [*lines, ""]


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def noted_warnings(report: Report) -> list[str]:
    """The diff's warnings the notes print as notes: the capture conditions that differ, since
    the notes may describe how the captures differed rather than the release."""
    return [w for w in report.warnings if w.startswith(CONDITIONS_PREFIX)]


def render_release_notes(report: Report, *, title: str | None = None, old_version: str | None = None,
                         new_version: str | None = None, title_is_text: bool = False) -> str:
    plan = plan_release(report, old_version=old_version, new_version=new_version)
    # The CLI's title is its user's own text, so it may carry Markdown on purpose; a service
    # request's is anyone's (``title_is_text``): escaped once here, where escaping it before
    # and again in one_line turned its word joiners into visible "\u2060" and doubled backslashes.
    heading = (markdown_prose(title) if title_is_text else one_line(title)) if title else "Release notes"
    out = [f"## {heading}", ""]  # one line: a heading, not two
    bump = f"**Suggested version bump: {plan.suggested_words}**"
    if plan.below_one_why:
        bump += f" ({plan.below_one_why})"
    found = plan.versions
    if found.comparable:
        assert found.old is not None and found.new is not None and found.source is not None
        # A hostile server's 5,000-character serverInfo.version was a 42 KB line (hostile trial, round 44).
        versions = f"{markdown_span(show(found.old))} → {markdown_span(show(found.new))}"
        source = found.label
        if plan.actual is None:
            bump += f" ({versions}, {source}, {uncompared_words(found.old, found.new)})"
        elif plan.too_small and plan.actual == "none":
            bump += (f" — {versions} ({source}): **{bump_words(found.old, found.new, plan.actual)}**, "
                     "smaller than the changes call for")
        elif plan.too_small:
            bump += (f" — the actual bump, {versions} ({source}), is a **{plan.actual}** bump, "
                     f"smaller than the changes call for")
        elif plan.actual == "none":
            bump += f" ({versions}, {source}: {bump_words(found.old, found.new, plan.actual)})"
        else:  # said outright: "patch" beside 0.0.48 → 1.0.4 read as no verdict (new-user trial, round 36)
            bump += f" ({versions}, {source}: {plan.actual}, enough)"
    if plan.too_small and found.comparable and found.label == SOURCE_WORDS[SERVER_INFO]:
        # The one verdict a server's SDK can make wrong: say how to give the published versions.
        bump += (" (serverInfo.version is often its SDK's version, not the server's: `snapshot --package "
                 "NAME@VERSION` records the published one, or give --old-version and --new-version)")
    out += [bump, ""]
    if found.note:
        out += [f"> **Note:** {markdown_prose(found.note)}.", ""]
    conditions = noted_warnings(report)
    if conditions:  # the notes may describe how the captures differed, not the release
        out += [f"> **Note:** {with_command(w, markdown_prose)}" for w in conditions] + [""]
    if not any(plan.sections.values()) and report.repeated_names:
        # A repeated name's later objects are not classified (hostile trial, round 36).
        out += ["No changes to the first object of each name; the later objects of a repeated name differ "
                "(see Repeated names).", ""]
    elif not any(plan.sections.values()):
        out += ["No changes to the server's surface.", ""]
    server: list[tuple[Finding, str]] = []
    for name in SECTIONS:
        findings, breaks = [], []
        for finding in plan.sections.get(name) or []:
            if finding.entity.kind is not EntityKind.SERVER:
                findings.append(finding)
            elif name == "Breaking":  # a capability withdrawn is why the bump is major: said there
                breaks.append(finding)
            else:
                server.append((finding, name))  # the server's metadata has a heading of its own
        if findings or breaks:
            out += [f"### {name}", "", _INTRO[name], ""]
            for finding in breaks:
                out.append(f"- Server: {_change(finding, config=report.config_source)}")
                out += [f"  - {words}" for words in _words(finding)]
            out += [*_by_entity(findings, report.config_source), ""]
    out += _repeated(report)
    out += _deprecations(report.changes)
    if server:
        out += [f"### {_SERVER}", "", "The server's own metadata: identity, capabilities, protocol versions, "
                "instructions.", ""]
        for finding, section in server:
            out.append(f"- {_change(finding, section, config=report.config_source)}")
            out += [f"  - {words}" for words in _words(finding)]
        out.append("")
    return "\n".join(out).rstrip() + "\n"
