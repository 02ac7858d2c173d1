"""Review fixes to the canonical form: cycles that do not depend on definition names,
recursive schemas written out to different depths, draft-07 ``dependencies``, and
``oneOf`` duplicates.

Each group checks both halves of a canonical form's promise: one form where the
meaning is one, different forms where the meanings differ.
"""

from __future__ import annotations

import copy
import json
import random

import jsonschema
import pytest
from support import diff_input_schemas

from mcp_inspect.errors import InputError
from mcp_inspect.snapshot.canonical import Canonicaliser, canonical_json, canonical_schema
from mcp_inspect.snapshot.cycles import fold_unrollings


def canon(schema):
    return canonical_json(canonical_schema(copy.deepcopy(schema)))


def assert_same(a, b) -> None:
    assert canon(a) == canon(b)


def assert_different(a, b) -> None:
    assert canon(a) != canon(b)


def assert_fixed_point(schema) -> None:
    out = canonical_schema(copy.deepcopy(schema))
    assert canonical_schema(copy.deepcopy(out)) == out


def tree_via_def(name: str, value_type: str = "string") -> dict:
    """A tree whose node type is a definition called ``name`` (pydantic names it after the class)."""
    node = {"type": "object", "properties": {
        "v": {"type": value_type}, "kids": {"type": "array", "items": {"$ref": f"#/$defs/{name}"}}}}
    return {"type": "object", "properties": {"root": {"$ref": f"#/$defs/{name}"}}, "$defs": {name: node}}


# ---------------------------------------------------------------------------
# Cycles are spelled without the definition's name


def test_renaming_a_recursive_definition_keeps_the_form():
    assert_same(tree_via_def("Node"), tree_via_def("TreeNode"))
    assert_same(tree_via_def("Node"), {**tree_via_def("Node"), "$defs": {
        "Node": tree_via_def("Node")["$defs"]["Node"]}})


def test_definitions_and_defs_spellings_of_a_cycle_agree():
    via_definitions = {"$ref": "#/definitions/n", "definitions": {
        "n": {"type": "object", "properties": {"next": {"$ref": "#/definitions/n"}}}}}
    via_defs = {"$ref": "#/$defs/m", "$defs": {
        "m": {"type": "object", "properties": {"next": {"$ref": "#/$defs/m"}}}}}
    assert_same(via_definitions, via_defs)


def test_the_root_cycle_spelled_as_hash_or_as_a_definition_agrees():
    as_root = {"type": "object", "properties": {"child": {"$ref": "#"}, "name": {"type": "string"}}}
    as_def = {"$ref": "#/$defs/R", "$defs": {"R": {
        "type": "object", "properties": {"child": {"$ref": "#/$defs/R"}, "name": {"type": "string"}}}}}
    assert_same(as_root, as_def)
    out = canonical_schema(as_root)
    assert out["$anchor"] == "^"
    assert out["properties"]["child"] == {"$ref": "#^1"}


def test_a_path_reference_to_an_enclosing_property_is_the_same_tree():
    # zod-to-json-schema's default: the first occurrence inline, later ones by path.
    by_path = {"type": "object", "properties": {"root": {"type": "object", "properties": {
        "v": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/properties/root"}}}}}}
    assert_same(by_path, tree_via_def("Node"))


def test_the_back_reference_spelling():
    out = canonical_schema(tree_via_def("Node"))
    root = out["properties"]["root"]
    assert root["$anchor"] == "^"
    assert root["properties"]["kids"]["items"] == {"$ref": "#^1"}
    assert "$defs" not in out and "Node" not in canonical_json(out)


def test_a_cycle_to_the_root_and_one_to_an_inner_definition_differ():
    # The two differ only in which enclosing node the inner reference returns to; an index
    # over expansions alone (without marking the nodes returned to) gave both one form.
    via_def = {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}, "$defs": {
        "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/A"}}}}}
    via_root = {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"$ref": "#"}}}}}
    assert_different(via_def, via_root)


