"""SARIF 2.1.0 for lint findings: the lint codes as rules, one result per finding.

Used alone by ``mcp-inspect lint`` (one run per server) and, through ``lint_results``,
by the diff's SARIF, where a finding's ``baselineState`` says whether the change
introduced it (``new``) or inherited it (``unchanged``).
"""

from __future__ import annotations

from typing import Any

from .. import __version__
from ..catalogue import Catalogue, LintRule, default_catalogue
from ..lint.findings import LintFinding, LintLevel, LintReport, threshold_label
from . import json_text
from .escape import plain
from .sarif import FINGERPRINT_KEY, INFORMATION_URI, RULES_DOC, SARIF_SCHEMA, artifact_uri

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


def lint_result(finding: LintFinding, index: dict[str, int], uri: str, fails: bool,
                baseline: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"ruleId": finding.code}
    if finding.code in index:
        out["ruleIndex"] = index[finding.code]
    logical = {"name": finding.tool if finding.tool is not None else "tools",
               "fullyQualifiedName": ("tool:" if finding.tool is not None else "server:") + finding.location,
               "kind": "member" if finding.path else "object"}
    where = f"tool {finding.tool}: " if finding.tool is not None else "tools: "
    out.update({
        "level": level_of(finding, fails),
        "message": {"text": plain(where + finding.message)},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": uri}}, "logicalLocations": [logical]}],
        "partialFingerprints": {FINGERPRINT_KEY: finding.id},
        "properties": {"severity": finding.level.label, "tool": finding.tool, "path": finding.path},
    })
    if baseline is not None:
        out["baselineState"] = baseline
        out["properties"]["lint"] = "introduced" if baseline == "new" else "inherited"
    if finding.ignored:
        out["suppressions"] = [{"kind": "external", "justification": finding.reason or "ignored by configuration"}]
    return out


def _run(report: LintReport, catalogue: Catalogue) -> dict[str, Any]:
    rules = catalogue.lint_rules()
    index = {rule.id: i for i, rule in enumerate(rules)}
    uri = artifact_uri(report.source)

    def fails(f: LintFinding) -> bool:
        return not f.ignored and report.fail_on is not None and f.level >= report.fail_on

    return {
        "tool": {"driver": {"name": "mcp-inspect", "version": __version__, "informationUri": INFORMATION_URI,
                            "rules": [lint_rule_descriptor(rule) for rule in rules]}},
        "invocations": [{"executionSuccessful": True, "exitCode": report.exit_code}],
        "results": [lint_result(f, index, uri, fails(f)) for f in report.findings],
        "properties": {
            "profile": report.profile,
            "gate": "fail" if report.failed else "pass",
            "failOn": threshold_label(report.fail_on),
            "counts": report.counts(),
            "tokens": report.tokens.to_json(),
        },
    }


def render_lint_sarif(reports: list[LintReport], catalogue: Catalogue | None = None) -> str:
    if catalogue is None:
        catalogue = default_catalogue()
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [_run(r, catalogue) for r in reports]}
    return json_text.dumps(log, inert=True) + "\n"
