"""SARIF 2.1.0, for GitHub code scanning and other static-analysis dashboards.

Every catalogue rule is listed (not just those that fired), so a dashboard can show a
rule's help before it ever triggers, and ``ruleIndex`` stays meaningful across runs: a
diff lists the change rules, then (when it linted) the checks; a lint lists the checks.
A finding's report id (rule + entity + path, no values) becomes its partial fingerprint,
which lets code scanning track one alert across commits and close it when the change is
reverted. A lint finding inside a diff says by ``baselineState`` whether the change
introduced it (``new``) or inherited it (``unchanged``). Inherited findings stay results
(unlike the JSON report, which counts them): code scanning closes an alert whose result an
upload leaves out, so leaving them out would mark every inherited finding fixed. The findings
the change resolved are the old side's and are not results (an upload would open alerts for
them); ``properties.lint.resolved`` counts them.

``mcp-inspect lint`` writes **one run** however many servers it linted: GitHub code
scanning rejects a file holding several runs of one tool in one category, and a category
per server would override the upload step's own and leave a removed server's alerts open
forever. In the one run, a result's file tells targets apart; the servers of one mcp.json
share that file, so their results name the server (message, logical location,
``properties.server``) and their fingerprints include it.

Output depends on the report and on where its sides lie (``report.location``, computed
before rendering), nothing else: no timestamps, and no path of the machine that ran it
unless the file lies outside any repository.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import xxhash

from .._version import __version__
from ..catalogue import Catalogue, default_catalogue
from ..findings.finding import Finding
from ..findings.report import Report
from ..findings.rule import Rule
from ..findings.severity import Level, Severity, threshold_label
from ..model import EntityKind
from ..snapshot.values import keys_sorted
from ..sources.locations import Place, artifact_location
from ..text.escape import plain
from .calls_text import finding_calls_phrase
from .ids import lint_ids
from .json_report import change_to_json, judgement, lint_summary, maturity_change, overridden
from .json_text import dumps
from .model_review import sarif_descriptor, sarif_properties, sarif_results
from .phrases import witness_phrase

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
INFORMATION_URI = "https://github.com/mcp-inspect/mcp-inspect"
RULES_DOC = INFORMATION_URI + "/blob/main/docs/rules.md#"
FINGERPRINT_KEY = "mcpInspect/v1"

#: A rule's *default* level, independent of any gate.
_DEFAULT_LEVEL = {
    Severity.BREAKING: "error",
    Severity.POTENTIALLY_BREAKING: "warning",
    Severity.NON_BREAKING: "note",
    Severity.DOCUMENTATION: "note",
}
_CHECK_LEVEL = {Level.ERROR: "error", Level.WARNING: "warning", Level.INFO: "note"}
#: What a change result's properties take from the JSON report's finding: its evidence and marks.
_EVIDENCE_KEYS = ("witness", "witnessNote", "witnessReason", "witnessAccepted", "calls", "callsNote", "approved")


def rule_name(rule_id: str) -> str:
    """``tool.input.property.addedRequired`` → ``ToolInputPropertyAddedRequired``; ``MCP-020`` → ``MCP020``.

    SARIF wants a name that is an identifier, not the id itself.
    """
    return "".join(part[:1].upper() + part[1:] for part in rule_id.replace("-", "").split("."))


def help_uri(rule_id: str) -> str:
    # GitHub's heading anchors drop the dots and lower-case the text, exactly as the
    # index of docs/rules.md (report/rules_doc.py) links them; a mixed-case fragment
    # would not match, since browsers compare fragments case-sensitively.
    return RULES_DOC + rule_id.replace(".", "").lower()


def rule_descriptor(rule: Rule) -> dict[str, Any]:
    if rule.is_check:
        assert isinstance(rule.severity, Level)
        return {
            "id": rule.id,
            "name": rule_name(rule.id),
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": f"{rule.summary} {rule.advice}"},
            "help": {"text": rule.advice},
            "helpUri": help_uri(rule.id),
            "defaultConfiguration": {"level": _CHECK_LEVEL[rule.severity]},
            "properties": {"severity": rule.level, "tags": ["lint", rule.category]},
        }
    assert isinstance(rule.severity, Severity)
    # SARIF requires tags to be unique; "none" (no direction) says nothing.
    tags = list(dict.fromkeys(t for t in (rule.applies_to, rule.aspect, rule.action, rule.direction)
                              if t and t != "none"))
    return {
        "id": rule.id,
        "name": rule_name(rule.id),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": f"{rule.summary} {rule.advice}"},
        "help": {"text": rule.advice},
        "helpUri": help_uri(rule.id),
        "defaultConfiguration": {"level": _DEFAULT_LEVEL[rule.severity]},
        "properties": {"severity": rule.severity_label, "tags": tags},
    }


def _suppressions(finding: Finding) -> list[dict[str, str]]:
    # "external": the suppression lives in .mcp-inspect.yml, not in the analysed file.
    return [{"kind": "external", "justification": finding.reason or "ignored by configuration"}]


# --- changes ------------------------------------------------------------------------------


def _change_level(finding: Finding) -> str:
    # The gate, not the rule, decides "error": with --fail-on NON_BREAKING an additive
    # change fails the build, and code scanning should show it as failing too.
    if finding.at_gate:
        return "error"
    if finding.severity is Severity.POTENTIALLY_BREAKING:
        return "warning"
    return "note"


def _physical(finding: Finding, artifact: dict[str, Any]) -> dict[str, Any]:
    """The snapshot's file, or the line of the server's code that registers the finding's
    entity or declares its property when the locator found it (docs/source.md): code
    scanning then shows the alert on that line."""
    if finding.source is None:
        return {"artifactLocation": artifact}
    return {"artifactLocation": {"uri": quote(finding.source.file, safe="/")},
            "region": {"startLine": finding.source.line, "startColumn": finding.source.column}}


def _with_column_kind(run: dict[str, Any], reports: list[Report]) -> None:
    """A region's column counts characters (code points), as the locator does; SARIF counts
    UTF-16 units unless told, so a run with regions says so (and a run without none, so
    that its output does not change)."""
    if any(finding.source is not None for report in reports for finding in report.findings):
        run["columnKind"] = "unicodeCodePoints"


def _change_result(finding: Finding, index: dict[str, int], artifact: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"ruleId": finding.rule}
    if finding.rule in index:  # a rule outside the given catalogue gets no index, not a wrong one
        out["ruleIndex"] = index[finding.rule]
    kind, name = finding.entity.kind.value, finding.entity.name
    # Shown as plain text by viewers; control and bidi characters are neutralised so a
    # server cannot disguise what the alert says. The raw values stay in properties.
    where = "server" if finding.entity.kind is EntityKind.SERVER else f"{kind} {name}"
    logical = {
        "name": name or "server",
        "fullyQualifiedName": f"{kind}:{name}" + (f":{finding.path}" if finding.path else ""),
        # A path names a part of the entity (a schema property, an annotation, ...).
        "kind": "member" if finding.path else "object",
    }
    # The evidence goes in the message too, on lines of its own: a dashboard shows the
    # message, and a reviewer should not have to open the properties to see the call.
    evidence = [plain(phrase) for phrase in (f"{where}: {finding.message}", finding_calls_phrase(finding)) if phrase]
    evidence += [shown] if (shown := witness_phrase(finding)) else []  # safe already: plain() would change the call
    out.update({
        "level": _change_level(finding),
        "message": {"text": "\n".join(evidence)},
        "locations": [{"physicalLocation": _physical(finding, artifact), "logicalLocations": [logical]}],
        "partialFingerprints": {FINGERPRINT_KEY: finding.id},
        "properties": {
            "severity": finding.severity.label,
            "defaultSeverity": finding.default_severity.label,
            "entity": {"kind": kind, "name": name},
            "path": finding.path,
            "before": keys_sorted(finding.before),
            "after": keys_sorted(finding.after),
        },
    })
    if finding.absent:  # as in the JSON report: sides that were not there, not null
        out["properties"]["absent"] = list(finding.absent)
    # The same evidence and marks as the JSON report, taken from it under the same names.
    as_json = change_to_json(finding)
    out["properties"].update({key: as_json[key] for key in _EVIDENCE_KEYS if key in as_json})
    if finding.ignored:
        out["suppressions"] = _suppressions(finding)
    return out


def _with_moved(out: dict[str, Any], finding: Finding, config: str | None) -> dict[str, Any]:
    """A result, with why its severity differs from the default when it does."""
    moved = overridden(finding, config)
    if moved is not None:
        out["properties"]["overridden"] = moved
    return out


# --- checks -------------------------------------------------------------------------------


def _check_level(finding: Finding) -> str:
    """The gate decides ``error``; otherwise the finding's own level (info shows as note)."""
    if finding.fails:
        return "error"
    return "warning" if finding.severity >= Level.WARNING else "note"


