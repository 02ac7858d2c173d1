"""Approvals (``approve:``): one change accepted by its fingerprint, not its rule and tool.

``mcp-inspect approve OLD NEW ID… --reason …`` appends an entry to ``.mcp-inspect.yml``; the
approved change no longer fails the gate and every format shows it approved with its reason;
another change of the same rule on the same tool still fails; an approval that matches nothing
is stale, and an expired one stops applying, each with a warning.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
import yaml

from mcp_inspect import api, diff, load, render
from mcp_inspect.cli import app
from mcp_inspect.config.approvals import append_approvals, approvals_for, with_approvals, yaml_string
from mcp_inspect.config.load import Config, load_config
from mcp_inspect.config.waivers import ApproveRule
from mcp_inspect.errors import InputError


def _tool(required: list[str], description: str = "Search the catalogue.") -> dict:
    return {"name": "search", "description": description,
            "inputSchema": {"type": "object", "required": required,
                            "properties": {"q": {"type": "string"}, "limit": {"type": "integer"},
                                           "page": {"type": "integer"}}}}


@pytest.fixture
def pair(tmp_path: Path) -> tuple[str, str]:
    """Two changes of one rule on one tool: ``limit`` and ``page`` both become required."""
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps({"tools": [_tool(["q"])]}))
    new.write_text(json.dumps({"tools": [_tool(["q", "limit", "page"])]}))
    return str(old), str(new)


def _ids(old: str, new: str) -> dict[str, str]:
    """The JSON report's ids of the changes, by the property each makes required."""
    report = json.loads(render(diff(old, new), "json"))
    return {f["args"]["property"]: f["id"] for f in report["findings"]}


