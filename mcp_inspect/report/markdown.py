"""A GitHub pull-request comment: verdict, counts, then the findings grouped by entity.

Everything a server said (names, URIs, paths, messages) and everything the user typed
(sources, ignore reasons, warnings) is untrusted here: a PR comment is rendered as HTML
in the reviewer's browser, so a tool description must not be able to add a link, an
image, a mention or close one of our ``<details>`` sections. Such text goes through
``markdown_text`` (Markdown context) or ``html_text`` (inside ``<summary>``), never raw.
Only what mcp-inspect itself produces (rule ids, severity names, counts) is written as is.
"""

from __future__ import annotations

from ..model import DiffResult, EntityKind, Finding, Severity
from .escape import html_text, markdown_code, markdown_text
from .lint_section import markdown_variants

_LABEL = {
    Severity.BREAKING: "Breaking",
    Severity.POTENTIALLY_BREAKING: "Potentially breaking",
    Severity.NON_BREAKING: "Non-breaking",
    Severity.DOCUMENTATION: "Documentation",
}
_BADGE = {
    Severity.BREAKING: "🔴 **BREAKING**",
    Severity.POTENTIALLY_BREAKING: "🟠 **POTENTIALLY BREAKING**",
    Severity.NON_BREAKING: "🟢 NON-BREAKING",
    Severity.DOCUMENTATION: "📝 DOCUMENTATION",
}
#: Advice is shown where a reviewer must act, as in the text report: from
#: POTENTIALLY_BREAKING up, and for anything that trips a lower gate.
_ADVISE_FROM = Severity.POTENTIALLY_BREAKING
#: GitHub rejects comment bodies over 65,536 characters; stay well below it.
MAX_CHARS = 60_000
_SEVERITIES = sorted(Severity, reverse=True)
#: How much room a section gets when the comment is too long (budget.fit; lower first).
#: Tier 0 is what fails the gate, whatever its severity; the rest go by severity, with a
#: passing Lint section (warnings a reviewer should see) after the potentially breaking.
_TIER = {Severity.BREAKING: 1, Severity.POTENTIALLY_BREAKING: 1, Severity.NON_BREAKING: 3,
         Severity.DOCUMENTATION: 4}
_LINT_TIER = 2
_IGNORED_TIER = 5


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _heading(result: DiffResult) -> str:
    counts = result.counts()
    if not result.findings:
        return "## mcp-inspect: no changes"
    breaking = counts[Severity.BREAKING.name]
    head = _plural(breaking, "breaking change") if breaking else "no breaking changes"
    potential = counts[Severity.POTENTIALLY_BREAKING.name]
    if potential:
        head += f", {potential} potentially breaking"
    return f"## mcp-inspect: {head}"


def _verdict(result: DiffResult, *, lint_shown: bool = True) -> str:
    threshold = markdown_code(result.fail_on.name)
    if result.failed:
        n = sum(1 for f in result.findings if not f.ignored and f.severity >= result.fail_on)
        lint = len(result.lint.failing()) if result.lint is not None else 0
        parts = [f"{_plural(n, 'finding')} at or above {threshold}"] if n or not lint else []
        if lint:
            # Never point at a section the size limit left out.
            where = "see Lint below" if lint_shown else "the Lint section did not fit here; see `--format json`"
            parts.append(f"{_plural(lint, 'lint finding')} ({where})")
        return f"❌ **Gate fails**: {' and '.join(parts)}."
    return f"✅ **Gate passes**: nothing at or above {threshold}."


def _summary_tables(result: DiffResult) -> list[str]:
    counts = result.counts()
    lines = ["| Severity | Count |", "|---|---:|"]
    lines += [f"| {_LABEL[s]} | {counts[s.name]} |" for s in _SEVERITIES]
    lines += [f"| Ignored | {counts['ignored']} |", ""]
    # Sources are user input and may hold ``|``: markdown_text escapes it for the cell.
    lines += ["| Side | Source | Fingerprint |", "|---|---|---|"]
    for name, side in (("old", result.old), ("new", result.new)):
        source = "stdin" if side.source == "-" else side.source
        fingerprint = markdown_code(side.fingerprint[:12], in_table=True)
        lines.append(f"| {name} | {markdown_text(source)} | {fingerprint} |")
    return lines


def _entity_key(finding: Finding) -> tuple[str, str]:
    return (finding.entity.kind.value, finding.entity.name)


def _entity_html(kind: str, name: str) -> str:
    if kind == EntityKind.SERVER.value:
        return "<b>server</b>"
    return f"<b>{kind}</b> <code>{html_text(name)}</code>"


def _item(finding: Finding, gate: Severity) -> list[str]:
    where = f" at {markdown_text(finding.path)}" if finding.path else ""
    lines = [f"- {_BADGE[finding.severity]} {markdown_code(finding.rule)}{where}: "
             f"{markdown_text(finding.message)}"]
    if finding.severity >= min(_ADVISE_FROM, gate) and finding.advice:
        # A nested item (two spaces of indent) keeps the advice with its finding.
        lines.append(f"  - ↳ {markdown_text(finding.advice)}")
    return lines