def _fingerprint(report_id: str, server: str | None) -> str:
    """The partial fingerprint: the finding's report id, made distinct per server of an
    mcp.json (whose results all point at the one file)."""
    if server is None:
        return report_id
    return xxhash.xxh3_64_hexdigest(f"{server}\x1f{report_id}".encode())


def _check_result(finding: Finding, index: dict[str, int], artifact: dict[str, Any], report_id: str,
                  *, in_diff: bool = False, server: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"ruleId": finding.rule}
    if finding.rule in index:
        out["ruleIndex"] = index[finding.rule]
    prefix = "" if server is None else f"{server}/"
    logical = {"name": finding.tool if finding.tool is not None else "tools",
               "fullyQualifiedName": prefix + ("tool:" if finding.tool is not None else "server:")
               + finding.location,
               "kind": "member" if finding.path else "object"}
    where = f"tool {finding.tool}: " if finding.tool is not None else "tools: "
    if server is not None:
        where = f"server {server}, {where}"
    properties: dict[str, Any] = {"severity": finding.severity.label, "tool": finding.tool, "path": finding.path,
                                  "provenance": finding.provenance, "category": finding.category,
                                  "aliases": list(finding.aliases)}
    if server is not None:
        properties["server"] = server
    out.update({
        "level": _check_level(finding),
        "message": {"text": plain(where + finding.message)},
        "locations": [{"physicalLocation": _physical(finding, artifact), "logicalLocations": [logical]}],
        "partialFingerprints": {FINGERPRINT_KEY: _fingerprint(report_id, server)},
        "properties": properties,
    })
    if in_diff:
        out["baselineState"] = "unchanged" if finding.introduced is False else "new"
        out["properties"]["lint"] = "inherited" if finding.introduced is False else "introduced"
    if finding.ignored:
        out["suppressions"] = _suppressions(finding)
    return out


