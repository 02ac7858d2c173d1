"""Review findings on the schema walker: `not` and `if`/`then`/`else` are walked,
closed tuples and closed objects, a single schema turning into a union (and back),
a numeric bound as one fact, and branch paths that name the input's own index.

Each case goes through the whole pipeline (load, canonicalise, diff) and checks the
rule id, the severity and the path of every finding.
"""

from __future__ import annotations

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

S = {"type": "string"}
NULL = {"type": "null"}


def findings(old: dict, new: dict, side: str = "input") -> list[tuple[str, str, str]]:
    """(rule, severity, path) of every finding between two schemas on one side of a tool."""
    def tool(schema: dict) -> dict:
        if side == "input":
            return {"tools": [{"name": "t", "inputSchema": schema}]}
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema}]}
    result = diff_snapshots(snapshot_from_value(tool(old), "old"), snapshot_from_value(tool(new), "new"))
    return [(f.rule, f.severity.name, f.path) for f in result.findings]


def prop(schema: dict, name: str = "a") -> dict:
    return {"type": "object", "properties": {name: schema}}


def at(rest: str, side: str = "input", name: str = "a") -> str:
    return f"{side}Schema.properties.{name}.{rest}"


# -- 1. `not`: walked, with the direction flipped -------------------------------------------

def test_a_description_inside_not_is_a_description_change():
    old = prop({"type": "string", "not": {"enum": ["x"], "description": "reserved"}})
    new = prop({"type": "string", "not": {"enum": ["x"], "description": "reserved value"}})
    # Graded like the same change anywhere else.
    plain = findings(prop({"type": "string", "description": "reserved"}),
                     prop({"type": "string", "description": "reserved value"}))
    assert findings(old, new) == [("tool.input.description.changed", plain[0][1], at("not.description"))]


@pytest.mark.parametrize("side,forward,backward", [
    ("input", ("constraint.tightened", "BREAKING"), ("constraint.loosened", "NON_BREAKING")),
    ("output", ("constraint.tightened", "NON_BREAKING"), ("constraint.loosened", "BREAKING")),
])
def test_loosening_the_not_subschema_tightens_the_schema(side, forward, backward):
    old = prop({"type": "string", "not": {"maxLength": 5}})
    new = prop({"type": "string", "not": {"maxLength": 6}})
    assert findings(old, new, side) == [(f"tool.{side}.{forward[0]}", forward[1], at("not.maxLength", side))]
    assert findings(new, old, side) == [(f"tool.{side}.{backward[0]}", backward[1], at("not.maxLength", side))]


def test_enum_and_required_inside_not_flip():
    old = prop({"type": "string", "not": {"enum": ["x"]}})
    new = prop({"type": "string", "not": {"enum": ["x", "y"]}})
    assert findings(old, new) == [("tool.input.constraint.tightened", "BREAKING", at("not.enum"))]
    assert findings(new, old) == [("tool.input.constraint.loosened", "NON_BREAKING", at("not.enum"))]
    obj = {"type": "object", "properties": {"p": S, "q": S}}
    old = prop({**obj, "not": {"required": ["p"]}})
    new = prop({**obj, "not": {"required": ["p", "q"]}})
    # Fewer objects match the `not` subschema, so more are accepted.
    assert findings(old, new) == [("tool.input.constraint.loosened", "NON_BREAKING", at("not.properties.q"))]


def test_not_inside_not_is_the_original_direction():
    old = prop({"not": {"not": {"maxLength": 5}}})
    new = prop({"not": {"not": {"maxLength": 6}}})
    # The canonical form writes a double not as the schema inside it (hostile trial, round 31),
    # so the finding is where a lone allOf's would be: at the node.
    assert findings(old, new) == [("tool.input.constraint.loosened", "NON_BREAKING", at("maxLength"))]


def test_a_type_change_inside_not_is_not_orderable():
    old = prop({"not": {"type": "null"}})
    new = prop({"not": {"type": "string"}})
    assert findings(old, new) == [("tool.input.constraint.changed", "BREAKING", at("not.type"))]


def test_not_added_or_removed_is_still_a_whole_constraint():
    assert findings(prop(S), prop({**S, "not": {"const": "x"}})) == [
        ("tool.input.constraint.tightened", "BREAKING", at("not"))]


