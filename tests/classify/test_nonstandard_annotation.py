"""An annotation key that is not one of the specification's (title and the four hints:
mongodb-mcp-server declares ``annotations.description``) keeps the catalogue's severity,
but its message says it is non-standard and its advice does not speak of safety hints
(issue 26): "the tool now claims to be at least as safe" is wrong for a description."""

from __future__ import annotations

import copy

import pytest

import mcp_inspect
from mcp_inspect.report.html import render_html
from mcp_inspect.report.json_report import diff_to_json
from mcp_inspect.report.markdown import render_markdown
from mcp_inspect.report.text import render_text
from mcp_inspect.snapshot.shapes import snapshot_from_value

TOOL = {"name": "find", "description": "Find documents.", "inputSchema": {"type": "object"}}


def _report(old_annotations, new_annotations):
    sides = []
    for name, given in (("old", old_annotations), ("new", new_annotations)):
        tool = copy.deepcopy(TOOL)
        if given is not None:
            tool["annotations"] = given
        sides.append(snapshot_from_value({"tools": [tool]}, name))
    return mcp_inspect.diff(*sides)


def _safety_words(text: str) -> list[str]:
    """What the hints' advice speaks of (the advice may still name the hints it is not)."""
    return [w for w in ("safe", "approval", "promise", "prompt", "rank", "fall back") if w in text]


@pytest.mark.parametrize(("old", "new", "rule", "said"), [
    (None, {"description": "Finds documents."}, "tool.annotations.added", "declared"),
    ({"description": "Finds documents."}, None, "tool.annotations.removed", "removed"),
    ({"description": "Finds documents."}, {"description": "Finds documents fast."}, "tool.annotations.changed", "→"),
])
def test_a_non_standard_key_keeps_the_severity_with_its_own_words(old, new, rule, said):
    report = _report(old, new)
    [finding] = report.changes
    assert (finding.rule, finding.severity.name, finding.path) == (rule, "POTENTIALLY_BREAKING",
                                                                   "annotations.description")
    assert "non-standard" in finding.message and said in finding.message
    assert _safety_words(finding.advice) == [], finding.advice
    assert finding.advice != finding.definition.advice
    assert diff_to_json(report)["findings"][0]["advice"] == finding.advice


def test_a_hint_keeps_the_hint_advice():
    [finding] = _report({"readOnlyHint": False}, {"readOnlyHint": True}).changes
    assert finding.rule == "tool.annotations.changed"
    assert "at least as safe" in finding.advice and "non-standard" not in finding.message


def test_how_to_fix_gives_each_advice_once_and_both_when_both_occur():
    report = _report({"readOnlyHint": False, "description": "a"}, {"readOnlyHint": True, "description": "b"})
    assert sorted(f.path for f in report.changes) == ["annotations.description", "annotations.readOnlyHint"]
    hint, other = sorted(report.changes, key=lambda f: f.path, reverse=True)
    for text in (render_text(report), render_markdown(report), render_html(report)):
        text = " ".join(text.split())  # the text report wraps its lines
        assert text.count("at least as safe") == 1
        assert text.count(other.advice[:60]) == 1


def test_the_html_page_gives_each_advice_its_own_anchor():
    report = _report({"readOnlyHint": False, "description": "a"}, {"readOnlyHint": True, "description": "b"})
    page = render_html(report)
    anchors = [line for line in page.splitlines() if '<dt id="fix-tool.annotations.changed' in line]
    assert len(anchors) == 2 and len(set(anchors)) == 2
