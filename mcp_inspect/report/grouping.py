"""How every human-facing format orders and annotates findings, decided once.

- A change said alike on several entities is said once (``said_once``): the same rule at the
  same path with the same facts, before and after, severity and what the policy made of it
  (ignored and why, overridden and where); entities removed alike (126 resources) too.
  Several properties removed alike from one object are one change naming them (chroma-mcp's
  eight ``hnsw_*`` arguments: ``8 properties removed: "hnsw_M", …``). JSON and SARIF keep
  one finding per entity and property.
- Changes are grouped by entity (tool → its findings), or by the entities that share them
  (``12 tools: a, b, … and 6 more`` → the changes said once for them): the server's first
  (its changes concern every caller), then the groups holding a finding at the gate, then
  the rest by their most severe finding, shared groups before single entities, then by kind
  (tools, prompts, resource templates, resources: ``ENTITY_ORDER``) and names; within a
  group, most severe first, then by path.
- Lint findings are grouped by level, errors first.
- A rule's advice is said once per report ("How to fix"), for the rules a reader must act
  on: changes from POTENTIALLY_BREAKING up or at the gate, lint findings from warning up or
  failing.
- A severity the configuration changed shows its default and the line that changed it.
- A prose change (a description, a title…) shows its word-level diff.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from ..findings.finding import LINT, Finding
from ..findings.report import Report
from ..findings.severity import Level, Severity
from ..model import EntityKind
from ..text.diff import Segment, clip, clip_middle, word_diff

#: Advice is shown for changes from this severity up, and for anything at the gate.
ADVISE_FROM = Severity.POTENTIALLY_BREAKING


#: A severity as a heading or table label, in every format that writes one.
SEVERITY_HEADING = {
    Severity.BREAKING: "Breaking",
    Severity.POTENTIALLY_BREAKING: "Potentially breaking",
    Severity.NON_BREAKING: "Non-breaking",
    Severity.DOCUMENTATION: "Documentation",
}


#: The entities in the order a reader ranks their changes within a severity: what an agent
#: calls first (tools), then what a user picks (prompts), then what is read (resource
#: templates, resources). docs/ci.md says why.
ENTITY_ORDER = ("tool", "prompt", "resourceTemplate", "resource")


def entity_rank(kind: str) -> int:
    """A kind's place in ``ENTITY_ORDER``; the server, and any other kind, after them."""
    return ENTITY_ORDER.index(kind) if kind in ENTITY_ORDER else len(ENTITY_ORDER)


def _fact(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=repr)


def same_change(finding: Finding) -> tuple[Any, ...]:
    """What two findings on different entities must share to be said once: everything a
    report shows of them but the entity, and everything the policy decided of them. An
    entity's removal holds the entity's own name as its ``before``, which the names of the
    entities said once already show: 126 resources removed alike are one change."""
    before = None if _removal(finding) else finding.before
    # A lint finding shows its arguments only through its message: one that counts what it
    # does not show (SEC-009's number of properties) must not split seven alike lines in five.
    args = None if finding.origin == LINT else _fact(finding.args)
    return (finding.origin, finding.rule, finding.entity.kind.value, finding.path, finding.variant,
            args, _fact(before), _fact(finding.after), finding.message,
            int(finding.severity), int(finding.default_severity), finding.severity_reason,
            finding.overridden_at, finding.ignored, finding.reason, finding.ignored_at, finding.at_gate,
            finding.fails, finding.approved, tuple(finding.aliases), finding.absent, _fact(finding.calls),
            finding.calls_note, _witness(finding), finding.lifecycle, finding.experimental)


def _removal(finding: Finding) -> bool:
    """The finding says a whole entity is gone (``tool.removed``, ``resource.removed``…): its
    ``before`` is no more than the entity's name."""
    return (finding.path == "" and finding.definition.action == "removed" and finding.after is None
            and finding.before == finding.entity.name)


def _witness(finding: Finding) -> tuple[Any, ...] | None:
    """What alike findings must share of their witnesses: whether one was found, and else why
    not. Not the call itself, which holds each tool's own other arguments (the item shows the
    first's as an example, as for members removed alike), nor the search's cost: one
    ``additionalProperties: false`` added to six tools was said as two changes because the
    example calls differed."""
    shown = finding.witness
    return None if shown is None else (shown.found, shown.direction, shown.reason)


def _example(finding: Finding) -> Any:
    """The call a finding's witness shows: the witness itself, or the call a no-witness note
    says the new schema still accepts; None when it shows none."""
    shown = finding.witness
    if shown is None:
        return None
    return shown.value if shown.found else shown.accepted


