"""``mcp-inspect lint`` through the CLI: formats, exit codes, configuration, several servers."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import CORPUS, DATA, ROOT
from jsonschema.validators import validator_for
from support import lint_report

from mcp_inspect.cli import app
from mcp_inspect.report.json_report import render_json as render_lint_json

CASES = DATA / "lint-cases"
SARIF = json.loads((DATA / "schemas" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
RAW_SERVER = ROOT / "tests" / "live" / "servers" / "raw_server.py"
LINT_SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))

LINT = ["lint", "--select", "MCP"]  # the MCP-0xx family only


def assert_valid_lint_report(value: object) -> None:
    validator = validator_for(LINT_SCHEMA)(LINT_SCHEMA)
    errors = sorted(validator.iter_errors(value), key=str)
    assert not errors, [f"{list(e.absolute_path)}: {e.message}" for e in errors[:5]]


def case(name: str) -> str:
    return str(CASES / name / "surface.json")


@pytest.fixture(autouse=True)
def _no_stray_config(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize("name,code", [("clean-example", 0), ("injection", 0), ("no-schema", 1), ("duplicate", 1)])
def test_exit_code_follows_errors(runner, name, code):
    assert runner.invoke(app, [*LINT, case(name)]).exit_code == code


@pytest.mark.parametrize("fail_on,code", [("warning", 1), ("info", 1), ("error", 0), ("none", 0), ("WARNING", 1)])
def test_fail_on(runner, fail_on, code):
    assert runner.invoke(app, [*LINT, case("injection"), "--fail-on", fail_on]).exit_code == code


@pytest.mark.parametrize("args,needle", [
    (["--profile", "vscode"], "unknown profile 'vscode'"),
    (["--fail-on", "fatal"], "--fail-on: unknown lint level 'fatal'"),
    (["--tokenizer", "llama"], "unknown token counter 'llama'"),
    (["--format", "yaml"], "Invalid value"),
])
def test_usage_errors_exit_2(runner, args, needle):
    result = runner.invoke(app, [*LINT, case("clean-example"), *args])
    assert result.exit_code == 2 and needle in result.output


@pytest.mark.parametrize("selection", ["", " , "])
def test_an_empty_selection_exits_2(runner, selection):
    # `--select "$CODES"` with an empty variable: a run of no check would pass every surface
    # with a perfect score; docs/lint.md says a selection that matches nothing stops the command.
    result = runner.invoke(app, ["lint", "--select", selection, case("no-schema")])
    assert result.exit_code == 2 and "--select: no selector given" in result.output


@pytest.mark.parametrize("args", [
    ["--select", "ALL", "--ignore", "ALL"],
    ["--select", "SEC-001", "--rule", "SEC-001=off"],
    ["--select", "SCH-009", "--spec-version", "2025-11-25"],  # SCH-009 judges 2026-07-28 only
])
def test_a_selection_that_leaves_nothing_to_run_is_said(runner, args):
    # Each selector matches something, yet no check runs: the contract lets it run, and every
    # surface would pass with a perfect score, so stderr says so (not with --no-lint).
    result = runner.invoke(app, ["lint", *args, case("no-schema")])
    assert result.exit_code == 0 and "warning: the lint selection runs no check" in result.stderr
    kept = runner.invoke(app, ["diff", case("no-schema"), case("no-schema"), *args, "--no-lint"])
    assert kept.exit_code == 0 and "runs no check" not in kept.stderr
    said = runner.invoke(app, ["diff", case("no-schema"), case("no-schema"), *args])
    assert said.exit_code == 0 and "runs no check" in said.stderr


def test_bad_input_exits_2(runner, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, [*LINT, str(bad)])
    assert result.exit_code == 2 and "bad.json" in result.stderr


def test_stdin(runner):
    text = Path(case("no-description")).read_text()
    result = runner.invoke(app, [*LINT, "-", "--format", "json"], input=text)
    assert [f["code"] for f in json.loads(result.stdout)["findings"]] == ["MCP-012"]


def test_json_shape(runner):
    result = runner.invoke(app, [*LINT, case("name-space"), "--format", "json"])
    report = json.loads(result.stdout)
    assert_valid_lint_report(report)
    assert set(report) >= {"profile", "findings", "tokens", "summary"}
    [finding] = report["findings"]
    assert finding["code"] == "MCP-001" and finding["severity"] == "error" and finding["tool"] == "read file"
    assert finding["location"] == "read file:name" and finding["message"]
    tokens = report["tokens"]
    assert set(tokens) >= {"total", "perTool", "counter", "shareOfWindow"}
    assert tokens["counter"] == "≈ chars/4 estimate" and tokens["perTool"] == {"read file": tokens["total"]}
    assert report["summary"] == {"error": 1, "warning": 0, "info": 0, "ignored": 0, "gate": "fail", "failOn": "error"}


def test_text_names_the_counter_and_the_gate(runner):
    result = runner.invoke(app, [*LINT, str(CORPUS / "notion" / "2.5.2.json")])
    assert "≈ chars/4 estimate" in result.stdout and "of the claude profile's 200,000-token window" in result.stdout
    assert "Gate: pass (fails on error and above)" in result.stdout
    assert "more (--format json lists every tool)" in result.stdout


def test_sarif_lists_the_lint_codes_and_validates(runner):
    result = runner.invoke(app, [*LINT, case("duplicate"), "--format", "sarif"])
    log = json.loads(result.stdout)
    validator = validator_for(SARIF)(SARIF)
    assert not list(validator.iter_errors(log))
    run = log["runs"][0]
    rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert rules[0] == "MCP-001" and len(rules) == 80  # every check of the catalogue, selected or not
    [res] = run["results"]
    assert res["ruleId"] == "MCP-002" and rules[res["ruleIndex"]] == "MCP-002" and res["level"] == "error"
    assert run["tool"]["driver"]["rules"][res["ruleIndex"]]["helpUri"].endswith("rules.md#mcp-002")


def test_markdown_and_github(runner):
    md = runner.invoke(app, [*LINT, case("injection"), "--format", "markdown"]).stdout
    assert md.startswith("## mcp-inspect lint: passes") and "`MCP-020`" in md and "Token cost per tool" in md
    gh = runner.invoke(app, [*LINT, case("no-schema"), "--format", "github"]).stdout.splitlines()
    assert gh[0].startswith("::error file=") and "MCP-003" in gh[0]
    assert gh[-1].startswith("::notice title=mcp-inspect lint::")


def test_untrusted_text_is_neutralised(runner, tmp_path):
    surface = tmp_path / "s.json"
    surface.write_text(json.dumps({"tools": [{"name": "x\u001b[31m\nevil", "inputSchema": {"type": "object"}}]}))
    text = runner.invoke(app, [*LINT, str(surface)]).stdout
    assert "\u001b" not in text
    gh = runner.invoke(app, [*LINT, str(surface), "--format", "github"]).stdout
    assert all(line.startswith("::") for line in gh.splitlines())


def test_output_file(runner, tmp_path):
    target = tmp_path / "out.json"
    result = runner.invoke(app, [*LINT, case("clean-example"), "--format", "json", "-o", str(target)])
    assert result.exit_code == 0 and result.stdout == "" and json.loads(target.read_text())["findings"] == []


def test_config_lint_section(runner, tmp_path):
    (tmp_path / ".mcp-inspect.yml").write_text("lint:\n  profile: openai\n  fail_on: warning\n")
    result = runner.invoke(app, [*LINT, case("prop-dot-openai"), "--format", "json"])
    report = json.loads(result.stdout)
    assert report["profile"] == "openai" and result.exit_code == 1
    assert "MCP-007" in {f["code"] for f in report["findings"]}
    # The command line wins over the file.
    result = runner.invoke(app, [*LINT, case("prop-dot-openai"), "--profile", "claude", "--fail-on", "error"])
    assert result.exit_code == 0


def test_config_budgets(runner, tmp_path):
    (tmp_path / ".mcp-inspect.yml").write_text("lint:\n  description_max_chars: 20\n  tool_max_tokens: 10\n"
                                               "  server_max_tokens: 10\n")
    report = json.loads(runner.invoke(app, [*LINT, case("clean-example"), "--format", "json"]).stdout)
    assert {"MCP-013", "MCP-030", "MCP-031"} <= {f["code"] for f in report["findings"]}


@pytest.mark.parametrize("text,needle", [
    ("lint:\n  profil: claude\n", ".mcp-inspect.yml:2: unknown key 'profil'"),
    ("lint:\n  fail_on: fatal\n", ".mcp-inspect.yml:2: lint.fail_on: 'fatal' is not one of error, warning, info, none"),
    ("lint:\n  tool_max_tokens: 0\n", ".mcp-inspect.yml:2: lint.tool_max_tokens: 0 is less than the minimum of 1"),
    ("severity_overrides:\n  MCP-020: BREAKING\n",
     ".mcp-inspect.yml:2: severity_overrides.MCP-020: MCP-020 is a lint code"),
    ("ignore:\n  - rule: MCP-20\n", "did you mean 'MCP-020'?"),
])
def test_config_errors_name_file_and_line(runner, tmp_path, text, needle):
    (tmp_path / ".mcp-inspect.yml").write_text(text)
    result = runner.invoke(app, [*LINT, case("clean-example")])
    assert result.exit_code == 2 and needle in result.stderr


def test_ignored_lint_findings_stay_visible_but_pass(runner, tmp_path):
    (tmp_path / ".mcp-inspect.yml").write_text(
        "ignore:\n  - rule: MCP-00*\n    entity: ping\n    reason: legacy\n  - rule: MCP-012\n"
        "  - rule: tool.removed\n")
    result = runner.invoke(app, [*LINT, case("no-schema"), "--format", "json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 0, result.output
    [finding] = report["findings"]
    assert finding["ignored"] is True and finding["reason"] == "legacy"
    assert_valid_lint_report(report)
    # The unused lint entry is stale; the diff rule's entry is not judged by a lint run.
    assert "'MCP-012'" in result.stderr and "stale" in result.stderr and "tool.removed" not in result.stderr


def test_several_servers_json_wraps_each():
    first = lint_report([{"name": "a b", "inputSchema": {"type": "object", "properties": {}}}], "mcp.json#one",
                        name="mcp.json#one")
    second = lint_report([], "mcp.json#two", name="mcp.json#two")
    value = json.loads(render_lint_json([first, second]))
    assert_valid_lint_report(value)
    assert [s["name"] for s in value["servers"]] == ["mcp.json#one", "mcp.json#two"]
    assert value["summary"]["error"] == 1 and value["summary"]["gate"] == "fail"
    assert "MCP-001" in {f["code"] for f in value["servers"][0]["findings"]}


@pytest.mark.skipif(not RAW_SERVER.exists(), reason="the capture test servers are not here")
def test_live_server_and_mcp_json(runner, tmp_path):
    entry = {"command": sys.executable, "args": [str(RAW_SERVER), "legacy"]}
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"one": entry, "two": entry}}))
    result = runner.invoke(app, [*LINT, str(config), "--format", "json", "--fail-on", "none"])
    assert result.exit_code == 0, result.output
    assert_valid_lint_report(json.loads(result.stdout))
    servers = json.loads(result.stdout)["servers"]
    assert [s["name"] for s in servers] == [f"{config}#one", f"{config}#two"]
    assert servers[0]["tokens"]["perTool"] and servers[0]["tokens"] == servers[1]["tokens"]
    text = runner.invoke(app, [*LINT, str(config)]).stdout
    assert text.count(f"claude profile  {config}#") == 2  # one heading per server
    broken = runner.invoke(app, [*LINT, "stdio:" + sys.executable + " " + str(RAW_SERVER) + " exit"])
    assert broken.exit_code == 3


@pytest.mark.parametrize("profile", ["claude", "openai", "gemini", "foundry", "copilot", "generic"])
def test_every_lint_case_report_matches_the_published_schema(runner, profile):
    checked = 0
    for surface in sorted(CASES.glob("*/surface.json")):
        result = runner.invoke(app, [*LINT, str(surface), "--format", "json", "--profile", profile])
        assert result.exit_code in (0, 1), result.output
        assert_valid_lint_report(json.loads(result.stdout))
        checked += 1
    assert checked >= 10


def test_the_schema_refuses_what_the_report_never_holds():
    # The schema is itself valid, and has teeth: an unknown field, a bad level or a missing
    # summary fail it.
    validator_for(LINT_SCHEMA).check_schema(LINT_SCHEMA)
    good = json.loads(render_lint_json([lint_report([{"name": "a b", "inputSchema": {"type": "object",
                                                                                    "properties": {}}}], "x.json")]))
    assert_valid_lint_report(good)
    for broken in ({**good, "extra": 1}, {k: v for k, v in good.items() if k != "summary"},
                   {**good, "findings": [{**good["findings"][0], "severity": "fatal"}]}):
        with pytest.raises(AssertionError):
            assert_valid_lint_report(broken)


@pytest.mark.parametrize("surface", [[], {"tools": []}])
def test_a_surface_with_no_tools_says_so_and_scores_nothing(runner, tmp_path, surface):
    """Nothing to lint: a warning on stderr, and no '100/100 (exemplary)' for an empty list;
    the JSON keeps the contract's score for an empty list (validator.md section 9)."""
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(surface))
    for fmt in ("text", "markdown"):
        result = runner.invoke(app, ["lint", str(path), "--format", fmt])
        assert result.exit_code == 0
        assert "mcp-inspect: warning: the surface lists no tools: there is nothing to lint or score" in result.stderr
        assert "100/100" not in result.stdout and "maturity: nothing to score (no tools)" in result.stdout, fmt
    result = runner.invoke(app, ["lint", str(path), "--format", "json"])
    report = json.loads(result.stdout)
    assert_valid_lint_report(report)
    assert report["maturity"]["score"] == 100 and report["maturity"]["perTool"] == {}
    assert report["warnings"] == ["the surface lists no tools: there is nothing to lint or score"]


