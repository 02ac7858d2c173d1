"""Replay runs a surface's patterns on RE2, never on Python's backtracking ``re``
(trial defect 1): ``patternProperties: {"(a+)+$": …}`` and a recorded key of thousands of
``a`` and a ``!`` once hung ``diff --calls``; a pattern RE2 cannot run is not run and never
makes a call count as rejected."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from conftest import ROOT

from mcp_inspect import diff, replay
from mcp_inspect.snapshot.shapes import snapshot_from_value

HOSTILE_KEY = "a" * 5000 + "!"
LONG_A = "a" * 5000


def evil(pattern_schema: dict, pattern: str = "(a+)+$", **extra) -> dict:
    schema = {"type": "object", "patternProperties": {pattern: pattern_schema}, **extra}
    return snapshot_from_value({"tools": [{"name": "evil", "description": "x", "inputSchema": schema}]}, "inline")


def trial_pair() -> tuple[dict, dict, list[dict]]:
    """The trial's reproduction (/work/trial-repro/h-*.json), written out."""
    def tool(name: str, value_type: str, **extra) -> dict:
        return {"name": name, "description": "x", "inputSchema": {
            "type": "object", "patternProperties": {"(a+)+$": {"type": value_type}}, **extra}}

    named = {"properties": {HOSTILE_KEY: {"type": "string"}}, "required": [HOSTILE_KEY]}
    old = {"tools": [tool("evil", "string", **named)]}
    new = {"tools": [tool("evil", "integer", **named),
                     tool("evil2", "string", required=[HOSTILE_KEY], additionalProperties=False)]}
    return old, new, [{"tool": "evil", "arguments": {"a" * 40 + "!": "x", HOSTILE_KEY: "y"}}]


def test_the_trials_recording_replays_at_once_on_the_command_line(tmp_path):
    old, new, calls = trial_pair()
    (tmp_path / "old.json").write_text(json.dumps(old))
    (tmp_path / "new.json").write_text(json.dumps(new))
    (tmp_path / "calls.jsonl").write_text("".join(json.dumps(c) + "\n" for c in calls))
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mcp_inspect", "diff", "old.json", "new.json", "--calls",
                           "calls.jsonl", "--format", "json"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert time.perf_counter() - started < 15, "the replay or the witness search backtracked"
    report = json.loads(done.stdout)
    assert report["summary"]["calls"]["calls"] == 1
    # "a"*40+"!" matches no "(a+)+$" (the "!" ends it) and the long name is a string on both sides.
    assert report["summary"]["calls"]["rejected"] == 0


def test_a_runnable_hostile_pattern_still_decides():
    # Both sides run "(a+)+$" on RE2: the long key matches it, and the new side wants an integer there.
    started = time.perf_counter()
    summary = replay(evil({"type": "string"}), evil({"type": "integer"}),
                     [{"tool": "evil", "arguments": {LONG_A: "x", HOSTILE_KEY: "x"}},
                      {"tool": "evil", "arguments": {HOSTILE_KEY: "x"}}])
    assert time.perf_counter() - started < 5
    assert summary.calls == 2 and summary.calls_rejected == 1
    assert summary.patterns_not_run == {}
    assert summary.rejected[0].value == {LONG_A: "x", HOSTILE_KEY: "x"}


def test_additional_properties_asks_the_patterns_on_re2():
    old = evil({}, additionalProperties=True)
    new = evil({}, additionalProperties=False)
    short = "a" * 60 + "!"  # still past any wait on re; short enough for the whole message
    summary = replay(old, new, [{"tool": "evil", "arguments": {LONG_A: 1}},
                                {"tool": "evil", "arguments": {short: 1}}])
    assert summary.calls_rejected == 1
    assert summary.rejected[0].value == {short: 1}
    assert "does not match any of the regexes" in summary.rejected[0].error


def test_a_pattern_re2_cannot_run_never_rejects_a_call():
    lookahead = "(?=a)a+$"  # not at the start: not run (patterns.ecma runs only a leading one)
    old = evil({"type": "string"}, pattern=lookahead, additionalProperties=True)
    new = evil({"type": "integer"}, pattern=lookahead, additionalProperties=False, required=["q"],
               properties={"q": {"type": "string", "pattern": "(?<=x)y"}})
    summary = replay(old, new, [{"tool": "evil", "arguments": {"aaa": "x", "q": "zz"}},
                                {"tool": "evil", "arguments": {"b": "x", "q": "zz"}},
                                {"tool": "evil", "arguments": {"b": "x"}}])
    # Not run, so never a refusal: the lookahead's schema for "aaa", the closed object's refusal
    # of a key the lookahead might match (any key: it was not run), the lookbehind on q. The
    # call without q, which the new side now requires, is refused.
    assert summary.calls == 3 and summary.calls_rejected == 1
    assert summary.rejected[0].value == {"b": "x"}
    assert summary.patterns_not_run == {"(?<=x)y": "a lookbehind", lookahead: "a lookahead"}


def test_the_report_warns_about_patterns_not_run():
    old = evil({"type": "string"}, pattern="(a)\\1")
    new = evil({"type": "integer"}, pattern="(a)\\1")
    report = diff(old, new, calls=[{"tool": "evil", "arguments": {"aa": "x"}}])
    assert report.calls is not None and report.calls.calls_rejected == 0
    warned = [w for w in report.warnings if "RE2" in w]
    assert len(warned) == 1 and '"(a)\\\\1" (a backreference)' in warned[0], report.warnings


def test_jsonschema_rs_is_not_asked_about_a_schema_with_a_pattern():
    from mcp_inspect.recording.replay import Validators

    validators = Validators()
    with_pattern = {"type": "object", "properties": {"q": {"type": "string", "pattern": "^a"}}}
    validators.get(with_pattern)
    assert validators.fast(with_pattern) is None


def test_unevaluated_properties_beside_pattern_properties_is_applied_on_re2():
    """Before, an unevaluatedProperties beside a patternProperties was not applied (jsonschema
    asks re which keys the patterns evaluate) and said so; it now runs each pattern on RE2,
    so "b", which no pattern evaluates, is refused by the new side, and a key of five thousand
    a followed by "!" against (a+)+$ is answered at once."""
    old = evil({"type": "string"}, unevaluatedProperties=True)
    new = evil({"type": "string"}, unevaluatedProperties=False)
    summary = replay(old, new, [{"tool": "evil", "arguments": {"b": 1}},
                                {"tool": "evil", "arguments": {"a" * 5000 + "!": 1}}])
    assert summary.calls_rejected == 2
    assert summary.patterns_not_run == {}
