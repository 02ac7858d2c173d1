"""Which versions release notes compare, and that they say so (issue #22).

The order: versions the user gives, then the package versions the captures recorded, then
serverInfo.version, which is not compared when it is known to be an SDK's.
"""

from __future__ import annotations

import pytest
from conftest import CORPUS, DATA

from mcp_inspect import diff, lint, release_notes
from mcp_inspect.model import Provenance, Snapshot


def _bump_line(notes: str) -> str:
    return next(line for line in notes.splitlines() if line.startswith("**Suggested version bump"))


def _server(name: str, version: str, tools: list[str], details: dict[str, str] | None = None) -> Snapshot:
    snap = Snapshot(Provenance(source=f"{name}-{version}", shape="capture", details=dict(details or {})))
    snap.initialize = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                       "serverInfo": {"name": name, "version": version}}
    snap.tools = [{"name": t, "inputSchema": {"type": "object"}} for t in tools]
    return snap


def test_the_captures_package_versions_beat_an_sdk_version():
    """aws-documentation 1.1.10 → 1.1.20 reported its SDK's 1.21.0 → 1.26.0 as serverInfo.version."""
    report = diff(str(CORPUS / "aws-documentation/1.1.10.json"), str(CORPUS / "aws-documentation/1.1.20.json"))
    notes = release_notes(report)
    assert "`1.1.10` → `1.1.20` (the package versions the captures recorded), is a **patch** bump" in _bump_line(notes)
    assert "serverInfo.version says 1.21.0 → 1.26.0 where the packages say 1.1.10 → 1.1.20" in notes
    assert "`1.21.0` → `1.26.0`" not in notes


def test_given_versions_win_and_are_said_to_be_given():
    report = diff(str(CORPUS / "aws-documentation/1.1.10.json"), str(CORPUS / "aws-documentation/1.1.20.json"))
    line = _bump_line(release_notes(report, old_version="1.1.10", new_version="2.0.0"))
    assert line == "**Suggested version bump: major** (`1.1.10` → `2.0.0`, as given: major, enough)"


def test_serverinfo_version_is_used_when_nothing_else_is_known():
    line = _bump_line(release_notes(diff(_server("mine", "1.0.0", ["a"]), _server("mine", "1.1.0", ["a", "b"]))))
    assert line == "**Suggested version bump: minor** (`1.0.0` → `1.1.0`, serverInfo.version: minor, enough)"


def test_an_sdk_default_name_means_the_version_is_the_sdks():
    notes = release_notes(diff(_server("FastMCP", "1.21.0", ["a"]), _server("FastMCP", "1.26.0", [])))
    assert _bump_line(notes) == "**Suggested version bump: major**"  # nothing compared
    assert "serverInfo.version is not compared: the server is named 'FastMCP'" in notes
    assert "--old-version and --new-version" in notes


def test_mixed_sources_are_not_compared():
    old = _server("mine", "1.0.0", ["a"], {"package": "mine", "version": "3.0.0"})
    notes = release_notes(diff(old, _server("mine", "1.0.1", ["a"])))
    assert "the versions are not compared: the old one comes from its capture's package version, " \
           "the new one from serverInfo.version" in notes


def test_an_empty_version_is_unknown():
    notes = release_notes(diff(_server("mine", "1.30.0", ["a"]), _server("mine", "", ["a", "b"])))
    assert _bump_line(notes) == "**Suggested version bump: minor**"


def test_release_notes_of_a_lint_are_refused():
    with pytest.raises(ValueError, match="report: expected the Report of a diff"):
        release_notes(lint(_server("mine", "1", ["a"])))


def test_the_command_takes_the_versions(runner):
    from mcp_inspect.cli import app

    old, new = (str(CORPUS / f"aws-documentation/{v}.json") for v in ("1.1.10", "1.1.20"))
    done = runner.invoke(app, ["release-notes", old, new, "--old-version", "v1.1.10", "--new-version", "v1.2.0"])
    assert done.exit_code == 0, done.output
    assert "the actual bump, `v1.1.10` → `v1.2.0` (as given), is a **minor** bump" in _bump_line(done.stdout)


