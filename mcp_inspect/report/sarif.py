"""SARIF 2.1.0, for GitHub code scanning and other static-analysis dashboards.

Every catalogue rule is listed (not just those that fired), so a dashboard can show a
rule's help before it ever triggers, and ``ruleIndex`` stays meaningful across runs.
A finding's ``id`` (rule + entity + path, no values) becomes its partial fingerprint,
which is what lets code scanning track one alert across commits and close it when the
change is reverted. Output depends on the result and on where its new side's file
lies in its repository (report/locations.py), nothing else: no timestamps, and no path
of the machine that ran it unless the file lies outside any repository.
"""

from __future__ import annotations

from typing import Any

from .._version import __version__
from ..catalogue import Catalogue, Rule, default_catalogue
from ..model import DiffResult, EntityKind, Finding, Severity, SideInfo
from . import json_text
from .escape import plain
from .locations import artifact_location, place_of

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


def rule_name(rule_id: str) -> str:
    """``tool.input.property.addedRequired`` → ``ToolInputPropertyAddedRequired``.

    SARIF wants a name that is an identifier, not the dotted id itself.
    """
    return "".join(part[:1].upper() + part[1:] for part in rule_id.split("."))


def help_uri(rule_id: str) -> str:
    # GitHub's heading anchors drop the dots and lower-case the text, exactly as the
    # index of docs/rules.md (report/rules_doc.py) links them; a mixed-case fragment
    # would not match, since browsers compare fragments case-sensitively.
    return RULES_DOC + rule_id.replace(".", "").lower()


def _rule_descriptor(rule: Rule) -> dict[str, Any]:
    # SARIF requires tags to be unique; "none" (no direction) says nothing.
    tags = list(dict.fromkeys(t for t in (rule.entity, rule.aspect, rule.action, rule.direction)
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


def _level(finding: Finding, fail_on: Severity) -> str:
    # The gate, not the rule, decides "error": with --fail-on NON_BREAKING an additive
    # change fails the build, and code scanning should show it as failing too.
    if finding.severity >= fail_on:
        return "error"
    if finding.severity is Severity.POTENTIALLY_BREAKING:
        return "warning"
    return "note"


def artifact_uri(source: str) -> str:
    """A source as a URI reference from the repository's root (see report/locations.py).

    ``artifactLocation.uri`` must be a URI; a path with a space, ``#`` or ``?`` is not.
    """
    return str(artifact_location(source, place_of(source))["uri"])


def _location(finding: Finding, artifact: dict[str, Any]) -> dict[str, Any]:
    kind, name = finding.entity.kind.value, finding.entity.name
    qualified = f"{kind}:{name}" + (f":{finding.path}" if finding.path else "")
    logical = {
        "name": name or "server",
        "fullyQualifiedName": qualified,
        # A path names a part of the entity (a schema property, an annotation, ...).
        "kind": "member" if finding.path else "object",
    }
    return {"physicalLocation": {"artifactLocation": artifact}, "logicalLocations": [logical]}


def _message(finding: Finding) -> str:
    # Shown as plain text by viewers; control and bidi characters are neutralised so a
    # server cannot disguise what the alert says. The raw values stay in properties.
    if finding.entity.kind is EntityKind.SERVER:
        return plain(f"server: {finding.message}")
    return plain(f"{finding.entity.kind.value} {finding.entity.name}: {finding.message}")


def _result(finding: Finding, result: DiffResult, index: dict[str, int],
            artifact: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"ruleId": finding.rule}
    if finding.rule in index:  # a rule outside the given catalogue gets no index, not a wrong one
        out["ruleIndex"] = index[finding.rule]
    out.update({
        "level": _level(finding, result.fail_on),
        "message": {"text": _message(finding)},
        "locations": [_location(finding, artifact)],
        "partialFingerprints": {FINGERPRINT_KEY: finding.id},
        "properties": {
            "severity": finding.severity.name,
            "defaultSeverity": finding.default_severity.name,
            "entity": {"kind": finding.entity.kind.value, "name": finding.entity.name},
            "path": finding.path,
            "before": finding.before,
            "after": finding.after,
        },
    })
    if finding.ignored:
        # "external": the suppression lives in .mcp-inspect.yml, not in the analysed file.
        justification = finding.reason or "ignored by configuration"
        out["suppressions"] = [{"kind": "external", "justification": justification}]
    return out


def _side(side: SideInfo) -> dict[str, str]:
    return {"source": side.source, "fingerprint": side.fingerprint}


def sarif_log(result: DiffResult, catalogue: Catalogue | None = None) -> dict[str, Any]:
    if catalogue is None:  # not `or`: an empty Catalogue is falsy
        catalogue = default_catalogue()
    rules = list(catalogue)  # catalogue order: sorted by id
    descriptors = [_rule_descriptor(rule) for rule in rules]
    if result.lint is not None:  # the lint codes follow the diff rules, so diff indices never move
        from .lint_sarif import lint_rule_descriptor

        descriptors += [lint_rule_descriptor(code) for code in catalogue.lint_rules()]
    index = {descriptor["id"]: i for i, descriptor in enumerate(descriptors)}
    # Every result is located in the new side: GitHub needs a physical location for each,
    # and the new side is what the pull request changes.
    place = place_of(result.new.source, result.new.fingerprint)
    artifact = artifact_location(result.new.source, place)
    invocation: dict[str, Any] = {
        # The analysis ran to completion; a failed gate is a result, not a tool failure.
        "executionSuccessful": True,
        "exitCode": result.exit_code,
    }
    if result.warnings:
        invocation["toolConfigurationNotifications"] = [
            {"level": "warning", "message": {"text": plain(w)}} for w in result.warnings
        ]
    run: dict[str, Any] = {
        "tool": {"driver": {
            "name": "mcp-inspect",
            "version": __version__,
            "informationUri": INFORMATION_URI,
            "rules": descriptors,
        }},
        # No start/end times: the same inputs must give byte-identical output.
        "invocations": [invocation],
        "results": [_result(f, result, index, artifact) for f in result.findings],
        "properties": {
            "gate": "fail" if result.failed else "pass",
            "failOn": result.fail_on.name,
            "counts": result.counts(),
            "old": _side(result.old),
            "new": _side(result.new),
        },
    }
    if result.lint is not None:
        from .lint_section import lint_to_json, sarif_results

        run["results"] += sarif_results(result, index, artifact)
        summary = lint_to_json(result.lint)
        run["properties"]["lint"] = {"profile": summary["profile"], **summary["summary"],
                                     "tokens": {k: v for k, v in summary["tokens"].items() if k != "perTool"}}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def render_sarif(result: DiffResult, catalogue: Catalogue | None = None) -> str:
    return json_text.dumps(sarif_log(result, catalogue), inert=True) + "\n"
