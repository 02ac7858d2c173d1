"""The lint beside a diff's findings, for each of the diff's report formats.

A diff lints both sides; the new side's findings are split into *introduced* (absent
on the old side) and *inherited*. Reports show the introduced findings in full, the
inherited ones as a count (JSON and SARIF carry both), the ignored ones with their
reason, as the diff's own ignored findings are shown, and the token cost of the tool
definitions before and after. Every format counts them with ``counts_line``, so text,
Markdown and the GitHub notice agree. Lint findings never enter the diff's ``findings``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

from ..checks.findings import LintComparison, LintFinding, LintLevel, threshold_label
from ..model import DiffResult
from .escape import markdown_code, markdown_text, one_line, plain, workflow_data
from .lint_report import STYLE, counts_phrase, finding_lines, lint_finding_to_json, report_ids


def token_delta_phrase(lint: LintComparison) -> str:
    old, new = lint.tokens_old, lint.tokens_new
    delta = lint.token_delta
    sign = "+" if delta > 0 else ""
    share = f"{new.share:.1%} of a {new.window:,}-token window"
    return f"{old.total:,} → {new.total:,} tokens ({sign}{delta:,}; {new.label}), {share}"


def ignored_findings(lint: LintComparison) -> list[tuple[LintFinding, str]]:
    """The ignored findings with where they come from (``introduced``/``inherited``), in report order."""
    return ([(f, "introduced") for f in lint.introduced if f.ignored]
            + [(f, "inherited") for f in lint.inherited if f.ignored])


def counts_line(lint: LintComparison) -> str:
    """``N introduced, M inherited[, K ignored]``: the numbers every format shows.

    Ignored findings are counted apart, never as introduced or inherited, as the JSON
    summary counts them."""
    counts = lint.counts()
    introduced, inherited = counts["introduced"], counts["inherited"]
    active = [sum(c[level.label] for level in LintLevel) for c in (introduced, inherited)]
    ignored = introduced["ignored"] + inherited["ignored"]
    return f"{active[0]} introduced, {active[1]} inherited" + (f", {ignored} ignored" if ignored else "")


def diff_lint_ids(lint: LintComparison) -> dict[int, str]:
    # Inherited findings are numbered first: one the old side had keeps its id when the
    # change adds another tool of the same name (report_ids explains the numbering).
    return report_ids(lint.inherited, lint.introduced)


def gate_phrase(lint: LintComparison) -> str:
    def part(threshold: LintLevel | None, what: str) -> str:
        return f"{what} never fail" if threshold is None else f"{what} fail at {threshold.label} and above"

    return f"{part(lint.introduced_fail_on, 'introduced findings')}; {part(lint.inherited_fail_on, 'inherited ones')}"


# --- JSON -----------------------------------------------------------------------------------


def lint_to_json(lint: LintComparison) -> dict[str, Any]:
    counts = lint.counts()
    ids = diff_lint_ids(lint)
    return {
        "profile": lint.profile,
        "summary": {
            "introduced": counts["introduced"],
            "inherited": counts["inherited"],
            "gate": "fail" if lint.failed else "pass",
            "introducedFailOn": threshold_label(lint.introduced_fail_on),
            "inheritedFailOn": threshold_label(lint.inherited_fail_on),
        },
        "introduced": [lint_finding_to_json(f, ids[id(f)]) for f in lint.introduced],
        "inherited": [lint_finding_to_json(f, ids[id(f)]) for f in lint.inherited],
        "tokens": {
            "counter": lint.tokens_new.label,
            "counterId": lint.tokens_new.counter,
            "exact": lint.tokens_new.exact,
            "old": lint.tokens_old.total,
            "new": lint.tokens_new.total,
            "delta": lint.token_delta,
            "window": lint.tokens_new.window,
            "shareOfWindow": round(lint.tokens_new.share, 6),
            "perTool": dict(lint.tokens_new.per_tool),
        },
    }


# --- text -----------------------------------------------------------------------------------


def print_text_section(console: Console, result: DiffResult) -> None:
    from rich.text import Text  # imported here: JSON output never needs rich

    lint = result.lint
    if lint is None:
        return
    introduced = [f for f in lint.introduced if not f.ignored]
    inherited = [f for f in lint.inherited if not f.ignored]
    console.print()
    head = Text(f"Lint ({lint.profile} profile): ", style="bold")
    head.append(counts_line(lint))
    console.print(head, soft_wrap=True)
    for finding in introduced:
        finding_lines(console, finding, advise=lint.fails(finding) or finding.level >= LintLevel.WARNING)
    if inherited:
        console.print(Text(f"  Inherited from the old side: {counts_phrase(lint.counts()['inherited'])} "
                           "(mcp-inspect lint NEW lists them).", style="dim"), soft_wrap=True)
    ignored = ignored_findings(lint)
    if ignored:  # as the diff's ignored findings: code, place, reason
        console.print(Text(f"  Ignored by configuration ({len(ignored)})", style="dim"))
        for finding, origin in ignored:
            console.print(Text(f"    {finding.code}  {one_line(finding.location)} ({origin}): "
                               f"{one_line(finding.reason or 'ignored by configuration')}", style="dim"),
                          soft_wrap=True)
    console.print(Text("  Tool definitions: " + token_delta_phrase(lint)), soft_wrap=True)


def summary_suffix(result: DiffResult) -> Text | None:
    """Appended to the summary line when the lint decides or joins the gate."""
    from rich.text import Text  # imported here: JSON output never needs rich

    lint = result.lint
    if lint is None:
        return None
    failing = lint.failing()
    text = Text(f". Lint: {len(failing)} finding{'s' if len(failing) != 1 else ''} failing the gate"
                if failing else ". Lint: pass")
    text.append(f" ({gate_phrase(lint)}).")
    if failing:
        text.stylize(STYLE[LintLevel.ERROR])
    return text


# --- Markdown -------------------------------------------------------------------------------


def markdown_variants(result: DiffResult) -> list[tuple[str, int]] | None:
    """The Lint section, fullest first, each with the number of lint findings it leaves
    unlisted: in full; without the inherited findings; with only the findings that fail
    the gate (no advice); with the counts alone. A comment short of room takes the first
    that fits (report/budget.py), so the section the verdict points at stays in all but
    the tightest comment."""
    from .lint_markdown import lint_markdown_ignored, lint_markdown_items

    lint = result.lint
    if lint is None:
        return None
    introduced = [f for f in lint.introduced if not f.ignored]
    inherited = [f for f in lint.inherited if not f.ignored]
    total = len(lint.introduced) + len(lint.inherited)
    verdict = "❌ fails" if lint.failed else "✅ passes"
    head = [f"### Lint ({markdown_text(lint.profile)} profile): {verdict}", "",
            f"{markdown_text(counts_line(lint))} ({markdown_text(gate_phrase(lint))}).", "",
            f"Tool definitions: {markdown_text(token_delta_phrase(lint))}.", ""]
    items = lint_markdown_items(introduced, lambda f: lint.fails(f) or f.level >= LintLevel.WARNING) + [""]
    listed = []
    if inherited:
        listed += [f"<details><summary>Inherited lint findings ({len(inherited)})</summary>", ""]
        listed += [_brief_item(f) for f in inherited]
        listed += ["", "</details>", ""]
    ignored = ignored_findings(lint)
    tail = lint_markdown_ignored(ignored, "Lint findings ignored by configuration") if ignored else []

    def unlisted(n: int) -> list[str]:
        return [f"*{n} lint finding{'s' if n != 1 else ''} not listed here, to keep this comment "
                "within GitHub's size limit.*", ""]

    out = [("\n".join(head + (items if introduced else []) + listed + tail), 0)]
    if inherited:
        out.append(("\n".join(head + (items if introduced else []) + unlisted(len(inherited)) + tail),
                    len(inherited)))
    failing = lint.failing()
    if failing:
        short = [_brief_item(f) for f in failing]
        rest = total - len(failing)
        out.append(("\n".join(head + short + [""] + (unlisted(rest) if rest else [])), rest))
    if total:
        out.append(("\n".join(head + unlisted(total)), total))
    return out


# --- SARIF ----------------------------------------------------------------------------------


def sarif_results(result: DiffResult, index: dict[str, int], artifact: dict[str, Any]) -> list[dict[str, Any]]:
    from .lint_sarif import lint_result

    lint = result.lint
    if lint is None:
        return []
    ids = diff_lint_ids(lint)
    out = [lint_result(f, index, artifact, lint.fails(f), "new", report_id=ids[id(f)]) for f in lint.introduced]
    out += [lint_result(f, index, artifact, lint.fails(f), "unchanged", report_id=ids[id(f)])
            for f in lint.inherited]
    return out


# --- GitHub workflow commands ---------------------------------------------------------------


def github_lines(result: DiffResult, file: str | None) -> list[str]:
    from .lint_markdown import lint_github_line

    lint = result.lint
    if lint is None:
        return []
    lines = [lint_github_line(f, lint.fails(f), file) for f in lint.introduced if not f.ignored]
    note = (f"Lint ({lint.profile} profile): {counts_line(lint)}. "
            f"Tool definitions: {token_delta_phrase(lint)}.")
    lines.append(f"::notice title=mcp-inspect lint::{workflow_data(plain(note))}")
    return lines


def _brief_item(f: LintFinding) -> str:
    """A finding as one Markdown list item without its advice: code, place, message."""
    return f"- {markdown_code(f.code)} {markdown_code(f.location)}: {markdown_text(f.message)}"