@dataclass(frozen=True)
class Item:
    """One change as a report says it: the same finding on one entity or on several, or
    several members of one object removed alike (``said``: the finding that says them all)."""

    findings: tuple[Finding, ...]  # one per entity, by entity name (per member when folded)
    said: Finding | None = None

    @cached_property
    def first(self) -> Finding:
        """The finding that says the item: ``said``, or the member whose example call is typical
        of the group, since the item shows that one's witness. The first by name showed
        ``download_paper``'s ``{"check_status":false,"paper_id":""}`` for ``additionalProperties:
        false`` added to four tools, a call that shows the property that tool lost, where the
        other three's showed the extra key alone (new-user trial, round 44). So: the example
        most members share, then the shortest, then the first by name; all else they share."""
        if self.said is not None:
            return self.said
        shown = [_fact(_example(f)) for f in self.findings]
        if len(set(shown)) < 2:
            return self.findings[0]
        shared = Counter(shown)
        typical = min(range(len(shown)), key=lambda i: (-shared[shown[i]], len(shown[i]), i))
        return self.findings[typical]

    @property
    def kind(self) -> str:
        return self.first.entity.kind.value

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(f.entity.name for f in self.findings))

    @property
    def calls_differ(self) -> bool:
        """Whether the findings' example calls differ: the item shows the first's, which must
        then name its entity (another tool's arguments may make it no call of theirs). A
        no-witness note's call counts too: "such as {"p":"","retry":0}" said for tools a and b
        was a's call, which b's new schema refuses (hostile trial, round 43)."""
        return len(self.names) > 1 and len({_fact(_example(f)) for f in self.findings
                                            if f.witness is not None and _example(f) is not None}) > 1


#: The message variant of one object member's change, and the one that says several members
#: changed alike.
MEMBERS_VARIANTS = {"property_removed": "properties_removed"}
_MEMBER_PATH = re.compile(r"^(.*)\.properties\.[^.]+$")


def said_once(findings: list[Finding]) -> list[Item]:
    """``findings`` with the same change on several entities made one item (``same_change``),
    in the order of each item's first finding, then the items that remove different members
    of one object alike made one (``_members_folded``). The server is one entity: never
    shared, and two alike findings on one entity stay two items."""
    buckets: dict[tuple[Any, ...], list[Finding]] = {}
    seen: dict[tuple[Any, ...], set[tuple[str, str]]] = {}
    for finding in findings:
        entity = (finding.entity.kind.value, finding.entity.name)
        key = same_change(finding)
        if finding.entity.kind is EntityKind.SERVER or entity in seen.setdefault(key, set()):
            key += (id(finding),)  # a bucket of its own
        seen.setdefault(key, set()).add(entity)
        buckets.setdefault(key, []).append(finding)
    return _members_folded([Item(tuple(sorted(bucket, key=lambda f: f.entity.name))) for bucket in buckets.values()])


def _member_change(finding: Finding) -> tuple[Any, ...] | None:
    """What the removals of two members of one object must share to be said as one: the
    object, the rule and everything the policy decided; not the member's name, its schema or
    its witness (each removal has its own, and the item shows the first's as an example)."""
    found = _MEMBER_PATH.match(finding.path)
    if finding.variant not in MEMBERS_VARIANTS or found is None or "property" not in finding.args:
        return None
    args = {k: v for k, v in finding.args.items() if k != "property"}
    shown = finding.witness
    return (finding.origin, finding.rule, finding.entity.kind.value, found.group(1), finding.variant, _fact(args),
            int(finding.severity), int(finding.default_severity), finding.severity_reason, finding.overridden_at,
            finding.ignored, finding.reason, finding.ignored_at, finding.at_gate, finding.fails, finding.approved,
            tuple(finding.aliases), _fact(finding.calls), finding.calls_note,
            None if shown is None else (shown.found, shown.direction))


def _members_folded(items: list[Item]) -> list[Item]:
    """Items on the same entities that remove different members of one object alike, made one
    item whose ``said`` finding names every member, at the first one's place in the order."""
    buckets: dict[tuple[Any, ...], list[Item]] = {}
    for item in items:
        key = _member_change(item.first)
        buckets.setdefault((item.names, key) if key is not None else (id(item),), []).append(item)
    out = []
    for bucket in buckets.values():
        if len(bucket) == 1:
            out.append(bucket[0])
            continue
        bucket.sort(key=lambda item: item.first.args["property"])
        first = bucket[0].first
        members = [item.first.args["property"] for item in bucket]
        said = replace(first, path=_MEMBER_PATH.sub(r"\1", first.path), variant=MEMBERS_VARIANTS[first.variant],
                       args={**first.args, "properties": members, "count": len(members)},
                       before={item.first.args["property"]: item.first.before for item in bucket}, after=None,
                       absent=())
        findings = tuple(sorted((f for item in bucket for f in item.findings),
                                key=lambda f: (f.entity.name, f.args["property"])))
        out.append(Item(findings, said))
    return out


