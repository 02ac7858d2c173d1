"""Phrases several formats print the same way: counts, token costs, the lint's gate.

Every format counts with these, so text, Markdown, annotations and JSON agree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..findings.evidence import OUTPUT
from ..findings.facets import TokenReport
from ..findings.finding import Finding
from ..findings.report import Report, Side
from ..findings.rule import REVISIONS
from ..findings.severity import Level, Severity
from ..findings.words import show
from ..model import LIST_KINDS
from ..snapshot.failures import noun
from ..text.escape import cut_json, inert_json, json_call, markdown_code, plain
from .grouping import SEVERITY_HEADING, Group


def plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "s")


def counts_phrase(counts: dict[str, int]) -> str:
    """``2 errors, 1 warning, 0 info[, 3 ignored]`` for a count of lint findings."""
    parts = [plural(counts["error"], "error"), plural(counts["warning"], "warning"), f"{counts['info']} info"]
    if counts.get("ignored"):
        parts.append(f"{counts['ignored']} ignored")
    return ", ".join(parts)


def share_phrase(tokens: TokenReport, profile: str | None) -> str:
    """``0.6% of the claude profile's 200,000-token window``: the window is the profile's."""
    whose = f"the {profile} profile's" if profile else "a"
    return f"{tokens.share:.1%} of {whose} {tokens.window:,}-token window"


def tokens_phrase(tokens: TokenReport, profile: str | None) -> str:
    return f"{tokens.total:,} tokens ({tokens.label}), {share_phrase(tokens, profile)}"


def definitions_label(side: Side) -> str:
    """What a lint report's token line counts: the tool definitions, or the prompt and
    instruction text a check lints as stand-in tools (``Side.unit``), which are no tools."""
    return "Text" if side.unit == "text" else "Tool definitions"


def token_delta_phrase(report: Report) -> str:
    assert report.old is not None and report.old.tokens is not None and report.new.tokens is not None
    old, new = report.old.tokens, report.new.tokens
    delta = new.total - old.total
    sign = "+" if delta > 0 else ""
    return f"{old.total:,} → {new.total:,} tokens ({sign}{delta:,}; {new.label}), {share_phrase(new, report.profile)}"


def token_change_rows(report: Report, top: int | None = None) -> list[tuple[str, str, str, str]]:
    """The largest per-tool token changes (``Report.token_changes``), the first ``top`` of them,
    as ``(tool, before, after, delta)`` words: ``—`` for a side without the tool, ``+120``."""
    rows = []
    for name, before, after in report.token_changes()[:top]:
        delta = (after or 0) - (before or 0)
        rows.append((name, "—" if before is None else f"{before:,}", "—" if after is None else f"{after:,}",
                     f"{'+' if delta > 0 else ''}{delta:,}"))
    return rows


def client_verdict_words(entry: dict[str, Any]) -> str:
    """``compatible → NOT compatible``: a client's verdict before and after a change."""
    def said(ok: bool) -> str:
        return "compatible" if ok else "NOT compatible"

    return f"{said(entry['before'])} → {said(entry['after'])}"


def client_reasons(entry: dict[str, Any]) -> list[str]:
    """What made a client newly incompatible: each introduced finding as ``CODE tool: message``."""
    return [f"{f.rule} {f.location}: {f.message}" for f in entry["introduced"]]


def lint_heading(report: Report) -> str:
    """What a diff's lint section is headed with: the checks it ran when they are not the
    profile's selection (a check runs the security checks only), else the profile."""
    return report.lint_label or f"{report.profile} profile"


def lint_counts_line(report: Report) -> str:
    """``N introduced, M inherited[, K ignored]``: a diff's lint findings, as every format
    shows them. Ignored findings are counted apart, never as introduced or inherited, as the
    JSON summary counts them."""
    introduced, inherited = report.check_counts(report.introduced), report.check_counts(report.inherited)
    active = [sum(c[level.label] for level in Level) for c in (introduced, inherited)]
    ignored = introduced["ignored"] + inherited["ignored"]
    lost = lost_clients_phrase(report)
    return (f"{active[0]} introduced, {active[1]} inherited" + (f", {ignored} ignored" if ignored else "")
            + (f"; {lost}" if lost else ""))


def lost_clients_phrase(report: Report) -> str | None:
    """``no longer compatible with gemini``: the clients whose verdict the change turned, said
    beside the lint's counts, since those count the selected profile's findings alone and
    "0 introduced" stood over a client lost further down (new-user trial, round 17:
    paperless-mcp 2.2.1's zod 4 ``propertyNames`` cost gemini). None when no client was lost."""
    lost = [str(entry["profile"]) for entry in report.compatibility or () if entry["before"] and not entry["after"]]
    return f"no longer compatible with {', '.join(lost)}" if lost else None


