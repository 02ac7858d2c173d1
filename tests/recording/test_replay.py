"""Replaying recorded calls against both sides of a diff (``diff --calls``, ``replay``)."""

from __future__ import annotations

import json
import os
import stat

import jsonschema
import pytest
from conftest import ROOT

import mcp_inspect
from mcp_inspect import Config, diff, render, replay
from mcp_inspect.cli import app
from mcp_inspect.config.load import parse_config
from mcp_inspect.snapshot.shapes import snapshot_from_value

SEARCH = {"type": "object", "properties": {
    "q": {"type": "string"},
    "units": {"type": "string", "enum": ["metric", "imperial"]},
    "n": {"type": "integer", "maximum": 100},
    "size": {"type": "number"}}, "required": ["q"]}


def surface(tools):
    return {"tools": tools}


def search(schema, output=None):
    tool = {"name": "search", "inputSchema": schema}
    if output is not None:
        tool["outputSchema"] = output
    return tool


def narrowed_units():
    schema = json.loads(json.dumps(SEARCH))
    schema["properties"]["units"]["enum"] = ["imperial"]
    return schema


@pytest.fixture
def pair(tmp_path):
    """search(units) loses 'metric'; everything else equal."""
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps(surface([search(SEARCH), {"name": "ping", "inputSchema": {"type": "object"}}])))
    new.write_text(json.dumps(surface([search(narrowed_units()), {"name": "ping", "inputSchema": {"type": "object"}}])))
    return old, new


def write_jsonl(path, values):
    path.write_text("".join(json.dumps(v) + "\n" for v in values))
    return path


CALLS = [
    {"tool": "search", "arguments": {"q": "a", "units": "metric"}, "client": "cursor 1.4", "isError": False},
    {"tool": "search", "arguments": {"q": "b", "units": "imperial"}, "client": "cursor 1.4", "isError": False},
    {"tool": "ping", "arguments": {}, "client": "claude-code 2.0", "isError": False},
    {"tool": "search", "arguments": {"q": "c"}, "client": "claude-code 2.0", "isError": False},
    {"tool": "search", "arguments": {"q": "d", "units": "metric", "n": 3}, "client": "claude-code 2.0"},
    {"tool": "search", "arguments": {"units": "metric"}, "client": "cursor 1.4"},  # the old schema refuses it too
]


def test_a_narrowed_argument_reports_exactly_the_calls_it_rejects(pair, tmp_path):
    old, new = pair
    calls = write_jsonl(tmp_path / "calls.jsonl", CALLS)
    report = diff(str(old), str(new), calls=str(calls))
    summary = report.calls
    assert [(r.line, r.tool, r.client, r.value) for r in summary.rejected] == [
        (1, "search", "cursor 1.4", {"q": "a", "units": "metric"}),
        (5, "search", "claude-code 2.0", {"q": "d", "units": "metric", "n": 3})]
    assert all(r.error == "'metric' is not one of ['imperial']" and r.at == "/units" for r in summary.rejected)
    assert summary.calls == 6 and summary.calls_rejected == 2
    assert summary.per_tool() == [("ping", 1, 0), ("search", 5, 2)]
    assert summary.per_client() == [("claude-code 2.0", 3, 1), ("cursor 1.4", 3, 1)]
    [finding] = [f for f in report.changes if f.rule == "tool.input.enum.narrowed"]
    assert finding.calls == {"recorded": 5, "rejectedByNew": 2, "acceptedByOld": 4, "propertyUsed": 4,
                             "propertyRejected": 2, "findingRejected": 2, "property": ["units"]}


def test_a_diff_without_calls_has_no_call_numbers(pair):
    report = diff(str(pair[0]), str(pair[1]))
    assert report.calls is None and all(f.calls is None for f in report.findings)
    out = json.loads(render(report, "json"))
    assert "calls" not in out["summary"] and all("calls" not in f for f in out["findings"])


def test_every_format_shows_the_numbers(pair, tmp_path):
    report = diff(str(pair[0]), str(pair[1]), calls=CALLS)
    headline = "2 of 6 would be rejected by the new surface (33.3%)"
    per_finding = "2 of the 4 the old schema accepted are rejected by the new one (50.0%)"
    for fmt in ("text", "markdown", "github", "html"):
        out = render(report, fmt)
        plain = out.replace("\\", "").replace("%25", "%")  # Markdown escapes, workflow-command escapes
        plain = " ".join(plain.split())  # the text wraps long lines
        assert headline in plain, fmt
        assert per_finding in plain, fmt
        assert "client cursor 1.4: 1 of 3" in plain, fmt
    out = json.loads(render(report, "json"))
    jsonschema.validate(out, json.loads((ROOT / "mcp_inspect" / "schemas" / "report.schema.json").read_text()))
    assert out["summary"]["calls"]["rejected"] == 2
    assert out["summary"]["calls"]["clients"]["cursor 1.4"] == {"recorded": 3, "rejectedByNew": 1}
    [finding] = [f for f in out["findings"] if f["rule"] == "tool.input.enum.narrowed"]
    assert finding["calls"]["rejectedByNew"] == 2