@dataclass(frozen=True)
class Group:
    """Changes a report shows under one heading: one entity's, or those several share."""

    kind: str
    names: tuple[str, ...]
    items: list[Item]

    @property
    def shared(self) -> bool:
        return len(self.names) > 1

    @property
    def findings(self) -> list[Finding]:
        """Every finding the group stands for (each shared item once per entity)."""
        return [f for item in self.items for f in item.findings]

    @property
    def firsts(self) -> list[Finding]:
        """One finding per item: what the group shows."""
        return [item.first for item in self.items]

    def of_entity(self, name: str) -> list[Finding]:
        """The findings the group holds on the entity ``name``: one per change, each member of
        an item that folds several counted (what a header counts, as the summary does)."""
        return self._by_entity.get(name, [])

    @cached_property
    def _by_entity(self) -> dict[str, list[Finding]]:
        # Indexed once: each entity's header reads the shared groups it is in, and a scan of a
        # group of 10,000 tools per entity is quadratic (hostile trial, round 42).
        found: dict[str, list[Finding]] = {}
        for finding in self.findings:
            found.setdefault(finding.entity.name, []).append(finding)
        return found

    @property
    def shown(self) -> list[tuple[Finding, bool]]:
        """One finding per item, each with whether its example call must name its entity
        (``Item.calls_differ``)."""
        return [(item.first, item.calls_differ) for item in self.items]


def _item_order(item: Item) -> tuple[Any, ...]:
    return (-item.first.severity, item.first.path, item.first.rule)


def change_groups(findings: list[Finding]) -> list[Group]:
    """Active changes by entity, or by the entities that share them, in reading order (see
    the module doc)."""
    groups: dict[tuple[str, tuple[str, ...]], list[Item]] = {}
    for item in said_once([f for f in findings if not f.ignored]):
        groups.setdefault((item.kind, item.names), []).append(item)

    def rank(key: tuple[str, tuple[str, ...]]) -> tuple[Any, ...]:
        members = [item.first for item in groups[key]]
        return (key[0] != EntityKind.SERVER.value, not any(f.at_gate for f in members),
                -max(f.severity for f in members), len(key[1]) == 1, entity_rank(key[0]), key[0], key[1])

    return [Group(key[0], key[1], sorted(groups[key], key=_item_order)) for key in sorted(groups, key=rank)]


def shared_places(groups: list[Group]) -> list[list[tuple[Group, bool]]]:
    """For each of ``groups``, the groups of several entities that hold changes of its one
    entity, each with whether it comes above it, in reading order; none for a shared group or
    the server's. An entity's header counts only what is listed under it, so it must say what
    is said once with other entities elsewhere (new-user trial, round 13: a tool headed "1
    breaking, 1 documentation" had a third change under "51 tools", 40 lines above). Made in
    one pass over an index of the shared groups by entity: a scan of every group for each
    entity took 19 s of a 10,000-tool diff's text (hostile trial, round 42)."""
    holding: dict[tuple[str, str], list[int]] = {}
    for at, other in enumerate(groups):
        if other.shared:
            for name in other.names:
                holding.setdefault((other.kind, name), []).append(at)
    places: list[list[tuple[Group, bool]]] = []
    for index, group in enumerate(groups):
        if group.shared or group.kind == EntityKind.SERVER.value:
            places.append([])
            continue
        places.append([(groups[at], at < index) for at in holding.get((group.kind, group.names[0]), ())])
    return places


def ignored_items(findings: list[Finding]) -> list[Item]:
    """The ignored changes, each said once for the entities it is on (same reason, same line)."""
    return said_once([f for f in findings if f.ignored])


def level_groups(findings: list[Finding]) -> list[tuple[Level, list[Finding]]]:
    """Active lint findings by level, errors first (each list keeps the findings' order)."""
    active = [f for f in findings if not f.ignored]
    return [(level, group) for level in sorted(Level, reverse=True)
            if (group := [f for f in active if f.severity is level])]


def inherited_codes(report: Report) -> list[tuple[str, int]]:
    """``(code, count)`` of a diff's active inherited lint findings (the old side had them
    too), most first, then by code: the human-readable formats count them, not list them."""
    counted = Counter(f.rule for f in report.inherited if not f.ignored)
    return sorted(counted.items(), key=lambda kv: (-kv[1], kv[0]))


def resolved_checks(report: Report) -> list[Finding]:
    """The old side's lint findings the change resolved (``Report.resolved``), active ones: the
    diff's formats list them in full, as the introduced ones."""
    return [f for f in report.resolved if not f.ignored]


def needs_advice(finding: Finding) -> bool:
    if finding.ignored:
        return False
    if isinstance(finding.severity, Level):
        return finding.fails or finding.severity >= Level.WARNING
    return finding.at_gate or finding.severity >= ADVISE_FROM


