"""``dependentRequired`` is closed over itself in the canonical form.

Hostile trial, round 21: ``{a: [b], b: [c]}`` → ``{a: [b, c], b: [c]}`` was a BREAKING
tightening with no witness, though b present already asks for c (Validation 2020-12, 6.5.4),
so the two accept the same objects.
"""

from __future__ import annotations

import itertools

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect.limits import MAX_DEPENDENT_CLOSURE
from mcp_inspect.snapshot.canonical import canonical_schema


def _node(entries, **more):
    return {"type": "object", "dependentRequired": entries, **more}


@pytest.mark.parametrize(("chained", "closed"), [
    ({"a": ["b"], "b": ["c"]}, {"a": ["b", "c"], "b": ["c"]}),
    ({"a": ["b"], "b": ["c"], "c": ["d"]}, {"a": ["b", "c", "d"], "b": ["c", "d"], "c": ["d"]}),
    ({"a": ["b"], "b": ["a"]}, {"a": ["b"], "b": ["a"]}),  # a cycle: each asks for the other
])
def test_chained_and_closed_entries_are_one_spelling(chained, closed):
    assert canonical_schema(_node(chained)) == canonical_schema(_node(closed))
    assert not diff_input_schemas(_node(chained), _node(closed)).changes
    assert not diff_input_schemas(_node(closed), _node(chained)).changes
    names = "abcd"
    for size in range(len(names) + 1):  # the two accept the same objects
        for present in itertools.combinations(names, size):
            value = dict.fromkeys(present, 1)
            assert accepted_by_both(_node(chained), value) == accepted_by_both(_node(closed), value), value


def test_an_entry_asking_only_for_its_own_name_asks_nothing():
    assert "dependentRequired" not in canonical_schema(_node({"a": ["a"]}))
    assert canonical_schema(_node({"a": ["a", "b"]})) == canonical_schema(_node({"a": ["b"]}))


def test_a_real_tightening_is_still_one():
    [finding] = diff_input_schemas(_node({"a": ["b"]}), _node({"a": ["b", "c"]})).changes
    assert finding.severity.name == "BREAKING" and finding.witness.found


def test_past_the_bound_the_entries_are_kept_as_written():
    """A closure is quadratic in the entries: past MAX_DEPENDENT_CLOSURE a chain stays a chain."""
    count = int(MAX_DEPENDENT_CLOSURE ** 0.5) + 2
    chain = {f"p{i}": [f"p{i + 1}"] for i in range(count)}
    assert canonical_schema(_node(chain))["dependentRequired"] == chain
