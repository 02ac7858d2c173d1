"""A closed set of values spelled as an ``enum`` or as a union of ``const`` branches.

zod writes ``z.union([z.literal("off"), ...])`` as ``anyOf: [{type: string, const: "off"}, ...]``
(pydantic likewise for some Literal unions, and ``oneOf`` is used too); both accept the
same values. @brave/brave-search-mcp-server 2.0.62 → 2.1.4 moved ``safesearch`` and
``units`` from the one spelling to the other and was reported as six BREAKING
"enum lost" findings. Moving between the spellings is no change; a real change is
what the enum spelling gives, at a path each side's input has.
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
from mcp_inspect.snapshot.shapes import snapshot_from_value

X = "inputSchema.properties.x"
Y = "outputSchema.properties.x"
LEVELS = ["off", "moderate", "strict"]


def surface(schema: Any, where: str = "inputSchema") -> dict[str, Any]:
    tool: dict[str, Any] = {"name": "t", "inputSchema": {"type": "object"}}
    tool[where] = {"type": "object", "properties": {"x": copy.deepcopy(schema)}}
    return {"tools": [tool]}


def findings(old: Any, new: Any, where: str = "inputSchema") -> list[Any]:
    result = diff_snapshots(snapshot_from_value(surface(old, where), "old"),
                            snapshot_from_value(surface(new, where), "new"))
    return result.findings


def facts(old: Any, new: Any, where: str = "inputSchema") -> list[tuple[str, str, str]]:
    return sorted((f.rule, f.severity.name, f.path) for f in findings(old, new, where))


def enum(values: list[Any], **extra: Any) -> dict[str, Any]:
    return {"type": "string", "enum": values, **extra}


def union(values: list[Any], key: str = "anyOf", **extra: Any) -> dict[str, Any]:
    return {key: [{"type": "string", "const": v} for v in values], **extra}


def place(schema: Any, path: str) -> Any:
    """The node at ``path`` (``inputSchema.properties.x…``) in the raw schema of ``x``."""
    node: Any = {"properties": {"x": schema}}
    for part in path.split(".")[1:]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


BRAVE_OLD = enum(LEVELS, default="moderate", description="Filters search results for adult content.")
BRAVE_NEW = union(LEVELS, default="moderate", description="Filters search results for adult content.")


@pytest.mark.parametrize("where", ["inputSchema", "outputSchema"])
@pytest.mark.parametrize("key", ["anyOf", "oneOf"])
def test_the_brave_respelling_is_no_change(where, key):
    new = union(LEVELS, key, default="moderate", description="Filters search results for adult content.")
    assert canonical_schema(BRAVE_OLD) == canonical_schema(new)
    assert facts(BRAVE_OLD, new, where) == []
    assert facts(new, BRAVE_OLD, where) == []


@pytest.mark.parametrize(("one", "other"), [
    # branches in another order, a one-value enum for const, const and enum together (pydantic)
    (enum(["a", "b"]), {"anyOf": [{"const": "b", "type": "string"}, {"enum": ["a"], "type": "string"}]}),
    (enum(["a", "b"]), {"oneOf": [{"const": "a", "enum": ["a"], "type": "string"}, {"const": "b", "type": "string"}]}),
    # no type on either side
    ({"enum": ["a", 1, None]}, {"anyOf": [{"const": None}, {"const": 1}, {"const": "a"}]}),
    # the types the branches carry are the enum's
    ({"type": ["integer", "string"], "enum": [1, "a"]},
     {"anyOf": [{"type": "integer", "const": 1}, {"type": "string", "const": "a"}]}),
    # a type beside an untyped union applies to it as to the enum
    ({"type": "string", "enum": ["a", "b"]}, {"type": "string", "anyOf": [{"const": "a"}, {"const": "b"}]}),
    # one value: const
    ({"const": "a", "description": "d"}, {"anyOf": [{"const": "a"}], "description": "d"}),
])
def test_other_respellings_of_one_value_set(one, other):
    assert canonical_schema(one) == canonical_schema(other)
    assert facts(one, other) == [] and facts(other, one) == []


def test_a_value_removed_across_the_spellings_is_the_enum_narrowed():
    new = union(["strict", "off"])  # moderate dropped, the rest in another order
    assert facts(BRAVE_OLD, {**new, "default": "moderate", "description": BRAVE_OLD["description"]}) == [
        ("tool.input.enum.narrowed", "BREAKING", f"{X}.enum")]
    [lost] = findings(BRAVE_NEW, enum(["off", "strict"], default="moderate",
                                      description=BRAVE_OLD["description"]))
    assert (lost.rule, lost.severity.name, lost.path) == ("tool.input.enum.narrowed", "BREAKING", f"{X}.anyOf")
    assert lost.args["values_removed"] == ["moderate"]
    assert place(BRAVE_NEW, lost.path) == BRAVE_NEW["anyOf"]  # the old side's union
    assert lost.args["path_after"] == f"{X}.enum"
    # In an output schema, producing fewer values is additive.
    assert facts(BRAVE_NEW, enum(["off", "strict"], default="moderate", description=BRAVE_OLD["description"]),
                 "outputSchema") == [("tool.output.enum.narrowed", "NON_BREAKING", f"{Y}.anyOf")]


def test_a_value_added_across_the_spellings_is_the_enum_widened():
    old = enum(["off", "strict"])
    new = union(["off", "moderate", "strict"], "oneOf")
    [gained] = findings(old, new)
    assert (gained.rule, gained.severity.name, gained.path) == ("tool.input.enum.widened", "NON_BREAKING",
                                                                f"{X}.oneOf")
    assert gained.args["values_added"] == ["moderate"] and place(new, gained.path) == new["oneOf"]
    assert facts(old, new, "outputSchema") == [("tool.output.enum.widened", "BREAKING", f"{Y}.oneOf")]
    assert facts(union(["off", "strict"]), enum(LEVELS)) == [("tool.input.enum.widened", "NON_BREAKING", f"{X}.enum")]


def test_both_sides_unions_compare_values_not_branches():
    """A oneOf of distinct values gaining a value only widens (it used to be
    constraint.changed, the branches being read as possibly overlapping)."""
    assert facts(union(["a", "b"], "oneOf"), union(["c", "a", "b"], "oneOf")) == [
        ("tool.input.enum.widened", "NON_BREAKING", f"{X}.oneOf")]
    assert facts(union(["a", "b", "c"]), union(["a", "c"])) == [
        ("tool.input.enum.narrowed", "BREAKING", f"{X}.anyOf")]
    assert facts(union(["a", "b"]), union(["a", "b"], "oneOf")) == []


def test_a_oneof_repeating_a_value_is_not_an_enum():
    """A value matching two oneOf branches is rejected: oneOf [a, a, b] accepts b alone."""
    repeated = {"oneOf": [{"const": "a"}, {"const": "a"}, {"const": "b"}]}
    assert "oneOf" in canonical_schema(repeated)
    assert facts({"enum": ["a", "b"]}, repeated) != []
    also = {"oneOf": [{"const": "a"}, {"const": "a", "type": "string"}]}
    assert "oneOf" in canonical_schema(also)


@pytest.mark.parametrize("schema", [
    {"anyOf": [{"const": "a"}, {"type": "integer"}]},  # a mixed union
    {"anyOf": [{"const": "a"}, {"const": "b", "maxLength": 3}]},  # a constraint beside the value
    {"anyOf": [{"type": "integer", "const": "a"}, {"type": "string", "const": "b"}, {"type": "boolean"}]},
])  # the last: a type the value lacks beside a branch that is no value set
def test_unions_that_are_not_plain_value_sets_stay_unions(schema):
    out = canonical_schema(schema)
    assert "enum" not in out and ("anyOf" in out or "oneOf" in out)


@pytest.mark.parametrize("schema", [
    {"anyOf": [{"const": "a"}, {"type": "string", "const": "b"}]},  # some typed, some not
    {"type": "string", "anyOf": [{"type": "string", "const": "a"}, {"type": "string", "const": "b"}]},
    {"type": ["string", "null"], "anyOf": [{"const": "a"}, {"type": "string", "const": "b"}]},
])
def test_a_type_a_value_has_says_nothing_beside_its_value(schema):
    # A branch's type admits its value (else it is no single value), so the branches' types
    # and a type beside the union leave the values as they are: one enum, typed from them.
    assert canonical_schema(schema) == {"enum": ["a", "b"], "type": ["string"]}


def test_the_values_of_a_mixed_union_are_one_enum_branch():
    # The single values beside another branch are one enum branch (docs/canonical-form.md):
    # a value gained is that branch's enum widened, not a branch gained.
    old = {"anyOf": [{"const": "a"}, {"type": "integer"}]}
    new = {"anyOf": [{"const": "a"}, {"const": "b"}, {"type": "integer"}]}
    assert facts(old, new) == [("tool.input.enum.widened", "NON_BREAKING", f"{X}.anyOf.0.enum")]


def test_branch_descriptions_are_prose_at_their_branch():
    """Branches that describe their value are still a value set; the descriptions are
    compared as the prose of a branch always is, at the branch the input wrote."""
    described = {"anyOf": [{"type": "string", "const": "strict", "description": "Drops all adult content."},
                           {"type": "string", "const": "off", "description": "No filtering."},
                           {"type": "string", "const": "moderate", "description": "Drops explicit content."}]}
    got = findings(enum(LEVELS), described)
    assert sorted((f.rule, f.severity.name, f.path) for f in got) == [
        ("tool.input.description.changed", "POTENTIALLY_BREAKING", f"{X}.anyOf.{i}.description") for i in range(3)]
    for f in got:
        assert place(described, f.path) == f.after
    back = findings(described, enum(["off", "strict"]))
    assert sorted((f.rule, f.severity.name, f.path) for f in back) == [
        ("tool.input.description.changed", "POTENTIALLY_BREAKING", f"{X}.anyOf.0.description"),
        ("tool.input.description.changed", "POTENTIALLY_BREAKING", f"{X}.anyOf.1.description"),
        ("tool.input.enum.narrowed", "BREAKING", f"{X}.anyOf")]
    # The same descriptions on both sides, a value added: the value alone.
    wider = copy.deepcopy(described)
    wider["anyOf"].insert(1, {"type": "string", "const": "lenient", "description": "Drops little."})
    assert facts(described, wider) == [("tool.input.enum.widened", "NON_BREAKING", f"{X}.anyOf")]
    edited = copy.deepcopy(described)
    edited["anyOf"][2]["description"] = "Drops all explicit content."
    reordered = {"anyOf": [edited["anyOf"][2], edited["anyOf"][0], edited["anyOf"][1]]}
    [changed] = findings(described, reordered)
    assert changed.rule == "tool.input.description.changed" and changed.path == f"{X}.anyOf.0.description"
    assert changed.args["path_before"] == f"{X}.anyOf.2.description"


# -- property: any value set, spelled either way, in any order ------------------------------

VALUES = st.lists(st.one_of(st.sampled_from(["a", "b", "c", "", "off"]), st.integers(-3, 3), st.booleans(),
                            st.none()), min_size=1, max_size=6, unique_by=lambda v: (type(v), v))
_TYPE = {str: "string", int: "integer", bool: "boolean", type(None): "null"}


def _kinds(values: list[Any]) -> list[str]:
    return sorted({_TYPE[type(v)] for v in values})


def _spell(values: list[Any], types: str, outer: list[str], rng: random.Random) -> dict[str, Any]:
    """``values`` as an enum, an anyOf or a oneOf of single values, in a random order;
    ``types``: none, outer (``outer`` beside the values) or own (each value's own type)."""
    shape = rng.choice(["enum", "anyOf", "oneOf"])
    out: dict[str, Any] = {"type": outer} if types == "outer" else {}
    if shape == "enum":
        out["enum"] = rng.sample(values, len(values))
        if types == "own":
            out["type"] = _kinds(values)
        return out
    branches = []
    for v in rng.sample(values, len(values)):
        branch: dict[str, Any] = {"const": v} if rng.random() < 0.7 else {"enum": [v]}
        if types == "own":
            branch["type"] = _TYPE[type(v)]
        branches.append(branch)
    out[shape] = branches
    return out


def _follow(schema: Any, path: str) -> bool:
    """Whether ``path`` names a place in the raw schema of ``x``, reading a lone-branch
    union as its branch (as the canonical form does)."""
    node: Any = {"properties": {"x": schema}}
    for part in path.split(".")[1:]:
        while isinstance(node, dict) and part not in node and len(node) == 1 and \
                next(iter(node)) in ("anyOf", "oneOf") and len(next(iter(node.values()))) == 1:
            node = next(iter(node.values()))[0]
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return False
    return True


@settings(max_examples=150, deadline=None)
@given(VALUES, VALUES, st.sampled_from(["none", "outer", "own"]), st.randoms(use_true_random=False))
def test_any_two_spellings_give_what_the_enums_give(old_values, new_values, types, rng):
    outer = _kinds(old_values + new_values)
    old, new = _spell(old_values, types, outer, rng), _spell(new_values, types, outer, rng)
    old_keys, new_keys = ({(type(v), v) for v in values} for values in (old_values, new_values))
    if old_keys == new_keys:
        assert canonical_schema(old) == canonical_schema(new)
        assert findings(old, new) == []
        return
    if types == "own" and _kinds(old_values) != _kinds(new_values):
        return  # the type sets differ too: a type finding beside the values
    if len(old_values) == 1 and len(new_values) == 1:
        return  # two single values, one of them maybe spelled const: constraint.changed, as before
    for where, prefix in (("inputSchema", "tool.input"), ("outputSchema", "tool.output")):
        got = findings(old, new, where)
        expected = sorted(([f"{prefix}.enum.widened"] if new_keys - old_keys else [])
                          + ([f"{prefix}.enum.narrowed"] if old_keys - new_keys else []))
        assert sorted(f.rule for f in got) == expected, (old, new, got)
        for f in got:
            side = old if f.rule.endswith("narrowed") else new
            assert _follow(side, f.path), (old, new, f.path)


def test_described_values_as_oneof_or_anyof_are_one_union():
    """A oneOf of distinct values matches at most one branch: it is the anyOf of them, and
    with annotations on its branches (no enum to fold into) the canonical form says so."""
    branches = [{"const": "a", "description": "The first."}, {"const": "b", "title": "B"}]
    assert canonical_schema({"oneOf": branches}) == canonical_schema({"anyOf": branches[::-1]})
    assert facts({"oneOf": branches}, {"anyOf": branches[::-1]}) == []
    edited = [{"const": "b", "title": "Bee"}, {"const": "a", "description": "The first."}]
    [retitled] = findings({"anyOf": branches}, {"oneOf": edited})
    assert retitled.path == f"{X}.oneOf.0.title" and retitled.args["path_before"] == f"{X}.anyOf.1.title"
    repeated = {"oneOf": [*branches, {"const": "a"}]}
    assert "oneOf" in canonical_schema(repeated)


def test_a_branch_whose_type_the_value_lacks_accepts_nothing_and_is_dropped():
    """``{type: integer, const: "a"}`` accepts no value, so it adds none to the union: it is
    not read as the value "a" (a fold into an enum would add it), nor kept as a branch whose
    loss reads as a change (new-user trial, round 42: Speakeasy's ``{not: {}}`` branches)."""
    union = {"anyOf": [{"type": "integer", "const": "a"}, {"type": "string", "const": "b"}]}
    assert canonical_schema(union) == canonical_schema({"type": "string", "const": "b"})
