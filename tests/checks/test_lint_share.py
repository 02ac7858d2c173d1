"""A lint split into shares (``lint_share``, perhaps in another process, merged with
``Memo.update``) reports exactly what one lint reports, and the merged results are really used."""

from __future__ import annotations

import json
from pathlib import Path

from mcp_inspect.checks import engine
from mcp_inspect.checks.engine import Memo, lint_share, lint_tools, tool_objects
from mcp_inspect.checks.settings import LintSettings

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"


def _tools() -> list:
    tools = []
    for path in sorted(CORPUS.rglob("*.json"))[:12]:
        value = json.loads(path.read_text())
        found = value.get("tools") if isinstance(value, dict) else None
        if isinstance(found, list):
            tools += found
    tools.append({"description": "no name: reported by its index"})
    tools.insert(3, "not an object: skipped by the tool rules, yet the positions stay the same")
    return tools


def test_shares_absorbed_give_the_same_findings_and_costs():
    tools = _tools()
    assert len(tools) > 20
    settings = LintSettings(profile="openai")
    whole = lint_tools(tools, settings)
    split = len(tools) // 3
    objects = tool_objects(tools)
    memo = Memo()
    memo.update(lint_share(objects, slice(0, split), settings))
    memo.update(lint_share(objects, slice(split, None), settings))
    assert len(memo.hits) > 0
    shared = lint_tools(tools, settings, memo=memo)
    assert [_facts(f) for f in shared[0]] == [_facts(f) for f in whole[0]]
    assert shared[1].to_json() == whole[1].to_json()


def test_absorbed_results_are_used_not_recomputed(monkeypatch):
    tools = _tools()
    settings = LintSettings()
    memo = lint_share(tool_objects(tools), slice(0, None), settings)
    monkeypatch.setattr(engine, "TOOL_RULES", {})  # a rule run now would find nothing
    again = lint_tools(tools, settings, memo=memo)
    assert any(f.tool is not None for f in again[0])  # the per-definition findings came from the shares


def _facts(finding) -> tuple:
    """Everything a lint finding says, to compare findings made apart."""
    return (finding.rule, finding.entity, finding.path, finding.severity, finding.variant, finding.args,
            finding.position, finding.provenance)
