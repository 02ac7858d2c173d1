"""The witness search runs a surface's patterns on RE2 only (trial defect 1), and never
rests a witness on a pattern RE2 cannot run."""

from __future__ import annotations

import time

from mcp_inspect import diff
from mcp_inspect.evidence.search import compile_validator
from mcp_inspect.evidence.witness import search
from mcp_inspect.snapshot.shapes import snapshot_from_value

HOSTILE_KEY = "a" * 5000 + "!"


def obj(properties, required=(), **more):
    out = {"type": "object", "properties": properties, **more}
    if required:
        out["required"] = list(required)
    return out


def test_pattern_properties_built_to_backtrack_do_not_hold_the_search():
    # The trial's pair: a required property named by thousands of "a" and a "!", and a
    # patternProperties "(a+)+$" whose schema changes type. On re, one validation never ends.
    named = {HOSTILE_KEY: {"type": "string"}}
    old = obj(named, [HOSTILE_KEY], patternProperties={"(a+)+$": {"type": "string"}})
    new = obj(named, [HOSTILE_KEY], patternProperties={"(a+)+$": {"type": "integer"}})
    started = time.monotonic()
    found = search(old, new, where="patternProperties.(a+)+$.type")
    assert time.monotonic() - started < 5
    assert found.found, found.note
    # A key the pattern finds, holding a string: the old schema takes it, the new one does not.
    keys = [k for k in found.value if k != HOSTILE_KEY]
    assert keys and all(k.strip("a") == "" for k in keys)


def test_the_trials_diff_finishes_with_a_witness():
    def surface(value_type):
        return snapshot_from_value({"tools": [{"name": "evil", "description": "x", "inputSchema": obj(
            {HOSTILE_KEY: {"type": "string"}}, [HOSTILE_KEY],
            patternProperties={"(a+)+$": {"type": value_type}})}]}, "inline")

    started = time.monotonic()
    report = diff(surface("string"), surface("integer"))
    assert time.monotonic() - started < 10
    [change] = [f for f in report.changes if f.witness is not None]
    assert change.witness.found


def test_a_witness_never_rests_on_a_pattern_re2_cannot_run():
    old = obj({"a": {"type": "string"}}, ["a"])
    new = obj({"a": {"type": "string", "pattern": "x(?=x)"}}, ["a"])
    found = search(old, new, where="properties.a.pattern", focus=["a"])
    assert not found.found
    assert "RE2 cannot run" in found.note and "a lookahead" in found.note and '"x(?=x)"' in found.note


def test_a_pattern_re2_cannot_run_elsewhere_leaves_the_search_alone():
    lookahead = {"type": "string", "pattern": "(?=z)"}
    old = obj({"a": {"enum": ["x", "y"]}, "b": lookahead}, ["a"])
    new = obj({"a": {"enum": ["x"]}, "b": lookahead}, ["a"])
    found = search(old, new, where="properties.a.enum", focus=["a"])
    assert found.found and found.value["a"] == "y" and "b" not in found.value


def test_the_search_validator_runs_patterns_on_re2():
    import pytest

    from mcp_inspect.patterns.validator import PatternNotRun

    validator = compile_validator(obj({}, patternProperties={"^(a+)+$": {"type": "integer"}},
                                      additionalProperties=False))
    started = time.monotonic()
    assert not validator.is_valid({HOSTILE_KEY: 1})  # no pattern finds it: additional, refused
    assert not validator.is_valid({"a" * 5000: "x"})  # found: not an integer
    assert validator.is_valid({"a" * 5000: 1})
    assert time.monotonic() - started < 2
    with pytest.raises(PatternNotRun):
        compile_validator({"type": "string", "pattern": "(a)\\1"}).is_valid("aa")


def test_a_decimal_argument_that_becomes_a_float_has_a_numeric_string_for_witness():
    """pydantic's ``amount: Decimal`` → ``amount: float`` (the generators' float-to-decimal
    case, reversed): the string branch dropped is spelled with a leading lookahead, which
    RE2 runs as two programs, so a numeric string the old schema accepts is the witness."""
    decimal = {"type": "string", "pattern": r"^(?!^[-+.]*$)[+-]?0*\d*\.?\d*$"}
    old = obj({"amount": {"anyOf": [{"type": "number"}, decimal]}}, ["amount"])
    new = obj({"amount": {"type": "number"}}, ["amount"])
    found = search(old, new, where="properties.amount.anyOf", focus=["amount"])
    assert found.found, found.note
    assert isinstance(found.value["amount"], str)
    assert compile_validator(old).is_valid(found.value) and not compile_validator(new).is_valid(found.value)
