"""``--format junit`` and ``--format gitlab``: valid against the published formats
(tests/data/schemas/), one JUnit test case per entity with a failure for what fails the gate,
one Code Quality issue per finding to act on, the server's text kept inert in both."""

from __future__ import annotations

import json

import jsonschema
import pytest
import xmlschema
from conftest import DATA
from typer.testing import CliRunner

import mcp_inspect
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.cli import app
from mcp_inspect.config.load import Config, TokenBudget

SCHEMAS = DATA / "schemas"
JUNIT = xmlschema.XMLSchema(str(SCHEMAS / "junit-10.xsd"))
GITLAB = json.loads((SCHEMAS / "gitlab-code-quality.schema.json").read_text(encoding="utf-8"))
HOSTILE = "fresh</failure>]]><b>&\x07"


def _tool(name, **properties):
    return {"name": name, "description": f"Tool {name}.",
            "inputSchema": {"type": "object", "properties": {k: {"type": v} for k, v in properties.items()}}}


@pytest.fixture
def pair(tmp_path):
    old = {"tools": [_tool("keep", q="string"), _tool("narrow", q="string", n="integer"), _tool("gone")]}
    new = {"tools": [_tool("keep", q="string"), _tool("narrow", q="string"),
                     _tool(HOSTILE, q="string")]}
    a, b = tmp_path / "old.json", tmp_path / "new.json"
    a.write_text(json.dumps(old), encoding="utf-8")
    b.write_text(json.dumps(new), encoding="utf-8")
    return a, b


def _report(pair, config=None):
    return mcp_inspect.diff(*pair, config=config or Config(), lint=LintSettings())


def test_junit_has_a_case_per_entity_and_a_failure_where_the_gate_fails(pair):
    report = _report(pair)
    document = mcp_inspect.render(report, "junit")
    JUNIT.validate(document)
    tree = JUNIT.to_dict(document)
    cases = {case["@name"]: case for case in tree["testsuite"][0]["testcase"]}
    shown = "fresh</failure>]]><b>&\\x07"  # the bell XML cannot hold, made visible
    assert set(cases) == {"keep", "narrow", shown, "gone", "gate"}
    failed = {name for name, case in cases.items() if "failure" in case}
    assert {f.entity.name for f in report.findings if f.fails} == {"narrow", "gone", HOSTILE}  # MCP-001 on its name
    assert failed == {"narrow", "gone", shown}
    assert "tool.input.property.removed" in cases["narrow"]["failure"][0]["$"]
    assert tree["@failures"] == "3" and tree["testsuite"][0]["@tests"] == "5"
    assert "</failure>]]>" not in document and "\x07" not in document
    assert mcp_inspect.render(_report(pair), "junit") == document  # no clock, fixed order


def test_junit_says_why_an_ignored_finding_passes(pair):
    """Hostile trial, round 3 (issue 34): a finding an ignore entry or an approval let pass was
    listed as "(ignored)" with no reason; it now carries the reason, as every other format does."""
    from mcp_inspect.config.waivers import IgnoreRule

    config = Config(ignore=[IgnoreRule("tool.removed", "gone", reason="retired in 2.0, see OPS-12\nsecond line"),
                            IgnoreRule("tool.input.property.removed")])
    document = mcp_inspect.render(_report(pair, config), "junit")
    JUNIT.validate(document)
    cases = {case["@name"]: case for case in JUNIT.to_dict(document)["testsuite"][0]["testcase"]}
    said = cases["gone"]["system-out"][0]
    assert said.endswith("tool removed (ignored: retired in 2.0, see OPS-12 second line)"), said  # one line
    assert "property 'n' removed (ignored by configuration)\n" in cases["narrow"]["system-out"][0]


def test_junit_escapes_a_reason_once_as_the_text_report_does(pair):
    """Hostile trial, round 27 (case 10-surrogate/c2.yml): a reason holding ESC and CR was
    shown as ``\\\\x1b`` and ``\\\\x0d``, escaped once with the reason and again with the
    whole text, where the text report shows ``\\x1b``."""
    from mcp_inspect.config.waivers import IgnoreRule
    from mcp_inspect.text.escape import one_line

    reason = "gone \x1b[31mRED ::error::pwn %0A x\r\n <b>|</b> \\u0041 \u202e"
    document = mcp_inspect.render(_report(pair, Config(ignore=[IgnoreRule("tool.removed", reason=reason)])), "junit")
    said = next(c for c in JUNIT.to_dict(document)["testsuite"][0]["testcase"] if c["@name"] == "gone")
    assert said["system-out"][0].endswith(f"tool removed (ignored: {one_line(reason)})"), said
    assert "\\\\x1b" not in document and "\x1b" not in document


def test_junit_writes_a_character_past_u00ff_as_plain_does(pair):
    """Hostile trial, round 28 (case 03-junit-fffe): U+FFFE and U+FFFF, which XML cannot hold,
    were written ``\\xfffe`` and ``\\xffff``, which read as ``\\xff`` and the letters "fe"."""
    from mcp_inspect.config.waivers import IgnoreRule

    document = mcp_inspect.render(_report(pair, Config(ignore=[IgnoreRule("tool.removed", reason="a\ufffe\uffff")])),
                                  "junit")
    JUNIT.validate(document)
    assert "\\ufffe\\uffff" in document and "\\xfffe" not in document


def test_junit_failure_message_agrees_in_number(pair):
    """Hostile trial, round 27 (case 05-gate): a failure's message read "1 finding fail the gate"."""
    cases = JUNIT.to_dict(mcp_inspect.render(_report(pair), "junit"))["testsuite"][0]["testcase"]
    messages = {c["failure"][0]["@message"] for c in cases if "failure" in c and c["@name"] != "gate"}
    assert messages == {"1 finding fails the gate"}, messages


