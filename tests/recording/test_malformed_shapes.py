"""Every malformed shape of the three accepted formats is skipped and counted with its line
number, by the command line, the library and the service (400 for calls that are all
malformed, never 500); hypothesis throws wrong-typed OpenTelemetry exports at the reader."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from test_replay import pair, write_jsonl  # noqa: F401 - pair is a fixture

from mcp_inspect import replay
from mcp_inspect.cli import app
from mcp_inspect.config.load import Config
from mcp_inspect.recording.calls import Malformed, parse_lines
from mcp_inspect.serve import work

GOOD_SPAN = {"resourceSpans": [{"resource": {"attributes": []}, "scopeSpans": [{"spans": [{
    "kind": 3, "attributes": [{"key": "gen_ai.tool.name", "value": {"stringValue": "search"}},
                              {"key": "gen_ai.tool.call.arguments",
                               "value": {"stringValue": "{\"q\": \"a\", \"units\": \"metric\"}"}}]}]}]}]}

#: The shapes the issue found crashing the reader, and their kin.
BAD = [
    {"resourceSpans": [{"resource": "str", "scopeSpans": []}]},
    {"resourceSpans": [{"scopeSpans": [1]}]},
    {"resourceSpans": [{"scopeSpans": [{"spans": 5}]}]},
    {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.tool.name", "value": {"arrayValue": [1]}}]}]}]}]},
    {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.tool.name", "value": {"kvlistValue": {"values": "x"}}}]}]}]}]},
    {"resourceSpans": "everything"},
    {"resourceSpans": [7]},
    {"resourceSpans": [{"instrumentationLibrarySpans": 3}]},
    {"resourceSpans": [{"scopeSpans": [{"spans": ["span"]}]}]},
    {"attributes": 5, "name": "flat span"},
    {"attributes": [3], "name": "flat span"},
    {"attributes": {"gen_ai.tool.name": "search"}, "resource": "str"},
    {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.tool.name", "value": {"intValue": "9" * 5001}}]}]}]}]},
    # Hostile trial, round 10: a stringValue, boolValue or doubleValue of the wrong type was used as it was.
    {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.tool.name", "value": {"stringValue": ["search"]}}]}]}]}]},
    {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.tool.name", "value": {"boolValue": "search"}}]}]}]}]},
    {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.tool.name", "value": {"doubleValue": "search"}}]}]}]}]},
    # Hostile trial, round 13: an AnyValue that is no object was used as the value it is.
    {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.tool.name", "value": "search"}]}]}]}]},
    {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.tool.name", "value": {"stringValue": "search"}},
        {"key": "gen_ai.tool.call.arguments", "value": {"arrayValue": {"values": ["a", 1]}}}]}]}]}]},
]


def test_each_malformed_shape_is_a_counted_line_on_the_command_line(pair, tmp_path, runner):  # noqa: F811
    path = write_jsonl(tmp_path / "spans.jsonl", [GOOD_SPAN, *BAD, GOOD_SPAN])
    result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--no-lint", "--calls", str(path), "-f", "json"])
    assert result.exit_code == 1, result.output  # the narrowed enum, not an internal error
    assert "internal error" not in result.stderr
    assert f"{len(BAD)} lines held no recorded call and were skipped (line 2, 3, 4, 5, 6, …)" in result.stderr
    calls = json.loads(result.stdout)["summary"]["calls"]
    assert (calls["calls"], calls["rejected"], calls["malformedLines"]) == (2, 2, len(BAD))


def test_each_malformed_shape_is_counted_by_the_library(pair):  # noqa: F811
    summary = replay(str(pair[0]), str(pair[1]), [GOOD_SPAN, *BAD])
    assert summary.calls == 1 and summary.malformed == len(BAD)
    assert summary.malformed_lines == [2, 3, 4, 5, 6]


OLD = [{"name": "search", "inputSchema": {"type": "object", "properties": {
    "units": {"type": "string", "enum": ["metric", "imperial"]}}}}]
NEW = [{"name": "search", "inputSchema": {"type": "object", "properties": {
    "units": {"type": "string", "enum": ["imperial"]}}}}]
SETUP = work.Setup(Config(), 1000)


def post(calls) -> work.Answer:
    return work.answer("diff", json.dumps({"old": OLD, "new": NEW, "calls": calls}).encode(), {}, SETUP)


def test_the_service_answers_400_for_calls_all_malformed_and_counts_the_rest():
    for bad in BAD:
        answer = post([bad])
        assert answer.status == 400, (bad, answer.body)
        assert json.loads(answer.body)["field"] == "calls"
        assert "none of its 1 items holds a recorded call" in json.loads(answer.body)["error"]
    mixed = post([GOOD_SPAN, *BAD])
    assert mixed.status == 200, mixed.body
    report = json.loads(mixed.body)
    assert report["summary"]["calls"]["malformedLines"] == len(BAD)
    assert any("line 2, 3, 4, 5, 6" in w for w in report["warnings"])


def test_a_lone_surrogate_in_a_rejected_value_is_written_to_the_calls_report(pair, tmp_path, runner):  # noqa: F811
    path = tmp_path / "calls.jsonl"
    path.write_text('{"tool": "search", "arguments": {"q": "\\udc80", "units": "metric"}}\n')
    out = tmp_path / "rejected.jsonl"
    result = runner.invoke(app, ["diff", str(pair[0]), str(pair[1]), "--no-lint", "--calls", str(path),
                                 "--calls-report", str(out)])
    assert result.exit_code == 1 and "internal error" not in result.stderr, result.stderr
    [row] = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert row["value"] == {"q": "\udc80", "units": "metric"}


def _otlp_call(units: dict) -> dict:
    """An OTLP/JSON span calling search with q "a" and ``units`` as the AnyValue given."""
    arguments = {"kvlistValue": {"values": [{"key": "q", "value": {"stringValue": "a"}},
                                            {"key": "units", "value": units}]}}
    return {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
        {"key": "gen_ai.tool.name", "value": {"stringValue": "search"}},
        {"key": "gen_ai.tool.call.arguments", "value": arguments}]}]}]}]}


def test_an_otlp_value_of_the_wrong_type_is_skipped_not_judged(tmp_path):
    """Hostile trial, round 10: ``{"doubleValue": "oops"}`` was read as the string "oops", and
    ``{"boolValue": {…}}`` as an object, so a malformed line became a call the old schema (a string)
    accepted and the new one (a boolean) rejects: a false "worked and now fails" on the gate's count.
    A part of the wrong type makes the line skipped and counted, as an intValue that is not one did;
    so do the protobuf JSON mapping's non-finite doubles ("NaN", "Infinity", "-Infinity"), which the
    replay cannot carry, as a NaN written in a JSON line."""
    def side(kind: str) -> str:
        path = tmp_path / f"{kind}.json"
        path.write_text(json.dumps([{"name": "search", "inputSchema": {"type": "object", "properties": {
            "q": {"type": "string"}, "units": {"type": kind}}}}]))
        return str(path)

    old, new = side("string"), side("boolean")
    wrong = [{"doubleValue": "oops"}, {"boolValue": {"not": "a bool"}}, {"boolValue": "true"},
             {"stringValue": 3}, {"stringValue": {"a": 1}}, {"doubleValue": True}, {"doubleValue": "1.5x"},
             {"doubleValue": "NaN"}, {"doubleValue": "Infinity"}, {"doubleValue": "-Infinity"},
             {"doubleValue": "1e999"}]
    recording = write_jsonl(tmp_path / "calls.jsonl", [_otlp_call(units) for units in wrong])
    with recording.open("a") as lines:  # the same non-finite numbers written as JSON lines cannot carry them
        lines.write('{"tool": "search", "arguments": {"q": "a", "units": NaN}}\n')
        lines.write('{"tool": "search", "arguments": {"q": "a", "units": -Infinity}}\n')
        lines.write('{"tool": "search", "arguments": {"q": "a", "units": 1e999}}\n')
        lines.write(json.dumps({"attributes": {"gen_ai.tool.name": "search",
                                               "gen_ai.tool.call.arguments": '{"q": "a", "units": NaN}'}}) + "\n")
    summary = replay(old, new, str(recording))
    assert (summary.calls, summary.calls_rejected, summary.malformed) == (0, 0, len(wrong) + 4)
    # What is of the right type is read as ever: a string is judged a string, a boolean a boolean,
    # a double a number, given as a number or as the string the protobuf JSON mapping allows.
    right = [{"stringValue": "metric"}, {"boolValue": True}, {"doubleValue": 2.5}, {"doubleValue": "-1.5e3"},
             {"doubleValue": 7}]
    summary = replay(old, new, [_otlp_call(units) for units in right])
    assert (summary.calls, summary.malformed) == (5, 0)
    assert summary.calls_rejected == 1  # "metric": a string the old side took and the new one refuses
    doubles = [_otlp_call({"doubleValue": "-1.5e3"}), _otlp_call({"doubleValue": 7})]
    assert replay(side("number"), side("string"), doubles).calls_rejected == 2  # numbers, which a string is not


def test_an_otlp_value_that_is_no_object_is_skipped_not_judged(tmp_path):
    """Hostile trial, round 13: an AnyValue that is not an object (``{"key": "x", "value": "oops"}``
    among a kvlist's values, bare numbers among an ``arrayValue``'s values) was read as the value it
    is and judged: old ``x: string`` accepted "oops", new ``x: boolean`` refused it, and ``[1, 2]``
    was "rejected" by a new array of strings: false "worked and now fails" calls on the gate's count,
    from lines the protobuf JSON mapping (which writes an AnyValue, a message, as an object, always)
    cannot have written. Each such line is skipped and counted, by the file reader and the service."""
    def side(x: str, items: str) -> str:
        path = tmp_path / f"{x}.json"
        path.write_text(json.dumps([{"name": "search", "inputSchema": {"type": "object", "properties": {
            "x": {"type": x}, "y": {"type": "array", "items": {"type": items}}}}}]))
        return str(path)

    def call(arguments: list) -> dict:
        return {"resourceSpans": [{"scopeSpans": [{"spans": [{"kind": 3, "attributes": [
            {"key": "gen_ai.tool.name", "value": {"stringValue": "search"}},
            {"key": "gen_ai.tool.call.arguments", "value": {"kvlistValue": {"values": arguments}}}]}]}]}]}

    old, new = side("string", "integer"), side("boolean", "string")
    bare = [call([{"key": "x", "value": "oops"}]), call([{"key": "y", "value": {"arrayValue": {"values": [1, 2]}}}]),
            call([{"key": "x", "value": ["oops"]}]), call([{"key": "x", "value": 3}]),
            call([{"key": "x", "value": True}]),
            call([{"key": "y", "value": {"arrayValue": {"values": [{"intValue": "1"}, 2]}}}]),
            call([{"key": "y", "value": {"arrayValue": {"values": [{"intValue": "1"}, None]}}}]),
            {"resourceSpans": [{"scopeSpans": [{"spans": [{"attributes": [
                {"key": "gen_ai.tool.name", "value": "search"}]}]}]}]}]
    recording = write_jsonl(tmp_path / "calls.jsonl", bare)
    summary = replay(old, new, str(recording))
    assert (summary.calls, summary.calls_rejected, summary.malformed) == (0, 0, len(bare))
    # The same values written as AnyValue objects are read and judged as ever; an attribute whose
    # value is left out, or null, is unset: null, which neither x schema takes.
    right = [call([{"key": "x", "value": {"stringValue": "oops"}}]),
             call([{"key": "y", "value": {"arrayValue": {"values": [{"intValue": "1"}, {"intValue": 2}]}}}]),
             call([{"key": "x", "value": None}]), call([{"key": "x"}])]
    summary = replay(old, new, right)
    assert (summary.calls, summary.calls_rejected, summary.malformed) == (4, 2, 0)
    # The service's calls: a tool name given as a bare string made a call of a malformed item.
    for item in bare:
        answer = work.answer("diff", json.dumps({"old": json.loads(Path(old).read_text()),
                                                 "new": json.loads(Path(new).read_text()), "calls": [item]}).encode(),
                             {}, SETUP)
        assert answer.status == 400 and "none of its 1 items holds a recorded call" in json.loads(answer.body)["error"]


# --- hypothesis: OTLP/JSON with any part of any type ----------------------------------------

anything = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=4)
                        | st.floats(allow_nan=False, allow_infinity=False),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner,
                                                                                     max_size=3), max_leaves=8)


def maybe(strategy):
    """The right type most of the time, anything JSON at all otherwise."""
    return st.one_of(strategy, strategy, anything)


any_value = st.deferred(lambda: maybe(st.one_of(
    st.fixed_dictionaries({"stringValue": maybe(st.sampled_from(["search", "{\"q\": 1}", "tools/call"]))}),
    st.fixed_dictionaries({"intValue": maybe(st.sampled_from(["3", "9" * 30, "x"]))}),
    st.fixed_dictionaries({"boolValue": anything}),
    st.fixed_dictionaries({"doubleValue": maybe(st.sampled_from([1.5, 3, "2.5", "NaN", "-Infinity", "x"]))}),
    st.fixed_dictionaries({"arrayValue": maybe(st.fixed_dictionaries({"values": maybe(st.lists(any_value,
                                                                                               max_size=2))}))}),
    st.fixed_dictionaries({"kvlistValue": maybe(st.fixed_dictionaries({"values": maybe(st.lists(attribute,
                                                                                                max_size=2))}))}),
)))
attribute = st.deferred(lambda: maybe(st.fixed_dictionaries({
    "key": maybe(st.sampled_from(["gen_ai.tool.name", "gen_ai.tool.call.arguments", "gen_ai.tool.call.result",
                                  "mcp.method.name", "service.name", "error.type"])),
    "value": any_value})))
attributes = maybe(st.lists(attribute, max_size=4))
span = maybe(st.fixed_dictionaries({"attributes": attributes},
                                   optional={"kind": maybe(st.sampled_from([3, "CLIENT"]))}))
scope = maybe(st.fixed_dictionaries({"spans": maybe(st.lists(span, max_size=3))}))
resource_spans = maybe(st.fixed_dictionaries({}, optional={
    "resource": maybe(st.fixed_dictionaries({"attributes": attributes})),
    "scopeSpans": maybe(st.lists(scope, max_size=3)),
    "instrumentationLibrarySpans": maybe(st.lists(scope, max_size=2))}))
export = st.one_of(st.fixed_dictionaries({"resourceSpans": maybe(st.lists(resource_spans, max_size=3))}),
                   st.fixed_dictionaries({"attributes": attributes}, optional={
                       "resource": maybe(st.fixed_dictionaries({"attributes": attributes}))}))


@settings(max_examples=80, deadline=None)
@given(st.lists(export, min_size=1, max_size=4))
def test_any_otel_export_is_read_or_counted_never_raised(exports):
    malformed = Malformed()
    lines = [(number, json.dumps(value).encode()) for number, value in enumerate(exports, 1)]
    calls = list(parse_lines(lines, malformed))
    assert all(isinstance(call.tool, str) for call in calls)
    assert malformed.count <= len(exports)
    assert set(malformed.lines) <= set(range(1, len(exports) + 1))


@settings(max_examples=40, deadline=None)
@given(st.lists(export, min_size=1, max_size=3))
def test_the_service_never_answers_500_to_any_otel_export(exports):
    assert post(exports).status in (200, 400)


def test_an_otlp_value_the_reader_does_not_read_is_skipped_not_judged_as_null(tmp_path):
    """Hostile trial, round 11: ``{"bytesValue": "AAE="}``, or an AnyValue member the reader
    does not know, was read as null and judged, so a call that sent bytes was "rejected" by a
    new ``not: {type: null}``; and ``intValue`` strings ``"5_0"`` and ``" ٥"`` were read as 50 and
    5, because Python's ``int()`` takes a ``_``, spaces and other scripts' digits, where the
    protobuf JSON mapping writes an int64 as an optional minus and ASCII digits. Each makes the
    line skipped and counted, as any other part OTLP/JSON does not give that type; so do two
    members set in one AnyValue, of which the value is only one."""
    def side(schema: dict) -> str:
        path = tmp_path / f"side{len(list(tmp_path.iterdir()))}.json"
        path.write_text(json.dumps([{"name": "search", "inputSchema": {"type": "object", "properties": {
            "q": {"type": "string"}, "units": schema}}}]))
        return str(path)

    anything, not_null = side({}), side({"not": {"type": "null"}})
    unread = [{"bytesValue": "AAE="}, {"bytesValue": ""}, {"fooValue": 1}, {"string_value": "metric"},
              {"stringValue": "metric", "intValue": "5"}, {"intValue": "5_0"}, {"intValue": " \u0665"},
              {"intValue": "5 "}, {"intValue": "+5"}, {"intValue": "\u0665"}, {"intValue": "0x10"},
              {"intValue": ""}, {"intValue": "-"}, {"intValue": "1.0"}, {"intValue": "9223372036854775808"}]
    summary = replay(anything, not_null, [_otlp_call(units) for units in unread])
    assert (summary.calls, summary.calls_rejected, summary.malformed) == (0, 0, len(unread))
    # What the mapping writes is read as ever: an int64 as a string of ASCII digits, or as a number,
    # and a member set to null is unset (an empty AnyValue: null, which not_null refuses).
    read = [{"intValue": "50"}, {"intValue": "-9223372036854775808"}, {"intValue": 7}, {"stringValue": "a"},
            {"intValue": "12", "stringValue": None}, {"bytesValue": None}]
    summary = replay(anything, not_null, [_otlp_call(units) for units in read])
    assert (summary.calls, summary.malformed, summary.calls_rejected) == (6, 0, 1)
    integers = replay(side({"type": "integer", "maximum": 50}), side({"type": "integer", "maximum": 49}),
                      [_otlp_call({"intValue": "50"}), _otlp_call({"intValue": "49"})])
    assert (integers.calls, integers.calls_rejected) == (2, 1)