# -- 1b. `if` / `then` / `else` -------------------------------------------------------------

def _conditional(if_: dict, then: dict, else_: dict | None = None) -> dict:
    schema = {"type": "object", "properties": {"kind": S, "size": {"type": "integer"}},
              "if": if_, "then": then}
    return schema if else_ is None else {**schema, "else": else_}


KIND_A = {"properties": {"kind": {"const": "a"}}}


def test_prose_inside_if_then_else_is_a_description_change():
    old = _conditional({**KIND_A, "description": "Kind a."}, {"required": ["size"]})
    new = _conditional({**KIND_A, "description": "Kind a!"}, {"required": ["size"]})
    assert findings(old, new) == [("tool.input.description.changed", "DOCUMENTATION", "inputSchema.if.description")]
    old = _conditional(KIND_A, {"required": ["size"], "title": "Sized"})
    new = _conditional(KIND_A, {"required": ["size"], "title": "Sized objects"})
    assert [(r, p) for r, _, p in findings(old, new)] == [("tool.input.description.changed", "inputSchema.then.title")]


@pytest.mark.parametrize("side", ["input", "output"])
def test_a_constraint_change_inside_if_is_not_orderable(side):
    old = _conditional(KIND_A, {"required": ["size"]})
    new = _conditional({"properties": {"kind": {"const": "b"}}}, {"required": ["size"]})
    assert findings(old, new, side) == [
        (f"tool.{side}.constraint.changed", "BREAKING", f"{side}Schema.if.properties.kind.const")]
    # Loosening `if` moves values from `else` to `then`: neither direction follows.
    wider = _conditional({"properties": {"kind": {"enum": ["a", "b"]}}}, {"required": ["size"]})
    narrow = _conditional({"properties": {"kind": {"enum": ["a"]}}}, {"required": ["size"]})
    assert findings(narrow, wider, side) == [
        (f"tool.{side}.constraint.changed", "BREAKING", f"{side}Schema.if.properties.kind.enum")]
    with_property = _conditional({**KIND_A, "properties": {**KIND_A["properties"], "size": {"minimum": 3}}},
                                 {"required": ["size"]})
    assert findings(old, with_property, side) == [
        (f"tool.{side}.constraint.changed", "BREAKING", f"{side}Schema.if.properties.size")]


@pytest.mark.parametrize("side,severity", [("input", "BREAKING"), ("output", "NON_BREAKING")])
def test_then_and_else_keep_the_direction(side, severity):
    old = _conditional(KIND_A, {"properties": {"size": {"maximum": 10}}}, {"properties": {"size": {"maximum": 5}}})
    new = _conditional(KIND_A, {"properties": {"size": {"maximum": 8}}}, {"properties": {"size": {"maximum": 5}}})
    assert findings(old, new, side) == [
        (f"tool.{side}.constraint.tightened", severity, f"{side}Schema.then.properties.size.maximum")]
    new = _conditional(KIND_A, {"properties": {"size": {"maximum": 10}}}, {"properties": {"size": {"maximum": 3}}})
    assert findings(old, new, side) == [
        (f"tool.{side}.constraint.tightened", severity, f"{side}Schema.else.properties.size.maximum")]


# -- 2. closed tuples and closed objects -------------------------------------------------

CLOSED_PAIR = {"type": "array", "prefixItems": [S, S], "items": False}
CLOSED_ONE = {"type": "array", "prefixItems": [S], "items": False}


@pytest.mark.parametrize("side,fewer,more", [
    ("input", ("constraint.tightened", "BREAKING"), ("constraint.loosened", "NON_BREAKING")),
    ("output", ("constraint.tightened", "NON_BREAKING"), ("constraint.loosened", "BREAKING")),
])
def test_a_position_removed_from_a_closed_tuple_rejects_arrays(side, fewer, more):
    path = at("prefixItems.1", side, "pair")
    assert findings(prop(CLOSED_PAIR, "pair"), prop(CLOSED_ONE, "pair"), side) == [
        (f"tool.{side}.{fewer[0]}", fewer[1], path)]
    assert findings(prop(CLOSED_ONE, "pair"), prop(CLOSED_PAIR, "pair"), side) == [
        (f"tool.{side}.{more[0]}", more[1], path)]


