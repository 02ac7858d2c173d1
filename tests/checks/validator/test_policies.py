"""Policies, selection, overrides, the MCP revision, folding and the maturity score on small
servers whose every finding and score is worked out by hand here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcp_inspect.cli import app

NOTE = {"name": "create_note", "description": "Creates a note.",
        "inputSchema": {"type": "object", "additionalProperties": False, "required": ["title"],
                        "properties": {"title": {"type": "string"},  # SEC-001: no maxLength
                                       "tags": {"type": "array", "items": {"type": "string"}}}}}  # SEC-002
PAGE = {"name": "fetch_page", "description": "Fetches a page.",
        "inputSchema": {"type": "object", "required": ["url"],  # SEC-009 (info): the root is open
                        "properties": {"url": {"type": "string", "maxLength": 2048}}}}  # SEC-005: no format
BROKEN = {"name": "bad", "inputSchema": {"type": "array"}}  # SCH-005 (specification), SCH-006


def lint(runner, tmp_path: Path, tools: list, *args: str) -> tuple[int, dict]:
    surface = tmp_path / "server.json"
    surface.write_text(json.dumps({"tools": tools}))
    result = runner.invoke(app, ["lint", str(surface), *args, "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)


def found(report: dict) -> set[tuple[str, str, str]]:
    return {(f["code"], f["tool"], f["severity"]) for f in report["findings"] if not f["ignored"]}


def test_governance_keeps_every_error(runner, tmp_path):
    code, report = lint(runner, tmp_path, [NOTE, PAGE], "--select", "SCH,SEC", "--policy", "governance")
    assert found(report) == {("SEC-001", "create_note", "error"), ("SEC-002", "create_note", "error"),
                             ("SEC-005", "fetch_page", "error"), ("SEC-009", "fetch_page", "info")}
    # create_note 100 − 5 − 5 = 90; fetch_page 100 − 5 − 1 = 94; the server (90 + 94) / 2 = 92.
    assert report["maturity"] == {"score": 92, "level": "exemplary",
                                  "perTool": {"create_note": 90, "fetch_page": 94}}
    # Governance errors are no MCP non-compliance, but they do make the server invalid.
    assert (report["compliant"], report["valid"], code) == (True, False, 1)


def test_compliance_lowers_governance_errors_to_warnings(runner, tmp_path):
    code, report = lint(runner, tmp_path, [NOTE, PAGE], "--select", "SCH,SEC")  # compliance is the default
    assert found(report) == {("SEC-001", "create_note", "warning"), ("SEC-002", "create_note", "warning"),
                             ("SEC-005", "fetch_page", "warning"), ("SEC-009", "fetch_page", "info")}
    assert {f["defaultSeverity"] for f in report["findings"] if f["code"] != "SEC-009"} == {"error"}
    # create_note 100 − 2 − 2 = 96; fetch_page 100 − 2 − 1 = 97; (96 + 97) / 2 = 96.5, rounded half up: 97.
    assert report["maturity"]["score"] == 97 and report["maturity"]["perTool"] == {"create_note": 96, "fetch_page": 97}
    assert (report["compliant"], report["valid"], code, report["policy"]) == (True, True, 0, "compliance")


def test_a_specification_error_is_never_lowered(runner, tmp_path):
    for policy in ("compliance", "governance"):
        code, report = lint(runner, tmp_path, [BROKEN], "--select", "SCH", "--policy", policy)
        assert ("SCH-005", "bad", "error") in found(report) and ("SCH-006", "bad", "warning") in found(report)
        assert (report["compliant"], report["valid"], code) == (False, False, 1)
        # 100 − 5 (SCH-005) − 2 (SCH-006) = 93.
        assert report["maturity"]["perTool"] == {"bad": 93}


def test_an_explicit_severity_beats_the_policy_and_the_rules_own(runner, tmp_path):
    _, report = lint(runner, tmp_path, [NOTE, PAGE], "--select", "SEC", "--rule", "SEC-001=error",
                     "--rule", "sec-009=suggestion")
    assert ("SEC-001", "create_note", "error") in found(report)  # beats compliance
    assert ("SEC-002", "create_note", "warning") in found(report)  # not set: lowered
    assert ("SEC-009", "fetch_page", "info") in found(report)  # suggestion is info
    _, report = lint(runner, tmp_path, [NOTE, PAGE], "--select", "SEC", "--rule", "SEC-009=warning")
    assert ("SEC-009", "fetch_page", "warning") in found(report)


@pytest.mark.parametrize("args,codes", [
    (["--select", "SEC", "--ignore", "SEC-001"], {"SEC-002", "SEC-005", "SEC-009"}),
    (["--select", "SEC-001", "--ignore", "SEC"], {"SEC-001"}),  # the more specific selector wins
    (["--select", "SEC-00*", "--ignore", "SEC-00*"], set()),  # a tie: ignore wins
    (["--select", "SEC", "--rule", "SEC-002=off"], {"SEC-001", "SEC-005", "SEC-009"}),
    (["--select", "SCH", "--rule", "SEC-005=on"], {"SEC-005"}),
    (["--select", "sec-001,Sec-002"], {"SEC-001", "SEC-002"}),
])
def test_selection(runner, tmp_path, args, codes):
    _, report = lint(runner, tmp_path, [NOTE, PAGE], *args)
    assert {f["code"] for f in report["findings"]} == codes


def test_the_2026_rules_skip_under_2025(runner, tmp_path):
    header = {"name": "get_doc", "description": "Gets a document.",
              "inputSchema": {"type": "object", "required": ["api_key"], "additionalProperties": False,
                              "properties": {"api_key": {"type": "string", "maxLength": 64, "x-mcp-header": "X Key"},
                                             "ref": {"$ref": "https://example.com/schema.json"}}}}
    _, new = lint(runner, tmp_path, [header], "--select", "SCH-009,SCH-010,SEC-011,SCH-004")
    assert {f["code"] for f in new["findings"]} == {"SCH-009", "SCH-010", "SEC-011"}
    assert new["specVersion"] == "2026-07-28"
    _, old = lint(runner, tmp_path, [header], "--select", "SCH-009,SCH-010,SEC-011,SCH-004",
                  "--spec-version", "2025-11-25")
    assert {f["code"] for f in old["findings"]} == {"SCH-004"}  # a network $ref is SCH-004's there
    assert old["specVersion"] == "2025-11-25"


def test_one_defect_one_finding(runner, tmp_path):
    nameless = {"description": "", "inputSchema": {"type": "string"}}
    _, report = lint(runner, tmp_path, [nameless])
    codes = {f["code"]: f for f in report["findings"]}
    assert "SCH-001" not in codes and "SCH-005" not in codes and "LLM-001" not in codes
    assert codes["MCP-001"]["aliases"] == ["SCH-001"] and codes["MCP-001"]["provenance"] == "specification"
    assert codes["MCP-004"]["aliases"] == ["SCH-005"]
    assert codes["MCP-012"]["aliases"] == ["LLM-001"] and codes["MCP-012"]["severity"] == "warning"
    # Only one of the pair selected: it stands alone, with no alias.
    _, alone = lint(runner, tmp_path, [nameless], "--select", "SCH")
    assert {"SCH-001", "SCH-005"} <= {f["code"] for f in alone["findings"]}
    assert all(f["aliases"] == [] for f in alone["findings"])


def test_a_folded_finding_takes_the_highest_severity_and_counts_once(runner, tmp_path):
    tool = {"name": "t", "description": "x" * 2100, "inputSchema": {"type": "object", "properties": {}}}
    _, report = lint(runner, tmp_path, [tool], "--select", "MCP-013,LLM-002", "--policy", "governance")
    [finding] = report["findings"]
    # MCP-013 is info, LLM-002 a warning: the one finding is MCP-013's, at warning.
    assert (finding["code"], finding["severity"], finding["aliases"]) == ("MCP-013", "warning", ["LLM-002"])
    assert report["maturity"]["perTool"] == {"t": 98}


def test_an_ignore_entry_matches_a_folded_finding_by_its_alias(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".mcp-inspect.yml").write_text("ignore:\n  - rule: LLM-001\n    reason: described elsewhere\n")
    _, report = lint(runner, tmp_path, [{"name": "t", "inputSchema": {"type": "object", "properties": {}}}],
                     "--select", "MCP-012,LLM-001")
    [finding] = report["findings"]
    assert finding["code"] == "MCP-012" and finding["ignored"] and finding["reason"] == "described elsewhere"


def test_unknown_codes_and_settings_are_refused(runner, tmp_path):
    surface = tmp_path / "s.json"
    surface.write_text(json.dumps({"tools": [NOTE]}))
    for args, needle in ((["--select", "SEC-099"], "'SEC-099' matches no lint code"),
                         (["--rule", "SCE-001=error"], "did you mean 'SEC-001'"),
                         (["--rule", "SEC-001=loud"], "unknown setting 'loud'"),
                         (["--rule", "SEC-001"], "expected CODE=SETTING"),
                         (["--policy", "strict"], "unknown policy"),
                         (["--spec-version", "2024-11-05"], "unknown MCP revision")):
        result = runner.invoke(app, ["lint", str(surface), *args])
        assert result.exit_code == 2 and needle in result.stderr, (args, result.stderr)


def test_a_diff_reports_maturity_before_and_after_and_can_gate_on_its_drop(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps({"tools": [PAGE]}))
    new.write_text(json.dumps({"tools": [PAGE, NOTE]}))
    args = ["diff", str(old), str(new), "--select", "SEC", "--policy", "governance", "--format", "json"]
    result = runner.invoke(app, args)
    maturity = json.loads(result.stdout)["lint"]["maturity"]
    assert maturity == {"before": {"score": 94, "level": "exemplary"}, "after": {"score": 92, "level": "exemplary"},
                        "perTool": {"create_note": {"before": None, "after": 90}}}
    (tmp_path / ".mcp-inspect.yml").write_text("lint:\n  fail_on_maturity_drop: 1\n  introduced_fail_on: none\n")
    assert runner.invoke(app, args).exit_code == 1  # 94 → 92 falls by 2
    (tmp_path / ".mcp-inspect.yml").write_text("lint:\n  fail_on_maturity_drop: 2\n  introduced_fail_on: none\n")
    assert runner.invoke(app, args).exit_code == 0


def test_a_gate_failed_by_the_maturity_drop_says_so_in_every_format(runner, tmp_path, monkeypatch):
    """New-user trial: ``fail_on_maturity_drop`` failed the gate, but the Markdown verdict read
    "0 findings at or above BREAKING", JSON listed no reason and GitHub showed no error."""
    monkeypatch.chdir(tmp_path)
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps({"tools": [PAGE]}))
    new.write_text(json.dumps({"tools": [PAGE, NOTE]}))
    (tmp_path / ".mcp-inspect.yml").write_text("lint:\n  fail_on_maturity_drop: 1\n  introduced_fail_on: none\n")
    args = ["diff", str(old), str(new), "--select", "SEC", "--policy", "governance", "--format"]
    said = "the maturity score fell from 94 to 92, by more than lint.fail_on_maturity_drop (1)"
    report = json.loads(runner.invoke(app, [*args, "json"]).stdout)
    assert report["summary"]["gate"] == "fail" and report["summary"]["gateFailures"] == [said]
    markdown = runner.invoke(app, [*args, "markdown"]).stdout
    assert f"**Gate fails**: {said}." in markdown and "0 findings" not in markdown
    github = runner.invoke(app, [*args, "github"]).stdout
    assert f"::error title=mcp-inspect gate::{said}" in github
    junit = runner.invoke(app, [*args, "junit"]).stdout
    assert said in junit


def test_a_renamed_tool_keeps_its_score_under_its_new_name(runner, tmp_path):
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps({"tools": [{**PAGE, "name": "fetch-page"}, NOTE]}))
    new.write_text(json.dumps({"tools": [PAGE, {**NOTE, "description": "Creates a note. Titles are required."}]}))
    args = ["diff", str(old), str(new), "--select", "SEC", "--policy", "governance"]
    report = json.loads(runner.invoke(app, [*args, "--format", "json"]).stdout)
    assert [f["rule"] for f in report["findings"] if f["rule"] == "tool.renamed"] == ["tool.renamed"]
    assert report["lint"]["maturity"]["perTool"] == {}  # fetch-page → fetch_page: one tool, the same score
    text = runner.invoke(app, args).stdout
    assert "moved" not in text and "gone" not in text
    html = runner.invoke(app, [*args, "--format", "html"]).stdout
    assert "removed</td>" not in html and "new tool</td>" not in html


def test_an_explicit_severity_names_what_set_it(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    surface = tmp_path / "server.json"
    surface.write_text(json.dumps({"tools": [NOTE]}))
    (tmp_path / ".mcp-inspect.yml").write_text("lint:\n  policy: governance\n  rules:\n    SEC-001: warning\n")
    text = runner.invoke(app, ["lint", str(surface), "--select", "SEC-001"]).stdout
    assert "warning (default error; lint.rules (.mcp-inspect.yml line 4))" in text
    text = runner.invoke(app, ["lint", str(surface), "--select", "SEC-001", "--rule", "SEC-001=warning"]).stdout
    assert "warning (default error; set by --rule)" in text and "line 4" not in text
