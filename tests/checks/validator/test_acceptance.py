"""The contract's acceptance on real tools (docs/lint.md, "Acceptance"): the eight tools of
Google's Drive MCP server as the validator's own authors published them, and their result."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import DATA

from mcp_inspect.cli import app

DRIVE = DATA / "peers" / "google-drive-tools.json"
ARGS = ["--select", "SCH,NAM,SEC,LLM,BP", "--policy", "compliance", "--spec-version", "2026-07-28"]


@pytest.fixture(scope="module")
def report():
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, ["lint", str(DRIVE), *ARGS, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_same_65_findings(report):
    counts = Counter(f["code"] for f in report["findings"])
    assert counts == {
        "SEC-001": 19, "SEC-009": 8, "LLM-010": 8, "BP-008": 3, "LLM-002": 6, "SEC-003": 2, "LLM-008": 6,
        "LLM-004": 3, "SCH-007": 2, "LLM-007": 2, "LLM-009": 2, "LLM-005": 1, "LLM-011": 1, "BP-009": 1,
        "BP-014": 1,
    }
    summary = report["summary"]
    assert (summary["error"], summary["warning"], summary["info"]) == (0, 48, 17)
    assert {f["severity"] for f in report["findings"] if f["code"] == "SEC-001"} == {"warning"}  # lowered
    assert {f["severity"] for f in report["findings"] if f["code"] == "SEC-009"} == {"info"}  # the root note
    assert not {"SEC-004", "SEC-006", "SEC-007", "SEC-010"} & set(counts)


def test_the_same_verdicts_and_maturity(report):
    assert report["compliant"] is True and report["valid"] is True
    assert report["maturity"] == {"score": 86, "level": "mature", "perTool": {
        "copy_file": 87, "create_file": 80, "download_file_content": 85, "get_file_metadata": 90,
        "get_file_permissions": 92, "list_recent_files": 79, "read_file_content": 91, "search_files": 83}}
    assert report["policy"] == "compliance" and report["specVersion"] == "2026-07-28"


def test_every_finding_says_what_backs_it(report):
    assert {f["provenance"] for f in report["findings"]} <= {"governance", "heuristic", "specification"}
    assert {f["category"] for f in report["findings"]} == {"security", "llm-compatibility", "best-practice", "schema"}
    assert all(f["aliases"] == [] for f in report["findings"])
