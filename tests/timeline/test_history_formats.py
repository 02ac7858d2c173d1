"""The history's timeline in text, Markdown, JSON (valid against docs/history.schema.json) and
HTML: deterministic, with what the data says, and the server's text escaped in each."""

from __future__ import annotations

import json
import re
import shutil

import jsonschema
import pytest
from conftest import CORPUS, DATA, ROOT
from html_support import PAYLOADS, hostile_pair, inert_problems, read_page

import mcp_inspect
from mcp_inspect.cli import app
from mcp_inspect.findings.severity import Severity
from mcp_inspect.timeline.sources import file_name_version, version_key

SCHEMA = json.loads((ROOT / "docs" / "history.schema.json").read_text(encoding="utf-8"))
FORMATS = ("text", "markdown", "json", "html")


def test_the_schema_is_itself_valid():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("folder", [CORPUS / "git", CORPUS / "fetch", DATA / "captured" / "mongodb-mcp-server"],
                         ids=lambda p: p.name)
def test_json_follows_the_schema_and_says_what_the_history_holds(folder):
    history = mcp_inspect.history(folder)
    document = json.loads(mcp_inspect.render_history(history, "json"))
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert [r["label"] for r in document["releases"]] == [r.label for r in history.releases]
    assert [s["counts"] for s in document["steps"]] == [s.report.counts() for s in history.steps]
    assert [[f["id"] for f in s["breaking"]] for s in document["steps"]] == \
        [[f.id for f in s.breaking] for s in history.steps]
    assert document["tooSmall"] == [s.new.label for s in history.too_small]
    assert [s["semver"]["tooSmall"] for s in document["steps"]] == [s.too_small for s in history.steps]
    assert [r["date"] for r in document["releases"]] == [r.date for r in history.releases]


def test_the_output_is_the_same_every_run():
    first, second = mcp_inspect.history(CORPUS / "git"), mcp_inspect.history(CORPUS / "git")
    for fmt in FORMATS:
        assert mcp_inspect.render_history(first, fmt) == mcp_inspect.render_history(second, fmt), fmt


def test_text_and_markdown_name_each_release_its_breaks_and_its_verdict():
    history = mcp_inspect.history(CORPUS / "git")
    text = mcp_inspect.render_history(history, "text")
    markdown = mcp_inspect.render_history(history, "markdown")
    for step in history.steps:
        assert step.new.label in text and f"`{step.new.label}`" in markdown
        for finding in step.breaking:
            assert f"BREAKING tool {finding.entity.name}: {finding.message}" in text
            assert f"`{finding.rule}`" in markdown
    assert "2025.7.1 → 2025.11.25 (the file names): a minor bump; the changes " \
           "call for major — SMALLER than the changes call for" in text
    assert "| `2025.11.25` | captured `2026-11-29T22:48:47+00:00` | 1 | 0 | 2 | 1 | 96 | **minor — too small** " \
           "(needs major) |" in markdown
    assert text.endswith("2 releases bumped the version less than the changes call for: 2025.11.25, 2026.10.19\n")


def test_hostile_names_are_escaped_in_every_format(tmp_path):
    old, new = hostile_pair(tmp_path)
    label = tmp_path / "v1 <b>bold<b>|\x1b[31m.json"
    shutil.copy(new, label)
    history = mcp_inspect.history([old, str(label)])
    assert history.steps[0].breaking  # the tools named with payloads went
    text = mcp_inspect.render_history(history, "text")
    assert "\x1b" not in text and "v1 <b>bold<b>|\\x1b[31m" in text
    markdown = mcp_inspect.render_history(history, "markdown")
    assert "\x1b" not in markdown
    outside_code = re.sub(r"(`+).*?\1", "", markdown)
    assert re.findall(r"(?<!\\)<", outside_code) == []  # markup outside code is backslash-escaped
    row = next(line for line in markdown.splitlines() if line.startswith("| `v1"))
    assert len(re.findall(r"(?<!\\)\|", row)) == len(re.findall(r"\|", markdown.splitlines()[4]))
    page = read_page(mcp_inspect.render_history(history, "html"))
    assert inert_problems(page) == []
    assert "script" not in page.tags() and "img" not in page.tags() and "svg" not in page.tags()
    assert "v1 <b>bold<b>|\\x1b[31m" in page.text
    json.loads(mcp_inspect.render_history(history, "json"))


