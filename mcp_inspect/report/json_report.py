"""The public JSON report of ``diff`` and ``lint``; docs/report.schema.json is its schema.

A diff is one object (sides, changes, and the lint of both sides under ``lint``); a lint
is one object per server, or, for several servers (an mcp.json), an object listing them.
Both carry ``schemaVersion``.

A diff names each large value of its findings once (``shared_values``): a finding's
``before``, ``after`` or argument of at least ``SHARED_VALUE_CHARS`` characters is null in
place, ``valueRefs`` maps where it stood (a JSON pointer into the finding) to its
fingerprint, and the report's ``values`` holds it under that fingerprint. airtable-mcp-server
1.4.1 → 1.14.0 repeated one 18 KB ``allOf`` on finding after finding (412 KB in all).
``full_values`` (``diff --full-values``) writes every value in place, as version 3 did;
``expand_values`` turns the one into the other.
"""

from __future__ import annotations

import json
from typing import Any

import xxhash

from ..findings.finding import Finding, SourceLocation
from ..findings.report import Report, Side
from ..findings.severity import threshold_label
from ..snapshot.values import keys_sorted
from .ids import lint_ids
from .json_text import Fragment, dumps, encode
from .model_review import change_json, review_json
from .phrases import policy_failures

#: 3: a diff's ``lint.inherited`` counts the inherited findings by code (they were listed;
#: ``inheritedFindings`` lists them on request), and ``lint.resolved`` lists what the change resolved.
#: 4: a diff's large values are named once, in ``values``, and referred to by ``valueRefs``.
REPORT_SCHEMA_VERSION = 4
#: The shortest value, in characters of compact JSON, that a diff report names once in
#: ``values`` instead of writing it in place: a schema of a few dozen keywords; shorter
#: values cost less than their reference would save.
SHARED_VALUE_CHARS = 1024


def overridden(finding: Finding, config: str | None) -> dict[str, Any] | None:
    """Why a finding's severity differs from its default, when it does: what set it, and
    the configuration file and line when one did."""
    if not finding.overridden:
        return None
    out: dict[str, Any] = {"by": finding.severity_reason}
    if finding.overridden_at is not None:
        out.update(file=config, line=finding.overridden_at)
    return out


def change_to_json(finding: Finding, config: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": finding.id,
        "rule": finding.rule,
        "severity": finding.severity.label,
        "defaultSeverity": finding.default_severity.label,
        "entity": {"kind": finding.entity.kind.value, "name": finding.entity.name},
        "path": finding.path,
        "before": keys_sorted(finding.before),
        "after": keys_sorted(finding.after),
        "message": finding.message,
        "advice": finding.advice,
        "ignored": finding.ignored,
        "fails": finding.fails,
        "args": _args(finding),
    }
    if finding.absent:  # a side that was not there at all, as opposed to a declared null
        out["absent"] = list(finding.absent)
    if finding.witness is not None:  # a BREAKING schema change: the value that shows it, or why none
        out["witness"] = keys_sorted(finding.witness.value) if finding.witness.found else None
        if not finding.witness.found:
            out["witnessNote"] = finding.witness.note
            if finding.witness.reason is not None:  # the why as a code a script can filter on
                out["witnessReason"] = finding.witness.reason
            if finding.witness.accepted is not None:  # the note's example call, which it may cut, whole
                out["witnessAccepted"] = keys_sorted(finding.witness.accepted)
    if finding.ignored:
        out["reason"] = finding.reason
    if finding.approved:
        out["approved"] = True
    moved = overridden(finding, config)
    if moved is not None:
        out["overridden"] = moved
    if finding.calls is not None:
        out["calls"] = dict(finding.calls)
        if finding.calls_note:
            out["callsNote"] = finding.calls_note
    if finding.source is not None:
        out["source"] = source_json(finding.source)
    if finding.lifecycle:
        out["lifecycle"] = finding.lifecycle
    if finding.experimental:
        out["experimental"] = True
    return out


def source_json(source: SourceLocation) -> dict[str, Any]:
    """A finding's place in the server's code (``diff --source-root``, docs/source.md)."""
    return {"file": source.file, "line": source.line, "column": source.column}


def _args(finding: Finding) -> dict[str, Any]:
    """A finding's facts, in the order its rule states them, each value's objects with their
    keys sorted (a fact may be a piece of the input: a default, a schema)."""
    return {name: keys_sorted(value) for name, value in finding.args.items()}


