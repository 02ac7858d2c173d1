"""A validator failing on a recorded value is never a verdict (hostile trial, round 6).

The trial recorded ``{"x": "a\\ud800"}`` and ``{"x": "\\ud800"}`` (half a surrogate pair,
which docs/record.md says a recording may hold) against ``pattern: "^a"`` → ``"^ab"``. RE2's
binding raised on the lone surrogate, the replay took the error for "valid" on both sides,
and the report said the old schema accepted 3 calls (it accepted 2) of which 1 was rejected
(2 were). jsonschema-rs, the fast path, fails the same way on a key holding one, and a
``$ref`` jsonschema cannot resolve made the value "accepted" too.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT

from mcp_inspect import diff, replay


def tool(schema: dict) -> dict:
    return {"tools": [{"name": "t", "description": "x", "inputSchema": schema}]}


def write(tmp_path, name: str, value) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(value))
    return str(path)


def pattern_schema(pattern: str) -> dict:
    return {"type": "object", "properties": {"x": {"type": "string", "pattern": pattern}}}


TRIAL_CALLS = [{"tool": "t", "arguments": {"x": "ac"}}, {"tool": "t", "arguments": {"x": "a\ud800"}},
               {"tool": "t", "arguments": {"x": "\ud800"}}]


def test_the_trials_lone_surrogates_are_judged_by_the_pattern(tmp_path):
    old = write(tmp_path, "o.json", tool(pattern_schema("^a")))
    new = write(tmp_path, "n.json", tool(pattern_schema("^ab")))
    summary = replay(old, new, TRIAL_CALLS)
    # "\ud800" does not match ^a: the old schema never accepted it; "a\ud800" matches ^a, not ^ab.
    assert summary.tools["t"]["input"].as_json() == {"recorded": 3, "acceptedByOld": 2, "rejectedByNew": 2}
    assert [r.value for r in summary.rejected] == [{"x": "ac"}, {"x": "a\ud800"}]
    assert summary.not_judged == 0


def test_the_trials_command_line_counts_and_reports_both_rejections(tmp_path):
    old, new = write(tmp_path, "old.json", tool(pattern_schema("^a"))), write(tmp_path, "new.json",
                                                                              tool(pattern_schema("^ab")))
    # Written as the trial wrote them: JSON escapes of the lone surrogate.
    (tmp_path / "calls.jsonl").write_text("".join(json.dumps(call) + "\n" for call in TRIAL_CALLS))
    done = subprocess.run([sys.executable, "-m", "mcp_inspect", "diff", old, new, "--calls", "calls.jsonl",
                           "--calls-report", "rejected.jsonl", "--no-lint"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 1, done.stderr
    assert "2 of 3 would be rejected" in done.stdout
    assert "2 of the 2 the old schema accepted are rejected" in done.stdout
    lines = (tmp_path / "rejected.jsonl").read_text().splitlines()
    assert [json.loads(line)["value"] for line in lines] == [{"x": "ac"}, {"x": "a\ud800"}]


@pytest.mark.parametrize("rs", [True, False], ids=["with jsonschema-rs", "without"])
def test_a_key_the_fast_path_cannot_take_is_decided_by_jsonschema(tmp_path, monkeypatch, rs):
    """No pattern: jsonschema-rs would decide, and it fails on a key holding a lone surrogate."""
    if not rs:
        monkeypatch.setitem(sys.modules, "jsonschema_rs", None)
    elif pytest.importorskip("jsonschema_rs") is None:
        return
    old = write(tmp_path, "o.json", tool({"type": "object", "properties": {"a": {"type": "integer"}}}))
    new = write(tmp_path, "n.json", tool({"type": "object", "properties": {"a": {"type": "integer"}},
                                          "additionalProperties": False}))
    calls = [{"tool": "t", "arguments": {"\udc80": 1}}, {"tool": "t", "arguments": {"a": 1, "\udc80": "b"}},
             {"tool": "t", "arguments": {"a": "one", "\udc80": 1}}, {"tool": "t", "arguments": {"a": 1}}]
    summary = replay(old, new, calls)
    assert summary.tools["t"]["input"].as_json() == {"recorded": 4, "acceptedByOld": 3, "rejectedByNew": 2}
    assert [r.line for r in summary.rejected] == [1, 2]


def test_a_schema_jsonschema_cannot_apply_leaves_the_value_not_judged(tmp_path):
    """A ``$ref`` that does not resolve: jsonschema raises, which was read as "accepted", so
    the call counted as accepted by the old schema and rejected by the new one."""
    old = write(tmp_path, "o.json", tool({"type": "object", "properties": {"x": {"$ref": "#/$defs/missing"}}}))
    new = write(tmp_path, "n.json", tool({"type": "object", "properties": {"x": {"type": "integer"}}}))
    calls = [{"tool": "t", "arguments": {"x": "a"}}, {"tool": "t", "arguments": {"x": 1}},
             {"tool": "t", "arguments": {}}]
    report = diff(old, new, calls=calls)
    summary = report.calls
    # {} never reaches the $ref: judged (accepted on both sides); the two others are not judged.
    assert summary.tools["t"]["input"].as_json() == {"recorded": 3, "acceptedByOld": 1, "rejectedByNew": 0}
    assert summary.not_judged == 2
    assert summary.as_json()["notJudged"] == 2
    [warning] = [w for w in report.warnings if "could not be judged" in w]
    assert "2 recorded values could not be judged" in warning and "a $ref that does not resolve (2)" in warning


def test_a_text_no_stand_in_is_left_for_is_not_judged(tmp_path):
    every = "".join(map(chr, [*range(0xFDD0, 0xFDF0), *(p << 16 | low for p in range(17) for low in (0xFFFE, 0xFFFF))]))
    old = write(tmp_path, "o.json", tool(pattern_schema("^a")))
    new = write(tmp_path, "n.json", tool(pattern_schema("^ab")))
    summary = replay(old, new, [{"tool": "t", "arguments": {"x": "a\ud800" + every}}])
    assert summary.tools["t"]["input"].as_json() == {"recorded": 1, "acceptedByOld": 0, "rejectedByNew": 0}
    assert summary.not_judged == 1
    assert summary.not_judged_why == {"a pattern not run (a text holding a lone surrogate and every noncharacter)": 1}