@pytest.mark.parametrize("old,new,said", [
    ("2.0.0", "1.9.0", "— `2.0.0` → `1.9.0` (as given): **the version went down**, smaller than the changes call for"),
    ("2.0.0", "2.0.0", "— `2.0.0` → `2.0.0` (as given): **the version did not change**, smaller than the changes "
                       "call for"),
])
def test_no_bump_is_said_plainly(old, new, said):
    report = diff(_server("srv", "1.0.0", ["a", "b"]), _server("srv", "1.0.0", ["a"]))
    line = _bump_line(release_notes(report, old_version=old, new_version=new))
    assert line == f"**Suggested version bump: major** {said}"
    assert "none" not in line


def test_no_bump_where_none_was_needed_is_said_plainly():
    same = _server("srv", "1.0.0", ["a"])
    line = _bump_line(release_notes(diff(same, same), old_version="1.0.0", new_version="1.0.0"))
    assert line == "**Suggested version bump: none** (`1.0.0` → `1.0.0`, as given: the version did not change)"


def test_the_same_serverinfo_version_over_a_changed_surface_is_not_judged():
    """Trial dec02 (D10): mcp-server-sqlite 0.1.0 and 2025.4.25 both say serverInfo.version
    0.1.0; the notes said "the version did not change, smaller than the changes call for" with
    no caveat. It may be the SDK's version, so the bump is not judged and the note says so."""
    old, new = (str(DATA / "trial" / "mcp-server-sqlite" / f"{v}.json") for v in ("0.1.0", "2025.4.25"))
    notes = release_notes(diff(old, new))
    assert _bump_line(notes) == "**Suggested version bump: major**"
    assert "smaller than the changes call for" not in notes
    assert ("> **Note:** serverInfo.version is 0.1.0 on both sides though the surface changed; it may be the "
            "SDK's version rather than the server's, so the bump is not judged: give --old-version and "
            "--new-version.") in notes


def test_given_versions_that_stay_the_same_are_still_judged():
    """The caveat is about serverInfo.version: versions the user gives are the user's word."""
    report = diff(_server("srv", "1.0.0", ["a", "b"]), _server("srv", "1.0.0", ["a"]))
    assert "smaller than the changes call for" in release_notes(report, old_version="2.0.0", new_version="2.0.0")


def _clickhouse(version: str, capabilities: dict, properties: list[str]) -> Snapshot:
    snap = _server("mcp-clickhouse", version, [])
    snap.initialize["capabilities"] = capabilities
    snap.tools = [{"name": "run_select_query",
                   "inputSchema": {"type": "object", "properties": {p: {"type": "string"} for p in properties}}}]
    return snap


def test_a_serverinfo_version_that_goes_down_is_not_compared():
    """mcp-clickhouse 0.1.9 reported the mcp package's 1.9.0 as its serverInfo.version (the
    Python SDK 1.x fills in its own), 0.7.0 its own 0.7.0: the notes said "the version went
    down", blaming the server for its SDK's number."""
    old = _clickhouse("1.9.0", {"tools": {}}, ["query"])
    new = _clickhouse("0.7.0", {"tools": {}}, ["query", "database"])
    notes = release_notes(diff(old, new))
    assert _bump_line(notes) == "**Suggested version bump: minor**"
    assert "went down" not in notes
    assert ("> **Note:** serverInfo.version is not compared: it goes from 1.9.0 down to 0.7.0, so one side's is "
            "likely its SDK's version rather than the server's; give --old-version and --new-version.") in notes
    # Given by the user, a version that goes down is the user's word, and said.
    given = release_notes(diff(old, new), old_version="2.0.0", new_version="1.0.0")
    assert "the version went down" in _bump_line(given)


def test_a_withdrawn_capability_is_listed_with_the_breaking_changes():
    """A capability withdrawn makes the bump major, so the Breaking section, where a reader
    looks for why, lists it; it was only under "Server", below the other sections."""
    old = _clickhouse("0.1.9", {"tools": {}, "prompts": {}}, ["query"])
    new = _clickhouse("0.2.0", {"tools": {}}, ["query", "database"])
    notes = release_notes(diff(old, new))
    breaking = notes.split("### Breaking", 1)[1].split("###", 1)[0]
    assert "- Server: capability 'prompts' withdrawn (`server.capability.removed`)" in breaking
    assert notes.count("capability 'prompts' withdrawn") == 1
    assert "### Server" in notes and "serverInfo.version changed" in notes.split("### Server", 1)[1]


