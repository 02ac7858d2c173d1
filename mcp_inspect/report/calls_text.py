"""The words every format uses for recorded calls (``diff --calls``): one phrase per finding
and a few summary lines, so text, Markdown, GitHub and HTML say the same thing."""

from __future__ import annotations

from ..findings.calls import CallsSummary, property_path
from ..findings.finding import Finding

#: Tools and clients a summary lists by name (the JSON report has all of them).
LISTED = 20


def _share(part: int, whole: int) -> str:
    if not whole:
        return ""
    percent = 100 * part / whole
    return f" ({percent:.1f}%)" if percent >= 0.1 or not part else " (<0.1%)"


def _rejection(accepted: int, rejected: int, failed: int = 0) -> str:
    """What the new schema makes of the values the old one accepted; ``failed``: how many of
    those rejected the old server had answered with an error."""
    if not accepted:
        return "the old schema accepted none of them"
    if not rejected:
        return f"none of the {accepted:,} the old schema accepted is rejected by the new one"
    return (f"{rejected:,} of the {accepted:,} the old schema accepted {'is' if rejected == 1 else 'are'} "
            f"rejected by the new one{_share(rejected, accepted)}{_failed(rejected, failed)}")


def _failed(rejected: int, failed: int) -> str:
    """``, though the old server answered it with an error``: a rejected call that did not work
    before either (its ``isError``), which the new schema may only be saying aloud."""
    if not failed:
        return ""
    if rejected == 1:
        return ", though the old server answered it with an error"
    return f", {'all' if failed == rejected else f'{failed:,}'} of them answered with an error by the old server"


def _blame(rejected: int, involved: int, cause: str) -> str:
    """How many of the rejections point at ``cause`` (the finding's property, quoted, or its
    change): the tool's other changes may have caused the rest. ``involved`` counts validator
    errors, so it is capped."""
    involved = min(involved, rejected)
    if not involved:
        return f", none because of {cause}"
    if involved == rejected:
        return f", {'all ' if rejected > 1 else ''}because of {cause}"
    return f", {involved:,} of them because of {cause}"


def finding_calls_phrase(finding: Finding) -> str | None:
    """``recorded calls: 3 of 1,200 the old schema accepted are rejected by the new one``, and
    the note when the calls moved the gate; None when the finding has no numbers. A finding on a
    named property says how many calls set it and how many rejections were its doing, since the
    other numbers are its tool's (docs/record.md)."""
    calls = finding.calls
    if calls is None:
        return None
    what = "results" if finding.rule.startswith("tool.output.") else "calls"
    recorded, accepted, rejected = calls["recorded"], calls["acceptedByOld"], calls["rejectedByNew"]
    failed = calls.get("rejectedFailedOnOld", 0)
    if not recorded:
        text = f"recorded {what}: none of this tool"
    elif "propertyUsed" in calls:
        named = calls.get("property")
        prop = tuple(named) if isinstance(named, list) else property_path(finding.path)
        name = ".".join(prop)
        text = (f"recorded {what}: {calls['propertyUsed']:,} of {recorded:,} set {name!r}; "
                f"{_rejection(accepted, rejected, failed)}")
        if rejected:
            # Past the property's own keywords (``nodes.items.properties.nodeId.pattern`` names
            # the argument 'nodes'), the rejections that point at the finding's very place are
            # the ones it caused: another change inside 'nodes' was blamed on it before. On one
            # of its own keywords too, when another change of the property rejected calls too:
            # n8n-mcp's 'limit' gained a maximum and a minimum, and each finding said "all
            # because of 'limit'" of the two calls each keyword rejected one of (new-user
            # trial, round 19).
            steps = len(finding.path.split(".")) - 1 - 2 * len(prop) - sum(p.count(".") for p in prop)
            own = calls.get("propertyRejected", 0)
            at_place = calls.get("findingRejected")
            if at_place is not None and (steps > 1 or (steps == 1 and at_place < min(own, rejected))):
                text += _blame(rejected, at_place, "this change")
            else:
                text += _blame(rejected, own, repr(name))
    elif not accepted:
        text = f"recorded {what}: {recorded:,}; {_rejection(accepted, rejected)}"
    else:
        text = f"recorded {what}: {_rejection(accepted, rejected, failed)}; {recorded:,} recorded"
    if finding.calls_note:
        text += f"; {finding.calls_note}"
    return text


def calls_summary_lines(summary: CallsSummary) -> list[str]:
    """The headline, then the tools and clients with rejected calls (up to LISTED each)."""
    rejected, total = summary.calls_rejected, summary.calls
    head = (f"Recorded calls ({summary.source}): {rejected:,} of {total:,} would be rejected by the new "
            f"surface{_share(rejected, total)}{_failed(rejected, summary.calls_rejected_failed_on_old)}")
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