def test_nested_cycles_count_only_the_nodes_returned_to():
    # An inner definition that is returned to sits between the outer one and its reference.
    schema = {"$ref": "#/$defs/Outer", "$defs": {
        "Outer": {"type": "object", "properties": {"inner": {"$ref": "#/$defs/Inner"}}},
        "Inner": {"type": "object", "properties": {
            "again": {"$ref": "#/$defs/Inner"}, "up": {"$ref": "#/$defs/Outer"}}}}}
    out = canonical_schema(schema)
    inner = out["properties"]["inner"]
    assert out["$anchor"] == inner["$anchor"] == "^"
    assert inner["properties"]["again"] == {"$ref": "#^1"}
    assert inner["properties"]["up"] == {"$ref": "#^2"}
    assert_fixed_point(schema)
    # Swapping where the two references go is a different schema.
    swapped = copy.deepcopy(schema)
    swapped["$defs"]["Inner"]["properties"] = {
        "again": {"$ref": "#/$defs/Outer"}, "up": {"$ref": "#/$defs/Inner"}}
    assert_different(schema, swapped)


def test_a_change_inside_a_recursive_definition_still_changes_the_form():
    assert_different(tree_via_def("Node", "string"), tree_via_def("Node", "integer"))


def test_a_recursive_reference_with_its_own_description_keeps_it_local():
    # Merged into the node the cycle returns to, the description would also hold for every
    # nested node; beside it (in an allOf) it holds at this place only.
    described_use = copy.deepcopy(tree_via_def("Node"))
    described_use["properties"]["root"]["description"] = "The root."
    described_def = copy.deepcopy(tree_via_def("Node"))
    described_def["$defs"]["Node"]["description"] = "The root."
    assert_different(described_use, described_def)
    root = canonical_schema(described_use)["properties"]["root"]
    assert root["description"] == "The root."
    assert root["allOf"][0]["$anchor"] == "^"
    # pydantic's older spelling of the same thing (allOf around the $ref) agrees.
    older = copy.deepcopy(tree_via_def("Node"))
    older["properties"]["root"] = {"allOf": [{"$ref": "#/$defs/Node"}], "description": "The root."}
    assert_same(described_use, older)


def test_a_non_recursive_reference_still_leaves_no_trace():
    loc = {"type": "string", "maxLength": 9}
    by_ref = {"properties": {"a": {"$ref": "#/$defs/loc", "description": "A."}}, "$defs": {"loc": loc}}
    inline = {"properties": {"a": {**loc, "description": "A."}}}
    assert_same(by_ref, inline)
    assert "$anchor" not in canon(by_ref)


@pytest.mark.parametrize("schema", [
    tree_via_def("Node"),
    {"$ref": "#"},
    {"type": "object", "properties": {"child": {"$ref": "#"}}},
    {"$ref": "#/$defs/a", "$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"properties": {
        "x": {"$ref": "#/$defs/a"}, "y": {"$ref": "#/$defs/b"}}}}},
    {"$ref": "#/$defs/n", "$defs": {"n": {"properties": {"next": {"$ref": "#/$defs/n", "description": "Next."}}}}},
])
def test_recursive_forms_are_fixed_points(schema):
    assert_fixed_point(schema)


def test_a_reference_spelled_like_a_back_reference_is_kept_as_written():
    # "#^1" is not a URI (``^`` is not allowed), so no valid schema holds it; read again, it stays.
    assert canonical_schema({"$ref": "#^1", "description": "x"}) == {"$ref": "#^1", "description": "x"}


def test_a_node_below_the_root_canonicalises_as_it_appears_in_the_root():
    # What classify/rawpaths.py does to map canonical branches back to the input's indexes. (The
    # title keeps the union: typed branches alone are merged into one node, test_typed_unions.py.)
    node = {"anyOf": [{"type": "string", "maxLength": 5, "title": "s"},
                      {"type": "array", "items": {"$ref": "#/definitions/N"}}]}
    root = {"type": "object", "definitions": {"N": node}, "properties": {"a": {"$ref": "#/definitions/N"}}}
    whole = canonical_schema(root)["properties"]["a"]["anyOf"]
    fresh = Canonicaliser(root)  # never run on the root: the first cycle looks the root over
    branches = [fresh.schema(b, ("#", "#/$defs/N"), 0) for b in node["anyOf"]]
    assert sorted(canonical_json(b) for b in branches) == sorted(canonical_json(b) for b in whole)


def test_recursion_past_the_limits_still_stops():
    defs = {f"d{n}": {"properties": {"a": {"$ref": f"#/$defs/d{n + 1}"}, "b": {"$ref": f"#/$defs/d{n + 1}"},
                                     "c": {"$ref": "#/$defs/d0"}}} for n in range(40)}
    defs["d40"] = {"type": "string"}
    with pytest.raises(InputError):
        canonical_schema({"$defs": defs, "$ref": "#/$defs/d0"})


