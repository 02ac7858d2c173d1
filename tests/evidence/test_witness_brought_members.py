"""A member required only because another one brings it is shown by the call refused for that
one (hostile trial, round 22).

``required: [a]`` beside ``dependentRequired: {b: [c]}`` gaining ``a: [b]`` makes ``b`` and
``c`` required (the canonical form: ``required: [a, b, c]``), two BREAKING findings. ``b``'s had
the witness ``{"a": ""}``; ``c``'s said "none found in 111 validations", though the search sent
that very call: the new schema refuses it at ``dependentRequired`` for ``b`` ("'b' is a
dependency of 'a'"), and a refusal naming ``b`` was not read as ``c``'s. No call the old schema
takes sends ``b`` without ``c``, so that refusal is the only one ``c``'s change can have: a call
refused for leaving out a member that brings the finding's member (and leaving that one out) is
now refused at its place, though never for it alone, so a call refused for the finding's member
itself is preferred when one exists.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

DRAFT_7 = "http://json-schema.org/draft-07/schema#"


def _object(**keywords: Any) -> dict[str, Any]:
    return {"type": "object", "required": ["a"], **keywords}


def _witnesses(old: Any, new: Any) -> dict[str, Any]:
    """Each BREAKING finding's member and its witness, checked by both validators."""
    out = {}
    for finding in diff_input_schemas(old, new).changes:
        if finding.severity.name != "BREAKING":
            continue
        assert finding.witness is not None and finding.witness.found, (finding.path, finding.witness.note)
        value = finding.witness.value
        assert accepted_by_both(old, value) and not accepted_by_both(new, value), (finding.path, value)
        out[finding.path.rsplit(".", 1)[-1]] = value
    return out


@pytest.mark.parametrize(("old", "new", "brought"), [
    # The tester's case.
    (_object(dependentRequired={"b": ["c"]}), _object(dependentRequired={"a": ["b"], "b": ["c"]}), {"b", "c"}),
    # At two removes: a brings b, which brings c, which brings d.
    (_object(dependentRequired={"b": ["c"], "c": ["d"]}),
     _object(dependentRequired={"a": ["b"], "b": ["c"], "c": ["d"]}), {"b", "c", "d"}),
    # Draft 7 spells it dependencies.
    (_object(**{"$schema": DRAFT_7}, dependencies={"b": ["c"]}),
     _object(**{"$schema": DRAFT_7}, dependencies={"a": ["b"], "b": ["c"]}), {"b", "c"}),
    # b required outright: the refusal is at required ("'b' is a required property").
    (_object(dependentRequired={"b": ["c"]}), _object(required=["a", "b"], dependentRequired={"b": ["c"]}),
     {"b", "c"}),
], ids=["dependent-required", "two-removes", "draft-7-dependencies", "required"])
def test_a_member_brought_by_another_is_shown_by_the_call_refused_for_that_one(old, new, brought):
    witnesses = _witnesses(old, new)
    assert set(witnesses) == brought
    for member, value in witnesses.items():
        assert not brought & value.keys(), (member, value)  # sends a, and none of those it brings


def test_a_call_refused_for_the_member_itself_is_preferred():
    """Where the old schema does not bring ``c`` with ``b``, ``{"a": "", "b": ""}`` is refused
    for ``c`` alone, and is the answer, not ``{"a": ""}``, refused for ``b``."""
    witnesses = _witnesses(_object(), _object(required=["a", "b"], dependentRequired={"b": ["c"]}))
    assert witnesses["c"].keys() == {"a", "b"}, witnesses
