"""A property description that gains only a number its schema already declares as a bound or
default (`'(1-100)' added` where `minimum: 1, maximum: 100`, as @sentry/mcp-server 0.17.1 →
0.39.0's `limit`) restates the schema: DOCUMENTATION. A plain rewording the grader flags
(`'or repaired' added`) says why it is not excused. Real catches stay: a number the schema
does not declare, a number that changed, a number with other words beside it."""

from __future__ import annotations

import pytest
from conftest import DATA

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _findings(old_prop: dict, new_prop: dict):
    sides = [{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"limit": prop}}}]}
             for prop in (old_prop, new_prop)]
    report = api.diff(*(snapshot_from_value(side, name) for side, name in zip(sides, "on", strict=True)))
    return [f for f in report.changes if f.rule == "tool.input.description.changed"]


_BOUNDED = {"type": "integer", "minimum": 1, "maximum": 100, "default": 10}


@pytest.mark.parametrize("before,after", [
    ("Maximum number of results to return", "Maximum number of results to return (1-100)"),
    ("How many results", "How many results (10)"),  # the default
    ("How many results (1-100)", "How many results (1–100, 10)"),  # a dash told apart, the default added
])
def test_a_number_the_schema_declares_added_to_a_description_is_documentation(before, after):
    [finding] = _findings({**_BOUNDED, "description": before}, {**_BOUNDED, "description": after})
    assert finding.severity.name == "DOCUMENTATION"
    assert finding.args["reason"] == "restated_bound"


@pytest.mark.parametrize("before,after,old_schema", [
    ("How many results", "How many results (1-50)", _BOUNDED),  # 50 is not declared
    ("How many results (1-100)", "How many results (1-50)", _BOUNDED),  # a number changed
    ("How many results", "How many results, at most 100", _BOUNDED),  # words beside it
    ("How many results", "How many results (not 100)", _BOUNDED),  # a negation
    ("How many results", "How many results (1-100)", {"type": "integer"}),  # nothing declared
    ("How many results", "How many results (1)", {"type": "boolean", "default": True}),  # true is not 1
], ids=["undeclared", "changed", "words", "negation", "no-bounds", "boolean"])
def test_other_numbers_stay_potentially_breaking(before, after, old_schema):
    [finding] = _findings({**old_schema, "description": before}, {**old_schema, "description": after})
    assert finding.severity.name == "POTENTIALLY_BREAKING"


def test_the_sentry_release_restates_limit_and_says_why_it_flags_a_rewording():
    old, new = (api.load(str(DATA / "trial" / "sentry" / f"{v}.json")) for v in ("0.17.1", "0.39.0"))
    found = {(f.entity.name, f.path): f for f in api.diff(old, new).changes
             if f.rule == "tool.input.description.changed"}
    for tool in ("search_events", "search_issues"):
        limit = found[tool, "inputSchema.properties.limit.description"]
        assert limit.severity.name == "DOCUMENTATION", limit.message
        explanation = found[tool, "inputSchema.properties.includeExplanation.description"]
        assert explanation.severity.name == "POTENTIALLY_BREAKING"
        assert explanation.message == ("description changed: 'or repaired' added "
                                       "(a change of wording, not a typo, article or punctuation fix)")
