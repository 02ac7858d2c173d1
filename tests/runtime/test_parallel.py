"""``executor.both``: the same answers as running in order, and every failure handled."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from mcp_inspect.runtime import executor as parallel
from mcp_inspect.runtime.executor import both

BENCH = Path(__file__).resolve().parents[2] / "bench"
forks = pytest.mark.skipif(not parallel.can_fork(parallel.FORK_MIN_DEFINITIONS), reason="no fork on this machine")


@forks
def test_the_child_computes_the_second_value():
    parent = os.getpid()
    here, there = both(os.getpid, os.getpid, size=parallel.FORK_MIN_DEFINITIONS)
    assert here == parent and there != parent  # it really ran elsewhere


def test_small_inputs_and_the_environment_switch_stay_in_process(monkeypatch):
    assert both(os.getpid, os.getpid, size=1) == (os.getpid(), os.getpid())
    monkeypatch.setenv(parallel.JOBS_ENV, "1")
    assert not parallel.can_fork(10**6)


@forks
def test_a_failing_child_is_redone_here_so_the_error_is_the_usual_one():
    calls = []

    def there():
        calls.append(os.getpid())  # only the parent's list survives
        raise ValueError("bad input")

    with pytest.raises(ValueError, match="bad input"):
        both(lambda: 1, there, size=parallel.FORK_MIN_DEFINITIONS)
    assert calls == [os.getpid()]


@forks
def test_an_unpicklable_result_is_redone_here():
    value, result = both(lambda: 1, lambda: (lambda: 2), size=parallel.FORK_MIN_DEFINITIONS)
    assert value == 1 and result() == 2


@forks
def test_an_error_here_stops_the_child_and_leaves_no_process(monkeypatch):
    children = []
    real_fork = os.fork

    def fork():
        pid = real_fork()
        if pid:
            children.append(pid)
        return pid

    monkeypatch.setattr(parallel.os, "fork", fork)

    def here():
        raise KeyError("here")

    with pytest.raises(KeyError):
        both(here, lambda: __import__("time").sleep(30), size=parallel.FORK_MIN_DEFINITIONS)
    assert len(children) == 1
    with pytest.raises(ChildProcessError):
        os.waitpid(children[0], os.WNOHANG)  # stopped and reaped: not running, not a zombie


@forks
def test_diff_reports_the_same_with_and_without_the_second_core(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from mcp_inspect.cli import app

    sys.path.insert(0, str(BENCH))
    try:
        from workload import write
    finally:
        sys.path.remove(str(BENCH))
    old, new = write(tmp_path, parallel.FORK_MIN_DEFINITIONS)
    runner = CliRunner()
    outputs = []
    for jobs in ("1", "2"):
        monkeypatch.setenv(parallel.JOBS_ENV, jobs)
        done = runner.invoke(app, ["diff", "--format", "json", str(old), str(new)])
        assert done.exit_code in (0, 1), done.output
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1]
    assert outputs[0]["lint"]["inherited"]  # the lint did run, on both sides


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_after_the_join_both_sides_lint_from_what_is_already_known(tmp_path, monkeypatch, jobs):
    # Before the join, the child lints the old side and this process the new side's own
    # definitions, so the lint that completes the report runs no tool rule at all: nothing
    # waits for the end on one core.
    from mcp_inspect import api, load
    from mcp_inspect.checks import engine
    from mcp_inspect.checks.settings import LintSettings
    from mcp_inspect.snapshot.identity import Digests

    old, new = _workload(tmp_path, parallel.FORK_MIN_DEFINITIONS)
    monkeypatch.setenv(parallel.JOBS_ENV, jobs)
    real_lint_tools = api.lint_tools

    def rule_ran(*_: object) -> list[tuple[str, str]]:
        raise AssertionError("a tool rule ran after the join")

    def lint_without_rules(*args, **kwargs):
        monkeypatch.setattr(engine, "TOOL_RULES", dict.fromkeys(engine.TOOL_RULES, rule_ran))
        return real_lint_tools(*args, **kwargs)

    monkeypatch.setattr(api, "lint_tools", lint_without_rules)
    before, after = load(str(old)), load(str(new))
    assert api._new_definitions(before.tools, after.tools, Digests())  # the new side has its own
    result = api.diff(before, after, lint=LintSettings())
    assert result.changes and result.inherited


def _workload(tmp_path: Path, tools: int) -> tuple[Path, Path]:
    sys.path.insert(0, str(BENCH))
    try:
        from workload import write
    finally:
        sys.path.remove(str(BENCH))
    return write(tmp_path, tools)
