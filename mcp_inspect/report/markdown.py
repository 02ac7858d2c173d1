"""A GitHub pull-request comment: a diff's verdict, counts and findings grouped by entity,
or a lint's findings per server.

Everything a server said (names, URIs, paths, messages) and everything the user typed
(sources, ignore reasons, warnings) is untrusted here: a PR comment is rendered as HTML
in the reviewer's browser, so a tool description must not be able to add a link, an
image, a mention or close one of our ``<details>`` sections. Such text goes through
``markdown_text`` (Markdown context) or ``html_text`` (inside ``<summary>``), never raw.
Only what mcp-inspect itself produces (rule ids, severity names, counts) is written as is.

A comment over GitHub's size limit is not posted at all, so sections that do not fit are
left out whole (budget.py), what fails the gate first to get room.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import quote

from ..findings.finding import Finding
from ..findings.report import Report
from ..findings.severity import Level, Severity, threshold_label
from ..model import EntityKind
from ..text.diff import clip, clip_middle
from ..text.escape import html_text, markdown_code, markdown_text, with_command
from .budget import Section, fit
from .calls_text import calls_summary_lines, finding_calls_phrase
from .grouping import (
    SEVERITY_HEADING,
    Group,
    Item,
    advice_once,
    change_groups,
    ignored_items,
    inherited_codes,
    level_groups,
    prose_segments,
    resolved_checks,
    said_once,
    severity_note,
    shared_places,
)
from .model_review import markdown_section
from .phrases import (
    check_place,
    client_reasons,
    counts_phrase,
    definitions_label,
    entities_phrase,
    gate_reasons,
    group_counts_phrase,
    inherited_phrase,
    lint_counts_line,
    lint_gate_phrase,
    lint_heading,
    maturity_delta_phrase,
    maturity_phrase,
    source_label,
    token_change_rows,
    token_delta_phrase,
    tokens_phrase,
    verdict_phrase,
    witness_markdown,
    witness_parts,
)

_BADGE = {
    Severity.BREAKING: "🔴 **BREAKING**",
    Severity.POTENTIALLY_BREAKING: "🟠 **POTENTIALLY BREAKING**",
    Severity.NON_BREAKING: "🟢 NON-BREAKING",
    Severity.DOCUMENTATION: "📝 DOCUMENTATION",
}
_LEVEL_BADGE = {Level.ERROR: "🔴 **error**", Level.WARNING: "🟠 **warning**", Level.INFO: "🔵 info"}
#: Advice is shown where a reviewer must act, as in the text report: from
#: POTENTIALLY_BREAKING up, and for anything that trips a lower gate.
_ADVISE_FROM = Severity.POTENTIALLY_BREAKING
#: GitHub rejects comment bodies over 65,536 characters; stay well below it.
MAX_CHARS = 60_000
#: The whole comment, a model review's closing section included, stays below this.
COMMENT_LIMIT = 65_000
_SEVERITIES = sorted(Severity, reverse=True)
#: How much room a section gets when the comment is too long (budget.fit; lower first).
#: Tier 0 is what fails the gate, whatever its severity; the rest go by severity, with a
#: passing Lint section (warnings a reviewer should see) after the potentially breaking.
_TIER = {Severity.BREAKING: 1, Severity.POTENTIALLY_BREAKING: 1, Severity.NON_BREAKING: 3,
         Severity.DOCUMENTATION: 4}
_LINT_TIER = 2
_ADVICE_TIER = 4
_IGNORED_TIER = 5
_LEVEL_NAME = {Level.ERROR: "Errors", Level.WARNING: "Warnings", Level.INFO: "Info"}
#: Room kept for the note that says what was left out.
_NOTE_ROOM = 200
#: A short comment's client table: reasons shown per client, and characters per reason.
_BRIEF_REASONS = 3
_BRIEF_CHARS = 200
#: Each line of the comment's head (a gate failure, a source, the calls summary)
#: is cut to this many characters, so the head stays small whatever a server or a capture
#: wrote, and the room goes to the findings (the JSON report keeps every line whole).
_HEAD_LINE_CHARS = 500
#: Lines of the recorded-calls summary shown in the head.
_CALL_LINES_SHOWN = 12


def render_markdown(reports: Report | list[Report], *, max_chars: int = MAX_CHARS) -> str:
    listed = reports if isinstance(reports, list) else [reports]
    diff = isinstance(reports, Report) and reports.is_diff
    body = _diff(listed[0], max_chars) if diff else _lint(listed, max_chars)
    # A model's opinions close the comment, in the room GitHub leaves past ``max_chars``:
    # the static part is the same with or without them.
    opinions = markdown_section(listed, COMMENT_LIMIT - len(body) - 1)
    return body + "\n" + opinions if opinions else body


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --- shared: lint findings as list items -----------------------------------------------------


def check_items(findings: list[Finding], config: str | None = None) -> list[str]:
    """Lint findings as list items, grouped by level under a bold level line each."""
    lines = []
    for level, group in level_groups(findings):
        lines.append(f"**{_LEVEL_NAME[level]} ({len(group)})**")
        lines.append("")
        for item in said_once(group):  # alike on several tools: said once, naming them
            f = item.first
            note = severity_note(f, config)
            said = f" ({markdown_text(note)})" if note else ""
            also = f" (also {', '.join(markdown_code(a) for a in f.aliases)})" if f.aliases else ""
            here = source_link(f) if len(item.findings) == 1 else ""
            lines.append(f"- {_LEVEL_BADGE[f.level]}{said} {markdown_code(f.rule)}{also} "
                         f"{check_place(item.findings, markdown_code)}{here}: {markdown_text(f.message)}")
        lines.append("")
    return lines


def source_link(finding: Finding) -> str:
    """`` in [file:42](file#L42)``: a link to the line of the server's code that registers the
    finding's entity or declares its property (docs/source.md); "" when it was not located.
    The path is percent-encoded in the link and shown as code, so no file name can make markup."""
    if finding.source is None:
        return ""
    where = finding.source
    return f" in [{markdown_code(str(where))}]({quote(where.file, safe='/')}#L{where.line})"


def words_item(finding: Finding) -> list[str]:
    """A prose change's word diff as a nested item: deletions struck, insertions bold."""
    segments = prose_segments(finding)
    if not segments:
        return []
    shown = []
    for op, text in segments:
        escaped = markdown_text(text)
        shown.append(escaped if op == "=" else f"~~{escaped}~~" if op == "-" else f"**{escaped}**")
    return [f"  - {' '.join(shown)}"]


def how_to_fix(advice: list[tuple[str, str]]) -> str:
    """Each rule's advice, once, in a closed section."""
    lines = [f"<details><summary>How to fix ({_plural(len(advice), 'rule')})</summary>", ""]
    lines += [f"- {markdown_code(rule)}: {markdown_text(text)}" for rule, text in advice]
    return "\n".join([*lines, "", "</details>", ""])


def _brief(said: tuple[Finding, ...]) -> str:
    """A lint finding (alike on several tools: said once) as one Markdown list item without
    its advice: code, place, message."""
    f = said[0]
    return f"- {markdown_code(f.rule)} {check_place(said, markdown_code)}: {markdown_text(f.message)}"


def _briefs(findings: list[Finding]) -> list[str]:
    return [_brief(item.findings) for item in said_once(findings)]


def _ignored_checks(findings: Sequence[tuple[Finding, str | None]], title: str) -> list[str]:
    """Ignored lint findings as a diff's comment shows its own: code, place, message and the
    reason in emphasis; ``origin`` (introduced, inherited) when the finding has one."""
    lines = [f"<details><summary>{html_text(title)} ({len(findings)})</summary>", ""]
    for f, origin in findings:
        # Emphasis around an empty reason would print two bare asterisks.
        reason = (f.reason or "").strip() or "ignored by configuration"
        where = f" ({origin})" if origin else ""
        lines.append(f"- {markdown_code(f.rule)} {markdown_code(f.location)}{where}: {markdown_text(f.message)}"
                     f" — *{markdown_text(reason)}*")
    return [*lines, "", "</details>", ""]


# --- a diff -------------------------------------------------------------------------------------


def _heading(report: Report) -> str:
    counts = report.counts()
    if not report.changes:
        # A repeated name's later objects are not classified (hostile trial, round 36).
        return "## mcp-inspect: no changes to the first object of each name" if report.repeated_names \
            else "## mcp-inspect: no changes"
    breaking = counts[Severity.BREAKING.name]
    head = _plural(breaking, "breaking change") if breaking else "no breaking changes"
    potential = counts[Severity.POTENTIALLY_BREAKING.name]
    if potential:
        head += f", {potential} potentially breaking"
    return f"## mcp-inspect: {head}"


def _verdict(report: Report, *, lint_shown: bool = True) -> str:
    threshold = markdown_code(report.gate.changes.name)
    if report.failed:
        by_calls = len(report.failing_by_calls())
        n = sum(1 for f in report.changes if f.fails) - by_calls
        lint = len(report.failing_checks()) if report.linted else 0
        # A list not read, a policy beyond the findings, the maturity score's drop.
        beyond = [markdown_text(clip(said, _HEAD_LINE_CHARS)) for said in gate_reasons(report)]
        parts = ([f"{_plural(n, 'finding')} at or above {threshold}"]
                 if n or not (lint or by_calls or beyond) else [])
        parts[:0] = beyond
        if by_calls:  # below the threshold: the recorded calls failed them (docs/record.md)
            rejected = _plural(report.rejected_calls_failing(), "recorded call")
            parts.append(f"{_plural(by_calls, 'finding')} through {rejected} rejected "
                         f"({markdown_code('calls.fail_when_rejected')})")
        if lint:
            # Never point at a section the size limit left out.
            where = "see Lint below" if lint_shown else "the Lint section did not fit here; see `--format json`"
            parts.append(f"{_plural(lint, 'lint finding')} ({where})")
        return f"❌ **Gate fails**: {' and '.join(parts)}."
    return f"✅ **Gate passes**: nothing at or above {threshold}."


def _summary_tables(report: Report) -> list[str]:
    assert report.old is not None
    counts = report.counts()
    lines = ["| Severity | Count |", "|---|---:|"]
    lines += [f"| {SEVERITY_HEADING[s]} | {counts[s.name]} |" for s in _SEVERITIES]
    lines += [f"| Ignored | {counts['ignored']} |"]
    lines += [f"| Breaking input changes without a witness | {report.unwitnessed} |"] if report.unwitnessed else []
    lines += [""]
    # Sources are user input and may hold ``|``: markdown_text escapes it for the cell.
    lines += ["| Side | Source | Fingerprint |", "|---|---|---|"]
    for name, side in (("old", report.old), ("new", report.new)):
        fingerprint = markdown_code(side.fingerprint[:12], in_table=True)
        lines.append(f"| {name} | {markdown_text(clip(source_label(side.source), _HEAD_LINE_CHARS))} | {fingerprint} |")
    return lines


def _entity_html(group: Group) -> str:
    if group.kind == EntityKind.SERVER.value:
        return "<b>server</b>"
    if not group.shared:
        return f"<b>{group.kind}</b> <code>{html_text(group.names[0])}</code>"
    said = entities_phrase(group.kind, group.names, lambda name: f"<code>{html_text(name)}</code>")
    count, names = said.split(": ", 1)  # "14 tools", then the names
    return f"<b>{count}</b>: {names}"


def _item(finding: Finding, config: str | None, named: bool = False) -> list[str]:
    assert isinstance(finding.severity, Severity)
    where = f" at {markdown_text(finding.path)}" if finding.path else ""
    note = severity_note(finding, config)
    said = f" ({markdown_text(note)})" if note else ""
    # A nested item (two spaces of indent) keeps the word diff with its finding.
    calls = finding_calls_phrase(finding)
    return [f"- {_BADGE[finding.severity]}{said} {markdown_code(finding.rule)}{where}{source_link(finding)}: "
            f"{markdown_text(finding.message)}", *words_item(finding),
            *([f"  - {markdown_text(calls)}"] if calls else []),
            *([f"  - {witness_markdown(*shown, markdown_text)}"] if (shown := witness_parts(finding, named)) else [])]


def _group(report: Report, group: Group, places: list[tuple[Group, bool]]) -> str:
    # Open by default only where the reviewer has to look: a finding that trips the gate.
    gate = any(f.at_gate for f in group.firsts)
    # The <details> line opens a raw HTML block, so the summary is HTML, not Markdown;
    # the blank lines around the list return to Markdown so that the list renders.
    lines = [f"<details{' open' if gate else ''}><summary>{_entity_html(group)} — "
             f"{html_text(group_counts_phrase(group, places))}</summary>", ""]
    for finding, named in group.shown:
        lines += _item(finding, report.config_source, named)
    lines += ["", "</details>", ""]
    return "\n".join(lines)


def _ignored_changes(items: list[Item]) -> str:
    title = "Approved or ignored" if any(i.first.approved for i in items) else "Ignored"
    lines = [f"<details><summary>{title} by configuration ({sum(len(i.findings) for i in items)})</summary>", ""]
    for item in items:
        f = item.first
        # Emphasis around an empty reason would print two bare asterisks.
        reason = (f.reason or "").strip() or "ignored by configuration"
        lines.append(f"- {markdown_code(f.rule)} {entities_phrase(item.kind, item.names, markdown_text)}: "
                     f"{markdown_text(f.message)} — *{markdown_text(reason)}*")
    lines += ["", "</details>", ""]
    return "\n".join(lines)


#: Warnings listed at the top of a comment; the rest are counted (the JSON report has all).
_WARNINGS_SHOWN = 10
#: A warning is cut in its middle to this many characters: its start says what is wrong and
#: its end often holds the command that mends it (the era warning's capture command, some
#: 600 characters in all with a long npx line), which a cut at the end lost.
_WARNING_CHARS = 1_000


def _warnings(warnings: list[str], max_chars: int) -> str:
    # The shown warnings take at most half of a small comment (``--max-chars``).
    room = max(_HEAD_LINE_CHARS // 5, min(_WARNING_CHARS, max_chars // (2 * _WARNINGS_SHOWN)))
    lines = ["### Warnings", "",
             *(f"- {with_command(clip_middle(w, room), markdown_text)}" for w in warnings[:_WARNINGS_SHOWN])]
    if len(warnings) > _WARNINGS_SHOWN:
        lines.append(f"- …and {len(warnings) - _WARNINGS_SHOWN} more (see the JSON report)")
    return "\n".join([*lines, ""])


def _lint_variants(report: Report) -> list[tuple[str, int]]:
    """The diff's Lint section, fullest first, each with the number of lint findings it leaves
    unlisted: in full (the findings the change introduced listed, the inherited ones counted
    per code); with only the findings that fail the gate (no advice); with the counts alone.
    A comment short of room takes the first that fits, so the section the verdict points at
    stays in all but the tightest comment."""
    introduced = [f for f in report.introduced if not f.ignored]
    inherited = [f for f in report.inherited if not f.ignored]
    total = len(report.checks)
    verdict = "❌ fails" if report.checks_failed else "✅ passes"
    head = [f"### Lint ({markdown_text(lint_heading(report))}): {verdict}", "",
            f"{markdown_text(lint_counts_line(report))} ({markdown_text(lint_gate_phrase(report))}).", "",
            f"Tool definitions: {markdown_text(token_delta_phrase(report))}.", ""]
    # Where the cost moved and each client's verdict: in every variant but the shortest.
    tables = [*_token_changes(report), *_clients(report)]
    items = check_items(introduced, report.config_source)
    counted = []
    gone = resolved_checks(report)
    if gone:  # what the change fixed, in full
        counted += [f"**Resolved by the change ({len(gone)})**", "", *_briefs(gone), ""]
    failing = [f for f in inherited if f.fails]
    if failing:  # the old side had them too, but the gate counts them: listed in full
        counted += [f"**Inherited from the old side, failing the gate ({len(failing)})**", ""]
        counted += _briefs(failing)
        counted.append("")
    codes = inherited_codes(report)
    if codes:  # the old side had them too: a count per code, not a list (lint NEW lists them)
        counted += [f"**Inherited from the old side ({len(inherited)})**, counted by code "
                    "(`mcp-inspect lint NEW` lists them):", ""]
        counted += [f"- {inherited_phrase(markdown_code(code), count)}" for code, count in codes]
        counted.append("")
    ignored = [(f, "introduced") for f in report.introduced if f.ignored] + \
              [(f, "inherited") for f in report.inherited if f.ignored]
    tail = _ignored_checks(ignored, "Lint findings ignored by configuration") if ignored else []

    def unlisted(n: int) -> list[str]:
        return [f"*{n} lint finding{'s' if n != 1 else ''} not listed here, to keep this comment "
                "within GitHub's size limit.*", ""]

    out = [("\n".join(head + tables + (items if introduced else []) + counted + tail), 0)]
    failing = report.failing_checks()
    if failing:
        short = _briefs(failing)
        rest = total - len(failing)
        out.append(("\n".join(head + tables + short + [""] + (unlisted(rest) if rest else [])), rest))
    if total:
        # A gate failed by a client's verdict or the token budget (``gate_failures``) keeps
        # the tables that say why, the clients' reasons cut short, in even the shortest variant.
        kept = [*_token_changes(report), *_clients(report, _BRIEF_REASONS)] if report.gate_failures else []
        out.append(("\n".join(head + kept + unlisted(total)), total))
    return out


def _diff(report: Report, max_chars: int) -> str:
    """The comment body. The room goes first to what fails the gate (the entity groups holding
    such a finding, and the Lint section when the lint fails), then to the rest, most severe
    first: a short comment drops NON_BREAKING groups before any BREAKING one. Shown, the
    groups read in the same order: the server's first (its changes concern every caller),
    then those that fail the gate, then the rest, most severe first."""
    sections: list[Section] = []
    groups = change_groups(report.changes)  # the reading order: the server, the gate, severity
    for group, places in zip(groups, shared_places(groups), strict=True):
        worst = max(f.severity for f in group.firsts)
        assert isinstance(worst, Severity)
        tier = 0 if any(f.at_gate for f in group.firsts) else _TIER[worst]
        sections.append(Section(tier, [(_group(report, group, places), 0)], len(group.findings)))
    lint_index = None
    if report.linted:
        lint_index = len(sections)
        # A failing lint's section is reserved room: the verdict points at it.
        # So is one whose tables say why a client's verdict or the token budget failed it.
        failed = report.checks_failed or bool(report.gate_failures)
        sections.append(Section(0 if failed else _LINT_TIER, _lint_variants(report), len(report.checks),
                                reserved=failed))
    ignored = ignored_items(report.changes)
    if ignored:
        sections.append(Section(_IGNORED_TIER, [(_ignored_changes(ignored), 0)],
                                sum(len(i.findings) for i in ignored)))
    advice = advice_once([*report.changes, *report.introduced])
    if advice:
        sections.append(Section(_ADVICE_TIER, [(how_to_fix(advice), 0)], 0))

    judged = []
    if report.linted and report.new.verdicts is not None and report.old is not None and report.old.maturity is not None:
        judged = [markdown_text(clip(f"Lint: {verdict_phrase(report, report.new)}; {maturity_delta_phrase(report)}.",
                                     _HEAD_LINE_CHARS)), ""]

    def head(lint_shown: bool) -> str:
        # Warnings first: a capture taken under other conditions qualifies every finding below.
        warned = [_warnings(report.warnings, max_chars)] if report.warnings else []
        if report.calls is not None:
            first, *rest = [clip(line, _HEAD_LINE_CHARS) for line in calls_summary_lines(report.calls)]
            if len(rest) > _CALL_LINES_SHOWN:
                rest = [*rest[:_CALL_LINES_SHOWN], f"…and {len(rest) - _CALL_LINES_SHOWN} more (see the JSON report)"]
            warned += [f"**{markdown_text(first)}**", *(f"- {markdown_text(line)}" for line in rest), ""]
        return "\n".join([_heading(report), "", _verdict(report, lint_shown=lint_shown), "", *warned, *judged,
                          *_summary_tables(report), ""])

    longest = max(len(head(True)), len(head(False)))
    chosen = fit(sections, max_chars - longest - 1 - _NOTE_ROOM)
    shown = [chosen[i][0] for i in range(len(sections)) if i in chosen]
    omitted = sum(chosen[i][1] if i in chosen else section.findings for i, section in enumerate(sections))
    if len(chosen) < len(sections) or omitted:
        shown.append(f"*Not shown, to keep this comment within GitHub's size limit: "
                     f"{_plural(omitted, 'finding')}. "
                     "Run with `--format json` for the full report.*\n")
    body = head(lint_index is None or lint_index in chosen)
    return (body + "\n" + "\n".join(shown)).rstrip("\n") + "\n"


def _token_changes(report: Report, top: int = 10) -> list[str]:
    """The largest per-tool token changes as a table (the first ``top``; the JSON lists all)."""
    changed = report.token_changes()
    if not changed:
        return []
    lines = ["| Tool | Tokens before | Tokens after | Change |", "|---|---:|---:|---:|"]
    lines += [f"| {markdown_code(name, in_table=True)} | {before} | {after} | {delta} |"
              for name, before, after, delta in token_change_rows(report, top)]
    if len(changed) > top:
        lines.append(f"| *{len(changed) - top} more* | | | |")
    return [*lines, ""]


def _clients(report: Report, brief: int | None = None) -> list[str]:
    """The verdict per client as a table: compatible before and after, and what the change
    introduced that made a client fail (with ``brief``, that many reasons per client, each
    cut to ``_BRIEF_CHARS``, and a count of the rest: a table whose size is bounded)."""
    if not report.compatibility:
        return []
    lines = ["| Client | Before | After | Why |", "|---|---|---|---|"]
    for entry in report.compatibility:
        reasons = client_reasons(entry)
        if brief is not None:
            more = len(reasons) - brief
            reasons = [r if len(r) <= _BRIEF_CHARS else r[:_BRIEF_CHARS - 1] + "…" for r in reasons[:brief]]
            reasons += [f"…and {more} more"] if more > 0 else []
        why = "<br>".join(markdown_text(reason) for reason in reasons)
        lines.append(f"| {entry['profile']} | {'✅' if entry['before'] else '❌'} | {'✅' if entry['after'] else '❌'} "
                     f"| {why} |")
    return [*lines, ""]


# --- a lint ---------------------------------------------------------------------------------


def _tokens_table(report: Report, top: int = 10) -> list[str]:
    assert report.new.tokens is not None
    per_tool = report.new.tokens.per_tool
    costly = sorted(per_tool.items(), key=lambda kv: (-kv[1], kv[0]))[:top]
    lines = [f"| {report.new.unit.capitalize()} | Tokens |", "|---|---:|"]
    lines += [f"| {markdown_code(name, in_table=True)} | {cost:,} |" for name, cost in costly]
    if len(per_tool) > top:
        lines.append(f"| *{len(per_tool) - top} more* | |")
    return lines


def _one_server(report: Report) -> list[str]:
    assert report.new.tokens is not None
    verdict = "❌ **Lint fails**" if report.failed else "✅ **Lint passes**"
    threshold = report.gate.checks
    said = "never fails" if threshold is None else f"fails on {threshold_label(threshold)} and above"
    title = markdown_text(report.new.name or source_label(report.new.source))
    out = [f"### {title} ({report.profile} profile)", "",
           f"{verdict} ({markdown_text('; '.join([*report.gate_failures, said]))}): "
           f"{counts_phrase(report.check_counts())}.", "",
           f"{definitions_label(report.new)}: {markdown_text(tokens_phrase(report.new.tokens, report.profile))}.",
           ""]
    if report.new.verdicts is not None:
        out += [markdown_text(f"{verdict_phrase(report, report.new)}; {maturity_phrase(report.new)}."), ""]
    active = [f for f in report.checks if not f.ignored]
    if active:
        out += check_items(active, report.config_source)
    advice = advice_once(report.checks)
    if advice:
        out.append(how_to_fix(advice))
    ignored = [f for f in report.checks if f.ignored]
    if ignored:  # "1 ignored" above says how many; this says which, and why
        out += _ignored_checks([(f, None) for f in ignored], "Ignored by configuration")
    out += [f"<details><summary>{html_text(f'Token cost per {report.new.unit}')}</summary>", "",
            *_tokens_table(report), "",
            "</details>", ""]
    return out


def _lint(reports: list[Report], max_chars: int) -> str:
    """A server's section that would push the comment past ``max_chars`` is left out, whole;
    the servers that fail the gate get the room first, so a short comment still shows what
    fails. The sections shown keep the order of the servers."""
    failed = any(r.failed for r in reports)
    heading = "## mcp-inspect lint: " + ("fails" if failed else "passes")
    sections = [Section(0 if report.failed else 1, [("\n".join(_one_server(report)), 0)], len(report.findings))
                for report in reports]
    chosen = fit(sections, max_chars - len(heading) - 1 - _NOTE_ROOM)
    body = [heading, "", *(chosen[i][0] for i in range(len(reports)) if i in chosen)]
    omitted = len(reports) - len(chosen)
    if omitted:
        body.append(f"*{omitted} server(s) not shown, to keep this comment within GitHub's size limit. "
                    "Run with `--format json` for the full report.*\n")
    return "\n".join(body).rstrip("\n") + "\n"
