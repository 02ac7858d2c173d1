"""``contains`` is read with the counts beside it: ``minContains: 0`` (without ``maxContains``)
lets every array pass it, and beside ``maxContains`` a ``contains`` that matches more items can
refuse an array as well as accept one.

Hostile trial, round 19: ``minContains: 0`` added beside ``contains`` was a BREAKING "minContains
added: 0" on input, though the new schema also takes ``[]``, and a NON_BREAKING tightening on
output, though the server may now return ``{"l": []}``; a ``contains`` narrowed beside it was a
BREAKING no call could show. A ``contains`` widened beside ``maxContains: 1`` was a NON_BREAKING
``type.widened`` (or ``enum.widened``), though ``["a", 1]`` (``["a", "b"]``) is refused now, and
narrowed on an output schema a NON_BREAKING tightening, though ``["a", "bb"]`` may come back now.
Every witness is checked here by jsonschema and jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas, diff_output_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING = {"type": "string"}


def _list(**keywords: Any) -> dict:
    return {"type": "object", "properties": {"l": {"type": "array", **keywords}}}


def _shown(finding: Any, refused_by: dict, accepted_by: dict) -> Any:
    """The finding's witness, which ``accepted_by`` takes and ``refused_by`` refuses."""
    assert finding.witness is not None and finding.witness.found, finding.witness and finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(accepted_by, value) and not accepted_by_both(refused_by, value), value
    return value


def test_min_contains_0_added_lets_every_array_pass():
    old, new = _list(contains=STRING), _list(contains=STRING, minContains=0)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert finding.path == "inputSchema.properties.l.minContains"
    assert "every array passes" in finding.message
    (output,) = diff_output_schemas(old, new).findings
    assert (output.rule, output.severity.name) == ("tool.output.constraint.loosened", "BREAKING")
    assert _shown(output, refused_by=old, accepted_by=new) == {"l": []}


def test_min_contains_0_removed_asks_for_a_match_again():
    old, new = _list(contains=STRING, minContains=0), _list(contains=STRING)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.tightened", "BREAKING")
    assert finding.path == "inputSchema.properties.l.contains"
    assert _shown(finding, refused_by=new, accepted_by=old) == {"l": []}


def test_a_contains_narrowed_beside_min_contains_0_changes_nothing():
    old = _list(contains=STRING, minContains=0)
    new = _list(contains={"type": "string", "maxLength": 1}, minContains=0)
    assert diff_input_schemas(old, new).findings == []


def test_min_contains_1_is_the_default():
    assert diff_input_schemas(_list(contains=STRING), _list(contains=STRING, minContains=1)).findings == []


def test_beside_unevaluated_items_an_idle_contains_still_evaluates():
    """The items a ``contains`` matched are evaluated, with ``minContains: 0`` too: an
    ``unevaluatedItems`` beside it reads them, so the form keeps it (``[1]`` passes, ``["a", 1]``
    does not: only ``"a"`` is matched)."""
    schema = {"contains": {"type": "integer"}, "minContains": 0, "unevaluatedItems": False}
    assert canonical_schema(schema) == {"contains": {"type": ["integer"]}, "minContains": 0,
                                        "unevaluatedItems": False}
    assert accepted_by_both(schema, [1]) and not accepted_by_both(schema, ["a", 1])


@pytest.mark.parametrize(("before", "after", "rule"), [
    (STRING, {"type": ["string", "integer"]}, "type"),
    ({"enum": ["a"]}, {"enum": ["a", "b"]}, "enum"),
])
def test_a_contains_widened_beside_max_contains_is_not_orderable(before, after, rule):
    old, new = _list(contains=before, maxContains=1), _list(contains=after, maxContains=1)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.changed", "BREAKING")
    assert finding.path == f"inputSchema.properties.l.contains.{rule}"
    assert "beside 'maxContains'" in finding.message
    _shown(finding, refused_by=new, accepted_by=old)


def test_a_contains_narrowed_beside_max_contains_breaks_an_output():
    old = _list(contains=STRING, maxContains=1)
    new = _list(contains={"type": "string", "maxLength": 1}, maxContains=1)
    (finding,) = diff_output_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.output.constraint.changed", "BREAKING")
    _shown(finding, refused_by=old, accepted_by=new)


