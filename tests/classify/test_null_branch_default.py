"""A union that lost its null branch while the new schema still says ``default: null``, where
the branch accepts null alone but is not spelt ``{type: null}``: ``{const: null}``, ``{enum:
[null]}``, or ``{type: null}`` with a ``description`` beside it.

Hostile trial, round 36: each got the plain "anyOf lost 1 branch", where ``{type: null}`` gets
the words of test_null_default.py (the new default is still null, as a generator writes when
it drops null from an optional parameter), since the branch was matched only as exactly
``{type: [null]}``. The finding stays BREAKING either way.
"""

from __future__ import annotations

import pytest
from support import diff_input_schemas

_SAID = "the new default is still null"
_DESCRIBED = [{"type": "string", "description": "s"}, {"type": "integer", "description": "i"}]


def _breaking(old: dict, new: dict):
    report = diff_input_schemas({"type": "object", "properties": {"p": old}},
                                {"type": "object", "properties": {"p": new}})
    (finding,) = [f for f in report.findings if f.severity.name == "BREAKING"]
    return finding


@pytest.mark.parametrize("null", [{"const": None}, {"enum": [None]}, {"type": "null", "description": "unset"},
                                  {"type": "null", "title": "Nothing", "const": None}])
@pytest.mark.parametrize("kept", [[{"type": "string"}], [{"type": "string", "enum": ["a", "b"]}], _DESCRIBED])
def test_a_lost_branch_that_accepts_only_null_is_said_as_the_null_default(null: dict, kept: list):
    old = {"anyOf": [*kept, null], "default": None}
    new = {**kept[0], "default": None} if len(kept) == 1 else {"anyOf": kept, "default": None}
    finding = _breaking(old, new)
    assert _SAID in finding.message, finding.message


@pytest.mark.parametrize("other", [{"type": "null", "not": {}}, {"type": ["null", "integer"]},
                                   {"enum": [None, 1], "description": "x"}])
def test_a_lost_branch_that_accepts_more_or_less_than_null_is_not(other: dict):
    old = {"anyOf": [*_DESCRIBED, other], "default": None}
    report = diff_input_schemas({"type": "object", "properties": {"p": old}},
                                {"type": "object", "properties": {"p": {"anyOf": _DESCRIBED, "default": None}}})
    assert all(_SAID not in f.message for f in report.findings), [f.message for f in report.findings]