def test_an_invalid_surface_scored_exemplary_says_why(runner, tmp_path):
    """Hostile trial, round 24: 129 clean tools under the openai profile get MCP-033, an error
    about the whole list, which counts for no tool (validator.md section 9), and the report
    said "NOT valid; maturity 100/100 (exemplary)" without a word of why. The score stays the
    contract's; the text and Markdown say it is per tool."""
    tools = [{"name": f"get_item_{i}", "title": f"Item {i}", "description": "Reads one item of the store.",
              "inputSchema": {"type": "object", "properties": {}, "additionalProperties": False}}
             for i in range(129)]
    path = tmp_path / "many.json"
    path.write_text(json.dumps({"tools": tools}))
    why = ("maturity 100/100 (exemplary, scored per tool: an error costs its tool 5 points, "
           "one about the whole list none)")
    for fmt in ("text", "markdown"):
        result = runner.invoke(app, ["lint", str(path), "--profile", "openai", "--format", fmt])
        assert result.exit_code == 1 and "MCP-033" in result.stdout
        assert why in " ".join(result.stdout.split()), fmt
    report = json.loads(runner.invoke(app, ["lint", str(path), "--profile", "openai", "--format", "json"]).stdout)
    assert (report["valid"], report["maturity"]["score"], report["maturity"]["level"]) == (False, 100, "exemplary")
    assert [(f["code"], f["tool"]) for f in report["findings"]] == [("MCP-033", None)]
    result = runner.invoke(app, ["lint", str(path), "--profile", "claude"])  # valid: no words added
    assert result.exit_code == 0 and "maturity 100/100 (exemplary)." in result.stdout


