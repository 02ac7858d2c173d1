"""Versions release notes (and a history's semver verdict) read at their edges: a number
longer than Python converts, a capital ``V``, a SemVer pre-release beside its release (SemVer
11: ``1.0.0-rc.1`` < ``1.0.0``), and versions below 0.1.0, where a caret range holds one
version only (``^0.0.1`` is 0.0.1), so any bump may break."""

from __future__ import annotations

import json

import pytest

from mcp_inspect import diff, release_notes
from mcp_inspect.cli import app
from mcp_inspect.limits import MAX_VERSION_DIGITS
from mcp_inspect.model import Provenance, Snapshot
from mcp_inspect.report.versions import version_bump

HUGE = "9" * 5000
CANNOT = "is not a version mcp-inspect can compare"


def _server(version: str, tools: list[str]) -> Snapshot:
    snap = Snapshot(Provenance(source=f"srv-{version[:20]}", shape="capture"))
    snap.initialize = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                       "serverInfo": {"name": "srv", "version": version}}
    snap.tools = [{"name": t, "inputSchema": {"type": "object"}} for t in tools]
    return snap


def _bump_line(notes: str) -> str:
    return next(line for line in notes.splitlines() if line.startswith("**Suggested version bump"))


def _breaking(old: str, new: str) -> str:
    """The notes of a release that removes a tool (BREAKING), the versions given."""
    return release_notes(diff(_server("1.0.0", ["a", "b"]), _server("1.0.0", ["a"])), old_version=old,
                         new_version=new)


@pytest.mark.parametrize("old,new,bump", [
    ("1.0.0", HUGE, None), (HUGE, "1.0.0", None), ("1.0.0", f"1.{HUGE}.0", None), ("1.0.0", f"1.0.{HUGE}", None),
    ("1.0.0", "9" * MAX_VERSION_DIGITS + ".0.0", "major"), ("1.0.0", "9" * (MAX_VERSION_DIGITS + 1) + ".0.0", None),
    ("1.0.0", "1.0.0-" + HUGE, "none"),
    ("V1.0.0", "V2.0.0", "major"), ("1.0.0", "V1.1.0", "minor"), ("v1.0.0", "V1.0.1", "patch"),
    ("1.0.0-rc.1", "1.0.0", "major"), ("1.2.0-rc.1", "1.2.0", "minor"), ("1.2.3-beta", "1.2.3+build.5", "patch"),
    ("1.0.0", "1.0.0-rc.2", "none"), ("1.0.0-rc.1", "1.0.0-rc.2", None), ("1.0.0-rc.1+a", "1.0.0-rc.1+b", "none"),
    # npm's semver.diff: past a pre-release of X.0.0 any release is major (hostile trial, round 7)
    ("1.0.0-rc.1", "1.1.0", "major"), ("1.0.0-rc.1", "1.0.1", "major"), ("1.2.0-rc.1", "1.2.5", "patch"),
    ("1.2.0-rc.1", "1.3.0", "minor"), ("0.0.0-a", "0.0.1", "major"),
    ("1.0.0", "2.0.0-rc.1", "major"), ("2025-01-14", "2025-02-01", None),
    ("1.0.0", "²", None), ("1.0.0", "١.٠.١", None),
], ids=lambda value: value[:12] if isinstance(value, str) else value)
def test_version_bump(old, new, bump):
    assert version_bump(old, new) == bump


def test_a_version_of_thousands_of_digits_is_not_compared(tmp_path, runner):
    notes = release_notes(diff(_server("1.0.0", ["a"]), _server(HUGE, ["a", "b"])))
    assert CANNOT in _bump_line(notes)
    assert CANNOT in _bump_line(_breaking("1.0.0", "4" * 4400))
    assert CANNOT in _bump_line(_breaking("4" * 4400, "1.0.0"))
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    for path, version, tools in ((old, "1.0.0", ["a"]), (new, HUGE, ["a", "b"])):
        path.write_text(json.dumps({"initialize": {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                                                   "serverInfo": {"name": "srv", "version": version}},
                                    "tools": [{"name": t, "inputSchema": {"type": "object"}} for t in tools]}))
    for args in (["release-notes", str(old), str(new)], ["history", str(old), str(new), "--no-lint"],
                 ["release-notes", str(old), str(old), "--new-version", "4" * 4400]):
        done = runner.invoke(app, args)
        assert done.exit_code == 0, done.output
        assert "internal error" not in done.output and CANNOT in done.stdout


