"""MCP-014: an input schema that accepts no call at all.

The shape real generators produce is a zod intersection of strict objects: an ``allOf`` of
an object that requires ``name`` and a union of objects with ``additionalProperties:
false`` that do not declare it (airtable-mcp-server 1.4.1's ``create_field``). Every
argument object must send ``name`` and must not: no call validates, and a client that
validates arguments, or the server itself, refuses every one.

The proof (what is read, and its bounds) is snapshot/emptiness.py's, shared with the
witness search and the schema walker: the answer "no call" is a proof, and "some call" may
be wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...snapshot.emptiness import accepts_nothing, declared_types
from ..registry import Context, Hit, ToolView, tool_rule


def no_call_accepted(schema: Any) -> str | None:
    """Why no argument object validates against the input schema ``schema``, or None when
    some may (or the schema is too large to tell). A root whose own ``type`` leaves out
    ``object`` is MCP-004's finding, not this one's: None."""
    if not isinstance(schema, dict | bool):
        return None
    own = declared_types(schema.get("type")) if isinstance(schema, dict) else None
    if own is not None and "object" not in own:
        return None
    declared = schema.get("$schema") if isinstance(schema, dict) else None
    if isinstance(declared, str) and "draft-03" in declared:
        return None  # draft 3's required is a boolean beside each property: not this proof's reading
    return accepts_nothing(schema, of_type="object")


@tool_rule("MCP-014")
def no_call(tool: ToolView, ctx: Context) -> Iterator[Hit]:
    if tool.schema is None:
        return
    why = no_call_accepted(tool.schema)
    if why is not None:
        yield Hit("inputSchema", {"reason": why})