def test_the_notes_leave_out_why_no_witness_was_found():
    """The notes are for the server's users: a removal from an open object has no witness
    (the seed's convention), and "no witness: …" is a reviewer's note, not a changelog line;
    an example call that now fails is kept."""
    old = _clickhouse("0.1.9", {"tools": {}}, ["query", "hnsw_space"])
    new = _clickhouse("0.2.0", {"tools": {}}, ["query"])
    report = diff(old, new)
    assert any(f.witness is not None and not f.witness.found for f in report.changes)
    assert "no witness" not in release_notes(report)
    closed = _clickhouse("0.2.0", {"tools": {}}, ["query"])
    closed.tools[0]["inputSchema"]["additionalProperties"] = False
    assert "e.g. this call passes the old schema and fails the new one" in release_notes(diff(old, closed))


def test_a_too_small_bump_read_from_server_info_says_how_to_give_the_published_versions():
    """New-user trial (awslabs.dynamodb-mcp-server 0.1.4 → 2.1.8): serverInfo said the mcp
    SDK's 1.9.4 → 1.26.0, judged "a minor bump, smaller than the changes call for"."""
    notes = release_notes(diff(_server("ddb", "1.9.4", ["a", "b"]), _server("ddb", "1.26.0", ["a"])))
    line = _bump_line(notes)
    assert "is a **minor** bump, smaller than the changes call for" in line
    assert "`snapshot --package NAME@VERSION` records the published one" in line
    big_enough = release_notes(diff(_server("ddb", "1.9.4", ["a", "b"]), _server("ddb", "2.0.0", ["a"])))
    assert "--package" not in _bump_line(big_enough)


def test_snapshot_records_the_package_the_notes_then_compare(tmp_path, runner):
    import json

    from mcp_inspect.cli import app

    sides = []
    for sdk, published, tools in (("1.9.4", "dynamodb-mcp@0.1.4", ["a", "b"]),
                                  ("1.26.0", "dynamodb-mcp==2.1.8", ["a"])):
        raw = tmp_path / f"{sdk}.json"
        raw.write_text(json.dumps({"initialize": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                                                  "serverInfo": {"name": "ddb", "version": sdk}},
                                   "tools": [{"name": t, "inputSchema": {"type": "object"}} for t in tools]}))
        out = tmp_path / f"{sdk}.snapshot.json"
        assert runner.invoke(app, ["snapshot", str(raw), "--package", published, "-o", str(out)]).exit_code == 0
        sides.append(str(out))
    line = _bump_line(release_notes(diff(*sides)))
    assert "(`0.1.4` → `2.1.8`, the package versions the captures recorded: major, enough)" in line
    bad = runner.invoke(app, ["snapshot", sides[0], "--package", "no-version", "-o", str(tmp_path / "x.json")])
    assert bad.exit_code == 2 and "--package: expected NAME@VERSION or NAME==VERSION" in bad.stderr


def test_a_title_is_one_heading_whatever_it_holds():
    notes = release_notes(diff(_server("s", "1.0.0", ["a"]), _server("s", "1.0.1", ["a", "b"])), title="v2\n# Evil")
    assert notes.splitlines()[0] == "## v2 # Evil" and "\n# Evil" not in notes


def test_a_leading_v_is_the_same_version():
    """New-user trial (mcp-grafana): serverInfo said v1.0.0 → v2.1.1 and the recorded packages
    1.0.0 → 2.1.1; the notes called that "not the package's version"."""
    old = _server("grafana", "v1.0.0", ["a", "b"], {"package": "mcp-grafana", "version": "1.0.0"})
    new = _server("grafana", "v2.1.1", ["a"], {"package": "mcp-grafana", "version": "2.1.1"})
    notes = release_notes(diff(old, new))
    assert "not the package's version" not in notes
    assert "(`1.0.0` → `2.1.1`, the package versions the captures recorded: major, enough)" in _bump_line(notes)


