"""A witness's example call is shown whole, so that a reader can copy it.

New-user trial, round 23 (@mapbox/mcp-server 0.2.0 → 0.14.0, `directions_tool`): the text
report wrapped the call like prose, inside a JSON token, whatever the width:
``… fails the new one: {"coordinates":[{"latitude":0,"lon`` and ``gitude":0},…`` on the
next line, and the no-witness note's ``such as {"annotations":[],"coor`` / ``dinates"…``
alike. Markdown and the release notes did not wrap, but escaped the JSON as prose
(``\\[``), so the raw text did not parse either.
"""

from __future__ import annotations

import json
import re

import pytest
from conftest import DATA

from mcp_inspect import diff, load, release_notes
from mcp_inspect.report.markdown import render_markdown
from mcp_inspect.report.text import render_text

_MAPBOX = DATA / "trial" / "mapbox-mcp-server"
#: A call after its words on their line, or on a line of its own.
_CALL = re.compile(r'(?:fails the new one:|such as) (\{.*)$|^\s*(\{".*)$')


@pytest.fixture(scope="module")
def report():
    return diff(*(load(str(_MAPBOX / f"{version}.json")) for version in ("0.2.0", "0.14.0")), lint=None)


def _calls(lines: list[str]) -> list[str]:
    return [found.group(1) or found.group(2) for line in lines if (found := _CALL.search(line))]


@pytest.mark.parametrize("width", [60, 100, 400])
def test_the_text_report_never_breaks_a_call(report, width):
    lines = render_text(report, width=width).splitlines()
    calls = _calls(lines)
    assert len(calls) == 3  # two enums narrowed, and the removal's note
    for call in calls:
        assert isinstance(json.loads(call), dict), call
    assert any(len(call) > 90 for call in calls)  # long enough to have been wrapped at 100


def test_markdown_and_release_notes_show_the_call_as_code(report):
    for text in (render_markdown(report), release_notes(report)):
        spans = re.findall(r"(?:fails the new one:|such as) `([^`]+)`", text)
        assert spans, text
        for span in spans:
            assert isinstance(json.loads(span), dict), span
