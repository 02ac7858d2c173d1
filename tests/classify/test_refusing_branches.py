"""Union branches that accept no value, and a type change to a type of one value.

@vercel/sdk 1.7.1 → 1.21.9 (an MCP server Speakeasy generates from an OpenAPI document;
new-user trial, round 42) gave 22 BREAKING findings no call could show:

- its nullable unions gained a ``{not: {}}`` branch (``anyOf: [{type: null}, {not: {}},
  {type: number}]``): the branch accepts nothing, so it adds nothing, and yet "not added: {}"
  was a BREAKING ``constraint.tightened``, and the enum branch after it, now at another index,
  was paired against the wrong old one ("values are now limited to …");
- a property whose type became ``anyOf: [{type: null}]`` (a real break) was said twice: a
  ``type.changed`` and a "const added: null", the canonical form's reading of a null type.

The schemas below are the release's own, cut down to the property that changed.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

NOTHING = ({"not": {}}, False, {"type": "integer", "const": "a"}, {"type": "string", "minLength": 3, "maxLength": 2})


def surface(schema: Any, key: str = "inputSchema") -> dict[str, Any]:
    root = {"type": "object", "properties": {"x": copy.deepcopy(schema)}}
    return {"tools": [{"name": "t", "inputSchema": root if key == "inputSchema" else {"type": "object"},
                       **({"outputSchema": root} if key == "outputSchema" else {})}]}


def facts(old: Any, new: Any, key: str = "inputSchema") -> list[tuple[str, str, str]]:
    sides = (snapshot_from_value(surface(old, key), "old"), snapshot_from_value(surface(new, key), "new"))
    result = diff_snapshots(*sides)
    return sorted((f.rule, f.severity.name, f.path) for f in result.findings)


def test_a_refusing_branch_added_to_a_nullable_number_is_a_loosening_only():
    """checks-update-check's metric ``value``: integer or null became null, number or string,
    with a ``{not: {}}`` between them. Numbers and strings are new; nothing old is refused."""
    old = {"anyOf": [{"type": "integer"}, {"type": "null"}]}
    new = {"anyOf": [{"type": "null"}, {"not": {}}, {"anyOf": [{"type": "number"}, {"type": "string"}]}]}
    found = facts(old, new)
    assert found and all(severity == "NON_BREAKING" for _, severity, _ in found), found


def test_a_refusing_branch_does_not_shift_the_enum_branch_it_stands_before():
    """access-groups-create-access-group's ``role``: the same enum and null, with a
    ``{not: {}}`` between them; the enum was paired with the old null branch."""
    old = {"type": "array", "items": {"type": "object", "properties": {
        "role": {"anyOf": [{"type": "string", "enum": ["ADMIN", "PROJECT_VIEWER"]}, {"type": "null"}]}}}}
    new = copy.deepcopy(old)
    new["items"]["properties"]["role"] = {"anyOf": [{"type": "null"}, {"not": {}},
                                                    {"type": "string", "enum": ["ADMIN", "PROJECT_VIEWER"]}]}
    assert facts(old, new) == []


def test_a_type_become_null_is_one_type_change():
    """deployments-get-deployment-events' ``statusCode``: ``[number, string]`` → ``anyOf:
    [{type: null}]``. One break, said once, as the type it is."""
    found = facts({"type": ["number", "string"]}, {"anyOf": [{"type": "null"}]})
    assert [(rule, severity) for rule, severity, _ in found] == [("tool.input.type.changed", "BREAKING")]


def test_a_value_set_of_values_both_types_take_is_still_said():
    """The type carries only a value set wholly outside the kinds both sides accept: string or
    null → ``enum: ["a", null]`` keeps the enum's own finding (it refuses every other string)."""
    found = facts({"type": ["string", "null"]}, {"type": ["string", "null"], "enum": ["a", None]})
    assert ("tool.input.enum.narrowed", "BREAKING") in {(rule, severity) for rule, severity, _ in found}


@settings(max_examples=60, deadline=None)
@given(kept=st.lists(st.sampled_from([{"type": "string"}, {"type": "integer", "minimum": 0}, {"type": "null"},
                                      {"enum": ["a", "b"]}, {"type": "array", "items": {"type": "string"}}]),
                     min_size=1, max_size=3, unique_by=repr),
       refusing=st.sampled_from(NOTHING), where=st.integers(0, 3), union=st.sampled_from(["anyOf", "oneOf"]),
       key=st.sampled_from(["inputSchema", "outputSchema"]))
def test_a_branch_that_accepts_nothing_is_no_change_in_either_direction(kept, refusing, where, union, key):
    """A branch that accepts no value, added or removed anywhere in a union of branches that
    may, changes no value the union takes: no finding either way, inputs and outputs."""
    if union == "oneOf" and len(kept) > 1:
        kept = kept[:1]  # overlapping oneOf branches refuse what two match: kept apart from this property
    with_it = [*kept[:where], refusing, *kept[where:]]
    assert facts({union: kept}, {union: with_it}, key) == []
    assert facts({union: with_it}, {union: kept}, key) == []


@pytest.mark.parametrize("refusing", NOTHING)
def test_a_union_of_refusing_branches_alone_is_left_as_written(refusing):
    """Every branch accepts nothing: the union refuses every value, which its own findings say;
    no branch is dropped to leave an empty union."""
    found = facts({"type": "string"}, {"anyOf": [refusing, {"not": {}}]})
    assert any(severity == "BREAKING" for _, severity, _ in found), found


def test_a_refusing_branch_goes_beside_unevaluated_properties_too():
    """A branch that fails evaluates nothing ``unevaluatedProperties`` could read, so it is
    dropped where one reads the union as well (hostile trial, round 43: "anyOf lost 1 branch:
    {not: {}}" was BREAKING with no call to show it)."""
    kept = {"type": "object", "properties": {"x": {"type": "string"}}}
    old = {"anyOf": [kept, {"not": {}}], "unevaluatedProperties": False}
    assert facts(old, {"anyOf": [kept], "unevaluatedProperties": False}) == []


def test_the_vercel_release_keeps_its_real_breaks_and_only_those():
    """Seven tools of @vercel/sdk 1.7.1 and 1.21.9 as captured (tests/classify/fixtures): the
    round 42 trial labelled every BREAKING of theirs. Left are the four real ones, each shown
    by a call: a type become null (twice), a union narrowed to null, and a boolean narrowed to
    true; gone are the "not added: {}" and the enum paired with the wrong branch."""
    from pathlib import Path

    from mcp_inspect.api import diff

    fixtures = Path(__file__).parent / "fixtures"
    result = diff(fixtures / "vercel-sdk-1.7.1.json", fixtures / "vercel-sdk-1.21.9.json")
    breaking = sorted((f.entity.name, f.rule, f.path.rsplit(".", 1)[-1], f.witness is not None and f.witness.value
                       is not None) for f in result.findings if f.severity.name == "BREAKING")
    assert breaking == [
        ("aliases-list-aliases", "tool.input.type.narrowed", "anyOf", True),
        ("deployments-get-deployment-events", "tool.input.type.changed", "type", True),
        ("teams-request-access-to-team", "tool.input.type.changed", "type", True),
        ("teams-update-team-member", "tool.input.enum.narrowed", "enum", True),
    ]
