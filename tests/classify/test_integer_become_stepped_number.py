"""An integer that became a number with a ``multipleOf`` every integer passes is one type change
(hostile trial, round 42): ``{type: integer}`` → ``{type: number, multipleOf: 0.5}`` was a
BREAKING "multipleOf added: 0.5" no call could show, beside the NON_BREAKING widening, though
every integer is a multiple of 0.5. The step is a keyword of the new type, named by the type's
finding (the contract, "A type change carries the keywords of the new type")."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

DRAFT4 = "http://json-schema.org/draft-04/schema#"


def findings(old: Any, new: Any, where: str = "inputSchema", draft: str | None = None) -> list[Any]:
    def side(p: Any) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "object", "properties": {"p": p}, "required": ["p"]}
        if draft:
            schema["$schema"] = draft
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"}, where: schema}]}

    return diff_snapshots(snapshot_from_value(side(old), "old"), snapshot_from_value(side(new), "new")).findings


def test_an_integer_become_a_number_in_halves_is_one_widening() -> None:
    """Hostile trial, round 42: every integer is a multiple of 0.5."""
    found = findings({"type": "integer"}, {"type": "number", "multipleOf": 0.5})
    assert [(f.rule, f.severity.name, f.path) for f in found] == [
        ("tool.input.type.widened", "NON_BREAKING", "inputSchema.properties.p.type")]
    assert found[0].message == "type widened: integer → number, with the new type's multipleOf"


def test_under_draft_4_an_integer_become_a_number_in_whole_steps_is_one_widening() -> None:
    """Hostile trial, round 42: draft 4 refuses 1.0 as an integer, so ``multipleOf: 1`` beside
    ``number`` takes more than ``integer`` did, and nothing less."""
    found = findings({"type": "integer"}, {"type": "number", "multipleOf": 1}, draft=DRAFT4)
    assert [(f.rule, f.severity.name) for f in found] == [("tool.input.type.widened", "NON_BREAKING")]


def test_on_output_a_number_in_halves_become_an_integer_breaks_nobody() -> None:
    """Hostile trial, round 42: the new results are integers, which the old clients took as
    multiples of 0.5; "multipleOf removed" was BREAKING with no witness."""
    found = findings({"type": "number", "multipleOf": 0.5}, {"type": "integer"}, "outputSchema")
    assert [(f.rule, f.severity.name) for f in found] == [("tool.output.type.narrowed", "NON_BREAKING")]


@pytest.mark.parametrize("step", [2, 1.5, 0.3])
def test_a_step_some_integer_fails_is_still_a_tightening(step: Any) -> None:
    """1 is refused by ``multipleOf: 2`` (or 1.5, or 0.3): the step refuses old calls."""
    found = findings({"type": "integer"}, {"type": "number", "multipleOf": step})
    assert ("tool.input.constraint.tightened", "BREAKING") in [(f.rule, f.severity.name) for f in found]
