"""The HTML report: one self-contained page for a diff, or for the lint of one or several
servers, for people who would rather look than read.

The page is written by a Jinja2 template (templates/report.html.j2) with autoescaping on
and strict undefined names; nothing in it is marked safe, so every string this module
hands over (names, descriptions, messages, schema text, sources, reasons) is escaped by
the template as text. Before that, control and invisible characters are shown as escapes
(``escape.plain``), as in the other formats. The page holds no script, fetches nothing
(no font, stylesheet or image from anywhere) and says so in a Content-Security-Policy, so
a hostile description stays inert even if an escape were ever missed.

Jinja2 is an optional dependency (the ``html`` extra), imported only when this format is
asked for; without it the command ends with exit 2 and one line saying how to install it.
The output is deterministic: no timestamps, everything in a fixed order.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from .._version import __version__
from ..errors import InputError
from ..findings.facets import Maturity
from ..findings.finding import Finding
from ..findings.report import Report, Side
from ..findings.severity import Level, Severity, threshold_label
from ..findings.words import show
from ..model import EntityKind
from ..text.diff import clip, word_diff
from ..text.escape import plain
from .calls_text import calls_summary_lines, finding_calls_phrase
from .grouping import SEVERITY_HEADING, entity_rank, inherited_codes, resolved_checks
from .html_defs import MAX_VIEWS, side_by_side
from .model_review import html_context
from .phrases import (
    calls_gate_phrase,
    changes_gate_phrase,
    client_reasons,
    inherited_phrase,
    lint_counts_line,
    lint_gate_phrase,
    lint_heading,
    source_label,
    token_change_rows,
    token_delta_phrase,
    tokens_phrase,
    unwitnessed_phrase,
    verdict_phrase,
    witness_phrase,
)

TEMPLATE = "report.html.j2"
INSTALL_HINT = "--format html needs Jinja2, which is not installed: pip install 'mcp-inspect[html]'"

_SEVERITIES = sorted(Severity, reverse=True)
_LEVELS = sorted(Level, reverse=True)
#: CSS classes, a colour per severity. Two dictionaries: the members of the two scales are
#: equal integers (NON_BREAKING == INFO), so one dictionary would merge their keys.
_SEVERITY_CLASS = {
    Severity.BREAKING: "sev-breaking", Severity.POTENTIALLY_BREAKING: "sev-potential",
    Severity.NON_BREAKING: "sev-additive", Severity.DOCUMENTATION: "sev-docs",
}
_LEVEL_CLASS = {Level.ERROR: "sev-breaking", Level.WARNING: "sev-potential", Level.INFO: "sev-info"}
_HEADING = {Level.ERROR: "Errors", Level.WARNING: "Warnings", Level.INFO: "Info"}
#: A count's word, one and several.
_LEVEL_WORD = {Level.ERROR: ("error", "errors"), Level.WARNING: ("warning", "warnings"), Level.INFO: ("info", "info")}
#: Advice is shown where a reader must act, as in the text report.
_ADVISE_FROM = Severity.POTENTIALLY_BREAKING
#: A word-diff segment longer than this is cut (text.diff already elides long kept runs).
MAX_SEGMENT_CHARS = 4_000
#: A table of tools this long or shorter is open when the page loads.
OPEN_TABLE_ROWS = 12
#: A side-by-side view that shows this many lines or fewer is open when the page loads.
OPEN_ROWS = 80
#: The list of changed entities at the top is folded away past this many.
OPEN_INDEX = 24
#: A diff with this many changed entities or fewer shows them all open; a longer one opens
#: only the groups a reviewer must look at (potentially breaking and above, or failing).
OPEN_GROUPS = 8


def _class(grade: Severity | Level) -> str:
    return _SEVERITY_CLASS[grade] if isinstance(grade, Severity) else _LEVEL_CLASS[grade]


def render_html(reports: Report | list[Report]) -> str:
    template = _template()
    listed = reports if isinstance(reports, list) else [reports]
    diff = isinstance(reports, Report) and reports.is_diff
    context = diff_context(listed[0]) if diff else lint_context(listed)
    context["how_to_fix"] = _advice_once(context)
    # A model's opinions: a closing section of their own, after everything the gate read.
    return template.render(version=__version__, model_review=html_context(listed), **context)


def _advice_once(context: Any) -> list[dict[str, str]]:
    """Each rule's advice once, in a How to fix section at the end, as the text and Markdown
    reports give it: every finding that has advice links there instead of repeating it."""
    # A rule's findings may have more than one advice (``variant_advice``): one entry each,
    # the rule's first advice in order at ``fix-RULE``, the others at ``fix-RULE-2`` and on.
    linked: dict[tuple[str, str], list[dict[str, Any]]] = {}

    def visit(value: Any) -> None:
        if isinstance(value, dict):
            if value.get("advice"):
                rule = value.get("rule") or value["code"]
                linked.setdefault((rule, value.pop("advice")), []).append(value)
            for item in value.values():
                visit(item)
        elif isinstance(value, list):
            for item in value:
                visit(item)

    visit(context)
    out = []
    for (rule, text), places in sorted(linked.items()):
        same_rule = sum(1 for entry in out if entry["rule"] == rule)
        anchor = f"fix-{rule}" if not same_rule else f"fix-{rule}-{same_rule + 1}"
        for value in places:
            value["fix"] = anchor
        out.append({"rule": rule, "anchor": anchor, "advice": text})
    return out


def _template(name: str = TEMPLATE) -> Any:
    try:
        import jinja2
    except ImportError:
        raise InputError(INSTALL_HINT) from None
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("mcp_inspect.report", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    return env.get_template(name)


def _chips(findings: list[Finding], scale: list[Any], *, zeros: bool = False) -> list[dict[str, Any]]:
    """Active findings counted per severity (or level), most severe first."""
    out = []
    for member in scale:
        count = sum(1 for f in findings if f.severity is member and not f.ignored)
        if count or zeros:
            label = SEVERITY_HEADING[member] if isinstance(member, Severity) else _LEVEL_WORD[member][count != 1]
            out.append({"cls": _class(member), "label": label, "count": count})
    return out


def _policy(finding: Finding) -> dict[str, Any]:
    """What the policy made of a finding: its default severity when it changed it, the
    configuration line that did, and the ignore's reason."""
    default = finding.default_severity
    named = SEVERITY_HEADING[default] if isinstance(default, Severity) else default.label
    return {
        "default": named if finding.overridden else None,
        "overridden_at": finding.overridden_at,
        "ignored": finding.ignored,
        "reason": plain((finding.reason or "").strip() or "ignored by configuration") if finding.ignored else None,
        "ignored_at": finding.ignored_at,
        "fails": finding.fails,
        "lifecycle": plain(finding.lifecycle) if finding.lifecycle else None,
    }


