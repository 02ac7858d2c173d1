"""``approve`` runs at the same time on one configuration keep every approval.

Hostile trial, round 3 (issue 34): three ``approve OLD NEW ID --reason … -c c.yml`` runs
started together, one id each, all printed "wrote 1 approval" and exited 0, yet over five
rounds the file held two of the three entries three times. Each run read the file, appended
its entry to its own copy and renamed that over the file, so the last rename dropped what the
others had written. The runs here are real processes (forked, each calling the library's
``approve``) started together, with the edit slowed down so that they overlap every time.
"""

from __future__ import annotations

import json
import multiprocessing
import time
from pathlib import Path

import pytest

from mcp_inspect import api, diff, render
from mcp_inspect.config import approvals
from mcp_inspect.config.load import load_config

RUNS = 4


@pytest.fixture
def removed(tmp_path: Path) -> tuple[str, str, list[str]]:
    """A diff of RUNS BREAKING changes (RUNS tools removed) and their ids."""
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    old.write_text(json.dumps({"tools": [{"name": f"t{i}", "inputSchema": {"type": "object"}} for i in range(RUNS)]}))
    new.write_text(json.dumps({"tools": []}))
    ids = [f["id"] for f in json.loads(render(diff(str(old), str(new)), "json"))["findings"]]
    assert len(ids) == RUNS
    return str(old), str(new), ids


def _approve(old: str, new: str, finding: str, config: Path, start, results) -> None:
    editing = approvals.with_approvals

    def slow_edit(text, entries):  # the edit made slow, as a busy disk makes the read-to-rename
        time.sleep(0.05)
        return editing(text, entries)

    approvals.with_approvals = slow_edit  # this process's own copy of the module (forked)
    start.wait()
    done = api.approve(old, new, [finding], reason=f"approved {finding}", config=config)
    results.put([entry.reason for entry in done.written])


@pytest.mark.parametrize("round_", range(3))
def test_approvals_written_at_once_are_all_kept(removed, tmp_path, round_):
    old, new, ids = removed
    config = tmp_path / "c.yml"
    config.write_text("# approvals of the release\n")
    context = multiprocessing.get_context("fork")
    start, results = context.Event(), context.Queue()
    processes = [context.Process(target=_approve, args=(old, new, finding, config, start, results))
                 for finding in ids]
    for process in processes:
        process.start()
    start.set()
    said = sorted(reason for _ in processes for reason in results.get(timeout=60))
    for process in processes:
        process.join(timeout=60)
        assert process.exitcode == 0
    assert said == sorted(f"approved {finding}" for finding in ids)  # each run said it wrote its one
    kept = load_config(config)
    assert sorted(entry.reason for entry in kept.approve) == said  # and the file holds every one
    assert config.read_text().startswith("# approvals of the release\n")
    assert not (tmp_path / "c.yml.lock").exists()


def test_an_approval_another_run_wrote_meanwhile_is_not_written_twice(removed, tmp_path, monkeypatch):
    """What the file already holds is asked under the lock, not from the copy read before the diff."""
    old, new, ids = removed
    config = tmp_path / "c.yml"
    config.write_text("")
    diffed = api.diff

    def diff_then_another_run_approves(*args, **kwargs):
        report = diffed(*args, **kwargs)
        approvals.append_approvals(config, approvals.approvals_for(report, [ids[0]], reason="first"))
        return report

    monkeypatch.setattr(api, "diff", diff_then_another_run_approves)
    done = api.approve(old, new, [ids[0]], reason="second", config=config)
    assert not done.written and [e.reason for e in done.already] == ["second"]
    assert [e.reason for e in load_config(config).approve] == ["first"]