def lint_gate_phrase(report: Report) -> str:
    def part(threshold: Level | None, what: str) -> str:
        return f"{what} never fail" if threshold is None else f"{what} fail at {threshold.label} and above"

    gate = report.gate
    return f"{part(gate.checks, 'introduced findings')}; {part(gate.inherited, 'inherited ones')}"


def calls_gate_phrase(report: Report) -> str | None:
    """``2 recorded calls rejected; calls.fail_when_rejected`` when recorded calls failed the
    gate for changes below its threshold (docs/record.md), else None."""
    if not report.failing_by_calls():
        return None
    return f"{plural(report.rejected_calls_failing(), 'recorded call')} rejected; calls.fail_when_rejected"


def lint_alone_phrase(report: Report) -> str:
    """`` by the lint; the changes pass`` after a verdict of FAIL when the lint alone failed
    the gate, else nothing: "0 breaking … Gate: FAIL (fails on BREAKING and above)" read as a
    contradiction until the lint clause after it (new-user trial, round 26; the GitHub notice
    alike, hostile trial, round 27). Each summary says first where the FAIL is from."""
    return " by the lint; the changes pass" if report.failed and report.linted and not report.changes_failed else ""


def changes_gate_phrase(report: Report) -> str:
    """Why the changes' gate is what it is: ``fails on BREAKING and above``; when recorded
    calls failed it, that cause, alone when no change failed at the threshold; first, a list
    the new side could not read (the gate then fails closed)."""
    threshold = f"fails on {report.gate.changes.name} and above"
    calls = calls_gate_phrase(report)
    if calls is None:
        why = threshold
    elif any(f.fails and f.at_gate for f in report.changes):
        why = f"{threshold}, and {calls}"
    else:
        why = calls
    # A list the new side could not read fails the gate closed, whatever the changes say;
    # so does a policy beyond the findings (a token budget, a client's compatibility).
    first = [said for said in (unread_phrase(report), *report.gate_failures) if said]
    return "; ".join([*first, why])


def maturity_drop_phrase(report: Report) -> str | None:
    """``the maturity score fell from 86 to 70, by more than lint.fail_on_maturity_drop (10)``,
    when that fails the gate."""
    if not report.maturity_dropped:
        return None
    assert report.old is not None and report.old.maturity is not None and report.new.maturity is not None
    return (f"the maturity score fell from {report.old.maturity.score} to {report.new.maturity.score}, by more "
            f"than lint.fail_on_maturity_drop ({report.gate.maturity_drop})")


def policy_failures(report: Report) -> list[str]:
    """The policies beyond the findings that fail the gate: a token budget, a client's
    compatibility (``report.gate_failures``) and the maturity score's drop."""
    return [*report.gate_failures, *filter(None, [maturity_drop_phrase(report)])]


def gate_reasons(report: Report) -> list[str]:
    """Each reason the gate fails that is not a finding: a list the new side could not read,
    then ``policy_failures``. Every format says them, since no finding's annotation does."""
    return [said for said in (unread_phrase(report), *policy_failures(report)) if said]


def source_label(source: str) -> str:
    """How a report names a source: stdin for ``-``."""
    return "stdin" if source == "-" else source


#: How many of the lowest-scoring tools the text and Markdown reports name.
LOWEST_TOOLS = 3


def verdict_phrase(report: Report, side: Side) -> str:
    """``compliance policy, MCP 2026-07-28 rules: compliant, valid``: the revision is the one
    the rules judged by (``--spec-version``), which the side's own may not be. "MCP
    2026-07-28" over a snapshot captured with 2025-11-25 read as the server's revision
    (new-user trial, round 42), so a side that answered another says so, and how to judge
    by its own when the rules know it."""
    assert side.verdicts is not None
    verdicts = side.verdicts
    said = [("compliant" if verdicts.compliant else "NOT compliant"), ("valid" if verdicts.valid else "NOT valid")]
    rules = f"MCP {report.spec_version} rules"
    own = side.protocol_version
    if own and own != report.spec_version:
        how = f"; --spec-version {own} judges by its rules" if own in REVISIONS else ""
        # The server's answer, cut as a message cuts any value it shows: a hostile server's
        # 5,000-character protocolVersion was the header's whole line (hostile trial, round 43).
        rules += f" (the server answered {show(own)}{how})"
    return f"{report.policy} policy, {rules}: {', '.join(said)}"