def test_a_closed_tuple_in_the_draft_07_spelling():
    old = prop({"type": "array", "items": [S, S], "additionalItems": False}, "pair")
    new = prop({"type": "array", "items": [S], "additionalItems": False}, "pair")
    assert findings(old, new) == [("tool.input.constraint.tightened", "BREAKING", at("prefixItems.1", name="pair"))]


def test_a_tuple_position_is_compared_with_the_items_schema_that_governed_it():
    old = prop({"type": "array", "prefixItems": [S], "items": {"type": "string", "maxLength": 9}}, "pair")
    new = prop({"type": "array", "prefixItems": [S, {"type": "string", "maxLength": 5}],
                "items": {"type": "string", "maxLength": 9}}, "pair")
    assert findings(old, new) == [
        ("tool.input.constraint.tightened", "BREAKING", at("prefixItems.1.maxLength", name="pair"))]
    # An open tuple (no `items`) keeps the old reading: the position is now constrained.
    assert findings(prop({"type": "array", "prefixItems": [S]}), prop({"type": "array", "prefixItems": [S, S]})) == [
        ("tool.input.constraint.tightened", "BREAKING", at("prefixItems.1"))]


CLOSED = {"type": "object", "properties": {"a": S}, "additionalProperties": False}
PATTERNED = {**CLOSED, "patternProperties": {"^x-": S}}


@pytest.mark.parametrize("side,more,fewer", [
    ("input", ("constraint.loosened", "NON_BREAKING"), ("constraint.tightened", "BREAKING")),
    ("output", ("constraint.loosened", "BREAKING"), ("constraint.tightened", "NON_BREAKING")),
])
def test_a_pattern_added_to_a_closed_object_accepts_more(side, more, fewer):
    path = f"{side}Schema.patternProperties.^x-"
    assert findings(CLOSED, PATTERNED, side) == [(f"tool.{side}.{more[0]}", more[1], path)]
    assert findings(PATTERNED, CLOSED, side) == [(f"tool.{side}.{fewer[0]}", fewer[1], path)]


def test_a_pattern_is_compared_with_the_additional_properties_schema_it_replaces():
    old = {"type": "object", "additionalProperties": S}
    new = {**old, "patternProperties": {"^x-": {"type": "string", "maxLength": 3}}}
    assert findings(old, new) == [
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.patternProperties.^x-.maxLength")]


def test_a_pattern_that_also_matches_a_declared_property_is_not_orderable():
    old = {"type": "object", "properties": {"x-a": S}, "additionalProperties": False}
    new = {**old, "patternProperties": {"^x-": {"type": "string", "maxLength": 3}}}
    assert findings(old, new) == [("tool.input.constraint.changed", "BREAKING", "inputSchema.patternProperties.^x-")]


def test_a_pattern_on_an_open_object_still_constrains():
    old = {"type": "object", "properties": {"a": S}}
    assert findings(old, {**old, "patternProperties": {"^x-": S}}) == [
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.patternProperties.^x-")]


# -- 3. a single schema turning into a union, and back ---------------------------------------

def test_a_bound_loosened_while_the_schema_becomes_a_union_is_a_widening():
    old = prop({"type": "string", "maxLength": 5})
    new = prop({"anyOf": [{"type": "string", "maxLength": 10}, NULL]})
    assert findings(old, new) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", at("anyOf")),
        ("tool.input.constraint.loosened", "NON_BREAKING", at("anyOf.0.maxLength")),
    ]
    assert findings(old, new, "output") == [
        ("tool.output.constraint.loosened", "BREAKING", at("anyOf", "output")),
        ("tool.output.constraint.loosened", "BREAKING", at("anyOf.0.maxLength", "output")),
    ]
    # The reverse: a union reduced to one branch, which also tightened. The lost branch is
    # the old side's (its anyOf), and, its branches being of distinct types, a type lost
    # (new-user trial, round 17: the union is a type list with its branches' keywords); the
    # bound is on both sides, and reported where the new side, which has no anyOf, states it
    # (sides.py).
    assert findings(new, old) == [
        ("tool.input.type.narrowed", "BREAKING", at("anyOf")),
        ("tool.input.constraint.tightened", "BREAKING", at("maxLength")),
    ]


def test_a_description_left_behind_when_the_schema_becomes_a_union_is_prose():
    old = prop({"type": "string", "description": "The path."})
    new = prop({"anyOf": [S, NULL]})
    assert findings(old, new) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", at("anyOf")),
        ("tool.input.description.changed", "POTENTIALLY_BREAKING", at("description")),
    ]