# ---------------------------------------------------------------------------
# A recursive schema written out to different depths


def test_a_recursive_reference_and_the_same_schema_inlined_once_agree():
    # Review repro d1-recursive-inlined.
    unrolled = copy.deepcopy(tree_via_def("Node"))
    unrolled["properties"]["root"] = copy.deepcopy(unrolled["$defs"]["Node"])
    assert_same(tree_via_def("Node"), unrolled)


def test_written_out_twice_still_agrees():
    twice = copy.deepcopy(tree_via_def("Node"))
    once = copy.deepcopy(twice["$defs"]["Node"])
    once["properties"]["kids"]["items"] = copy.deepcopy(twice["$defs"]["Node"])
    twice["properties"]["root"] = once
    assert_same(tree_via_def("Node"), twice)


def test_a_written_out_level_that_differs_is_a_different_schema():
    unrolled = copy.deepcopy(tree_via_def("Node"))
    level = copy.deepcopy(unrolled["$defs"]["Node"])
    level["properties"]["v"] = {"type": "integer"}  # the top node alone takes integers
    unrolled["properties"]["root"] = level
    assert_different(tree_via_def("Node"), unrolled)


def test_two_definitions_with_one_body_are_one_cycle():
    one = {"$ref": "#/$defs/A", "$defs": {"A": {"type": "object", "properties": {"x": {"$ref": "#/$defs/A"}}}}}
    two = {"$ref": "#/$defs/A", "$defs": {
        "A": {"type": "object", "properties": {"x": {"$ref": "#/$defs/B"}}},
        "B": {"type": "object", "properties": {"x": {"$ref": "#/$defs/A"}}}}}
    assert_same(one, two)


def test_mutual_recursion_entered_at_either_end_agrees():
    def schema(first: str) -> dict:
        return {"type": "object", "properties": {"root": {"$ref": f"#/$defs/{first}"}}, "$defs": {
            "a": {"type": "object", "properties": {"b": {"$ref": "#/$defs/b"}}},
            "b": {"type": "array", "items": {"$ref": "#/$defs/a"}}}}
    entered_at_a = schema("a")
    entered_at_b_inlined_once = copy.deepcopy(entered_at_a)
    entered_at_b_inlined_once["properties"]["root"] = {
        "type": "object", "properties": {"b": {"type": "array", "items": {"$ref": "#/$defs/a"}}}}
    assert_same(entered_at_a, entered_at_b_inlined_once)
    assert_different(schema("a"), schema("b"))  # an object at the top, or an array


def test_fold_unrollings_leaves_a_form_it_cannot_read():
    stray = {"properties": {"a": {"$ref": "#^3"}}}  # no anchored node above it
    assert fold_unrollings(stray) is stray


def test_unions_in_a_recursive_schema_fold_by_branch_set():
    def schema(order: int) -> dict:
        branches = [{"type": "string"}, {"type": "array", "items": {"$ref": "#/$defs/J"}}]
        return {"$ref": "#/$defs/J", "$defs": {"J": {"anyOf": branches[::order]}}}
    assert_same(schema(1), schema(-1))
    assert_fixed_point(schema(1))


def test_one_of_repeats_stay_inside_a_recursive_schema():
    def schema(repeat: int) -> dict:
        return {"$ref": "#/$defs/J", "$defs": {"J": {"oneOf": [{"type": "string"}] * repeat + [
            {"type": "array", "items": {"$ref": "#/$defs/J"}}]}}}
    assert_different(schema(1), schema(2))


# ---------------------------------------------------------------------------
# draft-07 dependencies


OBJECT = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}, "c": {}}}


def test_dependencies_with_names_is_dependent_required():
    # Review repro d8-dependencies.
    assert_same({**OBJECT, "dependencies": {"a": ["b"]}}, {**OBJECT, "dependentRequired": {"a": ["b"]}})


def test_dependencies_with_a_schema_is_dependent_schemas():
    draft07 = {**OBJECT, "dependencies": {"a": {"$ref": "#/$defs/needs_c"}}, "$defs": {"needs_c": {"required": ["c"]}}}
    modern = {**OBJECT, "dependentSchemas": {"a": {"required": ["c"]}}}
    assert_same(draft07, modern)  # the reference inside is resolved too


