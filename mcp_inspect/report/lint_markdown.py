"""Lint findings as a pull-request comment (Markdown) and as GitHub workflow commands.

The same rules as the diff's renderers apply: every piece of server text goes through
``markdown_text``/``html_text``/``markdown_code`` or the workflow-command encoders.
``lint_markdown_items``, ``lint_markdown_ignored`` and ``lint_github_line`` are shared
with the diff's reports.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..checks.findings import LintFinding, LintLevel, LintReport, threshold_label
from .escape import html_text, markdown_code, markdown_text, workflow_data, workflow_property
from .lint_report import counts_phrase, tokens_phrase
from .locations import place_of

BADGE = {LintLevel.ERROR: "🔴 **error**", LintLevel.WARNING: "🟠 **warning**", LintLevel.INFO: "🔵 info"}
#: GitHub rejects comment bodies over 65,536 characters; stay well below it.
MAX_CHARS = 60_000


def lint_markdown_items(findings: list[LintFinding], advise: Callable[[LintFinding], bool]) -> list[str]:
    lines = []
    for f in findings:
        lines.append(f"- {BADGE[f.level]} {markdown_code(f.code)} {markdown_code(f.location)}: "
                     f"{markdown_text(f.message)}")
        if advise(f) and f.advice:
            lines.append(f"  - ↳ {markdown_text(f.advice)}")
    return lines


def lint_markdown_ignored(findings: Sequence[tuple[LintFinding, str | None]], title: str) -> list[str]:
    """Ignored findings as the diff's comment shows its own: code, place, message and the
    reason in emphasis; ``origin`` (introduced, inherited) when the finding has one."""
    lines = [f"<details><summary>{html_text(title)} ({len(findings)})</summary>", ""]
    for f, origin in findings:
        # Emphasis around an empty reason would print two bare asterisks.
        reason = (f.reason or "").strip() or "ignored by configuration"
        where = f" ({origin})" if origin else ""
        lines.append(f"- {markdown_code(f.code)} {markdown_code(f.location)}{where}: {markdown_text(f.message)}"
                     f" — *{markdown_text(reason)}*")
    return [*lines, "", "</details>", ""]


def _tokens_table(report: LintReport, top: int = 10) -> list[str]:
    costly = sorted(report.tokens.per_tool.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
    lines = ["| Tool | Tokens |", "|---|---:|"]
    lines += [f"| {markdown_code(name, in_table=True)} | {cost:,} |" for name, cost in costly]
    if len(report.tokens.per_tool) > top:
        lines.append(f"| *{len(report.tokens.per_tool) - top} more* | |")
    return lines


def _one(report: LintReport) -> list[str]:
    verdict = "❌ **Lint fails**" if report.failed else "✅ **Lint passes**"
    threshold = "never fails" if report.fail_on is None else f"fails on {threshold_label(report.fail_on)} and above"
    title = markdown_text(report.name or ("stdin" if report.source == "-" else report.source))
    out = [f"### {title} ({report.profile} profile)", "",
           f"{verdict} ({threshold}): {counts_phrase(report.counts())}.", "",
           f"Tool definitions: {markdown_text(tokens_phrase(report.tokens))}.", ""]
    active = [f for f in report.findings if not f.ignored]
    if active:
        def advise(f: LintFinding) -> bool:
            return f.level >= LintLevel.WARNING

        out += lint_markdown_items(active, advise) + [""]
    ignored = [f for f in report.findings if f.ignored]
    if ignored:  # "1 ignored" above says how many; this says which, and why
        out += lint_markdown_ignored([(f, None) for f in ignored], "Ignored by configuration")
    out += [f"<details><summary>{html_text('Token cost per tool')}</summary>", "", *_tokens_table(report), "",
            "</details>", ""]
    return out


def render_lint_markdown(reports: list[LintReport], *, max_chars: int = MAX_CHARS) -> str:
    """The comment body. A server's section that would push it past ``max_chars`` is left
    out, whole; the servers that fail the gate get the room first (budget.fit), so a short
    comment still shows what fails. The sections shown keep the order of the servers."""
    from .budget import Section, fit

    failed = any(r.failed for r in reports)
    heading = "## mcp-inspect lint: " + ("fails" if failed else "passes")
    sections = [Section(0 if report.failed else 1, [("\n".join(_one(report)), 0)], len(report.findings))
                for report in reports]
    chosen = fit(sections, max_chars - len(heading) - 1 - 200)  # 200: room for the omission note
    body = [heading, "", *(chosen[i][0] for i in range(len(reports)) if i in chosen)]
    omitted = len(reports) - len(chosen)
    if omitted:
        body.append(f"*{omitted} server(s) not shown, to keep this comment within GitHub's size limit. "
                    "Run with `--format json` for the full report.*\n")
    return "\n".join(body).rstrip("\n") + "\n"


def lint_github_line(finding: LintFinding, fails: bool, file: str | None, server: str | None = None) -> str:
    command = "error" if fails else ("warning" if finding.level >= LintLevel.WARNING else "notice")
    props = [f"file={workflow_property(file)}"] if file else []
    props.append(f"title={workflow_property(f'{finding.code} ({finding.level.label})')}")
    # The servers of one mcp.json share its file=: the text says which server it is.
    text = ("" if server is None else f"server {server}, ") + f"{finding.location}: {finding.message}"
    if finding.advice and finding.level >= LintLevel.WARNING:
        text += f" — {finding.advice}"
    return f"::{command} {','.join(props)}::{workflow_data(text)}"


def render_lint_github(reports: list[LintReport]) -> str:
    lines = []
    for report in reports:
        place = place_of(report.source)
        for f in report.findings:
            if f.ignored:
                continue
            fails = report.fail_on is not None and f.level >= report.fail_on
            lines.append(lint_github_line(f, fails, place.annotation_file, place.server))
        lines += [f"::warning title=mcp-inspect::{workflow_data(w)}" for w in report.warnings]
        verdict = "fail" if report.failed else "pass"
        summary = (f"{report.name or report.source}: {counts_phrase(report.counts())}; "
                   f"{tokens_phrase(report.tokens)}. Gate: {verdict}.")
        lines.append(f"::notice title=mcp-inspect lint::{workflow_data(summary)}")
    return "\n".join(lines) + "\n"
