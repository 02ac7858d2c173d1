"""The library gives what the command gives, and refuses a wrong argument where it is given.

Each test here pins one trap a new user of the library met (issue #22): a severity by
name accepted and then failing at ``.exit_code``, a path where a Snapshot was expected,
a configuration whose ignores the lint could not apply, a report no format could render,
a capture that ran although ``MCP_INSPECT_OFFLINE`` was set, a repr of kilobytes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT
from typer.testing import CliRunner

import mcp_inspect
from mcp_inspect import (
    Config,
    IgnoreRule,
    InputError,
    Level,
    LintSettings,
    Severity,
    diff,
    lint,
    load,
    render,
)
from mcp_inspect.cli import app

OLD = str(ROOT / "snapshots" / "git-2025.7.1.json")
NEW = str(ROOT / "snapshots" / "git-2025.11.25.json")
FILESYSTEM = str(ROOT / "snapshots" / "filesystem-2026.8.31.json")


@pytest.fixture(scope="module")
def old():
    return load(OLD)


@pytest.fixture(scope="module")
def new():
    return load(NEW)


# --- severities: members or names in any letter case, anything else refused at the call ----

@pytest.mark.parametrize("spelling", [Severity.POTENTIALLY_BREAKING, "POTENTIALLY_BREAKING",
                                      "potentially_breaking", "Potentially-Breaking"])
def test_diff_takes_a_severity_or_its_name_in_any_case(old, new, spelling):
    report = diff(old, new, fail_on=spelling)
    assert report.gate.changes is Severity.POTENTIALLY_BREAKING
    assert report.exit_code == 1


def test_config_takes_severities_by_name(old, new):
    config = Config(fail_on="documentation", severity_overrides={"tool.removed": "non_breaking"})
    assert config.fail_on is Severity.DOCUMENTATION
    assert config.severity_overrides == {"tool.removed": Severity.NON_BREAKING}
    removed = next(f for f in diff(old, new, config=config).findings if f.rule == "tool.removed")
    assert removed.severity is Severity.NON_BREAKING and removed.fails  # DOCUMENTATION gate: everything fails


def test_lint_settings_take_levels_by_name(new):
    settings = LintSettings(fail_on="Warning", introduced_fail_on="INFO", inherited_fail_on="none")
    assert (settings.fail_on, settings.introduced_fail_on, settings.inherited_fail_on) == \
        (Level.WARNING, Level.INFO, None)
    assert lint(new, settings).exit_code == 1  # the git server has warnings; the default gate passes it
    assert lint(new).exit_code == 0


@pytest.mark.parametrize(("make", "argument"), [
    (lambda o, n: diff(o, n, fail_on="fatal"), "fail_on"),
    (lambda o, n: diff(o, n, fail_on=3), "fail_on"),
    (lambda o, n: Config(fail_on="breakin"), "Config(fail_on=…)"),
    (lambda o, n: Config(severity_overrides={"tool.removed": "minor"}), "severity_overrides"),
    (lambda o, n: LintSettings(fail_on="severe"), "LintSettings(fail_on=…)"),
    (lambda o, n: LintSettings(inherited_fail_on=2), "LintSettings(inherited_fail_on=…)"),
])
def test_a_wrong_severity_is_a_value_error_naming_the_argument_and_the_choices(old, new, make, argument):
    with pytest.raises(ValueError) as caught:
        make(old, new)
    message = str(caught.value)
    assert argument in message
    assert "BREAKING" in message or "warning" in message  # the accepted values are listed


def test_enums_print_their_names():
    assert str(Severity.BREAKING) == f"{Severity.BREAKING}" == format(Severity.BREAKING) == "BREAKING"
    assert f"{Severity.NON_BREAKING:>14}" == "  NON_BREAKING"
    assert str(Level.WARNING) == f"{Level.WARNING}" == "warning"  # the lint's vocabulary is lower case


def test_large_values_have_short_reprs(old, new):
    report = diff(old, new)
    assert repr(old).startswith("<Snapshot ") and "13 tools" in repr(old)
    assert "fingerprint" in repr(old)  # the diff fingerprinted it
    for value in (old, report, report.new, *report.findings):
        assert len(repr(value)) < 200, repr(value)
    assert repr(next(f for f in report.findings if f.rule == "tool.removed")) == \
        "<Finding BREAKING tool.removed on tool 'git_init' (fails)>"


# --- what the functions take ------------------------------------------------------------

def test_diff_and_lint_take_paths_source_strings_and_snapshots(old, new, monkeypatch):
    monkeypatch.chdir(ROOT)
    by_snapshot = diff(old, new)
    for pair in ((OLD, NEW), (Path(OLD), Path(NEW)), ("@git-2025.7.1", "@git-2025.11.25"), (old, NEW)):
        report = diff(*pair)
        assert [f.id for f in report.findings] == [f.id for f in by_snapshot.findings]
    assert len(lint(Path(NEW)).findings) == len(lint(new).findings) > 0


@pytest.mark.parametrize("value", [None, 42, {"tools": []}])
def test_a_surface_of_another_type_is_a_value_error(new, value):
    with pytest.raises(ValueError, match="expected a Snapshot, a path or a source string"):
        diff(value, new)
    with pytest.raises(ValueError, match="surface: expected a Snapshot"):
        lint(value)


def test_a_missing_file_is_the_documented_input_error(new):
    with pytest.raises(InputError, match="no-such.json: no such file"):
        diff("no-such.json", new)


def test_wrong_config_and_settings_types_are_value_errors(new):
    with pytest.raises(ValueError, match="config: expected a Config"):
        diff(new, new, config={"fail_on": "BREAKING"})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="settings: expected LintSettings"):
        lint(new, "claude")  # type: ignore[arg-type]


# --- the configuration, as the command applies it ---------------------------------------

@pytest.fixture
def lint_config(tmp_path):
    path = tmp_path / "cfg.yml"
    path.write_text("lint:\n  profile: openai\nignore:\n  - rule: MCP-011\n    reason: accepted\n"
                    "  - rule: SEC-003\n")
    return path


def _cli_json(*args):
    done = CliRunner().invoke(app, [*args, "--format", "json"])
    assert done.exit_code in (0, 1), done.output
    return json.loads(done.stdout)


def test_lint_applies_the_configuration_as_the_command_does(lint_config):
    expected = _cli_json("lint", FILESYSTEM, "--config", str(lint_config))["summary"]
    assert expected["ignored"] > 0
    for report in (lint(FILESYSTEM, Config.load(lint_config)),              # a Config in place of settings
                   lint(load(FILESYSTEM), config=Config.load(lint_config))):
        counts = report.check_counts()
        assert counts["ignored"] == expected["ignored"]
        assert {k: counts[k] for k in ("error", "warning", "info")} == \
            {k: expected[k] for k in ("error", "warning", "info")}
        assert report.profile == "openai"


def test_diff_applies_the_configuration_as_the_command_does(tmp_path):
    path = tmp_path / "cfg.yml"
    path.write_text("fail_on: potentially_breaking\nignore:\n  - rule: tool.removed\n    entity: git_init\n")
    expected = _cli_json("diff", OLD, NEW, "--config", str(path), "--no-lint")["summary"]
    report = diff(OLD, NEW, config=Config.load(path))
    assert report.counts() == {k: expected[k] for k in report.counts()}
    assert ("fail" if report.failed else "pass") == expected["gate"]


# --- rendering any report in every format ------------------------------------------------

FORMATS = ("text", "json", "sarif", "markdown", "github", "html", "junit", "gitlab")


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_report_renders_in_every_format(old, new, fmt):
    one_lint = lint(new, config=Config(ignore=[IgnoreRule("LLM-006")]))
    for report in (diff(old, new), diff(old, new, lint=LintSettings()), one_lint, [one_lint, lint(old)]):
        text = render(report, fmt)
        assert text.strip()
        if fmt in ("json", "sarif", "gitlab"):
            json.loads(text)


def test_render_refuses_an_unknown_format_and_a_non_report(new):
    with pytest.raises(ValueError, match="pdf"):
        render(lint(new), "pdf")
    with pytest.raises(ValueError, match="report: expected a Report"):
        render(new, "text")  # type: ignore[arg-type]


# --- offline: no function of the library starts a server ---------------------------------

@pytest.mark.parametrize("target", ["stdio:touch {marker}", "touch {marker}", "http://127.0.0.1:9/mcp"])
def test_capture_honours_offline(tmp_path, monkeypatch, target):
    marker = tmp_path / "ran"
    monkeypatch.setenv("MCP_INSPECT_OFFLINE", "1")
    with pytest.raises(InputError, match="MCP_INSPECT_OFFLINE is set"):
        mcp_inspect.capture(target.format(marker=marker))
    from mcp_inspect.live.client import capture as live_capture

    with pytest.raises(InputError, match="MCP_INSPECT_OFFLINE is set"):
        live_capture(target.format(marker=marker))
    assert not marker.exists()