def test_dependencies_of_both_kinds_split():
    assert_same({**OBJECT, "dependencies": {"a": ["b"], "b": {"required": ["c"]}}},
                {**OBJECT, "dependentRequired": {"a": ["b"]}, "dependentSchemas": {"b": {"required": ["c"]}}})


def test_dependencies_merge_with_the_modern_keywords():
    assert_same({**OBJECT, "dependencies": {"a": ["b"]}, "dependentRequired": {"a": ["c"], "b": ["c"]}},
                {**OBJECT, "dependentRequired": {"a": ["b", "c"], "b": ["c"]}})
    assert_same({**OBJECT, "dependencies": {"a": {"required": ["b"]}}, "dependentSchemas": {"a": {"required": ["c"]}}},
                {**OBJECT, "dependentSchemas": {"a": {"allOf": [{"required": ["c"]}, {"required": ["b"]}]}}})
    assert_same({**OBJECT, "dependencies": {"a": {"required": ["b"]}}, "dependentSchemas": {"a": {"required": ["b"]}}},
                {**OBJECT, "dependentSchemas": {"a": {"required": ["b"]}}})


def test_dependent_required_lists_are_sets_and_vacuous_entries_go():
    assert_same({**OBJECT, "dependentRequired": {"a": ["c", "b", "c"]}},
                {**OBJECT, "dependentRequired": {"a": ["b", "c"]}})
    assert_same({**OBJECT, "dependencies": {"a": []}}, OBJECT)
    assert_same({**OBJECT, "dependentSchemas": {"a": {}, "b": True}}, OBJECT)
    assert_different({**OBJECT, "dependentSchemas": {"a": False}}, OBJECT)  # then a must be absent


def test_different_dependencies_differ():
    assert_different({**OBJECT, "dependencies": {"a": ["b"]}}, {**OBJECT, "dependencies": {"a": ["c"]}})
    assert_different({**OBJECT, "dependencies": {"a": ["b"]}}, {**OBJECT, "dependencies": {"b": ["a"]}})
    assert_different({**OBJECT, "dependencies": {"a": {"required": ["b"]}}},
                     {**OBJECT, "dependencies": {"a": {"required": ["c"]}}})


def test_malformed_dependencies_are_kept_as_written():
    out = canonical_schema({**OBJECT, "dependencies": {"a": 5, "b": ["c"]}})
    assert out["dependencies"] == {"a": 5, "b": ["c"]}
    assert "dependentRequired" not in out
    assert_fixed_point({**OBJECT, "dependencies": {"a": 5}})


def test_folded_dependencies_are_fixed_points():
    assert_fixed_point({**OBJECT, "dependencies": {"a": ["c", "b"], "b": {"required": ["c"]}}})


# ---------------------------------------------------------------------------
# oneOf: a repeated branch is not redundant


def test_a_repeated_one_of_branch_rejects_what_it_matches():
    string = {"type": "string"}
    assert_different({"oneOf": [string, string]}, {"oneOf": [string]})
    assert_different({"oneOf": [string, string, {"type": "null"}]}, {"oneOf": [string, {"type": "null"}]})
    assert_same({"anyOf": [string, string]}, string)  # anyOf and allOf: the same branch twice is once
    assert_same({"allOf": [string, string]}, string)
    assert_fixed_point({"oneOf": [string, string]})


# ---------------------------------------------------------------------------
# Random recursive schemas (seeded): the form does not depend on names or on how far
# the input writes a recursion out, and it unfolds to what the input unfolds to.

DEF_NAMES = ["A", "B", "C"]
GUARDS = {"properties", "items"}  # recursion passes through a value's parts, as real schemas do


def random_schema(rng, depth: int = 1, guarded: bool = False):
    if depth > 3 or rng.random() < 0.25:
        if guarded and rng.random() < 0.5:
            return {"$ref": f"#/$defs/{rng.choice(DEF_NAMES)}"}
        return rng.choice([{"type": "string"}, {"type": "integer", "minimum": rng.randint(0, 2)},
                           {"type": "null"}, True, {"enum": [1, 2]}])
    kind = rng.choice(["object", "array", "anyOf", "oneOf", "allOf"])
    if kind == "object":
        names = rng.sample(["x", "y", "z"], rng.randint(1, 2))
        return {"type": "object", "properties": {n: random_schema(rng, depth + 1, True) for n in names}}
    if kind == "array":
        return {"type": "array", "items": random_schema(rng, depth + 1, True)}
    return {kind: [random_schema(rng, depth + 1) for _ in range(rng.randint(1, 3))]}