def test_a_capital_v_is_dropped_as_a_lower_case_one_is():
    line = _bump_line(_breaking("1.0.0", "V2.0.0"))
    assert line == "**Suggested version bump: major** (`1.0.0` → `V2.0.0`, as given: major, enough)"


def test_any_bump_below_0_1_0_may_break():
    # ^0.0.1 matches 0.0.1 alone (npm and Cargo): 0.0.2 is as free to break as 0.1.0 is after 0.0.x.
    # The headline says why a patch bump is the one for breaking changes (new-user trial, round 22:
    # "patch" beside "breaking changes" read as a contradiction).
    line = _bump_line(_breaking("0.0.1", "0.0.2"))
    assert line == ("**Suggested version bump: patch** (breaking changes; below 0.1.0 a caret range takes no other "
                    "release (^0.0.1 is 0.0.1 alone), so every release is a breaking one and the patch digit is the "
                    "one to bump) (`0.0.1` → `0.0.2`, as given: patch, enough)")
    assert "smaller than the changes call for" not in _bump_line(_breaking("v0.0.9", "0.0.10"))
    assert "smaller than the changes call for" not in _bump_line(_breaking("0.0.3", "0.1.0"))
    # Not the same version again, and not above 0.0.x: 0.1.0's caret range holds 0.1.1.
    assert "**the version did not change**, smaller" in _bump_line(_breaking("0.0.1", "0.0.1"))
    assert "is a **patch** bump, smaller than the changes call for" in _bump_line(_breaking("0.1.0", "0.1.1"))


def test_history_judges_a_0_0_x_bump_as_release_notes_do(tmp_path, runner):
    folder = tmp_path / "releases"
    folder.mkdir()
    for version, tools in (("0.0.1", ["a", "b"]), ("0.0.2", ["a"])):
        (folder / f"{version}.json").write_text(json.dumps({"tools": [{"name": t, "inputSchema": {"type": "object"}}
                                                                      for t in tools]}))
    done = runner.invoke(app, ["history", str(folder), "--no-lint", "--fail-on-semver"])
    assert done.exit_code == 0, done.output
    assert "0.0.1 → 0.0.2" in done.stdout and "SMALLER" not in done.stdout


def test_a_pre_release_and_its_release_are_not_the_same_version():
    released = _breaking("1.0.0-rc.1", "1.0.0")
    assert _bump_line(released) == "**Suggested version bump: major** (`1.0.0-rc.1` → `1.0.0`, as given: major, enough)"
    assert ("> **Note:** 1.0.0 is the release of the pre-release 1.0.0-rc.1: the same version, and the major bump "
            "that release makes, as npm's semver reads it.") in released
    assert "did not change" not in released
    minor = _bump_line(_breaking("1.2.0-rc.1", "1.2.0"))
    assert minor.endswith("the actual bump, `1.2.0-rc.1` → `1.2.0` (as given), is a **minor** bump, smaller than "
                          "the changes call for")
    back = _bump_line(_breaking("1.0.0", "1.0.0-rc.2"))
    assert back.endswith("`1.0.0` → `1.0.0-rc.2` (as given): **the version went down**, smaller than the changes "
                         "call for")
    # not "did not change"
    assert "two pre-releases of one version" in _bump_line(_breaking("1.0.0-rc.1", "1.0.0-rc.2"))