def test_redaction_keeps_type_level_verdicts(tmp_path):
    """A value written as its type name replays as a value of that type: a type change
    rejects it as it rejects the real value, and a constraint on the hidden value decides nothing."""
    old = surface([search(SEARCH)])
    retyped = json.loads(json.dumps(SEARCH))
    retyped["properties"]["size"]["type"] = "string"
    retyped["properties"]["q"]["maxLength"] = 1
    real = [{"tool": "search", "arguments": {"q": "x", "size": 2.5}},
            {"tool": "search", "arguments": {"q": "y", "size": "big"}},
            {"tool": "search", "arguments": {"q": "long query"}}]
    from mcp_inspect.recording.log import redact

    redacted = []
    for call in real:
        arguments, paths = redact(call["arguments"], frozenset({"size", "q"}))
        redacted.append({"tool": "search", "arguments": arguments, "redacted": paths})
    assert redacted[0]["arguments"] == {"q": "string", "size": "number"}
    old_path, new_path = tmp_path / "o.json", tmp_path / "n.json"
    old_path.write_text(json.dumps(old))
    new_path.write_text(json.dumps(surface([search(retyped)])))
    plain_run, hidden_run = replay(str(old_path), str(new_path), real), replay(str(old_path), str(new_path), redacted)
    # The type change from number to string rejects the first call either way.
    assert [r.line for r in plain_run.rejected if r.at == "/size"] == [1]
    assert [r.line for r in hidden_run.rejected] == [1]
    assert hidden_run.rejected[0].error == "0.5 is not of type 'string'"
    # The new maxLength rejects the real long query; its redacted length is unknown.
    assert 3 in [r.line for r in plain_run.rejected]


def test_raw_json_rpc_in_either_direction_pairs_by_id(pair, tmp_path):
    messages = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize",
         "params": {"clientInfo": {"name": "inspector", "version": "0.16"}, "capabilities": {}}},
        {"jsonrpc": "2.0", "id": "a", "method": "tools/call", "params": {"name": "search",
                                                                       "arguments": {"q": "x", "units": "metric"}}},
        [{"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {
            "name": "search", "arguments": {"q": "y"},
            "_meta": {"io.modelcontextprotocol/clientInfo": {"name": "other", "version": "1"}}}}],
        {"jsonrpc": "2.0", "id": 7, "result": {"content": [], "isError": True}},
        {"jsonrpc": "2.0", "id": "a", "result": {"content": [], "structuredContent": {"hits": 1}}},
        {"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": "search",
                                                                     "arguments": {"q": "z", "units": "metric"}}},
    ]
    summary = replay(str(pair[0]), str(pair[1]), str(write_jsonl(tmp_path / "rpc.jsonl", messages)))
    assert summary.calls == 3 and summary.results == 1
    assert [(r.line, r.client) for r in summary.rejected] == [(2, "inspector 0.16"), (6, "inspector 0.16")]
    assert summary.per_client() == [("inspector 0.16", 2, 2), ("other 1", 1, 0)]


def otlp(spans, service="agent"):
    def attribute(key, value):
        return {"key": key, "value": {"stringValue": value}}
    return {"resourceSpans": [{"resource": {"attributes": [attribute("service.name", service),
                                                            attribute("service.version", "3.1")]},
                               "scopeSpans": [{"scope": {"name": "mcp"}, "spans": [
                                   {"name": f"tools/call {tool}", "kind": 3, "attributes": [
                                       attribute("mcp.method.name", "tools/call"),
                                       attribute("gen_ai.operation.name", "execute_tool"),
                                       attribute("gen_ai.tool.name", tool),
                                       attribute("gen_ai.tool.call.arguments", json.dumps(arguments))]}
                                   for tool, arguments in spans]}]}]}


def test_opentelemetry_spans_parse(pair, tmp_path):
    lines = [otlp([("search", {"q": "x", "units": "metric"}), ("ping", {})]),
             {"name": "tools/call search", "attributes": {"gen_ai.tool.name": "search",
                                                          "gen_ai.tool.call.arguments": {"q": "y", "units": "metric"},
                                                          "gen_ai.tool.call.result": json.dumps(
                                                              {"structuredContent": {"hits": 2}})}},
             {"name": "initialize", "attributes": {"mcp.method.name": "initialize"}}]
    summary = replay(str(pair[0]), str(pair[1]), str(write_jsonl(tmp_path / "spans.jsonl", lines)))
    assert summary.calls == 3 and summary.malformed == 0 and summary.results == 1
    assert [(r.line, r.client, r.value) for r in summary.rejected] == [
        (1, "agent 3.1", {"q": "x", "units": "metric"}), (2, "unknown", {"q": "y", "units": "metric"})]
    # A pretty-printed export (one JSON document over many lines) is read whole.
    pretty = tmp_path / "export.json"
    pretty.write_text(json.dumps(otlp([("search", {"q": "x", "units": "metric"})]), indent=2))
    assert replay(str(pair[0]), str(pair[1]), str(pretty)).calls_rejected == 1


def test_malformed_lines_are_a_warning_with_their_numbers(pair, tmp_path, runner):
    path = tmp_path / "calls.jsonl"
    path.write_text(json.dumps(CALLS[0]) + "\n{not json\n\n" + json.dumps({"hello": 1}) + "\n"
                    + json.dumps(CALLS[1]) + "\n")
    result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--no-lint", "--calls", str(path)])
    assert result.exit_code == 1, result.output
    assert "2 lines held no recorded call and were skipped (line 2, 4)" in result.stderr
    assert "1 of 2 would be rejected" in result.stdout
    assert "Traceback" not in result.output