def maturity_phrase(side: Side) -> str:
    """``maturity 86/100 (mature); lowest: list_recent_files 79, create_file 80``."""
    assert side.maturity is not None
    maturity = side.maturity
    if not maturity.per_tool:  # no tools: the score is 100 by definition, which praises nothing
        return "maturity: nothing to score (no tools)"
    # The score is the tools' (docs/lint.md, "Verdicts and maturity"): an error costs its tool 5
    # points and one about the whole list (MCP-030, 032, 033) none, so an invalid surface can
    # score "exemplary", and the words say why (hostile trial, round 24: 129 clean tools,
    # refused whole by OpenAI's client, scored 100 "exemplary" without a word).
    yet = ", scored per tool: an error costs its tool 5 points, one about the whole list none" \
        if side.verdicts is not None and not side.verdicts.valid \
        and maturity.level == "exemplary" else ""
    out = f"maturity {maturity.score}/100 ({maturity.level}{yet})"
    lowest = sorted(((score, name) for name, score in maturity.per_tool.items() if score < 100))[:LOWEST_TOOLS]
    if lowest:
        out += "; lowest: " + ", ".join(f"{name} {score}" for score, name in lowest)
    return out


def maturity_delta_phrase(report: Report) -> str:
    """``maturity 99 → 98 (exemplary); moved: search_documentation 100 → 99, read_sections new 97``."""
    assert report.old is not None and report.old.maturity is not None and report.new.maturity is not None
    before, after = report.old.maturity, report.new.maturity
    out = f"maturity {before.score} → {after.score} ({after.level})"
    moved = []
    for name, was, now in report.maturity_by_tool():
        if was != now:
            moved.append(f"{name} " + ("new " if was is None else f"{was} → ") + ("gone" if now is None else str(now)))
    if moved:
        shown = moved[:LOWEST_TOOLS * 2]
        more = len(moved) - len(shown)
        out += "; moved: " + ", ".join(shown) + (f" and {more} more" if more else "")
    if report.maturity_dropped:
        out += f" (fell by more than {report.gate.maturity_drop}: the gate fails)"
    return out


#: A change said once for several entities names this many of them and counts the rest
#: (all of them when one more would be the only one left out).
NAMES_LISTED = 6
_KINDS = {"tool": "tools", "prompt": "prompts", "resource": "resources",
          "resourceTemplate": "resource templates", "server": "servers"}


def check_place(findings: tuple[Finding, ...], quote: Callable[[str], str] = str) -> str:
    """Where a lint finding said once holds (``grouping.said_once``): ``git_add:title`` on one
    tool, ``title on 12 tools: a, b, … and 6 more`` on several, the parts through ``quote``."""
    first = findings[0]
    if len(findings) == 1:
        return quote(first.location)
    where = entities_phrase("tool", tuple(f.entity.name for f in findings), quote)
    return f"{quote(first.path)} on {where}" if first.path else where


def entities_phrase(kind: str, names: tuple[str, ...] | list[str], quote: Callable[[str], str] = str) -> str:
    """``tool search`` for one entity; ``20 tools: aggregate, count, … and 14 more`` for
    several, the names each passed through ``quote`` (the format's escaping)."""
    if len(names) == 1:
        return "server" if kind == "server" else f"{kind} {quote(names[0])}"
    shown = names if len(names) <= NAMES_LISTED + 1 else names[:NAMES_LISTED]
    said = f"{len(names):,} {_KINDS.get(kind, kind + 's')}: {', '.join(quote(n) for n in shown)}"
    return said + (f" and {len(names) - len(shown):,} more" if len(shown) < len(names) else "")


def severity_counts(findings: list[Finding]) -> list[str]:
    """``["1 breaking", "2 non-breaking"]``: the changes by severity, most severe first, the
    severities with none left out."""
    return [f"{n} {SEVERITY_HEADING[s].lower()}" for s in sorted(Severity, reverse=True)
            if (n := sum(1 for f in findings if f.severity is s))]


#: An entity's header names this many of the groups of several entities that hold more of its
#: changes; past that it counts them.
SHARED_GROUPS_NAMED = 3


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def group_counts_phrase(group: Group, places: list[tuple[Group, bool]]) -> str:
    """The counts in ``group``'s header: what is listed under it (``1 breaking, 2
    non-breaking``, ``… each`` when they hold on every entity of a shared group), then, for
    one entity, what of its changes is said once with other entities in other groups (``; 1
    potentially breaking and 1 documentation more in the groups of 51 and 48 tools above``):
    a header's counts read as the entity's whole, which they are only with that said.
    ``places``: the group's ``shared_places``."""
    # Findings, as the summary counts them: an item that folds three members removed alike is
    # three (new-user trial, round 30: "2 tools: get_task, get_tasks (1 breaking each)" under
    # a summary of 4 breaking, each tool having lost two properties).
    name = group.names[0]
    said = ", ".join(severity_counts(group.of_entity(name))) + (" each" if group.shared else "")
    if not places:
        return said
    more = _and(severity_counts([f for other, _ in places for f in other.of_entity(name)]))
    kinds = _KINDS.get(group.kind, group.kind + "s")
    sides = {"above" if above else "below" for _, above in places}
    if len(places) > SHARED_GROUPS_NAMED:
        where = f"{len(places)} groups of several {kinds} {' and '.join(sorted(sides))}"
    else:  # by side, above first: the sizes, then the kind and the side once ("the group of 16
        # tools above and the groups of 2 and 14 tools below"; "16 tools above, 2 tools below
        # and 14 tools below" read as three places: new-user trial, round 16)
        where = " and ".join(
            f"the group{'s' if len(sizes) > 1 else ''} of {_and(sizes)} {kinds} {side}"
            for side in ("above", "below")
            if (sizes := [f"{len(o.names):,}" for o, above in places if above == (side == "above")]))
    return f"{said}; {more} more in {where}"