def test_the_single_schema_pairs_with_the_branch_of_its_type():
    old = prop({"type": "string", "maxLength": 5})
    new = prop({"anyOf": [{"type": "integer"}, {"type": "string", "maxLength": 10}]})
    assert findings(old, new) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", at("anyOf")),
        ("tool.input.constraint.loosened", "NON_BREAKING", at("anyOf.1.maxLength")),
    ]


def test_an_integer_pairs_with_a_number_branch():
    old = prop({"type": "integer", "minimum": 0})
    new = prop({"anyOf": [{"type": "number", "minimum": 0, "title": "n"}, NULL]})
    assert findings(old, new) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", at("anyOf")),
        ("tool.input.description.changed", "POTENTIALLY_BREAKING", at("anyOf.0.title")),
        ("tool.input.type.widened", "NON_BREAKING", at("anyOf.0.type")),
    ]
    # Without the title the union is the type list [null, number] with its minimum (new-user
    # trial, round 17): one widening, null and number gained.
    new = prop({"anyOf": [{"type": "number", "minimum": 0}, NULL]})
    assert findings(old, new) == [("tool.input.constraint.loosened", "NON_BREAKING", at("anyOf"))]


# -- 4. a numeric bound is one fact: value and exclusivity -------------------------------------

@pytest.mark.parametrize("old,new,fact,path", [
    ({"exclusiveMinimum": 0}, {"minimum": 0}, "constraint.loosened", "minimum"),
    ({"minimum": 0}, {"exclusiveMinimum": 0}, "constraint.tightened", "exclusiveMinimum"),
    ({"minimum": 0}, {"exclusiveMinimum": 1}, "constraint.tightened", "exclusiveMinimum"),
    ({"minimum": 1}, {"exclusiveMinimum": 0}, "constraint.loosened", "exclusiveMinimum"),
    ({"exclusiveMaximum": 10}, {"maximum": 10}, "constraint.loosened", "maximum"),
    ({"maximum": 10}, {"exclusiveMaximum": 11}, "constraint.loosened", "exclusiveMaximum"),
    ({"maximum": 10}, {"exclusiveMaximum": 10}, "constraint.tightened", "exclusiveMaximum"),
    ({"minimum": 0}, {"minimum": 0, "exclusiveMinimum": 2}, "constraint.tightened", "exclusiveMinimum"),
    ({"minimum": 0, "exclusiveMinimum": 2}, {"minimum": 3, "exclusiveMinimum": 2}, "constraint.tightened",
     "minimum"),
    ({"exclusiveMinimum": 0}, {}, "constraint.loosened", "exclusiveMinimum"),
    ({}, {"exclusiveMaximum": 0}, "constraint.tightened", "exclusiveMaximum"),
])
def test_a_lower_or_upper_bound_is_one_finding(old, new, fact, path):
    severity = {"constraint.loosened": "NON_BREAKING", "constraint.tightened": "BREAKING"}[fact]
    assert findings(prop({"type": "number", **old}), prop({"type": "number", **new})) == [
        (f"tool.input.{fact}", severity, at(path))]
    mirrored = {"constraint.loosened": "BREAKING", "constraint.tightened": "NON_BREAKING"}[fact]
    assert findings(prop({"type": "number", **old}), prop({"type": "number", **new}), "output") == [
        (f"tool.output.{fact}", mirrored, at(path, "output"))]


def test_a_redundant_bound_respelled_is_still_reported():
    # The same values are accepted; the canonical forms differ, so it is reported, as the
    # respelling it is (NON_BREAKING on input: the net's BREAKING had no witness possible).
    old = prop({"type": "number", "minimum": 0, "exclusiveMinimum": 0})
    new = prop({"type": "number", "exclusiveMinimum": 0})
    assert findings(old, new) == [("tool.input.constraint.loosened", "NON_BREAKING", at("exclusiveMinimum"))]


