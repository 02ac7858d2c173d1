"""A property added or removed is judged by what governs its name on the other side: a
``patternProperties`` key that matches it (run on RE2), else ``additionalProperties``.

Hostile trial, round 13:

- a property removed beside ``additionalProperties: false`` and a pattern without a literal
  ``^prefix`` (``_filter$``, ``b``, ``[0-9]``) was NON_BREAKING "pattern may still govern
  it", since such a pattern was taken to match every name: the gate passed a real break
  ({"query": "x"} accepted before, refused now). A pattern key removed beside a declared
  ``a`` said "and so does the declared property a" for the pattern ``b``;
- ``"a": false`` (or ``{"not": {}}``) added on an open object was NON_BREAKING "optional
  property 'a' added", yet {"a": 1} went from accepted to refused; and a property added
  narrower than the ``additionalProperties`` schema that took its values was the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import diff_input_schemas

from mcp_inspect import api
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _diff_output_schemas(old: Any, new: Any) -> Any:
    def side(schema: Any, name: str) -> Any:
        return snapshot_from_value({"tools": [{"name": "t", "inputSchema": {"type": "object"},
                                               "outputSchema": schema}]}, name)

    return api.diff(side(old, "old"), side(new, "new"))


def _closed(pattern: str, **properties: Any) -> dict:
    return {"type": "object", "patternProperties": {pattern: {"type": "string"}}, "additionalProperties": False,
            **({"properties": properties} if properties else {})}


@pytest.mark.parametrize("pattern", ["_filter$", "b", "xyz", "b$", "[0-9]", "^x"])
def test_a_property_removed_beside_a_pattern_that_does_not_match_it_is_a_break(pattern):
    report = diff_input_schemas(_closed(pattern, query={"type": "string"}), _closed(pattern))
    (finding,) = report.findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.removed", "BREAKING")
    assert finding.witness.found and finding.witness.value == {"query": ""}, finding.witness.note


@pytest.mark.parametrize("pattern", ["ue", "query$", "^q"])
def test_a_property_removed_beside_a_pattern_that_matches_it_is_left_to_the_pattern(pattern):
    (finding,) = diff_input_schemas(_closed(pattern, query={"type": "string"}), _closed(pattern)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert f"pattern {pattern} still governs it" in finding.message


def test_a_pattern_removed_does_not_claim_a_declared_property_it_cannot_match():
    """The case's old2/new2: the pattern ``b`` cannot match the declared ``a``."""
    old = {"type": "object", "properties": {"a": {}}, "patternProperties": {"b": {"required": ["c"]}},
           "additionalProperties": False}
    new = {"type": "object", "properties": {"a": {}}, "additionalProperties": False}
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.severity.name == "BREAKING"
    assert "declared property" not in finding.message
    assert finding.message == "names matching 'b': accepted before, rejected now"


