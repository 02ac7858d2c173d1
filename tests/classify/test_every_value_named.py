"""A value set that names every value of its type is that type (hostile trial, round 42).

TypeBox writes a union of the two boolean literals as ``anyOf`` of ``const``s, zod's
``z.enum`` of them as an ``enum``, and other generators ``type: boolean``: the three accept
the same values, and ``boolean`` → ``enum: [true, false]`` was a BREAKING "values are now
limited to false, true" that no call showed. ``null`` and ``const: null`` the same.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value


def surface(schema: Any, key: str) -> dict[str, Any]:
    root = {"type": "object", "properties": {"b": copy.deepcopy(schema)}}
    tool = {"name": "t", "inputSchema": root} if key == "inputSchema" else \
        {"name": "t", "inputSchema": {"type": "object"}, "outputSchema": root}
    return {"tools": [tool]}


def findings(old: Any, new: Any, key: str = "inputSchema") -> list[Any]:
    return diff_snapshots(snapshot_from_value(surface(old, key), "old"),
                          snapshot_from_value(surface(new, key), "new")).findings


@pytest.mark.parametrize("key", ["inputSchema", "outputSchema"])
@pytest.mark.parametrize(("typed", "named"), [
    ({"type": "boolean"}, {"enum": [True, False]}),
    ({"type": "boolean"}, {"anyOf": [{"const": True, "type": "boolean"}, {"const": False, "type": "boolean"}]}),
    ({"type": "null"}, {"const": None}),
    ({"type": ["boolean", "null"]}, {"enum": [None, False, True]}),
])
def test_the_type_and_all_its_values_named_are_no_change_either_way(typed, named, key):
    assert findings(typed, named, key) == []
    assert findings(named, typed, key) == []


def test_a_value_of_the_type_left_out_is_the_value_lost():
    """``boolean`` → ``const: true`` refuses false, and says so as the value lost."""
    (finding,) = findings({"type": "boolean"}, {"const": True})
    assert (finding.rule, finding.severity.name) == ("tool.input.enum.narrowed", "BREAKING")
    assert finding.message == "enum lost false", finding.message


def test_two_value_sets_each_every_value_of_their_type_are_said_by_the_type_alone():
    """``boolean`` → ``enum: [true, false, null]`` on an output: the value null is the type
    null gained, one finding, where an "enum gained null" stood beside it as a second
    BREAKING with no witness (hostile trial, round 43)."""
    found = findings({"type": "boolean"}, {"enum": [True, False, None]}, "outputSchema")
    assert [(f.rule, f.severity.name) for f in found] == [("tool.output.type.widened", "BREAKING")]