def _untitled(names):
    return {"tools": [{"name": n, "description": f"Reads the {n} records of the account and returns them.",
                       "inputSchema": {"type": "object"}} for n in names]}


def test_a_finding_alike_on_several_tools_is_said_once_naming_them(runner, tmp_path):
    """BP-001 (no title) on three tools: one line naming the three in text and Markdown; JSON
    and SARIF keep one finding per tool."""
    path = tmp_path / "s.json"
    path.write_text(json.dumps(_untitled(["alpha", "beta", "gamma"])))
    text = runner.invoke(app, ["lint", str(path)]).stdout
    assert text.count("BP-001") == 1  # info: no advice under "How to fix"
    assert "BP-001  title on 3 tools: alpha, beta, gamma" in text
    markdown = runner.invoke(app, ["lint", str(path), "--format", "markdown"]).stdout
    [line] = [line for line in markdown.splitlines() if "BP-001" in line and line.startswith("- ")]
    assert "`title` on 3 tools: `alpha`, `beta`, `gamma`" in line  # code spans
    report = json.loads(runner.invoke(app, ["lint", str(path), "--format", "json"]).stdout)
    assert sorted(f["tool"] for f in report["findings"] if f["code"] == "BP-001") == ["alpha", "beta", "gamma"]
    sarif = json.loads(runner.invoke(app, ["lint", str(path), "--format", "sarif"]).stdout)
    assert sum(r["ruleId"] == "BP-001" for r in sarif["runs"][0]["results"]) == 3


