"""A property added in a subschema applied in place is compared with everything that still holds
its name beside it: the ``if`` beside a ``then``, and the nodes further out when the subschema
sits in another one.

Hostile trial, round 17:

- ``b: {type: integer}`` added to ``then.properties`` while the ``if`` held ``b`` to string (and
  required it) was NON_BREAKING "optional property 'b' added", though the ``then`` applies
  only where the ``if`` passed, so {"b": "x"} is refused now (Core 2020-12, 10.2.2.2);
- ``b: {type: integer}`` added to ``then.anyOf[0]`` beside the root's ``additionalProperties:
  {type: string}``, or to ``allOf[0].anyOf[0]`` beside the root's ``b: {type: string}``, was
  NON_BREAKING too, though {"a": "1", "b": "x"} (or {"b": "x"}) is refused now: only the
  nearest node (the ``then``, ``allOf[0]``) was read for what held ``b``.

Hostile trial, round 19: the same two additions beside the root's ``unevaluatedProperties:
{type: string}`` were still "optional property 'b' added" (NON_BREAKING), though nothing
evaluated ``b`` before, so the root held it to string, and {"b": "x"} (with ``a`` for the
``then``) is refused now: the ``unevaluatedProperties`` was read at the nearest node alone.

Every witness is checked here by jsonschema and jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect import diff
from mcp_inspect.limits import MAX_ENCLOSING_LEVELS
from mcp_inspect.snapshot.shapes import snapshot_from_value

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING = {"type": "string"}
INTEGER = {"type": "integer"}


def _broken(old: dict, new: dict, path: str) -> Any:
    """The one finding of the diff: BREAKING ``type.changed`` at ``path``, with a witness both
    validators confirm that sends ``b`` as a string."""
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.type.changed", "BREAKING"), finding.message
    assert finding.path == path
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value), value
    assert isinstance(value.get("b"), str), value
    return finding


def _only(old: dict, new: dict) -> tuple[str, str]:
    (finding,) = diff_input_schemas(old, new).findings
    return finding.rule, finding.severity.name


def _output(old: dict, new: dict) -> list[tuple[str, str]]:
    def surface(schema: dict) -> dict:
        return {"tools": [{"name": "t", "inputSchema": {"type": "object"}, "outputSchema": schema}]}

    report = diff(snapshot_from_value(surface(old), "old.json"), snapshot_from_value(surface(new), "new.json"))
    return [(f.rule, f.severity.name) for f in report.findings]


# --- the if beside a then -------------------------------------------------------------------

def _conditional(key: str, added: dict | None, required: bool = True) -> dict:
    condition = {"properties": {"b": STRING}, **({"required": ["b"]} if required else {})}
    return {"type": "object", "if": condition, key: {"properties": {"a": {}, **({"b": added} if added else {})}}}


@pytest.mark.parametrize("required", [True, False], ids=["if-requires-b", "if-only-holds-b"])
def test_a_property_added_in_then_is_compared_with_what_its_if_held_the_name_to(required):
    old, new = _conditional("then", None, required), _conditional("then", INTEGER, required)
    finding = _broken(old, new, "inputSchema.then.properties.b.type")
    assert finding.args["path_before"] == "inputSchema.if.properties.b.type"


def test_the_if_is_no_holder_for_an_else():
    """``else`` applies where the ``if`` failed: ``b`` may then be anything but a string, so the
    ``if``'s schema for it is not compared (string → integer would be a false "type changed"
    whose witness, a string, reaches the ``then`` instead)."""
    assert _only(_conditional("else", None), _conditional("else", INTEGER)) == \
        ("tool.input.property.added", "NON_BREAKING")


def test_a_then_wider_than_its_if_frees_no_value():
    wider = {"type": ["string", "integer"]}
    assert _only(_conditional("then", None), _conditional("then", wider)) == \
        ("tool.input.property.added", "NON_BREAKING")


def test_on_an_output_schema_a_then_held_by_its_if_is_only_declared():
    assert _output(_conditional("then", None), _conditional("then", INTEGER)) == \
        [("tool.output.property.added", "NON_BREAKING")]


# --- holders further out ------------------------------------------------------------------

def _then_any_of(added: dict | None) -> dict:
    branch = {"properties": {"a": {}, **({"b": added} if added else {})}}
    return {"type": "object", "additionalProperties": STRING, "if": {"required": ["a"]},
            "then": {"anyOf": [branch, {"required": ["c"]}]}}


def _all_of_any_of(added: dict | None) -> dict:
    branch = {"properties": {"a": {}, **({"b": added} if added else {})}}
    return {"type": "object", "properties": {"b": STRING},
            "allOf": [{"anyOf": [branch, {"required": ["c"]}]}, {"properties": {"z": {}}}]}


def test_a_property_added_two_levels_in_is_compared_with_the_outer_additional_properties():
    finding = _broken(_then_any_of(None), _then_any_of(INTEGER), "inputSchema.then.anyOf.0.properties.b.type")
    assert finding.args["path_before"] == "inputSchema.additionalProperties.type"


def test_a_property_added_two_levels_in_is_compared_with_the_outer_declaration():
    finding = _broken(_all_of_any_of(None), _all_of_any_of(INTEGER), "inputSchema.allOf.0.anyOf.0.properties.b.type")
    assert finding.args["path_before"] == "inputSchema.properties.b.type"


def test_holders_at_two_levels_are_read_together():
    """The root holds ``b`` to string and the ``then`` to ``maxLength: 5``: a branch that asks
    both asks nothing new (compared with one of them alone, a keyword would read as added)."""
    def shape(added: dict | None) -> dict:
        branch = {"properties": {"a": {}, **({"b": added} if added else {})}}
        return {"type": "object", "properties": {"b": STRING}, "if": {"required": ["a"]},
                "then": {"properties": {"b": {"maxLength": 5}}, "anyOf": [branch, {"required": ["c"]}]}}

    both = {"type": "string", "maxLength": 5}
    assert _only(shape(None), shape(both)) == ("tool.input.property.added", "NON_BREAKING")
    _broken(shape(None), shape(INTEGER), "inputSchema.then.anyOf.0.properties.b.type")


def test_on_an_output_schema_a_member_held_further_out_is_only_declared():
    assert _output(_then_any_of(None), _then_any_of(INTEGER)) == [("tool.output.property.added", "NON_BREAKING")]


def _nested(levels: int, added: dict | None) -> dict:
    """``b`` held by the root's additionalProperties, declared ``levels`` thens in (each beside an
    ``if`` that holds nothing of ``b``; nested anyOfs would be flattened into one)."""
    node: dict = {"properties": {"a": {}, **({"b": added} if added else {})}}
    for index in range(levels):
        node = {"if": {"required": [f"k{index}"]}, "then": node}
    return {"type": "object", "additionalProperties": STRING, **node}


def test_the_nodes_read_outward_are_bounded():
    """MAX_ENCLOSING_LEVELS nodes are read outward from the branch: within them the root's
    additionalProperties is found; past them it is not, and the reading before stands."""
    within = MAX_ENCLOSING_LEVELS  # the node holding the branch is the first read, the root the last
    # (no witness asked: calls are built on at most MAX_WITNESS_CONDITIONS ifs)
    (finding,) = diff_input_schemas(_nested(within, None), _nested(within, INTEGER)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.type.changed", "BREAKING"), finding.message
    assert finding.args["path_before"] == "inputSchema.additionalProperties.type"
    past = MAX_ENCLOSING_LEVELS + 1
    assert _only(_nested(past, None), _nested(past, INTEGER)) == ("tool.input.property.added", "NON_BREAKING")


# --- unevaluatedProperties further out ----------------------------------------------------

def _unevaluated(route: str, added: dict | None) -> dict:
    """The round-19 cases: ``b`` added to ``allOf[0].anyOf[0]`` or ``then.anyOf[0]``, nothing
    evaluating it anywhere before, the root's unevaluatedProperties holding it to string."""
    branch = {"properties": {"z": {}, **({"b": added} if added else {})}}
    union = {"anyOf": [branch, {"required": ["z"]}]}
    shape = {"allOf": [union]} if route == "allOf" else {"if": {"required": ["a"]}, "then": union}
    return {"type": "object", **shape, "unevaluatedProperties": STRING}