def check_to_json(finding: Finding, report_id: str | None = None, config: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": report_id or finding.id,
        "code": finding.rule,
        "severity": finding.severity.label,
        "tool": finding.tool,
        "location": finding.location,
        "path": finding.path,
        "message": finding.message,
        "advice": finding.advice,
        "ignored": finding.ignored,
        "fails": finding.fails,
        "defaultSeverity": finding.default_severity.label,
        "provenance": finding.provenance,
        "category": finding.category,
        "aliases": list(finding.aliases),
        "args": _args(finding),
    }
    if finding.ignored:
        out["reason"] = finding.reason
    moved = overridden(finding, config)
    if moved is not None:
        out["overridden"] = moved
    if finding.source is not None:
        out["source"] = source_json(finding.source)
    return out


_BOOL = {True: "true", False: "false"}
#: The pieces of a lint finding's JSON text that depend on its rule alone, by rule id.
_RULE_TEXT: dict[str, str] = {}


def _rule_text(finding: Finding) -> str:
    found = _RULE_TEXT.get(finding.rule)
    if found is None:
        found = _RULE_TEXT[finding.rule] = f',\n  "advice": {encode(finding.advice)}'
    return found


def check_fragment(finding: Finding, report_id: str | None = None, config: str | None = None) -> Fragment:
    """``check_to_json`` as JSON text, written from pieces: the same text ``dumps`` writes for
    the dict, at a fraction of the cost (a diff of a large server lists its lint findings by
    the ten thousand)."""
    tool = finding.tool
    aliases = finding.aliases
    parts = [
        '{\n  "id": ', encode(report_id or finding.id),
        ',\n  "code": ', encode(finding.rule),
        ',\n  "severity": "', finding.severity.label,
        '",\n  "tool": ', "null" if tool is None else encode(tool),
        ',\n  "location": ', encode(finding.location),
        ',\n  "path": ', encode(finding.path),
        ',\n  "message": ', encode(finding.message),
        _rule_text(finding),
        ',\n  "ignored": ', _BOOL[finding.ignored],
        ',\n  "fails": ', _BOOL[finding.fails],
        ',\n  "defaultSeverity": "', finding.default_severity.label,
        '",\n  "provenance": ', encode(finding.provenance),
        ',\n  "category": ', encode(finding.category),
        ',\n  "aliases": ', "[]" if not aliases else dumps(list(aliases), inert=True).replace("\n", "\n  "),
        ',\n  "args": ', dumps(_args(finding), inert=True).replace("\n", "\n  ") if finding.args else "{}",
    ]
    if finding.ignored:
        parts += [',\n  "reason": ', "null" if finding.reason is None else encode(finding.reason)]
    moved = overridden(finding, config)
    if moved is not None:
        parts += [',\n  "overridden": ', dumps(moved, inert=True).replace("\n", "\n  ")]
    if finding.source is not None:
        parts += [',\n  "source": ', dumps(source_json(finding.source), inert=True).replace("\n", "\n  ")]
    parts.append("\n}")
    return Fragment("".join(parts))


def _maturity(side: Side) -> dict[str, Any]:
    assert side.maturity is not None
    return {"score": side.maturity.score, "level": side.maturity.level,
            "perTool": dict(sorted(side.maturity.per_tool.items()))}


def judgement(report: Report, side: Side) -> dict[str, Any]:
    """The policy, revision, verdicts and maturity of one linted side."""
    assert side.verdicts is not None
    return {"policy": report.policy, "specVersion": report.spec_version, "compliant": side.verdicts.compliant,
            "valid": side.verdicts.valid, "maturity": _maturity(side)}


def maturity_change(report: Report) -> dict[str, Any]:
    """A diff's maturity before and after, and each tool whose score moved (None: no such tool)."""
    assert report.old is not None and report.old.maturity is not None and report.new.maturity is not None
    before, after = report.old.maturity, report.new.maturity
    moved = {name: {"before": was, "after": now} for name, was, now in report.maturity_by_tool() if was != now}
    return {"before": {"score": before.score, "level": before.level},
            "after": {"score": after.score, "level": after.level}, "perTool": moved}


def inherited_by_code(report: Report) -> dict[str, int]:
    """A diff's inherited lint findings counted by code, sorted by code; ignored ones are left
    out (``summary.inherited.ignored`` counts them)."""
    counts: dict[str, int] = {}
    for finding in report.inherited:
        if not finding.ignored:
            counts[finding.rule] = counts.get(finding.rule, 0) + 1
    return dict(sorted(counts.items()))


