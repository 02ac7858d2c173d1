"""The model review (``Report.llm``) in every format, after the static parts and marked as
a model's opinion.

Each renderer writes its report exactly as it would without a review, then adds what this
module returns: a closing section (text, Markdown, HTML), plain log lines after the
annotations (GitHub: an annotation would look like a finding and use up the ten GitHub
shows), ``llm`` members (JSON), and results of level ``note`` under one rule of their own
(SARIF). So the static part of a report is the same bytes with or without ``--llm``, and
nothing a gate reads holds a model's words.

Every string of an opinion was written by a model reading untrusted text: it is escaped
for its format like any other untrusted text (``escape``), and the error strings, though
written by mcp-inspect, quote endpoints the user configured and are escaped too.
"""

from __future__ import annotations

from typing import Any

import xxhash

from ..findings.finding import Finding
from ..findings.report import Report
from ..findings.review import ChangeReview, ModelReview, ToolReview
from ..text.escape import inert_lines, markdown_code, markdown_text, one_line, plain

#: The SARIF rule every opinion is a result of (never a catalogue rule).
SARIF_RULE = "model-review"
SARIF_FINGERPRINT_KEY = "mcpInspect/modelReview/v1"


def attribution(review: ModelReview) -> str:
    return (f"opinions of {review.provider} {review.model}, not findings: they never change a severity, "
            "the gate or the exit code")


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def tool_entries(report: Report) -> list[tuple[str, ToolReview]]:
    """A lint's answers in the order of the tools, whatever order they arrived in."""
    review = report.llm
    if review is None:
        return []
    order = [key for key in (report.new.tool_keys or []) if key in review.tools]
    return [(key, review.tools[key]) for key in order + sorted(set(review.tools) - set(order))]


def change_entries(report: Report) -> list[tuple[Finding, ChangeReview]]:
    """A diff's answers in the order of its changes."""
    review = report.llm
    if review is None:
        return []
    return [(finding, review.changes[finding.id]) for finding in report.changes if finding.id in review.changes]


def clarity(review: ToolReview) -> str:
    assert review.opinion is not None
    return f"clarity {review.opinion.clarity}/100"


def tool_lists(review: ToolReview) -> list[tuple[str, tuple[str, ...]]]:
    assert review.opinion is not None
    opinion = review.opinion
    return [(label, items) for label, items in (("ambiguity", opinion.ambiguities), ("conflict", opinion.conflicts),
                                                ("suggestion", opinion.suggestions)) if items]


def verdict(review: ChangeReview) -> str:
    """Both answers of a change's opinion, in words."""
    assert review.opinion is not None
    opinion = review.opinion
    routes = "would" if opinion.routing_change else "would not"
    sends = "would" if opinion.argument_change else "would not"
    return f"{routes} change which requests a model sends here; {sends} change the arguments it sends"


def change_place(finding: Finding) -> str:
    where = f"{finding.entity.kind.value} {finding.entity.name}"
    return f"{where}, {finding.rule}" + (f" at {finding.path}" if finding.path else "")


# --- JSON ------------------------------------------------------------------------------------


def tool_json(review: ToolReview) -> dict[str, Any]:
    if review.opinion is None:
        return {"error": review.error}
    opinion = review.opinion
    return {"clarity": opinion.clarity, "ambiguities": list(opinion.ambiguities),
            "conflicts": list(opinion.conflicts), "suggestions": list(opinion.suggestions)}


def change_json(review: ChangeReview) -> dict[str, Any]:
    if review.opinion is None:
        return {"error": review.error}
    opinion = review.opinion
    return {"routingChange": opinion.routing_change, "argumentChange": opinion.argument_change, "why": opinion.why}


def review_json(report: Report) -> dict[str, Any]:
    """The report's ``llm`` member: who answered, a run-wide error, and (a lint) each tool's answer."""
    review = report.llm
    assert review is not None
    out: dict[str, Any] = {"advisory": True, "provider": review.provider, "model": review.model,
                           "promptVersion": review.prompt_version, "error": review.error}
    if not report.is_diff:
        out["tools"] = {key: tool_json(answer) for key, answer in tool_entries(report)}
    return out


# --- text ------------------------------------------------------------------------------------