# -- 5. branch paths name the input's own index ------------------------------------------------

def test_a_changed_branch_is_reported_at_its_index_in_the_new_input():
    old = prop({"anyOf": [{"type": "array"}, {"type": "string", "maxLength": 5}]})
    new = prop({"anyOf": [{"type": "array"}, {"type": "string", "maxLength": 3}]})
    assert findings(old, new) == [("tool.input.constraint.tightened", "BREAKING", at("anyOf.1.maxLength"))]


def test_branch_indexes_follow_references_and_nested_unions():
    def schema(limit: int, order: int) -> dict:
        inner = [{"type": "string", "maxLength": limit}, {"type": "array"}]
        union = [{"type": "boolean"}, {"anyOf": inner[::order]}, {"type": "object", "required": ["k"]}]
        return {"type": "object", "$defs": {"U": {"anyOf": union[::order]}},
                "properties": {"a": {"$ref": "#/$defs/U"}}}
    assert findings(schema(5, 1), schema(3, 1)) == [
        ("tool.input.constraint.tightened", "BREAKING", at("anyOf.1.anyOf.0.maxLength"))]
    # A reordered new side moves the index with it.
    assert [p for _, _, p in findings(schema(5, 1), schema(3, -1))] == [at("anyOf.1.anyOf.1.maxLength")]


def test_a_branch_of_a_draft_07_tuple_position_has_its_index():
    old = prop({"type": "array", "items": [{"anyOf": [NULL, {"type": "string", "maxLength": 5}]}]})
    new = prop({"type": "array", "items": [{"anyOf": [NULL, {"type": "string", "maxLength": 4}]}]})
    assert findings(old, new) == [
        ("tool.input.constraint.tightened", "BREAKING", at("prefixItems.0.anyOf.1.maxLength"))]


def test_branch_indexes_inside_a_recursive_definition():
    def tree(limit: int) -> dict:
        node = {"anyOf": [{"type": "string", "maxLength": limit},
                          {"type": "array", "items": {"$ref": "#/definitions/Node"}}]}
        return {"type": "object", "definitions": {"Node": node}, "properties": {"a": {"$ref": "#/definitions/Node"}}}
    # The string branch sorts second in the canonical form; the input has it first.
    assert findings(tree(5), tree(3)) == [("tool.input.constraint.tightened", "BREAKING", at("anyOf.0.maxLength"))]


def test_a_lone_branch_beside_a_union_keeps_the_new_index():
    old = prop({"anyOf": [{"type": "string", "maxLength": 5}]})  # read as the schema it wraps
    new = prop({"anyOf": [NULL, {"type": "string", "maxLength": 3}]})
    assert findings(old, new) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", at("anyOf")),
        ("tool.input.constraint.tightened", "BREAKING", at("anyOf.1.maxLength")),
    ]


def test_output_branches_and_renamed_tools_use_the_input_index_too():
    old = prop({"oneOf": [{"type": "integer"}, {"type": "string", "description": "A name."}]})
    new = prop({"oneOf": [{"type": "integer"}, {"type": "string", "description": "The name."}]})
    assert [(r, p) for r, _, p in findings(old, new, "output")] == [
        ("tool.output.description.changed", at("oneOf.1.description", "output"))]
    surfaces = [{"tools": [{"name": name, "inputSchema": schema}]} for name, schema in (("old", old), ("new", new))]
    result = diff_snapshots(snapshot_from_value(surfaces[0], "o"), snapshot_from_value(surfaces[1], "n"))
    assert [(f.rule, f.path) for f in result.findings] == [
        ("tool.input.description.changed", at("oneOf.1.description")), ("tool.renamed", "name")]


def test_a_position_spelling_out_what_items_required_is_respelled_not_tightened():
    items = {"type": "string", "maxLength": 9}
    old = prop({"type": "array", "prefixItems": [S], "items": items})
    new = prop({"type": "array", "prefixItems": [S, items], "items": items})
    # The same arrays are accepted; the canonical forms differ, so it is reported once, as the
    # respelling it is (hostile trial, round 10: the net's BREAKING had no witness possible).
    assert findings(old, new) == [("tool.input.constraint.loosened", "NON_BREAKING", at("prefixItems.1"))]
    # When `items` changes too, that change is the finding: position 1 reads the same.
    closed = prop({"type": "array", "prefixItems": [S, S], "items": False})
    opened = prop({"type": "array", "prefixItems": [S], "items": S})
    assert findings(closed, opened) == [("tool.input.constraint.loosened", "NON_BREAKING", at("items"))]


