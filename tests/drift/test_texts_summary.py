"""A check's lint of a server's new prompt and instruction text has one summary, which says
what it counts.

New-user trial, round 23 (@mapbox/mcp-server 0.2.0 → 0.14.0 in an mcp.json): the text report
of ``check`` printed "Summary: 0 errors, 0 warnings, 0 info. Gate: pass" twice in the
"new prompt and instruction text" section, the texts' lint opening and closing with its
summary as a lint on its own does, just after the server's own report listed "Warnings (62)":
"0 warnings" read as a contradiction of the 62, and as one summary printed twice.
"""

from __future__ import annotations

from dataclasses import replace

from mcp_inspect.api import diff, lint
from mcp_inspect.config.load import Config
from mcp_inspect.drift.check import TEXT_SELECTION, DriftReport, ServerDrift, changed_texts, security_settings
from mcp_inspect.drift.render import render_drift
from mcp_inspect.snapshot.shapes import snapshot_from_value

_TOOL = {"name": "directions_tool", "description": "Find a route between two places.",
         "inputSchema": {"type": "object", "properties": {"profile": {"type": "string", "maxLength": 40}}}}
#: A new tool with unbounded strings (SEC-001 warnings for the server's lint) and a new prompt.
_ADDED = {"name": "search_tool", "description": "Search places by name.",
          "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "near": {"type": "string"}}}}
_PROMPT = {"name": "find-places-nearby", "description": "Find places of a category near a location.",
           "arguments": [{"name": "category", "description": "The kind of place to look for."}]}


def _check_text() -> str:
    before = snapshot_from_value({"tools": [_TOOL], "prompts": []}, "lock#mapbox")
    now = snapshot_from_value({"tools": [_TOOL, _ADDED], "prompts": [_PROMPT]}, "mcp.json#mapbox")
    settings = security_settings(Config())
    report = diff(before, now, config=Config(), lint=settings)
    texts = lint(snapshot_from_value({"tools": changed_texts(before, now)}, "mapbox (prompts and instructions)"),
                 replace(settings, select=TEXT_SELECTION), config=Config(), name="mapbox")
    texts.new.unit = "text"
    drift = DriftReport("mcp.json", "mcp-inspect.lock.json",
                        [ServerDrift("mapbox", "changed", "a" * 12, "b" * 12, report, texts)])
    return render_drift(drift, "text")


def test_the_texts_lint_says_its_summary_once_and_names_it():
    text = _check_text()
    assert "Warnings (" in text  # the server's own lint has warnings, as in the trial
    section = text.split("--- mapbox: new prompt and instruction text ---", 1)[1].split("\nDrift: ", 1)[0]
    summaries = [line for line in section.splitlines() if "0 errors, 0 warnings" in line]
    assert summaries == ["Summary of mapbox's prompt and instruction text lint: 0 errors, 0 warnings, 0 info. "
                         "Gate: pass (fails on warning and above)"]
    assert not any(line.startswith("Summary: 0 errors") for line in text.splitlines())