@pytest.mark.parametrize(("before", "after", "rule"), [
    ({}, {"minContains": 0}, "tool.input.constraint.loosened"),
    ({"minContains": 0}, {}, "tool.input.constraint.tightened"),
])
def test_beside_max_contains_min_contains_0_is_read_against_the_default_of_1(before, after, rule):
    """``maxContains`` keeps ``minContains: 0`` in the form; absent, ``minContains`` is still 1."""
    old = _list(contains=STRING, maxContains=1, **before)
    new = _list(contains=STRING, maxContains=1, **after)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.path) == (rule, "inputSchema.properties.l.minContains")
    if rule.endswith("tightened"):
        assert _shown(finding, refused_by=new, accepted_by=old) == {"l": []}


@pytest.mark.parametrize("removed", [True, False])
def test_beside_unevaluated_items_a_contains_added_or_removed_is_not_orderable(removed):
    """The items ``contains`` matches are evaluated, the rest left to ``unevaluatedItems``: gone,
    it asks for no match but hands its matches back (found beside round 19's cases: ``[1, 2, 3]``
    was accepted and is refused now, under a NON_BREAKING "contains removed")."""
    with_contains = _list(contains={"type": "integer"}, unevaluatedItems=STRING)
    without = _list(unevaluatedItems=STRING)
    old, new = (with_contains, without) if removed else (without, with_contains)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.path) == ("tool.input.constraint.changed", "inputSchema.properties.l.contains")
    _shown(finding, refused_by=new, accepted_by=old)


def test_counts_with_no_contains_beside_them_count_nothing():
    """``minContains``/``maxContains`` read their node's ``contains`` alone: without one, adding
    them refuses nothing (it was a BREAKING "minContains added" no call could show)."""
    old, new = _list(maxContains=3), _list(maxContains=3, minContains=2)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert "counts nothing" in finding.message


@pytest.mark.parametrize(("old", "new", "rule"), [
    (_list(contains=STRING, minContains=0), _list(contains=STRING, minContains=0, maxContains=2),
     "tool.input.constraint.tightened"),
    (_list(contains=STRING, minContains=0, maxContains=2), _list(contains=STRING, minContains=0),
     "tool.input.constraint.loosened"),
    (_list(contains=STRING, minContains=0), _list(contains={"type": "integer"}, minContains=2),
     "tool.input.constraint.tightened"),
])
def test_a_contains_that_passes_every_array_on_one_side_is_one_finding_with_its_counts(old, new, rule):
    """The canonical form drops the idle ``contains`` of one side: the other side's ``contains``
    is added or removed with its counts, said once (three findings were two false ones)."""
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.rule == rule
    if rule.endswith("tightened"):
        _shown(finding, refused_by=new, accepted_by=old)
    if new["properties"]["l"].get("minContains") == 0:
        assert "needs a matching item" not in finding.message  # it still needs none


@pytest.mark.parametrize("keywords", [{}, {"maxItems": 3}])
def test_contains_that_no_item_may_match_is_items_not_it(keywords: dict):
    """Hostile trial, round 22: ``contains: {type: string}, minContains: 0, maxContains: 0`` (no
    item may be a string) respelled ``items: {not: {type: string}}`` was a NON_BREAKING "contains
    removed" beside a BREAKING "items added" no call could show: both accept exactly the arrays
    with no string item (Validation 2020-12, 6.4.4; Core 2020-12, 10.3.1.2)."""
    old = _list(contains=STRING, minContains=0, maxContains=0, **keywords)
    new = _list(items={"not": STRING}, **keywords)
    for value in ({"l": []}, {"l": [1, None]}, {"l": ["a"]}, {"l": [1, "a"]}):
        assert accepted_by_both(old, value) == accepted_by_both(new, value), value
    assert canonical_schema(old) == canonical_schema(new)
    assert not diff_input_schemas(old, new).findings
    assert not diff_output_schemas(new, old).findings


def test_contains_that_no_item_may_match_stays_beside_what_reads_the_items():
    """Beside ``items`` the two would both read every item, and beside ``unevaluatedItems`` the
    ``items`` would evaluate what ``contains`` does not: the form keeps what the input wrote."""
    for beside in ({"items": {"type": "integer"}}, {"unevaluatedItems": False}, {"prefixItems": [STRING]}):
        form = canonical_schema(_list(contains=STRING, minContains=0, maxContains=0, **beside))
        assert form["properties"]["l"]["maxContains"] == 0, beside
