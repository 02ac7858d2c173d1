"""An ``anyOf`` branch that a sibling covers adds nothing (the contract, "An `anyOf` branch
that a sibling branch accepts entirely").

A sibling covers a branch when every validation keyword of the sibling is in the branch
with an equal value: the branch only adds conditions, so every value it accepts the
sibling accepts too, and the union accepts the same values with or without it. The
canonical form drops such a branch (snapshot/dialects.py, ``uncovered_branches``), so
adding or removing one is no finding, in either direction, for input and output. In a
``oneOf`` it is a change: a value matching the branch and its sibling matches two.

aws-documentation 0.1.0 → 0.1.4 wrote ``url`` as ``anyOf: [{type: string, format: uri,
minLength: 1}, {type: string}]`` and then as ``{type: string}``: two false BREAKINGs.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from conftest import CORPUS
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.canonical import canonical_schema
from mcp_inspect.snapshot.shapes import snapshot_from_value


def surface(schema: Any, where: str) -> dict[str, Any]:
    tool: dict[str, Any] = {"name": "t", "inputSchema": {"type": "object"}}
    tool[where] = {"type": "object", "properties": {"x": copy.deepcopy(schema)}}
    return {"tools": [tool]}


def facts(old: Any, new: Any, where: str = "inputSchema") -> list[tuple[str, str, str]]:
    found = diff_snapshots(snapshot_from_value(surface(old, where), "old"),
                           snapshot_from_value(surface(new, where), "new")).findings
    return sorted((f.rule, f.severity.name, f.path) for f in found)


URI = {"type": "string", "format": "uri", "minLength": 1}
ANY_STRING = {"type": "string"}


def test_aws_documentation_url_union_became_the_string_it_always_was() -> None:
    old = json.loads((CORPUS / "aws-documentation" / "0.1.0.json").read_text())
    new = json.loads((CORPUS / "aws-documentation" / "0.1.4.json").read_text())
    for before, after in ((old, new), (new, old)):
        report = diff_snapshots(snapshot_from_value(before, "old"), snapshot_from_value(after, "new"))
        assert [(f.entity.name, f.rule) for f in report.findings if ".url" in f.path] == []


def test_a_covered_branch_added_or_removed_is_no_finding_in_anyof() -> None:
    for where in ("inputSchema", "outputSchema"):
        assert facts({"anyOf": [URI, ANY_STRING]}, ANY_STRING, where) == []
        assert facts(ANY_STRING, {"anyOf": [URI, ANY_STRING]}, where) == []
        assert facts({"anyOf": [ANY_STRING, {"type": "null"}]},
                     {"anyOf": [URI, ANY_STRING, {"type": "null"}]}, where) == []


def test_in_a_oneof_a_covered_branch_is_a_change() -> None:
    # A string both branches accept matches two branches of the oneOf: rejected.
    union = {"oneOf": [URI, ANY_STRING]}
    assert facts(ANY_STRING, union) == [
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.x.oneOf")]
    assert facts(union, ANY_STRING) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.x.oneOf")]
    assert facts(ANY_STRING, union, "outputSchema") == [
        ("tool.output.constraint.tightened", "NON_BREAKING", "outputSchema.properties.x.oneOf")]


def test_a_branch_that_lets_more_through_beside_the_siblings_keyword_is_not_covered() -> None:
    # With additionalProperties false on both, the branch's own property is a value the
    # sibling rejects: dropping it would hide a real change.
    closed = {"type": "object", "additionalProperties": False}
    wider = {**closed, "properties": {"a": {"type": "string"}}}
    assert len(canonical_schema({"anyOf": [closed, wider]})["anyOf"]) == 2
    assert facts({"anyOf": [closed, wider]}, closed) == [
        ("tool.input.constraint.tightened", "BREAKING", "inputSchema.properties.x.anyOf")]


# Keywords a sibling may hold (and the branch then holds with the same value).
_SIBLING = st.fixed_dictionaries({}, optional={
    "type": st.sampled_from(["string", "integer", "number", "object", "array", ["string", "null"]]),
    "minLength": st.integers(0, 3),
    "maximum": st.integers(0, 9),
    "required": st.just(["a"]),
    "additionalProperties": st.booleans(),
    "items": st.sampled_from([{"type": "string"}, {"type": "integer"}]),
    "description": st.sampled_from(["one", "two"]),
})
# Keywords a branch adds to its sibling's: each only adds a condition.
_EXTRA = st.fixed_dictionaries({}, optional={
    "maxLength": st.integers(4, 8),
    "pattern": st.sampled_from(["^a", "b$"]),
    "format": st.sampled_from(["uri", "email"]),
    "minimum": st.integers(-3, 0),
    "multipleOf": st.sampled_from([2, 3]),
    "enum": st.sampled_from([["a", "b"], [1, 2], ["a", 1, None]]),
    "minItems": st.integers(1, 3),
    "uniqueItems": st.just(True),
    "minProperties": st.integers(1, 2),
    "not": st.sampled_from([{"type": "null"}, {"const": "z"}]),
    "description": st.sampled_from(["three", "four"]),
}).filter(lambda extra: set(extra) - {"description"})
_OTHER = st.sampled_from([{"type": "null"}, {"type": "boolean"}, {"type": "integer", "minimum": 5},
                          {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}])


@settings(max_examples=80, deadline=None)
@given(_SIBLING, _EXTRA, st.lists(_OTHER, max_size=2, unique_by=json.dumps), st.randoms(use_true_random=False))
def test_a_branch_beside_a_sibling_that_covers_it_is_no_finding(sibling, extra, others, rng) -> None:
    covered = {**sibling, **{k: v for k, v in extra.items() if k not in sibling or k == "description"}}
    if not set(covered) - set(sibling) - {"description"}:
        return
    conditions = [{k: v for k, v in canonical_schema(s).items() if k != "description"} for s in (sibling, covered)]
    if conditions[0] == conditions[1]:
        # What the branch added acts on no type the sibling admits (maxLength on an integer):
        # the two accept the same values and differ in words alone, and which one's words the
        # folded union keeps is a tie, not a finding this property is about.
        return
    without = [sibling, *others]
    with_it = [sibling, covered, *others]
    rng.shuffle(with_it)
    old, new = ({"anyOf": without} if others else sibling), {"anyOf": with_it}
    for where in ("inputSchema", "outputSchema"):
        assert facts(old, new, where) == [], (where, old, new)
        assert facts(new, old, where) == [], (where, new, old)
