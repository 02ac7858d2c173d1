"""Two captures taken under different conditions say so before any finding, and a newer
negotiated protocol revision says what the capture did and did not observe."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from mcp_inspect import api
from mcp_inspect.findings.severity import Severity
from mcp_inspect.snapshot.shapes import snapshot_from_value

TOOLS = [{"name": "echo", "description": "Echo the text back.", "inputSchema": {"type": "object"}}]


def _legacy(version: str, **details: Any) -> dict[str, Any]:
    live = {"transport": "stdio", "command": ["server"], "protocolRequested": "auto",
            "clientInfo": {"name": "mcp-inspect", "version": "0.2.0"}, **details}
    return {"provenance": {"source": "stdio:server", "shape": "capture", "era": "legacy",
                           "protocol_version": version, "details": live},
            "initialize": {"protocolVersion": version, "capabilities": {"tools": {}},
                           "serverInfo": {"name": "s", "version": "1.0.0"}},
            "tools": copy.deepcopy(TOOLS)}


def _modern(supported: list[str], **details: Any) -> dict[str, Any]:
    side = _legacy("2026-07-28", **details)
    side["provenance"]["era"] = "modern"
    del side["initialize"]
    side["discover"] = {"resultType": "complete", "supportedVersions": supported, "capabilities": {"tools": {}},
                        "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "s", "version": "1.0.0"}},
                        "ttlMs": 60000, "cacheScope": "public"}
    return side


def _diff(old: dict[str, Any], new: dict[str, Any]):
    return api.diff(_load(old, "old"), _load(new, "new"))


def _load(value: dict[str, Any], name: str):
    snap = snapshot_from_value(json.loads(json.dumps(value)), name)
    prov = value.get("provenance")
    if prov:  # the fixture states the provenance a live capture records
        snap.provenance.era, snap.provenance.protocol_version = prov["era"], prov["protocol_version"]
        snap.provenance.details = prov["details"]
    return snap


def test_identical_conditions_say_nothing():
    report = _diff(_legacy("2025-11-25"), _legacy("2025-11-25"))
    assert report.warnings == [] and report.changes == []


def test_every_differing_condition_is_one_warning_in_a_fixed_order():
    old = _legacy("2025-11-25", envNames=["API_KEY", "REGION"])
    new = _legacy("2025-06-18", transport="http", httpTransport="sse", headerNames=["Authorization"],
                  protocolRequested="2025-06-18", clientInfo={"name": "mcp-inspect", "version": "0.3.0"})
    assert _diff(old, new).warnings == [
        "capture conditions differ: the old side was captured over stdio and the new over HTTP+SSE",
        "capture conditions differ: the old side was captured with --protocol auto and the new with "
        "--protocol 2025-06-18",
        "capture conditions differ: environment variable names differ (only the old side set API_KEY, "
        "REGION), and a server may offer other tools under them",
        "capture conditions differ: header names differ (only the new side set authorization), and a "
        "server may offer other tools under them",
        "capture conditions differ: the old side was captured by mcp-inspect 0.2.0 and the new by 0.3.0",
    ]


def test_header_names_compare_without_case_and_long_lists_are_counted():
    old = _legacy("2025-11-25", transport="http", headerNames=["X-Token"])
    new = _legacy("2025-11-25", transport="http", headerNames=["x-token"])
    assert _diff(old, new).warnings == []
    many = _legacy("2025-11-25", envNames=[f"V{i:02}" for i in range(12)])
    (warning,) = _diff(_legacy("2025-11-25"), many).warnings
    assert "only the new side set V00, V01, V02, V03, V04, V05, V06, V07 and 4 more" in warning


def test_an_era_chosen_by_auto_negotiation_is_named_with_what_the_probe_saw():
    old = _legacy("2025-11-25", eraFallback="server/discover answered -32601 Method not found",
                  initializeAsked="2025-11-25")
    report = _diff(old, _modern(["2026-07-28"]))
    assert report.warnings == [
        "capture conditions differ: the protocol era was chosen by auto-negotiation: the old side spoke "
        "2025-11-25 through initialize (after server/discover answered -32601 Method not found), the new "
        "side 2026-07-28 through server/discover; the server metadata compares what each capture "
        "negotiated, not everything each release speaks; to compare like with like, capture the new side "
        "in the old side's era: mcp-inspect snapshot --server server --protocol 2025-11-25 -o NEW.json"]


def test_the_recapture_keeps_the_published_version_the_capture_recorded():
    """New-user trial: the suggested command dropped `--package`, so the recaptured side lost
    the version release notes compare."""
    old = _legacy("2025-11-25", eraFallback="server/discover answered -32601 Method not found",
                  initializeAsked="2025-11-25")
    new = _modern(["2026-07-28"], package="wikipedia-mcp")
    new["provenance"]["details"]["version"] = "2.0.1"  # what snapshot --package records beside it
    (warning,) = _diff(old, new).warnings
    assert warning.endswith("--protocol 2025-11-25 --package wikipedia-mcp@2.0.1 -o NEW.json")


def test_the_recapture_the_era_warning_suggests_leaves_no_warning():
    """figma-developer-mcp trial: after the era warning, the user captured the new side again with
    the command it gave (``--protocol 2025-11-25``); the old side had auto-negotiated that very
    revision, so the two conversations are alike and nothing is left to warn about."""
    old = _legacy("2025-11-25", eraFallback="server/discover answered -32601 Method not found")
    again = _legacy("2025-11-25", protocolRequested="2025-11-25")
    assert _diff(old, again).warnings == []
    assert _diff(again, old).warnings == []
    # Another revision asked for, or one auto settled elsewhere, still says so.
    other = _legacy("2025-06-18", protocolRequested="2025-06-18")
    assert any("--protocol auto and the new with --protocol 2025-06-18" in w for w in _diff(old, other).warnings)
    moved = _legacy("2025-06-18")
    assert any("--protocol 2025-11-25 and the new with --protocol auto" in w for w in _diff(again, moved).warnings)


def test_two_revisions_asked_for_by_name_that_negotiated_the_same_one_leave_no_warning():
    """New-user trial, round 11: zotero-mcp 0.1.6 was captured with ``--protocol 2025-11-25`` (as the
    capture note advised) and answered 2024-11-05; 0.3.1 was captured with ``--protocol 2024-11-05``
    (as the era warning advised) and answered 2024-11-05 too. Both spoke 2024-11-05 over initialize,
    yet every diff and history still warned that the capture conditions differ."""
    old = _legacy("2024-11-05", protocolRequested="2025-11-25", initializeAsked="2025-11-25")
    new = _legacy("2024-11-05", protocolRequested="2024-11-05", initializeAsked="2024-11-05")
    assert _diff(old, new).warnings == []
    assert _diff(new, old).warnings == []
    # auto that settled on the revision the other side was answered with held the same conversation too.
    fell_back = _legacy("2024-11-05", eraFallback="server/discover timed out", initializeAsked="2025-11-25")
    assert _diff(fell_back, old).warnings == []
    # What was asked still counts where it changed what was negotiated: another revision, or another era.
    answered = _legacy("2025-06-18", protocolRequested="2025-06-18")
    assert _diff(old, answered).warnings == [
        "capture conditions differ: the old side was captured with --protocol 2025-11-25 and the new with "
        "--protocol 2025-06-18"]
    modern = _modern(["2026-07-28"], protocolRequested="2026-07-28")
    legacy = _legacy("2026-07-28", protocolRequested="2025-11-25")
    assert _diff(legacy, modern).warnings == [
        "capture conditions differ: the old side was captured with --protocol 2025-11-25 and the new with "
        "--protocol 2026-07-28"]


def test_a_new_side_that_refused_server_discover_asks_for_the_old_side_again():
    """elasticsearch-mcp-server trial: the old release spoke server/discover, the new one answered
    it -32601 and was captured over initialize; capturing the new side in the modern era would
    fail again, so the warning gives the command that asks the old side for the legacy revision."""
    old = _modern(["2026-07-28", "2025-11-25"], command=["uvx", "server==1.0"])
    new = _legacy("2025-11-25", eraFallback="server/discover answered -32601 Method not found",
                  command=["uvx", "server==2.0"])
    (warning,) = _diff(old, new).warnings
    assert warning.endswith("; the new side refused server/discover, so to compare like with like, capture the "
                            "old side in the new side's era: mcp-inspect snapshot --server 'uvx server==1.0' "
                            "--protocol 2025-11-25 -o OLD.json")


@pytest.mark.parametrize("asked", [["auto"], {"v": "auto"}, 7, None])
def test_a_protocol_requested_that_is_not_a_string_is_not_compared(asked, tmp_path):
    """A hand-edited provenance whose protocolRequested is a list or an object once crashed the
    diff (a set of an unhashable value); such a side has no revision to compare."""
    old = _legacy("2025-11-25", protocolRequested=asked)
    for pair in ((old, _legacy("2025-11-25")), (_legacy("2025-11-25"), old), (old, _modern(["2026-07-28"]))):
        assert not any("--protocol" in w and "captured with" in w for w in _diff(*pair).warnings)
    from typer.testing import CliRunner

    from mcp_inspect.cli import app
    from mcp_inspect.snapshot import write_snapshot

    paths = []
    for name, side in (("old", old), ("new", _legacy("2025-11-25"))):
        write_snapshot(_load(side, name), tmp_path / f"{name}.json")
        paths.append(str(tmp_path / f"{name}.json"))
    result = CliRunner().invoke(app, ["diff", *paths, "--format", "json"])
    assert result.exit_code == 0 and json.loads(result.output)["findings"] == [], result.output


def test_snapshots_that_are_not_two_live_captures_compare_no_conditions():
    hand_made = {"tools": TOOLS}
    # (The one warning left says why two fingerprints differ with no change: the hand-made
    # side declares no server metadata. No condition is compared.)
    warnings = _diff(hand_made, _legacy("2025-11-25", envNames=["A"])).warnings
    assert [w for w in warnings if "fingerprints differ" not in w] == [], warnings
    hostile = _legacy("2025-11-25")
    hostile["provenance"]["details"] = {"transport": ["not", "a", "string"]}
    assert _diff(hostile, _legacy("2025-11-25")).warnings == []


# --- the negotiated revision -------------------------------------------------------------------


def _protocol_finding(old: dict[str, Any], new: dict[str, Any]):
    (finding,) = [f for f in _diff(old, new).changes if f.rule.startswith("server.protocolVersion")]
    return finding


def test_a_newer_revision_whose_predecessor_was_not_asked_for_says_so():
    finding = _protocol_finding(_legacy("2025-06-18"), _legacy("2025-11-25"))
    assert finding.rule == "server.protocolVersion.changed"
    assert finding.severity is Severity.POTENTIALLY_BREAKING
    assert finding.message == ("protocol 2025-06-18 (legacy) → 2025-11-25 (legacy); whether the new side "
                               "still accepts 2025-06-18 was not observed (check with --protocol 2025-06-18)")


def test_a_newer_revision_that_still_lists_the_previous_one_is_not_breaking():
    finding = _protocol_finding(_legacy("2025-11-25"), _modern(["2026-07-28", "2025-11-25"]))
    assert finding.rule == "server.protocolVersion.upgraded"
    assert finding.severity is Severity.NON_BREAKING
    assert finding.message == ("protocol 2025-11-25 (legacy) → 2026-07-28 (modern); the new side still "
                               "lists 2025-11-25 in supportedVersions")


@pytest.mark.parametrize(("old", "new"), [
    ("2025-11-25", "2025-06-18"),  # an older revision: clients of the newer one are at risk
    ("2025-11-25", "draft"),  # not a dated revision: nothing to order
])
def test_an_older_or_undated_revision_keeps_the_plain_message(old, new):
    finding = _protocol_finding(_legacy(old), _legacy(new))
    assert finding.rule == "server.protocolVersion.changed" and finding.variant == "default"
    assert finding.message == f"protocol {old} (legacy) → {new} (legacy)"


# --- where the reports put them ------------------------------------------------------------------


def _conditions_report():
    return _diff(_legacy("2025-06-18", envNames=["A"]), _legacy("2025-11-25"))


def test_markdown_puts_the_warnings_above_every_finding():
    text = api.render(_conditions_report(), "markdown")
    warning = text.index("capture conditions differ")
    assert text.index("### Warnings") < warning < text.index("server.protocolVersion.changed")


def test_release_notes_lead_with_the_conditions():
    text = api.release_notes(_conditions_report())
    assert text.index("> **Note:** capture conditions differ: environment variable names differ") \
        < text.index("whether the new side still accepts 2025-06-18 was not observed")


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
def test_every_other_format_carries_the_warning(fmt):
    assert "only the old side set A" in api.render(_conditions_report(), fmt)


def test_the_html_page_puts_the_warnings_above_every_finding():
    pytest.importorskip("jinja2")
    page = api.render(_conditions_report(), "html")
    assert page.index('id="warnings"') < page.index("only the old side set A") < page.index(
        "server.protocolVersion.changed")


@pytest.mark.parametrize("render", [lambda report: api.render(report, "markdown"), api.release_notes])
def test_the_recapture_command_pastes_from_markdown(render):
    """New-user trial (round 6): the release notes' era note wrote `--package NAME@⁠1.1.0` with
    the word joiner that keeps `@name` from being a mention, and the pasted command failed.
    The command is a code span, inert as it is and copied as written."""
    old = _legacy("2025-11-25", eraFallback="server/discover answered -32601 Method not found",
                  initializeAsked="2025-11-25")
    new = _modern(["2026-07-28"], package="@scope/server", command=["npx", "-y", "@scope/server@1.1.0"])
    new["provenance"]["details"]["version"] = "1.1.0"
    text = render(_diff(old, new))
    command = ("mcp-inspect snapshot --server 'npx -y @scope/server@1.1.0' --protocol 2025-11-25 "
               "--package @scope/server@1.1.0 -o NEW.json")
    assert f"in the old side's era: `{command}`" in text
    assert "\u2060" not in text.split("in the old side's era: ", 1)[1].split("\n", 1)[0]


def test_a_member_change_inside_a_non_disjoint_one_of_branch_is_not_ordered():
    """Hostile trial, round 11: "exactly one of url and path", as oneOf of two required lists.
    The path branch lost its required: every call with url alone now matches both branches and
    is refused (Core 2020-12, 10.2.1.3), yet the finding was NON_BREAKING required.removed and
    the gate passed. A member's change inside such a branch now reads as ordering facts do
    there: constraint.changed, with the note, and its witness."""
    from support import diff_input_schemas

    props = {"url": {"type": "string"}, "path": {"type": "string"}}
    old = {"type": "object", "properties": props, "oneOf": [{"required": ["url"]}, {"required": ["path"]}]}
    new = {"type": "object", "properties": props, "oneOf": [{"required": ["url"]}, {}]}
    [finding] = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.changed", "BREAKING"), finding
    assert "inside a oneOf branch" in finding.message and finding.witness.found
    # An anyOf branch loosened only loosens: no value is refused for matching two.
    union = {"type": "object", "properties": props}
    loose = diff_input_schemas({**union, "anyOf": [{"required": ["url"]}, {"required": ["path"]}]},
                               {**union, "anyOf": [{"required": ["url"]}, {}]}).findings
    assert all(f.severity.name != "BREAKING" for f in loose), loose