def advice_once(findings: list[Finding]) -> list[tuple[str, str]]:
    """``(rule id, advice)`` of every rule a reader must act on, once each, in rule order. A
    rule whose findings of one variant have advice of their own (rules/*.yaml,
    ``variant_advice``) is listed once per advice its findings have."""
    seen: set[tuple[str, str]] = set()
    for finding in findings:
        if needs_advice(finding) and finding.advice:
            seen.add((finding.rule, finding.advice))
    return sorted(seen)


_WHY = {
    "severity_overrides": "severity_overrides",
    "rules": "set by --rule",  # or lint.rules, when a line says where (severity_note)
    "compliance": "lowered by the compliance policy",
    "folded": "raised by a folded code",
}


def severity_note(finding: Finding, config: str | None = None) -> str | None:
    """``default POTENTIALLY_BREAKING; severity_overrides (.mcp-inspect.yml line 7)`` when the
    configuration or the policy moved the severity, else None. ``config`` names the file."""
    if not finding.overridden:
        return finding.lifecycle
    note = f"default {finding.default_severity.label}"
    why = finding.lifecycle if finding.severity_reason == "deprecation" else _WHY.get(finding.severity_reason or "")
    if finding.severity_reason == "rules":  # a line means the file's lint.rules; none, --rule
        why = "lint.rules" if finding.overridden_at is not None else "set by --rule"
    if why:
        note += f"; {why}"
    if finding.overridden_at is not None:
        note += f" ({config or 'configuration'} line {finding.overridden_at})"
    if finding.lifecycle and finding.severity_reason != "deprecation":
        note += f"; {finding.lifecycle}"
    return note


#: A deleted or inserted run longer than this is cut in the middle when shown (characters).
SHOWN_CHANGE = 160
#: At most this many segments are shown; the rest are counted.
SHOWN_SEGMENTS = 24


def _cut(text: str, limit: int = SHOWN_CHANGE) -> str:
    return clip_middle(" ".join(text.split()), limit)


def prose_segments(finding: Finding) -> list[Segment] | None:
    """The word-level diff of a prose change (both sides text), else None; runs of changed
    words and their number are cut to what a reader takes in at a glance."""
    before, after = finding.before, finding.after
    # A graded default (a declared null is documentation) is a value, not prose.
    if not finding.definition.graded or finding.definition.aspect == "defaults" \
            or not (isinstance(before, str) or isinstance(after, str)):
        return None
    if before is not None and not isinstance(before, str) or after is not None and not isinstance(after, str):
        return None
    segments = word_diff(before or "", after or "")
    if not any(op != "=" for op, _ in segments):
        return None
    shown = [(op, _cut(text)) for op, text in segments[:SHOWN_SEGMENTS]]
    if len(segments) > SHOWN_SEGMENTS:
        shown.append(("=", f"… ({len(segments) - SHOWN_SEGMENTS} more changes)"))
    return shown


#: A word diff written on one line (an annotation) is cut after this many characters.
INLINE_WORDS = 600


def inline_words(finding: Finding, limit: int = INLINE_WORDS) -> str | None:
    """A prose change's word diff on one line (``[-deleted-] {+inserted+}``), cut to ``limit``
    characters, else None: for the formats with no room for a nested line."""
    segments = prose_segments(finding)
    if not segments:
        return None
    marks = {"=": ("", ""), "-": ("[-", "-]"), "+": ("{+", "+}")}
    said = " ".join(marks[op][0] + text + marks[op][1] for op, text in segments)
    return clip(said, limit)


def ignored(report: Report) -> list[Finding]:
    return [f for f in report.changes if f.ignored]


#: The last property a path goes through: ``.properties.units`` or ``.properties["a b"]``.
_LAST_PROPERTY = re.compile(r'\.properties(?:\.([^.\[]+)|\[("(?:[^"\\]|\\.)*")\])')


def needs_place(finding: Finding) -> bool:
    """A change inside a schema that its message alone does not place: a parameter it does
    not name ("enum lost 'metric'"), a nested property ("property 'ref' removed" under
    ``fields.items``), a returned field (under ``outputSchema``), or a keyword of the schema
    itself ("title changed" at ``inputSchema.title`` reads like the tool's title)."""
    path = finding.path or ""
    if not path.startswith(("inputSchema.", "outputSchema.", "inputSchema[", "outputSchema[")):
        return False
    if path.startswith("outputSchema"):
        return True
    found = list(_LAST_PROPERTY.finditer(path))
    if len(found) != 1:
        return True
    last = found[0]
    name = last.group(1) if last.group(1) is not None else json.loads(last.group(2))
    # Messages quote the names they give ('units'); a bare word ('value') is not a name.
    return not any(f"{mark}{name}{mark}" in finding.message for mark in "'\"`")