# --- runs ---------------------------------------------------------------------------------


def _place(report: Report) -> Place:
    return report.location if isinstance(report.location, Place) else Place(None)


def _driver(descriptors: list[dict[str, Any]]) -> dict[str, Any]:
    return {"driver": {"name": "mcp-inspect", "version": __version__, "informationUri": INFORMATION_URI,
                       "rules": descriptors}}


def _invocation(exit_code: int, warnings: list[str]) -> dict[str, Any]:
    # The analysis ran to completion; a failed gate is a result, not a tool failure.
    invocation: dict[str, Any] = {"executionSuccessful": True, "exitCode": exit_code}
    if warnings:  # stale or expired ignores, ...
        invocation["toolConfigurationNotifications"] = [
            {"level": "warning", "message": {"text": plain(w)}} for w in warnings]
    return invocation


def diff_log(report: Report, catalogue: Catalogue) -> dict[str, Any]:
    assert report.old is not None
    descriptors = [rule_descriptor(rule) for rule in catalogue]  # catalogue order: sorted by id
    if report.linted:  # the checks follow the change rules, so change indices never move
        descriptors += [rule_descriptor(rule) for rule in catalogue.lint_rules()]
    index = {descriptor["id"]: i for i, descriptor in enumerate(descriptors)}
    # Every result is located in the new side: GitHub needs a physical location for each,
    # and the new side is what the pull request changes.
    artifact = artifact_location(report.new.source, _place(report))
    counts = dict(report.counts())
    run: dict[str, Any] = {
        "tool": _driver(descriptors),
        # No start/end times: the same inputs must give byte-identical output.
        "invocations": [_invocation(report.exit_code, report.warnings)],
        "results": [_with_moved(_change_result(f, index, artifact), f, report.config_source) for f in report.changes],
        "properties": {
            "gate": "fail" if report.failed else "pass",
            "failOn": report.gate.changes.label,
            "counts": counts,
            "old": {"source": report.old.source, "fingerprint": report.old.fingerprint},
            "new": {"source": report.new.source, "fingerprint": report.new.fingerprint},
        },
    }
    _with_column_kind(run, [report])
    if report.linted:
        ids = lint_ids(report)
        run["results"] += [_with_moved(_check_result(f, index, artifact, ids[id(f)], in_diff=True), f,
                                       report.config_source)
                           for f in (*report.introduced, *report.inherited)]
        assert report.old.tokens is not None and report.new.tokens is not None
        old, new = report.old.tokens, report.new.tokens
        run["properties"]["lint"] = {
            "profile": report.profile,
            "introduced": report.check_counts(report.introduced),
            "inherited": report.check_counts(report.inherited),
            "resolved": report.check_counts(report.resolved),
            "gate": "fail" if report.checks_failed else "pass",
            "introducedFailOn": threshold_label(report.gate.checks),
            "inheritedFailOn": threshold_label(report.gate.inherited),
            "tokens": {"counter": new.label, "counterId": new.counter, "exact": new.exact, "old": old.total,
                       "new": new.total, "delta": new.total - old.total, "window": new.window,
                       "shareOfWindow": round(new.share, 6)},
        }
        if report.new.verdicts is not None and report.old.maturity is not None:
            run["properties"]["lint"].update({
                "policy": report.policy, "specVersion": report.spec_version,
                "compliant": report.new.verdicts.compliant, "valid": report.new.verdicts.valid,
                "maturity": maturity_change(report)})
    _with_opinions(run, [report], lambda _report: artifact)
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _with_opinions(run: dict[str, Any], reports: list[Report], artifact: Any) -> None:
    """A model review's answers, after everything else: a rule of their own at the end of the
    rules (no catalogue rule's index moves), a ``note`` per answer, and who answered (with
    every error) under ``properties.llm``."""
    reviewed = [report for report in reports if report.llm is not None]
    if not reviewed:
        return
    rules = run["tool"]["driver"]["rules"]
    rules.append(sarif_descriptor())
    for report in reviewed:
        server = _place(report).server if not report.is_diff else None
        run["results"] += sarif_results(report, len(rules) - 1, artifact(report), server)
    if len(reviewed) == 1 and len(reports) == 1:
        run["properties"]["llm"] = sarif_properties(reviewed[0])
    else:
        run["properties"]["llm"] = {"servers": [{"name": report.new.name or report.new.source,
                                                 **sarif_properties(report)} for report in reviewed]}


