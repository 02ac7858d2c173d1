"""Every bound in mcp_inspect/limits.py is documented, and each has a test that exceeds it.

The tests for most limits live beside the code they bound (named in docs/limits.md);
this module holds the ones that had no natural home, and two completeness checks.
"""

from __future__ import annotations

import ast
import os
import signal
import sys
import time

import pytest
from conftest import ROOT

from mcp_inspect import limits
from mcp_inspect.errors import CaptureError, InputError

CONSTANTS = [node.targets[0].id for node in ast.parse((ROOT / "mcp_inspect" / "limits.py").read_text()).body
             if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)]


def test_every_limit_is_documented():
    doc = (ROOT / "docs" / "limits.md").read_text()
    assert len(CONSTANTS) >= 15
    assert not [name for name in CONSTANTS if f"`{name}`" not in doc]


def test_every_limit_is_exercised_by_a_test():
    tests = [p.read_text() for p in (ROOT / "tests").rglob("test_*.py") if p.name != "test_limits.py"]
    tests.append((ROOT / "tests" / "test_limits.py").read_text().split("# --- exceeding tests", 1)[1])
    assert not [name for name in CONSTANTS if not any(name in text for text in tests)]


def test_every_test_file_the_limits_page_names_exists():
    """The page's rows and hostile inputs each name the test that exercises them."""
    import re

    doc = (ROOT / "docs" / "limits.md").read_text()
    named = set(re.findall(r"`(tests/[\w/]+\.py)`", doc))
    assert {"tests/recording/test_hostile_recordings.py", "tests/recording/test_malformed_shapes.py",
            "tests/recording/test_proxy_proportion.py", "tests/recording/test_http_proxy_framing.py",
            "tests/runtime/test_safe_outputs.py", "tests/live/test_drift.py"} <= named
    assert not [path for path in named if not (ROOT / path).is_file()]


# --- exceeding tests for limits without a natural home elsewhere ---------------------------


def test_the_recursion_limit_is_raised_to_recursion_limit_and_never_lowered():
    before = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(1_000)
        limits.allow_deep_schemas()
        assert sys.getrecursionlimit() == limits.RECURSION_LIMIT
        sys.setrecursionlimit(limits.RECURSION_LIMIT + 1)
        limits.allow_deep_schemas()
        assert sys.getrecursionlimit() == limits.RECURSION_LIMIT + 1
    finally:
        sys.setrecursionlimit(before)


def test_max_schema_depth_counts_depth_added_by_inlined_refs(monkeypatch):
    from mcp_inspect.snapshot import canonical

    chain = {f"d{i}": {"type": "object", "properties": {"x": {"$ref": f"#/$defs/d{i + 1}"}}} for i in range(30)}
    chain["d30"] = {"type": "string"}
    schema = {"$defs": chain, "$ref": "#/$defs/d0"}
    assert canonical.canonical_schema(schema)  # within the real MAX_SCHEMA_DEPTH
    monkeypatch.setattr(canonical, "MAX_SCHEMA_DEPTH", 20)
    with pytest.raises(InputError, match="nested deeper than 20 levels once \\$refs are inlined"):
        canonical.canonical_schema(schema)


def test_max_typo_word_chars_bounds_what_counts_as_a_typo():
    from mcp_inspect.classify.prose import grade_prose
    from mcp_inspect.findings.severity import Severity
    from mcp_inspect.limits import MAX_TYPO_WORD_CHARS

    short = "a" * 10
    assert grade_prose(f"Use {short}b here", f"Use {short}c here") is Severity.DOCUMENTATION
    long_word = "a" * (MAX_TYPO_WORD_CHARS + 1)
    assert grade_prose(f"Use {long_word}b here", f"Use {long_word}c here") is Severity.POTENTIALLY_BREAKING


def test_default_timeout_applies_when_none_is_given(runner):
    from mcp_inspect.cli import app
    from mcp_inspect.live.options import CaptureOptions

    assert CaptureOptions().timeout == limits.DEFAULT_TIMEOUT_SECONDS
    assert f"[default: {limits.DEFAULT_TIMEOUT_SECONDS:g}]" in runner.invoke(app, ["snapshot", "--help"]).stdout \
        or str(int(limits.DEFAULT_TIMEOUT_SECONDS)) in runner.invoke(app, ["snapshot", "--help"]).stdout


def _transport(code: str, timeout: float = 5.0):
    from mcp_inspect.live.stdio import StdioTransport, child_environment

    return StdioTransport([sys.executable, "-c", code], child_environment(), None, timeout)