# --- a diff ---------------------------------------------------------------------------


def diff_context(report: Report) -> dict[str, Any]:
    assert report.old is not None
    counts = report.counts()
    return {
        "kind": "diff",
        "failed": report.failed,
        "sides": [_side("old", report.old), _side("new", report.new)],
        "severities": _chips(report.changes, _SEVERITIES, zeros=True),
        "ignored": counts["ignored"],
        "unwitnessed": unwitnessed_phrase(report),
        "threshold": report.gate.changes.name,
        # "the gate fails on BREAKING and above", or what the recorded calls did to it.
        "changes_gate": changes_gate_phrase(report) if calls_gate_phrase(report) is not None
        else f"the gate {changes_gate_phrase(report)}",
        "changes_failed": report.changes_failed,
        "groups": _groups(report),
        "repeated_names": report.repeated_names,
        "index_open": len({(f.entity.kind, f.entity.name) for f in report.changes}) <= OPEN_INDEX,
        "lint": _diff_lint(report) if report.linted else None,
        "warnings": [plain(w) for w in report.warnings],
        "calls": [plain(line) for line in calls_summary_lines(report.calls)] if report.calls is not None else None,
    }


def _side(label: str, side: Side) -> dict[str, Any]:
    return {"label": label, "source": plain(source_label(side.source)), "fingerprint": side.fingerprint[:12],
            "version": plain(show(side.server_version)) if side.server_version else None,  # untrusted: cut
            "protocol": plain(show(side.protocol_version)) if side.protocol_version else None}


