"""The PR gate through the CLI: every exit code, the threshold precedence and config errors."""

from __future__ import annotations

import json

import pytest
from conftest import DATA

from mcp_inspect.cli import app

CASES = DATA / "cases"


def _pair(case: str) -> list[str]:
    return [str(CASES / case / "old.json"), str(CASES / case / "new.json")]


@pytest.mark.parametrize("case,fail_on,code", [
    ("tool-removed", None, 1),                         # BREAKING fails by default
    ("tool-removed", "BREAKING", 1),
    ("tool-description-meaning", None, 0),             # POTENTIALLY_BREAKING passes by default
    ("tool-description-meaning", "POTENTIALLY_BREAKING", 1),
    ("tool-added", "POTENTIALLY_BREAKING", 0),
    ("tool-added", "NON_BREAKING", 1),
    ("tool-description-punctuation", "NON_BREAKING", 0),
    ("tool-description-punctuation", "DOCUMENTATION", 1),
    ("quiet-identical", "DOCUMENTATION", 0),           # nothing changed: nothing can fail
    ("tool-removed", "breaking", 1),                   # severities are case-insensitive
])
def test_exit_code_follows_the_gate(runner, tmp_path, monkeypatch, case, fail_on, code):
    monkeypatch.chdir(tmp_path)  # no stray .mcp-inspect.yml
    args = ["diff", *_pair(case)] + (["--fail-on", fail_on] if fail_on else [])
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output


def test_json_summary_reports_the_gate(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["diff", *_pair("tool-removed"), "--format", "json"])
    summary = json.loads(result.stdout)["summary"]
    assert summary["gate"] == "fail" and summary["failOn"] == "BREAKING" and summary["BREAKING"] == 1


def test_config_fail_on_applies_and_the_option_beats_it(runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".mcp-inspect.yml").write_text("fail_on: NON_BREAKING\n")
    assert runner.invoke(app, ["diff", *_pair("tool-added")]).exit_code == 1
    assert runner.invoke(app, ["diff", *_pair("tool-added"), "--fail-on", "BREAKING"]).exit_code == 0


def test_ignored_breaking_finding_passes_and_stays_in_json(runner, tmp_path):
    config = tmp_path / "policy.yml"
    config.write_text("ignore:\n  - rule: tool.removed\n    entity: list_dir\n    reason: retired\n")
    result = runner.invoke(app, ["diff", *_pair("tool-removed"), "--config", str(config), "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    [finding] = report["findings"]
    assert finding["ignored"] is True and finding["reason"] == "retired"
    assert report["summary"]["ignored"] == 1 and report["summary"]["BREAKING"] == 0


def test_stale_ignore_is_a_warning_not_a_failure(runner, tmp_path):
    config = tmp_path / "policy.yml"
    config.write_text("ignore:\n  - rule: tool.removed\n    entity: nothing_like_this\n")
    result = runner.invoke(app, ["diff", *_pair("tool-added"), "--config", str(config), "--format", "json"])
    assert result.exit_code == 0
    assert "matched no finding (stale)" in result.stderr
    assert json.loads(result.stdout)["warnings"]


@pytest.mark.parametrize("args,needle", [
    (["--fail-on", "FATAL"], "--fail-on: unknown severity 'FATAL'"),
    (["--config", "/nonexistent/policy.yml"], "/nonexistent/policy.yml: no such file"),
    (["--format", "yaml"], "Invalid value"),
    (["--no-such-option"], "No such option"),
])
def test_usage_and_config_errors_exit_2(runner, args, needle):
    result = runner.invoke(app, ["diff", *_pair("tool-added"), *args])
    assert result.exit_code == 2
    assert needle in result.output + result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_bad_config_exits_2_with_file_and_line(runner, tmp_path):
    config = tmp_path / "policy.yml"
    config.write_text("fail_on: BREAKING\nseverity_overrides:\n  tool.removed: SEVERE\n")
    result = runner.invoke(app, ["diff", *_pair("tool-added"), "--config", str(config)])
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"mcp-inspect: error: {config}:3: severity_overrides.tool.removed: "
                                     "'SEVERE' is not one of BREAKING, POTENTIALLY_BREAKING, NON_BREAKING, "
                                     "DOCUMENTATION")


def test_output_file_receives_the_report(runner, tmp_path):
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["diff", *_pair("tool-removed"), "--format", "json", "--output", str(out)])
    assert result.exit_code == 1 and result.stdout == ""
    assert json.loads(out.read_text())["findings"][0]["rule"] == "tool.removed"


def test_one_diff_writes_several_reports(runner, tmp_path):
    sarif, markdown = tmp_path / "out.sarif", tmp_path / "summary.md"
    result = runner.invoke(app, ["diff", *_pair("tool-removed"), "--format", "github",
                                 "--report", f"sarif={sarif}", "--report", f"markdown={markdown}"])
    assert result.exit_code == 1
    assert result.stdout.startswith("::error")
    assert json.loads(sarif.read_text())["runs"][0]["results"][0]["ruleId"] == "tool.removed"
    assert "tool.removed" in markdown.read_text()


@pytest.mark.parametrize("value", ["sarif", "yaml=out.yaml", "=x", "json="])
def test_bad_report_option_exits_2_before_any_work(runner, value):
    result = runner.invoke(app, ["diff", *_pair("tool-removed"), "--report", value])
    assert result.exit_code == 2
    assert "expected FORMAT=PATH" in result.stderr


def test_no_lint_leaves_the_lint_out(runner):
    case = DATA / "lint-cases" / "shell-sink" / "surface.json"
    with_lint = json.loads(runner.invoke(app, ["diff", str(case), str(case), "--format", "json"]).stdout)
    without = json.loads(runner.invoke(app, ["diff", str(case), str(case), "--format", "json", "--no-lint"]).stdout)
    assert with_lint.get("lint") and "lint" not in without
