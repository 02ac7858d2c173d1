"""Human-readable reports for a terminal.

A diff: a summary first (counts, gate, the lint and maturity in a line), then the changes
grouped by entity (tool → its findings, prose changes with their word diff), the lint of
the new side grouped by level, what was ignored, and each rule's advice once ("How to
fix"; ``verbose`` prints it under every finding instead). A lint: the verdicts and maturity
first, then the findings by level, the token cost, the advice once.

Server-provided text is wrapped in rich ``Text`` objects (never parsed as markup) after
control characters are neutralised, so a description cannot style or rewrite the terminal.
"""

from __future__ import annotations

import io

from rich.text import Text

from ..findings.finding import Finding
from ..findings.report import Report
from ..findings.severity import Level, Severity, threshold_label
from ..text.escape import inert_lines, one_line, plain
from .calls_text import calls_summary_lines, finding_calls_phrase
from .console import Lines, text_console, wrapped
from .grouping import (
    SEVERITY_HEADING,
    advice_once,
    change_groups,
    ignored_items,
    inherited_codes,
    level_groups,
    needs_advice,
    prose_segments,
    resolved_checks,
    said_once,
    severity_note,
    shared_places,
)
from .model_review import text_section
from .phrases import (
    changes_gate_phrase,
    check_place,
    client_reasons,
    client_verdict_words,
    counts_phrase,
    definitions_label,
    entities_phrase,
    group_counts_phrase,
    inherited_phrase,
    lint_alone_phrase,
    lint_counts_line,
    lint_gate_phrase,
    lint_heading,
    lost_clients_phrase,
    maturity_delta_phrase,
    maturity_phrase,
    plural,
    token_change_rows,
    token_delta_phrase,
    tokens_phrase,
    unwitnessed_phrase,
    verdict_phrase,
    witness_parts,
)

_STYLE = {
    Severity.BREAKING: "bold red",
    Severity.POTENTIALLY_BREAKING: "yellow",
    Severity.NON_BREAKING: "green",
    Severity.DOCUMENTATION: "cyan",
}
_LEVEL_STYLE = {Level.ERROR: "bold red", Level.WARNING: "yellow", Level.INFO: "cyan"}
_HEADING = {Level.ERROR: "Errors", Level.WARNING: "Warnings", Level.INFO: "Info"}
#: A finding's message sits under its rule id.
_INDENT = 6
#: How many of the costliest tools the lint report lists.
TOP_TOOLS = 10


def render_text(reports: Report | list[Report], *, color: bool = False, width: int = 100,
                verbose: bool = False, section: str | None = None) -> str:
    """``section``: a lint printed as a section of a larger report (the drift check's lint of
    a server's new prompt and instruction text), named so: its summary is printed once, at its
    end, under that name. A lint on its own opens and closes with its summary, which inside
    the check read as one summary printed twice, "0 warnings" right after the server's
    warnings (new-user trial, round 23)."""
    buffer = io.StringIO()
    console = text_console(buffer, color=color, width=width)
    listed = reports if isinstance(reports, list) else [reports]
    if isinstance(reports, Report) and reports.is_diff:
        _diff(console, reports, verbose)
    else:
        for index, report in enumerate(listed):
            if index:
                console.print()
            _lint(console, report, verbose, section)
    for report in listed:  # a model's opinions close the report, after everything the gate read
        if report.llm is not None:
            text_section(console, report, (report.new.name or report.new.source) if len(listed) > 1 else None)
    console.flush()
    return inert_lines(buffer.getvalue())


# --- pieces ---------------------------------------------------------------------------------


def _severity(finding: Finding, config: str | None) -> Text:
    style = _STYLE[finding.severity] if isinstance(finding.severity, Severity) else _LEVEL_STYLE[finding.severity]
    out = Text(finding.severity.label, style=style)
    note = severity_note(finding, config)
    if note:
        out.append(f" ({one_line(note)})", style="dim")
    return out


_MARKS = {"=": ("", "", "dim"), "-": ("[-", "-]", "red strike"), "+": ("{+", "+}", "green")}


def _words(console: Lines, finding: Finding) -> None:
    """A prose change's word diff (``[-deleted-] {+inserted+}``, struck red and green in
    colour), wrapped under the message like it."""
    segments = prose_segments(finding)
    if not segments:
        return
    words: list[tuple[str, str]] = []  # (word, style), the marks glued to the first and last word
    for op, text in segments:
        opening, closing, style = _MARKS[op]
        pieces = one_line(text).split(" ")
        pieces[0] = opening + pieces[0]
        pieces[-1] = pieces[-1] + closing
        words += [(piece, style) for piece in pieces if piece]
    room = max(20, console.width - _INDENT)
    line, used = Text(" " * _INDENT), 0
    for word, style in words:
        if used and used + 1 + len(word) > room:
            console.print(line, soft_wrap=True)
            line, used = Text(" " * _INDENT), 0
        if used:
            line.append(" ")
            used += 1
        line.append(word, style=style)
        used += len(word)
    console.print(line, soft_wrap=True)


