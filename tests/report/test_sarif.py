"""SARIF output: schema-valid, one rule per catalogue entry, gate-driven levels."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, corpus_releases
from jsonschema.validators import validator_for
from support import regate

import mcp_inspect
from mcp_inspect import diff, load
from mcp_inspect.api import locate
from mcp_inspect.catalogue import Catalogue, default_catalogue
from mcp_inspect.findings.report import Report
from mcp_inspect.findings.severity import Severity
from mcp_inspect.report.sarif import help_uri, render_sarif, rule_name
from mcp_inspect.snapshot.shapes import snapshot_from_value

SCHEMA = json.loads((DATA / "schemas" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
_VALIDATOR_CLASS = validator_for(SCHEMA)  # draft-07, as the schema's own $schema says
VALIDATOR = _VALIDATOR_CLASS(SCHEMA, format_checker=_VALIDATOR_CLASS.FORMAT_CHECKER)
GIT = DATA / "corpus" / "git"
PAIRS = [(a, b) for releases in corpus_releases().values()
         for a, b in zip(releases, releases[1:], strict=False)]
EXPECTED_LEVEL = {Severity.BREAKING: "error", Severity.POTENTIALLY_BREAKING: "warning",
                  Severity.NON_BREAKING: "note", Severity.DOCUMENTATION: "note"}


def git_result() -> Report:
    return diff(load(str(GIT / "2025.7.1.json")), load(str(GIT / "2025.11.25.json")))


def dict_result(old: dict[str, Any], new: dict[str, Any],
                new_source: str = "new.json") -> Report:
    return diff(snapshot_from_value(old, "old.json"),
                          snapshot_from_value(new, new_source))


def tool(name: str, description: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "inputSchema": {"type": "object"}}
    if description is not None:
        out["description"] = description
    return out


def sarif(result: Report, catalogue: Catalogue | None = None) -> dict[str, Any]:
    log = json.loads(render_sarif(locate(result), catalogue))
    errors = sorted(VALIDATOR.iter_errors(log), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])
    return log


def uri_of(entry: dict[str, Any]) -> str:
    return entry["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]


def levels(log: dict[str, Any]) -> dict[str, str]:
    return {r["properties"]["severity"]: r["level"] for r in log["runs"][0]["results"]}


def test_schema_is_the_one_the_validator_expects() -> None:
    assert SCHEMA["$schema"].startswith("http://json-schema.org/draft-07")


def test_corpus_pair_is_valid_and_complete() -> None:
    result = git_result()
    assert result.findings
    log = sarif(result)
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "mcp-inspect" and driver["version"] == mcp_inspect.__version__
    catalogue = default_catalogue()
    assert [r["id"] for r in driver["rules"]] == [r.id for r in catalogue]
    assert len(driver["rules"]) == len(catalogue)
    assert len(run["results"]) == len(result.findings)
    for entry, finding in zip(run["results"], result.findings, strict=True):
        assert driver["rules"][entry["ruleIndex"]]["id"] == entry["ruleId"] == finding.rule
        assert entry["partialFingerprints"] == {"mcpInspect/v1": finding.id}
        assert entry["properties"]["severity"] == finding.severity.name
        assert uri_of(entry) == "tests/data/corpus/git/2025.11.25.json"  # from the repository root
        assert "suppressions" not in entry
    properties = run["properties"]
    assert properties["gate"] == "fail" and properties["failOn"] == "BREAKING"
    assert properties["new"] == {"source": result.new.source,
                                 "fingerprint": result.new.fingerprint}


@pytest.mark.parametrize("old,new", PAIRS,
                         ids=[f"{a.parent.name}-{a.stem}..{b.stem}" for a, b in PAIRS])
def test_every_corpus_pair_is_valid(old: Path, new: Path) -> None:
    sarif(diff(load(str(old)), load(str(new))))


def test_rule_descriptors() -> None:
    rules = {r["id"]: r for r in sarif(git_result())["runs"][0]["tool"]["driver"]["rules"]}
    for rule in default_catalogue():
        entry = rules[rule.id]
        assert entry["name"] == rule_name(rule.id)
        assert entry["shortDescription"]["text"] == rule.summary
        assert entry["fullDescription"]["text"] == f"{rule.summary} {rule.advice}"
        assert entry["help"]["text"] == rule.advice
        assert entry["helpUri"] == help_uri(rule.id)
        assert entry["properties"]["severity"] == rule.severity_label
        assert entry["properties"]["tags"][0] == rule.applies_to
        assert entry["defaultConfiguration"]["level"] == EXPECTED_LEVEL[rule.severity]
    assert rule_name("tool.input.property.addedRequired") == "ToolInputPropertyAddedRequired"
    # The anchor GitHub gives the heading "### tool.input.property.addedRequired".
    assert help_uri("tool.input.property.addedRequired") == (
        "https://github.com/mcp-inspect/mcp-inspect/blob/main/docs/rules.md"
        "#toolinputpropertyaddedrequired")


def test_empty_diff_is_valid() -> None:
    run = sarif(dict_result({"tools": []}, {"tools": []}))["runs"][0]
    assert run["results"] == []
    assert run["properties"]["gate"] == "pass"
    assert len(run["tool"]["driver"]["rules"]) == len(default_catalogue())


def test_ignored_finding_is_suppressed() -> None:
    result = git_result()
    result.findings[0].ignored = True
    result.findings[0].reason = "x"
    result.findings[1].ignored = True  # no reason given
    results = sarif(result)["runs"][0]["results"]
    assert results[0]["suppressions"] == [{"kind": "external", "justification": "x"}]
    assert results[1]["suppressions"][0]["justification"] == "ignored by configuration"
    assert all("suppressions" not in r for r in results[2:])


def test_levels_follow_the_gate() -> None:
    result = git_result()
    assert levels(sarif(result)) == {
        "BREAKING": "error", "NON_BREAKING": "note", "DOCUMENTATION": "note"}
    regate(result, Severity.NON_BREAKING)
    log = sarif(result)
    assert levels(log) == {"BREAKING": "error", "NON_BREAKING": "error", "DOCUMENTATION": "note"}
    assert log["runs"][0]["properties"]["failOn"] == "NON_BREAKING"
    regate(result, Severity.DOCUMENTATION)
    assert set(levels(sarif(result)).values()) == {"error"}


def test_potentially_breaking_below_the_gate_is_a_warning() -> None:
    result = dict_result({"tools": [tool("t", "Reads a file.")]},
                         {"tools": [tool("t", "Never reads more than 10 files.")]})
    (entry,) = sarif(result)["runs"][0]["results"]
    assert entry["properties"]["severity"] == "POTENTIALLY_BREAKING"
    assert entry["level"] == "warning"
    assert entry["message"]["text"].startswith("tool t: ")
    assert entry["locations"][0]["logicalLocations"] == [
        {"name": "t", "fullyQualifiedName": "tool:t:description", "kind": "member"}]


def test_locations_and_messages() -> None:
    results = sarif(git_result())["runs"][0]["results"]
    server, removed = results[0], results[1]
    assert server["message"]["text"].startswith("server: ")
    assert server["locations"][0]["logicalLocations"] == [
        {"name": "server", "fullyQualifiedName": "server::serverInfo.version", "kind": "member"}]
    assert removed["locations"][0]["logicalLocations"] == [
        {"name": "git_init", "fullyQualifiedName": "tool:git_init", "kind": "object"}]


def test_stdin_and_unusual_sources_become_uris() -> None:
    for source, uri in (("-", "stdin"), ("my dir/new#1.json", "my%20dir/new%231.json"),
                        ("dir\\new.json", "dir/new.json")):
        result = dict_result({"tools": []}, {"tools": [tool("t")]}, new_source=source)
        assert uri_of(sarif(result)["runs"][0]["results"][0]) == uri


def test_untrusted_text_is_neutralised_in_messages_only() -> None:
    name = "evil\x1b[2J\u202e"
    entry = sarif(dict_result({"tools": []}, {"tools": [tool(name)]}))["runs"][0]["results"][0]
    assert "\x1b" not in entry["message"]["text"] and "\u202e" not in entry["message"]["text"]
    assert entry["properties"]["entity"]["name"] == name  # the data itself stays exact


def test_deterministic_without_times_and_with_warnings() -> None:
    result = git_result()
    result.warnings = ["ignore entry for tool.foo matched nothing"]
    first, second = render_sarif(locate(result)), render_sarif(locate(result))
    assert first == second and first.endswith("}\n")
    (invocation,) = sarif(result)["runs"][0]["invocations"]
    assert not any("Time" in key for key in invocation)
    assert invocation["exitCode"] == 1
    notes = invocation["toolConfigurationNotifications"]
    assert notes == [{"level": "warning", "message": {"text": result.warnings[0]}}]


def test_a_rule_missing_from_the_catalogue_gets_no_index() -> None:
    run = sarif(git_result(), Catalogue({}))["runs"][0]
    assert run["tool"]["driver"]["rules"] == []
    assert all("ruleIndex" not in r for r in run["results"])


def test_a_breaking_change_carries_its_witness_in_the_message_and_the_properties() -> None:
    old = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
        "unit": {"type": "string", "enum": ["c", "f"]}}}}]}
    new = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
        "unit": {"type": "string", "enum": ["c"]}}}}]}
    report = dict_result(old, new)
    [finding] = [f for f in report.changes if f.severity is Severity.BREAKING]
    assert finding.witness is not None and finding.witness.found
    [result] = [r for r in sarif(report)["runs"][0]["results"] if r["ruleId"] == finding.rule]
    assert result["properties"]["witness"] == {"unit": "f"}
    assert "witnessNote" not in result["properties"]
    first, second = result["message"]["text"].split("\n")
    assert first.startswith("tool t: ")
    assert second == 'e.g. this call passes the old schema and fails the new one: {"unit":"f"}'


def test_a_breaking_change_without_a_witness_says_why_in_both_places() -> None:
    old = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"a": {"type": "string"}}}}]}
    new = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {}}}]}
    report = dict_result(old, new)
    found = [f for f in report.changes if f.witness is not None]
    assert found and not found[0].witness.found
    [result] = [r for r in sarif(report)["runs"][0]["results"] if r["ruleId"] == found[0].rule]
    assert result["properties"]["witness"] is None
    assert result["properties"]["witnessNote"] == found[0].witness.note
    assert result["message"]["text"].endswith("\nno witness: " + found[0].witness.note)


def test_a_witness_s_control_characters_are_neutralised_in_the_message() -> None:
    old = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
        "k": {"type": "string", "enum": ["ok", "bad\u202e\u0007"]}}}}]}
    new = {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {
        "k": {"type": "string", "enum": ["ok"]}}}}]}
    [result] = [r for r in sarif(dict_result(old, new))["runs"][0]["results"] if r["level"] == "error"]
    assert result["properties"]["witness"] == {"k": "bad\u202e\u0007"}
    text = result["message"]["text"]
    assert "\u202e" not in text and "\u0007" not in text and "\\u202e" in text
