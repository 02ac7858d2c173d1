"""Every lint case (tests/data/lint-cases and ../shared/lint-cases) through the CLI's JSON output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import case_dirs

from mcp_inspect.cli import app

CASES = case_dirs("lint-cases")


def _matches(pattern: list[str], finding: dict) -> bool:
    code, tool = pattern
    code_ok = finding["code"].startswith(code[:-1]) if code.endswith("*") else finding["code"] == code
    return code_ok and tool in ("*", finding["tool"])


def test_cases_were_found():
    assert len(CASES) >= 17


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_lint_case(case: Path, runner, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)  # no stray .mcp-inspect.yml
    expect = json.loads((case / "expect.json").read_text())
    result = runner.invoke(app, ["lint", str(case / "surface.json"), "--profile", expect["profile"],
                                 "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    report = json.loads(result.stdout)
    assert report["profile"] == expect["profile"]
    findings = report["findings"]
    got = [(f["code"], f["tool"]) for f in findings]
    for pattern in expect["must"]:
        assert any(_matches(pattern, f) for f in findings), f"missing {pattern}; got {got}"
    for pattern in expect["mustNot"]:
        assert not any(_matches(pattern, f) for f in findings), f"unexpected {pattern}; got {got}"
    # The exit code follows the findings: errors fail the default gate.
    assert result.exit_code == (1 if any(f["severity"] == "error" for f in findings) else 0)
