"""Release notes say where a change is when its message does not name the property it
is in: "enum lost 'metric'" alone does not tell a reader which parameter lost it."""

from __future__ import annotations

from mcp_inspect import diff, release_notes
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _tool(units: list[str], extra: dict | None = None) -> dict:
    props = {"units": {"type": "string", "enum": units}, **(extra or {})}
    return {"tools": [{"name": "brave_local_search", "description": "Search nearby places.",
                       "inputSchema": {"type": "object", "properties": props}}]}


def _notes(old: dict, new: dict) -> str:
    return release_notes(diff(snapshot_from_value(old, "old.json"), snapshot_from_value(new, "new.json"), lint=None))


def test_a_change_inside_an_unnamed_property_gives_its_place():
    notes = _notes(_tool(["metric", "imperial"]), _tool(["imperial"]))
    line = next(line for line in notes.splitlines() if "enum lost" in line)
    assert "at `inputSchema.properties.units.enum`" in line


def test_a_message_that_names_its_property_is_not_placed_again():
    notes = _notes(_tool(["metric"], {"count": {"type": "integer"}}), _tool(["metric"]))
    line = next(line for line in notes.splitlines() if "removed" in line)
    assert "'count'" in line and " at `" not in line


def _schema_tool(schema: dict, output: dict | None = None) -> dict:
    tool = {"name": "fill_form", "description": "Fill a form.", "inputSchema": schema}
    if output is not None:
        tool["outputSchema"] = output
    return {"tools": [tool]}


def test_a_nested_property_a_returned_field_and_a_schema_keyword_are_placed():
    fields = {"type": "array", "items": {"type": "object", "properties": {"ref": {"type": "string"}}}}
    old = _schema_tool({"type": "object", "title": "", "properties": {"fields": fields}},
                       {"type": "object", "properties": {"result": {"type": "string"}}})
    new = _schema_tool({"type": "object", "title": "Form", "properties": {
        "fields": {"type": "array", "items": {"type": "object", "properties": {}}}}}, {"type": "object"})
    notes = _notes(old, new)
    assert "property 'ref' removed at `inputSchema.properties.fields.items.properties.ref`" in notes
    assert "property 'result' removed at `outputSchema.properties.result`" in notes
    assert "at `inputSchema.title`" in notes
