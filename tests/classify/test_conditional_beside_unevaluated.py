"""A ``then`` or ``else`` added or removed beside an ``unevaluated*`` keyword that may refuse.

What a passing ``then`` evaluates is seen by the ``unevaluatedItems`` or
``unevaluatedProperties`` beside it (Core 2020-12, 11.2 and 11.3). Removed, the ``then`` lifts
its own constraints and leaves what it evaluated to that keyword, which may refuse it now: found
while fixing hostile round 19's prefixItems positions, a ``then`` whose ``prefixItems`` was
removed beside ``unevaluatedItems: false`` was a NON_BREAKING loosening, though ``["a"]`` is
refused now. Both ways cut, so it is ``constraint.changed``.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas


def _array(**keywords):
    return {"type": "object", "properties": {"l": {"type": "array", "if": {"minItems": 1}, **keywords}}}


def _object(**keywords):
    return {"type": "object", "properties": {"k": {"type": "integer"}}, "if": {"required": ["k"]}, **keywords}


@pytest.mark.parametrize(("old", "new"), [
    (_array(then={"prefixItems": [{"type": "string"}, {"type": "string"}]}, unevaluatedItems=False),
     _array(unevaluatedItems=False)),
    (_object(then={"properties": {"a": {"type": "string"}}}, unevaluatedProperties=False),
     _object(unevaluatedProperties=False)),
    (_object(**{"else": {"properties": {"a": {"type": "string"}}}}, unevaluatedProperties={"type": "integer"}),
     _object(unevaluatedProperties={"type": "integer"})),
])
def test_removed_beside_an_unevaluated_keyword_is_breaking_with_a_witness(old, new):
    report = diff_input_schemas(old, new)
    [finding] = report.changes
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.changed", "BREAKING"), finding.message
    assert finding.witness is not None and finding.witness.found, finding.witness
    value = finding.witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value)


@pytest.mark.parametrize("condition", [{"maxItems": 5}, True, {"type": "array"}])
def test_an_if_and_its_then_removed_together_are_read_the_same(condition):
    """Hostile trial, round 21: the if going with its then took the older path, a NON_BREAKING
    "then removed, which applied to a value that matches 'if'", though ``[1]`` is refused now."""
    keep = {"type": "object", "properties": {"l": {"type": "array", "unevaluatedItems": False}}}
    old = {"type": "object", "properties": {"l": {"type": "array", "unevaluatedItems": False, "if": condition,
                                                  "then": {"prefixItems": [{}]}}}}
    report = diff_input_schemas(old, keep)
    [finding] = [f for f in report.changes if f.path.endswith(".then")]
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.changed", "BREAKING"), finding.message
    assert finding.witness.found
    assert accepted_by_both(old, finding.witness.value) and not accepted_by_both(keep, finding.witness.value)


def test_without_an_unevaluated_keyword_a_removal_still_loosens():
    old = _object(then={"properties": {"a": {"type": "string"}}})
    [finding] = diff_input_schemas(old, _object()).changes
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
