"""Two spellings generators write that say nothing the rest of the schema does not
(found by the generator pairs of tests/classify/test_generators.py, issue 34).

* TypeBox writes `Type.Record(Type.String(), T)` as `patternProperties: {"^(.*)$": T}`; with
  `T` accepting anything (`Type.Unknown()`, `Type.Any()`) the pattern constrains nothing on an
  object where no `additionalProperties` or `unevaluatedProperties` governs the other names.
  Adding it was a BREAKING `constraint.tightened` ("names matching … are now constrained").
* pydantic writes a discriminated union as a `oneOf` with OpenAPI's `discriminator` beside it,
  whose `mapping` names each branch by its value of the discriminating property. Adding a
  branch changed the mapping too, and that was a BREAKING `schema.changed` beside the branch
  gained: JSON Schema validates nothing with the keyword, and the mapping restates the branches.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.canonical import canonical_schema
from mcp_inspect.snapshot.shapes import snapshot_from_value

X = "inputSchema.properties.x"


def facts(old: Any, new: Any, where: str = "inputSchema") -> list[tuple[str, str, str]]:
    def surface(schema: Any) -> dict[str, Any]:
        tool: dict[str, Any] = {"name": "t", "inputSchema": {"type": "object"}}
        tool[where] = {"type": "object", "properties": {"x": copy.deepcopy(schema)}}
        return {"tools": [tool]}

    report = diff_snapshots(snapshot_from_value(surface(old), "old"), snapshot_from_value(surface(new), "new"))
    return sorted((f.rule, f.severity.name, f.path) for f in report.findings)


# -- a pattern that accepts every value --------------------------------------------------------

@pytest.mark.parametrize("free", [{}, True])
def test_a_pattern_accepting_anything_on_an_otherwise_open_object_is_absent(free):
    plain = {"type": "object"}
    record = {"type": "object", "patternProperties": {"^(.*)$": free}}
    assert canonical_schema(record) == canonical_schema(plain)
    assert facts(plain, record) == [] and facts(record, plain) == []
    # Beside a pattern that does constrain, only that one is kept.
    both = {"type": "object", "patternProperties": {"^(.*)$": free, "^n_": {"type": "number"}}}
    assert canonical_schema(both) == {"type": ["object"], "patternProperties": {"^n_": {"type": ["number"]}}}


@pytest.mark.parametrize("rest", [{"additionalProperties": False}, {"additionalProperties": {"type": "string"}},
                                  {"unevaluatedProperties": False}])
def test_a_pattern_accepting_anything_still_counts_where_it_exempts_names_from_another_keyword(rest):
    # With additionalProperties (or unevaluatedProperties) governing the names no pattern
    # matches, a pattern matching every name frees them all: a real loosening, kept.
    closed = {"type": "object", **rest}
    record = {**closed, "patternProperties": {"^(.*)$": {}}}
    assert canonical_schema(record) != canonical_schema(closed)
    found = facts(closed, record)
    assert found and all(severity == "NON_BREAKING" for _, severity, _ in found), found


def test_a_pattern_that_constrains_is_still_a_tightening():
    plain = {"type": "object"}
    assert facts(plain, {"type": "object", "patternProperties": {"^(.*)$": {"type": "string"}}}) == [
        ("tool.input.constraint.tightened", "BREAKING", f"{X}.patternProperties.^(.*)$")]


# -- OpenAPI's discriminator beside a union ----------------------------------------------------

def _pet(kind: str, field: str) -> dict[str, Any]:
    return {"type": "object", "properties": {"kind": {"type": "string", "const": kind}, field: {"type": "string"}},
            "required": ["kind", field]}


def _union(*kinds: str, mapping: dict[str, str] | None = None, keyword: str = "oneOf") -> dict[str, Any]:
    branches = [_pet(kind, f"{kind}_name") for kind in kinds]
    default = {kind: f"#/$defs/{kind.title()}" for kind in kinds}
    return {keyword: branches, "discriminator": {"propertyName": "kind", "mapping": default if mapping is None
                                                  else mapping}}


@pytest.mark.parametrize("keyword", ["oneOf", "anyOf"])
def test_a_discriminator_restating_the_branches_is_not_compared(keyword):
    bare = {keyword: _union("cat", "dog", keyword=keyword)[keyword]}
    assert canonical_schema(_union("cat", "dog", keyword=keyword)) == canonical_schema(bare)
    assert canonical_schema({**bare, "discriminator": {"propertyName": "kind"}}) == canonical_schema(bare)
    # A branch added (and its mapping entry with it) is the branch gained alone.
    assert facts(_union("cat", "dog", keyword=keyword), _union("cat", "dog", "bird", keyword=keyword)) == [
        ("tool.input.constraint.loosened", "NON_BREAKING", f"{X}.{keyword}")]
    assert facts(_union("cat", "dog", "bird", keyword=keyword), _union("cat", "dog", keyword=keyword)) == [
        ("tool.input.constraint.tightened", "BREAKING", f"{X}.{keyword}")]


@pytest.mark.parametrize("discriminator", [
    {"propertyName": "kind", "mapping": {"cat": "#/$defs/Cat", "fish": "#/$defs/Fish"}},  # a value no branch has
    {"propertyName": "name", "mapping": {}},  # a property the branches do not all name by value
    {"propertyName": "kind", "mapping": {"cat": "#/$defs/Cat"}, "x-extra": 1},  # more than OpenAPI's keys
    "kind",  # not the OpenAPI shape at all
])
def test_a_discriminator_that_says_more_than_the_branches_is_kept(discriminator):
    union = _union("cat", "dog")
    odd = {**union, "discriminator": discriminator}
    assert "discriminator" in canonical_schema(odd)
    assert [rule for rule, _, _ in facts(union, odd)] == ["tool.input.schema.changed"]