def _groups(report: Report) -> list[dict[str, Any]]:
    """The changes by entity: the server's first (they concern every caller), then the groups
    that fail the gate, then the rest, most severe first; tools, prompts, resource templates,
    then resources (grouping.ENTITY_ORDER), and entity order within a rank."""
    by_entity: dict[tuple[EntityKind, str], list[Finding]] = {}
    for finding in report.changes:
        by_entity.setdefault((finding.entity.kind, finding.entity.name), []).append(finding)

    def rank(key: tuple[EntityKind, str]) -> tuple[bool, bool, int, int]:
        members = [f for f in by_entity[key] if not f.ignored] or by_entity[key]
        return (key[0] is not EntityKind.SERVER, not any(f.at_gate and not f.ignored for f in members),
                -max(f.severity for f in members), entity_rank(key[0].value))

    out = []
    views = 0
    few = len(by_entity) <= OPEN_GROUPS
    for index, key in enumerate(sorted(by_entity, key=rank)):
        kind, name = key
        members = by_entity[key]
        active = [f for f in members if not f.ignored]
        worst = max(f.severity for f in (active or members))
        group: dict[str, Any] = {
            "anchor": f"entity-{index + 1}",
            "kind": kind.value,
            "name": None if kind is EntityKind.SERVER else plain(name),
            "cls": _class(worst) if active else "sev-ignored",
            "open": few or any(f.severity >= _ADVISE_FROM or f.at_gate for f in active),
            "chips": _chips(members, _SEVERITIES),
            "ignored": len(members) - len(active),
            # Most severe first (BREAKING above NON_BREAKING), then by path, as the other formats.
            "findings": [_change(f, report.gate.changes)
                         for f in sorted(members, key=lambda f: (-f.severity, f.path, f.rule))],
            "definition": None,
            "definition_open": False,
            "definition_skipped": False,
        }
        pair = report.definitions.get(name) if kind is EntityKind.TOOL else None
        if pair is not None:
            if views < MAX_VIEWS:
                view = group["definition"] = side_by_side(*pair)
                group["definition_open"] = sum(len(b.rows) for b in view.blocks if not b.folded) <= OPEN_ROWS
                views += 1
            else:
                group["definition_skipped"] = True
        out.append(group)
    return out


def _change(finding: Finding, gate: Severity) -> dict[str, Any]:
    severity = finding.severity
    assert isinstance(severity, Severity)
    advise = (severity >= min(_ADVISE_FROM, gate) or finding.at_gate) and finding.advice
    return {
        "rule": finding.rule,
        "cls": _class(severity),
        "label": SEVERITY_HEADING[severity],
        "path": plain(finding.path),
        "message": plain(finding.message),
        "advice": plain(finding.advice) if advise else None,
        "words": _words(finding),
        "calls": plain(calls) if (calls := finding_calls_phrase(finding)) else None,
        "witness": witness_phrase(finding),  # safe already: plain() would change the call
        "source": _source(finding),
        **_policy(finding),
    }


def _source(finding: Finding) -> dict[str, str] | None:
    """A located finding's place in the server's code (docs/source.md), as a link ``path#L42``:
    the path percent-encoded (no scheme can survive it), the text escaped by the template."""
    if finding.source is None:
        return None
    where = finding.source
    return {"text": plain(str(where)), "href": f"{quote(where.file, safe='/')}#L{where.line}"}


