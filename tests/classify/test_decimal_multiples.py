"""A ``multipleOf`` whose ordering floating-point division contradicts.

``0.01 → 0.001`` divides, so it read as a loosening (NON_BREAKING on input), but jsonschema
divides the instance by the step as floats: ``0.35 / 0.001`` is ``349.99999999999994``, so
``{"p": 0.35}`` passes the old schema and fails the new one (ajv divides the same way). Such
a change is ordered only when none of the first ``MAX_MULTIPLES_TRIED`` multiples of the
narrower step fails the wider one's test; otherwise it is ``constraint.changed``, with that
multiple as its witness (hostile trial, round 36).
"""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import diff_input_schemas

from mcp_inspect.limits import MAX_MULTIPLES_TRIED
from mcp_inspect.snapshot.values import passes_multiple_of, unkept_multiple


def _member(step: Any) -> dict[str, Any]:
    return {"type": "object", "properties": {"p": {"type": "number", "multipleOf": step}}, "required": ["p"]}


def _facts(old: Any, new: Any) -> list[tuple[str, str, Any]]:
    report = diff_input_schemas(_member(old), _member(new))
    return [(f.rule, f.severity.name, getattr(f, "witness", None)) for f in report.findings]


@pytest.mark.parametrize(("old", "new", "shown"), [(0.01, 0.001, 0.35), (0.3, 0.1, 0.3)])
def test_a_finer_decimal_step_that_division_refuses_is_a_changed_constraint(old, new, shown):
    """Hostile trial, round 36: the loosening jsonschema contradicts is BREAKING, and a value
    the old step accepts and the new one refuses shows it."""
    assert jsonschema.validate({"p": shown}, _member(old)) is None
    assert not jsonschema.Draft202012Validator(_member(new)).is_valid({"p": shown})
    facts = _facts(old, new)
    assert [(rule, severity) for rule, severity, _ in facts] == [("tool.input.constraint.changed", "BREAKING")]
    assert unkept_multiple(old, new, MAX_MULTIPLES_TRIED) == shown


@pytest.mark.parametrize(("old", "new", "shown"), [(1e22, 1e21, 5e22), (1e300, 1e299, None)])
def test_a_step_beyond_the_exact_integers_is_divided_as_the_float_it_was_written_as(old, new, shown):
    """Hostile trial, round 38: the canonical form reads 1e22 as an integer, and the step
    was then ordered exactly, a loosening that jsonschema's float division contradicts."""
    facts = _facts(old, new)
    assert [(rule, severity) for rule, severity, _ in facts] == [("tool.input.constraint.changed", "BREAKING")]
    found = unkept_multiple(old, new, MAX_MULTIPLES_TRIED)
    assert jsonschema.validate({"p": found}, _member(old)) is None
    assert not jsonschema.Draft202012Validator(_member(new)).is_valid({"p": found})
    if shown is not None:
        assert float(found) == shown


@pytest.mark.parametrize(("old", "new"), [(4, 2), (1.5, 0.5), (0.5, 0.25), (0.2, 0.1)])
def test_a_finer_step_division_keeps_is_still_a_loosening(old, new):
    """Hostile trial, round 36: where every multiple tried passes the new step, the ordering
    stands (a power of two divides exactly)."""
    assert [(rule, severity) for rule, severity, _ in _facts(old, new)] == [
        ("tool.input.constraint.loosened", "NON_BREAKING")]


def test_the_first_unkept_multiple_is_found_within_the_bound():
    assert unkept_multiple(0.01, 0.001, MAX_MULTIPLES_TRIED) is not None
    assert unkept_multiple(0.5, 0.25, MAX_MULTIPLES_TRIED) is None


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([1, 2, 0.5, 0.1, 0.2, 0.3, 0.01, 0.001, 0.05, 0.25, 1.5]),
       st.sampled_from([1, 2, 0.5, 0.1, 0.2, 0.3, 0.01, 0.001, 0.05, 0.25, 1.5]))
def test_an_unkept_multiple_passes_the_old_step_and_fails_the_new_under_jsonschema(kept, step):
    """Hostile trial, round 36: the helper's test is jsonschema's own, so its answer is a witness."""
    found = unkept_multiple(kept, step, 50)
    if found is not None:
        assert passes_multiple_of(found, kept) and not passes_multiple_of(found, step)
        assert jsonschema.Draft202012Validator({"multipleOf": kept}).is_valid(found)
        assert not jsonschema.Draft202012Validator({"multipleOf": step}).is_valid(found)


@pytest.mark.parametrize(("low", "high"), [(32.2, 40), (16.1, 16.5), (71.96, 81.96), (0, 1)])
def test_a_finer_decimal_step_is_read_from_zero_whatever_the_bounds(low, high):
    """Hostile trials, rounds 39 to 41: reading the multiples within the bounds beside the
    steps missed refused multiples at a range's edges (32.2 beside minimum 32.2, 81.96 at the
    top of a range exactly a window wide), so it was dropped: the change is ordered by the
    multiples from zero. Each range here holds a refused multiple (checked below), and the
    change is BREAKING; a range that holds none ([0, 0.3]) stays BREAKING too, the
    conservative reading (docs/classification-notes.md)."""
    step_old, step_new = (0.2, 0.002) if low == 32.2 else (0.1, 0.001) if low == 16.1 else (0.01, 0.001)

    def member(step: float) -> dict[str, Any]:
        return {"type": "object", "properties": {"p": {"type": "number", "multipleOf": step, "minimum": low,
                                                       "maximum": high}}, "required": ["p"]}

    old, new = member(step_old), member(step_new)
    refused = {"p": {32.2: 32.2, 16.1: 16.1, 71.96: 81.96}.get(low, 0.35)}
    assert jsonschema.Draft202012Validator(old).is_valid(refused)
    assert not jsonschema.Draft202012Validator(new).is_valid(refused)
    rules = [(f.rule, f.severity.name) for f in diff_input_schemas(old, new).findings]
    assert rules == [("tool.input.constraint.changed", "BREAKING")]


@pytest.mark.parametrize("bounds", [{"minimum": 5000}, {"maximum": -5000}, {"exclusiveMinimum": 5000},
                                    {"maximum": 10 ** 400}, {"minimum": 0, "maximum": 10 ** 6}])
def test_a_bound_on_one_side_or_a_wide_range_keeps_the_multiples_from_zero(bounds):
    """Hostile trial, round 40: the bounds were read as windows of a thousand multiples, and
    beside a lone minimum 5000 the one window inside them held no refused multiple (5242.9
    is one): 0.01 → 0.001 became a NON_BREAKING loosening; a 400-digit maximum crashed the
    float arithmetic. Only a range one window covers is read alone."""
    def member(step: float) -> dict[str, Any]:
        return {"type": "object", "properties": {"p": {"type": "number", "multipleOf": step, **bounds}},
                "required": ["p"]}

    rules = [(f.rule, f.severity.name) for f in diff_input_schemas(member(0.01), member(0.001)).findings]
    assert rules == [("tool.input.constraint.changed", "BREAKING")]
