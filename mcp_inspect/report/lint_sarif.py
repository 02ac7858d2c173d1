"""SARIF 2.1.0 for lint findings: the lint codes as rules, one result per finding.

Used alone by ``mcp-inspect lint`` and, through ``lint_result``, by the diff's SARIF,
where a finding's ``baselineState`` says whether the change introduced it (``new``) or
inherited it (``unchanged``).

``mcp-inspect lint`` writes **one run** however many servers it linted (several targets,
or every server of an mcp.json). GitHub code scanning rejects a file holding several runs
of one tool in one category (since July 2025), and giving each server's run a category of
its own (``automationDetails.id``) would override the ``category`` the upload step sets,
and leave a removed server's alerts open forever under a category no later upload
repeats. In the one run, a result's file tells targets apart; the servers of one mcp.json
share that file, so their results name the server (message, logical location,
``properties.server``) and their fingerprints include it.
"""

from __future__ import annotations

from typing import Any

import xxhash

from .._version import __version__
from ..catalogue import Catalogue, LintRule, default_catalogue
from ..checks.findings import LintFinding, LintLevel, LintReport, threshold_label
from . import json_text
from .escape import plain
from .lint_report import report_ids
from .locations import artifact_location, place_of
from .sarif import FINGERPRINT_KEY, INFORMATION_URI, RULES_DOC, SARIF_SCHEMA

_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def lint_rule_descriptor(rule: LintRule) -> dict[str, Any]:
    return {
        "id": rule.id,
        "name": rule.id.replace("-", ""),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": f"{rule.summary} {rule.advice}"},
        "help": {"text": rule.advice},
        "helpUri": RULES_DOC + rule.id.lower(),
        "defaultConfiguration": {"level": _LEVEL[rule.level]},
        "properties": {"severity": rule.level, "tags": ["lint", rule.category]},
    }


def level_of(finding: LintFinding, fails: bool) -> str:
    """The gate decides ``error``; otherwise the finding's own level (info shows as note)."""
    if fails:
        return "error"
    return "warning" if finding.level >= LintLevel.WARNING else "note"


def fingerprint(report_id: str, server: str | None) -> str:
    """The partial fingerprint: the finding's report id, made distinct per server of an
    mcp.json (whose results all point at the one file)."""
    if server is None:
        return report_id
    return xxhash.xxh3_64_hexdigest(f"{server}\x1f{report_id}".encode())


def lint_result(finding: LintFinding, index: dict[str, int], artifact: dict[str, Any], fails: bool,
                baseline: str | None = None, *, report_id: str | None = None,
                server: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"ruleId": finding.code}
    if finding.code in index:
        out["ruleIndex"] = index[finding.code]
    prefix = "" if server is None else f"{server}/"
    logical = {"name": finding.tool if finding.tool is not None else "tools",
               "fullyQualifiedName": prefix + ("tool:" if finding.tool is not None else "server:")
               + finding.location,
               "kind": "member" if finding.path else "object"}
    where = f"tool {finding.tool}: " if finding.tool is not None else "tools: "
    if server is not None:
        where = f"server {server}, {where}"
    properties: dict[str, Any] = {"severity": finding.level.label, "tool": finding.tool, "path": finding.path}
    if server is not None:
        properties["server"] = server
    out.update({
        "level": level_of(finding, fails),
        "message": {"text": plain(where + finding.message)},
        "locations": [{"physicalLocation": {"artifactLocation": artifact}, "logicalLocations": [logical]}],
        "partialFingerprints": {FINGERPRINT_KEY: fingerprint(report_id or finding.id, server)},
        "properties": properties,
    })
    if baseline is not None:
        out["baselineState"] = baseline
        out["properties"]["lint"] = "introduced" if baseline == "new" else "inherited"
    if finding.ignored:
        out["suppressions"] = [{"kind": "external", "justification": finding.reason or "ignored by configuration"}]
    return out


def _results(report: LintReport, index: dict[str, int]) -> list[dict[str, Any]]:
    place = place_of(report.source)
    artifact = artifact_location(report.source, place)
    ids = report_ids(report.findings)

    def fails(f: LintFinding) -> bool:
        return not f.ignored and report.fail_on is not None and f.level >= report.fail_on

    return [lint_result(f, index, artifact, fails(f), report_id=ids[id(f)], server=place.server)
            for f in report.findings]


def _summary(report: LintReport) -> dict[str, Any]:
    return {"gate": "fail" if report.failed else "pass", "failOn": threshold_label(report.fail_on),
            "counts": report.counts()}


def _properties(reports: list[LintReport]) -> dict[str, Any]:
    if len(reports) == 1:  # the shape a one-server run always had
        (report,) = reports
        return {"profile": report.profile, **_summary(report), "tokens": report.tokens.to_json()}
    totals: dict[str, int] = {}
    for report in reports:
        for key, n in report.counts().items():
            totals[key] = totals.get(key, 0) + n
    return {
        "profile": reports[0].profile if reports else None,
        "gate": "fail" if any(r.failed for r in reports) else "pass",
        "failOn": threshold_label(reports[0].fail_on) if reports else "error",
        "counts": totals,
        "servers": [{"name": report.name or report.source, "source": report.source, **_summary(report),
                     "tokens": report.tokens.to_json()} for report in reports],
    }


def lint_sarif_log(reports: list[LintReport], catalogue: Catalogue | None = None) -> dict[str, Any]:
    if catalogue is None:
        catalogue = default_catalogue()
    rules = catalogue.lint_rules()
    index = {rule.id: i for i, rule in enumerate(rules)}
    invocation: dict[str, Any] = {"executionSuccessful": True,
                                  "exitCode": 1 if any(r.failed for r in reports) else 0}
    warnings = [w for r in reports for w in r.warnings]
    if warnings:  # stale or expired ignores, as the diff's SARIF reports them
        invocation["toolConfigurationNotifications"] = [
            {"level": "warning", "message": {"text": plain(w)}} for w in warnings]
    run = {
        "tool": {"driver": {"name": "mcp-inspect", "version": __version__, "informationUri": INFORMATION_URI,
                            "rules": [lint_rule_descriptor(rule) for rule in rules]}},
        "invocations": [invocation],
        "results": [result for report in reports for result in _results(report, index)],
        "properties": _properties(reports),
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def render_lint_sarif(reports: list[LintReport], catalogue: Catalogue | None = None) -> str:
    return json_text.dumps(lint_sarif_log(reports, catalogue), inert=True) + "\n"