def _diff_lint(report: Report, fragments: bool, lint_inherited: bool) -> dict[str, Any]:
    ids = lint_ids(report)
    entry = check_fragment if fragments else check_to_json
    assert report.old is not None and report.old.tokens is not None and report.new.tokens is not None
    old, new = report.old.tokens, report.new.tokens
    inherited = report.inherited
    listed = inherited if lint_inherited else [f for f in inherited if f.fails]
    return {
        "profile": report.profile,
        "summary": {
            "introduced": report.check_counts(report.introduced),
            "inherited": report.check_counts(inherited),
            "resolved": report.check_counts(report.resolved),
            "gate": "fail" if report.checks_failed else "pass",
            "introducedFailOn": threshold_label(report.gate.checks),
            "inheritedFailOn": threshold_label(report.gate.inherited),
            "failOnMaturityDrop": report.gate.maturity_drop,
        },
        "policy": report.policy,
        "specVersion": report.spec_version,
        "compliant": report.new.verdicts.compliant if report.new.verdicts else None,
        "valid": report.new.verdicts.valid if report.new.verdicts else None,
        "maturity": maturity_change(report),
        "introduced": [entry(f, ids[id(f)], report.config_source) for f in report.introduced],
        "resolved": [entry(f, ids[id(f)], report.config_source) for f in report.resolved],
        "inherited": inherited_by_code(report),
        "inheritedFindings": [entry(f, ids[id(f)], report.config_source) for f in listed],
        "tokens": {
            "counter": new.label,
            "counterId": new.counter,
            "exact": new.exact,
            "old": old.total,
            "new": new.total,
            "delta": new.total - old.total,
            "window": new.window,
            "shareOfWindow": round(new.share, 6),
            "perTool": dict(sorted(new.per_tool.items())),
            "changes": [{"tool": name, "old": before, "new": after, "delta": (after or 0) - (before or 0)}
                        for name, before, after in report.token_changes()],
            **({"budget": report.token_budget} if report.token_budget is not None else {}),
        },
    }


def shared_values(findings: list[dict[str, Any]]) -> dict[str, Any]:
    """Name each large value of the change findings ``findings`` once: in place it becomes
    null, the finding's ``valueRefs`` maps its JSON pointer (``/before``, ``/args/branches_lost``)
    to the value's fingerprint, and the table returned (by fingerprint, sorted) holds it. A
    witness stays in place: its null already means that none was found."""
    values: dict[str, Any] = {}
    for entry in findings:
        refs: dict[str, str] = {}
        places = [("/before", entry, "before"), ("/after", entry, "after")]
        places += [(f"/args/{_pointer_step(name)}", entry["args"], name) for name in entry["args"]]
        for pointer, holder, key in places:
            value = holder[key]
            if not isinstance(value, str | list | dict):
                continue
            text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            if len(text) < SHARED_VALUE_CHARS:
                continue
            fingerprint = xxhash.xxh3_64_hexdigest(text.encode("utf-8"))
            values.setdefault(fingerprint, value)
            holder[key] = None
            refs[pointer] = fingerprint
        if refs:
            entry["valueRefs"] = refs
    return dict(sorted(values.items()))


def _pointer_step(name: str) -> str:
    return name.replace("~", "~0").replace("/", "~1")


def expand_values(document: dict[str, Any]) -> dict[str, Any]:
    """A diff report's JSON value with every value ``valueRefs`` names put back in place and
    ``values`` emptied: what ``full_values`` writes. The reading every consumer of version 4
    needs; the document is changed in place and returned."""
    values = document.get("values") or {}
    for entry in document.get("findings", []):
        for pointer, fingerprint in (entry.pop("valueRefs", None) or {}).items():
            *parents, last = [step.replace("~1", "/").replace("~0", "~") for step in pointer.split("/")[1:]]
            holder = entry
            for step in parents:
                holder = holder[step]
            holder[last] = values[fingerprint]
    if "values" in document:
        document["values"] = {}
    return document


