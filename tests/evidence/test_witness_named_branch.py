"""A change inside one branch of a wide union is searched in that branch first (hostile trial,
round 42).

A 500-branch discriminated ``anyOf`` (``k: {const: "v<i>"}``, ``x`` maxLength 5) with
branches 0 and 1 tightened (maxLength 5 → 4) said "none found within the search budget (2,000
validations)": the candidates of every branch were taken in turn, and the budget ran out
before branch 0's long ``x`` came. The branch the finding's path names is now given every
other candidate. Past the 20th branch no refusal was read at all: of a union's branch errors
only the first 20 were read, and now the branch the path names is read too.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

def _union(tightened: int | set[int], width: int = 500) -> dict:
    cut = set(range(tightened)) if isinstance(tightened, int) else tightened
    branches = [{"type": "object", "required": ["k"], "properties": {
        "k": {"const": f"v{i}"}, "x": {"type": "string", "maxLength": 4 if i in cut else 5}}}
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


def test_a_tightened_branch_past_the_twentieth_has_a_witness_in_its_branch():
    old, new = _union(set(), 40), _union({30}, 40)
    report = diff_input_schemas(old, new)
    (finding,) = [f for f in report.changes if f.severity.name == "BREAKING"]
    witness = finding.witness
    assert witness is not None and witness.found, witness and witness.note
    assert witness.value == {"u": {"k": "v30", "x": "aaaaa"}}


def test_many_tightened_branches_of_a_wide_union_each_have_their_witness():
    """The hostile trial's case: 100 of 500 branches tightened took 31 s, past the report's
    30 s valve, and ``--format json`` differed run to run (a clock decided which findings were
    searched). The searches of one schema pair now share their validators and the answers the
    whole schemas gave (candidates.Shared), each branch is searched first, and every finding
    has its witness well within the counted budget. Here 25 of them, spread over the union
    (the 100 are timed in docs/performance.md: a test times nothing)."""
    old, new = _union(0), _union(set(range(0, 500, 20)))
    report = diff_input_schemas(old, new)
    found = [f for f in report.changes if f.severity.name == "BREAKING"]
    assert len(found) == 25
    for finding in found:
        witness = finding.witness
        assert witness is not None and witness.found, (finding.path, witness and witness.note)
        assert witness.value == {"u": {"k": f"v{finding.path.split('.')[4]}", "x": "aaaaa"}}
