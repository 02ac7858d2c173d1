"""The library checks its arguments where they are given (docs/api.md): a lint setting, an
ignore entry or a severity override that the command line or a configuration file would
refuse is a ValueError naming the argument, never a silently different run or an error
from deep inside the engine."""

from __future__ import annotations

import datetime

import pytest
from conftest import ROOT

from mcp_inspect import Config, IgnoreRule, LintSettings, diff, lint, load

NEW = str(ROOT / "snapshots" / "git-2025.11.25.json")
OLD = str(ROOT / "snapshots" / "git-2025.7.1.json")


@pytest.mark.parametrize(("make", "argument"), [
    (lambda: LintSettings(select=("XYZ",)), "LintSettings(select=…)"),
    (lambda: LintSettings(select=()), "LintSettings(select=…)"),
    (lambda: LintSettings(select=""), "LintSettings(select=…)"),
    (lambda: LintSettings(ignore=("NOPE-1",)), "LintSettings(ignore=…)"),
    (lambda: LintSettings(policy="strict"), "LintSettings(policy=…)"),
    (lambda: LintSettings(spec_version="2024-01-01"), "LintSettings(spec_version=…)"),
    (lambda: LintSettings(profile="nope"), "LintSettings(profile=…)"),
    (lambda: LintSettings(tokenizer="gpt"), "LintSettings(tokenizer=…)"),
    (lambda: LintSettings(rules={"SEC-001": "fatal"}), "LintSettings(rules=…)"),
    (lambda: LintSettings(rules={"SEC-999": "off"}), "LintSettings(rules=…)"),
    (lambda: LintSettings(rules=(("SEC-001",),)), "LintSettings(rules=…)"),
    (lambda: LintSettings(tool_max_tokens="x"), "LintSettings(tool_max_tokens=…)"),
    (lambda: LintSettings(description_max_chars=0), "LintSettings(description_max_chars=…)"),
    (lambda: LintSettings(server_max_tokens=True), "LintSettings(server_max_tokens=…)"),
    (lambda: LintSettings(fail_on_maturity_drop=-1), "LintSettings(fail_on_maturity_drop=…)"),
    (lambda: IgnoreRule("tool.removed", expires="tomorrow"), "IgnoreRule(expires=…)"),
    (lambda: IgnoreRule("tool.remved"), "IgnoreRule(rule=…)"),
    (lambda: IgnoreRule(""), "IgnoreRule(rule=…)"),
    (lambda: Config(ignore=[{"rule": "tool.removed"}]), "Config(ignore=…)"),
    (lambda: Config(severity_overrides={"tool.remved": "BREAKING"}), "severity_overrides"),
    (lambda: Config(severity_overrides={"SEC-001": "BREAKING"}), "severity_overrides"),
    (lambda: load(None), "source"),
])
def test_a_wrong_argument_is_a_value_error_naming_it(make, argument):
    with pytest.raises(ValueError) as caught:
        make()
    assert argument in str(caught.value)


def test_an_unknown_selector_suggests_the_close_one():
    with pytest.raises(ValueError, match="did you mean 'SEC-001'"):
        LintSettings(select=("SEC-0001",))


def test_lint_settings_take_what_the_configuration_file_takes():
    settings = LintSettings(select="sec, SCH", ignore="sec-001", rules={"sec-002": "Off", "BP-005": "ERROR"},
                            policy="Governance", spec_version="2025-11-25", profile="OpenAI", tokenizer="Estimate")
    assert settings.select == ("SEC", "SCH") and settings.ignore == ("SEC-001",)
    assert settings.rules == (("SEC-002", "off"), ("BP-005", "error"))
    assert (settings.policy, settings.profile, settings.tokenizer) == ("governance", "openai", "estimate")
    counts = lint(NEW, settings).check_counts()
    assert counts == lint(NEW, LintSettings(select=("SEC", "SCH"), ignore=("SEC-001",),
                                            rules=(("SEC-002", "off"), ("BP-005", "error")),
                                            policy="governance", spec_version="2025-11-25",
                                            profile="openai")).check_counts()


def test_ignore_rules_take_dates_as_iso_strings_and_apply():
    entry = IgnoreRule("tool.removed", entity="git_init", reason="folded", expires="2999-01-31")
    assert entry.expires == datetime.date(2999, 1, 31)
    report = diff(OLD, NEW, config=Config(ignore=[entry]))
    assert not report.failed
    assert IgnoreRule("LLM-006").is_lint and IgnoreRule("tool.input.*").rule == "tool.input.*"
    # Hostile trial, round 22: a prefix shorter than a lint family's name (`M*`) counted as an
    # entry for change rules, and `*` as one for change rules only.
    assert IgnoreRule("M*").is_lint and not IgnoreRule("t*").is_lint and not IgnoreRule("*").is_lint
    assert IgnoreRule("M*").origins == {"lint"} and IgnoreRule("*").origins == {"lint", "diff"}
