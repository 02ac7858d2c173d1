"""The words every format uses for recorded calls (``diff --calls``): one phrase per finding
and a few summary lines, so text, Markdown, GitHub and HTML say the same thing."""

from __future__ import annotations

from ..findings.calls import CallsSummary
from ..findings.finding import Finding

#: Tools and clients a summary lists by name (the JSON report has all of them).
LISTED = 20


def _share(part: int, whole: int) -> str:
    if not whole:
        return ""
    percent = 100 * part / whole
    return f" ({percent:.1f}%)" if percent >= 0.1 or not part else " (<0.1%)"


def finding_calls_phrase(finding: Finding) -> str | None:
    """``recorded calls: 3 of 1,200 the old schema accepted are rejected by the new one``, and
    the note when the calls moved the gate; None when the finding has no numbers."""
    calls = finding.calls
    if calls is None:
        return None
    what = "results" if finding.rule.startswith("tool.output.") else "calls"
    recorded, accepted, rejected = calls["recorded"], calls["acceptedByOld"], calls["rejectedByNew"]
    if not recorded:
        text = f"recorded {what}: none of this tool"
    elif not rejected:
        text = (f"recorded {what}: none of the {accepted:,} the old schema accepted is rejected by the new one; "
                f"{recorded:,} recorded")
    else:
        text = (f"recorded {what}: {rejected:,} of the {accepted:,} the old schema accepted "
                f"{'is' if rejected == 1 else 'are'} rejected by the new one{_share(rejected, accepted)}; "
                f"{recorded:,} recorded")
        if "propertyUsed" in calls:
            text += f", {calls['propertyUsed']:,} setting this property"
    if finding.calls_note:
        text += f"; {finding.calls_note}"
    return text


def calls_summary_lines(summary: CallsSummary) -> list[str]:
    """The headline, then the tools and clients with rejected calls (up to LISTED each)."""
    rejected, total = summary.calls_rejected, summary.calls
    head = (f"Recorded calls ({summary.source}): {rejected:,} of {total:,} would be rejected by the new "
            f"surface{_share(rejected, total)}")
    results = summary.rejected_total - rejected
    if summary.results:
        head += f"; {results:,} of {summary.results:,} recorded results no longer match the new output schema"
    lines = [head]
    tools = [(name, recorded, hit) for name, recorded, hit in summary.per_tool() if hit]
    for name, recorded, hit in tools[:LISTED]:
        lines.append(f"tool {name}: {hit:,} of {recorded:,}{_share(hit, recorded)}")
    if len(tools) > LISTED:
        lines.append(f"… and {len(tools) - LISTED:,} more tools with rejected calls")
    clients = [(name, recorded, hit) for name, recorded, hit in summary.per_client() if hit]
    for name, recorded, hit in clients[:LISTED]:
        lines.append(f"client {name}: {hit:,} of {recorded:,}{_share(hit, recorded)}")
    if len(clients) > LISTED:
        lines.append(f"… and {len(clients) - LISTED:,} more clients with rejected calls")
    return lines



