"""A sentence that lists exactly the values the schema allows (true, false for a boolean; the
enum's values) only restates the schema: @azure/mcp 2.0.5 → 3.0.0-beta.46 dropped "Accepted
values: true, false" from the boolean ``enable-bursting`` and it read as POTENTIALLY_BREAKING
"the JSON literal 'true' was removed" (new-user trial, round 42). A sentence that lists fewer
or other values, or says anything else, says more than the schema and keeps the grade."""

from __future__ import annotations

import pytest

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _findings(old_prop: dict, new_prop: dict):
    sides = [{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"enable-bursting": prop}}}]}
             for prop in (old_prop, new_prop)]
    report = api.diff(*(snapshot_from_value(side, name) for side, name in zip(sides, "on", strict=True)))
    return [f for f in report.changes if f.rule == "tool.input.description.changed"]


_BOOL = {"type": "boolean"}
_ENUM = {"type": "string", "enum": ["hot", "cool", "cold"]}


@pytest.mark.parametrize(("schema", "before", "after"), [
    (_BOOL, "Whether bursting is enabled. Accepted values: true, false", "Whether bursting is enabled."),
    (_BOOL, "Whether bursting is enabled.", "Whether bursting is enabled. Valid values are true or false."),
    (_ENUM, None, "One of: hot, cool, cold."),
    (_ENUM, "The access tier. Allowed values: hot, cool, cold.", "The access tier."),
])
def test_a_sentence_listing_exactly_the_values_the_schema_allows_is_documentation(schema, before, after):
    described = lambda text: {**schema, "description": text} if text is not None else schema  # noqa: E731
    [finding] = _findings(described(before), described(after))
    assert finding.severity.name == "DOCUMENTATION"
    assert finding.args["reason"] == "restated_choices"


@pytest.mark.parametrize(("schema", "before", "after"), [
    (_BOOL, "Whether bursting is enabled. Accepted values: true", "Whether bursting is enabled."),  # one only
    (_BOOL, "Whether bursting is enabled. Accepted values: true, false, null", "Whether bursting is enabled."),
    (_BOOL, "Whether bursting is enabled. Recommended values: true, false", "Whether bursting is enabled."),
    (_BOOL, "Whether bursting is enabled. Not true, false", "Whether bursting is enabled."),
    (_ENUM, "The access tier. Allowed values: hot, cool.", "The access tier."),  # not every value
    (_BOOL, "Whether bursting is enabled.", "Whether bursting is enabled. One of: true, false. Default off."),
    ({"type": "string"}, "The tier. Accepted values: true, false", "The tier."),  # a string: says more
])
def test_a_sentence_that_says_more_than_the_allowed_values_keeps_the_grade(schema, before, after):
    [finding] = _findings({**schema, "description": before}, {**schema, "description": after})
    assert finding.severity.name == "POTENTIALLY_BREAKING"