def test_a_line_giving_a_key_twice_is_malformed_not_read_as_its_last_value(pair, tmp_path, runner):
    """Hostile trial: {"tool": "search", …, "tool": "ping"} was counted as a call of ping."""
    path = tmp_path / "calls.jsonl"
    path.write_text('{"tool": "search", "arguments": {"q": "a", "units": "metric"}, "tool": "ping"}\n'
                    + json.dumps(CALLS[0]) + "\n")
    result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--no-lint", "--calls", str(path)])
    assert "1 line held no recorded call and was skipped (line 1)" in result.stderr
    assert "1 of 1 would be rejected" in result.stdout


def test_an_unreadable_recording_is_one_line(pair, tmp_path, runner):
    result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--calls", str(tmp_path / "missing.jsonl")])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"mcp-inspect: error: {tmp_path / 'missing.jsonl'}: cannot read the recorded calls (No such file or directory)"]
    # A file that is neither JSON lines nor one document loses nothing it could read: each
    # line is skipped and counted (it used to be refused whole).
    bad = tmp_path / "bad.json"
    bad.write_text("{\n  broken")
    result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--no-lint", "--calls", str(bad)])
    assert result.exit_code == 1 and "2 lines held no recorded call and were skipped (line 1, 2)" in result.stderr


def test_calls_report_lists_rejected_calls_with_the_error(pair, tmp_path, runner):
    calls = write_jsonl(tmp_path / "calls.jsonl", CALLS)
    out = tmp_path / "rejected.jsonl"
    result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--no-lint", "--calls", str(calls),
                                 "--calls-report", str(out)])
    assert result.exit_code == 1, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["line"], r["tool"], r["at"], r["error"]) for r in rows] == [
        (1, "search", "/units", "'metric' is not one of ['imperial']"),
        (5, "search", "/units", "'metric' is not one of ['imperial']")]
    assert stat.S_IMODE(os.stat(out).st_mode) == 0o600
    refused = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--calls-report", str(out)])
    assert refused.exit_code == 2 and "--calls-report needs --calls" in refused.stderr


def config(text: dict) -> Config:
    return parse_config(text, "test.yml")


def test_fail_when_rejected_fails_a_finding_its_severity_would_pass(pair):
    lowered = {"severity_overrides": {"tool.input.enum.narrowed": "POTENTIALLY_BREAKING"}}
    report = diff(str(pair[0]), str(pair[1]), calls=CALLS, config=config(lowered))
    assert not report.failed
    strict = config({**lowered, "calls": {"fail_when_rejected": True}})
    report = diff(str(pair[0]), str(pair[1]), calls=CALLS, config=strict)
    assert report.failed
    [finding] = report.changes
    assert finding.calls_note == ("fails: 2 recorded calls the old schema accepted the new one rejects "
                                  "(calls.fail_when_rejected)")
    # No call rejected: the gate is the severity's.
    report = diff(str(pair[0]), str(pair[1]), calls=[CALLS[1]], config=strict)
    assert not report.failed


def test_fail_when_rejected_fails_only_the_findings_the_rejection_involves():
    """exa-mcp-server 3.0.5 → 3.4.1 with the trial's recording (Dec 2, D8): one recorded call
    sends ``query: ""``, which the new ``minLength: 1`` refuses, and one calls the removed tool.
    With both rules lowered, what fails is the minLength (its property was rejected) and the
    removal (a tool-level finding: a call was rejected); the description of ``numResults``
    (none of the rejections was because of it) and the rewording of ``query``'s description
    (no validator reads a description) do not. The summary says why the gate failed."""
    from conftest import DATA

    exa = DATA / "trial" / "exa"
    strict = config({"calls": {"fail_when_rejected": True},
                     "severity_overrides": {"tool.input.constraint.tightened": "NON_BREAKING",
                                            "tool.removed": "NON_BREAKING"}})
    report = diff(str(exa / "3.0.5.json"), str(exa / "3.4.1.json"), calls=str(exa / "3.0.5.jsonrpc.jsonl"),
                  config=strict)
    assert report.failed
    failing = sorted((f.rule, f.path) for f in report.changes if f.fails)
    assert failing == [("tool.input.constraint.tightened", "inputSchema.properties.query.minLength"),
                       ("tool.removed", "")]
    numbers = next(f for f in report.changes if f.path == "inputSchema.properties.numResults.description")
    assert numbers.calls is None and numbers.calls_note is None  # no validator reads a description
    text = render(report, "text")
    assert text.startswith("Summary: 0 breaking, 5 potentially breaking, 7 non-breaking, 6 documentation. "
                           "Gate: FAIL (2 recorded calls rejected; calls.fail_when_rejected)\n")
    assert "fails on BREAKING and above" not in text.splitlines()[0]
    assert "Gate: fail (2 recorded calls rejected; calls.fail_when_rejected)." in render(report, "github")
    assert "❌ **Gate fails**: 2 findings through 2 recorded calls rejected (`calls.fail_when_rejected`)." \
        in render(report, "markdown")
    # With a finding at the gate too, the summary names both causes.
    both = config({"calls": {"fail_when_rejected": True},
                   "severity_overrides": {"tool.input.constraint.tightened": "NON_BREAKING"}})
    report = diff(str(exa / "3.0.5.json"), str(exa / "3.4.1.json"), calls=str(exa / "3.0.5.jsonrpc.jsonl"),
                  config=both)
    assert "Gate: FAIL (fails on BREAKING and above, and 1 recorded call rejected; calls.fail_when_rejected)" \
        in render(report, "text")


