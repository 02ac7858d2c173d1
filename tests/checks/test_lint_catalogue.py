"""Lint codes live in the one catalogue: declared, documented, listed, and their examples run."""

from __future__ import annotations

import json
import re

import pytest
from conftest import ROOT

from mcp_inspect.catalogue import LINT_CATEGORIES, UnknownRuleError, default_catalogue, example_surface
from mcp_inspect.checks import registry
from mcp_inspect.checks.engine import lint_tools, load_rules
from mcp_inspect.checks.registry import RULES, Hit
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.cli import app

CATALOGUE = default_catalogue()
CODES = CATALOGUE.lint_rules()
#: The seed's codes and levels (lint.md); these bind.
SEED = {
    "MCP-001": "error", "MCP-002": "error", "MCP-003": "error", "MCP-004": "error", "MCP-005": "error",
    "MCP-006": "error", "MCP-007": "warning", "MCP-008": "error", "MCP-009": "warning", "MCP-010": "warning",
    "MCP-011": "info", "MCP-012": "warning", "MCP-013": "info", "MCP-020": "warning", "MCP-021": "warning",
    "MCP-022": "warning", "MCP-030": "warning", "MCP-031": "info", "MCP-032": "warning",
}

#: The validator family's codes (docs/lint.md's rule table, from the seed's validator): default
#: severity, provenance, category, and whether the code exists only in MCP 2026-07-28.
#: The project's own codes (origin: project), each added by an issue, and their levels: an input
#: schema that accepts no call (issue 34), and the clients' own limits, each with its source
#: (issue 36, docs/lint.md).
PROJECT = {"MCP-014": "error", "MCP-033": "error", "MCP-034": "error", "MCP-035": "error"}
VALIDATOR = {
    "SCH-001": ("error", "specification", "schema", False),
    "SCH-002": ("error", "specification", "schema", False),
    "SCH-003": ("error", "specification", "schema", False),
    "SCH-004": ("error", "specification", "schema", False),
    "SCH-005": ("error", "specification", "schema", False),
    "SCH-006": ("warning", "governance", "schema", False),
    "SCH-007": ("warning", "governance", "schema", False),
    "SCH-008": ("error", "governance", "schema", False),
    "SCH-009": ("error", "specification", "schema", True),
    "SCH-010": ("error", "specification", "schema", True),
    "SCH-011": ("error", "specification", "schema", False),
    "NAM-002": ("warning", "governance", "naming", False),
    "NAM-003": ("warning", "heuristic", "naming", False),
    "NAM-004": ("warning", "heuristic", "naming", False),
    "NAM-005": ("warning", "heuristic", "naming", False),
    "NAM-006": ("warning", "heuristic", "naming", False),
    "NAM-007": ("warning", "governance", "naming", False),
    "NAM-008": ("info", "heuristic", "naming", False),
    "SEC-001": ("error", "governance", "security", False),
    "SEC-002": ("error", "governance", "security", False),
    "SEC-003": ("warning", "governance", "security", False),
    "SEC-004": ("error", "heuristic", "security", False),
    "SEC-005": ("error", "governance", "security", False),
    "SEC-006": ("warning", "heuristic", "security", False),
    "SEC-007": ("warning", "heuristic", "security", False),
    "SEC-008": ("error", "governance", "security", False),
    "SEC-009": ("warning", "governance", "security", False),
    "SEC-010": ("warning", "heuristic", "security", False),
    "SEC-011": ("error", "governance", "security", True),
    "LLM-001": ("warning", "heuristic", "llm-compatibility", False),
    "LLM-002": ("warning", "heuristic", "llm-compatibility", False),
    "LLM-003": ("warning", "heuristic", "llm-compatibility", False),
    "LLM-004": ("warning", "heuristic", "llm-compatibility", False),
    "LLM-005": ("info", "heuristic", "llm-compatibility", False),
    "LLM-006": ("error", "heuristic", "llm-compatibility", False),
    "LLM-007": ("warning", "heuristic", "llm-compatibility", False),
    "LLM-008": ("warning", "heuristic", "llm-compatibility", False),
    "LLM-009": ("info", "heuristic", "llm-compatibility", False),
    "LLM-010": ("warning", "heuristic", "llm-compatibility", False),
    "LLM-011": ("info", "heuristic", "llm-compatibility", False),
    "LLM-012": ("warning", "heuristic", "llm-compatibility", False),
    "LLM-013": ("info", "heuristic", "llm-compatibility", False),
    "BP-001": ("info", "governance", "best-practice", False),
    "BP-002": ("info", "governance", "best-practice", False),
    "BP-003": ("info", "governance", "best-practice", False),
    "BP-004": ("info", "governance", "best-practice", False),
    "BP-005": ("warning", "governance", "best-practice", False),
    "BP-006": ("info", "governance", "best-practice", False),
    "BP-007": ("warning", "governance", "best-practice", False),
    "BP-008": ("info", "governance", "best-practice", False),
    "BP-009": ("info", "governance", "best-practice", False),
    "BP-010": ("warning", "governance", "best-practice", False),
    "BP-011": ("info", "governance", "best-practice", False),
    "BP-012": ("info", "governance", "best-practice", False),
    "BP-013": ("info", "governance", "best-practice", False),
    "BP-014": ("info", "governance", "best-practice", False),
    "BP-015": ("info", "governance", "best-practice", False),
}
REVISIONS = ("2025-11-25", "2026-07-28")


