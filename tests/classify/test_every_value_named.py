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


@pytest.mark.parametrize(("old", "new", "refused"), [
    ({"type": ["boolean", "null"]}, {"enum": [True, False]}, None),
    ({"type": ["boolean", "null"]}, {"const": None}, False),
    ({"type": ["boolean", "null"]}, {"type": "boolean", "enum": [True, False, None]}, None),
    ({"type": ["boolean", "null"]}, {"type": ["boolean", "null"], "enum": [True, False]}, None),
])
def test_a_type_of_few_values_narrowed_to_a_value_set_is_the_type_narrowed(old, new, refused):
    """Hostile trial, round 44, a missed break: ``[boolean, null]`` → ``enum: [true, false]``
    said "No changes", since the value set left its change to the type's finding and the
    type comparison left a change of named values to the value set's. ``refused``: None
    where the witness must send null, else a boolean."""
    from support import diff_input_schemas

    (finding,) = diff_input_schemas(surface(old, "inputSchema")["tools"][0]["inputSchema"],
                                    surface(new, "inputSchema")["tools"][0]["inputSchema"]).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.type.narrowed", "BREAKING")
    assert finding.witness.found and finding.witness.value["b"] in ((None,) if refused is None else (True, False)), \
        finding.witness.note


def test_values_of_a_kind_the_old_type_refuses_are_said_by_the_type_alone():
    """Hostile trial, round 44: ``boolean`` → ``enum: [true, false, 0]`` on an output was
    "enum gained 0" beside "type widened", the one fact twice."""
    found = findings({"type": "boolean"}, {"enum": [True, False, 0]}, "outputSchema")
    assert [(f.rule, f.severity.name) for f in found] == [("tool.output.type.widened", "BREAKING")]
    found = findings({"type": ["boolean", "null"]}, {"enum": [True, False]}, "outputSchema")
    assert [(f.rule, f.severity.name) for f in found] == [("tool.output.type.narrowed", "NON_BREAKING")]


def test_a_value_of_a_new_kind_and_a_value_lost_are_each_said_once():
    """Hostile trial, round 45: ``boolean`` → ``enum: [true, 1]`` on an output was "enum gained
    1" beside the type widened (one fact twice) and "enum lost false"; 1 is the type widened,
    false lost is the value set's own change."""
    found = findings({"type": "boolean"}, {"enum": [True, 1]}, "outputSchema")
    assert sorted((f.rule, f.severity.name, f.message) for f in found) == [
        ("tool.output.enum.narrowed", "NON_BREAKING", "enum lost false"),
        ("tool.output.type.widened", "BREAKING", "type widened: boolean → boolean, integer")]