def test_a_pattern_governed_like_additional_properties_is_respelled():
    old = {"type": "object", "additionalProperties": S}
    assert findings(old, {**old, "patternProperties": {"^x-": S}}) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.patternProperties.^x-")]


def test_a_schema_becoming_an_empty_union_is_reported_not_crashed():
    # Found by the fuzz suite: lifting a schema into ``anyOf: []`` looked for the closest
    # of no branches.
    old = {"tools": [{"name": "b", "inputSchema": None, "outputSchema": {"$ref": "#"}}]}
    new = {"tools": [{"name": "b", "inputSchema": None, "outputSchema": {"anyOf": []}}]}
    result = diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))
    assert result.findings and all(f.entity.name == "b" for f in result.findings)


# -- Second review: soundness checked against sampled values ---------------------------------

INT = {"type": "integer"}


def test_one_of_switched_to_all_of_is_two_changes_not_a_branch_moved():
    # 4 matches both branches: the oneOf rejected it, the allOf accepts it. The allOf's {}
    # branch adds nothing, so the new side is the integer alone (hostile trial, round 9: an
    # allOf: [{}] beside other keywords was a BREAKING "allOf added"), and the old side every
    # value but an integer: the one change is BREAKING for an output.
    old, new = prop({"oneOf": [INT, {}]}), prop({"allOf": [INT, {}]})
    assert sorted(findings(old, new, "output")) == [
        ("tool.output.constraint.changed", "BREAKING", at("oneOf", "output"))]


@pytest.mark.parametrize("old,new", [
    (INT, {"oneOf": [INT, {"type": "number"}]}),  # 1 matches both: rejected now
    (INT, {"oneOf": [INT, {}]}),  # a branch without a type overlaps every other
    ({"oneOf": [{"type": "number", "minimum": 2}, INT]}, INT),  # 2 matched both: accepted now
])
def test_one_of_branches_that_can_overlap_give_constraint_changed(old, new):
    assert findings(prop(old), prop(new)) == [("tool.input.constraint.changed", "BREAKING", at("oneOf"))]


@pytest.mark.parametrize("old,new", [
    (NULL, {"oneOf": [NULL, NULL]}),  # a repeated branch: null now matches two, and is rejected
    ({"oneOf": [S, INT]}, {"oneOf": [S, S, INT]}),
])
def test_a_one_of_branch_gained_that_a_kept_branch_covers_only_tightens(old, new):
    # A value of the new branch matches the branch covering it too: rejected now; any other
    # value matches as many branches as before (the contract's covered branch, in a oneOf).
    assert findings(prop(old), prop(new)) == [("tool.input.constraint.tightened", "BREAKING", at("oneOf"))]
    assert findings(prop(new), prop(old)) == [("tool.input.constraint.loosened", "NON_BREAKING", at("oneOf"))]


def test_disjoint_one_of_branches_still_widen_and_narrow():
    assert findings(prop(S), prop({"oneOf": [S, NULL]})) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", at("oneOf"))]
    assert findings(prop({"oneOf": [S, INT]}), prop({"oneOf": [S, INT, {"type": "boolean"}]})) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", at("oneOf"))]


def test_a_property_a_pattern_already_governs_tightens_when_added_and_loosens_when_removed():
    # {"x1": 1} matched the integer pattern; with x1 declared a string it must match both.
    base = {"type": "object", "patternProperties": {"^x": INT}, "additionalProperties": False}
    declared = {**base, "properties": {"x1": S}}
    assert findings(prop(base), prop(declared)) == [
        ("tool.input.constraint.tightened", "BREAKING", at("properties.x1"))]
    assert findings(prop(declared), prop(base)) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", at("properties.x1"))]
    # A name no pattern can match is an ordinary property added.
    other = {**base, "properties": {"y1": S}}
    assert findings(prop(base), prop(other)) == [("tool.input.property.added", "NON_BREAKING", at("properties.y1"))]
