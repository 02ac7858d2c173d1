"""A number narrowed to an integer beside the same bound is one type change (hostile trial,
round 44): zod's ``.positive()`` gaining ``.int()`` (pydantic PositiveFloat → PositiveInt)
turns ``{type: number, exclusiveMinimum: 0}`` into ``{type: integer, exclusiveMinimum: 0}``,
whose canonical form is ``minimum: 1``; "lower bound > 0 → ≥ 1" was a BREAKING tightening
beside the type's finding, though every integer gets the same verdict from both bounds
(contract principle 4: one fact, one finding). The old bound is now read over the integers
too; a bound really moved beside the type is still reported."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

DRAFT7 = "http://json-schema.org/draft-07/schema#"


def findings(old: Any, new: Any) -> list[tuple[str, str]]:
    def side(p: Any) -> dict[str, Any]:
        return {"tools": [{"name": "t", "inputSchema": {
            "$schema": DRAFT7, "type": "object", "properties": {"n": p}}}]}

    found = diff_snapshots(snapshot_from_value(side(old), "old"), snapshot_from_value(side(new), "new")).findings
    return [(f.rule, f.message) for f in found]


@pytest.mark.parametrize("bound", [{"exclusiveMinimum": 0}, {"exclusiveMaximum": 10},
                                   {"exclusiveMinimum": 0, "exclusiveMaximum": 10}, {"minimum": 0.5}])
def test_a_number_narrowed_to_an_integer_beside_its_bound_is_only_the_type_change(bound: dict) -> None:
    """Hostile trial, round 44: the integers above 0 are those at or above 1."""
    found = findings({"type": "number", **bound}, {"type": "integer", **bound})
    assert [rule for rule, _ in found] == ["tool.input.type.narrowed"]


def test_a_bound_moved_beside_the_narrowed_type_is_still_reported() -> None:
    """The integers above 0 are not those above 4: a call sending 2 breaks by the bound."""
    found = findings({"type": "number", "exclusiveMinimum": 0}, {"type": "integer", "exclusiveMinimum": 4})
    assert ("tool.input.constraint.tightened", "lower bound > 0 → ≥ 5") in found
    assert "tool.input.type.narrowed" in [rule for rule, _ in found]
