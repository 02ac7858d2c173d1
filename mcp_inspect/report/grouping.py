"""How every human-facing format orders and annotates findings, decided once.

- Changes are grouped by entity (tool → its findings): the server's first (its changes
  concern every caller), then the entities holding a finding at the gate, then the rest by
  their most severe finding, then by kind and name; within an entity, most severe first.
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

from ..findings.finding import Finding
from ..findings.report import Report
from ..findings.severity import Level, Severity
from ..model import EntityKind
from ..textdiff import Segment, clip, clip_middle, word_diff

#: Advice is shown for changes from this severity up, and for anything at the gate.
ADVISE_FROM = Severity.POTENTIALLY_BREAKING

Group = tuple[tuple[str, str], list[Finding]]


#: A severity as a heading or table label, in every format that writes one.
SEVERITY_HEADING = {
    Severity.BREAKING: "Breaking",
    Severity.POTENTIALLY_BREAKING: "Potentially breaking",
    Severity.NON_BREAKING: "Non-breaking",
    Severity.DOCUMENTATION: "Documentation",
}

def entity_label(finding: Finding) -> str:
    if finding.entity.kind is EntityKind.SERVER:
        return "server"
    return f"{finding.entity.kind.value} {finding.entity.name}"


def change_groups(findings: list[Finding]) -> list[Group]:
    """Active changes by entity, in reading order (see the module doc)."""
    groups: dict[tuple[str, str], list[Finding]] = {}
    for finding in findings:
        if not finding.ignored:
            groups.setdefault((finding.entity.kind.value, finding.entity.name), []).append(finding)

    def rank(key: tuple[str, str]) -> tuple[bool, bool, int, str, str]:
        members = groups[key]
        return (key[0] != EntityKind.SERVER.value, not any(f.at_gate for f in members),
                -max(f.severity for f in members), key[0], key[1])

    return [(key, sorted(groups[key], key=lambda f: (-f.severity, f.path, f.rule)))
            for key in sorted(groups, key=rank)]


def level_groups(findings: list[Finding]) -> list[tuple[Level, list[Finding]]]:
    """Active lint findings by level, errors first (each list keeps the findings' order)."""
    active = [f for f in findings if not f.ignored]
    return [(level, group) for level in sorted(Level, reverse=True)
            if (group := [f for f in active if f.severity is level])]


def needs_advice(finding: Finding) -> bool:
    if finding.ignored:
        return False
    if isinstance(finding.severity, Level):
        return finding.fails or finding.severity >= Level.WARNING
    return finding.at_gate or finding.severity >= ADVISE_FROM


def advice_once(findings: list[Finding]) -> list[tuple[str, str]]:
    """``(rule id, advice)`` of every rule a reader must act on, once each, in rule order."""
    seen: dict[str, str] = {}
    for finding in findings:
        if needs_advice(finding) and finding.advice and finding.rule not in seen:
            seen[finding.rule] = finding.advice
    return sorted(seen.items())


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
        return None
    note = f"default {finding.default_severity.label}"
    why = _WHY.get(finding.severity_reason or "")
    if finding.severity_reason == "rules":  # a line means the file's lint.rules; none, --rule
        why = "lint.rules" if finding.overridden_at is not None else "set by --rule"
    if why:
        note += f"; {why}"
    if finding.overridden_at is not None:
        note += f" ({config or 'configuration'} line {finding.overridden_at})"
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
    if not finding.definition.graded or not (isinstance(before, str) or isinstance(after, str)):
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
