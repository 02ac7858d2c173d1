"""A report's ``-o`` never overwrites one of the command's own inputs.

Hostile trial, round 3 (issue 34): ``check mcp.json -o mcp.json`` exited 0 and left the
mcp.json holding "Drift of mcp.json against mcp-inspect.lock.json" (the next check: "invalid
JSON at line 1 column 1"); ``diff old.json new.json -o old.json``, ``lint X -o X``,
``release-notes OLD NEW -o NEW`` and ``check … -c .mcp-inspect.yml -o .mcp-inspect.yml`` wrote
over their input too, where ``pin`` and ``approve`` already refused. Every command that writes
a report (or a snapshot) to ``-o`` now refuses, exit 2 and one line, before it writes anything:
its surfaces, its mcp.json, its configuration, its recording and its lock file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcp_inspect.cli import app

TOOLS = {"tools": [{"name": "search", "description": "Search the catalogue.", "inputSchema": {"type": "object"}}]}
CHANGED = {"tools": [{"name": "search", "description": "Search the whole catalogue.",
                      "inputSchema": {"type": "object"}}]}


@pytest.fixture
def inputs(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "old.json").write_text(json.dumps(TOOLS))
    (tmp_path / "new.json").write_text(json.dumps(CHANGED))
    # The server is never started: the refusal comes before any capture.
    (tmp_path / "mcp.json").write_text(json.dumps({"mcpServers": {"srv": {"command": "no-such-server-xyz"}}}))
    (tmp_path / ".mcp-inspect.yml").write_text("fail_on: BREAKING\n")
    (tmp_path / "calls.jsonl").write_text('{"tool": "search", "arguments": {}}\n')
    (tmp_path / "rel").mkdir()
    (tmp_path / "rel" / "1.0.0.json").write_text(json.dumps(TOOLS))
    (tmp_path / "rel" / "1.1.0.json").write_text(json.dumps(CHANGED))
    return tmp_path


def _refused(runner, folder: Path, args: list[str], overwritten: str) -> None:
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert "\n" not in line and "an input of this command" in line and overwritten in line, line
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before  # nothing written


@pytest.mark.parametrize(("args", "overwritten"), [
    (["diff", "old.json", "new.json", "-o", "old.json"], "old.json"),
    (["diff", "old.json", "new.json", "-o", "./new.json"], "new.json"),  # another spelling of the same file
    (["diff", "old.json", "new.json", "-o", ".mcp-inspect.yml"], ".mcp-inspect.yml"),  # the config it found
    (["diff", "old.json", "new.json", "-c", ".mcp-inspect.yml", "-o", ".mcp-inspect.yml"], ".mcp-inspect.yml"),
    (["diff", "old.json", "new.json", "--calls", "calls.jsonl", "-o", "calls.jsonl"], "calls.jsonl"),
    (["diff", "old.json", "new.json", "--report", "sarif=old.json"], "old.json"),
])
def test_diff(runner, inputs, args, overwritten):
    _refused(runner, inputs, args, overwritten)


def test_lint(runner, inputs):
    _refused(runner, inputs, ["lint", "old.json", "new.json", "-o", "new.json"], "new.json")
    _refused(runner, inputs, ["lint", "mcp.json#srv", "-o", "mcp.json"], "mcp.json")


def test_release_notes(runner, inputs):
    _refused(runner, inputs, ["release-notes", "old.json", "new.json", "-o", "new.json"], "new.json")


def test_check(runner, inputs):
    _refused(runner, inputs, ["check", "mcp.json", "-o", "mcp.json"], "mcp.json")
    _refused(runner, inputs, ["check", "mcp.json", "-c", ".mcp-inspect.yml", "-o", ".mcp-inspect.yml"],
             ".mcp-inspect.yml")


def test_history(runner, inputs):
    _refused(runner, inputs, ["history", "old.json", "new.json", "--no-lint", "-o", "old.json"], "old.json")
    # A file of a folder it read: named only once the folder is expanded.
    _refused(runner, inputs, ["history", "rel", "--no-lint", "-o", "rel/1.1.0.json"], "1.1.0.json")


def test_snapshot(runner, inputs):
    _refused(runner, inputs, ["snapshot", "mcp.json#srv", "-o", "mcp.json"], "mcp.json")


def test_a_report_beside_the_inputs_is_still_written(runner, inputs):
    result = runner.invoke(app, ["diff", "old.json", "new.json", "-o", "report.txt", "--report", "json=r.json"])
    assert result.exit_code == 0, result.output
    assert (inputs / "report.txt").read_text() and json.loads((inputs / "r.json").read_text())["findings"]


# Hostile trial, round 20 (issue 34): ``input_files`` returned nothing for ``@NAME``, so ``diff
# @base new.json -o snapshots/index.json`` wrote the text report over the store's index (every name
# of the store lost: "cannot read the snapshot index"), ``-o snapshots/objects/<fp>.json`` over
# the baseline itself, and ``snapshot old.json --save base -o snapshots/index.json`` replaced the
# index it had just written with the snapshot. The store's index, its lock and every object are now
# inputs of a command that reads @NAME or saves, whatever the spelling or the store's folder.


@pytest.fixture
def stored(runner, inputs) -> Path:
    result = runner.invoke(app, ["snapshot", "old.json", "--save", "base"])
    assert result.exit_code == 0, result.output
    (inputs / "other").mkdir()
    result = runner.invoke(app, ["snapshot", "old.json", "--save", "base", "--store", "other"])
    assert result.exit_code == 0, result.output
    return inputs


def _object(store: Path) -> str:
    (fingerprint,) = [entry["fingerprint"] for entry in json.loads((store / "index.json").read_text())["names"]
                      .values()]
    return str(store / "objects" / f"{fingerprint}.json")


def _refused_store(runner, folder: Path, args: list[str], overwritten: str) -> None:
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    line = result.stderr.strip()
    assert "\n" not in line and overwritten in line and "would overwrite it" in line, line
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before  # nothing written
    listed = runner.invoke(app, ["snapshots"])
    assert listed.exit_code == 0 and "base" in listed.stdout, listed.output


@pytest.mark.parametrize("output", ["snapshots/index.json", "./snapshots/index.json", "snapshots/index.json.lock",
                                    "snapshots/objects/new.json", "OBJECT"])
@pytest.mark.parametrize("command", [
    ["diff", "@base", "new.json"],
    ["diff", "old.json", "@base", "--no-lint"],
    ["lint", "@base"],
    ["release-notes", "@base", "new.json"],
    ["history", "@base", "new.json", "--no-lint"],
    ["snapshot", "@base"],
    ["snapshot", "new.json", "--save", "later"],  # a save writes the index and any object
])
def test_store_of_at_name(runner, stored, command, output):
    output = _object(stored / "snapshots") if output == "OBJECT" else output
    _refused_store(runner, stored, [*command, "-o", output], output.removeprefix("./"))


def test_a_fresh_save_refuses_its_own_index(runner, inputs):
    """No store yet: the save would have made it, then written the snapshot over its index."""
    result = runner.invoke(app, ["snapshot", "old.json", "--save", "base", "-o", "snapshots/index.json"])
    assert result.exit_code == 2 and "snapshot store" in result.stderr, result.output
    assert not (inputs / "snapshots").exists()


def test_the_store_named_by_option_or_environment(runner, stored, monkeypatch):
    _refused_store(runner, stored, ["diff", "@base", "new.json", "--store", "other", "-o", "other/index.json"],
                   "other/index.json")
    _refused_store(runner, stored, ["diff", "@base", "new.json", "--store", "other", "-o", _object(stored / "other")],
                   _object(stored / "other"))
    monkeypatch.setenv("MCP_INSPECT_STORE", "other")
    _refused_store(runner, stored, ["lint", "@base", "-o", "other/objects/x.json"], "other/objects/x.json")
    # Through a link to the store's folder.
    (stored / "link").symlink_to(stored / "other")
    _refused_store(runner, stored, ["lint", "@base", "-o", "link/index.json"], "link/index.json")


def test_a_report_beside_the_store_is_still_written(runner, stored):
    result = runner.invoke(app, ["diff", "@base", "new.json", "-o", "snapshots/report.txt"])
    assert result.exit_code == 0, result.output
    assert (stored / "snapshots" / "report.txt").read_text()
    # Another store's files are not this command's inputs.
    result = runner.invoke(app, ["lint", "@base", "-o", "other/index.json.txt"])
    assert result.exit_code in (0, 1) and (stored / "other" / "index.json.txt").read_text(), result.output


# Hostile trial, round 20 (issue 34): ``diff``, ``lint`` and ``release-notes`` (``history`` and
# ``check`` too) wrote ``-o -`` to a file named '-', where ``snapshot -o -`` and ``--report json=-``
# mean stdout; and since the input check skipped '-' as stdout, ``lint ./- -o -`` wrote the report
# over its own input. ``-o -`` is stdout in every command that writes a report.


@pytest.mark.parametrize(("args", "expected"), [
    (["diff", "old.json", "new.json", "--no-lint"], "search"),
    (["lint", "new.json"], "search"),
    (["lint", "./-"], "search"),  # an input named '-' is read, never written
    (["release-notes", "old.json", "new.json"], "#"),
    (["history", "old.json", "new.json", "--no-lint"], "History of 2 releases"),
])
def test_dash_is_stdout(runner, inputs, args, expected):
    (inputs / "-").write_text(json.dumps(CHANGED))
    before = {p: p.read_bytes() for p in inputs.rglob("*") if p.is_file()}
    result = runner.invoke(app, [*args, "-o", "-"])
    assert result.exit_code in (0, 1, 2), result.output
    assert {p: p.read_bytes() for p in inputs.rglob("*") if p.is_file()} == before  # no file written
    if expected:
        assert result.exit_code in (0, 1) and expected in result.stdout, result.output


def test_two_outputs_of_one_run_on_one_file_are_refused(runner, inputs):
    """``-o r.json --report json=r.json`` (or ``./r.json``): the second write replaced the
    first report without a word. Refused, exit 2, one line, nothing written."""
    for report in ("json=r.json", "markdown=./r.json"):
        result = runner.invoke(app, ["diff", "old.json", "new.json", "-o", "r.json", "--report", report])
        assert result.exit_code == 2, result.output
        assert "named for two outputs of this run" in result.stderr and "\n" not in result.stderr.strip()
        assert not (inputs / "r.json").exists()
    fine = runner.invoke(app, ["diff", "old.json", "new.json", "-o", "r.txt", "--report", "json=r.json"])
    assert fine.exit_code == 0, fine.output


@pytest.mark.parametrize(("args", "what"), [
    (["pin", "mcp.json", "-o", "-"], "the lock file"),
    (["record", "--server", "no-such-server-xyz", "-o", "-"], "the call log"),
])
def test_a_file_the_command_keeps_is_no_stdout(runner, inputs, args, what):
    """pin's lock file and record's call log are files the command keeps, not reports: ``-o -``
    wrote one named '-', where every report command reads ``-`` as stdout (record's stdout is the
    protocol its client reads). Refused before any server is started."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert f"-o -: {what} must be a file" in result.stderr
    assert not (inputs / "-").exists()
