"""Witnesses for a report: every ``tool.input.*`` and ``tool.output.*`` finding BREAKING
by its rule or by the policy gets one (or ``found: False`` with a note), within a budget
per finding and per report.

The schemas are the tools' raw ones (``Report.definitions``), as a client validates them;
the finding's path steers the search to the place that changed (search.py).
"""

from __future__ import annotations

import time
from typing import Any

from ..findings.evidence import INPUT, OUTPUT, Witness
from ..findings.finding import Finding
from ..findings.report import Report
from ..findings.severity import Severity
from ..limits import MAX_WITNESS_SECONDS, MAX_WITNESS_TOTAL_ATTEMPTS, MAX_WITNESS_TOTAL_SECONDS
from ..model import EntityKind

_KEYS = {INPUT: "inputSchema", OUTPUT: "outputSchema"}


def direction_of(rule: str) -> str | None:
    """``input`` for a tool.input.* rule, ``output`` for tool.output.*, None otherwise."""
    if rule.startswith("tool.input."):
        return INPUT
    if rule.startswith("tool.output."):
        return OUTPUT
    return None


def wanted(finding: Finding) -> bool:
    """A finding that gets a witness: a change to a tool's input or output schema that is
    BREAKING by its rule or by the policy. The witness is a fact about the two schemas, so a
    severity override below BREAKING keeps it (the trial of Dec 2 lost exa's ``{"query": ""}``
    under one); the budgets below are the same whichever way a finding got here."""
    return (finding.entity.kind is EntityKind.TOOL and direction_of(finding.rule) is not None
            and Severity.BREAKING in (finding.severity, finding.default_severity))


def place(path: str) -> tuple[list[str], str | None]:
    """The property names along a finding's path (tried first) and the path inside the schema
    (``inputSchema.properties.units.enum`` gives ``properties.units.enum``)."""
    parts = path.split(".")
    names = [parts[i + 1] for i, part in enumerate(parts[:-1]) if part == "properties" and i + 1 < len(parts)]
    inner = ".".join(parts[1:]) if len(parts) > 1 and parts[0] in _KEYS.values() else None
    return names, inner


def for_schemas(old: Any, new: Any, direction: str, path: str = "", *, seconds: float = MAX_WITNESS_SECONDS,
                missing: tuple[bool, bool] = (False, False), others: tuple[str, ...] = (),
                removed: bool = False, report_seconds: float | None = None, shared: Any = None) -> Witness:
    """The witness of one schema change. ``missing`` says which side declared no schema;
    ``others`` are the paths of the other findings on the same schema (a refusal there
    belongs to them); ``removed``: the change removed the property the path names;
    ``report_seconds``: the report's time budget, when what is left of it is ``seconds``;
    ``shared``: what the searches of one report share (candidates.Shared), or None."""
    # Imported when a search is due: it brings jsonschema (some 75 ms of start-up), which a
    # diff without a BREAKING schema change never needs.
    from .witness import search

    old_missing, new_missing = missing
    names, inner = place(path)
    claimed = tuple(p for p in (place(other)[1] for other in others) if p)
    if direction == INPUT:
        if old_missing:
            return Witness(note="the old side declared no inputSchema: there was no call to compare", direction=INPUT,
                           reason="no_schema")
        if new_missing:
            return Witness(note="the new side declares no inputSchema, so no schema refuses a call; "
                                "a client that requires one drops the tool instead", direction=INPUT,
                           reason="no_schema")
        if inner is not None and inner.split(".")[-1] == "x-mcp-header":
            # Not a validation keyword: the same arguments validate either way.
            return Witness(note="x-mcp-header is not a validation keyword: the same arguments validate, and the "
                                "break is the HTTP header a client must now send", direction=INPUT, reason="header")
        return search(old, new, direction=INPUT, focus=names, where=inner, claimed=claimed, removed=removed,
                      seconds=seconds, report_seconds=report_seconds, shared=shared)
    if old_missing:
        return Witness(note="the old side declared no outputSchema: consumers had none to rely on",
                       direction=OUTPUT, reason="no_schema")
    # An absent new outputSchema lets the server return any structured result.
    return search(True if new_missing else new, old, direction=OUTPUT, focus=names, where=inner, claimed=claimed,
                  seconds=seconds, report_seconds=report_seconds, shared=shared)


def attach(report: Report, *, seconds: float = MAX_WITNESS_TOTAL_SECONDS,
           per_finding: float = MAX_WITNESS_SECONDS, attempts: int = MAX_WITNESS_TOTAL_ATTEMPTS) -> int:
    """Set ``witness`` on every wanted finding of a diff report; returns how many were searched.
    Findings past the report's budget (``attempts`` validations, or the ``seconds`` safety
    valve) get a note saying it was spent."""
    deadline = time.monotonic() + seconds
    searched = spent = 0
    shared: Any = None
    paths: dict[tuple[str, str], list[str]] = {}
    for finding in report.changes:
        # Only a change that may refuse a call can own a refusal: a loosening at the same place
        # ("anyOf now also accepts object", beside "anyOf no longer accepts string") would claim
        # the very error that witnesses its BREAKING twin (excel-mcp-server's auto_filter,
        # new-user trial, round 10).
        if (direction := direction_of(finding.rule)) is not None and \
                max(finding.severity, finding.default_severity) >= Severity.POTENTIALLY_BREAKING:
            paths.setdefault((finding.entity.name, direction), []).append(finding.path)
    for finding in report.changes:
        if not wanted(finding):
            continue
        direction = direction_of(finding.rule)
        assert direction is not None
        left = deadline - time.monotonic()
        if spent >= attempts or left <= 0:
            budget = f"{attempts:,} validations" if spent >= attempts else f"{seconds:g} s"
            finding.witness = Witness(note=f"not searched: the report's witness budget ({budget}) was spent",
                                      direction=direction, reason="budget")
            continue
        if shared is None:  # imported when a search is due, as in for_schemas
            from .candidates import Shared

            shared = Shared()
        old_tool, new_tool = report.definitions.get(finding.entity.name, (None, None))
        key = _KEYS[direction]
        old_tool, new_tool = old_tool or {}, new_tool or {}
        finding.witness = for_schemas(old_tool.get(key), new_tool.get(key), direction, finding.path,
                                      seconds=min(per_finding, left),
                                      report_seconds=seconds if left < per_finding else None,
                                      missing=(key not in old_tool, key not in new_tool),
                                      others=tuple(p for p in paths.get((finding.entity.name, direction), ())
                                                   if p != finding.path),
                                      removed=finding.rule == "tool.input.property.removed", shared=shared)
        spent += finding.witness.attempts
        searched += 1
    return searched
