"""Markdown release notes: findings grouped into changelog sections, with the suggested bump."""

from __future__ import annotations

from ..model import Finding
from ..release import SECTIONS, ReleasePlan
from .escape import markdown_code, markdown_text

_INTRO = {
    "Breaking": "Existing callers can stop working.",
    "Potentially breaking": "Behaviour or what a model sees changed; re-run your evaluations.",
    "Added": "New and widened surface.",
    "Changed": "Other compatible changes.",
    "Documentation": "Prose changes too small to move a model.",
}


def _line(finding: Finding) -> str:
    if finding.entity.kind.value == "server":
        who = "server"
    else:
        who = f"{finding.entity.kind.value} {markdown_code(finding.entity.name)}"
    line = f"- {who}: {markdown_text(finding.message)} ({markdown_code(finding.rule)})"
    if finding.ignored:  # accepted for the gate, and the reader should know why
        line += " — ignored for the gate" + (f": {markdown_text(finding.reason)}" if finding.reason else "")
    return line


def render_release_notes(plan: ReleasePlan, *, title: str | None = None) -> str:
    # The title is the user's own text (a CLI option), so it may carry Markdown on purpose.
    out = [f"## {title}" if title else "## Release notes", ""]
    bump = f"**Suggested version bump: {plan.suggested}**"
    if plan.old_version and plan.new_version:
        versions = f"{markdown_code(plan.old_version)} → {markdown_code(plan.new_version)}"
        if plan.actual is None:
            bump += f" (serverInfo.version {versions} is not a version mcp-inspect can compare)"
        elif plan.too_small:
            bump += (f" — the actual bump, {versions}, is a **{plan.actual}** bump, "
                     f"smaller than the changes call for")
        else:
            bump += f" (serverInfo.version {versions}: {plan.actual})"
    out += [bump, ""]
    if not any(plan.sections.values()):
        out += ["No changes to the server's surface.", ""]
    for name in SECTIONS:
        findings = plan.sections.get(name) or []
        if not findings:
            continue
        out += [f"### {name}", "", _INTRO[name], ""]
        out += [_line(f) for f in findings]
        out.append("")
    return "\n".join(out).rstrip() + "\n"