def _lint_properties(reports: list[Report]) -> dict[str, Any]:
    def summary(report: Report) -> dict[str, Any]:
        counted = lint_summary(report)
        out = {"gate": counted.pop("gate"), "failOn": counted.pop("failOn"), "counts": counted}
        if report.new.verdicts is not None:
            out.update(judgement(report, report.new))
        return out

    if len(reports) == 1:  # the shape a one-server run always had
        (report,) = reports
        assert report.new.tokens is not None
        return {"profile": report.profile, **summary(report), "tokens": report.new.tokens.to_json()}
    totals: dict[str, int] = {}
    for report in reports:
        for key, n in report.check_counts().items():
            totals[key] = totals.get(key, 0) + n
    return {
        "profile": reports[0].profile if reports else None,
        "gate": "fail" if any(r.failed for r in reports) else "pass",
        "failOn": threshold_label(reports[0].gate.checks) if reports else "error",
        "counts": totals,
        "servers": [{"name": report.new.name or report.new.source, "source": report.new.source, **summary(report),
                     "tokens": report.new.tokens.to_json() if report.new.tokens else None} for report in reports],
    }


def lint_log(reports: list[Report], catalogue: Catalogue) -> dict[str, Any]:
    rules = catalogue.lint_rules()
    index = {rule.id: i for i, rule in enumerate(rules)}
    results = []
    for report in reports:
        place = _place(report)
        artifact = artifact_location(report.new.source, place)
        ids = lint_ids(report)
        results += [_with_moved(_check_result(f, index, artifact, ids[id(f)], server=place.server), f,
                                report.config_source) for f in report.checks]
    run = {
        "tool": _driver([rule_descriptor(rule) for rule in rules]),
        "invocations": [_invocation(1 if any(r.failed for r in reports) else 0,
                                    [w for r in reports for w in r.warnings])],
        "results": results,
        "properties": _lint_properties(reports),
    }
    _with_column_kind(run, reports)
    _with_opinions(run, reports, lambda report: artifact_location(report.new.source, _place(report)))
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def sarif_log(reports: Report | list[Report], catalogue: Catalogue | None = None) -> dict[str, Any]:
    if catalogue is None:  # not `or`: an empty Catalogue is falsy
        catalogue = default_catalogue()
    if isinstance(reports, Report) and reports.is_diff:
        return diff_log(reports, catalogue)
    return lint_log(reports if isinstance(reports, list) else [reports], catalogue)


def render_sarif(reports: Report | list[Report], catalogue: Catalogue | None = None) -> str:
    return dumps(sarif_log(reports, catalogue), inert=True) + "\n"

