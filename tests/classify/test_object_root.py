"""A tool's input root gaining ``type: object`` is no finding: MCP arguments are always an
object (playwright-mcp 0.0.20 → 0.0.83: 16 false BREAKING ``type.narrowed``)."""

from __future__ import annotations

from typing import Any

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value


def facts(old: Any, new: Any, key: str = "inputSchema") -> list[tuple[str, str, str]]:
    def surface(schema: Any) -> dict[str, Any]:
        tool = {"name": "t", "inputSchema": {"type": "object"}}
        tool[key] = schema
        return {"tools": [tool]}
    result = diff_snapshots(snapshot_from_value(surface(old), "old"), snapshot_from_value(surface(new), "new"))
    return sorted((f.rule, f.severity.name, f.path) for f in result.findings)


def test_an_untyped_input_root_declared_an_object_is_no_finding() -> None:
    props = {"properties": {"a": {"type": "string"}}}
    assert facts({}, {"type": "object"}) == []
    assert facts(props, {"type": "object", **props}) == []
    assert facts({"type": "object", **props}, props) == []


def test_other_changes_beside_it_are_still_reported() -> None:
    found = facts({}, {"type": "object", "required": ["a"], "properties": {"a": {"type": "string"}}})
    assert found
    assert not any(f[2] == "inputSchema.type" for f in found)


def test_a_root_type_other_than_object_is_still_a_narrowing() -> None:
    assert facts({}, {"type": "array"}) != []


def test_output_schema_root_is_read_as_written() -> None:
    # 2026-07-28 lets outputSchema be any schema (an array too), so structuredContent need not be an object.
    assert facts({}, {"type": "object"}, key="outputSchema") != []