@pytest.mark.parametrize(("route", "path"), [("allOf", "inputSchema.allOf.0.anyOf.0.properties.b.type"),
                                             ("then", "inputSchema.then.anyOf.0.properties.b.type")])
def test_a_property_added_two_levels_in_is_compared_with_the_outer_unevaluated_properties(route, path):
    finding = _broken(_unevaluated(route, None), _unevaluated(route, INTEGER), path)
    assert finding.args["path_before"] == "inputSchema.unevaluatedProperties.type"


@pytest.mark.parametrize("route", ["allOf", "then"])
def test_a_property_two_levels_in_that_takes_what_unevaluated_properties_took_is_only_declared(route):
    assert _only(_unevaluated(route, None), _unevaluated(route, STRING)) == \
        ("tool.input.property.added", "NON_BREAKING")


def test_a_member_an_outer_branch_may_evaluate_is_not_taken_from_unevaluated_properties():
    """A second ``allOf`` branch at the root has a union one of whose branches declares ``b``:
    wherever it passes ``b`` is evaluated, so the root's unevaluatedProperties did not hold ``b``
    alone, and the change is read as before (as for a sibling at the nearest node,
    test_property_governor_in_place.py)."""
    def shape(added: dict | None) -> dict:
        schema = _unevaluated("allOf", added)
        schema["allOf"].append({"anyOf": [{"properties": {"b": {}}}, {"required": ["q"]}]})
        return schema

    assert all(f.args.get("path_before") != "inputSchema.unevaluatedProperties.type"
               for f in diff_input_schemas(shape(None), shape(INTEGER)).findings)


def _nested_unevaluated(levels: int, added: dict | None) -> dict:
    """``b`` held by the root's unevaluatedProperties, declared ``levels`` thens in."""
    schema = _nested(levels, added)
    schema["unevaluatedProperties"] = schema.pop("additionalProperties")
    return schema


def test_the_nodes_read_outward_for_unevaluated_properties_are_bounded():
    within = MAX_ENCLOSING_LEVELS
    (finding,) = diff_input_schemas(_nested_unevaluated(within, None), _nested_unevaluated(within, INTEGER)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.type.changed", "BREAKING"), finding.message
    assert finding.args["path_before"] == "inputSchema.unevaluatedProperties.type"
    past = MAX_ENCLOSING_LEVELS + 1
    assert _only(_nested_unevaluated(past, None), _nested_unevaluated(past, INTEGER)) == \
        ("tool.input.property.added", "NON_BREAKING")