def diff_to_json(report: Report, *, fragments: bool = False, lint_inherited: bool = False,
                 full_values: bool = False) -> dict[str, Any]:
    """The diff report as a JSON value; with ``fragments``, lint findings are pre-written JSON
    text (json_text.Fragment) that only ``json_text.dumps`` can place. The lint's inherited
    findings are counted by code; ``inheritedFindings`` lists those that fail the gate, or
    every one with ``lint_inherited`` (``--lint-inherited``). Large values are named once in
    ``values`` (``shared_values``), unless ``full_values``."""
    assert report.old is not None
    summary: dict[str, Any] = dict(report.counts())
    summary["gate"] = "fail" if report.failed else "pass"
    summary["failOn"] = report.gate.changes.label
    if report.calls is not None:
        summary["calls"] = report.calls.as_json()
    summary["unwitnessed"] = report.unwitnessed
    if report.unread_lists:  # the gate failed closed: lists the new side could not read
        summary["unreadLists"] = [{"method": method, "error": error} for _, method, error in report.unread_lists]
    if failures := policy_failures(report):
        summary["gateFailures"] = failures
    compatibility = [{"profile": entry["profile"], "before": entry["before"], "after": entry["after"],
                      "introduced": [{"code": f.rule, "tool": f.tool, "path": f.path, "message": f.message}
                                     for f in entry["introduced"]]} for entry in report.compatibility]
    out: dict[str, Any] = {
        "schemaVersion": REPORT_SCHEMA_VERSION,
        "old": {"source": report.old.source, "fingerprint": report.old.fingerprint},
        "new": {"source": report.new.source, "fingerprint": report.new.fingerprint},
        "summary": summary,
        "findings": [_with_opinion(change_to_json(f, report.config_source), f, report) for f in report.changes],
        "values": {},
        "warnings": list(report.warnings),
    }
    if not full_values:
        out["values"] = shared_values(out["findings"])
    if report.linted:
        out["lint"] = _diff_lint(report, fragments, lint_inherited)
    if compatibility:
        out["compatibility"] = compatibility
    if report.llm is not None:  # last: a model's opinions, beside what the gate read
        out["llm"] = review_json(report)
    return out


def _with_opinion(entry: dict[str, Any], finding: Finding, report: Report) -> dict[str, Any]:
    """A change's JSON, with the model's opinion of it (``llm``) when the review asked about it."""
    if report.llm is not None and finding.id in report.llm.changes:
        entry["llm"] = change_json(report.llm.changes[finding.id])
    return entry


def lint_summary(report: Report) -> dict[str, Any]:
    out: dict[str, Any] = dict(report.check_counts())
    out["gate"] = "fail" if report.failed else "pass"
    out["failOn"] = threshold_label(report.gate.checks)
    if failures := policy_failures(report):
        out["gateFailures"] = failures
    return out


def lint_to_json(report: Report, *, fragments: bool = False) -> dict[str, Any]:
    ids = lint_ids(report)
    entry = check_fragment if fragments else check_to_json
    assert report.new.tokens is not None
    out = {
        "profile": report.profile,
        "source": report.new.source,
        "summary": lint_summary(report),
        **judgement(report, report.new),
        "findings": [entry(f, ids[id(f)], report.config_source) for f in report.checks],
        "tokens": report.new.tokens.to_json(),
        "warnings": list(report.warnings),
    }
    if report.token_budget is not None:
        out["tokenBudget"] = report.token_budget
    if report.llm is not None:  # last: a model's opinions, beside what the gate read
        out["llm"] = review_json(report)
    return out


def lint_reports_to_json(reports: list[Report], *, fragments: bool = False) -> dict[str, Any]:
    """One server: the report object itself. Several (an mcp.json): ``{"profile", "servers":
    [{"name", ...report}], "summary", "warnings"}``, the summary adding up every server."""
    if len(reports) == 1:
        return {"schemaVersion": REPORT_SCHEMA_VERSION, **lint_to_json(reports[0], fragments=fragments)}
    servers = []
    for report in reports:
        entry = {"name": report.new.name or report.new.source, **lint_to_json(report, fragments=fragments)}
        entry.pop("warnings")
        servers.append(entry)
    totals: dict[str, Any] = {}
    for report in reports:
        for key, n in report.check_counts().items():
            totals[key] = totals.get(key, 0) + n
    totals["gate"] = "fail" if any(r.failed for r in reports) else "pass"
    totals["failOn"] = threshold_label(reports[0].gate.checks) if reports else "error"
    return {"schemaVersion": REPORT_SCHEMA_VERSION, "profile": reports[0].profile if reports else None,
            "servers": servers, "summary": totals, "warnings": [w for r in reports for w in r.warnings]}


def render_json(reports: Report | list[Report], *, lint_inherited: bool = False, full_values: bool = False) -> str:
    if isinstance(reports, Report) and reports.is_diff:
        value = diff_to_json(reports, fragments=True, lint_inherited=lint_inherited, full_values=full_values)
    else:
        value = lint_reports_to_json(reports if isinstance(reports, list) else [reports], fragments=True)
    return dumps(value, inert=True) + "\n"
