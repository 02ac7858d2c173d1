"""docs/tour.md shows real output of the commands it names, on the bundled snapshots."""

from __future__ import annotations

import json
import re
import shlex

from conftest import ROOT

from mcp_inspect.cli import app

DOC = (ROOT / "docs" / "tour.md").read_text()


def test_tour_diff_output_is_what_the_tool_prints(runner, monkeypatch):
    monkeypatch.chdir(ROOT)
    shown = re.search(r"<!-- tour: (diff [^|\n]*?) -->\n```text\n\$ mcp-inspect [^\n]*\n(.*?)\n```", DOC, re.S)
    assert shown, "the tour's first diff block is missing"
    result = runner.invoke(app, shlex.split(shown.group(1)))
    assert result.stdout.rstrip() == shown.group(2)
    assert f"the exit code is {result.exit_code}" in DOC


def test_tour_excerpts_are_the_first_lines_the_tool_prints(runner, monkeypatch):
    monkeypatch.chdir(ROOT)
    excerpt = r"<!-- tour: (diff [^|\n]*?) \| first (\d+) lines -->\n```text\n\$ mcp-inspect [^\n]*\n(.*?)\n```"
    shown = re.findall(excerpt, DOC, re.S)
    assert shown, "the tour shows no excerpt"
    for command, count, text in shown:
        result = runner.invoke(app, shlex.split(command))
        assert "\n".join(result.stdout.splitlines()[:int(count)]).rstrip() == text


def test_tour_json_summary_is_what_the_tool_prints(runner, monkeypatch):
    monkeypatch.chdir(ROOT)
    shown = re.search(r"<!-- tour: (diff [^|\n]*?) \| summary -->\n```json\n(.*?)\n```", DOC, re.S)
    result = runner.invoke(app, shlex.split(shown.group(1)))
    assert json.loads(result.stdout)["summary"] == json.loads(shown.group(2))