def _words(finding: Finding) -> list[dict[str, str]] | None:
    """A prose change's word diff (text.diff.word_diff): what was deleted and inserted, with a
    few kept words around each; None for any other change."""
    before, after = finding.before, finding.after
    if finding.definition.aspect != "prose" or (before is None and after is None):
        return None
    if not isinstance(before, str | None) or not isinstance(after, str | None):
        return None
    segments = word_diff(before or "", after or "")
    return [{"op": op, "text": plain(clip(text, MAX_SEGMENT_CHARS + 1))}
            for op, text in segments]


#: How many of the largest per-tool token changes the HTML report's table shows.
TOKEN_ROWS = 50


def _diff_lint(report: Report) -> dict[str, Any]:
    old, new = report.old, report.new
    assert old is not None
    introduced = [f for f in report.introduced if not f.ignored]
    inherited = [f for f in report.inherited if not f.ignored]
    ignored = [(f, "introduced") for f in report.introduced if f.ignored] + \
              [(f, "inherited") for f in report.inherited if f.ignored]
    advise = _adviser(report.gate.checks)
    return {
        "profile": plain(report.profile or ""),
        "heading": plain(lint_heading(report)),
        "failed": report.checks_failed,
        "counts": lint_counts_line(report),
        "gate": lint_gate_phrase(report),
        "tokens": token_delta_phrase(report) if old.tokens is not None and new.tokens is not None else None,
        "token_changes": [tuple(plain(cell) for cell in row) for row in token_change_rows(report, TOKEN_ROWS)],
        "token_changes_more": max(0, len(report.token_changes()) - TOKEN_ROWS),
        "clients": [{"profile": entry["profile"], "before": entry["before"], "after": entry["after"],
                     "why": [plain(reason) for reason in client_reasons(entry)]} for entry in report.compatibility],
        "verdicts": plain(verdict_phrase(report, new)) if new.verdicts is not None else None,
        "maturity": _maturity_delta(old.maturity, new.maturity, report),
        "introduced": _by_level(introduced, advise),
        # The old side had them too: counted per code, not listed; those failing the gate in full.
        "inherited": [{"code": code, "said": inherited_phrase(code, count)}
                      for code, count in inherited_codes(report)],
        "inherited_count": len(inherited),
        "inherited_failing": _by_level([f for f in inherited if f.fails], advise),
        "resolved": _by_level(resolved_checks(report), None),
        "ignored": [{**_check(f, None), "origin": origin} for f, origin in ignored],
    }


def _maturity_delta(before: Maturity | None, after: Maturity | None, report: Report) -> dict[str, Any] | None:
    if before is None or after is None:
        return None
    rows = []
    for name, was, now in report.maturity_by_tool():
        rows.append({"name": plain(name), "before": was, "after": now, "trend": _trend(was, now)})
    rows.sort(key=lambda r: r["trend"] == "same")  # stable: the tools that moved first, by name
    moved = sum(1 for r in rows if r["trend"] != "same")
    return {"before": before.score, "after": after.score, "level": after.level, "tools": rows, "moved": moved,
            "dropped": report.maturity_dropped, "drop_limit": report.gate.maturity_drop,
            "open": len(rows) <= OPEN_TABLE_ROWS}


def _trend(was: int | None, now: int | None) -> str:
    if was is None or now is None:
        return "same" if was == now else "new" if was is None else "gone"
    return "same" if was == now else "up" if now > was else "down"


# --- lint findings, in a diff or a lint ---------------------------------------------------


def _adviser(threshold: Level | None) -> Any:
    """Advice where a reader must act: at a warning and above, or the gate if lower."""
    floor = Level.WARNING if threshold is None else min(threshold, Level.WARNING)
    return lambda finding: finding.fails or finding.level >= floor


