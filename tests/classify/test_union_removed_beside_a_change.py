"""A union removed while the node gains a keyword no branch has is a union removed, not a
union narrowed to that keyword (new-user trial: mcp-pandoc 0.3.0 → 0.11.1 dropped a oneOf of
required members and closed the object; the diff said "oneOf lost 1 branch", BREAKING,
with no witness possible)."""

from __future__ import annotations

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _rules(old: dict, new: dict) -> list[tuple[str, str]]:
    sides = [snapshot_from_value({"tools": [{"name": "convert", "inputSchema": schema}]}, name)
             for schema, name in ((old, "old"), (new, "new"))]
    return sorted((f.rule, f.severity.name) for f in api.diff(*sides).changes)


def test_a_one_of_of_required_members_removed_as_the_object_closes():
    props = {"contents": {"type": "string"}}
    old = {"type": "object", "properties": props, "oneOf": [{"required": ["contents"]}, {"required": ["input_file"]}]}
    new = {"type": "object", "properties": props, "additionalProperties": False}
    assert _rules(old, new) == [("tool.input.constraint.loosened", "NON_BREAKING"),
                                ("tool.input.constraint.tightened", "BREAKING")]


def test_a_single_schema_that_is_one_of_the_branches_is_still_read_as_a_branch():
    """The reading the lift exists for: {type: string} → anyOf [string, null] is a branch added."""
    old = {"type": "object", "properties": {"a": {"type": "string", "maxLength": 5}}}
    new = {"type": "object", "properties": {"a": {"anyOf": [{"type": "string", "maxLength": 10}, {"type": "null"}]}}}
    assert all(severity != "BREAKING" for _, severity in _rules(old, new))