@pytest.mark.parametrize("old,new,too_small", [
    ("0.3.1", "0.7.0", False),  # 0.x: the minor number may break (npm's and Cargo's caret)
    ("0.3.1", "0.3.2", True),
    ("v0.3.0", "v0.4.0", False),
    ("1.3.1", "1.7.0", True),  # from 1.0.0 on, a break asks for a major bump
    ("0.9.0", "1.0.0", False),
])
def test_below_one_a_minor_bump_may_break(old, new, too_small):
    """New-user trial: mcp-server-tree-sitter 0.3.1 → 0.7.0 and mcp-pandoc 0.3.0 → 0.11.1
    were called "smaller than the changes call for", and history --fail-on-semver failed."""
    from mcp_inspect.report.release_notes import plan_release

    report = diff(_server("s", "x", ["a", "b"], {"package": "s", "version": old}),
                  _server("s", "x", ["a"], {"package": "s", "version": new}))
    plan = plan_release(report)
    assert plan.suggested == "major" and plan.too_small is too_small


LEAN = DATA / "release" / "lean-lsp-mcp"


def test_the_note_names_only_the_release_whose_server_info_is_not_its_package(runner):
    """New-user trial, round 22: lean-lsp-mcp 0.28.0 said serverInfo.version 1.28.1 (its SDK's)
    and 0.32.0 its own 0.32.0, and the notes said "1.28.1 → 0.32.0, which is not the package's
    version", blaming the release that had it right. Every format the note comes in is one
    string: the release notes, and history's text, Markdown and JSON."""
    from mcp_inspect.cli import app

    sides = [str(LEAN / "0.28.0.json"), str(LEAN / "0.32.0.json")]
    said = "the old release's serverInfo.version says 1.28.1 where its package says 0.28.0"
    notes = runner.invoke(app, ["release-notes", *sides, "--title", "V"])
    assert notes.exit_code == 0, notes.output
    assert f"> **Note:** {said} (a server may" in notes.stdout and "0.32.0, which is not" not in notes.stdout
    for format in ("text", "markdown", "json"):
        history = runner.invoke(app, ["history", *sides, "--format", format])
        assert history.exit_code == 0, history.output
        assert said in history.stdout, (format, history.stdout)


@pytest.mark.parametrize("infos,said", [
    (("0.1.0", "1.9.0"), "the new release's serverInfo.version says 1.9.0 where its package says 0.2.0"),
    (("1.0.0", "1.0.0"), "serverInfo.version says 1.0.0 → 1.0.0 where the packages say 0.1.0 → 0.2.0"),
    (("0.1.0", "0.2.0"), None),
])
def test_the_note_says_which_sides_server_info_is_apart(infos, said):
    """New-user trial, round 22: the note named both sides whichever one was not the package's."""
    old = _server("s", infos[0], ["a", "b"], {"package": "s", "version": "0.1.0"})
    new = _server("s", infos[1], ["a"], {"package": "s", "version": "0.2.0"})
    notes = release_notes(diff(old, new))
    if said is None:
        assert "serverInfo.version says" not in notes
    else:
        assert f"> **Note:** {said} (a server may never update it" in notes


@pytest.mark.parametrize("old_package,given,said", [
    ("0.28.0", {"old_version": "0.29.0"},
     "the old release's serverInfo.version says 1.28.1 where its package says 0.28.0"),
    (None, {"old_version": "0.29.0"},
     "the old release's serverInfo.version says 1.28.1 where the version given for it is 0.29.0"),
    (None, {"old_version": "0.1.0"},
     "serverInfo.version says 1.28.1 → 1.0.0 where the old release's version as given is 0.1.0 and the new "
     "release's package says 0.32.0"),
])
def test_the_note_names_where_each_version_it_sets_server_info_against_came_from(old_package, given, said):
    """Hostile trial, round 27: ``release-notes lean-lsp-mcp/0.28.0.json NEW --old-version 0.29.0``
    said "the old release's serverInfo.version says 1.28.1 where its package says 0.29.0": the
    capture recorded package 0.28.0, and 0.29.0 came from the flag (resolve_versions passed the
    version it chose as the package's). A side with no package said "its package" of the flag's too."""
    old = _server("lean", "1.28.1", ["a", "b"], {"package": "lean", "version": old_package} if old_package else {})
    new_info = "1.0.0" if given["old_version"] == "0.1.0" else "0.32.0"
    new = _server("lean", new_info, ["a"], {"package": "lean", "version": "0.32.0"})
    notes = release_notes(diff(old, new), **given)
    assert f"> **Note:** {said} (a server may never update it" in notes, notes
    assert "package says 0.29.0" not in notes and "packages say 0.29.0" not in notes