def _check(finding: Finding, advise: Any) -> dict[str, Any]:
    return {
        "code": finding.rule,
        "cls": _class(finding.level),
        "label": finding.level.label,
        "location": plain(finding.location),
        "path": plain(finding.path),
        "message": plain(finding.message),
        "advice": plain(finding.advice) if advise is not None and advise(finding) and finding.advice else None,
        "source": _source(finding),
        **_policy(finding),
    }


def _by_level(findings: list[Finding], advise: Any) -> list[dict[str, Any]]:
    out = []
    for level in _LEVELS:
        members = [f for f in findings if f.severity is level]
        if members:
            out.append({"heading": _HEADING[level], "cls": _class(level), "count": len(members),
                        "findings": [_check(f, advise) for f in members]})
    return out


# --- a lint ------------------------------------------------------------------------------


def lint_context(reports: list[Report]) -> dict[str, Any]:
    servers = [_server(report, index) for index, report in enumerate(reports)]
    return {"kind": "lint", "failed": any(r.failed for r in reports), "servers": servers,
            "warnings": [plain(w) for r in reports for w in r.warnings]}


def _server(report: Report, index: int) -> dict[str, Any]:
    side = report.new
    active = [f for f in report.checks if not f.ignored]
    advise = _adviser(report.gate.checks)
    groups: dict[str | None, list[Finding]] = {}
    for finding in report.checks:  # sorted: the list's own findings first, then by tool
        groups.setdefault(finding.tool, []).append(finding)
    return {
        "anchor": f"server-{index + 1}",
        "title": plain(side.name or source_label(side.source)),
        "source": plain(source_label(side.source)),
        "profile": plain(report.profile or ""),
        "failed": report.failed,
        "threshold": threshold_label(report.gate.checks),
        "levels": _chips(report.checks, _LEVELS, zeros=True),
        "ignored": len(report.checks) - len(active),
        "verdicts": plain(verdict_phrase(report, side)) if side.verdicts is not None else None,
        "maturity": {"score": side.maturity.score, "level": side.maturity.level} if side.maturity else None,
        "tokens": plain(tokens_phrase(side.tokens, report.profile)) if side.tokens is not None else None,
        "tools": _tool_rows(side, groups),
        "groups": [_tool_group(tool, members, advise, f"{index + 1}-{n + 1}")
                   for n, (tool, members) in enumerate(groups.items())],
    }


def _tool_group(tool: str | None, members: list[Finding], advise: Any, anchor: str) -> dict[str, Any]:
    active = [f for f in members if not f.ignored]
    worst = max((f.severity for f in active), default=None)
    return {
        "anchor": f"tool-{anchor}",
        "name": None if tool is None else plain(tool),
        "cls": _class(worst) if worst is not None else "sev-ignored",
        "open": worst is not None and worst >= Level.WARNING,
        "chips": _chips(members, _LEVELS),
        "ignored": len(members) - len(active),
        "levels": _by_level(active, advise),
        "ignored_findings": [_check(f, None) for f in members if f.ignored],
    }


def _tool_rows(side: Side, groups: dict[str | None, list[Finding]]) -> dict[str, Any]:
    """Each tool's maturity, token cost and active findings per level, by name."""
    scores = side.maturity.per_tool if side.maturity else {}
    costs = side.tokens.per_tool if side.tokens else {}
    most = max(costs.values(), default=0) or 1
    rows = []
    for name in sorted(set(scores) | set(costs)):
        found = [f for f in groups.get(name, []) if not f.ignored]
        cost = costs.get(name)
        rows.append({"name": plain(name), "maturity": scores.get(name), "tokens": None if cost is None else f"{cost:,}",
                     "bar": round(100 * costs.get(name, 0) / most),
                     "counts": [sum(1 for f in found if f.severity is level) for level in _LEVELS]})
    return {"rows": rows, "open": len(rows) <= OPEN_TABLE_ROWS}
