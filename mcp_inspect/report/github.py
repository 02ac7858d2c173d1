"""GitHub Actions workflow commands: one annotation per finding, then a summary.

Printed to a step's stdout, each ``::error``/``::warning``/``::notice`` line becomes an
annotation on the run (and on the file, when ``file=`` names one in the repository).
``file=`` is the new side's file from the repository's root (``report.location``); a live
server or stdin is no file, and its annotations name none.
The runner reads commands from the start of every log line, so server-provided text is
encoded (see escape.workflow_data) and can never begin a line of its own.
"""

from __future__ import annotations

from ..escape import workflow_data, workflow_property
from ..findings.finding import Finding
from ..findings.report import Report
from ..findings.severity import Level, Severity
from ..locations import Place
from ..model import EntityKind
from .phrases import (
    counts_phrase,
    lint_counts_line,
    maturity_delta_phrase,
    maturity_phrase,
    token_delta_phrase,
    tokens_phrase,
    verdict_phrase,
)

#: Advice is added where a reviewer must act, as in the text report: from
#: POTENTIALLY_BREAKING up, and for anything that trips a lower gate.
_ADVISE_FROM = Severity.POTENTIALLY_BREAKING
_LABEL = {
    Severity.BREAKING: "breaking",
    Severity.POTENTIALLY_BREAKING: "potentially breaking",
    Severity.NON_BREAKING: "non-breaking",
    Severity.DOCUMENTATION: "documentation",
}


def _properties(file: str | None, title: str) -> str:
    # A source that is no file gets no file=: an annotation with a bogus one is dropped by GitHub.
    props = [f"file={workflow_property(file)}"] if file else []
    props.append(f"title={workflow_property(title)}")
    return ",".join(props)


def _place(report: Report) -> Place:
    return report.location if isinstance(report.location, Place) else Place(None)


def _change_line(report: Report, finding: Finding, file: str | None) -> str:
    # The gate decides ::error, so a run's red annotations are exactly what failed it.
    command = "error" if finding.at_gate else "warning" if finding.severity is Severity.POTENTIALLY_BREAKING \
        else "notice"
    if finding.entity.kind is EntityKind.SERVER:
        text = f"server: {finding.message}"
    else:
        text = f"{finding.entity.kind.value} {finding.entity.name}: {finding.message}"
    if finding.severity >= min(_ADVISE_FROM, report.gate.changes) and finding.advice:
        text += f" — {finding.advice}"
    title = f"{finding.rule} ({finding.severity.label})"
    return f"::{command} {_properties(file, title)}::{workflow_data(text)}"


def _check_line(finding: Finding, file: str | None, server: str | None = None) -> str:
    command = "error" if finding.fails else ("warning" if finding.severity >= Level.WARNING else "notice")
    props = [f"file={workflow_property(file)}"] if file else []
    props.append(f"title={workflow_property(f'{finding.rule} ({finding.severity.label})')}")
    # The servers of one mcp.json share its file=: the text says which server it is.
    text = ("" if server is None else f"server {server}, ") + f"{finding.location}: {finding.message}"
    if finding.advice and finding.severity >= Level.WARNING:
        text += f" — {finding.advice}"
    return f"::{command} {','.join(props)}::{workflow_data(text)}"


def summary(report: Report) -> str:
    counts = report.counts()
    parts = [f"{counts[s.name]} {_LABEL[s]}" for s in sorted(Severity, reverse=True)]
    parts.append(f"{counts['ignored']} ignored")
    verdict = "fail" if report.failed else "pass"
    return f"{', '.join(parts)}. Gate: {verdict} (fails on {report.gate.changes.name} and above)."


def _diff(report: Report) -> list[str]:
    file = _place(report).annotation_file
    lines = [_change_line(report, f, file) for f in report.changes if not f.ignored]
    if report.linted:
        lines += [_check_line(f, file) for f in report.introduced if not f.ignored]
        note = (f"Lint ({report.profile} profile): {lint_counts_line(report)}. "
                f"Tool definitions: {token_delta_phrase(report)}.")
        if report.new.verdicts is not None and report.old is not None and report.old.maturity is not None:
            note += f" {verdict_phrase(report, report.new)}; {maturity_delta_phrase(report)}."
        lines.append(f"::notice title=mcp-inspect lint::{workflow_data(note)}")
    # Configuration warnings (stale ignores, ...) would otherwise go unseen in CI.
    lines += [f"::warning title=mcp-inspect::{workflow_data(w)}" for w in report.warnings]
    lines.append(f"::notice title=mcp-inspect::{workflow_data(summary(report))}")
    return lines


def _lint(reports: list[Report]) -> list[str]:
    lines = []
    for report in reports:
        place = _place(report)
        lines += [_check_line(f, place.annotation_file, place.server) for f in report.checks if not f.ignored]
        lines += [f"::warning title=mcp-inspect::{workflow_data(w)}" for w in report.warnings]
        verdict = "fail" if report.failed else "pass"
        assert report.new.tokens is not None
        said = (f"{report.new.name or report.new.source}: {counts_phrase(report.check_counts())}; "
                f"{tokens_phrase(report.new.tokens)}. Gate: {verdict}.")
        if report.new.verdicts is not None:
            said += f" {verdict_phrase(report, report.new)}; {maturity_phrase(report.new)}."
        lines.append(f"::notice title=mcp-inspect lint::{workflow_data(said)}")
    return lines


def render_github(reports: Report | list[Report]) -> str:
    if isinstance(reports, Report) and reports.is_diff:
        lines = _diff(reports)
    else:
        lines = _lint(reports if isinstance(reports, list) else [reports])
    return "\n".join(lines) + "\n"
