"""A history's timeline as text, Markdown and JSON (``mcp-inspect history``; docs/history.md).

One entry per release, oldest first: its version and date, and for every release after the
first what its step did — the changes counted by severity, each BREAKING change named, the
maturity score, and the semantic-version verdict (the bump the versions made against the
bump the changes call for, as ``release-notes`` computes it). Everything the server or a
file name wrote is escaped for the format. Pure functions of the History: no clock, fixed
order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..findings.finding import Finding
from ..findings.history import CAPTURE_DATE
from ..findings.severity import Severity
from ..findings.words import show
from ..model import EntityKind
from ..text.escape import inert_lines, markdown_prose, markdown_span, one_line, with_command
from .grouping import SEVERITY_HEADING, Item, entity_rank, needs_place, said_once
from .json_report import change_to_json
from .json_text import dumps
from .phrases import entities_phrase, plural
from .release_notes import bump_words
from .versions import uncompared_words

if TYPE_CHECKING:
    from ..findings.history import History, Release, Step

#: 1: the first shape (docs/history.schema.json).
HISTORY_SCHEMA_VERSION = 1
_SEVERITIES = sorted(Severity, reverse=True)
_KIND = {"tool": "tool", "prompt": "prompt", "resource": "resource", "resourceTemplate": "resource template"}


def counts_words(counts: dict[str, int]) -> str:
    """``1 breaking, 0 potentially breaking, 2 non-breaking, 1 documentation[, 3 ignored]``."""
    words = [f"{counts[s.name]} {SEVERITY_HEADING[s].lower()}" for s in _SEVERITIES]
    if counts.get("ignored"):
        words.append(f"{counts['ignored']} ignored")
    return ", ".join(words)


def verdict(step: Step) -> str:
    """``too-small``, ``ok``, ``unreleased`` (a commit whose version did not change: judged with
    the next version) or ``unknown`` (the versions are not compared)."""
    if step.unreleased:
        return "unreleased"
    if step.plan.actual is None:
        return "unknown"
    return "too-small" if step.too_small else "ok"


def _semver_words(step: Step, quote: Any) -> str:
    """The verdict as a sentence, every version quoted by ``quote``."""
    plan, found = step.plan, step.plan.versions
    why = f" ({plan.below_one_why})" if plan.below_one_why else ""
    call = f"the changes call for {plan.suggested_words}{why}"
    if not found.comparable:
        why = f" ({found.note})" if found.note else ""
        return f"versions not compared{why}; {call}"
    assert found.old is not None and found.new is not None
    # Cut as a message cuts a value: a hostile server's 5,000-character version (hostile trial, round 44).
    versions = f"{quote(show(found.old))} → {quote(show(found.new))}"
    if plan.actual is None:
        return f"{versions} ({found.label}) {uncompared_words(found.old, found.new)}; {call}"
    if step.unreleased:
        return (f"{versions} ({found.label}): the version did not change: unreleased, judged with the next "
                f"version change")
    if step.since is not None:
        call = f"the changes since {quote(step.since.label)} call for {plan.suggested_words}{why}"
    said = f"{versions} ({found.label}): {bump_words(found.old, found.new, plan.actual)}; {call}"
    said += " — SMALLER than the changes call for" if step.too_small else ""
    return said + (f" ({found.note})" if found.note else "")


def _entity(finding: Finding) -> tuple[str, str]:
    return _KIND.get(finding.entity.kind.value, finding.entity.kind.value), finding.entity.name


def _label(item: Item, span: Callable[[str], str]) -> str:
    """`tool name` with the name as `span` writes it, or `126 resources: a, b, … and 120 more`
    for a change made alike on several; the server alone, which has no name, is `server` (as
    diff says it), not `server ` followed by an empty name."""
    kind, _name = _entity(item.first)
    if item.first.entity.kind is EntityKind.SERVER:
        return kind
    if len(item.findings) == 1:
        return f"{kind} {span(item.first.entity.name)}"
    return entities_phrase(item.kind, item.names, span)


def _breaking_items(step: Step) -> list[Item]:
    """A step's breaking changes, each said once for the entities it is made alike on (as
    diff and release notes say them), in diff's order: tools, then prompts, resource
    templates and resources, the server last."""
    items = said_once(step.breaking)
    return sorted(items, key=lambda item: (item.first.entity.kind is EntityKind.SERVER, entity_rank(item.kind),
                                           item.names))


def _place(finding: Finding) -> str | None:
    """Where a change is, when its message alone does not place it (as release notes say it)."""
    return finding.path if needs_place(finding) and finding.path else None


def _maturity(release: Release) -> str | None:
    return None if release.maturity is None else f"{release.maturity.score}"


# --- text -------------------------------------------------------------------------------


def render_history_text(history: History) -> str:
    first = history.releases[0]
    out = [f"History of {plural(len(history.releases), 'release')}, {plural(len(history.steps), 'step')}", ""]
    out += [_release_line(first), "  the first release: nothing to compare it with", ""]
    for step in history.steps:
        out.append(_release_line(step.new))
        out.append(f"  changes: {counts_words(step.counts)}")
        for item in _breaking_items(step):
            finding = item.first
            ignored = " (ignored for the gate)" if finding.ignored else ""
            where = f" at {one_line(_place(finding) or '')}" if _place(finding) else ""
            out.append(f"  BREAKING {_label(item, one_line)}: {one_line(finding.message)}{where}{ignored}")
        if history.linted:
            introduced = step.report.check_counts(step.report.introduced)
            out.append(f"  lint introduced: {introduced['error']} error, {introduced['warning']} warning, "
                       f"{introduced['info']} info; maturity {_maturity(step.old) or '—'} → "
                       f"{_maturity(step.new) or '—'}")
        mark = "✗" if step.too_small else "·" if step.unreleased else "✓" if step.plan.actual is not None else "?"
        out.append(f"  semver {mark} {one_line(_semver_words(step, str))}")
        out += [f"  note: {one_line(warning)}" for warning in step.report.warnings]  # what diff warns of the pair
        out.append("")
    small = history.too_small
    if small:
        out.append(f"{plural(len(small), 'release')} bumped the version less than the changes call for: "
                   + ", ".join(one_line(s.new.label) for s in small))
    else:
        out.append("Every compared release bumped the version at least as much as its changes call for.")
    # A release's name is a file or tag name anyone who can add one controls: folded to one line,
    # it cannot start a line of its own, and no line that starts with it reads as a workflow command.
    return inert_lines("\n".join(out) + "\n")


def _release_line(release: Release) -> str:
    date = f"  {captured_word(release)}{one_line(release.date)}" if release.date else ""
    return f"{one_line(release.label)}{date}"


def captured_word(release: Release) -> str:
    """``captured `` before a date that is when a snapshot was taken, not when the release was
    made (a folder of captures has no other): two releases captured minutes apart, the newer
    first, must not read as release dates."""
    return "captured " if release.date_source == CAPTURE_DATE else ""


# --- Markdown ---------------------------------------------------------------------------


def render_history_markdown(history: History) -> str:
    out = ["## Release history", "",
           f"{plural(len(history.releases), 'release')}, oldest first; each row compares a release with the one "
           "before it.", ""]
    header = "| Release | Date | Breaking | Potentially breaking | Non-breaking | Documentation |"
    divider = "|---|---|--:|--:|--:|--:|"
    if history.linted:
        header += " Maturity |"
        divider += "--:|"
    header += " Semver |"
    divider += "---|"
    out += [header, divider]
    first = history.releases[0]
    row = f"| {_cell(first.label)} | {_md_date(first)} | | | | |"
    out.append(row + (f" {_maturity(first) or '—'} |" if history.linted else "") + " first release |")
    for step in history.steps:
        counts = step.counts
        row = f"| {_cell(step.new.label)} | {_md_date(step.new)} | " + " | ".join(
            str(counts[s.name]) for s in _SEVERITIES) + " |"
        if history.linted:
            row += f" {_maturity(step.new) or '—'} |"
        made = "no bump" if step.plan.actual == "none" else step.plan.actual
        since = f" since {_cell(step.since.label)}" if step.since is not None else ""
        needs = step.plan.suggested_words  # below 1.0.0, the bump that says it on that line
        semver = {"too-small": f"**{made} — too small** (needs {needs}{since})",
                  "ok": f"{made} (needs {needs}{since})",
                  "unreleased": "unreleased (no version change)",
                  "unknown": f"not compared (needs {needs})"}[verdict(step)]
        out.append(row + f" {semver} |")
    out.append("")
    breaking = [step for step in history.steps if step.breaking]
    if breaking:
        out += ["### Breaking changes", ""]
        for step in breaking:
            out.append(f"- **{markdown_span(step.new.label)}**" + (" (version bump too small)" if step.too_small
                                                                 else ""))
            for item in _breaking_items(step):
                finding = item.first
                ignored = " — ignored for the gate" if finding.ignored else ""
                where = f" at {markdown_span(_place(finding) or '')}" if _place(finding) else ""
                out.append(f"  - {_label(item, markdown_span)}: {markdown_prose(finding.message)}{where} "
                           f"({markdown_span(finding.rule)}){ignored}")
        out.append("")
    out += ["### Semantic versioning", ""]
    for step in history.steps:
        out.append(f"- {markdown_span(step.old.label)} → {markdown_span(step.new.label)}: "
                   f"{markdown_prose(_semver_words(step, str))}")
    out.append("")
    notes = [(step.new.label, w) for step in history.steps for w in step.report.warnings]
    if notes:  # what diff warns of a pair (captures made under different conditions…)
        out += ["### Notes", ""] + [f"- {markdown_span(label)}: {with_command(w, markdown_prose)}"
                                        for label, w in notes] + [""]
    if history.warnings:
        out += [f"> **Note:** {markdown_prose(w)}" for w in history.warnings] + [""]
    return "\n".join(out)


def _cell(text: str) -> str:
    """A code span in a table cell: a pipe would split the row even inside it."""
    return markdown_span(text).replace("|", "\\|")


def _md_date(release: Release) -> str:
    return captured_word(release) + _cell(release.date) if release.date else "—"


# --- JSON -------------------------------------------------------------------------------


def history_to_json(history: History) -> dict[str, Any]:
    """The JSON document (docs/history.schema.json)."""
    return {
        "schemaVersion": HISTORY_SCHEMA_VERSION,
        "releases": [_release_json(r) for r in history.releases],
        "steps": [_step_json(s, history.linted) for s in history.steps],
        "tooSmall": [s.new.label for s in history.too_small],
        "warnings": list(history.warnings),
    }


def render_history_json(history: History) -> str:
    return dumps(history_to_json(history), inert=True) + "\n"


def _release_json(release: Release) -> dict[str, Any]:
    return {"label": release.label, "source": release.source, "date": release.date,
            "dateSource": release.date_source, "fingerprint": release.fingerprint,
            "maturity": None if release.maturity is None else release.maturity.score}


def _step_json(step: Step, linted: bool) -> dict[str, Any]:
    report, plan, found = step.report, step.plan, step.plan.versions
    out: dict[str, Any] = {
        "from": step.old.label,
        "to": step.new.label,
        "date": step.new.date,
        "counts": dict(step.counts),
        "breaking": [change_to_json(f, report.config_source) for f in step.breaking],
        "lint": None,
        "semver": {
            "old": found.old, "new": found.new, "source": found.source, "compared": found.comparable,
            "actual": plan.actual, "suggested": plan.suggested, "tooSmall": step.too_small,
            "verdict": verdict(step), "since": None if step.since is None else step.since.label,
            "note": found.note,
        },
        "warnings": list(report.warnings),
    }
    if linted:
        out["lint"] = {"introduced": report.check_counts(report.introduced),
                       "resolved": report.check_counts(report.resolved),
                       "maturity": {"old": _score(step.old), "new": _score(step.new)}}
    return out


def _score(release: Release) -> int | None:
    return None if release.maturity is None else release.maturity.score

