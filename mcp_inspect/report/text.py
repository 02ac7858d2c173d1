"""Human-readable report for a terminal: findings grouped by severity, then a summary."""

from __future__ import annotations

import io

from rich.console import Console

from ..model import DiffResult, Finding, Severity
from .escape import terminal

_STYLE = {
    Severity.BREAKING: "bold red",
    Severity.POTENTIALLY_BREAKING: "yellow",
    Severity.NON_BREAKING: "green",
    Severity.DOCUMENTATION: "cyan",
}
_LABEL = {
    Severity.BREAKING: "Breaking",
    Severity.POTENTIALLY_BREAKING: "Potentially breaking",
    Severity.NON_BREAKING: "Non-breaking",
    Severity.DOCUMENTATION: "Documentation",
}
#: Advice is printed where a reader must act; additive changes stay one line each.
_ADVISE_FROM = Severity.POTENTIALLY_BREAKING


def _entity(finding: Finding) -> str:
    if finding.entity.kind.value == "server":
        return "server"
    return f"{finding.entity.kind.value} {finding.entity.name}"


def render_text(result: DiffResult, *, color: bool = False, width: int = 100) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=color, no_color=not color, width=width,
                      highlight=False, emoji=False, soft_wrap=False)
    console.print(f"[bold]old[/] {terminal(result.old.source)}  [dim]{result.old.fingerprint[:12]}[/]")
    console.print(f"[bold]new[/] {terminal(result.new.source)}  [dim]{result.new.fingerprint[:12]}[/]")
    active = [f for f in result.findings if not f.ignored]
    for severity in sorted(Severity, reverse=True):
        group = [f for f in active if f.severity is severity]
        if not group:
            continue
        console.print()
        console.print(f"[{_STYLE[severity]}]{_LABEL[severity]} ({len(group)})[/]")
        for finding in group:
            where = f" [dim]at {terminal(finding.path)}[/]" if finding.path else ""
            console.print(f"  [{_STYLE[severity]}]{finding.rule}[/]  {terminal(_entity(finding))}{where}")
            console.print(f"      {terminal(finding.message)}")
            if severity >= _ADVISE_FROM and finding.advice:
                console.print(f"      [dim]→ {terminal(finding.advice)}[/]")
    ignored = [f for f in result.findings if f.ignored]
    if ignored:
        console.print()
        console.print(f"[dim]Ignored ({len(ignored)}) by configuration[/]")
    console.print()
    console.print(summary_line(result, color=color))
    return buffer.getvalue()


def summary_line(result: DiffResult, *, color: bool = False) -> str:
    counts = result.counts()
    parts = [f"{counts[s.name]} {_LABEL[s].lower()}" for s in sorted(Severity, reverse=True)]
    if counts["ignored"]:
        parts.append(f"{counts['ignored']} ignored")
    if not result.findings:
        head = "No changes."
    else:
        head = "Summary: " + ", ".join(parts) + "."
    verdict = "FAIL" if result.failed else "pass"
    style = "bold red" if result.failed else "bold green"
    gate = f"Gate: [{style}]{verdict}[/] (fails on {result.fail_on.name} and above)"
    return f"{head} {gate}"
