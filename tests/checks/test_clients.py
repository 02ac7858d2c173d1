"""The clients' own limits (MCP-033, MCP-034, MCP-035) and the verdict per client of a diff:
each profile compatible before and after, and what made a client newly fail."""

from __future__ import annotations

import json

import jsonschema
import pytest
from conftest import ROOT
from typer.testing import CliRunner

import mcp_inspect
from mcp_inspect.catalogue import default_catalogue, example_surface
from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.profiles import PROFILE_CODES, PROFILES
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.cli import app
from mcp_inspect.config.load import Config, parse_config
from mcp_inspect.errors import InputError
from mcp_inspect.report.markdown import render_markdown

SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text(encoding="utf-8"))


def _tools(count):
    return [{"name": f"t{i:03}", "description": f"Tool number {i}.",
             "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}} for i in range(count)]


def _codes(tools, profile):
    findings, _ = lint_tools(tools, LintSettings(profile=profile, select=("ALL",)))
    return {f.rule for f in findings}


@pytest.mark.parametrize("profile, limit", [(name, p.max_tools) for name, p in PROFILES.items()])
def test_the_tool_limit_is_the_profile_s(profile, limit):
    assert "MCP-033" not in _codes(_tools(128), profile)
    assert ("MCP-033" in _codes(_tools(129), profile)) is (limit == 128)


def test_a_keyword_fires_only_under_the_profile_whose_subset_lacks_it():
    tools = [{"name": "t", "inputSchema": {"type": "object", "properties": {
        "a": {"oneOf": [{"type": "string"}, {"type": "integer"}]}, "b": {"const": 1}}}}]
    assert {c for c in _codes(tools, "openai") if c in ("MCP-034", "MCP-035")} == {"MCP-034"}
    assert {c for c in _codes(tools, "gemini") if c in ("MCP-034", "MCP-035")} == {"MCP-035"}
    assert not {"MCP-034", "MCP-035"} & _codes(tools, "claude")


def test_only_the_profile_codes_find_differently_under_each_profile():
    """What lets a diff run the lint once and only PROFILE_CODES per profile: every other code's
    bad example is found alike under every profile."""
    for rule in default_catalogue().lint_rules():
        if rule.id in PROFILE_CODES:
            continue
        tools = example_surface(rule.example["bad"])["tools"]
        seen = set()
        for profile in PROFILES:
            findings, _ = lint_tools(tools, LintSettings(profile=profile, select=(rule.id,)))
            seen.add(tuple(sorted((f.rule, f.tool or "", f.path) for f in findings)))
        assert len(seen) == 1, rule.id


def _diff(tmp_path, old, new, config=None):
    a, b = tmp_path / "old.json", tmp_path / "new.json"
    a.write_text(json.dumps({"tools": old}), encoding="utf-8")
    b.write_text(json.dumps({"tools": new}), encoding="utf-8")
    return mcp_inspect.diff(a, b, config=config or Config(), lint=LintSettings()), a, b


def test_a_client_newly_failing_by_one_tool(tmp_path):
    report, old, new = _diff(tmp_path, _tools(128), _tools(129))
    verdicts = {e["profile"]: e for e in report.compatibility}
    assert list(verdicts) == list(PROFILES)
    for name in ("openai", "foundry", "copilot"):
        assert verdicts[name]["before"] and not verdicts[name]["after"]
        assert [f.rule for f in verdicts[name]["introduced"]] == ["MCP-033"]
    assert verdicts["openai"]["introduced"][0].message == \
        "The server lists 129 tools; the openai profile sends at most 128 in one request."
    for name in ("claude", "gemini", "generic"):
        assert verdicts[name]["before"] and verdicts[name]["after"] and not verdicts[name]["introduced"]
    assert not report.failed  # no client named: reported, not a gate
    runner = CliRunner()
    assert runner.invoke(app, ["diff", str(old), str(new), "--fail-on-client", "gemini,claude"]).exit_code == 0
    assert runner.invoke(app, ["diff", str(old), str(new), "--fail-on-client", "openai,foundry"]).exit_code == 1
    wrong = runner.invoke(app, ["diff", str(old), str(new), "--fail-on-client", "opanai"])
    assert wrong.exit_code == 2 and "unknown profile 'opanai'" in wrong.output
    text = mcp_inspect.render(report, "text")
    assert "    openai: compatible → NOT compatible" in text and "    claude: compatible → compatible" in text
    assert "MCP-033 tools: The server lists 129 tools" in text
    assert "| openai | ✅ | ❌ | MCP-033" in mcp_inspect.render(report, "markdown")
    html = mcp_inspect.render(report, "html")
    assert '<td class="name">openai</td><td>compatible</td><td class="trend-down">not compatible</td>' in html
    document = json.loads(mcp_inspect.render(report, "json"))
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["compatibility"][1] == {"profile": "openai", "before": True, "after": False, "introduced": [
        {"code": "MCP-033", "tool": None, "path": "tools", "message": verdicts["openai"]["introduced"][0].message}]}

    failing, _, _ = _diff(tmp_path, _tools(128), _tools(129), Config(fail_on_clients=("openai",)))
    assert failing.failed and failing.gate_failures == [
        "openai is no longer compatible: The server lists 129 tools; the openai profile sends at most 128 in one "
        "request. (fail_on_clients)"]
    assert not _diff(tmp_path, _tools(127), _tools(128), Config(fail_on_clients=("openai",)))[0].failed


def test_the_gate_names_the_flag_that_asked_and_no_lint_says_what_it_skips(tmp_path, monkeypatch):
    """New-user trial: the reason read "(fail_on_clients)" although the flag asked for it, and
    with --no-lint the client and maturity gates passed in silence."""
    _, old, new = _diff(tmp_path, _tools(128), _tools(129))
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    flagged = json.loads(runner.invoke(app, ["diff", str(old), str(new), "--fail-on-client", "openai",
                                             "--format", "json"]).stdout)
    assert flagged["summary"]["gateFailures"][0].endswith("in one request. (--fail-on-client)")
    (tmp_path / ".mcp-inspect.yml").write_text("fail_on_clients: [openai]\nlint:\n  fail_on_maturity_drop: 3\n")
    configured = json.loads(runner.invoke(app, ["diff", str(old), str(new), "--format", "json"]).stdout)
    assert configured["summary"]["gateFailures"][0].endswith("(fail_on_clients)")
    unlinted = runner.invoke(app, ["diff", str(old), str(new), "--no-lint", "--format", "json"])
    assert unlinted.exit_code == 0
    assert json.loads(unlinted.stdout)["warnings"] == [
        "fail_on_clients: the clients' verdicts (openai) were not judged: they need the lint (run without --no-lint)",
        "lint.fail_on_maturity_drop: the maturity score was not judged: it needs the lint (run without --no-lint)"]


def test_a_short_comment_keeps_the_client_table_that_fails_the_gate(tmp_path):
    """figma-developer-mcp trial: with --fail-on-client the gate failed on a client, and the
    Markdown comment cut for GitHub's size left out the Lint section and its client table, the
    one place that said why. What fails the gate goes first, whatever part of the report says it."""
    old = _tools(128)
    new = [{**tool, "description": f"Tool number {i}, now rewritten at length: " + "words " * 40}
           for i, tool in enumerate(_tools(129))]
    report, _, _ = _diff(tmp_path, old, new, Config(fail_on_clients=("openai",)))
    assert report.failed and not report.checks_failed
    full = mcp_inspect.render(report, "markdown")
    assert len(full) > 20_000
    short = render_markdown(report, max_chars=6_000)
    assert len(short) <= 6_000 and "Not shown" in short
    assert "| openai | ✅ | ❌ | MCP-033" in short
    assert "### Lint" in short


def test_an_ignored_client_finding_keeps_the_client_compatible(tmp_path):
    config = parse_config({"ignore": [{"rule": "MCP-033", "reason": "hosts load tool groups"}],
                           "fail_on_clients": ["openai"]}, "c.yml")
    report, _, _ = _diff(tmp_path, _tools(128), _tools(129), config)
    assert not report.failed and all(e["after"] for e in report.compatibility)


def test_fail_on_clients_is_checked_in_the_configuration():
    with pytest.raises(InputError, match="fail_on_clients"):
        parse_config({"fail_on_clients": ["opanai"]}, "c.yml")


def test_a_client_lost_is_said_beside_the_lint_counts_and_in_the_summary(tmp_path):
    """New-user trial, round 17 (paperless-mcp 2.1.0 → 2.2.1): the header said "Lint (claude
    profile): 0 introduced" and the summary "Lint: pass", while gemini went from compatible to
    NOT compatible further down. Both now name the clients the change lost."""
    report, _, _ = _diff(tmp_path, _tools(128), _tools(129))
    text = mcp_inspect.render(report, "text")
    first = text.splitlines()[0]
    assert first.endswith("Lint: pass (introduced findings fail at error and above; inherited ones never fail); "
                          "no longer compatible with openai, foundry, copilot."), first
    assert "Lint (claude profile): 1 introduced, 128 inherited; no longer compatible with openai, foundry, copilot" \
        in text
    markdown = mcp_inspect.render(report, "markdown")
    assert "no longer compatible with openai, foundry, copilot" in markdown
    same, _, _ = _diff(tmp_path, _tools(3), _tools(4))
    assert "no longer compatible" not in mcp_inspect.render(same, "text")
