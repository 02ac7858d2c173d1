"""minContains and maxContains (hostile trial, round 6): jsonschema checks them inside
``contains``, so its table of keywords lacks them, and a change of either was explained away
as "not a keyword a validator reads", though both validators enforce it; the search built
no array with the right number of matching items either."""

from __future__ import annotations

import jsonschema
import jsonschema_rs
import pytest
from support import diff_input_schemas


def _tool(**bounds):
    return {"type": "object", "required": ["x"],
            "properties": {"x": {"type": "array", "contains": {"const": "z"}, **bounds}}}


@pytest.mark.parametrize(("old", "new", "count"), [
    ({"minContains": 2}, {"minContains": 3}, 2),
    ({"maxContains": 3}, {"maxContains": 2}, 3),
    ({}, {"minContains": 2}, 1),
])
def test_a_tighter_count_of_contained_items_has_its_witness(old, new, count):
    before, after = _tool(**old), _tool(**new)
    (finding,) = diff_input_schemas(before, after).findings
    assert finding.severity.name == "BREAKING"
    assert finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert value["x"].count("z") == count
    for accepts in (jsonschema.Draft202012Validator, jsonschema_rs.validator_for):
        assert accepts(before).is_valid(value) and not accepts(after).is_valid(value)


def test_without_a_witness_the_note_does_not_call_min_contains_unread():
    """An array of at most one item never holds two matching ones: no call shows the change,
    and the note says none was found, not that no validator reads the keyword."""
    before, after = _tool(minContains=2, maxItems=1), _tool(minContains=3, maxItems=1)
    (finding,) = diff_input_schemas(before, after).findings
    assert not finding.witness.found
    assert finding.witness.reason != "vendor_keyword", finding.witness.note