def test_downgrade_unused_passes_a_break_no_recorded_call_reaches(tmp_path):
    tightened = json.loads(json.dumps(SEARCH))
    tightened["properties"]["n"]["maximum"] = 10
    old, new = tmp_path / "o.json", tmp_path / "n.json"
    old.write_text(json.dumps(surface([search(SEARCH)])))
    new.write_text(json.dumps(surface([search(tightened)])))
    unused = [CALLS[1], CALLS[3]]  # neither sets n
    assert diff(str(old), str(new), calls=unused).failed  # off by default
    on = config({"calls": {"downgrade_unused": True}})
    report = diff(str(old), str(new), calls=unused, config=on)
    assert not report.failed
    assert report.changes[0].calls_note == "passes: none of the 2 recorded calls set 'n' (calls.downgrade_unused)"
    assert "none of the 2 recorded calls set 'n'" in render(report, "text")
    # A call that sets n, or no recorded call of the tool at all, keeps the strict reading.
    assert diff(str(old), str(new), calls=[*unused, {"tool": "search", "arguments": {"q": "x", "n": 5}}],
                config=on).failed
    assert diff(str(old), str(new), calls=[{"tool": "other", "arguments": {}}], config=on).failed


def test_a_newly_required_property_is_not_downgraded(tmp_path):
    required = json.loads(json.dumps(SEARCH))
    required["properties"]["lang"] = {"type": "string"}
    required["required"] = ["q", "lang"]
    old, new = tmp_path / "o.json", tmp_path / "n.json"
    old.write_text(json.dumps(surface([search(SEARCH)])))
    new.write_text(json.dumps(surface([search(required)])))
    report = diff(str(old), str(new), calls=[CALLS[1]], config=config({"calls": {"downgrade_unused": True}}))
    assert report.failed
    assert report.changes[0].calls == {"recorded": 1, "rejectedByNew": 1, "acceptedByOld": 1, "propertyUsed": 0,
                                       "propertyRejected": 1, "findingRejected": 1, "property": ["lang"]}


def test_output_findings_count_recorded_results(tmp_path):
    old_out = {"type": "object", "properties": {"hits": {"type": "integer"}}}
    new_out = {"type": "object", "properties": {"hits": {"type": "string"}}}
    old, new = tmp_path / "o.json", tmp_path / "n.json"
    old.write_text(json.dumps(surface([search(SEARCH, old_out)])))
    new.write_text(json.dumps(surface([search(SEARCH, new_out)])))
    calls = [{"tool": "search", "arguments": {"q": "x"}, "structuredContent": {"hits": 3}},
             {"tool": "search", "arguments": {"q": "y"}, "structuredContent": {"hits": "many"}}]
    report = diff(str(old), str(new), calls=calls)
    [finding] = report.changes
    assert finding.rule == "tool.output.type.changed"
    assert finding.calls == {"recorded": 2, "rejectedByNew": 1, "acceptedByOld": 1, "findingRejected": 1}
    assert report.calls.calls_rejected == 0 and report.calls.rejected[0].side == "output"


def test_a_removed_tool_rejects_every_call_of_it(pair, tmp_path):
    new = tmp_path / "gone.json"
    new.write_text(json.dumps(surface([search(SEARCH)])))
    report = diff(str(pair[0]), str(new), calls=CALLS)
    [removed] = [f for f in report.changes if f.rule == "tool.removed"]
    assert removed.calls == {"recorded": 1, "rejectedByNew": 1, "acceptedByOld": 1}
    assert report.calls.rejected[0].error == "the new surface has no tool 'ping'"


def test_the_configuration_schema_knows_the_calls_section():
    with pytest.raises(mcp_inspect.InputError, match="calls"):
        config({"calls": {"fail_when_rejected": "yes"}})
    assert config({"calls": {"fail_when_rejected": True}}).calls.fail_when_rejected


def test_formats_are_annotations_whichever_validator_decides(tmp_path):
    """jsonschema asserts no format; jsonschema-rs, when installed, is told not to either."""
    old_schema = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                  "properties": {"to": {"type": "string", "format": "email"}, "n": {"type": "integer"}}}
    new_schema = json.loads(json.dumps(old_schema))
    new_schema["properties"]["n"]["maximum"] = 1
    old, new = tmp_path / "o.json", tmp_path / "n.json"
    old.write_text(json.dumps(surface([{"name": "mail", "inputSchema": old_schema}])))
    new.write_text(json.dumps(surface([{"name": "mail", "inputSchema": new_schema}])))
    summary = replay(str(old), str(new), [{"tool": "mail", "arguments": {"to": "not an address", "n": 5}}])
    assert summary.tools["mail"]["input"].as_json() == {"recorded": 1, "rejectedByNew": 1, "acceptedByOld": 1}


def test_the_verdicts_do_not_depend_on_jsonschema_rs(pair, monkeypatch):
    with_rs = replay(str(pair[0]), str(pair[1]), CALLS)
    monkeypatch.setitem(__import__("sys").modules, "jsonschema_rs", None)  # as if not installed
    without = replay(str(pair[0]), str(pair[1]), CALLS)
    assert with_rs.as_json() == without.as_json()
    assert [r.as_json() for r in with_rs.rejected] == [r.as_json() for r in without.rejected]


EXEC_OLD = {"type": "object", "properties": {
    "name": {"type": "string"},
    "command": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]},
    "shell": {"type": "string"}}, "required": ["name", "command"]}
EXEC_NEW = {"type": "object", "properties": {
    "name": {"type": "string"},
    "command": {"type": "array", "items": {"type": "string"}}}, "required": ["name", "command"]}