def _cli(runner, tmp_path, *args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_approving_one_of_two_changes_of_a_rule_leaves_the_other_failing(pair, tmp_path, runner, monkeypatch):
    old, new = pair
    monkeypatch.chdir(tmp_path)
    ids = _ids(old, new)
    result = runner.invoke(app, ["approve", old, new, ids["limit"], "--reason", "limit was announced"])
    assert result.exit_code == 0, result.output
    report = diff(old, new, config=load_config(tmp_path / ".mcp-inspect.yml"))
    by_property = {f.args["property"]: f for f in report.changes}
    assert by_property["limit"].approved and not by_property["limit"].fails
    assert by_property["limit"].reason == "approved: limit was announced"
    assert not by_property["page"].approved and by_property["page"].fails
    assert report.exit_code == 1
    gate = runner.invoke(app, ["diff", old, new, "--no-lint"])
    assert gate.exit_code == 1
    assert "approved: limit was announced" in gate.output


def test_an_approval_does_not_match_another_change_at_the_same_place(pair, tmp_path):
    """Same rule, tool and path, other values: the digest differs, so the change still fails."""
    old, new = pair
    report = diff(old, new)
    limit = next(f for f in report.changes if f.args["property"] == "limit")
    approval = ApproveRule.of(limit, "ok")
    other = tmp_path / "other.json"  # `limit` changes type instead of becoming required
    tool = _tool(["q"])
    tool["inputSchema"]["properties"]["limit"] = {"type": "string"}
    other.write_text(json.dumps({"tools": [tool]}))
    changed = diff(old, str(other), config=Config(approve=[approval]))
    assert changed.failed and not any(f.approved for f in changed.changes)
    assert any("matched no finding (stale)" in w for w in changed.warnings)


def test_all_breaking_approves_every_breaking_change(pair, tmp_path):
    old, new = pair
    config = tmp_path / "c.yml"
    done = api.approve(old, new, all_breaking=True, reason="both announced", config=config)
    assert len(done.written) == 2 and done.path == config
    report = diff(old, new, config=load_config(config))
    assert not report.failed and all(f.approved for f in report.changes)
    again = api.approve(old, new, report.changes[0].id, reason="twice", config=config)  # one id, bare
    assert again.written == [] and len(again.already) == 1  # not written twice
    assert len(load_config(config).approve) == 2


def test_stale_and_expired_approvals_are_warned(pair, tmp_path):
    old, new = pair
    report = diff(old, new)
    limit, page = sorted(report.changes, key=lambda f: f.args["property"])
    stale = ApproveRule("tool.input.required.added", "tool", "gone", "inputSchema.properties.x", "0" * 16, "old")
    expired = ApproveRule.of(page, "was fine", date(2020, 1, 1))
    result = diff(old, new, config=Config(approve=[stale, expired, ApproveRule.of(limit, "fine")]))
    assert any("approval of tool.input.required.added on tool 'gone'" in w and "(stale)" in w
               for w in result.warnings)
    assert any("expired on 2020-01-01 and no longer applies" in w for w in result.warnings)
    failing = [f.args["property"] for f in result.changes if f.fails]
    assert failing == ["page"]  # the expired approval no longer applies


def test_unknown_finding_id_is_one_line_and_exit_2(pair, tmp_path, runner, monkeypatch):
    old, new = pair
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["approve", old, new, "0123456789abcdef", "--reason", "x"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "mcp-inspect: error: approve: the diff has no change with id '0123456789abcdef' (the ids are those of "
        "`mcp-inspect diff OLD NEW --format json`, findings[].id; a lint finding is ignored by code under ignore:)"]
    assert not (tmp_path / ".mcp-inspect.yml").exists()


def test_a_reason_is_required_and_a_date_checked(pair):
    old, new = pair
    report = diff(old, new)
    with pytest.raises(InputError, match="needs a reason"):
        approvals_for(report, [report.changes[0].id], reason=" ")
    with pytest.raises(InputError, match="not a real date"):
        approvals_for(report, [report.changes[0].id], reason="x", expires="2026-02-30")
    with pytest.raises(InputError, match="not both"):
        approvals_for(report, [report.changes[0].id], reason="x", all_breaking=True)


def test_the_file_keeps_its_comments_and_gets_the_entries_appended(pair, tmp_path, runner):
    old, new = pair
    config = tmp_path / "custom.yml"
    config.write_text("# team settings\nfail_on: BREAKING  # the gate\napprove:\n"
                      "- rule: tool.removed   # an old one\n  kind: tool\n  entity: legacy\n  path: ''\n"
                      "  digest: 0123456789abcdef\n  reason: gone for good\n\n# trailing note\nrenames: {}\n")
    ids = _ids(old, new)
    result = runner.invoke(app, ["approve", old, new, ids["page"], "--reason", "page \"moved\" é\u200b",
                                 "--config", str(config), "--expires", "2099-12-31"])
    assert result.exit_code == 0, result.output
    text = config.read_text()
    assert text.startswith("# team settings\nfail_on: BREAKING  # the gate\napprove:\n- rule: tool.removed   # an old")
    assert "# trailing note\nrenames: {}\n" in text
    loaded = load_config(config)
    assert [a.entity for a in loaded.approve] == ["legacy", "search"]
    assert loaded.approve[1].reason == "page \"moved\" é\u200b"
    assert loaded.approve[1].expires == date(2099, 12, 31)
    assert loaded.approve[1].line == 10  # right after the first entry, before the blank line


def test_a_file_with_windows_line_ends_keeps_them():
    entry = ApproveRule("tool.removed", "tool", "x", "", "0123456789abcdef", "ok")
    original = "# ours\r\nfail_on: BREAKING\r\napprove:\r\n  - rule: tool.removed\r\n    kind: tool\r\n" \
               "    entity: y\r\n    path: ''\r\n    digest: 0123456789abcdef\r\n    reason: r\r\n"
    edited = with_approvals(original, [entry])
    assert edited.startswith(original) and "\n" not in edited.replace("\r\n", "")
    assert [a["entity"] for a in yaml.safe_load(edited)["approve"]] == ["y", "x"]
    assert with_approvals("a: 1\r\n", [entry]).startswith("a: 1\r\n\r\napprove:\r\n")


def test_the_file_is_appended_to_byte_for_byte(tmp_path):
    path = tmp_path / "w.yml"
    original = b"# ours\r\nfail_on: BREAKING\r\n"
    path.write_bytes(original)
    append_approvals(path, [ApproveRule("tool.removed", "tool", "x", "", "0123456789abcdef", "ok")])
    assert path.read_bytes().startswith(original + b"\r\napprove:\r\n")


def test_an_empty_flow_list_and_a_new_file():
    entry = ApproveRule("tool.removed", "tool", "x", "", "0123456789abcdef", "ok")
    edited = with_approvals("approve: []  # none yet\n", [entry])
    assert yaml.safe_load(edited)["approve"][0]["entity"] == "x"
    assert "# none yet" in edited
    assert yaml.safe_load(with_approvals("", [entry]))["approve"][0]["digest"] == "0123456789abcdef"


@pytest.mark.parametrize("text", ["plain", "a \"quoted\" \\ back", "tab\there\nnew line", "\u2028\u202e\ufeff",
                                  "emoji \U0001f600", "\x85\x7f", "123", "0123456789012345", "yes", "null", ""])
def test_yaml_strings_read_back_exactly(text):
    assert yaml.safe_load(f"v: {yaml_string(text)}")["v"] == text


def test_a_flow_list_is_refused_with_the_lines_to_add(pair, tmp_path):
    old, new = pair
    config = tmp_path / "flow.yml"
    config.write_text("approve: [{rule: tool.removed, kind: tool, entity: x, path: '', digest: 0123456789abcdef, "
                      "reason: r}]\n")
    with pytest.raises(InputError, match="cannot add the approval to this file as text") as caught:
        api.approve(old, new, all_breaking=True, reason="x \"quoted\": a, b", config=config)
    assert load_config(config).approve[0].entity == "x"  # untouched
    # What the message says to add is YAML that pastes into the flow list as it is.
    said = str(caught.value)
    head, _, to_add = said.partition("to its approve: list: ")
    assert to_add and "\n" not in said
    pasted = config.read_text().replace("reason: r}]", "reason: r}, " + to_add + "]")
    config.write_text(pasted)
    approvals = load_config(config).approve
    assert len(approvals) > 1 and {a.reason for a in approvals[1:]} == {'x "quoted": a, b'}


def test_config_errors_name_file_line_and_key(tmp_path):
    path = tmp_path / ".mcp-inspect.yml"
    path.write_text("approve:\n  - rule: SEC-001\n    kind: tool\n    entity: x\n    path: ''\n"
                    "    digest: 0123456789abcdef\n    reason: r\n")
    with pytest.raises(InputError, match=r"\.mcp-inspect\.yml:2: approve\[0\]\.rule: SEC-001 is a lint code"):
        load_config(path)
    path.write_text("approve:\n  - rule: tool.removed\n    kind: tool\n    entity: x\n    path: ''\n"
                    "    digest: xyz\n    reason: r\n")
    with pytest.raises(InputError, match=r"\.mcp-inspect\.yml:6: approve\[0\]\.digest"):
        load_config(path)
    path.write_text("approve:\n  - rule: tool.removed\n    kind: tool\n    entity: x\n    path: ''\n"
                    "    digest: 0123456789abcdef\n    reason: r\n    expires: 2027-01-31\n")
    assert load_config(path).approve[0].expires == date(2027, 1, 31)  # an unquoted date reads as one


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "markdown", "github", "html", "junit"])
def test_every_format_shows_the_approval_and_its_reason(pair, fmt):
    """JUnit too (hostile trial, round 3: it said "(ignored)" with no reason, where
    configuration.md promises every format the reason); GitLab lists no ignored change at all
    (docs/ci.md), so it has nothing to say it on."""
    old, new = pair
    report = diff(old, new)
    limit = next(f for f in report.changes if f.args["property"] == "limit")
    approved = diff(load(old), load(new), config=Config(approve=[ApproveRule.of(limit, "announced in 2.0")]))
    text = render(approved, fmt)
    assert "approved: announced in 2.0" in text
    if fmt in ("text", "markdown"):
        assert "Approved or ignored by configuration (1)" in text
    if fmt == "json":
        finding = next(f for f in json.loads(text)["findings"] if f["id"] == limit.id)
        assert finding["approved"] is True and finding["ignored"] is True and finding["fails"] is False
    if fmt == "sarif":
        results = json.loads(text)["runs"][0]["results"]
        suppressed = [r for r in results if r.get("suppressions")]
        assert [s["justification"] for r in suppressed for s in r["suppressions"]] == ["approved: announced in 2.0"]


