"""A bound in a union's branch that the same bound of the node beside it already implies.

``{anyOf: [{type: integer}, {type: string}], maximum: 1}`` with the integer branch given
``maximum: 100`` accepts the same values: every value passes the node's ``maximum: 1`` first,
which is tighter. The diff said BREAKING "maximum added: 1" (it was there before) with no
call to show it, and "upper bound ≤ 1 → ≤ 100" (hostile trial, round 42).
"""

from __future__ import annotations

import itertools

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

OLD = {"anyOf": [{"type": "integer"}, {"type": "string"}], "maximum": 1}


def tool(field: dict) -> dict:
    return {"type": "object", "properties": {"k": field}}


def test_a_looser_branch_maximum_beside_the_nodes_is_no_change():
    """(hostile trial, round 42)"""
    new = {"anyOf": [{"type": "integer", "maximum": 100}, {"type": "string"}], "maximum": 1}
    assert [f.rule for f in diff_input_schemas(tool(OLD), tool(new)).changes] == []
    assert [f.rule for f in diff_input_schemas(tool(new), tool(OLD)).changes] == []
    assert canonical_schema(new) == canonical_schema(OLD)


@pytest.mark.parametrize(("keyword", "node", "branch"), [
    ("maximum", 1, 1), ("maximum", 1, 0), ("minimum", 5, 3), ("minimum", 5, 9),
    ("exclusiveMaximum", 2, 7), ("maxLength", 3, 8), ("minLength", 4, 2), ("minLength", 2, 4),
])
def test_the_fold_keeps_what_the_node_accepts(keyword, node, branch):
    """Dropped only where the node's bound implies the branch's: a tighter branch bound stays."""
    kind = "string" if "Length" in keyword else "integer"
    schema = {"anyOf": [{"type": kind, keyword: branch}, {"type": "boolean"}], keyword: node}
    folded = canonical_schema(schema)
    for value in itertools.chain(range(-2, 12), ("x" * n for n in range(10)), (True,)):
        assert accepted_by_both(schema, value) == accepted_by_both(folded, value), (schema, folded, value)