def test_the_cli_writes_every_format(runner, tmp_path):
    for fmt in FORMATS:
        out = tmp_path / f"history.{fmt}"
        result = runner.invoke(app, ["history", str(CORPUS / "fetch"), "--format", fmt, "-o", str(out)])
        assert result.exit_code == 0, result.output
        assert out.read_text(encoding="utf-8") == mcp_inspect.render_history(mcp_inspect.history(CORPUS / "fetch"),
                                                                                 fmt)
    assert runner.invoke(app, ["history", str(CORPUS / "fetch"), "--format", "sarif"]).exit_code == 2


def test_the_library_refuses_what_it_cannot_render():
    history = mcp_inspect.history([str(CORPUS / "fetch" / "0.1.0.json"), str(CORPUS / "fetch" / "0.6.2.json")])
    with pytest.raises(ValueError, match="unknown history format 'sarif'"):
        mcp_inspect.render_history(history, "sarif")
    with pytest.raises(ValueError, match="expected a History"):
        mcp_inspect.render_history("not a history", "text")


@pytest.mark.parametrize("names,expected", [
    (["1.10.0", "1.2.0", "1.9.9"], ["1.2.0", "1.9.9", "1.10.0"]),
    (["1.0.0", "1.0.0-rc.1", "0.9", "1.0.0-rc.10", "1.0.0-rc.2"], ["0.9", "1.0.0-rc.1", "1.0.0-rc.2", "1.0.0-rc.10",
                                                                 "1.0.0"]),
    (["v2.0", "v1.0.1", "1.0"], ["1.0", "v1.0.1", "v2.0"]),
    (["2025.11.25", "2025.1.14", "0.6.2"], ["0.6.2", "2025.1.14", "2025.11.25"]),
    (["server-1.10", "server-1.9"], ["server-1.9", "server-1.10"]),
])
def test_a_folder_is_ordered_by_file_name_read_as_a_version(names, expected):
    assert sorted(names, key=version_key) == expected