EXEC_CALLS = [{"tool": "exec", "arguments": {"name": "p", "command": "ls", "shell": "sh"}},
              {"tool": "exec", "arguments": {"name": "p", "command": "ls"}},
              {"tool": "exec", "arguments": {"name": "p", "command": ["ls"], "shell": "sh"}}]


def _numbers(tmp_path, old, new, calls, rule):
    before, after = tmp_path / "o.json", tmp_path / "n.json"
    before.write_text(json.dumps(surface([{"name": calls[0]["tool"], "inputSchema": old}])))
    after.write_text(json.dumps(surface([{"name": calls[0]["tool"], "inputSchema": new}])))
    report = diff(str(before), str(after), calls=write_jsonl(tmp_path / "c.jsonl", calls))
    return {f.path: f.calls for f in report.changes if f.rule == rule}


def test_a_property_dropped_from_an_open_object_is_not_blamed_for_a_neighbours_rejections(tmp_path):
    """``shell`` leaves an open object while ``command`` loses its string branch: the call
    that sets ``shell`` is refused for ``command``, which is not a rejection of ``shell``."""
    numbers = _numbers(tmp_path, EXEC_OLD, EXEC_NEW, EXEC_CALLS, "tool.input.property.removed")
    assert numbers == {"inputSchema.properties.shell": {
        "recorded": 3, "rejectedByNew": 2, "acceptedByOld": 3, "propertyUsed": 2, "propertyRejected": 0,
        "findingRejected": 0, "property": ["shell"]}}


def test_a_property_a_closed_object_refuses_counts_its_rejections(tmp_path):
    """With the new object closed, both calls that set ``shell`` are refused for it (by
    additionalProperties, an error at the object, not at the property)."""
    closed = {**EXEC_NEW, "additionalProperties": False}
    numbers = _numbers(tmp_path, EXEC_OLD, closed, EXEC_CALLS, "tool.input.property.removed")
    assert numbers["inputSchema.properties.shell"]["propertyRejected"] == 2
    names = {**EXEC_NEW, "propertyNames": {"enum": ["name", "command"]}}
    numbers = _numbers(tmp_path, EXEC_OLD, names, EXEC_CALLS, "tool.input.property.removed")
    assert numbers["inputSchema.properties.shell"]["propertyRejected"] == 2
    unevaluated = {**EXEC_NEW, "unevaluatedProperties": False}
    numbers = _numbers(tmp_path, EXEC_OLD, unevaluated, EXEC_CALLS, "tool.input.property.removed")
    assert numbers["inputSchema.properties.shell"]["propertyRejected"] == 2