def test_the_lint_findings_a_change_resolved_are_said_once(runner, tmp_path):
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(_untitled(["alpha", "beta"])))
    titled = _untitled(["alpha", "beta"])
    for tool in titled["tools"]:
        tool["title"] = tool["name"].title()
    new.write_text(json.dumps(titled))
    text = runner.invoke(app, ["diff", str(old), str(new)]).stdout
    assert "Resolved by the change (2)" in text and "BP-001  title on 2 tools: alpha, beta" in text
    markdown = runner.invoke(app, ["diff", str(old), str(new), "--format", "markdown"]).stdout
    [line] = [line for line in markdown.splitlines() if "BP-001" in line and line.startswith("- ")]
    assert "on 2 tools:" in line and "alpha" in line and "beta" in line


@pytest.mark.parametrize("prefix", ["M*", "*"])
def test_a_prefix_shorter_than_a_family_ignores_the_lint_findings_it_covers(runner, tmp_path, prefix):
    """Hostile trial, round 22: `M*` and `*` passed the validator (they start MCP-001) but were
    filed as entries for change rules, since only a prefix spelling a family out counted as
    one for lint codes: they ignored no lint finding, and `lint` said nothing of them."""
    (tmp_path / ".mcp-inspect.yml").write_text(f"ignore:\n  - rule: {prefix!r}\n    reason: legacy\n")
    result = runner.invoke(app, [*LINT, case("no-schema"), "--format", "json"])
    report = json.loads(result.stdout)
    assert result.exit_code == 0, result.output
    assert report["findings"] and all(f["ignored"] and f["reason"] == "legacy" for f in report["findings"])
    assert "stale" not in result.stderr


def test_a_short_lint_prefix_that_matches_nothing_is_stale_to_lint(runner, tmp_path):
    """Hostile trial, round 22: `M*` names lint codes only, so a lint run judges it; `*` names
    change rules too, which a lint run never sees, so only a diff that lints can call it stale."""
    (tmp_path / ".mcp-inspect.yml").write_text("ignore:\n  - rule: M*\n  - rule: '*'\n")
    result = runner.invoke(app, [*LINT, case("clean-example")])
    assert result.exit_code == 0, result.output
    assert "ignore rule 'M*' (line 2) matched no finding (stale)" in result.stderr
    assert "'*'" not in result.stderr
