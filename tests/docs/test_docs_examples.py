"""docs/examples.md shows what the tool really prints for each real release pair."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

from mcp_inspect.cli import app

DOC = (ROOT / "docs" / "examples.md").read_text()
EXAMPLES = re.findall(r"<!-- example: (\S+) (\S+) -->\n```text\n(.*?)\n```", DOC, flags=re.S)


def test_three_examples_are_documented():
    assert len(EXAMPLES) == 3


@pytest.mark.parametrize("old,new,shown", EXAMPLES, ids=[e[0].split("/")[-2] for e in EXAMPLES])
def test_documented_report_matches_the_tool(runner, monkeypatch, old, new, shown):
    monkeypatch.chdir(ROOT)
    result = runner.invoke(app, ["diff", old, new])
    assert result.stdout.rstrip() == shown
