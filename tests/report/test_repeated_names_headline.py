"""A diff whose only difference is a repeated name's later object does not say "No changes".

Hostile trial, round 36 (issue 34): ``diff`` of ``{"tools": [a]}`` against ``{"tools": [a, a']}``
opened and closed with "No changes." (and the HTML report with "the two surfaces are the same to
a client"), though the new side lists a second tool ``a`` the classification does not compare.
"""

from __future__ import annotations

from mcp_inspect.api import diff, release_notes, render
from mcp_inspect.snapshot.shapes import snapshot_from_value

FIRST = {"name": "a", "inputSchema": {"type": "object"}}
SECOND = {"name": "a", "inputSchema": {"type": "object", "properties": {"x": {"type": "string"}}}}


def _report():
    return diff(snapshot_from_value({"tools": [FIRST]}, "old.json"),
                snapshot_from_value({"tools": [FIRST, SECOND]}, "new.json"))


def test_the_text_summary_does_not_call_a_repeated_name_no_changes():
    text = render(_report(), "text")
    assert "No changes." not in text
    assert "No changes to the first object of each name" in text
    assert "MCP-002" in text  # the lint's finding, introduced, is listed


def test_the_markdown_and_html_headings_do_not_either():
    report = _report()
    assert "## mcp-inspect: no changes\n" not in render(report, "markdown")
    assert "the two surfaces are the same to a client" not in render(report, "html")


def test_the_release_notes_do_not_call_it_no_change_to_the_surface():
    assert "No changes to the server's surface." not in release_notes(_report())
