"""Value-set branches beside other branches of an ``anyOf`` are one ``enum`` branch.

``anyOf: [{const: a}, {const: b}, {pattern: "^z"}]`` and ``anyOf: [{enum: [a, b]},
{pattern: "^z"}]`` accept the same values. @brave/brave-search-mcp-server 2.0.62 → 2.1.4
moved ``freshness`` of its news and video search from the first spelling to the second
(with a real change beside: the free-form string branch gained a pattern) and was
reported as two BREAKING findings a tool ("anyOf lost 3 branches" and the pattern paired
against an old const branch) beside an "enum gained" and a "const removed".
"""

from __future__ import annotations

import copy
import json
from typing import Any

from conftest import DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.canonical import canonical_schema
from mcp_inspect.snapshot.shapes import snapshot_from_value

OTHER = {"type": "string", "pattern": "^z"}


def surface(schema: Any) -> dict[str, Any]:
    return {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"x": copy.deepcopy(schema)}}}]}


def facts(old: Any, new: Any) -> list[tuple[str, str, str]]:
    result = diff_snapshots(snapshot_from_value(surface(old), "old"), snapshot_from_value(surface(new), "new"))
    return sorted((f.rule, f.severity.name, f.path) for f in result.findings)


def test_consts_beside_a_pattern_are_the_enum_beside_it() -> None:
    consts = {"anyOf": [{"const": "a"}, {"const": "b"}, {"pattern": "^z"}]}
    enum = {"anyOf": [{"enum": ["a", "b"]}, {"pattern": "^z"}]}
    assert canonical_schema(consts) == canonical_schema(enum)
    assert facts(consts, enum) == []
    assert facts(enum, consts) == []


def test_typed_and_untyped_value_branches_are_one_value_set() -> None:
    typed = {"anyOf": [{"type": "string", "const": "a"}, {"const": "b"}, OTHER]}
    loose = {"anyOf": [{"type": ["string", "null"], "enum": ["b", "a"]}, OTHER]}
    assert canonical_schema(typed) == canonical_schema(loose)


def test_the_fold_is_a_fixed_point() -> None:
    once = canonical_schema({"anyOf": [{"const": 1}, {"const": 1.5}, {"const": "a"}, {"type": "object"}]})
    assert canonical_schema(once) == once


def test_not_merged_when_a_branch_says_more_than_its_values() -> None:
    # a pattern beside the value, an annotation
    for branch in ({"const": "a", "pattern": "^a"}, {"const": "a", "description": "The a."}):
        merged = canonical_schema({"anyOf": [branch, {"const": "b"}, OTHER]})
        assert len(merged["anyOf"]) == 3, branch
    # A type the value does not have and nothing else: the branch accepts nothing, so it is dropped
    # (and never read as the value "a").
    merged = canonical_schema({"anyOf": [{"type": "integer", "const": "a"}, {"const": "b"}, OTHER]})
    assert merged == canonical_schema({"anyOf": [{"const": "b"}, OTHER]}), merged


def test_a_value_lost_is_one_enum_narrowed_at_the_merged_branch() -> None:
    old = {"anyOf": [{"const": "a"}, {"const": "b"}, {"const": "c"}, OTHER]}
    new = {"anyOf": [{"enum": ["a", "b"]}, OTHER]}
    assert facts(old, new) == [("tool.input.enum.narrowed", "BREAKING", "inputSchema.properties.x.anyOf.0.enum")]


def test_brave_freshness_is_one_finding_a_tool() -> None:
    # Captured live by the outside trial (@brave/brave-search-mcp-server, two releases).
    snaps = DATA / "trial" / "brave-search"
    old = json.loads((snaps / "2.0.62.json").read_text())
    new = json.loads((snaps / "2.1.4.json").read_text())
    result = diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))
    fresh = sorted((f.entity.name, f.rule, f.path) for f in result.findings
                   if ".freshness." in f.path + "." and f.entity.name in ("brave_news_search", "brave_video_search")
                   and "default" not in f.path)
    assert fresh == [(tool, "tool.input.constraint.tightened", "inputSchema.properties.freshness.anyOf.1.pattern")
                     for tool in ("brave_news_search", "brave_video_search")]