def _group(result: DiffResult, key: tuple[str, str], findings: list[Finding]) -> str:
    # Open by default only where the reviewer has to look: a finding that trips the gate.
    gate = any(f.severity >= result.fail_on for f in findings)
    per = [f"{n} {_LABEL[s].lower()}" for s in _SEVERITIES
           if (n := sum(1 for f in findings if f.severity is s))]
    # The <details> line opens a raw HTML block, so the summary is HTML, not Markdown;
    # the blank lines around the list return to Markdown so that the list renders.
    lines = [f"<details{' open' if gate else ''}><summary>{_entity_html(*key)} — "
             f"{', '.join(per)}</summary>", ""]
    for finding in findings:
        lines += _item(finding, result.fail_on)
    lines += ["", "</details>", ""]
    return "\n".join(lines)


def _ignored(findings: list[Finding]) -> str:
    lines = [f"<details><summary>Ignored by configuration ({len(findings)})</summary>", ""]
    for f in findings:
        kind = f.entity.kind
        name = "server" if kind is EntityKind.SERVER else f"{kind.value} {f.entity.name}"
        # Emphasis around an empty reason would print two bare asterisks.
        reason = (f.reason or "").strip() or "ignored by configuration"
        lines.append(f"- {markdown_code(f.rule)} {markdown_text(name)}: {markdown_text(f.message)}"
                     f" — *{markdown_text(reason)}*")
    lines += ["", "</details>", ""]
    return "\n".join(lines)


def _warnings(warnings: list[str]) -> str:
    return "\n".join(["### Warnings", "", *(f"- {markdown_text(w)}" for w in warnings), ""])


def _fails(result: DiffResult, findings: list[Finding]) -> bool:
    return any(f.severity >= result.fail_on for f in findings)


def render_markdown(result: DiffResult, *, max_chars: int = MAX_CHARS) -> str:
    """The comment body. Sections that would push it past ``max_chars`` are left out,
    whole, with a note saying how many findings are missing, so the comment still posts
    and every section it does show is well formed.

    The room goes first to what fails the gate (the entity groups holding such a finding,
    and the Lint section when the lint fails), then to the rest, most severe first
    (budget.fit): a short comment drops NON_BREAKING groups before any BREAKING one.
    Shown, the groups read in the same order: the server's first (its changes concern
    every caller), then those that fail the gate, then the rest, most severe first."""
    from .budget import Section, fit

    groups: dict[tuple[str, str], list[Finding]] = {}
    for finding in result.findings:  # already sorted: groups keep that order
        if not finding.ignored:
            groups.setdefault(_entity_key(finding), []).append(finding)

    def rank(key: tuple[str, str]) -> tuple[bool, bool, int]:
        members = groups[key]
        return (key[0] != EntityKind.SERVER.value, not _fails(result, members),
                -max(f.severity for f in members))

    sections: list[Section] = []
    for key in sorted(groups, key=rank):  # stable: entity order within a rank
        members = groups[key]
        tier = 0 if _fails(result, members) else _TIER[max(f.severity for f in members)]
        sections.append(Section(tier, [(_group(result, key, members), 0)], len(members)))
    lint_index = None
    if result.lint is not None:
        lint = result.lint
        lint_index = len(sections)
        # A failing lint's section is reserved room: the verdict points at it.
        sections.append(Section(0 if lint.failed else _LINT_TIER, markdown_variants(result) or [],
                                len(lint.introduced) + len(lint.inherited), reserved=lint.failed))
    ignored = [f for f in result.findings if f.ignored]
    if ignored:
        sections.append(Section(_IGNORED_TIER, [(_ignored(ignored), 0)], len(ignored)))
    if result.warnings:
        sections.append(Section(_IGNORED_TIER + 1, [(_warnings(result.warnings), 0)], 0))

    def head(lint_shown: bool) -> str:
        return "\n".join([_heading(result), "", _verdict(result, lint_shown=lint_shown), "",
                          *_summary_tables(result), ""])

    longest = max(len(head(True)), len(head(False)))
    chosen = fit(sections, max_chars - longest - 1 - 200)  # 200: room for the omission note
    shown = [chosen[i][0] for i in range(len(sections)) if i in chosen]
    omitted = sum(chosen[i][1] if i in chosen else section.findings for i, section in enumerate(sections))
    if len(chosen) < len(sections) or omitted:
        shown.append(f"*Not shown, to keep this comment within GitHub's size limit: "
                     f"{_plural(omitted, 'finding')}. "
                     "Run with `--format json` for the full report.*\n")
    body = head(lint_index is None or lint_index in chosen)
    return (body + "\n" + "\n".join(shown)).rstrip("\n") + "\n"
