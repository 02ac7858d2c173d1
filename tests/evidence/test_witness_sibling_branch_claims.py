"""A union branch's finding is not shown a call refused by a sibling branch's change (hostile
trial, round 42).

Two object branches of an ``anyOf`` told apart by ``k`` (``const "a"`` with ``x`` maxLength 1,
``const "b"`` with ``x`` maxLength 5) both tighten (1 → 0, 5 → 4). Both findings showed
``{"u": {"k": "a", "x": "a"}}``, which only branch 0's change refuses: its error, read without
the branch steps, looked like the place of branch 1's finding too. An error that lies at
another finding's place as written, branch index and all, is that finding's; branch 1's
witness sends ``k: "b"``.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _branch(key: str, most: int) -> dict:
    return {"type": "object", "properties": {"k": {"const": key}, "x": {"type": "string", "maxLength": most}},
            "required": ["k"]}


def _schema(first: int, second: int) -> dict:
    return {"type": "object", "properties": {"u": {"anyOf": [_branch("a", first), _branch("b", second)]}}}


def test_each_branch_finding_is_shown_a_call_its_own_branch_refuses():
    old, new = _schema(1, 5), _schema(0, 4)
    alone = {"0": _schema(0, 5), "1": _schema(1, 4)}  # each change alone
    report = diff_input_schemas(old, new)
    witnesses = {f.path.split(".")[4]: f.witness for f in report.changes if f.severity.name == "BREAKING"}
    assert set(witnesses) == {"0", "1"}, [f.path for f in report.changes]
    for branch, witness in witnesses.items():
        assert witness is not None and witness.found, (branch, witness and witness.note)
        assert accepted_by_both(old, witness.value) and not accepted_by_both(new, witness.value)
        assert not accepted_by_both(alone[branch], witness.value), \
            f"branch {branch}'s witness {witness.value} is not refused by its own change"
    assert witnesses["1"].value == {"u": {"k": "b", "x": "aaaaa"}}
