"""A one-branch ``allOf`` holding an object, beside annotations, against the ``$ref`` (or the
object itself) beside the same annotations (hostile trial, round 44).

pydantic 1 wrote a described model field as ``{"allOf": [{"$ref": "#/$defs/F"}], "description":
"d"}``, pydantic 2 writes ``{"$ref": "#/$defs/F", "description": "d"}``. The two accept the same
values (contract principle 3: a ``$ref`` and the same schema inlined give no findings), yet the
canonical form kept the branch of an object apart while it merged the ``$ref``'s target, and the
diff said BREAKING "the schema is written differently, with its recursion cut at other places"
of a schema with no recursion at all."""

from __future__ import annotations

from typing import Any

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

F = {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}


def _findings(old: Any, new: Any, where: str = "inputSchema") -> list[Any]:
    def side(schema: Any) -> dict[str, Any]:
        tool: dict[str, Any] = {"name": "t", "inputSchema": {"type": "object"}}
        tool[where] = schema
        return {"tools": [tool]}

    return diff_snapshots(snapshot_from_value(side(old), "old"), snapshot_from_value(side(new), "new")).findings


def _root(field: Any, defs: Any = F) -> dict[str, Any]:
    return {"type": "object", "properties": {"f": field}, "$defs": {"F": defs}}


def _pair(annotation: str, value: Any, inline: bool, in_items: bool, defs: Any = F) -> tuple[Any, Any]:
    target = defs if inline else {"$ref": "#/$defs/F"}
    wrapped: Any = {"allOf": [target], annotation: value}
    plain: Any = {**defs, annotation: value} if inline else {"$ref": "#/$defs/F", annotation: value}
    if in_items:
        wrapped, plain = {"type": "array", "items": wrapped}, {"type": "array", "items": plain}
    return _root(wrapped, defs), _root(plain, defs)


@pytest.mark.parametrize("where", ["inputSchema", "outputSchema"])
@pytest.mark.parametrize("in_items", [False, True], ids=["property", "items"])
@pytest.mark.parametrize("inline", [False, True], ids=["ref", "inline"])
@pytest.mark.parametrize(("annotation", "value"), [("description", "d"), ("title", "T"), ("default", {"x": "a"})])
def test_a_one_branch_all_of_beside_annotations_is_the_ref_beside_them(annotation, value, inline, in_items, where):
    old, new = _pair(annotation, value, inline, in_items)
    assert _findings(old, new, where) == []
    assert _findings(new, old, where) == []


def test_a_change_inside_the_definition_is_the_one_finding():
    changed = {**F, "properties": {"x": {"type": "integer"}}}
    old, _ = _pair("description", "d", False, False)
    _, new = _pair("description", "d", False, False, changed)
    found = [(f.rule, f.severity.name, f.path) for f in _findings(old, new)]
    assert found == [("tool.input.type.changed", "BREAKING", "inputSchema.properties.f.properties.x.type")]


def test_the_merged_branch_become_a_free_form_object_is_still_one_loosening_at_the_all_of():
    """Merged into the node, the branch's properties are still the ``allOf``'s where the input
    spells them there: the object become free-form is the contract's one loosening at the
    ``allOf``, not a BREAKING removal per property (airtable-mcp-server 1.4.1 → 1.14.0)."""
    old = {"type": "object", "properties": {"f": {"allOf": [F], "description": "d"}}}
    new = {"type": "object", "properties": {"f": {"type": "object", "additionalProperties": {}, "description": "d"}}}
    found = [(f.rule, f.severity.name, f.path) for f in _findings(old, new)]
    assert found == [("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.f.allOf")]
