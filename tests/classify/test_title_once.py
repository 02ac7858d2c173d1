"""A display title set as ``title`` and ``annotations.title`` at once, to the same text, is
one change reported once (contract, issue 26): a server that adds both gives one
``tool.title.changed``, not two."""

from __future__ import annotations

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

TOOL = {"name": "find", "description": "Find things.", "inputSchema": {"type": "object"}}


def _tool(title=None, shown=None):
    tool = dict(TOOL)
    if title is not None:
        tool["title"] = title
    if shown is not None:
        tool["annotations"] = {"title": shown}
    return {"tools": [tool]}


def titles(old, new):
    result = diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))
    return [(f.rule, f.path, f.severity.name, f.message) for f in result.findings]


def test_a_title_added_as_both_is_one_change():
    # "Only": a directive word, so the first title is graded as prose (not a plain label)
    [(rule, path, severity, message)] = titles(_tool(), _tool("Find Things Only", "Find Things Only"))
    assert (rule, path, severity) == ("tool.title.changed", "title", "POTENTIALLY_BREAKING")
    assert message.startswith("title and annotations.title added"), message


def test_both_titles_moved_to_the_same_text_is_one_change():
    found = titles(_tool("Find things", "Find things"), _tool("Search Everything", "Search Everything"))
    assert [(rule, path) for rule, path, *_ in found] == [("tool.title.changed", "title")]


def test_both_removed_together_is_one_change():
    found = titles(_tool("Find Things", "Find Things"), _tool())
    assert [(rule, path) for rule, path, *_ in found] == [("tool.title.changed", "title")]


def test_the_stronger_grade_of_the_two_is_kept():
    """annotations.title only changed case (DOCUMENTATION), title was added: one finding,
    graded as the title that was added."""
    found = titles(_tool(None, "find things only"), _tool("Find Things Only", "Find Things Only"))
    assert [(rule, path, severity) for rule, path, severity, _ in found] == [
        ("tool.title.changed", "title", "POTENTIALLY_BREAKING")]


@pytest.mark.parametrize(("old", "new"), [
    (_tool(), _tool("Find Things", "Find")),
    (_tool("A", "A"), _tool("B", "C")),
    (_tool("A", None), _tool(None, "A")),
])
def test_titles_that_end_different_stay_two_changes(old, new):
    assert [path for _, path, *_ in titles(old, new)] == ["annotations.title", "title"]


def test_one_title_alone_is_reported_as_before():
    assert [path for _, path, *_ in titles(_tool(None, "A"), _tool("B", "A"))] == ["title"]