def test_a_pattern_re2_cannot_run_leaves_the_doubt_to_the_gate():
    """A lookbehind is never run: whether it governs ``query`` cannot be told, so the removal
    is not orderable (BREAKING both ways), never the NON_BREAKING it was."""
    pattern = "(?<=q)uery"
    (finding,) = diff_input_schemas(_closed(pattern, query={"type": "string"}), _closed(pattern)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.changed", "BREAKING")
    assert "which is not run" in finding.message
    # its literal start still tells a name it cannot match
    (finding,) = diff_input_schemas(_closed("^x(?<=q)", query={"type": "string"}), _closed("^x(?<=q)")).findings
    assert finding.rule == "tool.input.property.removed"


@pytest.mark.parametrize("rejecting", [False, {"not": {}}], ids=["false", "not-anything"])
@pytest.mark.parametrize("rest", [None, {"type": "string"}], ids=["open", "typed-rest"])
def test_a_property_added_that_accepts_nothing_refuses_a_member_the_object_took(rejecting, rest):
    def schema(**properties: Any) -> dict:
        return {"type": "object", **({"properties": properties} if properties else {}),
                **({"additionalProperties": rest} if rest is not None else {})}

    (finding,) = diff_input_schemas(schema(), schema(a=rejecting)).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.tightened", "BREAKING")
    assert finding.path == "inputSchema.properties.a"
    assert finding.witness.found and set(finding.witness.value) == {"a"}, finding.witness.note
    # the mirror: a server that no longer returns a member breaks no consumer
    (output,) = _diff_output_schemas(schema(), schema(a=rejecting)).findings
    assert (output.rule, output.severity.name) == ("tool.output.constraint.tightened", "NON_BREAKING")
    # and taking the ban away again frees the member: NON_BREAKING on input, BREAKING on output
    (freed,) = diff_input_schemas(schema(a=rejecting), schema()).findings
    assert (freed.rule, freed.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    (returned,) = _diff_output_schemas(schema(a=rejecting), schema()).findings
    assert returned.severity.name == "BREAKING" and returned.witness.found


#: Schemas that accept no value by a contradiction rather than by their spelling.
_CONTRADICTIONS = [
    {"allOf": [{"type": "string"}, {"type": "integer"}]},
    {"type": "string", "enum": [1]},
    {"type": "string", "const": 1},
    {"type": "string", "minLength": 3, "maxLength": 1},
    {"type": "integer", "minimum": 1.2, "maximum": 1.8},
]


@pytest.mark.parametrize("rejecting", _CONTRADICTIONS, ids=["two-types", "enum", "const", "lengths", "no-integer"])
@pytest.mark.parametrize("rest", [None, {"type": "string"}], ids=["open", "typed-rest"])
def test_a_property_added_that_accepts_nothing_by_contradiction_is_graded_as_false(rejecting, rest):
    """Hostile trial, round 14: only ``false`` and ``{"not": {}}`` were recognised as
    accepting nothing, so ``{"type": "string", "enum": [1]}`` (and the other contradictions)
    added on an open object was NON_BREAKING "optional property 'a' added", though every call
    sending ``a``, which the old object took, is refused now. Each is graded as ``false`` is."""
    test_a_property_added_that_accepts_nothing_refuses_a_member_the_object_took(rejecting, rest)
    (finding,) = diff_input_schemas({"type": "object"}, {"type": "object", "properties": {"a": rejecting}}).findings
    assert "accepts no value" in finding.message


@pytest.mark.parametrize("almost", [
    {"type": "string", "enum": [1, "x"]},
    {"type": ["integer", "string"], "const": 1},
    {"type": "string", "minLength": 1, "maxLength": 1},
    {"type": "number", "minimum": 1.2, "maximum": 1.8},
    {"allOf": [{"type": "number"}, {"type": "integer"}]},
])
def test_a_property_added_that_accepts_some_value_is_still_an_optional_property(almost):
    """The round-14 proof claims only what it proves: each of these accepts a value."""
    (finding,) = diff_input_schemas({"type": "object"}, {"type": "object", "properties": {"a": almost}}).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")


@pytest.mark.parametrize(("own", "witness"), [
    ({"type": "integer"}, {"a": ""}),
    ({"type": "string", "maxLength": 3}, {"a": "aaaa"}),
], ids=["other-type", "narrower"])
def test_a_property_added_narrower_than_the_additional_properties_that_took_it_is_a_break(own, witness):
    rest = {"type": "string"}
    old = {"type": "object", "additionalProperties": rest}
    new = {"type": "object", "properties": {"a": own}, "additionalProperties": rest}
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.severity.name == "BREAKING"
    assert finding.path.startswith("inputSchema.properties.a.")
    assert finding.witness.found and finding.witness.value == witness, finding.witness.note


@pytest.mark.parametrize("old", [
    {"type": "object"},  # the contract's convention: an optional property added on an open object
    {"type": "object", "additionalProperties": False},  # a member refused before, accepted now
    {"type": "object", "additionalProperties": {"type": "integer"}},  # the same values, now declared
])
def test_an_optional_property_added_that_takes_what_was_taken_is_still_non_breaking(old):
    new = {**old, "properties": {"a": {"type": "integer"}}}
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.property.added", "NON_BREAKING")


@pytest.mark.parametrize("rejecting", [False, {"type": "string", "enum": [1]}], ids=["false", "enum-outside-type"])
def test_a_required_property_that_accepts_nothing_removed_mirrors_its_addition(rejecting):
    """Hostile trial, round 14 (found by the swapped-sides property test once contradictions
    counted as accepting nothing): a required property whose schema accepts nothing, removed,
    was a constraint.loosened, while adding it is property.addedRequired: the two directions
    of one change must be mirror facts, so its removal stays property.removed."""
    old = {"type": "object", "properties": {"a": rejecting}, "required": ["a"]}
    new = {"type": "object"}
    (added,) = diff_input_schemas(new, old).findings
    assert added.rule == "tool.input.property.addedRequired"
    (removed,) = diff_input_schemas(old, new).findings
    assert removed.rule == "tool.input.property.removed"
