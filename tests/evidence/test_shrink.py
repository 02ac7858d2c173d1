"""A witness is made smaller once found (evidence/shrink.py): new-user trials, rounds 10 and 11,
read gitlab's ``{"approval_password": "2024-01-01", "project_id": "true", "sha": "0000…"}`` as
the call behind a ``required`` change that needs only ``{"project_id": ""}``."""

from __future__ import annotations

import jsonschema
import pytest

from mcp_inspect import api
from mcp_inspect.evidence.shrink import shrunk
from mcp_inspect.evidence.witness import search
from mcp_inspect.limits import MAX_WITNESS_SHRINK_ATTEMPTS
from mcp_inspect.snapshot.shapes import snapshot_from_value

_MEMBERS = {"project_id": {"type": "string"}, "merge_request_iid": {"type": "string"},
            "approval_password": {"type": "string"}, "sha": {"type": "string"}}


def _tool(schema):
    return snapshot_from_value({"tools": [{"name": "approve", "inputSchema": schema}]}, "s")


def test_a_required_change_is_witnessed_by_the_call_it_needs_and_no_more():
    old = {"type": "object", "properties": _MEMBERS, "additionalProperties": False}
    new = {**old, "required": ["project_id", "merge_request_iid"]}
    report = api.diff(_tool(old), _tool(new), lint=None)
    witnesses = {f.path.rsplit(".", 1)[-1]: f.witness.value for f in report.changes}
    assert witnesses == {"merge_request_iid": {"project_id": ""}, "project_id": {"merge_request_iid": ""}}
    # (Shrinking keeps a witness refused for nothing it was not refused for already: under a
    # union a branch's error counts as the union's place, and emptying the member another
    # finding is about would pass the search's own test. test_witness_reasons.py's
    # test_each_finding_under_a_union_has_a_witness_of_its_own fails without that.)


def test_shrinking_drops_members_and_plains_values_in_a_fixed_order():
    def holds(value):  # a witness while "keep" is sent, and an odd count of items in "list"
        return "keep" in value and len(value.get("list", [1])) % 2 == 1

    start = {"keep": "long value", "other": {"deep": 3.5}, "list": [1, 2, 3], "flag": True}
    assert shrunk(start, holds, RuntimeError) == {"keep": ""}
    assert shrunk(start, holds, RuntimeError) == shrunk(dict(reversed(start.items())), holds, RuntimeError)


def test_shrinking_stops_where_the_budget_does():
    calls = []

    def holds(value):
        calls.append(value)
        if len(calls) > 2:
            raise RuntimeError
        return True

    assert shrunk({"a": 1, "b": 2, "c": 3}, holds, RuntimeError) == {"c": 3}
    assert len(calls) == 3


@pytest.mark.parametrize("width", [40])
def test_the_shrink_budget_bounds_the_validations_a_found_witness_costs(width):
    """MAX_WITNESS_SHRINK_ATTEMPTS: a witness of many members is shrunk as far as the budget
    allows, and the search's cost counts those validations."""
    members = {f"m{i:02}": {"type": "string"} for i in range(width)}
    old = {"type": "object", "properties": {**members, "x": {"type": "string"}}, "required": list(members)}
    new = {**old, "properties": {**old["properties"], "x": {"type": "string", "maxLength": 0}}}
    found = search(old, new, where="properties.x.maxLength")
    assert found.found and found.value["x"] != ""
    assert jsonschema.Draft202012Validator(old).is_valid(found.value)
    assert not jsonschema.Draft202012Validator(new).is_valid(found.value)
    assert all(found.value[name] == "" for name in members), found.value
    assert found.attempts <= 2_000 + MAX_WITNESS_SHRINK_ATTEMPTS + 1