def random_roots(seed: int, count: int):
    rng = random.Random(seed)
    for _ in range(count):
        root = {"type": "object", "properties": {"r": random_schema(rng)},
                "$defs": {name: random_schema(rng) for name in DEF_NAMES}}
        try:
            out = canonical_schema(copy.deepcopy(root))
        except InputError:
            continue
        if '"$ref"' in canonical_json(out):  # every reference here resolves: one left is a cycle
            yield rng, root, out


def reference_places(node, path=()):
    if isinstance(node, dict):
        if set(node) == {"$ref"}:
            yield path
        for key, value in node.items():
            yield from reference_places(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from reference_places(value, (*path, index))


def unfold(node, anchors, guards: int, limit: int, root=None):
    """The tree a schema stands for, to ``limit`` steps into properties/items, with either
    the canonical back-references (``root`` None) or the raw ``$defs`` references expanded."""
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if root is None and isinstance(ref, str) and ref.startswith("#^"):
        target, target_anchors = anchors[-int(ref[2:])]
        return unfold({**target, **{k: v for k, v in node.items() if k != "$ref"}}, target_anchors, guards, limit)
    if root is not None and isinstance(ref, str):
        return unfold(root["$defs"][ref.split("/")[-1]], anchors, guards, limit, root)
    if node.get("$anchor") == "^":
        body = {k: v for k, v in node.items() if k != "$anchor"}
        anchors = [*anchors, (body, None)]
        anchors[-1] = (body, anchors)
    out = {}
    for key, value in node.items():
        if key in ("$anchor", "$defs"):
            continue
        below = guards + (key in GUARDS)
        if key == "properties":
            out[key] = {n: {} if below > limit else unfold(s, anchors, below, limit, root) for n, s in value.items()}
        elif key in ("items", "not", "additionalProperties"):
            out[key] = {} if below > limit else unfold(value, anchors, below, limit, root)
        elif key in ("anyOf", "oneOf", "allOf", "prefixItems"):
            out[key] = [unfold(s, anchors, below, limit, root) for s in value]
        else:
            out[key] = value
    return out


def test_random_recursive_schemas_do_not_depend_on_definition_names():
    checked = 0
    for rng, root, out in random_roots(7, 1500):
        checked += 1
        order = DEF_NAMES[:]
        rng.shuffle(order)
        rename = dict(zip(DEF_NAMES, order, strict=True))
        text = canonical_json(root)
        for old in DEF_NAMES:
            text = text.replace(f'"#/$defs/{old}"', f'"#/$defs/@{rename[old]}"')
        renamed = json.loads(text.replace("#/$defs/@", "#/$defs/"))
        renamed["$defs"] = {rename[name]: body for name, body in renamed["$defs"].items()}
        assert canonical_schema(renamed) == out, root
    assert checked > 50


def test_random_recursive_schemas_do_not_depend_on_how_far_they_are_written_out():
    checked = 0
    for rng, root, out in random_roots(11, 1500):
        checked += 1
        places = list(reference_places(root))
        path = rng.choice(places)
        copied = copy.deepcopy(root)
        holder = copied
        for step in path[:-1]:
            holder = holder[step]
        holder[path[-1]] = copy.deepcopy(root["$defs"][holder[path[-1]]["$ref"].split("/")[-1]])
        assert canonical_json(canonical_schema(copied)) == canonical_json(out), (root, path)
    assert checked > 50


def test_random_recursive_forms_unfold_to_what_the_input_unfolds_to():
    checked = 0
    for _, root, out in random_roots(13, 1000):
        checked += 1
        for limit in (2, 4):
            from_input = canonical_schema(unfold(root, [], 0, limit, root))
            from_form = canonical_schema(unfold(out, [], 0, limit))
            assert canonical_json(from_form) == canonical_json(from_input), root
        assert canonical_schema(copy.deepcopy(out)) == out
    assert checked > 30


@pytest.mark.parametrize("refused", [False, {"not": {}}])
def test_a_member_a_closed_object_refuses_either_way_is_one_spelling(refused):
    """Round 13 (a fixer's note): removing ``"a": false`` from an object closed by
    ``additionalProperties: false`` was a BREAKING property.removed no call could show: the
    member is refused declared so or not. With a patternProperties that may take the name
    over, or an object that is not closed, the entry still says something and is kept."""
    closed = {"type": "object", "properties": {"a": refused, "b": {"type": "string"}}, "additionalProperties": False}
    bare = {"type": "object", "properties": {"b": {"type": "string"}}, "additionalProperties": False}
    assert canonical_schema(closed) == canonical_schema(bare)
    assert diff_input_schemas(closed, bare).findings == []
    assert diff_input_schemas(bare, closed).findings == []
    for value in ({}, {"a": 1}, {"b": ""}, {"b": "", "a": None}):
        assert jsonschema.Draft202012Validator(closed).is_valid(value) == \
            jsonschema.Draft202012Validator(bare).is_valid(value)
    kept = [{**closed, "patternProperties": {"^a": {}}}, {**closed, "additionalProperties": {"type": "string"}},
            {k: v for k, v in closed.items() if k != "additionalProperties"}]
    for schema in kept:
        assert "a" in canonical_schema(schema)["properties"], schema


PROBES = (None, 0, 3, 7, -2, 2.5, "", "x", [], [1], {}, {"a": 1})


def assert_accepts_as_written(schema) -> None:
    given = jsonschema.Draft202012Validator(schema)
    form = jsonschema.Draft202012Validator(canonical_schema(copy.deepcopy(schema)))
    assert [given.is_valid(value) for value in PROBES] == [form.is_valid(value) for value in PROBES]


def test_a_one_of_a_gathered_type_sets_apart_loses_its_repeated_branch_at_once():
    """Hostile trial, round 13 (the seeded fuzzer, seed 108, minimised): a one-branch anyOf of a
    type becomes the node's type, and that type sets the oneOf's two equal branches apart (it
    refuses both), so the oneOf became an anyOf written twice; a second reading kept the branch
    once, so the form was no fixed point. It is now one form with the type written plainly
    (its one branch an allOf: a one-branch union beside keywords is that allOf, round 22)."""
    gathered = {"anyOf": [{"type": "string"}], "oneOf": [{"type": "object"}, {"type": "object"}]}
    assert_fixed_point(gathered)
    assert canonical_schema(copy.deepcopy(gathered)) == {"type": ["string"], "allOf": [{"type": ["object"]}]}
    assert_same(gathered, {"type": "string", "oneOf": [{"type": "object"}, {"type": "object"}]})
    assert_accepts_as_written(gathered)


@pytest.mark.parametrize("spelling", [
    {"anyOf": [{"type": "integer"}], "oneOf": [{"maximum": 4}, {"type": "object"}]},
    {"anyOf": [{"type": "integer"}], "$ref": "#/$defs/d",
     "$defs": {"d": {"oneOf": [{"maximum": 4}, {"type": "object"}]}}},
])
def test_a_one_of_a_gathered_type_sets_apart_loses_the_branch_that_type_refuses_at_once(spelling):
    """Hostile trial, round 13 (the seeded fuzzer, seed 117, minimised): a one-branch anyOf of a
    type beside a $ref to a oneOf becomes the node's type once merged, and that type sets the
    branches apart; the anyOf they became kept ``{type: object}``, which the integer type
    refuses and the sibling ``{maximum: 4}`` covers, until a second reading dropped it, so the
    form was no fixed point. It is now the form of the type written plainly (the one branch
    left merged into the node: a one-branch union beside keywords is that allOf, round 22)."""
    assert_fixed_point(spelling)
    assert canonical_schema(copy.deepcopy(spelling)) == {"type": ["integer"], "maximum": 4}
    assert_same(spelling, {"type": "integer", "oneOf": [{"maximum": 4}, {"type": "object"}]})
    assert_accepts_as_written(spelling)


@pytest.mark.parametrize("beside", [{}, {"minimum": 3}])
def test_an_any_of_whose_type_only_branches_name_every_type_is_no_type(beside):
    """Hostile trial, round 13 (found beside the fuzzer's seeds): an anyOf of type-only branches
    that together name every JSON type accepts every value, and its fold into one type list
    dropped a ``type`` the node did not have: `mcp-inspect snapshot` stopped with "internal error:
    KeyError: 'type'" on such a published schema. It is now the node without the anyOf, as a type
    list of every type is."""
    every = {"anyOf": [{"type": ["array", "boolean", "null", "number", "object"]}, {"type": "string"}], **beside}
    assert canonical_schema(copy.deepcopy(every)) == canonical_schema(dict(beside))
    assert_fixed_point(every)
    assert_accepts_as_written(every)
    assert diff_input_schemas({"type": "object", "properties": {"v": every}},
                              {"type": "object", "properties": {"v": dict(beside)}}).findings == []
    integer_only = {"anyOf": [{"type": ["array", "boolean", "null", "integer", "object"]}, {"type": "string"}]}
    assert canonical_schema(integer_only)["type"] == ["array", "boolean", "integer", "null", "object", "string"]


@pytest.mark.parametrize(("spelling", "form"), [
    ({"anyOf": [{"const": "a"}, {"const": "a", "maxLength": 0}], "description": "d"},
     {"description": "d", "const": "a", "type": ["string"]}),
    ({"minLength": 2, "anyOf": [{"const": "a"}, {"const": "b"}, {"const": "a", "maxLength": 0}]},
     {"minLength": 2, "enum": ["a", "b"], "type": ["string"]}),
])
def test_a_union_left_of_single_values_once_a_covered_branch_is_dropped_is_their_enum_at_once(spelling, form):
    """Hostile trial, round 13 (the fuzzer run over seeds 161-260, seed 226, minimised): a
    covered anyOf branch was dropped after the fold of single-value unions into an enum had
    run, so a union left of single values stayed a union until a second reading made it the
    enum: the form was no fixed point. The node is now folded again once a branch is dropped."""
    assert_fixed_point(spelling)
    assert canonical_schema(copy.deepcopy(spelling)) == form
    assert_accepts_as_written(spelling)


def test_a_nested_one_of_under_a_type_gathered_from_an_any_of_is_a_fixed_point():
    """Hostile trial, round 14: the first form kept an integer branch under type [null, string],
    where it can never match, and only a second reading dropped it (the fingerprint of one
    schema then depended on how often it had been read)."""
    schema = {"oneOf": [{"oneOf": [{"type": "integer", "minimum": 1}, {"minLength": 1}],
                         "anyOf": [{"type": ["string", "null"]}]}, {"maximum": 1.5}]}
    once = canonical_schema(copy.deepcopy(schema))
    assert canonical_schema(copy.deepcopy(once)) == once
    for value in (None, "", "a", 1, 2, 1.5, 0.5, [], {}):
        assert jsonschema.Draft202012Validator(schema).is_valid(value) == \
            jsonschema.Draft202012Validator(once).is_valid(value), value


@pytest.mark.parametrize("schema", [
    {"type": "array", "oneOf": [{"const": 1}, {"const": 1}]},
    {"type": "string", "oneOf": [{"enum": [1, 2]}, {"enum": [1, 2]}]},
])
def test_a_one_of_of_a_branch_twice_the_type_refuses_is_a_fixed_point(schema):
    """Hostile trial, round 15: the disjoint oneOf became a one-branch anyOf after the fold that
    turns a union of single values into its value, so only a second reading folded it."""
    once = canonical_schema(copy.deepcopy(schema))
    assert canonical_schema(copy.deepcopy(once)) == once
    for value in (None, 1, 2, "a", [], [1], {}):
        assert jsonschema.Draft202012Validator(schema).is_valid(value) == \
            jsonschema.Draft202012Validator(once).is_valid(value), value


@pytest.mark.parametrize("refused", [{"type": "string", "enum": [1]},
                                     {"allOf": [{"type": "string"}, {"type": "integer"}]},
                                     {"type": "string", "minLength": 3, "maxLength": 1}],
                         ids=["enum-outside-type", "two-types", "lengths"])
def test_a_member_refused_by_a_contradiction_on_a_closed_object_is_dropped_too(refused):
    """Hostile trial, round 14: the walker now grades a property that accepts no value by a
    contradiction as it grades ``false``; on a closed object the canonical form dropped only
    ``false`` and ``{"not": {}}``, so removing ``"a": {"type": "string", "enum": [1]}`` was
    a BREAKING property.removed no call could show, and a:{} becoming it read as "values
    are now limited to 1", a value its type refuses too."""
    test_a_member_a_closed_object_refuses_either_way_is_one_spelling(refused)
    open_member = {"type": "object", "properties": {"a": {}}, "additionalProperties": False}
    closed = {"type": "object", "properties": {"a": refused}, "additionalProperties": False}
    (finding,) = diff_input_schemas(open_member, closed).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.removed", "BREAKING")
    assert finding.witness.found and set(finding.witness.value) == {"a"}, finding.witness.note