def test_a_rejected_call_counts_once_however_many_errors_point_at_the_property(tmp_path):
    """``q`` gains a minLength and a pattern; one call fails both, and one call whose
    object argument fails at two members: each is one rejected call, not two."""
    old = {"type": "object", "properties": {"q": {"type": "string"}, "o": {"type": "object"}}}
    new = {"type": "object", "properties": {
        "q": {"type": "string", "minLength": 5, "pattern": "^z"},
        "o": {"type": "object", "maxProperties": 1,
              "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}}}
    calls = [{"tool": "t", "arguments": {"q": "ab"}}, {"tool": "t", "arguments": {"o": {"a": 1, "b": 2}}}]
    tightened = _numbers(tmp_path, old, new, calls, "tool.input.constraint.tightened")
    assert {path: n["propertyRejected"] for path, n in tightened.items()} == {
        "inputSchema.properties.q.minLength": 1, "inputSchema.properties.q.pattern": 1,
        "inputSchema.properties.o.maxProperties": 1}
    assert all(n["rejectedByNew"] == 2 for n in tightened.values())


def _phrases(tmp_path, old_schema, new_schema, calls):
    from mcp_inspect.report.calls_text import finding_calls_phrase

    old_path, new_path = tmp_path / "o.json", tmp_path / "n.json"
    old_path.write_text(json.dumps(surface([search(old_schema)])))
    new_path.write_text(json.dumps(surface([search(new_schema)])))
    report = diff(str(old_path), str(new_path), calls=calls)
    return {(f.rule, f.path): finding_calls_phrase(f) for f in report.changes if f.calls is not None}


def test_calls_the_old_schema_refused_are_said_plainly(tmp_path):
    """No '…none of the 0 the old schema accepted…': with nothing accepted the words say so."""
    retyped = json.loads(json.dumps(SEARCH))
    retyped["properties"]["n"]["type"] = "string"
    calls = [{"tool": "search", "arguments": {"n": 1}}, {"tool": "search", "arguments": {"n": 2}}]  # no 'q'
    phrases = _phrases(tmp_path, SEARCH, retyped, calls)
    said = phrases[("tool.input.type.changed", "inputSchema.properties.n.type")]
    assert said == "recorded calls: 2 of 2 set 'n'; the old schema accepted none of them"
    assert not any("of the 0" in text for text in phrases.values())


def test_a_property_finding_does_not_take_another_change_s_rejections(tmp_path):
    """'shell' is removed and no call set it; the two rejections came from the type change of
    'n', so the finding on 'shell' says none of them is because of it."""
    old = json.loads(json.dumps(SEARCH))
    old["properties"]["shell"] = {"type": "string"}
    new = json.loads(json.dumps(SEARCH))
    new["properties"]["n"]["type"] = "string"
    calls = [{"tool": "search", "arguments": {"q": "a", "n": 1}}, {"tool": "search", "arguments": {"q": "b", "n": 2}},
             {"tool": "search", "arguments": {"q": "c"}}]
    phrases = _phrases(tmp_path, old, new, calls)
    [shell] = [text for (rule, path), text in phrases.items() if path.endswith(".shell")]
    assert shell == ("recorded calls: 0 of 3 set 'shell'; 2 of the 3 the old schema accepted are rejected by "
                     "the new one (66.7%), none because of 'shell'")
    typed = phrases[("tool.input.type.changed", "inputSchema.properties.n.type")]
    assert typed == ("recorded calls: 2 of 3 set 'n'; 2 of the 3 the old schema accepted are rejected by "
                     "the new one (66.7%), all because of 'n'")


def test_two_changes_of_one_property_each_take_their_own_rejections(tmp_path):
    """New-user trial, round 19 (n8n-mcp 2.10.5 → 2.47.1): 'limit' gained a maximum and a
    minimum, and of three recorded calls (limit 5, 500 and 0) each finding said "all because
    of 'limit'", though the maximum rejected the 500 alone and the minimum the 0 alone."""
    old = {"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}}}
    new = {"type": "object", "properties": {"q": {"type": "string"},
                                            "limit": {"type": "integer", "minimum": 1, "maximum": 100}}}
    calls = [{"tool": "search", "arguments": {"q": "a", "limit": n}} for n in (5, 500, 0)]
    phrases = _phrases(tmp_path, old, new, calls)
    for keyword in ("maximum", "minimum"):
        text = phrases[("tool.input.constraint.tightened", f"inputSchema.properties.limit.{keyword}")]
        assert text == ("recorded calls: 3 of 3 set 'limit'; 2 of the 3 the old schema accepted are rejected by "
                        "the new one (66.7%), 1 of them because of this change"), text
    # One change of the property alone keeps the property's name as the cause.
    alone = {"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer", "maximum": 100}}}
    [text] = _phrases(tmp_path, old, alone, calls).values()
    assert text.endswith("1 of the 3 the old schema accepted is rejected by the new one (33.3%), because of 'limit'")


def test_an_input_change_that_rejects_nothing_gets_no_call_numbers(tmp_path):
    """New-user trial, round 19 (n8n-mcp 2.10.5 → 2.47.1): each of ten optional properties
    added repeated the tool's rejections ("2 of the 3 … are rejected by the new one (66.7%),
    none because of 'category'"), though an addition rejects no call the old schema accepted.
    An input change graded NON_BREAKING or DOCUMENTATION before policy carries no numbers; one
    lowered by a severity override keeps them."""
    old = {"type": "object", "properties": {"q": {"type": "string"}, "units": {"enum": ["metric"]}}}
    new = {"type": "object", "properties": {"q": {"type": "string", "maxLength": 3}, "category": {"type": "string"},
                                            "units": {"enum": ["metric", "imperial"]}}}
    calls = [{"tool": "search", "arguments": {"q": "abcdef", "units": "metric"}}]
    phrases = _phrases(tmp_path, old, new, calls)
    assert set(phrases) == {("tool.input.constraint.tightened", "inputSchema.properties.q.maxLength")}, phrases
    before, after = tmp_path / "o.json", tmp_path / "n.json"
    lowered = config({"severity_overrides": {"tool.input.constraint.tightened": "NON_BREAKING"}})
    report = diff(str(before), str(after), calls=calls, config=lowered)
    [tightened] = [f for f in report.changes if f.rule == "tool.input.constraint.tightened"]
    assert tightened.calls["rejectedByNew"] == 1


def test_an_addition_that_recorded_calls_were_refused_at_keeps_its_numbers_and_fails_the_gate(tmp_path):
    """Hostile trial, round 20: an optional 'limit' added to an open object refuses the values
    calls had sent under that name ("10", 500). The change that left additions without numbers
    (round 19) left this one without them too, and calls.fail_when_rejected stopped failing
    the gate. An addition keeps its numbers when rejections point at it."""
    old = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
    new = json.loads(json.dumps(old))
    new["properties"]["limit"] = {"type": "integer", "minimum": 1, "maximum": 50}
    calls = [{"tool": "search", "arguments": {"query": "a", "limit": "10"}},
             {"tool": "search", "arguments": {"query": "b", "limit": 500}},
             {"tool": "search", "arguments": {"query": "c"}}]
    before, after = tmp_path / "o.json", tmp_path / "n.json"
    before.write_text(json.dumps(surface([search(old)])))
    after.write_text(json.dumps(surface([search(new)])))
    report = diff(str(before), str(after), calls=calls, config=config({"calls": {"fail_when_rejected": True}}))
    [added] = [f for f in report.changes if f.rule == "tool.input.property.added"]
    assert added.calls["findingRejected"] == 2 and added.calls["propertyUsed"] == 2
    assert added.fails and report.exit_code == 1


def test_a_removed_tool_whose_calls_the_old_schema_refused(tmp_path):
    from mcp_inspect.report.calls_text import finding_calls_phrase

    old_path, new_path = tmp_path / "o.json", tmp_path / "n.json"
    old_path.write_text(json.dumps(surface([search(SEARCH)])))
    new_path.write_text(json.dumps(surface([{"name": "ping", "inputSchema": {"type": "object"}}])))
    report = diff(str(old_path), str(new_path), calls=[{"tool": "search", "arguments": {"n": 1}}] * 2)
    [removed] = [f for f in report.changes if f.rule == "tool.removed"]
    assert finding_calls_phrase(removed) == "recorded calls: 2; the old schema accepted none of them"


VALIDATE_THEME_OLD = {"type": "object", "properties": {
    "absoluteThemePath": {"type": "string"},
    "filesCreatedOrUpdated": {"type": "array", "items": {
        "type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}}},
    "required": ["absoluteThemePath", "filesCreatedOrUpdated"]}


def test_fail_when_rejected_fails_only_the_findings_the_errors_point_at(tmp_path):
    """As in @shopify/dev-mcp's ``validate_theme``: a change that refuses recorded calls
    (here the file list now needs two entries) beside NON_BREAKING additions under the same
    argument (the entries' new optional ``artifact`` and ``kind``). A recorded call with one
    entry is refused at ``minItems``: that finding fails through the call; the additions do
    not, though they lie under the argument the call was refused at (``propertyRejected``),
    since no error points at them (``findingRejected``). (The trial's own edit, items string →
    object, is one type-change finding now that a type change carries its keywords.)"""
    new = json.loads(json.dumps(VALIDATE_THEME_OLD))
    files = new["properties"]["filesCreatedOrUpdated"]
    files["minItems"] = 2
    files["items"]["properties"].update({"artifact": {"type": "string"}, "kind": {"type": "string"}})
    before, after = tmp_path / "o.json", tmp_path / "n.json"
    before.write_text(json.dumps(surface([{"name": "validate_theme", "inputSchema": VALIDATE_THEME_OLD}])))
    after.write_text(json.dumps(surface([{"name": "validate_theme", "inputSchema": new}])))
    calls = [{"tool": "validate_theme",
              "arguments": {"absoluteThemePath": "/t", "filesCreatedOrUpdated": [{"path": "a.liquid"}]}}]
    lowered = {"tool.input.constraint.tightened": "NON_BREAKING"}
    strict = config({"calls": {"fail_when_rejected": True}, "severity_overrides": lowered})
    report = diff(str(before), str(after), calls=calls, config=strict)
    assert sorted((f.rule, f.path) for f in report.changes if f.fails) == [
        ("tool.input.constraint.tightened", "inputSchema.properties.filesCreatedOrUpdated.minItems")]
    added = [f for f in report.changes if f.rule == "tool.input.property.added"]
    assert len(added) == 2
    # No rejection points at the additions: no numbers (new-user trial, round 19).
    assert all(f.calls is None and not f.fails for f in added)


def test_a_rejection_through_a_reference_points_where_its_property_is(tmp_path):
    """An error reached through ``$ref`` names the referenced schema's inside, not where a
    finding says it is: such a rejection points at the findings on the property it involves,
    as ``propertyRejected`` counts it, and at no neighbour's."""
    old = {"type": "object", "$defs": {"n": {"type": "integer"}},
           "properties": {"n": {"$ref": "#/$defs/n"}, "m": {"type": "string"}}}
    new = {"type": "object", "$defs": {"n": {"type": "integer", "maximum": 5}},
           "properties": {"n": {"$ref": "#/$defs/n"}, "m": {"type": "string", "minLength": 3}}}
    calls = [{"tool": "t", "arguments": {"n": 9, "m": "abcd"}}]
    tightened = _numbers(tmp_path, old, new, calls, "tool.input.constraint.tightened")
    assert {path: n["findingRejected"] for path, n in tightened.items()} == {
        "inputSchema.properties.n.maximum": 1, "inputSchema.properties.m.minLength": 0}


def test_a_change_deep_inside_a_property_is_blamed_for_its_own_rejections_only(tmp_path):
    """New-user trial (round 7, figma-developer-mcp): under nodes.items.properties.nodeId's
    pattern the text said a rejected call was 'because of 'nodes'', though the call failed on
    fileName, another member of the same items. Past the property's own keywords the text
    counts the rejections at the finding's place."""
    def schema(node_pattern: bool, file_pattern: bool) -> dict:
        item = {"type": "object", "properties": {
            "nodeId": {"type": "string", **({"pattern": "^[0-9]+:[0-9]+$"} if node_pattern else {})},
            "fileName": {"type": "string", **({"pattern": "^[a-z]+\\\\.png$"} if file_pattern else {})}}}
        return {"type": "object", "properties": {"nodes": {"type": "array", "items": item}}}

    calls = [{"tool": "search", "arguments": {"nodes": [{"nodeId": "1:2", "fileName": "icon.jpg"}]}},
             {"tool": "search", "arguments": {"nodes": [{"nodeId": "1:2", "fileName": "a.png"}]}}]
    phrases = _phrases(tmp_path, schema(False, False), schema(True, True), calls)
    node = phrases[("tool.input.constraint.tightened", "inputSchema.properties.nodes.items.properties.nodeId.pattern")]
    name = phrases[("tool.input.constraint.tightened",
                    "inputSchema.properties.nodes.items.properties.fileName.pattern")]
    assert node.endswith("none because of this change"), node
    assert name.endswith("because of this change") and "none" not in name, name


def test_a_property_whose_name_holds_a_dot_is_counted_as_itself(tmp_path):
    """Hostile trial, round 8: the finding on 'page.size' was counted under 'page' ("0 of 2 set
    'page'"), and with calls.downgrade_unused a BREAKING that rejects both recorded calls
    passed the gate."""
    def schema(maximum: int) -> dict:
        return {"type": "object", "properties": {"page.size": {"type": "integer", "maximum": maximum}}}

    old_path, new_path = tmp_path / "o.json", tmp_path / "n.json"
    old_path.write_text(json.dumps(surface([{"name": "t", "inputSchema": schema(100)}])))
    new_path.write_text(json.dumps(surface([{"name": "t", "inputSchema": schema(10)}])))
    calls = [{"tool": "t", "arguments": {"page.size": 50}}, {"tool": "t", "arguments": {"page.size": 80}}]
    config = parse_config({"calls": {"downgrade_unused": True}}, "test.yml")
    report = diff(str(old_path), str(new_path), calls=calls, config=config)
    (finding,) = report.changes
    assert finding.fails and report.failed
    assert finding.calls["propertyUsed"] == 2 and finding.calls["property"] == ["page.size"]


def test_a_rejected_call_the_old_server_answered_with_an_error_is_said_so(pair):
    """New-user trial, round 15: mcp-shell-server 1.1.14 made ``timeout`` at least 1, and the
    recorded ``timeout: 0`` call, which 1.0.0 had answered with ``isError: true``, was counted
    and said as one of the calls "rejected by the new one" with nothing to tell it from a call
    that worked. It is still counted (the error may have had another cause), and every
    format, the JSON report and the calls report's numbers say the old server failed it."""
    calls = [
        {"tool": "search", "arguments": {"q": "a", "units": "metric"}, "isError": True},
        {"tool": "search", "arguments": {"q": "b", "units": "metric"}, "isError": False},
        {"tool": "search", "arguments": {"q": "c", "units": "imperial"}, "isError": True},  # not rejected
    ]
    report = diff(str(pair[0]), str(pair[1]), calls=calls)
    assert report.calls.calls_rejected == 2 and report.calls.calls_rejected_failed_on_old == 1
    [finding] = [f for f in report.changes if f.rule == "tool.input.enum.narrowed"]
    assert finding.calls["rejectedFailedOnOld"] == 1
    headline = "2 of 3 would be rejected by the new surface (66.7%), 1 of them answered with an error by the old server"
    for fmt in ("text", "markdown", "github", "html"):
        plain = " ".join(render(report, fmt).replace("\\", "").replace("%25", "%").split())
        assert headline in plain, fmt
        assert "2 of the 3 the old schema accepted are rejected by the new one (66.7%), 1 of them answered" \
            " with an error by the old server" in plain, fmt
    out = json.loads(render(report, "json"))
    jsonschema.validate(out, json.loads((ROOT / "mcp_inspect" / "schemas" / "report.schema.json").read_text()))
    assert out["summary"]["calls"]["rejectedFailedOnOld"] == 1
    assert out["summary"]["calls"]["tools"]["search"]["input"]["rejectedFailedOnOld"] == 1
    one = diff(str(pair[0]), str(pair[1]), calls=calls[:1])
    [finding] = [f for f in one.changes if f.rule == "tool.input.enum.narrowed"]
    assert "though the old server answered it with an error" in render(one, "text")
    clean = diff(str(pair[0]), str(pair[1]), calls=[dict(c, isError=False) for c in calls])
    assert "rejectedFailedOnOld" not in json.loads(render(clean, "json"))["summary"]["calls"]
    assert "answered with an error" not in render(clean, "text")
    assert [r.as_json().get("failedOnOld") for r in report.calls.rejected] == [True, None]


def test_a_keyword_no_validator_reads_gets_no_call_numbers(tmp_path):
    """New-user trial, round 17 (mcp-yahoo-finance 0.1.2 → 0.2.0): `freq` gained an enum and a
    default, and a recorded call the enum rejects was said under both findings ("1 of the 2 …
    because of 'freq'"), though a default rejects nothing. A default, a description or a
    deprecation changed now carries no call numbers; the enum's finding keeps them."""
    old = {"type": "object", "properties": {"freq": {"type": "string"}}}
    freq = {"type": "string", "enum": ["yearly", "quarterly"], "default": "yearly", "description": "How often.",
            "deprecated": True, "x-mcp-header": "Freq"}
    new = {"type": "object", "properties": {"freq": freq}}
    calls = [{"tool": "search", "arguments": {"freq": "trainling"}},
             {"tool": "search", "arguments": {"freq": "yearly"}}]
    report = diff(snapshot_from_value(surface([search(old)]), "old.json"),
                  snapshot_from_value(surface([search(new)]), "new.json"), calls=calls)
    numbered = {f.rule: f.calls for f in report.changes}
    assert numbered["tool.input.enum.narrowed"]["rejectedByNew"] == 1
    for rule in ("tool.input.default.changed", "tool.input.description.changed", "tool.input.deprecated.added",
                 "tool.input.header.changed"):
        assert numbered[rule] is None, rule


def test_the_keywords_left_without_numbers_are_the_catalogues_unread_aspects():
    """The rules that get no call numbers are read from the catalogue's aspects, not listed by
    hand: every input and output rule of a keyword no validator reads (a default, a
    deprecation, prose, a header) is among them, and no rule of a keyword a validator reads."""
    from mcp_inspect.catalogue import default_catalogue
    from mcp_inspect.recording.replay import _UNREAD_ASPECTS

    unread = {r.id for r in default_catalogue() if r.aspect in _UNREAD_ASPECTS
              and r.id.startswith(("tool.input.", "tool.output."))}
    for side in ("input", "output"):
        assert {f"tool.{side}.default.changed", f"tool.{side}.description.changed", f"tool.{side}.header.changed",
                f"tool.{side}.deprecated.added", f"tool.{side}.deprecated.removed"} <= unread
        assert not unread & {f"tool.{side}.enum.narrowed", f"tool.{side}.constraint.tightened",
                             f"tool.{side}.type.changed", f"tool.{side}.required.added"}
