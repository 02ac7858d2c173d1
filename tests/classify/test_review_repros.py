"""The reviewer's reproductions, diffed end to end (load, canonicalise, diff), both ways.

Each pair means the same, or differs only where the test says; the findings are
checked by rule, severity and path.
"""

from __future__ import annotations

import copy

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value


def findings(old: dict, new: dict) -> list[tuple[str, str, str]]:
    result = diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))
    return [(f.rule, f.severity.name, f.path) for f in result.findings]


def both_ways(old: dict, new: dict) -> tuple[list, list]:
    return findings(old, new), findings(new, old)


def tool(input_schema: dict, description: str = "Do a thing.") -> dict:
    return {"tools": [{"name": "t", "description": description, "inputSchema": input_schema}]}


def node(name: str) -> dict:
    return {"type": "object", "properties": {
        "v": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": f"#/$defs/{name}"}}}}


def tree(name: str) -> dict:
    return {"type": "object", "properties": {"root": {"$ref": f"#/$defs/{name}"}}, "$defs": {name: node(name)}}


def test_d2_a_renamed_recursive_definition_is_no_change():
    assert both_ways(tool(tree("Node")), tool(tree("TreeNode"))) == ([], [])


def test_d2_the_root_cycle_spelled_two_ways_is_no_change():
    as_hash = {"type": "object", "properties": {"next": {"$ref": "#"}, "v": {"type": "string"}}}
    as_def = {"$ref": "#/$defs/R", "$defs": {"R": {
        "type": "object", "properties": {"next": {"$ref": "#/$defs/R"}, "v": {"type": "string"}}}}}
    assert both_ways(tool(as_hash), tool(as_def)) == ([], [])


def test_d2_a_real_change_inside_a_renamed_recursive_definition_is_still_reported():
    changed = tree("TreeNode")
    changed["$defs"]["TreeNode"]["properties"]["v"]["maxLength"] = 5
    assert findings(tool(tree("Node")), tool(changed)) == [
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.root.properties.v.maxLength")]


def test_d1_a_recursive_reference_inlined_one_level_is_no_change():
    inlined = tree("Node")
    inlined["properties"]["root"] = node("Node")
    assert both_ways(tool(tree("Node")), tool(inlined)) == ([], [])


def test_d8_dependencies_respelled_as_dependent_required_is_no_change():
    base = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}
    old = tool({**base, "dependencies": {"a": ["b"]}})
    new = tool({**base, "dependentRequired": {"a": ["b"]}})
    assert both_ways(old, new) == ([], [])
    # One more name asked for is one more condition: a tightening (it was constraint.changed
    # until dependentRequired maps were ordered, hostile trial round 19).
    more = tool({**base, "dependentRequired": {"a": ["b", "c"]}})
    assert [rule for rule, _, _ in findings(old, more)] == ["tool.input.constraint.tightened"]


def test_d11_a_range_joined_into_one_number_may_move_a_model():
    old = tool({"type": "object"}, "Pass a page number 1-10.")
    new = tool({"type": "object"}, "Pass a page number 110.")
    expected = [("tool.description.changed", "POTENTIALLY_BREAKING", "description")]
    assert both_ways(old, new) == (expected, expected)


def test_d11_a_json_literal_is_not_a_typo():
    old = tool({"type": "object"}, "Returns true on success.")
    new = tool({"type": "object"}, "Returns tree on success.")
    expected = [("tool.description.changed", "POTENTIALLY_BREAKING", "description")]
    assert both_ways(old, new) == (expected, expected)


def test_recursive_output_schema_renamed_is_no_change_either():
    def with_output(name: str) -> dict:
        out = copy.deepcopy(tool({"type": "object"}))
        out["tools"][0]["outputSchema"] = tree(name)
        return out
    assert both_ways(with_output("Node"), with_output("Other")) == ([], [])


def test_an_unchanged_multiple_of_beside_a_moved_bound_is_no_finding():
    # Seen from the outside: multipleOf 2 → 2 was reported BREAKING whenever maximum moved.
    def schema(step: object, maximum: int) -> dict:
        return tool({"type": "object", "properties": {"x": {"type": "integer", "multipleOf": step,
                                                           "maximum": maximum}}})

    assert findings(schema(2, 10), schema(2, 20)) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.x.maximum")]
    assert findings(schema(1e-300, 10), schema(1e-300, 20)) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.x.maximum")]
    assert findings(schema(2, 10), schema(2.0, 10)) == []