def _advice(console: Lines, advice: list[tuple[str, str]]) -> None:
    if not advice:
        return
    console.print()
    console.print(Text(f"How to fix ({plural(len(advice), 'rule')})", style="bold"))
    for rule, text in advice:
        console.print(Text("  " + rule, style="bold"), soft_wrap=True)
        wrapped(console, plain(text), 4, style="dim")


# --- a diff -------------------------------------------------------------------------------


def _diff(console: Lines, report: Report, verbose: bool) -> None:
    assert report.old is not None
    console.print(summary_text(report, closing=False), soft_wrap=True)
    if report.linted and report.new.verdicts is not None and report.old.maturity is not None:
        console.print(Text(one_line(f"Lint: {verdict_phrase(report, report.new)}; "
                                    f"{maturity_delta_phrase(report)}.")), soft_wrap=True)
    for label, side in (("old", report.old), ("new", report.new)):
        line = Text(f"{label}  ", style="bold")
        line.append(one_line(side.source))
        line.append(f"  {side.fingerprint[:12]}", style="dim")
        console.print(line, soft_wrap=True)  # a long live command stays one line, its fingerprint on it
    for warning in report.warnings:
        console.print(Text("warning: " + one_line(warning), style="yellow"), soft_wrap=True)
    if report.calls is not None:
        head, *rest = calls_summary_lines(report.calls)
        console.print(Text(one_line(head), style="bold"), soft_wrap=True)
        for line in rest:
            console.print(Text("  " + one_line(line)), soft_wrap=True)
    groups = change_groups(report.changes)
    for group, places in zip(groups, shared_places(groups), strict=True):
        console.print()
        head = Text(one_line(entities_phrase(group.kind, group.names)), style="bold")
        head.append(f"  ({group_counts_phrase(group, places)})", style="dim")
        console.print(head, soft_wrap=True)
        for finding, named in group.shown:
            _change(console, finding, report, verbose, named)
    ignored = ignored_items(report.changes)
    if ignored:
        console.print()
        title = "Approved or ignored" if any(i.first.approved for i in ignored) else "Ignored"
        console.print(Text(f"{title} by configuration ({sum(len(i.findings) for i in ignored)})", style="dim"))
        # Each line says what was ignored, as the Markdown report does: the reason alone left
        # two removals folded into one line with nothing to count them by (hostile trial, round 31).
        for item in ignored:
            reason = (item.first.reason or "").strip() or "ignored by configuration"
            console.print(Text(f"  {item.first.rule}  {one_line(entities_phrase(item.kind, item.names))}: "
                               f"{one_line(plain(item.first.message))} — {one_line(reason)}", style="dim"),
                          soft_wrap=True)
    if report.linted:
        _diff_lint(console, report, verbose)
    if not verbose:
        _advice(console, advice_once([*report.changes, *report.introduced]))
    console.print()
    console.print(summary_text(report), soft_wrap=True)


def _change(console: Lines, finding: Finding, report: Report, verbose: bool, named: bool = False) -> None:
    head = Text("  ")
    head.append(_severity(finding, report.config_source))
    head.append("  ")
    head.append(finding.rule, style="bold")
    if finding.path:
        head.append(f"  at {one_line(finding.path)}", style="dim")
    if finding.source is not None:  # where the server's code registers it (docs/source.md)
        head.append(f"  {one_line(str(finding.source))}", style="dim")
    console.print(head, soft_wrap=True)
    wrapped(console, plain(finding.message), _INDENT)
    _words(console, finding)
    calls = finding_calls_phrase(finding)
    if calls:
        wrapped(console, one_line(calls), _INDENT, style="dim")
    if (shown := witness_parts(finding, named)) is not None:  # the value that shows the break
        _witness(console, *shown)
    if verbose and needs_advice(finding) and finding.advice:
        wrapped(console, "→ " + plain(finding.advice), _INDENT, style="dim")


