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
