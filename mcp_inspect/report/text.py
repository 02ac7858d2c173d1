"""Human-readable report for a terminal: findings grouped by severity, then a summary.

Server-provided text is wrapped in rich ``Text`` objects (never parsed as markup)
after control characters are neutralised, so a description cannot style or
rewrite the terminal.
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.text import Text

from ..model import DiffResult, Finding, Severity
from .console import text_console, wrapped
from .escape import inert_lines, one_line, plain
from .lint_section import print_text_section, summary_suffix

_STYLE = {
    Severity.BREAKING: "bold red",
    Severity.POTENTIALLY_BREAKING: "yellow",
    Severity.NON_BREAKING: "green",
    Severity.DOCUMENTATION: "cyan",
}
LABEL = {
    Severity.BREAKING: "Breaking",
    Severity.POTENTIALLY_BREAKING: "Potentially breaking",
    Severity.NON_BREAKING: "Non-breaking",
    Severity.DOCUMENTATION: "Documentation",
}
#: Advice is printed where a reader must act; additive changes stay one line each.
_ADVISE_FROM = Severity.POTENTIALLY_BREAKING
#: A finding's message and advice sit under its rule id.
_INDENT = 6


def _entity(finding: Finding) -> str:
    if finding.entity.kind.value == "server":
        return "server"
    return f"{finding.entity.kind.value} {finding.entity.name}"


def _finding(console: Console, finding: Finding, gate: Severity) -> None:
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


def render_text(result: DiffResult, *, color: bool = False, width: int = 100) -> str:
    buffer = io.StringIO()
    console = text_console(buffer, color=color, width=width)
    for label, side in (("old", result.old), ("new", result.new)):
        line = Text(f"{label}  ", style="bold")
        line.append(one_line(side.source))
        line.append(f"  {side.fingerprint[:12]}", style="dim")
        console.print(line)
    active = [f for f in result.findings if not f.ignored]
    for severity in sorted(Severity, reverse=True):
        group = [f for f in active if f.severity is severity]
        if group:
            console.print()
            console.print(Text(f"{LABEL[severity]} ({len(group)})", style=_STYLE[severity]))
            for finding in group:
                _finding(console, finding, result.fail_on)
    ignored = [f for f in result.findings if f.ignored]
    if ignored:
        console.print()
        console.print(Text(f"Ignored by configuration ({len(ignored)})", style="dim"))
        for finding in ignored:
            console.print(Text(f"  {finding.rule}  {one_line(_entity(finding))}: "
                               f"{one_line(finding.reason or '')}", style="dim"))
    print_text_section(console, result)
    console.print()
    console.print(summary_text(result), soft_wrap=True)
    return inert_lines(buffer.getvalue())


def summary_text(result: DiffResult) -> Text:
    counts = result.counts()
    parts = [f"{counts[s.name]} {LABEL[s].lower()}" for s in sorted(Severity, reverse=True)]
    if counts["ignored"]:
        parts.append(f"{counts['ignored']} ignored")
    line = Text("No changes. " if not result.findings else "Summary: " + ", ".join(parts) + ". ")
    line.append("Gate: ")
    line.append("FAIL" if result.failed else "pass", style="bold red" if result.failed else "bold green")
    line.append(f" (fails on {result.fail_on.name} and above)")
    suffix = summary_suffix(result)
    if suffix is not None:
        line.append(suffix)
    return line
