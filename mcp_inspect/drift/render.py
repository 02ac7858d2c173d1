"""A check's report as text or JSON: one line per server, then each changed server's diff
report in the ordinary renderers' words (and the lint of its new prompt and instruction text)."""

from __future__ import annotations

import json
from typing import Any

from ..findings.finding import Finding
from ..findings.severity import threshold_label
from ..report.phrases import plural, unread_phrase
from .check import BOUND_CODES, FAILED, SECURITY_SELECTION, DriftReport, ServerDrift

DRIFT_FORMATS = ("text", "json")


def render_drift(result: DriftReport, fmt: str = "text", *, color: bool = False) -> str:
    """``text`` or ``json``; ValueError for another format."""
    from ..text.escape import inert_json, inert_lines

    if fmt == "text":  # names and errors come from the configuration and the servers: shown inert
        return inert_lines(_text(result, color))
    if fmt == "json":
        return inert_json(json.dumps(drift_to_json(result), indent=2, ensure_ascii=False)) + "\n"
    raise ValueError(f"fmt: unknown drift report format {fmt!r} (expected one of {', '.join(DRIFT_FORMATS)})")


def shown_warnings(result: DriftReport) -> list[str]:
    """The warnings of ``result.warnings`` the text report prints: each changed server's diff
    report prints its own under the server's heading (the lint of its new texts prints none)."""
    return [f"{server.name}: {warning}" for server in result.servers if server.report is not None
            for warning in server.report.warnings]


def _line(server: ServerDrift) -> str:
    from ..text.escape import one_line

    pinned = (server.pinned or "")[:12]
    now = (server.fingerprint or "")[:12]
    if server.state == FAILED:
        said = f"capture failed: {one_line(server.error or '')}"
    elif server.report is not None:
        found = [f for f in server.report.introduced if not f.ignored]
        introduced = len(_introduced(server))
        # Schema hygiene (a bound left out) said apart from the rest, which a reader scans for
        # a rug pull (new-user trial, round 10: "275 security findings introduced", nearly all
        # a maxLength missing on a new parameter, buried what mattered).
        # The codes named are those that fired, not the family (new-user trial, round 13: a
        # summary listing SEC-002 and SEC-003 when only SEC-001 was introduced sent a reader
        # looking for findings that were not there).
        bound_rules = [f.rule for f in found if f.rule in BOUND_CODES]
        fired = ", ".join(sorted(set(bound_rules)))
        hygiene = f" ({len(bound_rules)} of them a missing bound: {fired})" if bound_rules else ""
        said = (f"{server.state} {pinned or '(no pin)'} → {now}: {_changes(server)}, "
                f"{plural(introduced, 'security finding')} introduced{hygiene}, "
                f"gate {'FAIL' if server.failed else 'pass'}")
        reasons = _gate_reasons(server)
        if reasons:
            said += f" ({'; '.join(reasons)})"
    else:
        said = f"{server.state} {pinned}"
    return f"{one_line(server.name)}: {said}"


def _gate_reasons(server: ServerDrift) -> list[str]:
    """Why a changed server's gate failed, as the summary line says it: a list the new side
    could not read (the gate fails closed, whatever the changes say), a policy beyond the
    findings, the changes that failed, the security lint. A check fails on introduced lint
    warnings where ``diff`` does not (its lint gate starts at error), so a server failing with
    no breaking change read as a contradiction (new-user trial, round 20: "ea-playwright: …
    gate FAIL" with 0 breaking changes, failed by two new SEC-001 warnings)."""
    report = server.report
    assert report is not None
    if not server.failed:
        return []
    reasons = [said for said in (unread_phrase(report), *report.gate_failures) if said]
    failing_changes = sum(1 for f in report.changes if f.fails)
    if failing_changes:
        reasons.append(f"changes: {failing_changes:,} failing")
    failing_checks = len(report.failing_checks()) + (len(server.texts.failing_checks()) if server.texts else 0)
    if failing_checks:
        reasons.append(f"security lint: {_failing_phrase(server, failing_checks)}")
    if report.maturity_dropped:
        reasons.append("security lint: the maturity score fell past lint.fail_on_maturity_drop")
    return reasons


def _introduced(server: ServerDrift) -> list[Finding]:
    """The security findings the summary line counts as introduced: the new side's active ones
    on what changed, and those of its new prompt and instruction text."""
    assert server.report is not None
    return [*(f for f in server.report.introduced if not f.ignored), *(server.texts.checks if server.texts else ())]


