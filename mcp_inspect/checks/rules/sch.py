"""The Tool object's shape (docs/lint.md, SCH): SCH-001, 002, 003 (the fields the
specification requires), 005…008 (the root of inputSchema) and 011 (metadata fields).

SCH-004, 009 and 010, which walk the schemas, are in ``sch_schema``. A tool whose
``inputSchema`` is not an object gets SCH-003 and nothing else from the rules that read
that schema.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..registry import Context, Hit, ToolView, tool_rule
from ..text import a_json_type
from ..vocabulary import usable

#: The hints of ``annotations``, each a boolean when present (SCH-011).
HINTS = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")


@tool_rule("SCH-001")
def name_present(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if "name" not in tool.raw:
        yield Hit("name", variant="missing")
        return
    name = tool.raw["name"]
    if not isinstance(name, str):
        yield Hit("name", {"json_type": a_json_type(name)}, "not_a_string")
    elif not usable(name):
        yield Hit("name", {"name": name}, "blank")


@tool_rule("SCH-002")
def description_is_text(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if "description" in tool.raw and not isinstance(tool.raw["description"], str):
        yield Hit("description", {"json_type": a_json_type(tool.raw["description"])})


@tool_rule("SCH-003")
def input_schema_object(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if "inputSchema" not in tool.raw:
        yield Hit("inputSchema", variant="missing")
    elif tool.schema is None:
        yield Hit("inputSchema", {"json_type": a_json_type(tool.raw["inputSchema"])}, "not_an_object")


@tool_rule("SCH-005")
def root_type_object(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    schema = tool.schema
    if schema is None:
        return
    if "type" not in schema:
        yield Hit("inputSchema.type", variant="missing")
    elif schema["type"] != "object":  # exactly the string: ["object"] and ["object", "null"] fail
        yield Hit("inputSchema.type", {"type": schema["type"]}, "other")


@tool_rule("SCH-006")
def root_properties(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    schema = tool.schema
    if schema is None:
        return
    # The recommended reading asks nothing of a tool that declares no arguments (no or empty
    # properties: MCP-006 still asks a client's properties object); only a malformed one.
    narrow = ctx.narrow("SCH-006")
    if "properties" not in schema:
        if not narrow:
            yield Hit("inputSchema.properties", variant="missing")
    elif not isinstance(schema["properties"], dict):
        yield Hit("inputSchema.properties", {"json_type": a_json_type(schema["properties"])}, "not_an_object")
    elif not schema["properties"] and not narrow:
        yield Hit("inputSchema.properties", variant="empty")


@tool_rule("SCH-007")
def root_required(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    schema = tool.schema
    if schema is None:
        return
    props = schema.get("properties")
    if not isinstance(props, dict) or not props:
        return
    if "required" not in schema:
        yield Hit("inputSchema.required", {"count": len(props)}, "missing")
    elif not isinstance(schema["required"], list):
        yield Hit("inputSchema.required", {"json_type": a_json_type(schema["required"])}, "not_an_array")


@tool_rule("SCH-008")
def root_required_names(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    schema = tool.schema
    if schema is None or not isinstance(schema.get("required"), list):
        return
    props = schema.get("properties")
    names = props if isinstance(props, dict) else {}
    for index, entry in enumerate(schema["required"]):
        path = f"inputSchema.required[{index}]"
        if not isinstance(entry, str):
            yield Hit(path, {"json_type": a_json_type(entry)}, "not_a_string")
        elif entry not in names:
            yield Hit(path, {"name": entry}, "unknown")


def _wrong(path: str, value: Any, expected: str) -> Hit:
    return Hit(path, {"field": path, "json_type": a_json_type(value), "expected": expected})


@tool_rule("SCH-011")
def metadata_shapes(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    raw = tool.raw
    if "title" in raw and not isinstance(raw["title"], str):
        yield _wrong("title", raw["title"], "a string")
    if "annotations" in raw:
        annotations = raw["annotations"]
        if not isinstance(annotations, dict):
            yield _wrong("annotations", annotations, "an object")
        else:
            if "title" in annotations and not isinstance(annotations["title"], str):
                yield _wrong("annotations.title", annotations["title"], "a string")
            for hint in HINTS:
                if hint in annotations and not isinstance(annotations[hint], bool):
                    yield _wrong(f"annotations.{hint}", annotations[hint], "a boolean")
    if "_meta" in raw and not isinstance(raw["_meta"], dict):
        yield _wrong("_meta", raw["_meta"], "an object")
