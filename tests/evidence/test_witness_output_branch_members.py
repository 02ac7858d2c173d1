"""An output member declared in a branch beside ``unevaluatedProperties`` has its witness
(hostile trial, round 19).

``{anyOf: [{properties: {a: {}}}, {required: [c]}], unevaluatedProperties: {type: string}}``
gaining ``b: {type: integer}`` in ``anyOf[0]`` is BREAKING on output, and the search said "none
found in 957 validations", though ``{"b": 1}`` shows it: the new ``anyOf[0]`` passes and
evaluates ``b`` (annotations of a passing branch count, Core 2020-12 §11.2), so 1 is never held
to string; the old schema evaluates no ``b``, and its ``unevaluatedProperties`` refuses 1. The
search sent that very result, but read the old schema's refusal, at the object's
``unevaluatedProperties`` (which names the members it refuses, not their place), as no error
at the finding's path (``anyOf.0.properties.b.type``). The same held for a ``oneOf``, ``allOf``,
``then`` or ``else`` branch, for the root's own ``properties``, and for an object nested in a
member. Now the object a path passes through in place is read for the ``unevaluatedProperties``
that governs a member the branch does not declare, and its error that names the member is at
the finding's place.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both

from mcp_inspect import api
from mcp_inspect.evidence.search import Search
from mcp_inspect.snapshot.shapes import snapshot_from_value

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

LEFT = {"unevaluatedProperties": {"type": "string"}}
B = {"b": {"type": "integer"}}


def _union(keyword: str, added: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", keyword: [{"properties": {"a": {}, **added}}, {"required": ["c"]}], **LEFT}


def _then(added: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "if": {"required": ["a"]}, "then": {"properties": {"c": {}, **added}}, **LEFT}


def _else(added: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "if": {"required": ["a"]}, "then": {}, "else": {"properties": {"c": {}, **added}},
            **LEFT}


def _root(added: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", **({"properties": added} if added else {}), **LEFT}


def _in_a_member(added: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": {"o": _union("anyOf", added)}}


def _diff_outputs(old: dict[str, Any], new: dict[str, Any]) -> Any:
    def surface(output: dict[str, Any], name: str) -> Any:
        return snapshot_from_value({"tools": [{"name": "t", "inputSchema": {"type": "object"},
                                               "outputSchema": output}]}, name)

    return api.diff(surface(old, "old"), surface(new, "new"), lint=None)


@pytest.mark.parametrize(("build", "path"), [
    (lambda added: _union("anyOf", added), "anyOf.0.properties.b.type"),
    (lambda added: _union("oneOf", added), "oneOf.0.properties.b.type"),
    (lambda added: _union("allOf", added), "allOf.0.properties.b.type"),
    (_then, "then.properties.b.type"),
    (_else, "else.properties.b.type"),
    (_root, "properties.b.type"),
    (_in_a_member, "properties.o.anyOf.0.properties.b.type"),
], ids=["anyOf", "oneOf", "allOf", "then", "else", "root", "in-a-member"])
def test_a_member_a_branch_now_declares_beside_unevaluated_properties_is_returned(build, path):
    old, new = build({}), build(B)
    (finding,) = [f for f in _diff_outputs(old, new).changes if f.severity.name == "BREAKING"]
    assert (finding.rule, finding.path) == ("tool.output.type.changed", f"outputSchema.{path}"), finding
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(new, value), value
    assert not accepted_by_both(old, value), value
    sent = value.get("o", value)
    assert isinstance(sent["b"], int), value


def test_the_unevaluated_properties_error_counts_only_for_the_member_the_path_names():
    """The old schema's ``unevaluatedProperties`` refusing another member is not this finding's
    (judged against a new side that takes any object, so that only the place decides)."""
    engine = Search({"type": "object"}, _union("anyOf", {}), where="anyOf.0.properties.b.type")
    assert engine.holds({"b": 0})
    assert not engine.holds({"x": 0})
