"""Human-readable reports for a terminal: a diff's findings by severity with its lint, or a
lint's findings by level with the token cost, then a summary.

Server-provided text is wrapped in rich ``Text`` objects (never parsed as markup) after
control characters are neutralised, so a description cannot style or rewrite the terminal.
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from ..escape import inert_lines, one_line, plain
from ..findings.finding import Finding
from ..findings.report import Report
from ..findings.severity import Level, Severity, threshold_label
from .console import text_console, wrapped
from .phrases import (
    counts_phrase,
    lint_counts_line,
    lint_gate_phrase,
    maturity_delta_phrase,
    maturity_phrase,
    plural,
    token_delta_phrase,
    tokens_phrase,
    verdict_phrase,
)

_STYLE = {
    Severity.BREAKING: "bold red",
    Severity.POTENTIALLY_BREAKING: "yellow",
    Severity.NON_BREAKING: "green",
    Severity.DOCUMENTATION: "cyan",
}
_LEVEL_STYLE = {Level.ERROR: "bold red", Level.WARNING: "yellow", Level.INFO: "cyan"}
LABEL = {
    Severity.BREAKING: "Breaking",
    Severity.POTENTIALLY_BREAKING: "Potentially breaking",
    Severity.NON_BREAKING: "Non-breaking",
    Severity.DOCUMENTATION: "Documentation",
}
_HEADING = {Level.ERROR: "Errors", Level.WARNING: "Warnings", Level.INFO: "Info"}
#: Advice is printed where a reader must act; additive changes stay one line each.
_ADVISE_FROM = Severity.POTENTIALLY_BREAKING
#: A finding's message and advice sit under its rule id.
_INDENT = 6
#: How many of the costliest tools the lint report lists.
TOP_TOOLS = 10


def render_text(reports: Report | list[Report], *, color: bool = False, width: int = 100) -> str:
    buffer = io.StringIO()
    console = text_console(buffer, color=color, width=width)
    if isinstance(reports, Report) and reports.is_diff:
        _diff(console, reports)
    else:
        for index, report in enumerate(reports if isinstance(reports, list) else [reports]):
            if index:
                console.print()
            _lint(console, report)
    return inert_lines(buffer.getvalue())


# --- a diff -------------------------------------------------------------------------------


def _entity(finding: Finding) -> str:
    if finding.entity.kind.value == "server":
        return "server"
    return f"{finding.entity.kind.value} {finding.entity.name}"


def _change(console: Console, finding: Finding, gate: Severity) -> None:
    assert isinstance(finding.severity, Severity)
    style = _STYLE[finding.severity]
    head = Text("  ")
    head.append(finding.rule, style=style)
    head.append("  ")
    head.append(one_line(_entity(finding)), style="bold")
    if finding.path:
        head.append(f"  at {one_line(finding.path)}", style="dim")
    console.print(head, soft_wrap=True)
    wrapped(console, plain(finding.message), _INDENT)
    if finding.severity >= min(_ADVISE_FROM, gate) and finding.advice:
        wrapped(console, "→ " + plain(finding.advice), _INDENT, style="dim")


def _diff(console: Console, report: Report) -> None:
    assert report.old is not None
    for label, side in (("old", report.old), ("new", report.new)):
        line = Text(f"{label}  ", style="bold")
        line.append(one_line(side.source))
        line.append(f"  {side.fingerprint[:12]}", style="dim")
        console.print(line)
    changes = report.changes
    active = [f for f in changes if not f.ignored]
    for severity in sorted(Severity, reverse=True):
        group = [f for f in active if f.severity is severity]
        if group:
            console.print()
            console.print(Text(f"{LABEL[severity]} ({len(group)})", style=_STYLE[severity]))
            for finding in group:
                _change(console, finding, report.gate.changes)
    ignored = [f for f in changes if f.ignored]
    if ignored:
        console.print()
        console.print(Text(f"Ignored by configuration ({len(ignored)})", style="dim"))
        for finding in ignored:
            console.print(Text(f"  {finding.rule}  {one_line(_entity(finding))}: "
                               f"{one_line(finding.reason or '')}", style="dim"))
    if report.linted:
        _diff_lint(console, report)
    console.print()
    console.print(summary_text(report), soft_wrap=True)


def _diff_lint(console: Console, report: Report) -> None:
    introduced = [f for f in report.introduced if not f.ignored]
    inherited = [f for f in report.inherited if not f.ignored]
    console.print()
    head = Text(f"Lint ({report.profile} profile): ", style="bold")
    head.append(lint_counts_line(report))
    console.print(head, soft_wrap=True)
    for finding in introduced:
        _check(console, finding, advise=finding.fails or finding.level >= Level.WARNING)
    if inherited:
        console.print(Text(f"  Inherited from the old side: {counts_phrase(report.check_counts(report.inherited))} "
                           "(mcp-inspect lint NEW lists them).", style="dim"), soft_wrap=True)
    ignored = [(f, "introduced") for f in report.introduced if f.ignored] + \
              [(f, "inherited") for f in report.inherited if f.ignored]
    if ignored:  # as the diff's ignored findings: code, place, reason
        console.print(Text(f"  Ignored by configuration ({len(ignored)})", style="dim"))
        for finding, origin in ignored:
            console.print(Text(f"    {finding.rule}  {one_line(finding.location)} ({origin}): "
                               f"{one_line(finding.reason or 'ignored by configuration')}", style="dim"),
                          soft_wrap=True)
    console.print(Text("  Tool definitions: " + token_delta_phrase(report)), soft_wrap=True)
    if report.new.verdicts is not None and report.old is not None and report.old.maturity is not None:
        console.print(Text("  " + one_line(f"{verdict_phrase(report, report.new)}; {maturity_delta_phrase(report)}.")),
                      soft_wrap=True)


def summary_text(report: Report) -> Text:
    counts = report.counts()
    parts = [f"{counts[s.name]} {LABEL[s].lower()}" for s in sorted(Severity, reverse=True)]
    if counts["ignored"]:
        parts.append(f"{counts['ignored']} ignored")
    line = Text("No changes. " if not report.changes else "Summary: " + ", ".join(parts) + ". ")
    line.append("Gate: ")
    line.append("FAIL" if report.failed else "pass", style="bold red" if report.failed else "bold green")
    line.append(f" (fails on {report.gate.changes.name} and above)")
    if report.linted:
        failing = report.failing_checks()
        suffix = Text(f". Lint: {len(failing)} finding{'s' if len(failing) != 1 else ''} failing the gate"
                      if failing else ". Lint: pass")
        suffix.append(f" ({lint_gate_phrase(report)}).")
        if failing:
            suffix.stylize(_LEVEL_STYLE[Level.ERROR])
        line.append(suffix)
    return line


# --- a lint -------------------------------------------------------------------------------


def _check(console: Console, finding: Finding, *, advise: bool, indent: int = 2) -> None:
    head = Text(" " * indent)
    head.append(finding.rule, style=_LEVEL_STYLE[finding.level])
    head.append("  ")
    head.append(one_line(finding.location), style="bold")
    console.print(head, soft_wrap=True)
    wrapped(console, plain(finding.message), indent + 4)
    if advise and finding.advice:
        wrapped(console, "→ " + plain(finding.advice), indent + 4, style="dim")


def _lint(console: Console, report: Report) -> None:
    tokens = report.new.tokens
    assert tokens is not None
    head = Text(f"{report.profile} profile  ", style="bold")
    head.append(one_line(report.new.name or report.new.source))
    head.append(f"  {plural(len(tokens.per_tool), 'tool')}", style="dim")
    console.print(head, soft_wrap=True)
    if report.new.verdicts is not None:
        console.print(Text(one_line(f"{verdict_phrase(report, report.new)}; {maturity_phrase(report.new)}.")),
                      soft_wrap=True)
    active = [f for f in report.checks if not f.ignored]
    threshold = report.gate.checks
    advised: set[str] = set()  # advice is printed once per code: it does not change between tools
    for level in sorted(Level, reverse=True):
        group = [f for f in active if f.severity is level]
        if group:
            console.print()
            console.print(Text(f"{_HEADING[level]} ({len(group)})", style=_LEVEL_STYLE[level]))
            for finding in group:
                advise = threshold is not None and finding.level >= min(threshold, Level.WARNING)
                _check(console, finding, advise=advise and finding.rule not in advised)
                advised.add(finding.rule)
    ignored = [f for f in report.checks if f.ignored]
    if ignored:
        console.print()
        console.print(Text(f"Ignored by configuration ({len(ignored)})", style="dim"))
        for finding in ignored:
            console.print(Text(f"  {finding.rule}  {one_line(finding.location)}: {one_line(finding.reason or '')}",
                               style="dim"), soft_wrap=True)
    console.print()
    console.print(Text("Tool definitions: " + tokens_phrase(tokens)), soft_wrap=True)
    costly = sorted(tokens.per_tool.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_TOOLS]
    width = max((len(one_line(name)) for name, _ in costly), default=0)
    for name, cost in costly:
        console.print(Text(f"  {one_line(name):<{width}}  {cost:>7,}", style="dim"), soft_wrap=True)
    if len(tokens.per_tool) > TOP_TOOLS:
        console.print(Text(f"  … {len(tokens.per_tool) - TOP_TOOLS} more (--format json lists every tool)",
                           style="dim"))
    console.print()
    line = Text("Summary: " + counts_phrase(report.check_counts()) + ". Gate: ")
    line.append("FAIL" if report.failed else "pass", style="bold red" if report.failed else "bold green")
    line.append(" (never fails)" if threshold is None else f" (fails on {threshold_label(threshold)} and above)")
    console.print(line, soft_wrap=True)