def test_an_expired_approval_is_renewed_below_it(pair, tmp_path, runner, monkeypatch):
    """An expired approval is not "already approved": approving the change again writes a new
    entry after it, and the expired one's warning says which line renews it."""
    old, new = pair
    monkeypatch.chdir(tmp_path)
    limit = next(f for f in diff(old, new).changes if f.args["property"] == "limit")
    config = tmp_path / ".mcp-inspect.yml"
    append_approvals(config, [ApproveRule.of(limit, "was fine", date(2020, 1, 1))])
    before = config.read_text()
    result = runner.invoke(app, ["approve", old, new, _ids(old, new)["limit"], "--reason", "renewed",
                                 "--expires", "2999-06-01"])
    assert result.exit_code == 0, result.output
    assert "already approved" not in result.output and "wrote 1 approval to" in result.output
    text = config.read_text()
    assert text.startswith(before)  # the expired entry is kept as it was, the new one after it
    old_entry, new_entry = load_config(config).approve
    assert (old_entry.expires, new_entry.expires, new_entry.reason) == (date(2020, 1, 1), date(2999, 6, 1), "renewed")
    report = diff(old, new, config=load_config(config))
    assert next(f for f in report.changes if f.args["property"] == "limit").approved
    (warning,) = [w for w in report.warnings if "expired" in w]
    assert warning == (f"{old_entry.describe()} expired on 2020-01-01; the approval at line {new_entry.line} "
                       "renews it (the expired entry can be deleted)")
    again = runner.invoke(app, ["approve", old, new, _ids(old, new)["limit"], "--reason", "renewed"])
    assert again.exit_code == 0 and "already approved" in again.output  # the renewal counts
    assert config.read_text() == text


def test_an_expiry_already_past_is_refused(pair, tmp_path, runner, monkeypatch):
    old, new = pair
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["approve", old, new, _ids(old, new)["limit"], "--reason", "x",
                                 "--expires", "2020-01-01"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "mcp-inspect: error: --expires: 2020-01-01 is already past; an approval that has expired would never apply"]
    assert not (tmp_path / ".mcp-inspect.yml").exists()
    report = diff(old, new)
    with pytest.raises(InputError, match="already past"):
        approvals_for(report, [report.changes[0].id], reason="x", expires=date(2026, 3, 1), today=date(2026, 3, 2))
    assert approvals_for(report, [report.changes[0].id], reason="x", expires=date(2026, 3, 2),
                         today=date(2026, 3, 2))[0].expires == date(2026, 3, 2)  # the last day it applies
