"""rules, explain, release-notes, --help and --version through the CLI."""

from __future__ import annotations

import json

import pytest
from conftest import DATA, ROOT

from mcp_inspect import __version__
from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.cli import app

CORPUS = DATA / "corpus"


def test_rules_lists_every_rule(runner):
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0
    for rule in default_catalogue():
        assert rule.id in result.stdout
    assert "DOCUMENTATION or POTENTIALLY_BREAKING" in result.stdout


def test_rules_as_json(runner):
    result = runner.invoke(app, ["rules", "--format", "json"])
    rules = json.loads(result.stdout)["rules"]
    assert [r["id"] for r in rules] == sorted(r["id"] for r in rules)
    assert len(rules) == len(default_catalogue())
    removed = next(r for r in rules if r["id"] == "tool.removed")
    assert removed["severity"] == "BREAKING" and removed["advice"]


def test_explain_prints_summary_advice_and_example(runner):
    result = runner.invoke(app, ["explain", "tool.output.enum.widened"])
    assert result.exit_code == 0
    rule = default_catalogue().rule("tool.output.enum.widened")
    assert "Severity: BREAKING" in result.stdout
    assert rule.summary[:40] in result.stdout
    assert "Example, before:" in result.stdout and "Example, after:" in result.stdout


def test_explain_unknown_rule_suggests_the_closest(runner):
    result = runner.invoke(app, ["explain", "tool.renam"])
    assert result.exit_code == 2
    assert "did you mean 'tool.renamed'?" in result.stderr


def test_release_notes_group_and_suggest_a_bump(runner):
    old, new = CORPUS / "git/2025.7.1.json", CORPUS / "git/2025.11.25.json"
    result = runner.invoke(app, ["release-notes", str(old), str(new), "--title", "mcp-server-git 2025.11.25"])
    assert result.exit_code == 0
    text = result.stdout
    assert text.startswith("## mcp-server-git 2025.11.25\n")
    assert "**Suggested version bump: major**" in text
    assert "### Breaking" in text and "git_init" in text.split("### Breaking")[1].split("###")[0]
    assert "### Added" in text and text.index("### Breaking") < text.index("### Added")
    # serverInfo.version went 1.10.1 -> 1.22.0: a minor bump, smaller than a removal calls for.
    assert "is a **minor** bump, smaller than the changes call for" in text


def test_release_notes_keep_ignored_changes_and_their_bump(runner, tmp_path):
    # An ignore lets a removal through the gate; the release still removes the tool.
    old, new = CORPUS / "git/2025.7.1.json", CORPUS / "git/2025.11.25.json"
    config = tmp_path / "c.yml"
    config.write_text("ignore:\n  - rule: tool.removed\n    entity: git_init\n    reason: moved to `git_setup`\n")
    text = runner.invoke(app, ["release-notes", str(old), str(new), "--config", str(config)]).stdout
    assert "**Suggested version bump: major**" in text
    breaking = text.split("### Breaking")[1].split("###")[0]
    assert "git_init" in breaking and "ignored for the gate: moved to \\`git_setup\\`" in breaking
    gate = runner.invoke(app, ["diff", str(old), str(new), "--config", str(config), "--format", "json"])
    assert not any(f["rule"] == "tool.removed" and not f["ignored"] for f in json.loads(gate.stdout)["findings"])


def test_release_notes_show_an_overridden_severity_and_the_line_that_set_it(runner, tmp_path):
    old, new = CORPUS / "git/2025.7.1.json", CORPUS / "git/2025.11.25.json"
    config = tmp_path / "c.yml"
    config.write_text("severity_overrides:\n  tool.removed: POTENTIALLY_BREAKING\n")
    text = runner.invoke(app, ["release-notes", str(old), str(new), "--config", str(config)]).stdout
    moved = text.split("### Potentially breaking")[1].split("###")[0]
    assert (f"- Tool `git_init`: tool removed (`tool.removed`) — POTENTIALLY_BREAKING, default BREAKING; "
            f"severity_overrides ({config} line 2)") in moved


def test_release_notes_take_the_capture_options(runner, tmp_path, monkeypatch):
    # Sources other than files need the capture options; here the snapshot store's place.
    monkeypatch.chdir(tmp_path)
    store = tmp_path / "elsewhere"
    for name, release in (("old", "2025.7.1"), ("new", "2025.11.25")):
        saved = runner.invoke(app, ["snapshot", str(CORPUS / f"git/{release}.json"), "--save", name,
                                    "--store", str(store)])
        assert saved.exit_code == 0, saved.output
    result = runner.invoke(app, ["release-notes", "@old", "@new", "--store", str(store)])
    assert result.exit_code == 0, result.output
    assert "**Suggested version bump: major**" in result.stdout
    missing = runner.invoke(app, ["release-notes", "@old", "@new"])  # ./snapshots holds neither
    assert missing.exit_code == 2 and "no snapshot of that name" in missing.stderr
    bad = runner.invoke(app, ["release-notes", "@old", "@new", "--store", str(store), "--header", "no-colon"])
    assert bad.exit_code == 2 and "--header" in bad.stderr


def test_release_notes_minor_for_additions_only(runner):
    case = DATA / "cases" / "tool-added"
    result = runner.invoke(app, ["release-notes", str(case / "old.json"), str(case / "new.json")])
    assert "**Suggested version bump: minor**" in result.stdout
    assert "### Added" in result.stdout and "### Breaking" not in result.stdout


def test_release_notes_patch_and_none(runner):
    doc = DATA / "cases" / "tool-description-punctuation"
    quiet = DATA / "cases" / "quiet-identical"
    assert "bump: patch" in runner.invoke(app, ["release-notes", str(doc / "old.json"), str(doc / "new.json")]).stdout
    out = runner.invoke(app, ["release-notes", str(quiet / "old.json"), str(quiet / "new.json")]).stdout
    assert "bump: none" in out and "No changes" in out


@pytest.mark.parametrize("command", ["diff", "snapshot", "rules", "explain", "release-notes"])
def test_every_command_has_help(runner, command):
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.stdout and len(result.stdout.splitlines()) > 4


def test_top_level_help_and_version(runner):
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0 and "diff" in result.stdout and "release-notes" in result.stdout
    assert runner.invoke(app, ["--version"]).stdout.strip() == f"mcp-inspect {__version__}"


def test_readme_first_command_shows_a_breaking_change(runner):
    """The README's first command, minus the install, on the bundled snapshots."""
    readme = (ROOT / "README.md").read_text()
    first = readme.split("```sh\n", 1)[1].split("\n", 1)[0]
    args = first.split("&& mcp-inspect ", 1)[1].split()
    result = runner.invoke(app, [args[0], *(str(ROOT / a) for a in args[1:])])
    assert result.exit_code == 1
    assert "BREAKING  tool.removed" in result.stdout and "tool git_init" in result.stdout
