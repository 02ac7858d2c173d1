"""Every Python example in docs/api.md runs, from the repository root."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT

DOC = (ROOT / "docs" / "api.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, flags=re.S)


def test_the_api_page_has_examples():
    assert len(BLOCKS) >= 8


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_example_runs(code, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    exec(compile(code, "docs/api.md", "exec"), {"__name__": "docs_api"})


def test_documented_names_are_the_public_api():
    import mcp_inspect

    first = re.sub(r"#[^\n]*", "", BLOCKS[0])  # the comments group the names
    names = set(re.findall(r"\b([A-Za-z_]+)\b", first.split("import", 1)[1]))
    assert names == set(mcp_inspect.__all__)