def test_junit_says_a_gate_failure_beyond_the_findings(pair):
    report = _report(pair, Config(tokens=TokenBudget(max_total=1)))
    document = mcp_inspect.render(report, "junit")
    JUNIT.validate(document)
    gate = next(c for c in JUNIT.to_dict(document)["testsuite"][0]["testcase"] if c["@name"] == "gate")
    assert "over tokens.max_total 1" in gate["failure"][0]["@message"]


def test_gitlab_lists_each_finding_to_act_on_with_its_severity(pair):
    report = _report(pair)
    issues = json.loads(mcp_inspect.render(report, "gitlab"))
    jsonschema.Draft202012Validator(GITLAB).validate(issues)
    by_rule = {(i["check_name"], i["description"].split(":")[0]): i for i in issues}
    assert by_rule[("tool.removed", "tool gone")]["severity"] == "blocker"
    assert by_rule[("tool.added", "tool " + HOSTILE.replace("\x07", "\\x07"))]["severity"] == "minor"  # shown
    assert len({i["fingerprint"] for i in issues}) == len(issues)
    expected = [f for f in report.changes if not f.ignored] + \
        [f for f in report.checks if not f.ignored and (f.introduced is not False or f.fails)]
    assert len(issues) == len(expected)
    assert {i["location"]["path"] for i in issues} == {report.location.file}
    assert report.location.file.endswith("new.json")
    assert all(i["location"]["lines"] == {"begin": 1} for i in issues)
    assert json.loads(mcp_inspect.render(_report(pair), "gitlab")) == issues


def test_the_gitlab_fingerprint_is_the_finding_id_with_the_file_as_docs_ci_says(pair, tmp_path):
    """docs/ci.md: 32 hex digits hashed from the finding's stable id and the report's file, so
    one finding keeps its fingerprint across runs and two files' findings never share one."""
    issues = json.loads(mcp_inspect.render(_report(pair), "gitlab"))
    assert all(len(i["fingerprint"]) == 32 and int(i["fingerprint"], 16) >= 0 for i in issues)
    moved = tmp_path / "elsewhere.json"
    moved.write_bytes(pair[1].read_bytes())
    elsewhere = json.loads(mcp_inspect.render(_report((pair[0], moved)), "gitlab"))
    assert [i["check_name"] for i in elsewhere] == [i["check_name"] for i in issues]
    assert not {i["fingerprint"] for i in issues} & {i["fingerprint"] for i in elsewhere}
    docs = (DATA.parent.parent / "docs" / "ci.md").read_text(encoding="utf-8")
    assert "the `fingerprint` (32 hex digits) is a hash of the finding's stable id" in docs


def test_the_command_line_writes_both_with_the_gate_s_exit_code(pair):
    runner = CliRunner()
    for fmt in ("junit", "gitlab"):
        result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--format", fmt])
        assert result.exit_code == 1, result.output
    lint = runner.invoke(app, ["lint", str(pair[1]), "--format", "gitlab"])
    jsonschema.Draft202012Validator(GITLAB).validate(json.loads(lint.stdout))
    JUNIT.validate(runner.invoke(app, ["lint", str(pair[1]), "--format", "junit"]).stdout)


def test_bidirectional_and_invisible_characters_are_escapes_in_junit_and_gitlab(tmp_path):
    """Hostile trial: a U+202E in a tool's name reached both files as the character, which
    reorders what a CI page shows; the other formats show it as an escape."""
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    name = "safe\u202etxt.exe\u200b"
    old.write_text(json.dumps({"tools": [_tool(name, q="string")]}))
    new.write_text(json.dumps({"tools": []}))
    report = mcp_inspect.diff(str(old), str(new))
    for fmt in ("junit", "gitlab"):
        out = mcp_inspect.render(report, fmt)
        assert "\u202e" not in out and "\u200b" not in out, fmt
        assert "202e" in out, fmt
    assert any("safe\\u202etxt.exe\\u200b" in issue["description"]  # shown as escapes, as in text
               for issue in json.loads(mcp_inspect.render(report, "gitlab")))


def test_control_characters_and_workflow_commands_stay_inert_once_the_files_are_read(tmp_path):
    """Hostile trial: GitLab's decoded description still held NUL, ESC and CR/LF, and a JUnit
    line could start with "::error", which a CI log that prints the file runs as a command."""
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    name = "t\x00\x1b[31m\r\n::error::pwned\x7f\x85\u2028"
    old.write_text(json.dumps({"tools": [_tool(name, q="string")]}))
    new.write_text(json.dumps({"tools": []}))
    report = mcp_inspect.diff(str(old), str(new))
    unsafe = {chr(c) for c in (*range(0x20), 0x7f, 0x85, 0x2028)} - {"\n", "\t"}
    for issue in json.loads(mcp_inspect.render(report, "gitlab")):
        assert not unsafe & set(issue["description"]) and "\n" not in issue["description"]
    junit = mcp_inspect.render(report, "junit")
    assert not unsafe & set(junit)
    assert not any(line.lstrip().startswith("::") for line in junit.splitlines())


def test_a_server_finding_names_the_server_once(tmp_path):
    def side(version):
        return {"initialize": {"protocolVersion": "2025-06-18", "serverInfo": {"name": "s", "version": version},
                               "capabilities": {"tools": {}}, "instructions": f"Use v{version}."}, "tools": []}

    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(side("1")))
    new.write_text(json.dumps(side("2")))
    descriptions = [i["description"] for i in json.loads(mcp_inspect.render(mcp_inspect.diff(str(old), str(new)),
                                                                            "gitlab"))]
    assert descriptions and all(d.startswith("server at ") for d in descriptions), descriptions
    assert not any("server server" in d for d in descriptions)
