"""GitHub Actions workflow commands: one annotation per finding, then a summary.

Printed to a step's stdout, each ``::error``/``::warning``/``::notice`` line becomes an
annotation on the run (and on the file, when ``file=`` names one in the repository).
``file=`` is the new side's file from the repository's root (report/locations.py); a
live server or stdin is no file, and its annotations name none.
The runner reads commands from the start of every log line, so server-provided text is
encoded (see escape.workflow_data) and can never begin a line of its own.
"""

from __future__ import annotations

from ..model import DiffResult, EntityKind, Finding, Severity
from .escape import workflow_data, workflow_property
from .lint_section import github_lines
from .locations import place_of

#: Advice is added where a reviewer must act, as in the text report: from
#: POTENTIALLY_BREAKING up, and for anything that trips a lower gate.
_ADVISE_FROM = Severity.POTENTIALLY_BREAKING
_LABEL = {
    Severity.BREAKING: "breaking",
    Severity.POTENTIALLY_BREAKING: "potentially breaking",
    Severity.NON_BREAKING: "non-breaking",
    Severity.DOCUMENTATION: "documentation",
}


def _command(result: DiffResult, finding: Finding) -> str:
    # The gate decides ::error, so a run's red annotations are exactly what failed it.
    if finding.severity >= result.fail_on:
        return "error"
    if finding.severity is Severity.POTENTIALLY_BREAKING:
        return "warning"
    return "notice"


def _properties(file: str | None, title: str) -> str:
    # A source that is no file gets no file=: an annotation with a bogus one is dropped by GitHub.
    props = [f"file={workflow_property(file)}"] if file else []
    props.append(f"title={workflow_property(title)}")
    return ",".join(props)


def _line(result: DiffResult, finding: Finding, file: str | None) -> str:
    if finding.entity.kind is EntityKind.SERVER:
        text = f"server: {finding.message}"
    else:
        text = f"{finding.entity.kind.value} {finding.entity.name}: {finding.message}"
    if finding.severity >= min(_ADVISE_FROM, result.fail_on) and finding.advice:
        text += f" — {finding.advice}"
    title = f"{finding.rule} ({finding.severity.name})"
    return f"::{_command(result, finding)} {_properties(file, title)}::{workflow_data(text)}"


def summary(result: DiffResult) -> str:
    counts = result.counts()
    parts = [f"{counts[s.name]} {_LABEL[s]}" for s in sorted(Severity, reverse=True)]
    parts.append(f"{counts['ignored']} ignored")
    verdict = "fail" if result.failed else "pass"
    return f"{', '.join(parts)}. Gate: {verdict} (fails on {result.fail_on.name} and above)."


def render_github(result: DiffResult) -> str:
    file = place_of(result.new.source, result.new.fingerprint).annotation_file
    lines = [_line(result, f, file) for f in result.findings if not f.ignored]
    lines += github_lines(result, file)
    # Configuration warnings (stale ignores, ...) would otherwise go unseen in CI.
    lines += [f"::warning title=mcp-inspect::{workflow_data(w)}" for w in result.warnings]
    lines.append(f"::notice title=mcp-inspect::{workflow_data(summary(result))}")
    return "\n".join(lines) + "\n"
