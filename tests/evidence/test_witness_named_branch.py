"""A change inside one branch of a wide union is searched in that branch first (hostile trial,
round 42).

A 500-branch discriminated ``anyOf`` (``k: {const: "v<i>"}``, ``x`` maxLength 5) with
branches 0 and 1 tightened (maxLength 5 → 4) said "none found within the search budget (2,000
validations)": the candidates of every branch were taken in turn, and the budget ran out
before branch 0's long ``x`` came. The branch the finding's path names is now given every
other candidate.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

def _union(tightened: int, width: int = 500) -> dict:
    branches = [{"type": "object", "required": ["k"], "properties": {
        "k": {"const": f"v{i}"}, "x": {"type": "string", "maxLength": 4 if i < tightened else 5}}}
        for i in range(width)]
    return {"type": "object", "properties": {"u": {"anyOf": branches}}}


def test_each_tightened_branch_of_a_wide_union_has_a_witness_in_its_branch():
    old, new = _union(0), _union(2)
    report = diff_input_schemas(old, new)
    found = [f for f in report.changes if f.severity.name == "BREAKING"]
    assert len(found) == 2, [f.path for f in report.changes]
    for finding in found:
        branch = finding.path.split(".")[4]
        witness = finding.witness
        assert witness is not None and witness.found, (finding.path, witness and witness.note)
        assert accepted_by_both(old, witness.value) and not accepted_by_both(new, witness.value)
        assert witness.value == {"u": {"k": f"v{branch}", "x": "aaaaa"}}