def inherited_phrase(code: str, count: int) -> str:
    """``SEC-001 ×45 inherited``: a lint code the old side had too, counted, not listed."""
    return f"{code} ×{count:,} inherited"


def inherited_codes_phrase(codes: list[tuple[str, int]]) -> str:
    """``inherited by code: SEC-001 ×45, LLM-006 ×22``: the count lines on one line, for the
    formats with no room for a line each (an annotation)."""
    return "inherited by code: " + ", ".join(f"{code} ×{count:,}" for code, count in codes)
#: Characters of a witness's compact JSON the human formats show (the JSON report has it whole).
WITNESS_SHOWN_CHARS = 300


def witness_phrase(finding: Finding, named: bool = False) -> str | None:
    """``e.g. this call passes the old schema and fails the new one: {"units":"metric"}`` (compact JSON, keys
    sorted), its output mirror, or why no witness was found; None when none was sought.
    ``named``: the finding stands for the same change on several entities, and the call is
    its own entity's, which the phrase then names (another tool's required arguments may
    make it no call of theirs: new-user trial, round 11). The text is safe to show already
    (the words through plain(), the call json_call's): a format escapes only its own markup,
    since plain() again would double the call's escapes (hostile trial, round 27)."""
    parts = witness_parts(finding, named)
    if parts is None:
        return None
    words, call = plain(parts[0]), parts[1]
    return f"{words} {call}" if call else words


def witness_parts(finding: Finding, named: bool = False) -> tuple[str, str] | None:
    """``witness_phrase`` as its words and the call they show (compact JSON; "" when none),
    for a format that must not break the call: a reader copies it, and a line broken inside a
    JSON token does not parse when joined (new-user trial, round 23: ``{"latitude":0,"lon`` and
    ``gitude":0}`` on the next line)."""
    witness = finding.witness
    if witness is None:
        return None
    on = f" ({finding.entity.kind.value} {finding.entity.name})" if named else ""
    if not witness.found:
        note = witness.note or ""
        # The note's call is its own tool's, as a witness's is: named when the item stands for
        # several tools whose calls differ (hostile trial, round 43).
        if witness.example and note.endswith(witness.example):
            return f"no witness{on}: {note.removesuffix(witness.example).rstrip()}", inert_json(witness.example)
        return f"no witness: {note}", ""
    # The call as JSON that is already safe to show: each format shows it without plain(), whose
    # doubled backslashes made a copied call another call (``\\u0007`` for BEL: hostile trial, round 27).
    text = cut_json(json_call(witness.value), WITNESS_SHOWN_CHARS)
    if witness.direction == OUTPUT:
        return f"e.g. the server{on} may now return this, which the old schema rejected:", text
    # A claim about the schemas, not the server: the old server may have failed such a call too
    # ("worked" overclaimed: new-user trial, round 17, mcp-yahoo-finance's `limit: ""`).
    return f"e.g. this call{on} passes the old schema and fails the new one:", text


def witness_markdown(words: str, call: str, prose: Callable[[str], str]) -> str:
    """A witness's words as Markdown prose and its call as a code span: verbatim in the raw
    Markdown and as rendered, where prose escaping wrote ``\\[`` into the JSON."""
    return f"{prose(words)} {markdown_code(call, inert=True)}" if call else prose(words)


def unread_phrase(report: Report) -> str | None:
    """Why the gate fails closed on a diff whose new side could not read a list the old side
    had entities of (``the new side's tools/list failed, so its tools were not compared``), or None."""
    if not report.unread_lists:
        return None
    kinds = {lk.key: lk for lk in LIST_KINDS}
    return "; ".join(f"the new side's {method} failed, so its {noun(kinds[key])} were not compared"
                     for key, method, _ in report.unread_lists)


def unwitnessed_phrase(report: Report) -> str | None:
    """``2 breaking input changes without a witness``, or None when every one has one."""
    count = report.unwitnessed
    if not count:
        return None
    return f"{count:,} breaking input change{'' if count == 1 else 's'} without a witness"
