"""A command that makes several reports from one configuration (``check`` over servers,
``lint`` over targets, ``history`` over steps) judges each ``ignore:`` entry over the whole run:
an entry is stale when some report judged it and none used it, and it is warned once.

Hostile trial, round 29: judged one report at a time, ``check`` with servers a and b called a
SEC-001 entry stale "for b" though server a used it (deleting it, as told, failed a's check);
``lint a.json b.json`` did the same with a warning that named no target; ``history`` said each
stale note at every step, and called ``tool.removed`` stale at the six steps that did not
remove a tool (20 notes for 3 entries).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from conftest import ROOT
from typer.testing import CliRunner

from mcp_inspect.cli import app

SERVER = ROOT / "tests" / "live" / "servers" / "drift_server.py"
STALE = "matched no finding (stale)"
URL = {"type": "string", "maxLength": 100}


def surface(**extra: dict) -> dict:
    return {"tools": [{"name": "nav", "description": "Navigate a page to a url.",
                       "inputSchema": {"type": "object", "properties": {"url": URL, **extra}}}]}


def stale_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if STALE in line]


def test_check_judges_an_entry_over_every_server_and_warns_once(tmp_path: Path, monkeypatch):
    monkeypatch.delenv("MCP_INSPECT_OFFLINE", raising=False)
    files = {name: tmp_path / f"{name}.json" for name in "ab"}
    for path in files.values():
        path.write_text(json.dumps(surface()))
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {name: {"command": sys.executable, "args": [str(SERVER), str(path)]}
                                                 for name, path in files.items()}}))
    runner = CliRunner()
    assert runner.invoke(app, ["pin", str(config)]).exit_code == 0
    files["a"].write_text(json.dumps(surface(cmd={"type": "string"})))  # SEC-001 for a
    files["b"].write_text(json.dumps(surface(n={"type": "integer"})))  # SEC-002 for b, no SEC-001
    (tmp_path / "c.yml").write_text('ignore:\n  - rule: "SEC-001"\n    reason: "cmd is fine"\n'
                                    '  - rule: "SEC-007"\n    reason: "none such"\n')
    result = runner.invoke(app, ["check", str(config), "--config", str(tmp_path / "c.yml"), "--format", "json"])
    document = json.loads(result.stdout)
    servers = {server["name"]: server for server in document["servers"]}
    assert [f["code"] for f in servers["a"]["report"]["lint"]["introduced"] if f["ignored"]] == ["SEC-001"]
    assert stale_lines(result.stderr) == ["mcp-inspect: warning: ignore rule 'SEC-007' (line 4) " + STALE]
    assert document["warnings"] == ["ignore rule 'SEC-007' (line 4) " + STALE]
    assert all(STALE not in w for server in servers.values() for w in server["report"]["warnings"])


def test_lint_of_several_targets_judges_an_entry_over_all_of_them(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.json").write_text(json.dumps(surface(cmd={"type": "string"})))
    (tmp_path / "b.json").write_text(json.dumps(surface(n={"type": "integer"})))
    (tmp_path / "c.yml").write_text('ignore:\n  - rule: "SEC-001"\n    reason: "cmd is fine"\n'
                                    '  - rule: "SEC-007"\n    reason: "none such"\n')
    result = CliRunner().invoke(app, ["lint", "a.json", "b.json", "--select", "SEC", "--config", "c.yml",
                                      "--format", "json"])
    assert stale_lines(result.stderr) == ["mcp-inspect: warning: ignore rule 'SEC-007' (line 4) " + STALE]
    assert json.loads(result.stdout)["warnings"] == ["ignore rule 'SEC-007' (line 4) " + STALE]


def test_history_gives_one_verdict_per_entry_for_the_run(tmp_path: Path):
    folder = tmp_path / "releases"
    folder.mkdir()
    versions = [surface(), surface(cmd={"type": "string"}), {"tools": []}, surface()]
    for index, value in enumerate(versions):
        (folder / f"server-1.{index}.0.json").write_text(json.dumps(value))
    (tmp_path / "c.yml").write_text('ignore:\n  - rule: "tool.removed"\n    reason: "retired"\n'
                                    '  - rule: "tool.added"\n    entity: "nope"\n    reason: "none such"\n')
    result = CliRunner().invoke(app, ["history", str(folder), "--config", str(tmp_path / "c.yml"),
                                      "--format", "json"])
    document = json.loads(result.stdout)
    assert stale_lines(result.stderr) == ["mcp-inspect: warning: ignore rule 'tool.added' entity 'nope' (line 4) "
                                          + STALE]
    assert [w for w in document["warnings"] if STALE in w] == ["ignore rule 'tool.added' entity 'nope' (line 4) "
                                                                + STALE]
    assert all(STALE not in w for step in document["steps"] for w in step["warnings"])