def test_a_server_info_pre_release_of_its_own_release_is_compared():
    # Releases do not count down, so a serverInfo.version that does is taken for an SDK's; a
    # pre-release of the same numbers is no SDK's doing, and the notes say the version went back.
    notes = release_notes(diff(_server("1.0.0", ["a", "b"]), _server("1.0.0-rc.2", ["a"])))
    assert ("— `1.0.0` → `1.0.0-rc.2` (serverInfo.version): **the version went down**, smaller than the changes "
            "call for") in _bump_line(notes)
    assert "likely its SDK's version" not in notes
    up = release_notes(diff(_server("1.0.0-rc.1", ["a"]), _server("1.0.0", ["a", "b"])))
    assert _bump_line(up) == ("**Suggested version bump: minor** (`1.0.0-rc.1` → `1.0.0`, serverInfo.version: major, "
                              "enough)")


@pytest.mark.parametrize("old,new", [
    ("2025-01-14", "2025-02-01"),  # a date: read as 2025, it "did not change"
    ("1.2.3.4", "1.2.3.5"),  # a fourth number
    ("1.0.0rc1", "1.0.0"),  # PEP 440 pre-releases, common for uvx servers
    ("1.0.0a1", "1.0.0b1"),
    ("1.2-beta", "1.2"),
])
def test_only_a_whole_version_is_compared(old, new):
    """Hostile trial: the version was read as a prefix, so each pair was "the version did not
    change", smaller than a breaking release calls for. A version read whole or not at all."""
    from mcp_inspect.report.versions import version_bump

    assert version_bump(old, new) is None
    assert version_bump("1.0.0+build.1", "1.0.1+build.2") == "patch"  # build metadata reads as nothing


@pytest.mark.parametrize("old,new", [
    ("0.0.0", "0.0.1"), ("0.0", "0.0.1"), ("0", "0.0.1"), ("v0.0", "v0.0.1"),  # all read as 0.0.0 → 0.0.1
    ("0.5.0", "0.6.0"), ("0.5", "0.6.0"), ("v0.5", "V0.6"),  # all 0.5.0 → 0.6.0
])
def test_one_version_gets_one_verdict_however_it_is_written(old, new):
    """Hostile trial, round 6: the bump was read from the parsed numbers but "below 0.1.0" and
    "below 1.0.0" from the raw text, so ``0.0`` → ``0.0.1`` was "a patch bump, smaller than
    the changes call for" while ``0.0.0`` → ``0.0.1`` passed. Both now read the parsed numbers."""
    line = _bump_line(_breaking(old, new))
    assert "smaller than the changes call for" not in line and CANNOT not in line, line


@pytest.mark.parametrize("version", [
    "00.5.0", "0.05.0", "1.0.00", "v01.2.3", "01", "1.0.0-rc..1", "1.0.0-rc.", "1.0.0-.rc", "1.0.0-", "1.0.0-rc.01",
    "1.0.0+", "1.0.0+a..b",
])
def test_what_semver_forbids_is_not_a_version_mcp_inspect_can_compare(version):
    """Hostile trial, round 6: ``00.5.0`` → ``00.6.0`` was read as 0.5.0 → 0.6.0 by the bump
    but not as below 1.0.0 by the verdict, so it was "smaller than the changes call for" where
    ``0.5.0`` → ``0.6.0`` passed; and ``1.0.0-rc..1`` was a pre-release. SemVer forbids
    leading zeros (2, and 9 for numeric pre-release identifiers) and empty identifiers (9,
    10); npm's semver refuses them too. Such a version is not compared, as 1.0.0rc1 is not."""
    assert version_bump(version, "2.0.0") is None and version_bump("0.0.1", version) is None
    assert CANNOT in _bump_line(_breaking(version, "9.0.0"))


@pytest.mark.parametrize("version", ["0.0.0", "0", "10.20.30", "1.0.0-0", "1.0.0-rc.0", "1.0.0-0a.1",
                                     "1.0.0-rc-1.x-y", "1.0.0+001", "1.0.0-alpha+build.007"])
