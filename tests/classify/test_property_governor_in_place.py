"""A property added in a subschema applied in place (an ``anyOf``/``oneOf`` branch, a ``then``,
an ``else``) is compared with what governed its name at the node holding it, as one added in
an ``allOf`` branch is (test_property_governor_enclosing.py).

Hostile trial, round 16: ``b: {type: integer}`` added to ``anyOf[0].properties`` beside the
root's ``additionalProperties: {type: string}`` (or ``unevaluatedProperties``), or to
``then.properties`` beside it, was NON_BREAKING "optional property 'b' added", though
{"b": "x"} (with ``a`` for the ``then``) was accepted before and is refused now: the other
branch requires ``c``, the ``if`` holds. Every witness is checked here by jsonschema and
jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _union(key: str, rest: str, added: dict | None) -> dict:
    branch = {"properties": {"a": {}, **({"b": added} if added is not None else {})}}
    return {"type": "object", key: [branch, {"required": ["c"]}], rest: {"type": "string"}}


def _conditional(key: str, rest: str, added: dict | None) -> dict:
    branch = {"properties": {"c": {}, **({"b": added} if added is not None else {})}}
    return {"type": "object", "if": {"required": ["a"]}, key: branch, rest: {"type": "string"}}


def _broken(old: dict, new: dict, path: str) -> Any:
    """The one finding of the diff, BREAKING at ``path`` with a witness both validators confirm."""
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.severity.name == "BREAKING", finding.message
    assert finding.path.startswith(path), finding.path
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value), value
    assert isinstance(value.get("b"), str), value
    return finding


@pytest.mark.parametrize("rest", ["additionalProperties", "unevaluatedProperties"])
@pytest.mark.parametrize("key", ["anyOf", "oneOf"])
def test_a_property_added_in_a_union_branch_is_compared_with_what_the_node_held_it_to(key, rest):
    finding = _broken(_union(key, rest, None), _union(key, rest, {"type": "integer"}),
                      f"inputSchema.{key}.0.properties.b")
    assert finding.rule == "tool.input.type.changed"


@pytest.mark.parametrize("rest", ["additionalProperties", "unevaluatedProperties"])
@pytest.mark.parametrize("key", ["then", "else"])
def test_a_property_added_in_then_or_else_is_compared_with_what_the_node_held_it_to(key, rest):
    finding = _broken(_conditional(key, rest, None), _conditional(key, rest, {"type": "integer"}),
                      f"inputSchema.{key}.properties.b")
    assert finding.rule == "tool.input.type.changed"


@pytest.mark.parametrize("rest", ["additionalProperties", "unevaluatedProperties"])
def test_a_property_in_an_any_of_branch_that_takes_what_the_node_took_is_only_declared(rest):
    report = diff_input_schemas(_union("anyOf", rest, None), _union("anyOf", rest, {"type": "string"}))
    (finding,) = report.findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")


def test_beside_additional_properties_a_wider_then_frees_no_value():
    """The root's additionalProperties still holds ``b`` beside ``then``: a ``then`` schema wider
    than it is no loosening, only the property declared."""
    old, new = _conditional("then", "additionalProperties", None), _conditional("then", "additionalProperties", {})
    old["additionalProperties"] = new["additionalProperties"] = {"type": "string", "maxLength": 2}
    new["then"]["properties"]["b"] = {"type": "string"}
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")


def test_a_member_another_any_of_branch_may_read_is_not_taken_from_unevaluated_properties():
    """A branch that declares ``b`` evaluates it when it passes: unevaluatedProperties did not
    hold ``b`` alone, and the change is read as before."""
    old = {"type": "object", "anyOf": [{"properties": {"a": {}}}, {"properties": {"b": {}}}],
           "unevaluatedProperties": {"type": "string"}}
    new = {"type": "object", "anyOf": [{"properties": {"a": {}, "b": {"type": "integer"}}}, {"properties": {"b": {}}}],
           "unevaluatedProperties": {"type": "string"}}
    assert all(f.rule != "tool.input.type.changed" for f in diff_input_schemas(old, new).findings)


@pytest.mark.parametrize("key", ["allOf", "anyOf"])
def test_on_an_output_schema_a_member_held_beside_its_new_schema_is_only_declared(key):
    """What held the name still holds it beside the member's new schema, so a server can return
    only fewer values for it: nothing a client must handle. The round-16 fix read the output
    side as it reads the input one (BREAKING ``type.changed``); it is the contract's optional
    property added (NON_BREAKING)."""
    from mcp_inspect import diff
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    def surface(added):
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"},
                           "outputSchema": _union(key, "additionalProperties", added)}]}

    report = diff(snapshot_from_value(surface(None), "old.json"), snapshot_from_value(surface({"type": "integer"}),
                                                                                      "new.json"))
    assert [(f.rule, f.severity.name) for f in report.findings] == [("tool.output.property.added", "NON_BREAKING")]
    # on the input side the same edit refuses {"b": "x"}: BREAKING, as above
    assert diff_input_schemas(_union(key, "additionalProperties", None),
                              _union(key, "additionalProperties", {"type": "integer"})).findings[0] \
        .severity.name == "BREAKING"
