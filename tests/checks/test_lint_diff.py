"""The lint inside ``diff``: introduced versus inherited, the gate, and every report format."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import DATA, ROOT
from jsonschema import Draft202012Validator
from jsonschema.validators import validator_for
from support import compare_lint

from mcp_inspect import LintSettings, diff, load
from mcp_inspect.cli import app
from mcp_inspect.snapshot.shapes import snapshot_from_value

REPORT_SCHEMA = json.loads((ROOT / "mcp_inspect" / "schemas" / "report.schema.json").read_text())
SARIF = json.loads((DATA / "schemas" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))

#: These tests are about the MCP-0xx family: only it runs.
MCP = LintSettings(select=("MCP",))

DIFF = ["diff", "--select", "MCP"]  # the MCP-0xx family only


def tool(name: str, description: str | None = "Does a thing.", **props: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "inputSchema": {"type": "object", "properties": props}}
    if description is not None:
        out["description"] = description
    return out


OLD = {"tools": [tool("legacy", description=None), tool("bad name")]}
NEW = {"tools": [tool("legacy", description=None), tool("bad name", "Now described."), tool("new tool")]}


@pytest.fixture
def pair(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def write(old: dict, new: dict) -> list[str]:
        (tmp_path / "old.json").write_text(json.dumps(old))
        (tmp_path / "new.json").write_text(json.dumps(new))
        return [str(tmp_path / "old.json"), str(tmp_path / "new.json")]

    return write


def test_split_into_introduced_and_inherited():
    lint = compare_lint(snapshot_from_value(OLD, "old"), snapshot_from_value(NEW, "new"), MCP)
    assert [(f.code, f.tool) for f in lint.introduced] == [("MCP-001", "new tool")]
    assert {(f.code, f.tool) for f in lint.inherited} == {("MCP-012", "legacy"), ("MCP-001", "bad name")}
    assert lint.tokens_new.total > lint.tokens_old.total


def test_introduced_error_fails_the_gate_inherited_does_not(runner, pair):
    args = pair(OLD, NEW)
    result = runner.invoke(app, [*DIFF, *args, "--format", "json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 1
    assert report["summary"]["BREAKING"] == 0 and report["summary"]["gate"] == "fail"
    assert report["lint"]["summary"]["gate"] == "fail"
    assert [f["tool"] for f in report["lint"]["introduced"]] == ["new tool"]
    # Lint findings never appear among the diff's findings.
    assert all(not f["rule"].startswith("MCP") for f in report["findings"])
    same_errors = {"tools": [tool("legacy", description=None), tool("bad name", "Described differently.")]}
    assert runner.invoke(app, [*DIFF, *pair(OLD, same_errors)]).exit_code == 0


@pytest.mark.parametrize("config,code", [
    ("lint:\n  introduced_fail_on: none\n", 0),
    ("lint:\n  inherited_fail_on: error\n", 1),
    ("lint:\n  introduced_fail_on: none\n  inherited_fail_on: warning\n", 1),
    ("ignore:\n  - rule: MCP-001\n    entity: new*\n", 0),
])
def test_the_lint_gate_is_configurable(runner, pair, tmp_path, config, code):
    (tmp_path / ".mcp-inspect.yml").write_text(config)
    args = pair(OLD, {"tools": [*OLD["tools"], tool("new tool")]})
    result = runner.invoke(app, [*DIFF, *args])
    assert result.exit_code == code, result.output
    if code == 1 and "inherited" in config:
        assert runner.invoke(app, [*DIFF, *pair(OLD, OLD)]).exit_code == 1


def test_profile_option_on_diff(runner, pair, tmp_path):
    args = pair({"tools": [tool("t")]}, {"tools": [tool("t", **{"file.path": {"type": "integer"}})]})
    (tmp_path / ".mcp-inspect.yml").write_text("lint:\n  introduced_fail_on: warning\n")
    assert runner.invoke(app, [*DIFF, *args]).exit_code == 0  # claude accepts dots in property names
    result = runner.invoke(app, [*DIFF, *args, "--profile", "openai", "--format", "json"])
    assert result.exit_code == 1
    lint = json.loads(result.stdout)["lint"]
    assert lint["profile"] == "openai" and [f["code"] for f in lint["introduced"]] == ["MCP-007"]
    assert runner.invoke(app, [*DIFF, *args, "--profile", "nope"]).exit_code == 2


def test_json_report_validates_and_carries_the_token_delta(runner, pair):
    report = json.loads(runner.invoke(app, [*DIFF, *pair(OLD, NEW), "--format", "json"]).stdout)
    assert not list(Draft202012Validator(REPORT_SCHEMA).iter_errors(report))
    assert report["schemaVersion"] == 4
    tokens = report["lint"]["tokens"]
    assert tokens["delta"] == tokens["new"] - tokens["old"] > 0 and tokens["counter"] == "≈ chars/4 estimate"


def test_text_report_shows_lint_beside_the_diff(runner, pair):
    text = runner.invoke(app, [*DIFF, *pair(OLD, NEW)]).stdout
    assert "Lint (claude profile): 1 introduced, 2 inherited" in text
    assert "MCP-001  new tool:name" in text and "Tool definitions: " in text and "(+" in text
    assert text.index("Lint (claude") < text.rindex("Summary:")
    assert "Lint: 1 finding failing the gate" in text
    # New-user trial, round 26: "0 breaking … Gate: FAIL (fails on BREAKING and above)" read as a
    # contradiction until the lint clause; the verdict says first that the lint failed it.
    assert "Gate: FAIL by the lint; the changes pass (fails on BREAKING and above)" in text


def test_markdown_report_has_a_lint_section(runner, pair):
    md = runner.invoke(app, [*DIFF, *pair(OLD, NEW), "--format", "markdown"]).stdout
    assert "### Lint (claude profile): ❌ fails" in md and "**Inherited from the old side (2)**" in md
    assert "❌ **Gate fails**: 1 lint finding (see Lint below)." in md


def test_github_annotations_for_introduced_findings(runner, pair):
    lines = runner.invoke(app, [*DIFF, *pair(OLD, NEW), "--format", "github"]).stdout.splitlines()
    errors = [line for line in lines if line.startswith("::error") and "MCP-001" in line]
    assert len(errors) == 1 and "new tool" in errors[0]
    # Hostile trial, round 27 (case 05-gate): the closing notice still read "0 breaking, …
    # Gate: fail (fails on BREAKING and above)." with no word of the lint; it says it as the text does.
    assert lines[-1].endswith("Gate: fail by the lint; the changes pass (fails on BREAKING and above)."), lines[-1]
    assert any(line.startswith("::notice title=mcp-inspect lint::") for line in lines)


def test_sarif_adds_lint_codes_and_results(runner, pair):
    log = json.loads(runner.invoke(app, [*DIFF, *pair(OLD, NEW), "--format", "sarif"]).stdout)
    assert not list(validator_for(SARIF)(SARIF).iter_errors(log))
    run = log["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert ids[-80:-57] == sorted(ids[-80:-57]) and ids[-80] == "MCP-001" and "tool.added" in ids[:-80]
    lint = [r for r in run["results"] if r["ruleId"].startswith("MCP")]
    states = {(r["ruleId"], r["baselineState"]) for r in lint}
    assert ("MCP-001", "new") in states and ("MCP-012", "unchanged") in states
    assert all(ids[r["ruleIndex"]] == r["ruleId"] for r in run["results"])
    new = next(r for r in lint if r["baselineState"] == "new")
    assert new["level"] == "error"
    assert run["properties"]["lint"]["tokens"]["delta"] > 0
    assert run["properties"]["lint"]["resolved"] == {"error": 0, "warning": 0, "info": 0, "ignored": 0}
    # Going back, "new tool" and its bad name are gone: its removal is the finding, and its
    # lint findings left with it, so nothing is counted as resolved.
    back = json.loads(runner.invoke(app, [*DIFF, *reversed(pair(OLD, NEW)), "--format", "sarif"]).stdout)["runs"][0]
    assert back["properties"]["lint"]["resolved"]["error"] == 0
    assert not any(r["ruleId"] == "MCP-001" and r["properties"]["tool"] == "new tool" for r in back["results"])


def test_sarif_counts_resolved_lint_findings_without_results(runner, tmp_path):
    """The old side's findings the change resolved are counted, not results (code scanning
    would open an alert for each)."""
    paths = []
    for name, bad in (("old", "bad name!"), ("new", "good_name")):
        path = tmp_path / f"{name}.json"
        # The renamed tool keeps a schema that says something, so the rename is seen (a schema
        # without properties is every no-argument tool's, and pairs nothing).
        path.write_text(json.dumps({"tools": [{"name": "keep", "description": "Keeps a thing.",
                                              "inputSchema": {"type": "object"}},
                                             {"name": bad, "description": "Does a thing.",
                                              "inputSchema": {"type": "object", "properties": {
                                                  "thing": {"type": "string"}}}}]}))
        paths.append(str(path))
    run = json.loads(runner.invoke(app, [*DIFF, *paths, "--format", "sarif"]).stdout)["runs"][0]
    assert run["properties"]["lint"]["resolved"]["error"] >= 1
    assert not any(r["properties"].get("tool") == "bad name!" for r in run["results"])


def test_stale_lint_ignore_is_reported_by_diff(runner, pair, tmp_path):
    (tmp_path / ".mcp-inspect.yml").write_text("ignore:\n  - rule: MCP-022\n")
    result = runner.invoke(app, [*DIFF, *pair(OLD, NEW)])
    assert "ignore rule 'MCP-022'" in result.stderr and "stale" in result.stderr


def test_a_star_ignore_covers_the_lint_findings_of_a_diff_too(runner, pair, tmp_path):
    """Hostile trial, round 22: `rule: "*"` ignored every change of a diff but none of its lint
    findings (an entry was for change rules unless it spelt a lint family out), so the
    introduced lint error still failed the gate."""
    (tmp_path / ".mcp-inspect.yml").write_text("ignore:\n  - rule: '*'\n    reason: legacy\n")
    result = runner.invoke(app, [*DIFF, *pair(OLD, NEW), "--format", "json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 0, result.output
    assert report["findings"] and all(f["ignored"] for f in report["findings"])
    assert [f["tool"] for f in report["lint"]["introduced"]] == ["new tool"]
    assert all(f["ignored"] and f["reason"] == "legacy" for f in report["lint"]["introduced"])
    assert "stale" not in result.stderr
    # A diff that lints sees every kind of finding `*` is for, so it judges it.
    clean = {"tools": [tool("fetch_page")]}
    same = runner.invoke(app, [*DIFF, *pair(clean, clean)])
    assert "ignore rule '*' (line 2) matched no finding (stale)" in same.stderr, same.output


def test_library_diff_lints_only_when_asked():
    old, new = load(str(DATA / "corpus/git/2025.7.1.json")), load(str(DATA / "corpus/git/2025.11.25.json"))
    assert not diff(old, new).linted
    result = diff(old, new, lint=LintSettings(profile="generic"))
    assert result.linted and result.profile == "generic"
    assert not result.introduced and result.inherited


def test_one_document_on_both_sides_reports_what_two_equal_documents_do():
    # diff of a file with itself shares one parsed document between the sides, and the
    # lint of it runs once (compare.compare_lint); the comparison must not change.
    old = snapshot_from_value(NEW, "old.json")
    same = snapshot_from_value(NEW, "new.json")
    assert old.tools is same.tools
    shared = compare_lint(old, same, MCP)
    separate = compare_lint(old, snapshot_from_value(json.loads(json.dumps(NEW)), "new.json"), MCP)
    assert shared.inherited and not shared.introduced

    def facts(findings):
        return [(f.rule, f.tool, f.path, f.message) for f in findings]

    assert facts(shared.inherited) == facts(separate.inherited) and not separate.introduced
    assert shared.tokens_new == separate.tokens_new


def test_an_entry_for_a_code_the_lint_did_not_run_is_not_called_stale(runner, pair, tmp_path):
    """Hostile trial, round 27: `lint --select SEC` (and a diff whose lint selected other codes)
    called an ignore entry for BP-001 stale, though it never ran BP-001 and so could not tell;
    deleting the entry as told brought the finding back on the next full run."""
    (tmp_path / ".mcp-inspect.yml").write_text(
        "ignore:\n  - rule: BP-001\n    reason: legacy\n  - rule: MCP-022\n    reason: reviewed\n")
    clean = {"tools": [tool("fetch_page")]}
    result = runner.invoke(app, [*DIFF, *pair(clean, clean)])
    # MCP-022 ran and matched nothing: stale, as before; BP-001 did not run: not judged.
    assert "ignore rule 'MCP-022' (line 4) matched no finding (stale)" in result.stderr, result.output
    assert "BP-001" not in result.stderr, result.output


@pytest.mark.parametrize(("select", "judged"), [("SEC", False), ("NAM-004", True), ("NAM", True)])
def test_a_prefix_entry_is_judged_only_by_a_run_that_ran_one_of_its_codes(runner, pair, tmp_path, select, judged):
    """Hostile trial, round 30: `diff --select SEC` (and `lint --select SEC`) called an entry
    `BP-0*` stale, though no BP code ran, while an entry `BP-001` was rightly not judged. A
    run that ran any code the prefix names (one of them, or the family) judges it; no NAM
    code fires on this surface, so there it is stale."""
    (tmp_path / ".mcp-inspect.yml").write_text("ignore:\n  - rule: NAM-0*\n    reason: legacy\n")
    clean = {"tools": [tool("fetch_page")]}
    result = runner.invoke(app, ["diff", "--select", select, *pair(clean, clean)])
    assert result.exit_code == 0, result.output
    assert ("ignore rule 'NAM-0*' (line 2) matched no finding (stale)" in result.stderr) is judged, result.stderr


@pytest.mark.parametrize(("profile", "judged"), [("generic", False), ("claude", True)])
def test_an_entry_for_a_code_the_profile_leaves_silent_is_not_called_stale(runner, pair, tmp_path, profile, judged):
    """Hostile trial, round 29: under `--profile generic` (which accepts any draft) MCP-011
    cannot fire, yet an ignore entry for it was called stale; a project that lints under two
    profiles would delete the entry the other profile needs. Under claude the code can fire,
    and finding nothing it is stale as before."""
    (tmp_path / ".mcp-inspect.yml").write_text("ignore:\n  - rule: MCP-011\n    reason: draft-07 on purpose\n")
    clean = {"tools": [tool("fetch_page")]}
    result = runner.invoke(app, [*DIFF, "--profile", profile, *pair(clean, clean)])
    assert result.exit_code == 0, result.output
    assert ("ignore rule 'MCP-011' (line 2) matched no finding (stale)" in result.stderr) is judged, result.stderr


@pytest.mark.parametrize("profile", ["claude", "openai", "gemini", "foundry", "copilot", "generic"])
def test_a_profile_code_fires_exactly_where_the_profile_says_it_can(profile):
    """``Profile.can_find`` must not lie either way: on a surface that trips every profile
    code somewhere, the codes that fire under a profile are exactly those it can find."""
    from mcp_inspect.checks.engine import lint_tools
    from mcp_inspect.checks.profiles import PROFILE_CODES, get_profile

    draft07 = "http://json-schema.org/draft-07/schema#"
    loud = [
        {"name": "not.an.identifier", "description": "Reads.",
         "inputSchema": {"$schema": draft07, "type": "string", "allOf": [{"minLength": 1}]}},
        {"name": "no_properties", "description": "Reads.", "inputSchema": {"type": "object", "allOf": [{}]}},
        {"name": "long_property", "description": "Reads.",
         "inputSchema": {"type": "object", "properties": {"a b" * 40: {"type": "string"}}}},
        *({"name": f"filler_{i}", "description": "Reads.", "inputSchema": {"type": "object", "properties": {}}}
          for i in range(130)),
    ]
    findings, _ = lint_tools(loud, LintSettings(select=("ALL",), profile=profile))
    fired = {f.rule for f in findings if f.rule in PROFILE_CODES}
    assert fired == {code for code in PROFILE_CODES if get_profile(profile).can_find(code)}
