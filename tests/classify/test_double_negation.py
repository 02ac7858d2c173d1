"""A double ``not`` is the schema inside it: a value fails ``{not: X}`` exactly when it passes X
(Core 2020-12, 10.2.1.4), so the canonical form writes ``not: {not: X}`` as X (an ``allOf``
branch beside other keywords, merged where it can be).

Hostile trial, round 31: ``a: {not: {not: {type: integer}}}`` → ``{type: integer, maximum: 3}``
read "type narrowed: any → integer", BREAKING with no witness, beside the true ``maximum added``;
four ``not``s did the same. Where an ``unevaluated*`` keyword reads the node, the ``not``s stay:
annotations from inside ``not`` are dropped, so the members X declares are not evaluated there.
Every verdict here is checked by jsonschema and jsonschema_rs.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas, diff_output_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

_VALUES = (None, True, 0, 2, 4, 2.5, "", "ab", [], [1], {}, {"a": 1}, {"b": "x"}, {"a": 1, "b": "x"})


def _negated(schema: Any, times: int) -> Any:
    for _ in range(times):
        schema = {"not": schema}
    return schema


def _member(schema: Any) -> dict:
    return {"type": "object", "properties": {"a": schema}}


@pytest.mark.parametrize("times", [2, 4])
@pytest.mark.parametrize(("inner", "plain"), [
    ({"type": "integer"}, {"type": "integer"}),
    ({"maximum": 3, "description": "small"}, {"maximum": 3, "description": "small"}),
    ({"properties": {"a": {"type": "integer"}}, "required": ["a"]},
     {"properties": {"a": {"type": "integer"}}, "required": ["a"]}),
])
def test_a_double_negation_is_the_schema_inside(times, inner, plain):
    negated = _negated(inner, times)
    assert canonical_schema(negated) == canonical_schema(plain)
    assert diff_input_schemas(_member(negated), _member(plain)).findings == []
    assert diff_output_schemas(_member(negated), _member(plain)).findings == []
    for value in _VALUES:
        assert accepted_by_both(negated, value) == accepted_by_both(plain, value), value


def test_beside_other_keywords_it_is_their_branch():
    negated, plain = {"type": "integer", "not": {"not": {"maximum": 3}}}, {"type": "integer", "maximum": 3}
    assert canonical_schema(negated) == canonical_schema(plain)
    for value in _VALUES:
        assert accepted_by_both(negated, value) == accepted_by_both(plain, value), value


def test_the_round_31_case_is_only_the_bound_added():
    (finding,) = diff_input_schemas(_member(_negated({"type": "integer"}, 2)),
                                    _member({"type": "integer", "maximum": 3})).findings
    assert finding.path.endswith("properties.a.maximum") and finding.severity.name == "BREAKING", finding.message


@pytest.mark.parametrize("schema", [
    {"allOf": [{"not": {"not": {"properties": {"a": {}}}}}], "unevaluatedProperties": False},
    {"not": {"not": {"properties": {"a": {}}}}, "unevaluatedProperties": False},
    {"properties": {"b": {}}, "not": {"not": {"prefixItems": [{}]}}, "unevaluatedItems": False},
])
def test_kept_where_an_unevaluated_keyword_reads_the_node(schema):
    """As an in-place branch, the members X declares would count as evaluated; under ``not``
    they do not (their annotations are dropped), so ``{"a": 1}`` is refused as written."""
    form = canonical_schema(schema)
    for value in (*_VALUES, [1, 2], ["x"]):
        assert accepted_by_both(form, value) == accepted_by_both(schema, value), value