def _witness(console: Lines, words: str, call: str) -> None:
    """A witness's words, wrapped, and its call whole: after them when the line has room,
    else on a line of its own however wide, since a reader copies it and a call broken inside
    a JSON token does not parse when the lines are joined (new-user trial, round 23). The call
    is safe to show already (json_call), and plain() would change it (hostile trial, round 27)."""
    words = plain(words)
    if not call or _INDENT + len(words) + 1 + len(call) <= console.width:
        wrapped(console, f"{words} {call}" if call else words, _INDENT, style="dim")
        return
    wrapped(console, words, _INDENT, style="dim")
    console.print(Text(" " * _INDENT + call, style="dim"), soft_wrap=True)


def _diff_lint(console: Lines, report: Report, verbose: bool) -> None:
    console.print()
    head = Text(f"Lint ({lint_heading(report)}): ", style="bold")
    head.append(lint_counts_line(report))
    console.print(head, soft_wrap=True)
    for level, findings in level_groups(report.introduced):
        console.print(Text(f"  {_HEADING[level]} ({len(findings)})", style=_LEVEL_STYLE[level]))
        _checks(console, findings, report, verbose, indent=4)
    gone = resolved_checks(report)
    if gone:  # what the change fixed, in full: a reviewer sees the lint improve too
        console.print(Text(f"  Resolved by the change ({len(gone)})", style="green"))
        _checks(console, gone, report, verbose, indent=4)
    failing = [f for f in report.inherited if f.fails]
    if failing:  # the old side had them too, but the gate counts them: listed in full
        console.print(Text(f"  Inherited from the old side, failing the gate ({len(failing)})",
                           style=_LEVEL_STYLE[Level.ERROR]))
        _checks(console, failing, report, verbose, indent=4)
    codes = inherited_codes(report)
    if codes:  # the old side had them too: counted per code, not listed
        console.print(Text(f"  Inherited from the old side: {counts_phrase(report.check_counts(report.inherited))} "
                           "(mcp-inspect lint NEW lists them):", style="dim"), soft_wrap=True)
        for code, count in codes:
            console.print(Text(f"    {inherited_phrase(code, count)}", style="dim"))
    ignored = [(f, "introduced") for f in report.introduced if f.ignored] + \
              [(f, "inherited") for f in report.inherited if f.ignored]
    if ignored:  # as the diff's ignored findings: code, place, reason
        console.print(Text(f"  Ignored by configuration ({len(ignored)})", style="dim"))
        for finding, origin in ignored:
            console.print(Text(f"    {finding.rule}  {one_line(finding.location)} ({origin}): "
                               f"{one_line(finding.reason or 'ignored by configuration')}", style="dim"),
                          soft_wrap=True)
    console.print(Text("  Tool definitions: " + token_delta_phrase(report)), soft_wrap=True)
    changed = report.token_changes()
    if changed:  # where the cost moved, largest first
        more = f" ({TOP_TOOLS} of {len(changed):,}; --format json lists every one)" if len(changed) > TOP_TOOLS else ""
        console.print(Text(f"  Largest token changes{more}:", style="dim"), soft_wrap=True)
        for name, before, after, delta in token_change_rows(report, TOP_TOOLS):
            console.print(Text(f"    {one_line(name)}  {before} → {after} ({delta})", style="dim"), soft_wrap=True)
    if report.compatibility:  # the verdict per client, and what cost a client it
        console.print(Text("  Clients (before → after):"), soft_wrap=True)
        for entry in report.compatibility:
            lost = entry["before"] and not entry["after"]
            console.print(Text(f"    {entry['profile']}: {client_verdict_words(entry)}",
                               style=_LEVEL_STYLE[Level.ERROR] if lost else "dim"), soft_wrap=True)
            for reason in client_reasons(entry):
                console.print(Text(f"      {one_line(reason)}"), soft_wrap=True)


def summary_text(report: Report, *, closing: bool = True) -> Text:
    """The one-line verdict: printed first, and again last (``closing``) after a long report."""
    counts = report.counts()
    parts = [f"{counts[s.name]} {SEVERITY_HEADING[s].lower()}" for s in sorted(Severity, reverse=True)]
    if counts["ignored"]:
        parts.append(f"{counts['ignored']} ignored")
    # A repeated name's later objects differ and are not classified: the sides are not the
    # same, whatever the classification found (hostile trial, round 36).
    none = ("No changes to the first object of each name; the later objects of a repeated name differ (see the "
            "warnings). ") if report.repeated_names else "No changes. "
    line = Text(none if not report.changes else "Summary: " + ", ".join(parts) + ". ")
    line.append("Gate: ")
    line.append("FAIL" if report.failed else "pass", style="bold red" if report.failed else "bold green")
    line.append(f"{lint_alone_phrase(report)} ({changes_gate_phrase(report)})")
    if (unseen := unwitnessed_phrase(report)) is not None:
        line.append(f"; {unseen}")
    if report.linted:
        failing = report.failing_checks()
        suffix = Text(f". Lint: {len(failing)} finding{'s' if len(failing) != 1 else ''} failing the gate"
                      if failing else ". Lint: pass")
        if report.maturity_dropped:
            suffix.append("; the maturity score fell past lint.fail_on_maturity_drop")
        suffix.append(f" ({lint_gate_phrase(report)})")
        if (lost := lost_clients_phrase(report)) is not None:
            suffix.append(f"; {lost}")
        suffix.append(".")
        if failing or report.maturity_dropped:
            suffix.stylize(_LEVEL_STYLE[Level.ERROR])
        line.append(suffix)
    return line


