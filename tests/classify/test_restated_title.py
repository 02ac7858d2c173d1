"""A first display title that only restates the tool's name is DOCUMENTATION (trial defect 4:
"Port Forward" on ``port_forward``; mcp-atlassian's "Get Issue" on ``jira_get_issue``)."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value


def grades(name: str, old: dict[str, Any], new: dict[str, Any]) -> list[tuple[str, str, str]]:
    def surface(extra: dict[str, Any]) -> dict[str, Any]:
        return {"tools": [{"name": name, "inputSchema": {"type": "object"}, **extra}]}
    result = diff_snapshots(snapshot_from_value(surface(old), "old"), snapshot_from_value(surface(new), "new"))
    return sorted((f.rule, f.severity.name, f.path) for f in result.findings)


@pytest.mark.parametrize(("name", "title"), [("port_forward", "Port Forward"), ("jira_get_issue", "Get Issue"),
                                             ("jira_get_issue", "Jira Get Issue"), ("getIssue", "get issue"),
                                             ("files.read", "Files read")])
def test_a_title_that_restates_the_name_is_documentation(name: str, title: str) -> None:
    assert grades(name, {}, {"title": title}) == [("tool.title.changed", "DOCUMENTATION", "title")]
    assert grades(name, {}, {"annotations": {"title": title}}) == [
        ("tool.title.changed", "DOCUMENTATION", "annotations.title")]
    assert grades(name, {}, {"title": title, "annotations": {"title": title}}) == [
        ("tool.title.changed", "DOCUMENTATION", "title")]


@pytest.mark.parametrize(("name", "title"), [("port_forward", "Port Forward Only"),
                                             ("jira_search", "Search 50 Issues"),
                                             ("jira_get_issue", "Issue (not epics)"),
                                             ("read_file", "Read File or URL")])
def test_a_title_with_words_of_its_own_keeps_the_prose_grade(name: str, title: str) -> None:
    """Words of its own that carry meaning (a directive, a number, a negation, an identifier): a
    first title in plain words only is a label (tests/classify/test_restated_schema.py)."""
    assert grades(name, {}, {"title": title}) == [("tool.title.changed", "POTENTIALLY_BREAKING", "title")]


def test_only_a_first_title() -> None:
    # a changed title is not a first title: words beyond the name's are graded as prose
    assert grades("port_forward", {"title": "Forward a port"}, {"title": "Port Forward Now"})[0][1] != "DOCUMENTATION"
