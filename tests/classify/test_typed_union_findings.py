"""A nullable type list against zod's union of a typed branch and null (new-user trial, round 17).

zod writes a nullable string as ``{type: [string, null]}`` until it has a bound, and then as
``anyOf: [{type: string, maxLength: 256}, {type: null}]``. @baruchiro/paperless-mcp 2.1.0 →
2.2.1 added such bounds (moving from zod 3 to zod 4 on the way), and the diff reported a
BREAKING ``type.narrowed`` "null, string → string" beside each real ``maxLength`` tightening,
though null was still accepted (8 false findings). The canonical form now merges such a union
into one node (snapshot/dialects.py, ``typed_union``), and a keyword the input spells in a
branch is still named there (classify/spelling.py, ``fork_branch_keywords``).
"""

from __future__ import annotations

import pytest
from support import ZOD_NULLABLE as NULLABLE
from support import diff_input_schemas


def tool(field: dict, name: str = "filter_body") -> dict:
    return {"type": "object", "properties": {"name": {"type": "string"}, name: field}, "required": ["name"]}


def found(old: dict, new: dict) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity.name, f.path) for f in diff_input_schemas(old, new).findings]


@pytest.mark.parametrize("name", list(NULLABLE))
def test_the_type_list_and_zods_union_are_no_change(name):
    listed, union = NULLABLE[name]
    assert found(tool(listed), tool(union)) == []
    assert found(tool(union), tool(listed)) == []


def test_a_max_length_added_inside_the_branch_is_the_one_finding_and_is_named_there():
    old = tool({"type": ["string", "null"]})
    new = tool({"anyOf": [{"type": "string", "maxLength": 256}, {"type": "null"}]})
    assert found(old, new) == [("tool.input.constraint.tightened", "BREAKING",
                                "inputSchema.properties.filter_body.anyOf.0.maxLength")]
    # Back again: a loosening, named where the old side spelled it.
    assert found(new, old) == [("tool.input.constraint.loosened", "NON_BREAKING",
                                "inputSchema.properties.filter_body.anyOf.0.maxLength")]


def test_a_member_of_a_nullable_object_is_named_inside_its_branch():
    def schema(limit: int | None) -> dict:
        member = {"type": "string"} if limit is None else {"type": "string", "maxLength": limit}
        return tool({"anyOf": [{"type": "null"}, {"type": "object", "properties": {"a": member}}]}, "filter")
    assert found(schema(None), schema(3)) == [("tool.input.constraint.tightened", "BREAKING",
                                               "inputSchema.properties.filter.anyOf.1.properties.a.maxLength")]


def test_a_branch_with_its_own_description_keeps_its_union():
    """Its text has no place in the node: the union stays, compared branch by branch, and the
    type list it is compared with is read as branches of its types, not lifted into one branch
    (which lost null: a false "null, string → string" for zod 4's ``.describe().nullable()``)."""
    old = tool({"type": ["string", "null"]})
    new = tool({"anyOf": [{"type": "string", "maxLength": 256, "description": "Body text."}, {"type": "null"}]})
    where = "inputSchema.properties.filter_body.anyOf.0"
    assert found(old, new) == [("tool.input.description.changed", "POTENTIALLY_BREAKING", f"{where}.description"),
                               ("tool.input.constraint.tightened", "BREAKING", f"{where}.maxLength")]


@pytest.mark.parametrize("bound", [{}, {"maxLength": 256}])
def test_a_description_zod_4_writes_in_the_branch_only_moved(bound):
    """zod 3 writes ``z.string().describe(d).nullable()`` as ``{type: [string, null],
    description: d}``, zod 4 as ``anyOf: [{type: string, description: d}, {type: null}]``: the
    same text for the same values, two DOCUMENTATION findings (and the bound, where one came)."""
    text = "Only mails whose body holds this text."
    old = tool({"type": ["string", "null"], "description": text})
    new = tool({"anyOf": [{"type": "string", "description": text, **bound}, {"type": "null"}]})
    where = "inputSchema.properties.filter_body"
    moved = [("tool.input.description.changed", "DOCUMENTATION", f"{where}.anyOf.0.description"),
             ("tool.input.description.changed", "DOCUMENTATION", f"{where}.description")]
    tightened = [("tool.input.constraint.tightened", "BREAKING", f"{where}.anyOf.0.maxLength")] if bound else []
    assert sorted(found(old, new)) == sorted(moved + tightened)
    loosened = [("tool.input.constraint.loosened", "NON_BREAKING", f"{where}.anyOf.0.maxLength")] if bound else []
    assert sorted(found(new, old)) == sorted(moved + loosened)
    reasons = {f.args["reason"] for f in diff_input_schemas(old, new).findings if "description" in f.path}
    assert reasons == {"moved_branch_text"}


def test_the_null_branch_removed_is_a_type_lost():
    old = tool({"anyOf": [{"type": "string", "maxLength": 256}, {"type": "null"}]})
    new = tool({"type": "string", "maxLength": 256})
    assert found(old, new) == [("tool.input.type.narrowed", "BREAKING", "inputSchema.properties.filter_body.anyOf")]
