"""A tool without a usable name: ``lint`` reports it as MCP-001, the commands that pair
tools by name refuse it."""

from __future__ import annotations

import json

import pytest

from mcp_inspect.cli import app
from mcp_inspect.errors import InputError
from mcp_inspect.snapshot.shapes import nameless_tools_allowed, snapshot_from_value

SCHEMA = {"type": "object", "properties": {}}
TOOLS = {"tools": [{"description": "No name.", "inputSchema": SCHEMA},
                   {"name": 7, "description": "A number.", "inputSchema": SCHEMA},
                   {"name": "fine", "description": "Named.", "inputSchema": {"type": "object"}}]}


@pytest.fixture
def nameless(tmp_path):
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(TOOLS))
    return str(path)


def test_lint_reports_the_missing_names_and_lints_the_rest(runner, nameless):
    result = runner.invoke(app, ["lint", nameless, "--format", "json"])
    report = json.loads(result.stdout)
    found = [(f["code"], f["tool"], f["message"].split(";")[0]) for f in report["findings"]]
    assert ("MCP-001", "tools[0]", "The tool has no name") in found
    assert ("MCP-001", "tools[1]", "The tool has a number for a name") in found
    assert ("MCP-006", "fine") in [(code, tool) for code, tool, _ in found]  # the named tool is linted too
    assert sorted(report["tokens"]["perTool"]) == ["fine", "tools[0]", "tools[1]"]
    assert result.exit_code == 1  # MCP-001 is an error


@pytest.mark.parametrize("command", [["diff", "{0}", "{0}"], ["snapshot", "{0}"]])
def test_commands_that_pair_tools_by_name_still_refuse_them(runner, nameless, command):
    result = runner.invoke(app, [part.format(nameless) for part in command])
    assert result.exit_code == 2
    assert "tools[0] has no string 'name'" in result.output


def test_the_allowance_ends_with_its_block():
    with nameless_tools_allowed():
        assert len(snapshot_from_value(TOOLS, "t").tools or []) == 3
    with pytest.raises(InputError, match="has no string 'name'"):
        snapshot_from_value(TOOLS, "t")


def test_only_tools_may_lack_a_name():
    with nameless_tools_allowed(), pytest.raises(InputError, match=r"prompts\[0\] has no string 'name'"):
        snapshot_from_value({"prompts": [{"description": "no name"}]}, "p")