def test_stderr_tail_keeps_the_last_lines_cut_to_length():
    code = ("import sys\nfor i in range(100): print(f'line {i} ' + 'x' * 2000, file=sys.stderr)\n"
            "sys.stderr.flush()\nsys.exit(1)")
    transport = _transport(code)
    try:
        with pytest.raises(CaptureError):
            transport.request("server/discover", {})
        tail = transport.stderr_tail()
    finally:
        transport.close()
    assert len(tail) == limits.STDERR_TAIL_LINES
    assert tail[-1].startswith("line 99 ") and all(len(line) <= limits.STDERR_LINE_CHARS for line in tail)


def test_stderr_in_a_capture_message_is_bounded():
    from mcp_inspect.live.stderr import stderr_suffix

    suffix = stderr_suffix(["y" * 400] * 20)
    assert len(suffix) <= limits.STDERR_MESSAGE_CHARS + len("; server stderr: …")


def test_a_flood_of_server_messages_without_an_answer_is_refused(monkeypatch):
    from mcp_inspect.live import stdio

    monkeypatch.setattr(stdio, "MAX_INTERLEAVED_MESSAGES", 50)
    code = ("import json, sys\nsys.stdin.readline()\n"
            "for i in range(1000): print(json.dumps({'jsonrpc': '2.0', 'method': 'notifications/message'}), "
            "flush=True)\nimport time; time.sleep(30)")
    transport = _transport(code)
    try:
        with pytest.raises(CaptureError, match="more than 50 messages"):
            transport.request("server/discover", {})
    finally:
        transport.close(polite=False)


def test_a_child_that_ignores_sigterm_is_killed_after_the_grace(monkeypatch):
    from mcp_inspect.live import stdio

    monkeypatch.setattr(stdio, "KILL_GRACE_SECONDS", 0.3)
    code = ("import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
            "print('ready', flush=True)\ntime.sleep(60)")
    transport = _transport(code)
    pid = transport.proc.pid
    time.sleep(0.3)  # let it install the handler; not a timing assertion
    transport.close(polite=False)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)
    assert transport.proc.returncode == -signal.SIGKILL


@pytest.mark.parametrize("exits_on_eof", [True, False])
def test_a_server_that_outlives_the_stdin_close_grace_gets_sigterm(monkeypatch, tmp_path, exits_on_eof):
    from mcp_inspect.live import stdio

    monkeypatch.setattr(stdio, "STDIN_CLOSE_GRACE_SECONDS", 0.3)
    marker = tmp_path / "got-sigterm"
    code = ("import signal, sys, time\n"
            f"signal.signal(signal.SIGTERM, lambda *a: (open({str(marker)!r}, 'w').close(), sys.exit(0)))\n"
            "print('ready', flush=True)\n"
            + ("sys.stdin.read()\n" if exits_on_eof else "time.sleep(60)\n"))
    transport = _transport(code)
    time.sleep(0.3)  # let it install the handler; not a timing assertion
    transport.close(polite=True)
    assert marker.exists() is not exits_on_eof


def test_max_inlined_nodes_bounds_what_refs_add_across_a_surface(monkeypatch):
    """Every schema below MAX_CANONICAL_NODES, yet together past MAX_INLINED_NODES: the
    surface is refused, naming the tool that crossed it. Nodes written out in the input
    cost nothing from this budget; an identical side of a diff reuses the first's forms."""
    from mcp_inspect.model import Provenance, Snapshot
    from mcp_inspect.snapshot import canonical, surface

    defs = {"d0": {"type": "string"}}
    for i in range(1, 6):  # each definition uses the one before twice: 2**6 - 2 inlined nodes
        defs[f"d{i}"] = {"type": "object", "properties": {"l": {"$ref": f"#/$defs/d{i - 1}"},
                                                          "r": {"$ref": f"#/$defs/d{i - 1}"}}}
    tool = {"description": "x", "inputSchema": {"$defs": defs, "$ref": "#/$defs/d5"}}
    tools = [{"name": f"t{i}", **tool} for i in range(4)]
    plain = [{"name": f"p{i}", "inputSchema": {"type": "object", "properties": {
        f"a{j}": {"type": "string"} for j in range(100)}}} for i in range(4)]
    budget = canonical.InlineBudget(10_000)
    canonical.canonical_schema(tool["inputSchema"], None, budget)
    each = 10_000 - budget.nodes
    assert each > 60  # every node below the root's $ref was inlined
    snap = Snapshot(Provenance("s.json", "tools array"), tools=tools + plain)
    surface.build_surface(snap)  # within the real limit
    monkeypatch.setattr(canonical, "MAX_INLINED_NODES", each * 4 - 1)
    with pytest.raises(InputError, match=rf"s\.json: tool 't3': \$refs inline beyond {each * 4 - 1} nodes across"):
        surface.build_surface(snap)
    monkeypatch.setattr(canonical, "MAX_INLINED_NODES", each * 4)
    memo: surface.CanonicalMemo = {}
    surface.build_surface(snap, memo)
    surface.build_surface(snap, memo)  # the other side of a diff with itself
