"""Every conformance case (tests/data/cases and ../shared/cases) through the CLI's JSON report."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from conftest import case_dirs

from mcp_inspect.cli import app

CASES = case_dirs("cases")


def _matches(expected: dict, finding: dict) -> bool:
    rule = expected["rule"]
    rule_ok = finding["rule"].startswith(rule[:-1]) if rule.endswith("*") else finding["rule"] == rule
    severity_ok = expected["severity"] in ("*", finding["severity"])
    return rule_ok and severity_ok and expected["entity"] == finding["entity"]["name"]


def _check(expect: dict, findings: list[dict]) -> None:
    wanted = expect["expect"]
    got = [(f["rule"], f["severity"], f["entity"]["name"]) for f in findings]
    if expect.get("exact") and not any(e["rule"].endswith("*") or e["severity"] == "*" for e in wanted):
        assert Counter(got) == Counter((e["rule"], e["severity"], e["entity"]) for e in wanted), got
        return
    unmatched = list(findings)
    for expected in wanted:
        hit = next((f for f in unmatched if _matches(expected, f)), None)
        assert hit is not None, f"missing {expected}; got {got}"
        unmatched.remove(hit)
    if expect.get("exact"):
        assert not unmatched, f"unexpected findings: {[(f['rule'], f['entity']['name']) for f in unmatched]}"


def test_cases_were_found():
    assert len(CASES) >= 79


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Path, runner) -> None:
    expect = json.loads((case / "expect.json").read_text())
    result = runner.invoke(app, ["diff", str(case / "old.json"), str(case / "new.json"), "--format", "json",
                                 "--fail-on", "DOCUMENTATION"])
    assert result.exit_code in (0, 1), result.output
    report = json.loads(result.stdout)
    _check(expect, report["findings"])
    # The gate follows the findings: anything at all fails at DOCUMENTATION.
    assert result.exit_code == (1 if report["findings"] else 0)
