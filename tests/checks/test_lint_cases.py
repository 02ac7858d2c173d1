"""Every lint case and validator case (tests/data and ../shared, ``lint-cases`` and
``validator-cases``) through the CLI's JSON output.

A case holds ``surface.json`` and ``expect.json``: the client ``profile``, extra command-line
``args`` (validator cases), ``must`` / ``mustNot`` patterns ``[code, tool]`` or ``[code, tool,
severity]`` (a tool of ``*`` matches any tool, a code ending in ``*`` is a prefix, ``A|B``
accepts either code), and, optionally, ``report`` expectations on the verdicts and the
maturity score. Ignored findings never count.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import case_dirs

from mcp_inspect.cli import app

LINT_CASES = case_dirs("lint-cases")
VALIDATOR_CASES = case_dirs("validator-cases")
CASES = [*LINT_CASES, *VALIDATOR_CASES]


def _code_matches(pattern: str, code: str) -> bool:
    return any(code.startswith(p[:-1]) if p.endswith("*") else code == p for p in pattern.split("|"))


def _matches(pattern: list[str], finding: dict) -> bool:
    code, tool, *severity = pattern
    return (_code_matches(code, finding["code"]) and tool in ("*", finding["tool"])
            and (not severity or severity[0].lower() == finding["severity"]))


def test_cases_were_found():
    assert len(LINT_CASES) >= 17 and len(VALIDATOR_CASES) >= 21


def test_a_pattern_reads_alternatives_prefixes_and_severities():
    finding = {"code": "SEC-001", "tool": "t", "severity": "warning"}
    assert _matches(["MCP-012|SEC-001", "t"], finding) and _matches(["SEC-*", "*", "warning"], finding)
    assert not _matches(["SEC-001", "t", "error"], finding) and not _matches(["SEC-002|MCP-001", "*"], finding)


def _check_report(expected: dict, report: dict) -> None:
    for key in ("compliant", "valid"):
        if key in expected:
            assert report[key] is expected[key], key
    maturity = report["maturity"]
    if "maturityMin" in expected:
        assert maturity["score"] >= expected["maturityMin"], maturity
    if "maturityMax" in expected:
        assert maturity["score"] <= expected["maturityMax"], maturity
    if "maturityLevel" in expected:
        levels = expected["maturityLevel"]
        levels = [levels] if isinstance(levels, str) else levels
        assert maturity["level"] in {level.lower() for level in levels}, maturity
    for tool, (low, high) in expected.get("toolMaturity", {}).items():
        assert low <= maturity["perTool"][tool] <= high, (tool, maturity["perTool"])


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.name}" for c in CASES])
def test_case(case: Path, runner, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # no stray .mcp-inspect.yml
    expect = json.loads((case / "expect.json").read_text())
    result = runner.invoke(app, ["lint", str(case / "surface.json"), "--profile", expect["profile"],
                                 *expect.get("args", []), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    report = json.loads(result.stdout)
    assert report["profile"] == expect["profile"]
    findings = [f for f in report["findings"] if not f["ignored"]]
    got = [(f["code"], f["tool"], f["severity"]) for f in findings]
    for pattern in expect["must"]:
        assert any(_matches(pattern, f) for f in findings), f"missing {pattern}; got {got}"
    for pattern in expect["mustNot"]:
        assert not any(_matches(pattern, f) for f in findings), f"unexpected {pattern}; got {got}"
    if "report" in expect:
        _check_report(expect["report"], report)
    # The exit code follows the findings: errors fail the default gate.
    assert result.exit_code == (1 if any(f["severity"] == "error" for f in findings) else 0)
