"""A parameter that lost null while its new schema still says ``default: null``.

New-user trial, round 30 (workspace-mcp 1.14.0 → 2.2.1): the FastMCP upgrade wrote each
``Optional[str] = None`` as ``{type: string, default: null}`` where it had written ``anyOf:
[{type: string}, {type: null}], default: null``: 165 BREAKING "no longer accepts null"
findings, whose witness ``{"new_name": null}`` the new schema refuses while the live server
still took it. The contract grades the narrowing BREAKING, and so does the tool; the message
now names the contradiction (a default the new schema refuses), so that a maintainer reading
it knows what the generator did and that the server may still accept null.
"""

from __future__ import annotations

import pytest
from support import diff_input_schemas, diff_output_schemas

OPTIONAL = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None}
_SAID = "the new default is still null"


def _one(old: dict, new: dict):
    report = diff_input_schemas({"type": "object", "properties": {"n": old}},
                                {"type": "object", "properties": {"n": new}})
    (finding,) = [f for f in report.findings if f.severity.name == "BREAKING"]
    return finding


@pytest.mark.parametrize("old", [OPTIONAL, {"type": ["string", "null"], "default": None}])
def test_null_dropped_with_the_default_left_null_stays_breaking_and_says_so(old):
    finding = _one(old, {"type": "string", "default": None})
    assert finding.severity.name == "BREAKING" and finding.rule == "tool.input.type.narrowed"
    assert _SAID in finding.message
    assert finding.witness is not None and finding.witness.found


@pytest.mark.parametrize("new", [{"type": "string"}, {"type": "string", "default": "x"}])
def test_without_a_null_default_the_message_is_the_plain_narrowing(new):
    finding = _one(OPTIONAL, new)
    assert finding.severity.name == "BREAKING" and _SAID not in finding.message


def test_a_lost_branch_that_is_more_than_null_is_not_explained_by_the_default():
    old = {"anyOf": [{"type": "string", "enum": ["a"]}, {"type": "integer"}], "default": None}
    finding = _one(old, {"type": "string", "enum": ["a"], "default": None})
    assert finding.severity.name == "BREAKING" and _SAID not in finding.message


_DESCRIBED = [{"type": "string", "description": "s"}, {"type": "integer", "description": "i"}]


@pytest.mark.parametrize(("old", "new"), [
    (OPTIONAL, {"type": "string", "default": None}),  # a union's types
    ({"type": ["string", "null"], "default": None}, {"type": "string", "default": None}),  # a type list
    ({"anyOf": [*_DESCRIBED, {"type": "null"}], "default": None}, {"anyOf": _DESCRIBED, "default": None}),  # branches
])
def test_an_output_that_lost_null_with_a_null_default_gets_the_plain_message(old, new):
    """Hostile trial, round 36: an output property ``{type: [string, null], default: null}`` →
    ``{type: string, default: null}`` said "as a generator writes when it drops null from an
    optional parameter, so the server may still accept null", words about what a caller may
    send: an output is what the server returns, and nothing it returns is "accepted"."""
    report = diff_output_schemas({"type": "object", "properties": {"n": old}},
                                 {"type": "object", "properties": {"n": new}})
    assert report.findings
    assert all(_SAID not in f.message for f in report.findings), [f.message for f in report.findings]
