"""``oneOf`` and ``anyOf`` over branches no value can match twice are one spelling, and
changes inside a union are reported at their own branch.

mongodb-mcp-server's ``explain`` and ``export`` tools moved ``method.items`` from ``anyOf``
to ``oneOf`` over branches told apart by a ``name`` const; inside one branch a ``sort``
value set narrowed, inside another a property was removed. The report gave a false
BREAKING for the spelling ("oneOf added: {type: object, …") and hid the real changes in
truncated dumps of the branches. The fixtures below have that shape.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.canonical import canonical_schema
from mcp_inspect.snapshot.disjoint import disjoint
from mcp_inspect.snapshot.shapes import snapshot_from_value

X = "inputSchema.properties.x"
METHOD = "inputSchema.properties.method.items"


def surface(schema: Any, where: str = "inputSchema") -> dict[str, Any]:
    tool: dict[str, Any] = {"name": "t", "inputSchema": {"type": "object"}}
    tool[where] = {"type": "object", "properties": {"x": copy.deepcopy(schema)}}
    return {"tools": [tool]}


def findings(old: Any, new: Any, where: str = "inputSchema") -> list[Any]:
    return diff_snapshots(snapshot_from_value(surface(old, where), "old"),
                          snapshot_from_value(surface(new, where), "new")).findings


def facts(old: Any, new: Any, where: str = "inputSchema") -> list[tuple[str, str, str]]:
    return sorted((f.rule, f.severity.name, f.path) for f in findings(old, new, where))


def place(schema: Any, path: str, root: str = "x") -> Any:
    """The node at ``path`` in the raw schema (``path`` starts at the property ``root``)."""
    node: Any = {"properties": {root: schema}}
    for part in path.split(".")[1:]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


# -- the mongodb shape ------------------------------------------------------------------------

def _branch(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "additionalProperties": False, "required": ["name", "arguments"],
            "properties": {"name": {"type": "string", "const": name},
                           "arguments": {"type": "object", "properties": arguments, "additionalProperties": False}}}


def explain(key: str, sort_values: list[Any], count_arguments: list[str]) -> dict[str, Any]:
    find = {"filter": {"type": "object", "additionalProperties": {}}, "limit": {"type": "number"},
            "sort": {"type": "object", "description": "The sort order",
                     "additionalProperties": {"enum": sort_values}}}
    count = {name: {"type": "object" if name == "query" else "string"} for name in count_arguments}
    method = {"type": "array", "minItems": 1, "maxItems": 1, "items": {key: [
        _branch("aggregate", {"pipeline": {"type": "array", "items": {"type": "object"}}}),
        _branch("find", find),
        _branch("count", count)]}}
    return {"tools": [{"name": "explain", "description": "Explains a query plan.",
                       "inputSchema": {"type": "object", "required": ["method"], "properties": {"method": method}}}]}


SORT = [1, -1, "asc", "desc"]


def diff(old: dict[str, Any], new: dict[str, Any]) -> list[Any]:
    return diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new")).findings


def test_mongodb_anyof_to_oneof_over_a_name_const_is_no_change():
    old, new = explain("anyOf", SORT, ["query", "hint"]), explain("oneOf", SORT, ["query", "hint"])
    assert canonical_schema(old["tools"][0]["inputSchema"]) == canonical_schema(new["tools"][0]["inputSchema"])
    assert diff(old, new) == [] and diff(new, old) == []


def test_mongodb_changes_inside_the_branches_are_reported_at_their_branch():
    old, new = explain("anyOf", SORT, ["query", "hint"]), explain("oneOf", [1, -1], ["query"])
    got = {f.rule: f for f in diff(old, new)}
    assert sorted(got) == ["tool.input.enum.narrowed", "tool.input.property.removed"]
    narrowed, removed = got["tool.input.enum.narrowed"], got["tool.input.property.removed"]
    assert narrowed.severity.name == removed.severity.name == "BREAKING"
    assert narrowed.args["values_removed"] == ["asc", "desc"]
    # Each at the old side's branch (what is gone was there), and the new side's too.
    sort_enum = "properties.arguments.properties.sort.additionalProperties.enum"
    assert narrowed.path == f"{METHOD}.anyOf.1.{sort_enum}"
    assert narrowed.args["path_after"] == f"{METHOD}.oneOf.1.{sort_enum}"
    assert removed.path == f"{METHOD}.anyOf.2.properties.arguments.properties.hint"
    assert removed.message == "property 'hint' removed"
    tool = old["tools"][0]["inputSchema"]["properties"]["method"]
    assert place(tool, narrowed.path.replace("inputSchema.properties.method", "inputSchema.properties.x")) == SORT


def test_branches_are_paired_by_their_discriminator_value_not_their_looks():
    """The ``find`` branch rewritten past recognition is still the ``find`` branch; a
    branch whose value is gone is named by it, not dumped."""
    old = explain("anyOf", SORT, ["query"])
    new = explain("oneOf", SORT, ["query"])
    branches = new["tools"][0]["inputSchema"]["properties"]["method"]["items"]["oneOf"]
    branches[1]["properties"]["arguments"] = {"type": "object"}  # find: any arguments now
    branches[2]["properties"]["name"]["const"] = "distinct"  # count gone, distinct new
    got = sorted((f.rule, f.severity.name, f.path, f.message) for f in diff(old, new))
    assert got == [
        ("tool.input.constraint.loosened", "NON_BREAKING",
         f"{METHOD}.anyOf.1.properties.arguments.additionalProperties", "additionalProperties removed (was false)"),
        ("tool.input.constraint.loosened", "NON_BREAKING", f"{METHOD}.oneOf",
         "a \"distinct\" branch was added to 'method' (oneOf branches told apart by 'name')"),
        ("tool.input.constraint.tightened", "BREAKING", f"{METHOD}.anyOf",
         "the \"count\" branch of 'method' was removed (anyOf branches told apart by 'name')"),
        ("tool.input.property.removed", "BREAKING", f"{METHOD}.anyOf.1.properties.arguments.properties.filter",
         "property 'filter' removed"),
        ("tool.input.property.removed", "BREAKING", f"{METHOD}.anyOf.1.properties.arguments.properties.limit",
         "property 'limit' removed"),
        ("tool.input.property.removed", "BREAKING", f"{METHOD}.anyOf.1.properties.arguments.properties.sort",
         "property 'sort' removed"),
    ]


def test_a_discriminator_pairs_branches_that_look_more_like_others():
    def parser(kind: str, note: str, closed: bool) -> dict[str, Any]:
        out = {"type": "object", "required": ["kind"], "description": note,
               "properties": {"kind": {"const": kind}, "pages": {"type": "integer"}}}
        return {**out, "additionalProperties": False} if closed else out
    old = {"anyOf": [parser("pdf", "PDF files", True), parser("html", "Web pages", False)]}
    # pdf lost its closing; html took pdf's description and closing: by looks they swap.
    new = {"oneOf": [parser("html", "PDF files", True), parser("pdf", "Portable documents", False)]}
    got = findings(old, new)
    paths = sorted(f.path for f in got)
    assert f"{X}.anyOf.0.additionalProperties" in paths  # pdf's closing removed, at pdf
    assert f"{X}.oneOf.0.additionalProperties" in paths  # html's closing added, at html
    assert all("branch" not in f.message for f in got)  # nothing lost or gained


def test_a_union_whose_branches_differ_only_by_a_shared_value_stays_as_it_was():
    """Without a discriminator the branches are paired by structure, as before."""
    old = {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                     {"type": "string"}]}
    new = {"anyOf": [{"type": "object", "properties": {"a": {"type": "string", "maxLength": 3}}, "required": ["a"]},
                     {"type": "string"}]}
    assert facts(old, new) == [("tool.input.constraint.tightened", "BREAKING",
                                f"{X}.anyOf.0.properties.a.maxLength")]


# -- what is disjoint, and what is not --------------------------------------------------------

OBJ_A = {"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"]}
OBJ_B = {"type": "object", "properties": {"k": {"enum": ["b", "c"]}}, "required": ["k"]}


@pytest.mark.parametrize("branches", [
    [{"type": "string", "maxLength": 3}, {"type": "object"}],  # types
    [{"type": "integer"}, {"type": "string"}, {"type": "array", "items": {"type": "string"}}],
    [OBJ_A, OBJ_B],  # a required property with distinct values
    [{"properties": {"k": {"const": 1}}, "required": ["k"]}, {"properties": {"k": {"const": 2}}, "required": ["k"]}],
    [{"enum": ["a", "b"], "description": "d"}, {"enum": ["c"], "title": "t"}],  # values of their own
    [OBJ_A, {"type": "string"}],  # mixed: one pair by type
])
def test_disjoint_branches_are_one_spelling(branches):
    outer = {"type": "object"} if "type" not in branches[0] else {}
    one, any_ = {**outer, "oneOf": branches}, {**outer, "anyOf": branches[::-1]}
    assert canonical_schema(one) == canonical_schema(any_)
    assert facts(one, any_) == [] and facts(any_, one) == []
    assert facts(one, any_, "outputSchema") == []


@pytest.mark.parametrize("branches", [
    [{"type": "integer"}, {"type": "number"}],  # 1 is both
    [{"type": "string"}, {}],  # no type: every type
    [OBJ_A, {**OBJ_B, "properties": {"k": {"enum": ["a", "b"]}}}],  # "a" in both
    # not only objects: a string matches both (required and properties ignore it)
    [{"properties": {"k": {"const": 1}}, "required": ["k"]}, {"properties": {"k": {"const": 2}}, "required": ["k"]}],
    [OBJ_A, {"type": "object", "properties": {"k": {"const": "b"}}}],  # k not required in one
    [OBJ_A, {"type": ["object", "null"], "properties": {"k": {"const": "b"}}, "required": ["k"]}],  # null: both
    [{"type": "object", "properties": {"k": {"const": "a"}}}, {"type": "string"}, {"type": "object"}],
])
def test_branches_that_may_overlap_keep_their_oneof(branches):
    assert not disjoint(canonical_schema({"anyOf": branches}).get("anyOf", branches), None)
    assert "oneOf" in canonical_schema({"oneOf": branches})


def test_anyof_to_oneof_over_overlapping_branches_still_breaks_input():
    branches = [{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
                {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}]
    [switched] = findings({"anyOf": branches}, {"oneOf": branches})
    assert (switched.rule, switched.severity.name, switched.path) == (
        "tool.input.constraint.tightened", "BREAKING", f"{X}.oneOf")
    assert switched.message == "anyOf became oneOf: a value that matches more than one branch is now rejected"
    assert switched.args["path_before"] == f"{X}.anyOf"
    # The other way: anyOf never rejects more than oneOf, so input only loosens.
    [back] = findings({"oneOf": branches}, {"anyOf": branches})
    assert (back.rule, back.severity.name, back.path) == ("tool.input.constraint.loosened", "NON_BREAKING",
                                                          f"{X}.anyOf")
    # An output that may now hold a value matching both branches breaks a client checking oneOf.
    assert facts({"oneOf": branches}, {"anyOf": branches}, "outputSchema") == [
        ("tool.output.constraint.loosened", "BREAKING", "outputSchema.properties.x.anyOf")]


def test_a_switch_with_changed_branches_reports_both():
    a = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
    b = {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}
    tighter = {"type": "object", "properties": {"b": {"type": "string", "maxLength": 3}}, "required": ["b"]}
    got = facts({"anyOf": [a, b]}, {"oneOf": [tighter, a]})
    assert got == [("tool.input.constraint.changed", "BREAKING", f"{X}.oneOf.0.properties.b.maxLength"),
                   ("tool.input.constraint.tightened", "BREAKING", f"{X}.oneOf")]


# -- propertyNames every name satisfies --------------------------------------------------------

@pytest.mark.parametrize("names", [{"type": "string"}, {}, True, {"type": ["string", "null"]},
                                   {"type": "string", "minLength": 0}])
def test_property_names_every_key_satisfies_is_absent(names):
    plain = {"type": "object", "additionalProperties": {"type": "number"}}
    named = {**plain, "propertyNames": names}
    assert canonical_schema(plain) == canonical_schema(named)
    assert facts(plain, named) == [] and facts(named, plain) == []


@pytest.mark.parametrize("names", [{"type": "string", "pattern": "^[a-z]+$"}, {"type": "integer"},
                                   {"type": "string", "minLength": 1}, {"maxLength": 10}])
def test_property_names_that_reject_some_key_still_constrain(names):
    plain = {"type": "object"}
    assert facts(plain, {**plain, "propertyNames": names}) == [
        ("tool.input.constraint.tightened", "BREAKING", f"{X}.propertyNames")]


# -- properties: random branches in both spellings --------------------------------------------

_VALUE = st.one_of(st.sampled_from(["a", "b", "find", "count", ""]), st.integers(-2, 2), st.booleans())
_SCALAR = st.sampled_from([{"type": "string"}, {"type": "integer", "minimum": 0}, {"type": "boolean"},
                           {"type": "array", "items": {"type": "string"}}, {"type": "object"}])


@st.composite
def discriminated(draw: Any) -> tuple[list[dict[str, Any]], bool]:
    """Object branches that require ``tag``, each naming its own values (const or enum), with
    random other properties; and whether the branches carry ``type: object`` themselves
    (else it stands beside the union)."""
    sets = draw(st.lists(st.lists(_VALUE, min_size=1, max_size=3, unique_by=lambda v: (type(v), v)),
                         min_size=2, max_size=5))
    seen: set[tuple[type, Any]] = set()
    branches = []
    own_type = draw(st.booleans())
    for values in sets:
        fresh = [v for v in values if (type(v), v) not in seen]
        if not fresh:
            continue
        seen.update((type(v), v) for v in fresh)
        tag = {"const": fresh[0]} if len(fresh) == 1 and draw(st.booleans()) else {"enum": fresh}
        others = draw(st.dictionaries(st.sampled_from(["p", "q", "r"]), _SCALAR, max_size=2))
        branch: dict[str, Any] = {"properties": {"tag": tag, **others},
                                  "required": ["tag", *draw(st.lists(st.sampled_from(sorted(others) or ["tag"]),
                                                                      max_size=1))]}
        if draw(st.booleans()):
            branch["additionalProperties"] = False
        if own_type:
            branch["type"] = "object"
        branches.append(branch)
    return branches, own_type


def _spelled(branches: list[dict[str, Any]], own_type: bool, key: str, rng: random.Random) -> dict[str, Any]:
    out: dict[str, Any] = {} if own_type else {"type": "object"}
    out[key] = rng.sample(branches, len(branches))
    return out


@settings(max_examples=150, deadline=None)
@given(discriminated(), st.randoms(use_true_random=False))
def test_discriminated_branches_in_either_spelling_are_no_change(drawn, rng):
    branches, own_type = drawn
    if len(branches) < 2:
        return
    one, any_ = _spelled(branches, own_type, "oneOf", rng), _spelled(branches, own_type, "anyOf", rng)
    assert canonical_schema(one) == canonical_schema(any_)
    for where in ("inputSchema", "outputSchema"):
        assert findings(one, any_, where) == [] and findings(any_, one, where) == []


_TYPED = st.sampled_from([
    {"type": "string", "maxLength": 5}, {"type": "integer", "minimum": 1}, {"type": "boolean"},
    {"type": "null"}, {"type": "array", "items": {"type": "integer"}}, {"type": "object", "required": ["a"]},
    {"type": ["string", "null"]}, {"type": "number"}, {"type": "object"}, {"type": "string", "pattern": "^x"}])


@settings(max_examples=150, deadline=None)
@given(st.lists(_TYPED, min_size=2, max_size=5, unique_by=lambda b: str(b)), st.randoms(use_true_random=False))
def test_branches_of_distinct_types_in_either_spelling(branches, rng):
    """Branches whose type sets share no type are one spelling; those that share a type (or
    an integer with a number) keep a oneOf, and moving it to anyOf only loosens the input."""
    one, any_ = {"oneOf": rng.sample(branches, len(branches))}, {"anyOf": rng.sample(branches, len(branches))}
    kinds = [set(b["type"]) if isinstance(b["type"], list) else {b["type"]} for b in branches]
    for kind in kinds:
        if "integer" in kind:
            kind.add("number")
    apart = all(not (kinds[i] & kinds[j]) for i in range(len(kinds)) for j in range(i + 1, len(kinds)))
    if apart:
        assert canonical_schema(one) == canonical_schema(any_)
        assert findings(one, any_) == [] and findings(any_, one) == []
    else:
        assert [(f.rule, f.severity.name) for f in findings(one, any_)] == [
            ("tool.input.constraint.loosened", "NON_BREAKING")]
        assert [(f.rule, f.severity.name) for f in findings(any_, one)] == [
            ("tool.input.constraint.tightened", "BREAKING")]


@settings(max_examples=100, deadline=None)
@given(discriminated(), st.randoms(use_true_random=False))
def test_a_shared_discriminator_value_keeps_anyof_to_oneof_breaking(drawn, rng):
    """Give the last branch a value of the first: a value can now match both, so the oneOf
    may reject what the anyOf accepted."""
    branches, own_type = drawn
    if len(branches) < 2:
        return
    branches = copy.deepcopy(branches)
    first = branches[0]["properties"]["tag"]
    shared = first["const"] if "const" in first else first["enum"][0]
    last = branches[-1]["properties"]["tag"]
    branches[-1]["properties"]["tag"] = {"enum": [*last.get("enum", [last.get("const")]), shared]}
    one, any_ = _spelled(branches, own_type, "oneOf", rng), _spelled(branches, own_type, "anyOf", rng)
    assert "oneOf" in canonical_schema(one)
    got = findings(any_, one)
    assert [(f.rule, f.severity.name) for f in got] == [("tool.input.constraint.tightened", "BREAKING")]
    assert [(f.rule, f.severity.name) for f in findings(one, any_)] == [
        ("tool.input.constraint.loosened", "NON_BREAKING")]


# -- a union that becomes a branch of another (notion 2.2.1 → 2.4.0) ---------------------------

NOTION_PARENT = [
    {"type": "object", "properties": {"type": {"const": "page_id"}, "page_id": {"type": "string"}},
     "required": ["type", "page_id"]},
    {"type": "object", "properties": {"type": {"const": "database_id"}, "database_id": {"type": "string"}},
     "required": ["type", "database_id"]},
    {"type": "object", "properties": {"type": {"const": "workspace"}}, "required": ["type"]}]


def test_an_anyof_inside_an_anyof_lends_it_its_branches():
    flat = {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "object"}, {"type": "array"}]}
    nested = {"anyOf": [{"anyOf": [{"type": "array"}, {"type": "string", "maxLength": 2}]}, {"type": "object"}]}
    assert canonical_schema(flat) == canonical_schema(nested)
    assert facts(flat, nested) == [] and facts(nested, flat) == []


@pytest.mark.parametrize("key", ["oneOf", "anyOf"])
def test_a_union_wrapped_with_a_string_branch_only_gains_that_branch(key):
    """notion-mcp-server 2.4.0 wrapped ``parent`` (a oneOf told apart by a ``type`` const)
    in an anyOf with a string: the only change is the string branch; it was reported as
    the oneOf removed and an anyOf added (BREAKING)."""
    old = {key: NOTION_PARENT}
    new = {"anyOf": [{key: NOTION_PARENT}, {"type": "string"}]}
    assert facts(old, new) == [("tool.input.constraint.loosened", "NON_BREAKING", f"{X}.anyOf")]
    assert facts(new, old) == [("tool.input.constraint.tightened", "BREAKING", f"{X}.anyOf")]


def test_a_union_wrapped_and_changed_inside_reports_the_change_at_its_nested_branch():
    old = {"oneOf": NOTION_PARENT}
    changed = copy.deepcopy(NOTION_PARENT)
    changed[0]["properties"]["page_id"]["format"] = "uuid"
    new = {"anyOf": [{"oneOf": changed}, {"type": "string"}]}
    got = facts(old, new)
    assert ("tool.input.constraint.tightened", "BREAKING", f"{X}.anyOf.0.oneOf.0.properties.page_id.format") in got
    assert ("tool.input.constraint.loosened", "NON_BREAKING", f"{X}.anyOf") in got
    assert len(got) == 2


_ANY_NAME = st.sampled_from([{"type": "string"}, {}, True, {"type": ["string", "null"]}, {"minLength": 0},
                             {"type": "string", "minLength": 0}, {"type": ["integer", "string"]}])
_OBJECTS = st.fixed_dictionaries({"type": st.just("object")}, optional={
    "properties": st.dictionaries(st.sampled_from(["a", "b", "c"]), _SCALAR, max_size=3),
    "additionalProperties": st.one_of(st.booleans(), _SCALAR),
    "maxProperties": st.integers(0, 5)})


@settings(max_examples=100, deadline=None)
@given(_OBJECTS, _ANY_NAME, st.sampled_from(["inputSchema", "outputSchema"]))
def test_property_names_that_every_string_satisfies_never_make_a_finding(schema, names, where):
    named = {**schema, "propertyNames": names}
    assert canonical_schema(schema) == canonical_schema(named)
    assert findings(schema, named, where) == [] and findings(named, schema, where) == []


@settings(max_examples=100, deadline=None)
@given(st.lists(_TYPED, min_size=2, max_size=6, unique_by=lambda b: str(b)), st.integers(1, 5),
       st.randoms(use_true_random=False))
def test_an_anyof_grouped_any_way_is_one_spelling(branches, cut, rng):
    """anyOf is associative: [A, B, C] and [[A, B], C] (or any grouping) accept the same.
    Each branch is titled: type-only branches of a mixed anyOf are not merged into one type
    list (a gap the canonical form leaves, docs/canonical-form.md), so a group of them
    would fold to a type list on one side only."""
    branches = [{**b, "title": f"b{i}"} for i, b in enumerate(branches)]
    flat = {"anyOf": rng.sample(branches, len(branches))}
    cut = min(cut, len(branches) - 1)
    grouped = {"anyOf": [{"anyOf": branches[:cut]} if cut > 1 else branches[0], *branches[cut:]]}
    assert canonical_schema(flat) == canonical_schema(grouped)
    assert findings(flat, grouped) == [] and findings(grouped, flat) == []


def test_an_overlapping_oneof_wrapped_in_an_anyof_is_read_as_its_branch():
    """Not disjoint, so not flattened: the oneOf is lifted into the anyOf holding one (and
    a oneOf → allOf of the same oneOf and more is a branch gained of the allOf)."""
    a = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}
    b = {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}
    tighter = {"type": "object", "properties": {"b": {"type": "string", "maxLength": 3}}, "required": ["b"]}
    assert facts({"oneOf": [a, b]}, {"anyOf": [{"oneOf": [a, b]}, {"type": "string"}]}) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", f"{X}.anyOf")]
    assert facts({"oneOf": [a, b]}, {"anyOf": [{"oneOf": [a, tighter]}, {"type": "string"}]}) == [
        ("tool.input.constraint.changed", "BREAKING", f"{X}.anyOf.0.oneOf.1.properties.b.maxLength"),
        ("tool.input.constraint.loosened", "NON_BREAKING", f"{X}.anyOf")]
    assert facts({"oneOf": [a, b]}, {"allOf": [{"oneOf": [a, b]}, {"required": ["c"]}]}) == [
        ("tool.input.constraint.tightened", "BREAKING", f"{X}.allOf")]