# --- a lint -------------------------------------------------------------------------------


def _checks(console: Lines, findings: list[Finding], report: Report, verbose: bool, indent: int = 2) -> None:
    """Lint findings, each alike on several tools said once, naming them."""
    for item in said_once(findings):
        _check(console, item.findings, report, verbose, indent)


def _check(console: Lines, said: tuple[Finding, ...], report: Report, verbose: bool, indent: int = 2) -> None:
    finding = said[0]
    head = Text(" " * indent)
    head.append(finding.rule, style=_LEVEL_STYLE[finding.level])
    head.append("  ")
    head.append(check_place(said, one_line), style="bold")
    note = severity_note(finding, report.config_source)
    if note:
        head.append(f"  {finding.severity.label} ({one_line(note)})", style="dim")
    if finding.aliases:
        head.append(f"  also {', '.join(finding.aliases)}", style="dim")
    if len(said) == 1 and finding.source is not None:
        head.append(f"  {one_line(str(finding.source))}", style="dim")
    console.print(head, soft_wrap=True)
    wrapped(console, plain(finding.message), indent + 4)
    if verbose and needs_advice(finding) and finding.advice:
        wrapped(console, "→ " + plain(finding.advice), indent + 4, style="dim")


def _lint(console: Lines, report: Report, verbose: bool, section: str | None = None) -> None:
    tokens = report.new.tokens
    assert tokens is not None
    head = Text(f"{report.profile} profile  ", style="bold")
    head.append(one_line(report.new.name or report.new.source))
    head.append(f"  {plural(len(tokens.per_tool), report.new.unit)}", style="dim")
    console.print(head, soft_wrap=True)
    if report.new.verdicts is not None:
        console.print(Text(one_line(f"{verdict_phrase(report, report.new)}; {maturity_phrase(report.new)}.")),
                      soft_wrap=True)
    if section is None:
        console.print(_lint_summary(report), soft_wrap=True)
    for level, findings in level_groups(report.checks):
        console.print()
        console.print(Text(f"{_HEADING[level]} ({len(findings)})", style=_LEVEL_STYLE[level]))
        _checks(console, findings, report, verbose)
    ignored = [f for f in report.checks if f.ignored]
    if ignored:
        console.print()
        console.print(Text(f"Ignored by configuration ({len(ignored)})", style="dim"))
        for finding in ignored:
            console.print(Text(f"  {finding.rule}  {one_line(finding.location)}: {one_line(finding.reason or '')}",
                               style="dim"), soft_wrap=True)
    console.print()
    console.print(Text(f"{definitions_label(report.new)}: " + tokens_phrase(tokens, report.profile)),
                  soft_wrap=True)
    costly = sorted(tokens.per_tool.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_TOOLS]
    width = max((len(one_line(name)) for name, _ in costly), default=0)
    for name, cost in costly:
        console.print(Text(f"  {one_line(name):<{width}}  {cost:>7,}", style="dim"), soft_wrap=True)
    if len(tokens.per_tool) > TOP_TOOLS:
        console.print(Text(f"  … {len(tokens.per_tool) - TOP_TOOLS} more (--format json lists every "
                           f"{report.new.unit})", style="dim"))
    if not verbose:
        _advice(console, advice_once(report.checks))
    console.print()
    console.print(_lint_summary(report, section or "Summary"), soft_wrap=True)


def _lint_summary(report: Report, label: str = "Summary") -> Text:
    threshold = report.gate.checks
    line = Text(f"{label}: " + counts_phrase(report.check_counts()) + ". Gate: ")
    line.append("FAIL" if report.failed else "pass", style="bold red" if report.failed else "bold green")
    said = "never fails" if threshold is None else f"fails on {threshold_label(threshold)} and above"
    line.append(f" ({'; '.join([*report.gate_failures, said])})")
    return line
