"""The JSON report validates against its published schema, for real and edge-case results."""

from __future__ import annotations

import json

import jsonschema
import pytest
from conftest import DATA, ROOT

from mcp_inspect.cli import app

SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text())
PAIRS = [
    (DATA / "corpus/notion/2.2.1.json", DATA / "corpus/notion/2.4.0.json"),
    (DATA / "corpus/everything/2025.11.25.json", DATA / "corpus/everything/2026.1.26.json"),
    (DATA / "cases/server-scope-narrowed/old.json", DATA / "cases/server-scope-narrowed/new.json"),
    (DATA / "cases/quiet-identical/old.json", DATA / "cases/quiet-identical/new.json"),
]


def test_schema_is_itself_valid():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("old,new", PAIRS, ids=lambda p: p.parent.name + "/" + p.stem)
def test_report_validates(runner, old, new):
    result = runner.invoke(app, ["diff", str(old), str(new), "--format", "json"])
    report = json.loads(result.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(report)
    keys = [(f["entity"]["kind"], f["entity"]["name"], f["path"], f["rule"]) for f in report["findings"]]
    assert keys == sorted(keys)


def test_ignored_findings_validate_with_their_reason(runner, tmp_path):
    config = tmp_path / "c.yml"
    config.write_text("ignore:\n  - rule: tool.*\n    reason: churn\n")
    case = DATA / "cases/tool-renamed"
    result = runner.invoke(app, ["diff", str(case / "old.json"), str(case / "new.json"),
                                 "--format", "json", "--config", str(config)])
    report = json.loads(result.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(report)
    assert report["findings"][0]["reason"] == "churn"


def test_renamed_finding_names_the_new_tool_and_keeps_the_old_in_before(runner):
    case = DATA / "cases/tool-renamed"
    report = json.loads(runner.invoke(app, ["diff", str(case / "old.json"), str(case / "new.json"),
                                            "--format", "json"]).stdout)
    [finding] = report["findings"]
    assert finding["entity"] == {"kind": "tool", "name": "list_directory"}
    assert finding["before"] == "list_dir" and finding["after"] == "list_directory"


def _tool(prop: dict) -> dict:
    return {"name": "t", "inputSchema": {"type": "object", "properties": {"x": {"type": "string", **prop}}}}


@pytest.mark.parametrize(("old", "new", "before", "after", "absent"), [
    ({}, {"default": None}, None, None, ["before"]),
    ({"default": None}, {}, None, None, ["after"]),
    ({"default": None}, {"default": "a"}, None, "a", None),
    ({"default": "a"}, {}, "a", None, ["after"]),
])
def test_an_absent_side_is_told_from_a_null_value(runner, tmp_path, old, new, before, after, absent):
    """``before``/``after`` stay what they were (null for an absent side, so readers of schema
    version 2 read on); ``absent`` names the sides that were not there at all."""
    paths = []
    for name, prop in (("old", old), ("new", new)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({"tools": [_tool(prop)]}))
        paths.append(str(path))
    result = runner.invoke(app, ["diff", *paths, "--format", "json", "--no-lint"])
    report = json.loads(result.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(report)
    [finding] = report["findings"]
    assert finding["rule"] == "tool.input.default.changed"
    assert (finding["before"], finding["after"], finding.get("absent")) == (before, after, absent)


def test_the_schema_refuses_an_absent_marker_that_names_no_side():
    marker = jsonschema.Draft202012Validator(SCHEMA["$defs"]["finding"]["properties"]["absent"])
    assert marker.is_valid(["before"]) and marker.is_valid(["before", "after"])
    assert not marker.is_valid(["old"]) and not marker.is_valid([]) and not marker.is_valid(["after", "after"])


# --- a diff's lint: what the change did in full, what it inherited counted ----------------

LINT_PAIR = (DATA / "corpus/notion/2.2.1.json", DATA / "corpus/notion/2.4.0.json")


def _diff_json(runner, *options, pair=LINT_PAIR):
    result = runner.invoke(app, ["diff", *map(str, pair), "--format", "json", "--select", "ALL", *options])
    assert result.exit_code in (0, 1), result.output
    report = json.loads(result.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(report)
    return report


def test_a_diff_counts_inherited_lint_findings_by_code(runner):
    report = _diff_json(runner)
    assert report["schemaVersion"] == 4
    lint = report["lint"]
    inherited = lint["inherited"]
    assert inherited and list(inherited) == sorted(inherited)
    assert all(isinstance(n, int) and n > 0 for n in inherited.values())
    summary = lint["summary"]["inherited"]
    assert sum(inherited.values()) == summary["error"] + summary["warning"] + summary["info"]
    assert lint["inheritedFindings"] == []  # none fails the gate under the default inherited_fail_on: none
    assert isinstance(lint["introduced"], list) and isinstance(lint["resolved"], list)


def test_lint_inherited_lists_them_in_full(runner):
    counted, listed = _diff_json(runner)["lint"], _diff_json(runner, "--lint-inherited")["lint"]
    by_code: dict[str, int] = {}
    for finding in listed["inheritedFindings"]:
        assert set(finding) >= {"id", "code", "tool", "path", "message", "fails"}
        by_code[finding["code"]] = by_code.get(finding["code"], 0) + (not finding["ignored"])
    assert by_code == listed["inherited"] == counted["inherited"]
    assert listed["introduced"] == counted["introduced"] and listed["resolved"] == counted["resolved"]


def test_inherited_findings_that_fail_the_gate_are_listed_without_asking(runner, tmp_path):
    config = tmp_path / "c.yml"
    config.write_text("lint:\n  inherited_fail_on: warning\n")
    report = _diff_json(runner, "--config", str(config))
    listed = report["lint"]["inheritedFindings"]
    assert listed and all(f["fails"] for f in listed) and report["summary"]["gate"] == "fail"
    everything = _diff_json(runner, "--config", str(config), "--lint-inherited")["lint"]["inheritedFindings"]
    assert listed == [f for f in everything if f["fails"]] and len(everything) > len(listed)


def _side(tmp_path, name, additional):
    tool = {"name": "find", "description": "Find documents in a collection.",
            "inputSchema": {"type": "object", "properties": {
                "filter": {"type": "object", "description": "The filter.", "additionalProperties": additional}}}}
    path = tmp_path / name
    path.write_text(json.dumps({"tools": [tool]}))
    return path


def test_resolved_lint_findings_are_given_in_full(runner, tmp_path):
    report = _diff_json(runner, pair=(_side(tmp_path, "old.json", True), _side(tmp_path, "new.json", False)))
    lint = report["lint"]
    [resolved] = [f for f in lint["resolved"] if f["code"] == "SEC-009"]
    assert resolved["tool"] == "find" and resolved["path"] == "inputSchema.properties.filter"
    assert resolved["fails"] is False and "filter" in resolved["message"]
    assert lint["summary"]["resolved"]["warning"] >= 1
    assert "SEC-009" not in {f["code"] for f in lint["introduced"]}


def test_the_library_renders_the_inherited_list_on_request():
    from mcp_inspect import LintSettings, diff, render

    result = diff(*map(str, LINT_PAIR), lint=LintSettings())
    counted = json.loads(render(result, "json"))["lint"]
    listed = json.loads(render(result, "json", lint_inherited=True))["lint"]
    assert len(listed["inheritedFindings"]) == len(result.inherited) > len(counted["inheritedFindings"]) == 0
    assert json.loads(render(result, "sarif")) == json.loads(render(result, "sarif", lint_inherited=True))


def test_a_removed_tool_s_findings_are_not_resolved_by_the_change(runner, tmp_path):
    """The removal is its own finding; its lint findings left with it and fixed nothing."""
    old = _side(tmp_path, "old.json", True)
    data = json.loads(old.read_text())
    gone = json.loads(json.dumps(data["tools"][0]))
    gone["name"] = "gone"
    data["tools"].append(gone)
    old.write_text(json.dumps(data))
    report = _diff_json(runner, pair=(old, _side(tmp_path, "new.json", False)))
    resolved = {(f["code"], f["tool"]) for f in report["lint"]["resolved"]}
    assert ("SEC-009", "find") in resolved
    assert not any(tool == "gone" for _, tool in resolved)


def _airtable_like(tmp_path):
    """Modelled on airtable-mcp-server 1.4.1 → 1.14.0: an 18 KB field-options schema (a zod
    intersection, so an ``allOf``) on a dozen tools, lost from each: every finding's
    ``before`` and ``branches_lost`` are the same large value. A short argument stays in place."""
    options = {"allOf": [{"type": "object", "properties": {
        f"option{i}": {"type": "string", "description": f"Option {i} of the field, as the Airtable API names it."}
        for i in range(200)}}, {"type": "object", "required": ["option0"]}]}
    assert len(json.dumps(options, separators=(",", ":"))) > 18_000

    def surface(with_options):
        return {"tools": [{"name": f"tool_{n:02}", "inputSchema": {"type": "object", "properties": {
            "baseId": {"type": "string"},
            "options": {"anyOf": [options, {"type": "string"}]} if with_options else {"type": "string"}}}}
            for n in range(12)]}
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(surface(True)))
    new.write_text(json.dumps(surface(False)))
    return old, new


def test_a_large_value_is_written_once_and_named_by_the_findings(runner, tmp_path):
    from mcp_inspect.report.json_report import SHARED_VALUE_CHARS, expand_values

    old, new = _airtable_like(tmp_path)
    shared = runner.invoke(app, ["diff", str(old), str(new), "--format", "json"]).stdout
    full = runner.invoke(app, ["diff", str(old), str(new), "--format", "json", "--full-values"]).stdout
    report, whole = json.loads(shared), json.loads(full)
    for value in (report, whole):
        jsonschema.Draft202012Validator(SCHEMA).validate(value)
    lost = [f for f in report["findings"] if f["rule"] == "tool.input.constraint.tightened"]
    assert len(lost) == 12 and len(report["values"]) == 1
    [(key, value)] = report["values"].items()
    assert all(f["before"] is None and f["args"]["branches_lost"] is None and f["args"]["keyword"] == "anyOf"
               and f["valueRefs"] == {"/before": key, "/args/branches_lost": key} for f in lost)
    assert value == next(f for f in whole["findings"] if f["rule"] == "tool.input.constraint.tightened")["before"]
    assert len(json.dumps(value, separators=(",", ":"))) >= SHARED_VALUE_CHARS
    assert all("valueRefs" not in f for f in whole["findings"]) and whole["values"] == {}
    assert len(shared) * 5 < len(full)
    assert expand_values(report) == whole  # the one reading every consumer needs
    # SARIF keeps each result whole: a code-scanning alert stands alone.
    sarif = json.loads(runner.invoke(app, ["diff", str(old), str(new), "--format", "sarif"]).stdout)
    assert [r["properties"]["before"] for r in sarif["runs"][0]["results"]
            if r["ruleId"] == "tool.input.constraint.tightened"] == [value] * 12