_VALUES = st.lists(st.sampled_from(["a", "b", "c", "d", "e", "f", 1, 2, True, None]), min_size=2, max_size=6,
                   unique_by=lambda v: json.dumps(v))


def _split(values: list[Any], cuts: list[int], typed: list[bool]) -> list[dict[str, Any]]:
    """``values`` as value branches: cut at ``cuts``, each piece a const or an enum, typed or not."""
    pieces, start = [], 0
    for end in sorted({c % len(values) for c in cuts} | {len(values)}):
        if end > start:
            pieces.append(values[start:end])
            start = end
    out = []
    for i, piece in enumerate(pieces):
        branch: dict[str, Any] = {"const": piece[0]} if len(piece) == 1 and i % 2 else {"enum": piece}
        if typed[i % len(typed)]:
            branch["type"] = sorted({_type(v) for v in piece})
        out.append(branch)
    return out


def _type(value: Any) -> str:
    return {bool: "boolean", int: "integer", str: "string", type(None): "null"}[type(value)]


@settings(max_examples=60, deadline=None)
@given(_VALUES, st.lists(st.integers(0, 10), max_size=5), st.lists(st.integers(0, 10), max_size=5),
       st.lists(st.booleans(), min_size=1, max_size=3), st.lists(st.booleans(), min_size=1, max_size=3),
       st.booleans())
def test_any_split_of_a_value_set_is_no_finding(values: list[Any], cuts_a: list[int], cuts_b: list[int],
                                                 typed_a: list[bool], typed_b: list[bool], other_first: bool) -> None:
    one = _split(values, cuts_a, typed_a) + [OTHER]
    two = _split(list(reversed(values)), cuts_b, typed_b)
    two = [OTHER, *two] if other_first else [*two, OTHER]
    assert facts({"anyOf": one}, {"anyOf": two}) == []


@settings(max_examples=60, deadline=None)
@given(_VALUES, st.lists(st.integers(0, 10), max_size=5), st.lists(st.integers(0, 10), max_size=5),
       st.lists(st.booleans(), min_size=1, max_size=3), st.integers(0, 5))
def test_a_value_removed_is_exactly_one_narrowing(values: list[Any], cuts_a: list[int], cuts_b: list[int],
                                                  typed: list[bool], drop: int) -> None:
    fewer = [v for i, v in enumerate(values) if i != drop % len(values)]
    old = {"anyOf": [*_split(values, cuts_a, typed), OTHER]}
    new = {"anyOf": [*_split(fewer, cuts_b, typed), OTHER]}
    found = facts(old, new)
    assert len(found) == 1, found
    assert found[0][:2] == ("tool.input.enum.narrowed", "BREAKING")


def test_the_merged_branch_is_named_at_the_input_branch_it_came_from() -> None:
    # one input branch: its own index and spelling (the enum written without a type)
    old = {"anyOf": [OTHER, {"enum": ["a", "b", "c"]}]}
    new = {"anyOf": [OTHER, {"enum": ["a", "b"]}]}
    assert facts(old, new) == [("tool.input.enum.narrowed", "BREAKING", "inputSchema.properties.x.anyOf.1.enum")]
    # several input branches: the first of them
    old = {"anyOf": [OTHER, {"const": "a"}, {"const": "b"}, {"const": "c"}]}
    assert facts(old, new) == [("tool.input.enum.narrowed", "BREAKING", "inputSchema.properties.x.anyOf.1.enum")]


def test_a_type_beside_unchanged_values_that_no_value_needs_is_no_change() -> None:
    # the values alone decide: the canonical form types a value set from its values, so a
    # type no value has (null, here) is not part of either form
    old = {"type": ["string", "null"], "enum": ["a"]}
    assert facts(old, {"type": "string", "enum": ["a"]}) == []
    assert facts({"type": "string", "enum": ["a"]}, old) == []
    # a type a value has is: null named and admitted, then gone
    assert facts({"type": ["string", "null"], "enum": ["a", None]}, {"type": "string", "enum": ["a", None]}) != []


def test_the_last_value_of_a_type_removed_is_one_narrowing() -> None:
    old = {"type": ["string", "integer"], "enum": ["a", 1, "b"]}
    assert facts(old, {"type": "string", "enum": ["a", "b"]}) == [
        ("tool.input.enum.narrowed", "BREAKING", "inputSchema.properties.x.enum")]