def text_section(console: Any, report: Report, title: str | None = None) -> None:
    """The closing section of a text report (``console``: the report's rich console);
    ``title`` names the server when the report is one of several."""
    from rich.text import Text

    from .console import wrapped

    review = report.llm
    assert review is not None
    console.print()
    what = "Model review of the changed descriptions" if report.is_diff else "Model review"
    if title is not None:
        what += f" of {title}"
    console.print(Text(one_line(f"{what}: {attribution(review)}"), style="bold"), soft_wrap=True)
    if review.error is not None:
        wrapped(console, "no answers: " + one_line(review.error), 2, style="yellow")
    if report.is_diff:
        entries = change_entries(report)
        for finding, change in entries:
            console.print(Text("  " + one_line(change_place(finding)), style="bold"), soft_wrap=True)
            if change.opinion is None:
                wrapped(console, "no answer: " + one_line(change.error or ""), 4, style="yellow")
            else:
                wrapped(console, verdict(change) + ".", 4)
                wrapped(console, "why: " + one_line(change.opinion.why), 4, style="dim")
        if not entries and review.error is None:
            wrapped(console, "no changed description to ask about", 2, style="dim")
        return
    for key, tool in tool_entries(report):
        head = Text("  " + one_line(key), style="bold")
        if tool.opinion is not None:
            head.append("  " + clarity(tool))
        console.print(head, soft_wrap=True)
        if tool.opinion is None:
            wrapped(console, "no answer: " + one_line(tool.error or ""), 4, style="yellow")
            continue
        for label, items in tool_lists(tool):
            for item in items:
                wrapped(console, f"{label}: {one_line(item)}", 4, style="dim")


# --- Markdown --------------------------------------------------------------------------------


def markdown_lines(report: Report, heading: str) -> list[str]:
    """One report's review as Markdown lines, under ``heading``."""
    review = report.llm
    assert review is not None
    lines = [heading, "", f"*{markdown_text(_sentence(attribution(review)))}.*", ""]
    if review.error is not None:
        lines += [f"No answers: {markdown_text(review.error)}", ""]
    if report.is_diff:
        for finding, change in change_entries(report):
            place = (f"{markdown_code(finding.entity.kind.value + ' ' + finding.entity.name)} "
                     f"{markdown_code(finding.rule)}" + (f" at {markdown_code(finding.path)}" if finding.path else ""))
            if change.opinion is None:
                lines.append(f"- {place}: no answer ({markdown_text(change.error or '')})")
            else:
                lines.append(f"- {place}: {markdown_text(verdict(change))}.")
                lines.append(f"  - why: {markdown_text(change.opinion.why)}")
        return [*lines, ""]
    for key, tool in tool_entries(report):
        if tool.opinion is None:
            lines.append(f"- {markdown_code(key)}: no answer ({markdown_text(tool.error or '')})")
            continue
        lines.append(f"- {markdown_code(key)}: {clarity(tool)}")
        lines += [f"  - {label}: {markdown_text(item)}" for label, items in tool_lists(tool) for item in items]
    return [*lines, ""]


def markdown_section(reports: list[Report], room: int) -> str:
    """The closing section of a Markdown comment, in at most ``room`` characters: lines that
    do not fit are left out and counted (the JSON report has every answer)."""
    reviewed = [r for r in reports if r.llm is not None]
    if not reviewed:
        return ""
    several = len(reviewed) > 1
    lines = ["### Model review", ""] if several else []
    for report in reviewed:
        title = report.new.name or report.new.source
        heading = f"#### {markdown_text(title)}" if several else "### Model review"
        lines += markdown_lines(report, heading)
    text, used, left = [], 0, 0
    note_room = 120
    for line in lines:
        if left or used + len(line) + 1 > room - note_room:
            left += 1 if line.startswith("- ") else 0
            continue
        text.append(line)
        used += len(line) + 1
    if left:
        text += [f"*{left} more answer{'s' if left != 1 else ''} not shown, to keep this comment within GitHub's "
                 "size limit; `--format json` has them all.*", ""]
    return "\n".join(text)


# --- GitHub ----------------------------------------------------------------------------------


def github_lines(reports: list[Report]) -> list[str]:
    """Plain log lines (never workflow commands), one per answer."""
    out = []
    for report in reports:
        review = report.llm
        if review is None:
            continue
        server = f"server {report.new.name}, " if report.new.name else ""
        lead = f"mcp-inspect model review (the opinion of {review.provider} {review.model}, not a finding): {server}"
        if review.error is not None:
            out.append(lead + "no answers: " + review.error)
        for finding, change in change_entries(report):
            said = (verdict(change) + "; why: " + change.opinion.why) if change.opinion else (
                "no answer: " + (change.error or ""))
            out.append(f"{lead}{change_place(finding)}: {said}")
        for key, tool in tool_entries(report):
            if tool.opinion is None:
                out.append(f"{lead}tool {key}: no answer: {tool.error or ''}")
                continue
            lists = "; ".join(f"{label}: {item}" for label, items in tool_lists(tool) for item in items)
            out.append(f"{lead}tool {key}: {clarity(tool)}" + (f"; {lists}" if lists else ""))
    return [inert_lines(one_line(line)) for line in out]


