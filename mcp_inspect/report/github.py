"""GitHub Actions workflow commands: annotations, within what GitHub shows, then a summary.

Printed to a step's stdout, each ``::error``/``::warning``/``::notice`` line becomes an
annotation on the run (and on the file, when ``file=`` names one in the repository).
GitHub shows at most 10 annotations of each kind per step (and 50 per job), so:

- findings of one rule on one entity make one annotation ("and 2 more of this rule");
- the annotations that fail the gate come first, then by severity;
- at most ``PER_KIND`` of each kind are printed, the summary notices included, and a
  closing notice says how many more there are, for the job summary (``--format markdown``).

``file=`` is the new side's file from the repository's root (``report.location``); a live
server or stdin is no file, and its annotations name none. A finding located in the server's
code (``Finding.source``, docs/source.md) is annotated at that file, line and column. The runner reads commands from
the start of every log line, so server-provided text is encoded (escape.workflow_data) and
can never begin a line of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..findings.finding import Finding, SourceLocation
from ..findings.report import Report
from ..findings.severity import Level, Severity
from ..sources.locations import Place
from ..text.escape import workflow_data, workflow_property
from .calls_text import calls_summary_lines, finding_calls_phrase
from .grouping import (
    Item,
    entity_rank,
    inherited_codes,
    inline_words,
    needs_advice,
    needs_place,
    resolved_checks,
    said_once,
    severity_note,
)
from .model_review import github_lines
from .phrases import (
    changes_gate_phrase,
    counts_phrase,
    entities_phrase,
    gate_reasons,
    inherited_codes_phrase,
    lint_alone_phrase,
    lint_counts_line,
    lint_heading,
    maturity_delta_phrase,
    maturity_phrase,
    token_delta_phrase,
    tokens_phrase,
    unwitnessed_phrase,
    verdict_phrase,
    witness_phrase,
)

#: What GitHub displays of each kind of annotation per step.
PER_KIND = 10
_KINDS = ("error", "warning", "notice")
_LABEL = {
    Severity.BREAKING: "breaking",
    Severity.POTENTIALLY_BREAKING: "potentially breaking",
    Severity.NON_BREAKING: "non-breaking",
    Severity.DOCUMENTATION: "documentation",
}


@dataclass
class _Annotation:
    kind: str  # error, warning, notice
    rank: tuple[int, ...]  # lower first
    line: str


def _properties(file: str | None, title: str, source: SourceLocation | None = None) -> str:
    # A source that is no file gets no file=: an annotation with a bogus one is dropped by GitHub.
    # A finding located in the server's code is annotated there instead: on a PR, GitHub shows
    # it in the diff view when that line is among the changed ones.
    if source is not None:
        props = [f"file={workflow_property(source.file)}", f"line={source.line}", f"col={source.column}"]
    else:
        props = [f"file={workflow_property(file)}"] if file else []
    props.append(f"title={workflow_property(title)}")
    return ",".join(props)


def _place(report: Report) -> Place:
    return report.location if isinstance(report.location, Place) else Place(None)


def _kind(finding: Finding) -> str:
    # The gate decides ::error, so a run's red annotations are exactly what failed it.
    if finding.origin == "lint":
        return "error" if finding.fails else "warning" if finding.severity >= Level.WARNING else "notice"
    if finding.at_gate:
        return "error"
    return "warning" if finding.severity is Severity.POTENTIALLY_BREAKING else "notice"


def _grouped(findings: list[Finding], lint: bool = False) -> list[list[Item]]:
    """Findings of one rule on one entity together, in the findings' order; a change said
    alike on several entities is one item (grouping.said_once), and the items of one rule on
    the same entities are one annotation."""
    items = [Item((f,)) for f in findings] if lint else said_once(findings)
    groups: dict[tuple[str, str, tuple[str, ...]], list[Item]] = {}
    for item in items:
        if not item.first.ignored:
            groups.setdefault((item.first.rule, item.kind, item.names), []).append(item)
    return list(groups.values())


def _annotation(group: list[Item], report: Report, file: str | None, server: str | None = None) -> _Annotation:
    first = max((item.first for item in group), key=lambda f: (f.fails or f.at_gate, f.severity))
    names = group[0].names
    kind = _kind(first)
    where = first.location if first.origin == "lint" else entities_phrase(first.entity.kind.value, names)
    text = ("" if server is None else f"server {server}, ") + f"{where}: {first.message}"
    if first.origin != "lint" and needs_place(first):  # which parameter, field or keyword
        text += f" at {first.path}"
    words = inline_words(first)
    if words:  # the edit itself, not only its kind
        text += f" ({words})"
    named = any(item.calls_differ for item in group if item.first is first)
    witness_at = len(text)  # safe already, and encoded apart: plain() would change the call
    shown = f" ({shown})" if (shown := witness_phrase(first, named)) is not None else ""
    if len(group) > 1:
        text += f" (and {len(group) - 1} more of this rule {'in each' if len(names) > 1 else 'here'})"
    note = severity_note(first, report.config_source)
    if note:
        text += f" [{first.severity.label}: {note}]"
    calls = finding_calls_phrase(first)
    if calls:
        text += f" [{calls}]"
    if needs_advice(first) and first.advice:
        text += f" — {first.advice}"
    title = f"{first.rule} ({first.severity.label})"
    # Within a severity, what agents call first (tools, prompts, resource templates, resources),
    # the server last (a capability withdrawn is said again by the removals of what it served),
    # and a change said for many entities before one said for one (docs/ci.md).
    rank = (_KINDS.index(kind), -int(first.severity), entity_rank(first.entity.kind.value), -len(names))
    # One entity's findings point at its code; an annotation said for several entities at none.
    source = first.source if len(names) == 1 else None
    said = workflow_data(text[:witness_at]) + workflow_data(shown, inert=True) + workflow_data(text[witness_at:])
    return _Annotation(kind, rank, f"::{kind} {_properties(file, title, source)}::{said}")


def _waived(finding: Finding, file: str | None) -> _Annotation:
    """A finding an approval or an ignore entry let pass, as a notice with its reason: every
    report shows the reason (docs/configuration.md), and an ignored one was left out here
    (hostile trial, round 27). After every other notice, the approvals first, so the ones
    GitHub has no room for are these."""
    where = finding.location if finding.origin == "lint" else \
        entities_phrase(finding.entity.kind.value, (finding.entity.name,))
    reason = (finding.reason or "").strip()
    said = reason if finding.approved else f"ignored: {reason}" if reason else "ignored by configuration"
    title = f"{finding.rule} ({'approved' if finding.approved else 'ignored'})"
    rank = (_KINDS.index("notice"), 1 if finding.approved else 2, True, 0)
    return _Annotation("notice", rank, f"::notice {_properties(file, title, finding.source)}::"
                                       f"{workflow_data(f'{where}: {finding.message} — {said}')}")


def _limit(annotations: list[_Annotation], closing: list[_Annotation]) -> list[str]:
    """The annotations GitHub will show, most important first, then ``closing`` (summary
    notices and warnings), and a last notice counting what was left out."""
    room = {kind: PER_KIND - sum(1 for a in closing if a.kind == kind) for kind in _KINDS}
    room["notice"] -= 1  # the closing count, should anything be left out
    shown, left = [], 0
    for annotation in sorted(annotations, key=lambda a: a.rank):
        if room[annotation.kind] > 0:
            room[annotation.kind] -= 1
            shown.append(annotation.line)
        else:
            left += 1
    lines = shown + [a.line for a in closing]
    if left:
        said = (f"{left} more annotation{'s' if left != 1 else ''} than GitHub shows per step; the job summary "
                "(--format markdown) and --format json list every finding.")
        lines.append(f"::notice title=mcp-inspect::{workflow_data(said)}")
    return lines


def summary(report: Report) -> str:
    counts = report.counts()
    parts = [f"{counts[s.name]} {_LABEL[s]}" for s in sorted(Severity, reverse=True)]
    parts.append(f"{counts['ignored']} ignored")
    verdict = ("fail" if report.failed else "pass") + lint_alone_phrase(report)
    unseen = unwitnessed_phrase(report)
    return (f"{', '.join(parts)}. Gate: {verdict} ({changes_gate_phrase(report)})."
            + (f" {unseen[0].upper()}{unseen[1:]}." if unseen else ""))


def _warnings(report: Report) -> list[_Annotation]:
    # Configuration warnings (stale ignores, ...) would otherwise go unseen in CI.
    return [_Annotation("warning", (), f"::warning title=mcp-inspect::{workflow_data(w)}") for w in report.warnings]


def _gate_errors(report: Report) -> list[_Annotation]:
    return [_Annotation("error", (), f"::error title=mcp-inspect gate::{workflow_data(said)}")
            for said in gate_reasons(report)]


def _diff(report: Report) -> list[str]:
    file = _place(report).annotation_file
    annotations = [_annotation(group, report, file) for group in _grouped(report.changes)]
    # An approved or ignored change is said once, as a notice with its reason.
    annotations += [_waived(f, file) for f in report.changes if f.ignored]
    closing = _warnings(report)
    if report.linted:
        # What the change introduced, and an inherited finding only where it fails the gate.
        listed = [*report.introduced, *(f for f in report.inherited if f.fails)]
        annotations += [_annotation(group, report, file) for group in _grouped(listed, lint=True)]
        annotations += [_waived(f, file) for f in report.introduced if f.ignored]
        note = f"Lint ({lint_heading(report)}): {lint_counts_line(report)}. "
        gone = resolved_checks(report)
        if gone:  # fixed by the change: no place in the new file to annotate
            note += f"Resolved by the change: {', '.join(f'{f.rule} {f.location}' for f in gone)}. "
        codes = inherited_codes(report)
        if codes:  # counted per code, never an annotation each
            said = inherited_codes_phrase(codes)
            note += said[0].upper() + said[1:] + ". "
        note += f"Tool definitions: {token_delta_phrase(report)}."
        if report.new.verdicts is not None and report.old is not None and report.old.maturity is not None:
            note += f" {verdict_phrase(report, report.new)}; {maturity_delta_phrase(report)}."
        closing.append(_Annotation("notice", (), f"::notice title=mcp-inspect lint::{workflow_data(note)}"))
    if report.calls is not None:
        said = "; ".join(calls_summary_lines(report.calls))
        closing.append(_Annotation("notice", (), f"::notice title=mcp-inspect calls::{workflow_data(said)}"))
    closing.append(_Annotation("notice", (), f"::notice title=mcp-inspect::{workflow_data(summary(report))}"))
    # A reason the gate fails that no finding's annotation carries (a token budget, a client's
    # verdict, the maturity drop) is an error of its own, so a red run always shows one.
    closing[:0] = _gate_errors(report)
    return _limit(annotations, closing)


#: Up to this many servers get a summary notice each; more share one.
_SERVER_NOTICES = 3


def _lint(reports: list[Report]) -> list[str]:
    annotations: list[_Annotation] = []
    closing: list[_Annotation] = []
    notices: list[_Annotation] = []
    for report in reports:
        place = _place(report)
        annotations += [_annotation(group, report, place.annotation_file, place.server)
                        for group in _grouped(report.checks, lint=True)]
        annotations += [_waived(f, place.annotation_file) for f in report.checks if f.ignored]
        closing += _warnings(report)
        closing += _gate_errors(report)
        verdict = "fail" if report.failed else "pass"
        assert report.new.tokens is not None
        said = (f"{report.new.name or report.new.source}: {counts_phrase(report.check_counts())}; "
                f"{tokens_phrase(report.new.tokens, report.profile)}. Gate: {verdict}.")
        if report.new.verdicts is not None:
            said += f" {verdict_phrase(report, report.new)}; {maturity_phrase(report.new)}."
        notices.append(_Annotation("notice", (), f"::notice title=mcp-inspect lint::{workflow_data(said)}"))
    if len(notices) > _SERVER_NOTICES:
        failing = sum(1 for r in reports if r.failed)
        said = f"{len(reports)} servers linted, {failing} failing the gate; the job summary has each."
        notices = [_Annotation("notice", (), f"::notice title=mcp-inspect lint::{workflow_data(said)}")]
    return _limit(annotations, closing[:PER_KIND] + notices)


def render_github(reports: Report | list[Report]) -> str:
    if isinstance(reports, Report) and reports.is_diff:
        lines = _diff(reports)
    else:
        lines = _lint(reports if isinstance(reports, list) else [reports])
    # A model's opinions as plain log lines, after the annotations: never a command, so they
    # neither look like findings nor use up what GitHub shows.
    lines += github_lines(reports if isinstance(reports, list) else [reports])
    return "\n".join(lines) + "\n"
