"""An integer widened to a number beside the same bound is one type change (hostile trial,
round 45): zod's ``.int()`` removed from ``.positive()`` turns ``{type: integer,
exclusiveMinimum: 0}`` into ``{type: number, exclusiveMinimum: 0}``; the old side's canonical
form is ``minimum: 1``, and "lower bound ≥ 1 → > 0" was reported beside the type's finding
(a BREAKING loosening without a witness for an output), though both sides say > 0 and every
integer gets the same verdict from both bounds (contract principle 4: one fact, one
finding). The mirror of ``test_number_narrowed_to_integer_bounds.py``: the new bound is read
over the integers too; a bound really moved beside the type is still reported."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

DRAFT7 = "http://json-schema.org/draft-07/schema#"


def findings(old: Any, new: Any, key: str = "inputSchema") -> list[tuple[str, str]]:
    def side(p: Any) -> dict[str, Any]:
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"}, key: {
            "$schema": DRAFT7, "type": "object", "properties": {"n": p}}}]}

    found = diff_snapshots(snapshot_from_value(side(old), "old"), snapshot_from_value(side(new), "new")).findings
    return [(f.rule, f.message) for f in found]


@pytest.mark.parametrize("key,prefix", [("inputSchema", "tool.input"), ("outputSchema", "tool.output")])
@pytest.mark.parametrize("bound", [{"exclusiveMinimum": 0}, {"exclusiveMaximum": 10},
                                   {"exclusiveMinimum": 0, "exclusiveMaximum": 10}, {"minimum": 0.5}])
def test_an_integer_widened_to_a_number_beside_its_bound_is_only_the_type_change(bound: dict, key: str,
                                                                                 prefix: str) -> None:
    """Hostile trial, round 45: the integers above 0 are those at or above 1."""
    found = findings({"type": "integer", **bound}, {"type": "number", **bound}, key)
    assert [rule for rule, _ in found] == [f"{prefix}.type.widened"]


def test_a_bound_moved_beside_the_widened_type_is_still_reported() -> None:
    """The integers above 4 are not those at or above 1: a result of 2 breaks by the bound."""
    found = findings({"type": "integer", "exclusiveMinimum": 0}, {"type": "number", "exclusiveMinimum": 4},
                     "outputSchema")
    assert ("tool.output.constraint.tightened", "lower bound ≥ 1 → > 4") in found
    assert "tool.output.type.widened" in [rule for rule, _ in found]
    found = findings({"type": "integer", "exclusiveMinimum": 4}, {"type": "number", "exclusiveMinimum": 0},
                     "outputSchema")
    assert ("tool.output.constraint.loosened", "lower bound ≥ 5 → > 0") in found