def _failing_phrase(server: ServerDrift, failing: int) -> str:
    """``3 failing``; when that is not the count of introduced findings the line gives, what
    the others are: ``26 of the 37 introduced failing, 11 below warning`` (new-user trial,
    round 42: "37 security findings introduced … security lint: 26 failing" left 11
    unexplained), with the ignored ones and any inherited findings that fail too."""
    assert server.report is not None
    introduced = _introduced(server)
    passing = [f for f in introduced if not f.fails]
    if failing == len(introduced) and not passing:
        return f"{failing:,} failing"
    below = sum(1 for f in passing if not f.at_gate)
    other = [f"{below:,} below {threshold_label(server.report.gate.checks)}"] if below else []
    if len(passing) - below:
        other.append(f"{len(passing) - below:,} ignored")
    failed = len(introduced) - len(passing)
    said = ", ".join([f"{failed:,} of the {len(introduced):,} introduced failing", *other])
    inherited = failing - failed
    return said + (f", and {inherited:,} inherited failing" if inherited > 0 else "")


def _changes(server: ServerDrift) -> str:
    """``6 changes (4 approved, 1 ignored)``: every change, approved and ignored ones included."""
    assert server.report is not None
    changes = server.report.changes
    approved = sum(1 for f in changes if f.approved)
    ignored = sum(1 for f in changes if f.ignored and not f.approved)
    aside = [f"{n} {word}" for n, word in ((approved, "approved"), (ignored, "ignored")) if n]
    return plural(len(changes), "change") + (f" ({', '.join(aside)})" if aside else "")


def _text(result: DriftReport, color: bool) -> str:
    from ..api import render
    from ..report.text import render_text
    from ..text.escape import one_line

    lines = [f"Drift of {one_line(result.config)} against {one_line(result.lock)}", ""]
    lines += [f"  {_line(server)}" for server in result.servers]
    out = "\n".join(lines) + "\n"
    if any(server.report is not None for server in result.servers):
        # The lint below is the check's, not diff's: its scores count other codes.
        out += ("\nEach changed server's new side is linted with the security checks only "
                f"({', '.join(SECURITY_SELECTION)}); its maturity score counts those checks, so it differs from "
                "a diff's.\n")
    for server in result.servers:
        if server.report is None:
            continue
        out += f"\n=== {one_line(server.name)} ({server.state}) ===\n\n"
        out += render(server.report, "text", color=color)
        if server.texts is not None:
            out += f"\n--- {one_line(server.name)}: new prompt and instruction text ---\n\n"
            out += render_text(server.texts, color=color,
                               section=f"Summary of {one_line(server.name)}'s prompt and instruction text lint")
    verdict = "FAIL" if result.failed else "capture failed" if result.capture_failed else "pass"
    out += f"\nDrift: {len(result.servers)} server(s), "
    out += ", ".join(f"{sum(1 for s in result.servers if s.state == state)} {state}"
                     for state in sorted({s.state for s in result.servers}))
    if not result.updated:
        return out + f". Result: {verdict} (exit {result.exit_code}).\n"
    # --update is the reviewer accepting what the report shows: say what was written, and what
    # the check alone would have said, not a FAIL the exit code contradicts.
    out += f". Result: re-pinned {plural(result.repinned, 'server')} in the lock file (exit {result.exit_code})"
    kept = sum(1 for s in result.servers if s.state == FAILED)
    out += f"; {plural(kept, 'server')} that could not be captured kept the old pin" if kept else ""
    if result.check_exit_code != result.exit_code:
        out += f"; without --update the check would be {verdict} (exit {result.check_exit_code})"
    return out + ".\n"


def drift_to_json(result: DriftReport) -> dict[str, Any]:
    """The JSON report: each server with its state and, when it changed, the diff's JSON report
    (``report``) and the lint of its new prompt and instruction text (``texts``)."""
    from ..api import render

    servers = []
    for server in result.servers:
        entry: dict[str, Any] = {"name": server.name, "state": server.state, "pinned": server.pinned,
                                 "fingerprint": server.fingerprint, "fails": server.failed}
        if server.error is not None:
            entry["error"] = server.error
        if server.report is not None and server.failed:
            entry["failReasons"] = _gate_reasons(server)  # what the text line says after gate FAIL
        if server.report is not None:
            entry["report"] = json.loads(render(server.report, "json"))
        if server.texts is not None:
            entry["texts"] = json.loads(render(server.texts, "json"))
        servers.append(entry)
    return {"driftVersion": 1, "config": result.config, "lock": result.lock, "servers": servers,
            "failed": result.failed, "captureFailed": result.capture_failed, "exitCode": result.exit_code,
            "updated": result.updated, "warnings": list(result.run_warnings)}