def test_seed_codes_and_levels_are_declared_exactly():
    assert {r.id: r.level for r in CODES if r.family == "MCP" and r.origin == "seed"} == SEED
    assert {r.id: r.level for r in CODES if r.origin == "project"} == PROJECT
    found = {r.id: (r.level, r.provenance, r.category, r.revisions == ("2026-07-28",)) for r in CODES
             if r.family != "MCP"}
    assert found == VALIDATOR
    assert len(VALIDATOR) == 57 and all(r.revisions in (REVISIONS, ("2026-07-28",)) for r in CODES)


def test_every_registered_rule_is_declared_and_every_code_has_a_rule():
    load_rules()
    assert sorted(RULES) == sorted([*SEED, *VALIDATOR, *PROJECT])


@pytest.mark.parametrize("rule", CODES, ids=lambda r: r.id)
def test_lint_code_is_well_formed(rule):
    assert re.fullmatch(r"(MCP|SCH|NAM|SEC|LLM|BP)-0\d\d", rule.id)
    assert rule.category in LINT_CATEGORIES and rule.kind == "check"
    assert rule.status == "stable" and rule.since in ("0.1.0", "0.2.0")
    assert rule.origin == ("project" if rule.id in PROJECT else "seed")
    assert rule.since == ("0.1.0" if rule.family == "MCP" and rule.origin == "seed" else "0.2.0")
    assert rule.summary and len(rule.summary) <= 160
    assert len(rule.advice) >= 80


@pytest.mark.parametrize("rule", CODES, ids=lambda r: r.id)
def test_example_bad_fires_and_good_does_not(rule):
    settings = LintSettings(profile=rule.profile, select=("ALL",))  # each code as the contract reads it
    bad, _ = lint_tools(example_surface(rule.example["bad"])["tools"], settings)
    good, _ = lint_tools(example_surface(rule.example["good"])["tools"], settings)
    assert rule.id in {f.code for f in bad}
    assert rule.id not in {f.code for f in good}



def _list_entries(value, path):
    """``(path, entry)`` of every entry of every list in a code's data, at any depth."""
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _list_entries(sub, f"{path}.{key}")
    elif isinstance(value, list):
        for index, sub in enumerate(value):
            yield f"{path}[{index}]", sub
            yield from _list_entries(sub, f"{path}[{index}]")


@pytest.mark.parametrize("rule", CODES, ids=lambda r: r.id)
def test_word_lists_hold_only_words(rule):
    # YAML reads a bare on, off, yes or no as a boolean: BP-015's stopword "on" once arrived as
    # True and was compared as the word "true", so "on" counted towards an overlap.
    wrong = [(where, entry) for where, entry in _list_entries(rule.data, rule.id)
             if not isinstance(entry, (str, dict, list))]
    assert wrong == []

def test_one_catalogue_holds_both_kinds():
    assert "tool.removed" in CATALOGUE and "MCP-020" in CATALOGUE
    assert CATALOGUE.rule("MCP-020").level == "warning"
    assert CATALOGUE.rule("tool.removed").severity.name == "BREAKING"
    assert all(not r.id.startswith("MCP") for r in CATALOGUE)  # iteration stays the diff rules
    assert len(CATALOGUE.every()) == len(CATALOGUE) + len(CODES)


def test_the_engine_refuses_an_undeclared_code(monkeypatch):
    load_rules()
    monkeypatch.setitem(registry.TOOL_RULES, "MCP-099", lambda tool, ctx: [Hit("", {})])
    with pytest.raises(UnknownRuleError):
        lint_tools([{"name": "t", "inputSchema": {"type": "object", "properties": {}}}])
    with pytest.raises(UnknownRuleError):
        CATALOGUE.lint_rule("tool.removed")


def test_rules_lists_both_kinds(runner):
    text = runner.invoke(app, ["rules"]).stdout
    assert "MCP-022" in text and "tool.removed" in text and "80 lint codes" in text
    listed = json.loads(runner.invoke(app, ["rules", "--format", "json"]).stdout)
    # MCP first (the project's own among them, by number), then the validator's families
    assert [r["id"] for r in listed["lint"]][:23] == sorted([*SEED, *PROJECT])
    assert [r["id"].split("-")[0] for r in listed["lint"]][23:] == (
        ["SCH"] * 11 + ["NAM"] * 7 + ["SEC"] * 11 + ["LLM"] * 13 + ["BP"] * 15)
    assert listed["lint"][0]["severity"] == "error"


def test_explain_a_lint_code(runner):
    result = runner.invoke(app, ["explain", "MCP-020"])
    assert result.exit_code == 0
    assert "Severity: warning" in result.stdout and "Example that fires" in result.stdout
    generated = runner.invoke(app, ["explain", "MCP-032"]).stdout
    assert "25 tools, each with a 7,000-character description." in generated


def test_explain_suggests_a_close_lint_code(runner):
    result = runner.invoke(app, ["explain", "MCP-21"])
    assert result.exit_code == 2 and "did you mean 'MCP-021'?" in result.stderr


def test_rules_doc_has_a_lint_section():
    text = (ROOT / "docs" / "rules.md").read_text()
    assert "## Lint codes" in text
    for code in SEED:
        assert f"### {code}\n" in text and f"(#{code.lower()})" in text
