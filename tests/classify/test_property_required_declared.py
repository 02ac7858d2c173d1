"""A property declared for a name the old object already required is no required property added.

Hostile trial, round 19:

- ``{type: object, required: [a]}`` gaining ``properties: {a: {type: string}}`` was BREAKING
  "required property 'a' added" with no witness, though ``a`` was required before and
  {"a": 0} is refused now: every call sent ``a``, so its values narrowing from anything to
  strings is what breaks ("type narrowed: any → string"), with that call to show it (also
  nested in an optional object, and inside an ``anyOf`` branch);
- ``p: {type: object, required: [a], additionalProperties: false}`` gaining ``properties: {a:
  {type: integer}}`` was BREAKING "required property 'a' added" too, though the old ``p``
  accepted no value (``a`` required and refused), so every call the old schema accepts, the
  new one accepts: the object's values grew.

Every witness is checked here by jsonschema and jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect import diff
from mcp_inspect.snapshot.shapes import snapshot_from_value

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING = {"type": "string"}
INTEGER = {"type": "integer"}


def _object(added: dict | None = None, **keywords: Any) -> dict:
    return {"type": "object", "required": ["a"], **({"properties": {"a": added}} if added else {}), **keywords}


def _broken(old: dict, new: dict, rule: str, path: str) -> Any:
    """The one finding of the diff: BREAKING ``rule`` at ``path``, whose message says no required
    property was added, with a witness both validators confirm."""
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name, finding.path) == (rule, "BREAKING", path), finding.message
    assert "required property" not in finding.message, finding.message
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value), value
    return value


def test_a_type_given_to_a_required_name_narrows_it():
    value = _broken(_object(), _object(STRING), "tool.input.type.narrowed", "inputSchema.properties.a.type")
    assert not isinstance(value["a"], str), value
    (finding,) = diff_input_schemas(_object(), _object(STRING)).findings
    assert finding.message == "type narrowed: any → string"


def test_so_it_does_nested_and_inside_a_union_branch():
    def nested(inner: dict) -> dict:
        return {"type": "object", "properties": {"p": inner}}

    _broken(nested(_object()), nested(_object(STRING)), "tool.input.type.narrowed",
            "inputSchema.properties.p.properties.a.type")

    def branch(inner: dict) -> dict:
        return nested({"anyOf": [{"type": "null"}, inner]})

    _broken(branch(_object()), branch(_object(STRING)), "tool.input.type.narrowed",
            "inputSchema.properties.p.anyOf.1.properties.a.type")


@pytest.mark.parametrize("key", ["allOf", "anyOf"])
def test_a_name_the_node_holding_the_branch_requires_is_sent_to_the_branch_too(key):
    """The root requires ``a`` and a branch declares it: the branch applies to calls that all
    send ``a`` (it was "optional property 'a' added", NON_BREAKING, though {"a": 0} is refused)."""
    def shape(added: dict | None) -> dict:
        branch = {"properties": {"z": {}, **({"a": added} if added else {})}}
        return {"type": "object", "required": ["a"], key: [branch, {"required": ["z"]}]}

    _broken(shape(None), shape(STRING), "tool.input.type.narrowed", f"inputSchema.{key}.0.properties.a.type")


def test_a_required_name_held_by_additional_properties_is_compared_with_it():
    old, new = _object(additionalProperties=STRING), _object(INTEGER, additionalProperties=STRING)
    value = _broken(old, new, "tool.input.type.changed", "inputSchema.properties.a.type")
    assert isinstance(value["a"], str), value


def test_a_declaration_that_takes_the_values_the_name_took_is_only_declared():
    (finding,) = diff_input_schemas(_object(additionalProperties=STRING),
                                    _object(STRING, additionalProperties=STRING)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")
    assert finding.message == "property 'a' declared, which was already required: it takes the values it took"


@pytest.mark.parametrize(("evaluating", "severity"), [(False, "NON_BREAKING"), (True, "BREAKING")],
                         ids=["only-unevaluated-reads-it", "a-branch-may-read-it"])
def test_beside_an_in_place_applicator_unevaluated_properties_holds_a_name_no_branch_may_read(evaluating, severity):
    """``unevaluatedProperties: {type: string}`` beside an ``anyOf`` whose branches do not read
    ``a`` held it to strings: declared a string, nothing changed. Where a branch reads it (``a:
    {}``), a string declared narrows what that branch took."""
    union = {"anyOf": [{"properties": {"a" if evaluating else "z": {}}}, {"required": ["z"]}]}
    old, new = _object(**union, unevaluatedProperties=STRING), _object(STRING, **union, unevaluatedProperties=STRING)
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.severity.name == severity, finding.message
    if evaluating:
        assert finding.witness.found and accepted_by_both(old, finding.witness.value)
        assert not accepted_by_both(new, finding.witness.value)


def test_a_name_no_object_held_before_is_still_a_required_property_added():
    (finding,) = diff_input_schemas({"type": "object"}, _object(STRING)).findings
    assert (finding.rule, finding.message) == ("tool.input.property.addedRequired", "required property 'a' added")


# --- a required name declared in a closed object, which accepted no value ------------------

def _closed(added: dict | None) -> dict:
    return {"type": "object", "properties": {"p": _object(added, additionalProperties=False)}}


def test_a_required_name_declared_in_a_closed_object_lets_objects_in():
    old, new = _closed(None), _closed(INTEGER)
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")
    assert finding.path == "inputSchema.properties.p.properties.a"
    assert "no object was accepted before" in finding.message, finding.message
    # what the reading rests on: the old p took nothing, the new one takes {"a": 1}
    assert not accepted_by_both(old, {"p": {"a": 1}}) and accepted_by_both(new, {"p": {"a": 1}})
    assert not accepted_by_both(old, {"p": {}}) and not accepted_by_both(new, {"p": {}})


def test_at_the_root_it_reads_the_same():
    (finding,) = diff_input_schemas(_object(additionalProperties=False),
                                    _object(INTEGER, additionalProperties=False)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")


def test_a_name_an_outer_closed_object_still_refuses_is_only_declared_in_a_branch():
    """The root's ``additionalProperties: false`` reads only the root's own properties: declared
    in an ``allOf`` branch, ``a`` is refused as before, and no object is accepted on either side."""
    def shape(added: dict | None) -> dict:
        return _object(additionalProperties=False, allOf=[{"properties": {"z": {}, **({"a": added} if added else {})}}])

    (finding,) = diff_input_schemas(shape(None), shape(STRING)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING"), finding.message
    assert not accepted_by_both(shape(STRING), {"a": "x"})


def test_on_an_output_schema_it_is_a_property_added_to_a_closed_object():
    """Graded as the contract grades a property added to a closed object, NON_BREAKING both ways:
    no result held ``p`` before, as none held a new optional member."""
    def surface(schema: dict) -> dict:
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema}]}

    report = diff(snapshot_from_value(surface(_closed(None)), "old.json"),
                  snapshot_from_value(surface(_closed(INTEGER)), "new.json"))
    assert [(f.rule, f.severity.name) for f in report.findings] == [("tool.output.property.added", "NON_BREAKING")]
