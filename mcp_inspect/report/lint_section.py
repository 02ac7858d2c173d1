"""The lint beside a diff's findings, for each of the diff's report formats.

A diff lints both sides; the new side's findings are split into *introduced* (absent
on the old side) and *inherited*. Reports show the introduced findings in full, the
inherited ones as a count (JSON and SARIF carry both), and the token cost of the tool
definitions before and after. Lint findings never enter the diff's ``findings``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

from ..lint.findings import LintComparison, LintLevel, threshold_label
from ..model import DiffResult
from .escape import markdown_code, markdown_text, plain, workflow_data
from .lint_report import STYLE, counts_phrase, finding_lines, lint_finding_to_json


def token_delta_phrase(lint: LintComparison) -> str:
    old, new = lint.tokens_old, lint.tokens_new
    delta = lint.token_delta
    sign = "+" if delta > 0 else ""
    share = f"{new.share:.1%} of a {new.window:,}-token window"
    return f"{old.total:,} → {new.total:,} tokens ({sign}{delta:,}; {new.label}), {share}"


def gate_phrase(lint: LintComparison) -> str:
    def part(threshold: LintLevel | None, what: str) -> str:
        return f"{what} never fail" if threshold is None else f"{what} fail at {threshold.label} and above"

    return f"{part(lint.introduced_fail_on, 'introduced findings')}; {part(lint.inherited_fail_on, 'inherited ones')}"


# --- JSON -----------------------------------------------------------------------------------


def lint_to_json(lint: LintComparison) -> dict[str, Any]:
    counts = lint.counts()
    return {
        "profile": lint.profile,
        "summary": {
            "introduced": counts["introduced"],
            "inherited": counts["inherited"],
            "gate": "fail" if lint.failed else "pass",
            "introducedFailOn": threshold_label(lint.introduced_fail_on),
            "inheritedFailOn": threshold_label(lint.inherited_fail_on),
        },
        "introduced": [lint_finding_to_json(f) for f in lint.introduced],
        "inherited": [lint_finding_to_json(f) for f in lint.inherited],
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
    head.append(f"{len(introduced)} introduced, {len(inherited)} inherited")
    console.print(head, soft_wrap=True)
    for finding in introduced:
        finding_lines(console, finding, advise=lint.fails(finding) or finding.level >= LintLevel.WARNING)
    if inherited:
        console.print(Text(f"  Inherited from the old side: {counts_phrase(lint.counts()['inherited'])} "
                           "(mcp-inspect lint NEW lists them).", style="dim"), soft_wrap=True)
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


def markdown_section(result: DiffResult) -> str | None:
    from .lint_markdown import lint_markdown_items

    lint = result.lint
    if lint is None:
        return None
    introduced = [f for f in lint.introduced if not f.ignored]
    inherited = [f for f in lint.inherited if not f.ignored]
    verdict = "❌ fails" if lint.failed else "✅ passes"
    lines = [f"### Lint ({markdown_text(lint.profile)} profile): {verdict}", "",
             f"{len(introduced)} introduced by this change, {len(inherited)} inherited "
             f"({markdown_text(gate_phrase(lint))}).", "",
             f"Tool definitions: {markdown_text(token_delta_phrase(lint))}.", ""]
    if introduced:
        lines += lint_markdown_items(introduced, lambda f: lint.fails(f) or f.level >= LintLevel.WARNING) + [""]
    if inherited:
        lines += [f"<details><summary>Inherited lint findings ({len(inherited)})</summary>", ""]
        lines += [f"- {markdown_code(f.code)} {markdown_code(f.location)}: {markdown_text(f.message)}"
                  for f in inherited]
        lines += ["", "</details>", ""]
    return "\n".join(lines)


# --- SARIF ----------------------------------------------------------------------------------


def sarif_results(result: DiffResult, index: dict[str, int], uri: str) -> list[dict[str, Any]]:
    from .lint_sarif import lint_result

    lint = result.lint
    if lint is None:
        return []
    out = [lint_result(f, index, uri, lint.fails(f), "new") for f in lint.introduced]
    out += [lint_result(f, index, uri, lint.fails(f), "unchanged") for f in lint.inherited]
    return out


# --- GitHub workflow commands ---------------------------------------------------------------


def github_lines(result: DiffResult, file: str | None) -> list[str]:
    from .lint_markdown import lint_github_line

    lint = result.lint
    if lint is None:
        return []
    lines = [lint_github_line(f, lint.fails(f), file) for f in lint.introduced if not f.ignored]
    inherited = counts_phrase(lint.counts()["inherited"])
    note = (f"Lint ({lint.profile} profile): {len(lint.introduced)} introduced, inherited {inherited}. "
            f"Tool definitions: {token_delta_phrase(lint)}.")
    lines.append(f"::notice title=mcp-inspect lint::{workflow_data(plain(note))}")
    return lines