def test_a_folder_without_snapshots_and_a_missing_file_exit_2(runner, tmp_path):
    (tmp_path / "README.md").write_text("no snapshots here\n")
    result = runner.invoke(app, ["history", str(tmp_path)])
    assert result.exit_code == 2 and "holds no snapshot" in result.stderr
    result = runner.invoke(app, ["history", str(tmp_path / "nope.json"), str(tmp_path / "nope2.json")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_store_names_in_the_order_given(tmp_path, runner):
    store = tmp_path / "store"
    versions = ("1.1.10", "1.1.20", "1.2.3")  # 1.1.10 → 1.1.20 breaks in a patch release
    for version in versions:
        mcp_inspect.save(mcp_inspect.load(str(CORPUS / "aws-documentation" / f"{version}.json")), f"aws-{version}",
                         store)
    names = [f"@aws-{version}" for version in versions]
    history = mcp_inspect.history(names, options=mcp_inspect.CaptureOptions(store=str(store)))
    assert [r.label for r in history.releases] == names
    assert [r.date for r in history.releases] == [
        mcp_inspect.load(str(CORPUS / "aws-documentation" / f"{v}.json")).provenance.captured_at for v in versions]
    assert history.steps[0].too_small
    result = runner.invoke(app, ["history", *names[:2], "--store", str(store), "--fail-on-semver"])
    assert result.exit_code == 1, result.output
    unknown = runner.invoke(app, ["history", names[0], "@nope", "--store", str(store)])
    assert unknown.exit_code == 2


def test_payloads_are_shown_as_text(tmp_path):
    old, new = hostile_pair(tmp_path)
    page = read_page(mcp_inspect.render_history(mcp_inspect.history([old, new]), "html"))
    shown = page.text
    assert any(payload in shown for payload in PAYLOADS)


def test_the_library_checks_its_arguments():
    with pytest.raises(ValueError, match="sources: expected"):
        mcp_inspect.history(42)
    with pytest.raises(ValueError, match="config: expected a Config"):
        mcp_inspect.history(CORPUS / "fetch", config={"fail_on": "BREAKING"})
    with pytest.raises(mcp_inspect.InputError, match="each: expected 'tag' or 'commit'"):
        mcp_inspect.history(CORPUS / "fetch", each="tags")
    with pytest.raises(mcp_inspect.InputError, match="history needs SOURCES"):
        mcp_inspect.history([])


def test_no_lint_leaves_the_scores_out(runner):
    result = runner.invoke(app, ["history", str(CORPUS / "fetch"), "--no-lint", "--format", "json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert all(s["lint"] is None for s in document["steps"])
    assert all(r["maturity"] is None for r in document["releases"])
    assert "maturity" not in runner.invoke(app, ["history", str(CORPUS / "fetch"), "--no-lint"]).stdout


def test_what_diff_warns_of_a_pair_is_said_in_every_format():
    history = mcp_inspect.history(DATA / "captured" / "context7-mcp")
    (warning,) = history.steps[0].report.warnings
    assert warning.startswith("capture conditions differ")
    assert f"  note: {warning}" in mcp_inspect.render_history(history, "text")
    assert "### Notes" in mcp_inspect.render_history(history, "markdown")
    assert f"Note: {warning}" in read_page(mcp_inspect.render_history(history, "html")).text
    assert json.loads(mcp_inspect.render_history(history, "json"))["steps"][0]["warnings"] == [warning]


def _same_server_info(folder, names, *, package=False):
    """fetch's releases saved under ``names``, every one reporting serverInfo.version 1.30.0 (an SDK's, as
    aws-diagram 0.9.0 … 1.0.10 does), with no package version unless ``package``."""
    folder.mkdir()
    for name, version in zip(names, ("0.1.0", "0.6.2", "2025.1.17"), strict=False):
        document = json.loads((CORPUS / "fetch" / f"{version}.json").read_text(encoding="utf-8"))
        document["initialize"]["serverInfo"]["version"] = "1.30.0"
        if not package:
            del document["package"], document["version"]
        (folder / f"{name}.json").write_text(json.dumps(document), encoding="utf-8")
    return folder


@pytest.mark.parametrize("stem,version", [
    ("1.2.0", "1.2.0"), ("v1.2", "v1.2"), ("v2", None), ("2025-01-14", None), ("diag-1.0.10", "1.0.10"),
    ("sqlite-2025.4.25", "2025.4.25"),
    ("server_v1.2.0", "v1.2.0"), ("server-1.0.0-rc.1", "1.0.0-rc.1"), ("mcp-v2-1.0.0", "1.0.0"),
    ("server", None), ("server-2", None), ("notes", None),
])
def test_a_file_name_gives_the_version_it_reads_as(stem, version):
    assert file_name_version(stem) == version


def test_a_folders_file_names_give_the_versions_the_verdict_compares(runner, tmp_path):
    folder = _same_server_info(tmp_path / "diag", ["diag-0.9.0", "diag-1.0.0", "diag-1.0.10"], package=True)
    history = mcp_inspect.history(folder)
    assert [(s.plan.versions.old, s.plan.versions.new, s.plan.versions.source) for s in history.steps] == \
        [("0.9.0", "1.0.0", "given"), ("1.0.0", "1.0.10", "given")]
    assert [s.actual for s in history.steps] == ["major", "patch"]
    text = mcp_inspect.render_history(history, "text")
    assert "0.9.0 → 1.0.0 (the file names): a major bump" in text and "1.30.0" not in text
    result = runner.invoke(app, ["history", str(folder), "--fail-on-semver"])
    assert result.exit_code == 0, result.output


def test_a_version_that_stays_the_same_may_be_the_sdks_and_is_not_judged(runner, tmp_path):
    """Trial dec02 (D10): the same serverInfo.version on two releases whose surface changed may be
    the SDK's (every mcp-server-sqlite release says 0.1.0), so the verdict is unknown, never a
    failure under --fail-on-semver, and the note says why and what to do."""
    folder = _same_server_info(tmp_path / "named", ["first", "second"])
    history = mcp_inspect.history(folder)
    (step,) = history.steps
    assert step.suggested == "major" and step.actual is None and not step.too_small
    text = mcp_inspect.render_history(history, "text")
    assert "versions not compared (serverInfo.version is 1.30.0 in both releases though the surface changed; it " \
           "may be the SDK's version rather than the server's, so the bump is not judged: name the snapshots " \
           "after their versions in a folder (server-1.2.0.json), give a git range whose tags are the versions, " \
           "or record each capture's published version with `mcp-inspect snapshot --package NAME@VERSION`); the " \
           "changes call for major" in text, text
    assert "SMALLER" not in text and "too small" not in mcp_inspect.render_history(history, "markdown")
    semver = json.loads(mcp_inspect.render_history(history, "json"))["steps"][0]["semver"]
    assert semver["verdict"] == "unknown" and semver["tooSmall"] is False
    assert "may be the SDK's version" in semver["note"]
    result = runner.invoke(app, ["history", str(folder), "--fail-on-semver"])
    assert result.exit_code == 0, result.output


def test_the_same_version_with_no_change_is_said_plainly(tmp_path):
    folder = tmp_path / "same"
    folder.mkdir()
    document = (CORPUS / "fetch" / "0.6.2.json").read_text(encoding="utf-8")
    for name in ("first", "second"):
        (folder / f"{name}.json").write_text(document, encoding="utf-8")
    (step,) = mcp_inspect.history(folder).steps
    assert (step.suggested, step.actual) == ("none", "none")


def test_a_version_that_went_down_is_said_so(tmp_path):
    history = mcp_inspect.history([str(p) for p in (CORPUS / "fetch" / "0.6.2.json", CORPUS / "fetch" / "0.1.0.json")])
    assert "0.6.2 → 0.1.0 (the package versions the captures recorded): the version went down;" in \
        mcp_inspect.render_history(history, "text")


def test_the_server_entity_is_named_as_diff_names_it(tmp_path):
    """The server has no name: its breaking change reads `server: …` in text and carries no
    empty code span in Markdown (the trial's exa history printed `server :` and `` `  ` ``)."""
    old = json.loads((DATA / "trial" / "exa" / "3.2.1.json").read_text(encoding="utf-8"))
    old["prompts"][0]["arguments"] = [{"name": "query"}]  # something a completion could answer for
    (tmp_path / "1.0.0.json").write_text(json.dumps(old), encoding="utf-8")
    shutil.copy(DATA / "trial" / "exa" / "3.4.1.json", tmp_path / "1.1.0.json")
    history = mcp_inspect.history(tmp_path)
    text = mcp_inspect.render_history(history, "text")
    markdown = mcp_inspect.render_history(history, "markdown")
    assert "BREAKING server: capability 'completions' withdrawn" in text
    assert "server :" not in text
    assert "  - server: capability 'completions' withdrawn (`server.capability.removed`)" in markdown
    assert "`  `" not in markdown


def test_a_change_made_alike_on_many_entities_is_said_once_tools_first():
    """sentry 0.17.1 → 0.39.0 withdrew 126 docs resources and 12 tools: history said each on a
    line of its own, resources first (157 lines); it now says them as diff does."""
    from mcp_inspect.report.history import render_history_markdown, render_history_text

    history = mcp_inspect.history(DATA / "trial" / "sentry", lint=False)
    text = render_history_text(history)
    breaking = [line for line in text.splitlines() if line.startswith("  BREAKING")]
    assert breaking[0].startswith("  BREAKING 12 tools: create_dsn, create_project, ")
    assert breaking[0].endswith(" and 6 more: tool removed")
    assert any(line.startswith("  BREAKING 126 resources: https://docs.sentry.io/platforms/android/, ")
               and line.endswith(" and 120 more: resource removed") for line in breaking)
    assert breaking[-2:] == ["  BREAKING server: capability 'prompts' withdrawn",
                             "  BREAKING server: capability 'resources' withdrawn"]
    assert len(breaking) == 7
    markdown = render_history_markdown(history)
    assert markdown.count("resource removed") == 1 and "126 resources: `https://docs.sentry.io/platforms/android/`" \
        in markdown


def test_a_history_of_two_different_servers_says_so(tmp_path):
    """New-user trial: tree_sitter then mcp-pandoc made a history without a word."""
    def side(name, tools):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({"initialize": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                                                   "serverInfo": {"name": name, "version": "1.0.0"}},
                                    "tools": [{"name": t, "inputSchema": {"type": "object"}} for t in tools]}))
        return str(path)

    history = mcp_inspect.history([side("tree_sitter", ["a"]), side("mcp-pandoc", ["b"])])
    assert any("the servers name themselves 'tree_sitter' and 'mcp-pandoc'" in w for w in history.warnings)
    same = mcp_inspect.history([side("s", ["a"]), side("s", ["a", "b"])])
    assert not any("name themselves" in w for w in same.warnings)


def test_two_captures_of_one_package_are_one_server_whatever_it_calls_itself(tmp_path):
    """New-user trial, round 11: mcp-pypi 2.7.1 said 'PyPI MCP Server' and 4.0.1 'mcp-pypi', and the
    history warned of two servers although both captures recorded the package mcp-pypi
    (``snapshot --package``); the rename is already the diff's DOCUMENTATION finding."""
    def side(stem, name, package, version):
        path = tmp_path / f"{stem}.json"
        path.write_text(json.dumps({"package": package, "version": version,
                                    "initialize": {"protocolVersion": "2024-11-05", "capabilities": {"tools": {}},
                                                   "serverInfo": {"name": name, "version": version}},
                                    "tools": [{"name": "search", "inputSchema": {"type": "object"}}]}))
        return str(path)

    old, new = side("old", "PyPI MCP Server", "mcp-pypi", "2.7.1"), side("new", "mcp-pypi", "mcp-pypi", "4.0.1")
    history = mcp_inspect.history([old, new])
    assert history.warnings == []
    (rename,) = [c for c in history.steps[0].report.changes if c.path == "serverInfo.name"]
    assert rename.rule == "server.identity.changed"
    assert rename.severity == Severity.DOCUMENTATION  # the rename is reported, as documentation
    # A package spelled another way is the same one (PEP 503); another package is named as such.
    assert mcp_inspect.history([old, side("spelled", "x", "MCP_PyPI", "4.0.1")]).warnings == []
    (warning,) = mcp_inspect.history([old, side("other", "PyPI MCP Server", "pypi-query", "1.0.0")]).warnings
    assert warning == ("old → other: the captures record the packages 'mcp-pypi' and 'pypi-query'; "
                       "a history compares releases of one server")


def _releases(folder, stems):
    """Release files in the order given, versions 1.0.0, 1.0.1, …, the first with a tool the later
    ones lack: a break in the second, a patch release, which the too-small summary names again."""
    folder.mkdir()
    tool = {"name": "a", "inputSchema": {"type": "object", "properties": {}}}
    paths = [folder / f"{stem}.json" for stem in stems]
    for i, path in enumerate(paths):
        initialize = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                      "serverInfo": {"name": "srv", "version": f"1.0.{i}"}}
        path.write_text(json.dumps({"initialize": initialize, "tools": [tool] if i == 0 else []}), encoding="utf-8")
    return [str(path) for path in paths]


def test_a_release_name_with_a_line_break_stays_on_its_line_in_text(tmp_path):
    """Hostile trial, round 10: a release file named ``v2.0.0<ESC>[31m<LF>::error::injected.json`` made the
    text history print the rest of its name as a line of its own, which a GitHub Actions log reads as
    a workflow command (a fake error annotation); every other text report folds such a name to one line."""
    hostile = ["srv-1.0.0", "srv\n::error::x-1.0.1", "srv\r::warning::y-1.0.2", "srv\u2028::notice::z-1.0.3",
               "srv\x85::group::g-1.0.4", "srv\n  ::add-mask::m-1.0.5"]
    text = mcp_inspect.render_history(mcp_inspect.history(_releases(tmp_path / "hostile", hostile)),
                                      "text")
    plain_names = mcp_inspect.render_history(
        mcp_inspect.history(_releases(tmp_path / "plain", [f"srv-1.0.{i}" for i in range(6)])), "text")
    assert [line for line in text.splitlines() if re.match(r"\s*::", line)] == []
    assert len(text.splitlines()) == len(plain_names.splitlines())
    assert "\nsrv ::error::x-1.0.1\n" in text and "\nsrv ::add-mask::m-1.0.5\n" in text
    assert "\nsrv\\x0d::warning::y-1.0.2\n" in text and "\nsrv\\u2028::notice::z-1.0.3\n" in text
    assert "\nsrv\\x85::group::g-1.0.4\n" in text
    assert text.endswith("bumped the version less than the changes call for: srv ::error::x-1.0.1\n")
    # A name that itself starts with "::" starts its release line: that colon is shown escaped.
    first = mcp_inspect.history(_releases(tmp_path / "leading", ["::error::0.9", "1.0.0"]))
    assert "\\x3a:error::0.9" in mcp_inspect.render_history(first, "text")
