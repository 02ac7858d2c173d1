"""Reports of ``mcp-inspect lint``: one or several servers, each a LintReport.

``render_lint`` dispatches on the format. Text and JSON live here; SARIF in
lint_sarif.py; Markdown and GitHub workflow commands in lint_markdown.py. As for
``diff``, server-provided text is neutralised before it reaches a terminal.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import xxhash

if TYPE_CHECKING:
    from rich.console import Console

from ..checks.findings import LintFinding, LintLevel, LintReport, threshold_label
from ..checks.tokens import TokenReport
from . import FORMATS, json_text
from .console import text_console, wrapped
from .escape import inert_lines, one_line, plain

STYLE = {LintLevel.ERROR: "bold red", LintLevel.WARNING: "yellow", LintLevel.INFO: "cyan"}
HEADING = {LintLevel.ERROR: "Errors", LintLevel.WARNING: "Warnings", LintLevel.INFO: "Info"}
#: How many of the costliest tools the text report lists.
TOP_TOOLS = 10


def render_lint(reports: list[LintReport], fmt: str, *, color: bool = False) -> str:
    if fmt not in FORMATS:  # a typo must not quietly give text where a script expects JSON
        raise ValueError(f"unknown report format {fmt!r} (expected one of {', '.join(FORMATS)})")
    if fmt == "json":
        return render_lint_json(reports)
    if fmt == "sarif":
        from .lint_sarif import render_lint_sarif

        return render_lint_sarif(reports)
    if fmt == "markdown":
        from .lint_markdown import render_lint_markdown

        return render_lint_markdown(reports)
    if fmt == "github":
        from .lint_markdown import render_lint_github

        return render_lint_github(reports)
    return render_lint_text(reports, color=color)


# --- JSON ---------------------------------------------------------------------------------


def report_ids(*groups: Iterable[LintFinding]) -> dict[int, str]:
    """The id each finding has in a report, by object identity.

    A finding's ``id`` hashes code, tool and path, so tools that share a name (which MCP-002
    reports) give equal ids to distinct findings, and code scanning would merge them into
    one alert. The first of equal ids keeps it, so every finding on a uniquely named tool
    keeps its id; the second and later (in the order of ``groups``, then of each list) get
    one hashed from it and their rank: as stable as the order of the tools, and still 16
    hex digits, as the report schemas promise.
    """
    seen: Counter[str] = Counter()
    out: dict[int, str] = {}
    for group in groups:
        for finding in group:
            base = finding.id
            seen[base] += 1
            rank = seen[base]
            out[id(finding)] = base if rank == 1 else xxhash.xxh3_64_hexdigest(f"{base}\x1f{rank}".encode())
    return out


def lint_finding_to_json(finding: LintFinding, report_id: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": report_id or finding.id,
        "code": finding.code,
        "severity": finding.level.label,
        "tool": finding.tool,
        "location": finding.location,
        "path": finding.path,
        "message": finding.message,
        "advice": finding.advice,
        "ignored": finding.ignored,
    }
    if finding.ignored:
        out["reason"] = finding.reason
    return out


def _summary(report: LintReport) -> dict[str, Any]:
    out: dict[str, Any] = dict(report.counts())
    out["gate"] = "fail" if report.failed else "pass"
    out["failOn"] = threshold_label(report.fail_on)
    return out


def lint_report_to_json(report: LintReport) -> dict[str, Any]:
    ids = report_ids(report.findings)
    return {
        "profile": report.profile,
        "source": report.source,
        "summary": _summary(report),
        "findings": [lint_finding_to_json(f, ids[id(f)]) for f in report.findings],
        "tokens": report.tokens.to_json(),
        "warnings": list(report.warnings),
    }


def render_lint_json(reports: list[LintReport]) -> str:
    """One server: the report object itself. Several (an mcp.json): ``{"profile", "servers":
    [{"name", ...report}], "summary", "warnings"}``, the summary adding up every server."""
    if len(reports) == 1:
        value = lint_report_to_json(reports[0])
    else:
        servers = []
        for report in reports:
            entry = {"name": report.name or report.source, **lint_report_to_json(report)}
            entry.pop("warnings")
            servers.append(entry)
        totals: dict[str, Any] = {}
        for report in reports:
            for key, n in report.counts().items():
                totals[key] = totals.get(key, 0) + n
        totals["gate"] = "fail" if any(r.failed for r in reports) else "pass"
        totals["failOn"] = threshold_label(reports[0].fail_on) if reports else "error"
        value = {"profile": reports[0].profile if reports else None, "servers": servers, "summary": totals,
                 "warnings": [w for r in reports for w in r.warnings]}
    return json_text.dumps(value, inert=True) + "\n"


# --- text ---------------------------------------------------------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def counts_phrase(counts: dict[str, int]) -> str:
    parts = [_plural(counts["error"], "error"), _plural(counts["warning"], "warning"), f"{counts['info']} info"]
    if counts.get("ignored"):
        parts.append(f"{counts['ignored']} ignored")
    return ", ".join(parts)


def tokens_phrase(tokens: TokenReport) -> str:
    return (f"{tokens.total:,} tokens ({tokens.label}), {tokens.share:.1%} of a "
            f"{tokens.window:,}-token window")


def finding_lines(console: Console, finding: LintFinding, *, advise: bool, indent: int = 2) -> None:
    from rich.text import Text  # imported here: JSON output never needs rich

    head = Text(" " * indent)
    head.append(finding.code, style=STYLE[finding.level])
    head.append("  ")
    head.append(one_line(finding.location), style="bold")
    console.print(head, soft_wrap=True)
    wrapped(console, plain(finding.message), indent + 4)
    if advise and finding.advice:
        wrapped(console, "→ " + plain(finding.advice), indent + 4, style="dim")


def _text_one(console: Console, report: LintReport) -> None:
    from rich.text import Text  # imported here: JSON output never needs rich

    head = Text(f"{report.profile} profile  ", style="bold")
    head.append(one_line(report.name or report.source))
    head.append(f"  {_plural(len(report.tokens.per_tool), 'tool')}", style="dim")
    console.print(head, soft_wrap=True)
    active = [f for f in report.findings if not f.ignored]
    advised: set[str] = set()  # advice is printed once per code: it does not change between tools
    for level in sorted(LintLevel, reverse=True):
        group = [f for f in active if f.level is level]
        if group:
            console.print()
            console.print(Text(f"{HEADING[level]} ({len(group)})", style=STYLE[level]))
            for finding in group:
                advise = report.fail_on is not None and finding.level >= min(report.fail_on, LintLevel.WARNING)
                finding_lines(console, finding, advise=advise and finding.code not in advised)
                advised.add(finding.code)
    ignored = [f for f in report.findings if f.ignored]
    if ignored:
        console.print()
        console.print(Text(f"Ignored by configuration ({len(ignored)})", style="dim"))
        for finding in ignored:
            console.print(Text(f"  {finding.code}  {one_line(finding.location)}: {one_line(finding.reason or '')}",
                               style="dim"), soft_wrap=True)
    console.print()
    console.print(Text("Tool definitions: " + tokens_phrase(report.tokens)), soft_wrap=True)
    costly = sorted(report.tokens.per_tool.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_TOOLS]
    width = max((len(one_line(name)) for name, _ in costly), default=0)
    for name, cost in costly:
        console.print(Text(f"  {one_line(name):<{width}}  {cost:>7,}", style="dim"), soft_wrap=True)
    if len(report.tokens.per_tool) > TOP_TOOLS:
        console.print(Text(f"  … {len(report.tokens.per_tool) - TOP_TOOLS} more (--format json lists every tool)",
                           style="dim"))


def render_lint_text(reports: list[LintReport], *, color: bool = False, width: int = 100) -> str:
    from rich.text import Text  # imported here: JSON output never needs rich

    buffer = io.StringIO()
    console = text_console(buffer, color=color, width=width)
    for index, report in enumerate(reports):
        if index:
            console.print()
        _text_one(console, report)
        console.print()
        line = Text("Summary: " + counts_phrase(report.counts()) + ". Gate: ")
        line.append("FAIL" if report.failed else "pass", style="bold red" if report.failed else "bold green")
        threshold = threshold_label(report.fail_on)
        line.append(" (never fails)" if report.fail_on is None else f" (fails on {threshold} and above)")
        console.print(line, soft_wrap=True)
    return inert_lines(buffer.getvalue())