# --- SARIF -----------------------------------------------------------------------------------


def sarif_descriptor() -> dict[str, Any]:
    said = ("A language model's opinion of a tool definition or a changed description (mcp-inspect --llm). "
            "Advice only: not a finding of mcp-inspect's rules, and never part of its gate.")
    return {"id": SARIF_RULE, "name": "ModelReview", "shortDescription": {"text": "A language model's opinion"},
            "fullDescription": {"text": said}, "help": {"text": said},
            "defaultConfiguration": {"level": "note"}, "properties": {"tags": ["advisory", "model-review"]}}


def sarif_results(report: Report, index: int, artifact: dict[str, Any], server: str | None = None) -> list[Any]:
    """A result of level ``note`` for each answer (an error has none: it is in the run's properties)."""
    review = report.llm
    if review is None:
        return []
    by = f"Model opinion ({review.provider} {review.model}, advisory)"
    prefix = "" if server is None else f"server {server}, "
    out = []
    for finding, change in change_entries(report):
        if change.opinion is not None:
            text = f"{by}, {prefix}{change_place(finding)}: {verdict(change)}. Why: {change.opinion.why}"
            out.append(_result(index, artifact, finding.entity.name, f"{finding.id}", text, server))
    for key, tool in tool_entries(report):
        if tool.opinion is not None:
            parts = [f"{label}: {item}" for label, items in tool_lists(tool) for item in items]
            text = f"{by}, {prefix}tool {key}: {clarity(tool)}." + (" " + " ".join(p + "." for p in parts)
                                                                      if parts else "")
            out.append(_result(index, artifact, key, key, text, server))
    return out


def _result(index: int, artifact: dict[str, Any], name: str, subject: str, text: str,
            server: str | None) -> dict[str, Any]:
    fingerprint = xxhash.xxh3_64_hexdigest(f"{server or ''}\x1f{SARIF_RULE}\x1f{subject}".encode())
    return {"ruleId": SARIF_RULE, "ruleIndex": index, "level": "note", "message": {"text": plain(text)},
            "locations": [{"physicalLocation": {"artifactLocation": artifact},
                           "logicalLocations": [{"name": name or "server", "kind": "object"}]}],
            "partialFingerprints": {SARIF_FINGERPRINT_KEY: fingerprint},
            "properties": {"advisory": True}}


def sarif_properties(report: Report) -> dict[str, Any]:
    """The run's ``llm`` property: who answered, and every error (run-wide and per answer)."""
    out = review_json(report)
    out.pop("tools", None)
    errors = {key: tool.error for key, tool in tool_entries(report) if tool.opinion is None}
    errors.update({finding.id: change.error for finding, change in change_entries(report) if change.opinion is None})
    out["errors"] = errors
    return out


# --- HTML ------------------------------------------------------------------------------------


def html_context(reports: list[Report]) -> list[dict[str, Any]]:
    """The closing section of the HTML page: one entry per reviewed report."""
    out = []
    for report in reports:
        review = report.llm
        if review is None:
            continue
        tools = [{"name": plain(key), "clarity": tool.opinion.clarity if tool.opinion else None,
                  "error": one_line(tool.error or "") if tool.opinion is None else None,
                  "lists": [{"label": label, "said": [one_line(i) for i in items]} for label, items in tool_lists(tool)]
                  if tool.opinion else []}
                 for key, tool in tool_entries(report)]
        changes = [{"place": plain(change_place(finding)),
                    "verdict": _sentence(verdict(change)) if change.opinion else None,
                    "why": one_line(change.opinion.why) if change.opinion else None,
                    "error": one_line(change.error or "") if change.opinion is None else None}
                   for finding, change in change_entries(report)]
        out.append({"title": plain(report.new.name or report.new.source) if len(reports) > 1 else None,
                    "attribution": plain(_sentence(attribution(review))), "provider": plain(review.provider),
                    "model": plain(review.model), "error": one_line(review.error) if review.error else None,
                    "tools": tools, "changes": changes, "diff": report.is_diff})
    return out
