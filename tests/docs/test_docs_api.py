"""Every Python example in docs/api.md runs, and every public name has one.

The examples run in a temporary folder holding a copy of the repository's snapshots/
(so they may write files and save to the store without touching the repository).
"""

from __future__ import annotations

import ast
import inspect
import re
import shutil

import pytest
from conftest import ROOT

import mcp_inspect
import mcp_inspect.api

DOC = (ROOT / "docs" / "api.md").read_text()
#: Where the functions ``mcp_inspect.api`` defines or re-exports live: the module itself, and the
#: modules of the concepts it re-exports from (settings and approvals beside the configuration,
#: the store and the snapshot writer in snapshot/, a history in timeline/).
API_MODULES = ("mcp_inspect.api", "mcp_inspect.config.approvals", "mcp_inspect.config.settings",
               "mcp_inspect.snapshot", "mcp_inspect.snapshot.store", "mcp_inspect.timeline.run")
BLOCKS = re.findall(r"```python\n(.*?)```", DOC, flags=re.S)


def test_the_api_page_has_examples():
    assert len(BLOCKS) >= 8


@pytest.fixture
def workdir(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "snapshots", tmp_path / "snapshots")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MCP_INSPECT_STORE", raising=False)
    monkeypatch.delenv("MCP_INSPECT_OFFLINE", raising=False)
    return tmp_path


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_example_runs(code, workdir, capsys):
    exec(compile(code, "docs/api.md", "exec"), {"__name__": "docs_api"})


def test_documented_names_are_the_public_api():
    first = re.sub(r"#[^\n]*", "", BLOCKS[0])  # the comments group the names
    names = set(re.findall(r"\b([A-Za-z_]+)\b", first.split("import", 1)[1]))
    assert names == set(mcp_inspect.__all__)


def _used_names(code: str) -> set[str]:
    """The names an example uses beyond importing them: what it calls, reads or catches."""
    tree = ast.parse(code)
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    return used | {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}


def public_names() -> set[str]:
    """The package's public names and the public functions of mcp_inspect.api."""
    functions = {name for name, value in vars(mcp_inspect.api).items()
                 if inspect.isfunction(value) and not name.startswith("_")
                 and value.__module__ in API_MODULES}
    return set(mcp_inspect.__all__) | set(mcp_inspect.api.__all__) | functions


def test_the_api_module_lists_every_public_function():
    functions = {name for name, value in vars(mcp_inspect.api).items()
                 if inspect.isfunction(value) and not name.startswith("_")
                 and value.__module__ in API_MODULES}
    assert functions == set(mcp_inspect.api.__all__)


@pytest.mark.parametrize("name", sorted(public_names()))
def test_every_public_name_has_an_executed_example(name):
    used = set().union(*(_used_names(block) for block in BLOCKS))
    assert name in used, f"docs/api.md has no example that uses {name} (beyond importing it)"
