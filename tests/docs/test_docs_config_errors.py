"""docs/configuration.md, "Errors": every error line the page shows is the line the tool
prints for a configuration with that mistake, byte for byte (the page once listed nine
top-level keys after four more had been added)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mcp_inspect.cli import app

DOC = (Path(__file__).resolve().parents[2] / "docs" / "configuration.md").read_text(encoding="utf-8")
#: A configuration per documented line: the mistake on the line the page names.
MISTAKES = [
    "version: 1\nignore:\n  - rule: tool.remved\n",
    "version: 1\nfail_on: BREAKING\nrenames: {}\nseverity_overrides:\n  tool.removed: SEVERE\n",
    "ignores:\n  - rule: tool.removed\n",
    "version: 1\nlint:\n  fail_on: fatal\n",
    "version: 1\nignore:\n  rule: tool.removed\n",
]


def _documented() -> list[str]:
    section = DOC[DOC.index("## Errors"):]
    block = re.search(r"```text\n(.*?)\n```", section, re.S)
    return block.group(1).splitlines()


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> list[str]:
    out = []
    for text in MISTAKES:
        folder = tmp_path_factory.mktemp("config")
        (folder / ".mcp-inspect.yml").write_text(text, encoding="utf-8")
        (folder / "tools.json").write_text(json.dumps({"tools": []}), encoding="utf-8")
        with pytest.MonkeyPatch.context() as patch:
            patch.chdir(folder)
            result = CliRunner().invoke(app, ["diff", "tools.json", "tools.json"])
        assert result.exit_code == 2, result.output
        out.append(result.output.strip().splitlines()[-1])
    return out


def test_every_documented_error_line_is_what_the_tool_prints(printed):
    assert _documented() == printed