def test_what_semver_allows_still_compares(version):
    assert version_bump(version, "99.0.0") == "major"


@pytest.mark.parametrize(("old", "new", "said"), [
    ("0.1.16", "0.13.2", "minor** (breaking changes; below 1.0.0 a minor bump is the breaking one, as ^0.1.16 "
                         "allows only 0.1.x) (`0.1.16` → `0.13.2`, as given: minor, enough)"),
    ("0.0.1", "0.0.2", "patch** (breaking changes; below 0.1.0 a caret range takes no other release (^0.0.1 is "
                       "0.0.1 alone), so every release is a breaking one and the patch digit is the one to bump)"),
    # The old version's own range, not a made-up one (new-user trial, round 10: "^0.3.1" beside 0.2.0 → 0.5.1).
    ("v0.2.0", "0.5.1", "minor** (breaking changes; below 1.0.0 a minor bump is the breaking one, as ^0.2.0 allows "
                        "only 0.2.x)"),
])
def test_a_smaller_bump_enough_below_1_0_0_says_why(old, new, said):
    """New-user trial (round 7, figma-developer-mcp 0.1.16 → 0.13.2): the notes named a minor
    bump beside a major call and no verdict, and history ticked it, with no word of the caret
    rule below 1.0.0 that makes it enough (docs/ci.md alone said so)."""
    assert said in _bump_line(_breaking(old, new))


def test_history_says_why_too(tmp_path, runner):
    for version, tools in (("0.1.0", ["a", "b"]), ("0.2.0", ["a"])):
        (tmp_path / f"{version}.json").write_text(json.dumps({"tools": [
            {"name": t, "inputSchema": {"type": "object"}} for t in tools]}))
    done = runner.invoke(app, ["history", str(tmp_path)])
    assert ("a minor bump; the changes call for minor (breaking changes; below 1.0.0 a minor bump is the breaking "
            "one, as ^0.1.0 allows only 0.1.x)") in done.stdout, done.stdout


def test_the_headline_says_the_bump_below_1_0_0_so_the_notes_give_one_verdict(tmp_path, runner):
    """New-user trials, rounds 16 and 17 (next-devtools-mcp 0.2.6 → 0.4.0, mcp-yahoo-finance 0.1.2 →
    0.2.0): the notes' headline said "Suggested version bump: major" and the same line called the
    minor bump enough, history's Markdown table said "minor (needs major)" beside a tick, and
    "major (minor below 1.0.0)" still gave two levels. Below 1.0.0 the headline and the table
    now name the one bump to make on that line, and say why; above 1.0.0, and where the versions
    are not compared, the headline is as it was."""
    assert _bump_line(_breaking("0.2.6", "0.4.0")) == (
        "**Suggested version bump: minor** (breaking changes; below 1.0.0 a minor bump is the breaking one, as "
        "^0.2.6 allows only 0.2.x) (`0.2.6` → `0.4.0`, as given: minor, enough)")
    assert "major" not in _bump_line(_breaking("0.2.6", "0.4.0"))
    assert _bump_line(_breaking("1.2.0", "2.0.0")).startswith("**Suggested version bump: major** (")
    for version, tools in (("0.2.6", ["a", "b"]), ("0.4.0", ["a"])):
        (tmp_path / f"{version}.json").write_text(json.dumps({"tools": [
            {"name": t, "inputSchema": {"type": "object"}} for t in tools]}))
    done = runner.invoke(app, ["history", str(tmp_path), "--format", "markdown"])
    assert "minor (needs minor)" in done.stdout and "needs major" not in done.stdout, done.stdout


def test_two_pre_releases_of_one_version_are_said_so():
    """Hostile trial, round 7: rc.1 → rc.2 read "not a version mcp-inspect can compare"."""
    line = _bump_line(_breaking("1.0.0-rc.1", "1.0.0-rc.2"))
    assert "are two pre-releases of one version, between which SemVer names no bump" in line
    assert CANNOT not in line
