"""An unevaluated* keyword reads what accept-anything applicators evaluated (Core 2020-12,
11.3), so the canonical form keeps them when one is in the schema, and the walk grades their
coming and going by it (hostile trial, round 7): dropped as constraining nothing, removing
``additionalProperties: true`` from an allOf branch beside ``unevaluatedProperties: false``
read "No changes" with equal fingerprints, though every undeclared member became invalid."""

from __future__ import annotations

import jsonschema
import jsonschema_rs
import pytest
from support import diff_input_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

CASES = [
    ({"type": "object", "allOf": [{"additionalProperties": True}], "unevaluatedProperties": False},
     {"type": "object", "allOf": [{}], "unevaluatedProperties": False}),
    ({"type": "object", "properties": {"x": {"type": "array", "allOf": [{"items": True}], "unevaluatedItems": False}}},
     {"type": "object", "properties": {"x": {"type": "array", "allOf": [{}], "unevaluatedItems": False}}}),
    ({"type": "object", "allOf": [{"patternProperties": {"^a": True}}], "unevaluatedProperties": False},
     {"type": "object", "allOf": [{}], "unevaluatedProperties": False}),
]


@pytest.mark.parametrize(("old", "new"), CASES, ids=["additionalProperties", "items", "patternProperties"])
def test_an_evaluating_applicator_removed_beside_unevaluated_is_a_break(old, new):
    for schema in (old, new):
        form = canonical_schema(schema)
        for value in ({}, {"z": 1}, {"a": 1}, {"x": [""]}, {"x": []}):
            assert jsonschema.Draft202012Validator(schema).is_valid(value) == \
                jsonschema.Draft202012Validator(form).is_valid(value), (schema, value)
    report = diff_input_schemas(old, new)
    assert report.old.fingerprint != report.new.fingerprint
    assert [f.severity.name for f in report.findings] == ["BREAKING"]
    assert [f.severity.name for f in diff_input_schemas(new, old).findings] == ["NON_BREAKING"]


def test_without_unevaluated_an_accept_anything_applicator_is_still_no_change():
    assert diff_input_schemas({"type": "object", "additionalProperties": True}, {"type": "object"}).findings == []


@pytest.mark.parametrize(("old", "new", "severities"), [
    # round 8, 01: a no-op unevaluatedItems on b made a's additionalProperties true "removed"
    ({"type": "object", "properties": {"a": {"type": "object", "additionalProperties": True},
                                       "b": {"type": "array", "unevaluatedItems": True}}},
     {"type": "object", "properties": {"a": {"type": "object"}, "b": {"type": "array"}}}, []),
    # 03: a branch a true branch covers still evaluates its properties
    ({"type": "object", "anyOf": [{"properties": {"a": {"type": "integer"}}}, True], "unevaluatedProperties": False},
     {"type": "object", "anyOf": [{"properties": {"b": {"type": "integer"}}}, True], "unevaluatedProperties": False},
     ["BREAKING", "NON_BREAKING"]),
    # 04: a lone if beside a $ref, read by unevaluatedItems
    ({"type": "object", "properties": {"x": {"$ref": "#/$defs/a", "if": {"prefixItems": [True]},
                                             "unevaluatedItems": False}}, "$defs": {"a": {"type": "array"}}},
     {"type": "object", "properties": {"x": {"$ref": "#/$defs/a", "unevaluatedItems": False}},
      "$defs": {"a": {"type": "array"}}}, ["BREAKING"]),
    # 07: additionalProperties true beside unevaluatedProperties false, under not: a loosening
    ({"type": "object", "properties": {"o": {"not": {"type": "object", "additionalProperties": True,
                                                     "unevaluatedProperties": False, "required": ["z"]}}}},
     {"type": "object", "properties": {"o": {"not": {"type": "object", "unevaluatedProperties": False,
                                                     "required": ["z"]}}}}, ["NON_BREAKING"]),
], ids=["other-instance", "covered-branch", "lone-if-beside-ref", "under-not"])
def test_only_an_unevaluated_keyword_that_reads_them_keeps_them(old, new, severities):
    """Hostile trial, round 8: the keep was one flag for the whole schema, a branch covered
    by another was still dropped, a lone if beside a $ref was dropped, and beside
    additionalProperties (which evaluates every other member) unevaluatedProperties read
    nothing yet made the change a BREAKING "rejects every value"."""
    for schema in (old, new):
        form = canonical_schema(schema)
        assert canonical_schema(form) == form
        for value in ({}, {"a": 1}, {"b": 1}, {"o": {"z": 1}}, {"o": {}}, {"x": [1]}, {"x": []}, {"a": {"z": 1}}):
            assert jsonschema.Draft202012Validator(schema).is_valid(value) == \
                jsonschema.Draft202012Validator(form).is_valid(value), (schema, value)
    assert sorted(f.severity.name for f in diff_input_schemas(old, new).findings) == severities


@pytest.mark.parametrize(("old", "new"), [
    ({"type": "array", "allOf": [{"unevaluatedItems": True}], "unevaluatedItems": False},
     {"type": "array", "allOf": [{}], "unevaluatedItems": False}),
    ({"type": "object", "$ref": "#/$defs/x", "unevaluatedProperties": False},
     {"type": "object", "$ref": "#/$defs/y", "unevaluatedProperties": False}),
], ids=["allOf-branch", "ref-target"])
def test_an_unevaluated_true_a_parent_reads_is_kept(old, new):
    """Hostile trial, round 9: an unevaluated* equal to true inside an allOf branch or a $ref
    target was dropped as reading nothing, though the parent's unevaluated* reads what it
    evaluated: one fingerprint for two schemas a call tells apart."""
    defs = {"x": {"unevaluatedProperties": True}, "y": {}}
    report = diff_input_schemas({"type": "object", "properties": {"v": old}, "$defs": defs},
                                {"type": "object", "properties": {"v": new}, "$defs": defs})
    assert report.old.fingerprint != report.new.fingerprint
    assert "BREAKING" in [f.severity.name for f in report.findings]


@pytest.mark.parametrize("schema", [
    {"items": {"$ref": "#/$defs/d1"}, "$defs": {"d1": {"unevaluatedProperties": False, "items": {}}}},
    {"$ref": "#/$defs/d1", "$defs": {"d1": {"anyOf": [{}], "$ref": "#/$defs/d2"}, "d2": {}}},
    {"$ref": "#/$defs/d1", "$defs": {"d1": {"$ref": "#/$defs/d2", "enum": ["x"]}, "d2": False}},
    {"unevaluatedItems": {"type": "integer"}, "propertyNames": {}},
], ids=["unevaluated-respelled", "any-of-anything", "false-target", "property-names"])
def test_forms_a_round_9_fuzzer_found_are_fixed_points(schema):
    once = canonical_schema(schema)
    assert canonical_schema(once) == once


def test_a_branch_that_accepts_anything_adds_nothing_beside_other_keywords():
    """Hostile trial, round 9: allOf: [{}] added beside other keywords was a BREAKING "allOf
    added" with no witness."""
    plain = {"type": "object", "properties": {"a": {"type": "integer"}}}
    for extra in ({"allOf": [{}]}, {"anyOf": [True]}, {"anyOf": [{}, {"minimum": 3}]}):
        assert diff_input_schemas(plain, {**plain, **extra}).findings == [], extra


def test_additional_properties_true_removed_beside_unevaluated_false_has_its_witness():
    """Hostile trial, round 9: the break was graded right, but the search sent no undeclared
    member, reading the old side's unevaluatedProperties false, which additionalProperties
    true beside it leaves nothing to read, and claimed no call could show it."""
    old = {"type": "object", "properties": {"o": {"type": "object", "additionalProperties": True,
                                                  "unevaluatedProperties": False}}}
    new = {"type": "object", "properties": {"o": {"type": "object", "unevaluatedProperties": False}}}
    (finding,) = diff_input_schemas(old, new).findings
    assert finding.severity.name == "BREAKING" and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert jsonschema.Draft202012Validator(old).is_valid(value)
    assert not jsonschema.Draft202012Validator(new).is_valid(value)


#: The forms a round-10 fuzzer found that a second reading changed: a disjoint oneOf become
#: an anyOf with a {} branch after the drop had run, a $ref target merged with siblings that
#: left a lone combinator or an accept-anything branch, an enum typed after the test read it.
ROUND_10_FORMS = [
    {"$ref": "#/$defs/d1", "oneOf": [{}], "$defs": {"d1": {}}},
    {"prefixItems": [{"not": {"$dynamicRef": "#/$defs/d1", "allOf": [{"const": 1}]}}], "$defs": {"d1": {}}},
    {"$dynamicRef": "#/$defs/d1", "if": {}, "$defs": {"d1": False}},
    {"properties": {"c": {"not": {"enum": ["x"], "oneOf": [{"type": "array"}, {}]}}}},
    {"anyOf": [{"oneOf": [{}], "$ref": "#/$defs/d2"}], "$defs": {"d2": {}}},
    {"items": {"$dynamicRef": "#/$defs/d2", "else": {}}, "$defs": {"d2": False}},
    {"$ref": "#/$defs/d2", "else": {}, "$defs": {"d2": {"then": {}, "if": {}}}},
    {"oneOf": [{}], "$ref": "#/$defs/d2", "$defs": {"d2": {}}},
    {"oneOf": [{"$ref": "#/$defs/d1"}, {}], "const": 1, "$defs": {"d1": {"type": "array"}}},
    {"patternProperties": {".": {"then": {}, "if": {"if": {"$ref": "#/$defs/d1"}, "else": {}}}},
     "$defs": {"d1": {"$ref": "#/$defs/d2", "else": {}}, "d2": False}},
    {"additionalProperties": {"allOf": [{"type": "array"}], "$dynamicRef": "#/$defs/d2"}, "$defs": {"d2": {}}},
    {"allOf": [{"$ref": "#/$defs/d1", "$dynamicRef": "#/$defs/d2"}], "$defs": {"d1": {}}},
    {"$ref": "#/$defs/d1", "$defs": {"d1": {"propertyNames": {"$ref": "#/$defs/d2", "$dynamicRef": "#/$defs/d2"}},
                                     "d2": {"allOf": [{"type": "object"}, {"maximum": 5}]}}},
    {"prefixItems": [{"properties": {"c": {"$ref": "#/$defs/d2", "$dynamicRef": "#/$defs/d1"}}}], "$defs": {"d2": {}}},
    {"if": {}, "$ref": "#/$defs/d1", "$defs": {"d1": {"else": {}, "if": {}}}},
    {"prefixItems": [{"if": {"if": {}, "$dynamicRef": "#/$defs/d2"}, "then": {}}], "$defs": {"d2": False}},
    {"anyOf": [False], "$dynamicRef": "#/$defs/d1", "$defs": {"d1": {}}},
]


@pytest.mark.parametrize("schema", ROUND_10_FORMS)
def test_forms_a_round_10_fuzzer_found_are_fixed_points(schema):
    once = canonical_schema(schema)
    assert canonical_schema(once) == once
    if any(f"#/$defs/{name}" in str(schema) and name not in schema.get("$defs", {}) for name in ("d1", "d2")):
        return  # a dangling reference: jsonschema cannot judge the input itself
    for value in (None, 0, 1, 7, "x", [], [1], [[1]], {}, {"a": 1}, {"c": "x"}):
        assert (jsonschema.Draft202012Validator(schema).is_valid(value)
                == jsonschema.Draft202012Validator(once).is_valid(value)), value


@pytest.mark.parametrize("extra", [
    {"oneOf": [{}]}, {"oneOf": [{}, False]}, {"not": {"not": {}}}, {"not": False},
    {"if": {"minimum": 3}, "then": {}}, {"if": {"minimum": 3}, "else": True},
    {"oneOf": [{"type": "array"}, {}]},
], ids=["oneOf", "oneOf-false", "not-not", "not-false", "then", "else", "disjoint-oneOf"])
def test_more_applicators_that_accept_anything_add_nothing(extra):
    """Hostile trial, round 10: each, added beside a type, was a BREAKING "… added" with no
    witness (only allOf and anyOf were dropped)."""
    plain = {"type": "object", "properties": {"n": {"type": "integer"}}}
    new = {"type": "object", "properties": {"n": {"type": "integer", **extra}}}
    assert diff_input_schemas(plain, new).findings == [], extra


@pytest.mark.parametrize(("old", "new"), [
    ({"type": "integer"}, {"type": "integer", "$ref": "#/$defs/d1", "oneOf": [{}]}),
    ({"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b"]}},
     {"type": "object", "$ref": "#/$defs/d2", "else": {}}),
    ({"type": "array", "items": {"type": "array"}},
     {"type": "array", "items": {"allOf": [{"type": "array"}], "$dynamicRef": "#/$defs/d2"}}),
], ids=["ref-to-anything", "else-without-if", "dynamic-ref-to-anything"])
def test_a_reference_merged_with_its_siblings_is_read_to_the_end(old, new):
    """Hostile trial, round 10: equal schemas, one through a $ref, were BREAKING ("oneOf added",
    or "written differently, with its recursion cut at other places" though neither recurses)."""
    defs = {"d1": {}, "d2": {"if": {"required": ["a"]}, "then": {"required": ["b"]}}}
    if "items" in new:
        defs["d2"] = {}
    report = diff_input_schemas({"type": "object", "properties": {"n": old}},
                                {"type": "object", "properties": {"n": new}, "$defs": defs})
    assert report.findings == []


@pytest.mark.parametrize("old", [
    {"type": "object", "additionalProperties": True, "unevaluatedProperties": False, "patternProperties": {"^x": {}}},
    {"type": "object", "additionalProperties": True, "unevaluatedProperties": {"type": "string"}},
    {"type": "object", "additionalProperties": True, "unevaluatedProperties": False, "required": ["zz"],
     "dependentRequired": {"zz": ["a"]}},
], ids=["beside-patternProperties", "unevaluated-schema", "dependentRequired"])
def test_additional_properties_true_removed_beside_unevaluated_has_its_witness_in_every_shape(old):
    """Hostile trial, round 10: three more shapes of round 9's break said "every argument object
    tried that the old schema accepts, the new one accepts too": the search held undeclared
    members to additionalProperties alone (the new side's unevaluatedProperties never
    steered a value), left out what dependentRequired asks, and could not judge
    unevaluatedProperties beside a patternProperties (jsonschema runs those on re)."""
    new = {key: value for key, value in old.items() if key != "additionalProperties"}
    findings = diff_input_schemas({"type": "object", "properties": {"o": old}, "required": ["o"]},
                                  {"type": "object", "properties": {"o": new}, "required": ["o"]}).findings
    [finding] = [f for f in findings if f.severity.name == "BREAKING"]
    assert finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert jsonschema.Draft202012Validator({"properties": {"o": old}}).is_valid(value)
    assert not jsonschema.Draft202012Validator({"properties": {"o": new}}).is_valid(value)


@pytest.mark.parametrize("extra", [
    {"maxLength": 3}, {"pattern": "^a"}, {"minItems": 1}, {"required": ["a"]}, {"propertyNames": False},
    {"minContains": 5}, {"multipleOf": 2, "type": ["string", "null"]},
], ids=["maxLength", "pattern", "minItems", "required", "propertyNames", "minContains", "multipleOf"])
def test_a_keyword_acting_on_a_type_the_node_refuses_is_no_change(extra):
    """Hostile trial, round 10: a keyword that acts on no type the node's type allows (maxLength
    on an integer) constrains nothing, yet adding one was a BREAKING "… added" no call could
    show. The canonical form drops it; one that acts on an allowed type stays."""
    base = {"type": extra.get("type", "integer")}
    plain = {"type": "object", "properties": {"n": base}}
    new = {"type": "object", "properties": {"n": {**base, **extra}}}
    assert diff_input_schemas(plain, new).findings == [], extra
    both = {"type": "object", "properties": {"n": {"type": ["integer", "string"], "maxLength": 3}}}
    assert canonical_schema(both)["properties"]["n"]["maxLength"] == 3


@pytest.mark.parametrize(("old", "new", "where"), [
    ({"type": "object"}, {"oneOf": [{}, {"type": "boolean"}], "anyOf": [{"type": "object"}]}, "inputSchema"),
    ({"type": "object"}, {"oneOf": [{}, {"type": "boolean"}], "allOf": [{"type": "object"}]}, "inputSchema"),
    ({"type": "integer", "maximum": 3}, {"type": "integer", "$ref": "#/$defs/d"}, "outputSchema"),
], ids=["type-gathered-after-oneOf", "lone-allOf-beside-oneOf", "integer-bound-behind-ref"])
def test_equal_schemas_a_round_11_fuzzer_found_are_no_change(old, new, where):
    """Hostile trial, round 11: a type gathered from a one-branch anyOf after the disjoint-oneOf
    test had run, a type standing apart in a lone allOf branch, and an exclusive integer bound
    a $ref's target brought beside the siblings' type were not folded; each equal pair was a
    BREAKING finding no value could show, and the first form was no fixed point."""
    from mcp_inspect import api
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    defs = {"$defs": {"d": {"exclusiveMaximum": 4}}} if "$ref" in new else {}
    sides = [snapshot_from_value({"tools": [{"name": "t", "inputSchema": {"type": "object"},
                                             where: {"type": "object", "properties": {"n": schema}, **extra}}]}, side)
             for schema, side, extra in ((old, "old", {}), (new, "new", defs))]
    assert api.diff(*sides, lint=None).changes == []
    once = canonical_schema({**new, **defs})
    assert canonical_schema(once) == once


@pytest.mark.parametrize(("old", "new", "rule"), [
    ({"type": "object", "allOf": [{"properties": {"name": {"type": "string"}}},
                                  {"properties": {"id": {"type": "integer"}}}], "unevaluatedProperties": False},
     {"type": "object", "allOf": [{"properties": {"id": {"type": "integer"}}}], "unevaluatedProperties": False},
     "tool.input.constraint.changed"),
    # An anyOf that accepts every value only evaluated: losing it only refuses (round 12).
    ({"type": "object", "allOf": [{"properties": {"b": {}}}], "anyOf": [{"additionalProperties": {}}],
      "unevaluatedProperties": False},
     {"type": "object", "allOf": [{"properties": {"b": {}}}], "unevaluatedProperties": False},
     "tool.input.constraint.tightened"),
], ids=["allOf-branch-lost", "anyOf-removed"])
def test_a_branch_that_evaluated_members_lost_beside_unevaluated_is_a_break(old, new, rule):
    """Hostile trial, round 11: a branch lost from an allOf (or a whole anyOf removed) loosens,
    but beside unevaluatedProperties false what it evaluated is now refused: {"name": "x"} worked
    and fails, while the gate passed on a NON_BREAKING "allOf lost 1 branch"."""
    wrapped = [{"type": "object", "properties": {"o": side}, "required": ["o"]} for side in (old, new)]
    [finding] = diff_input_schemas(*wrapped).findings
    assert (finding.rule, finding.severity.name) == (rule, "BREAKING"), finding
    assert finding.witness.found, finding.witness.note
    old, new = wrapped
    value = finding.witness.value
    assert jsonschema.Draft202012Validator(old).is_valid(value)
    assert not jsonschema.Draft202012Validator(new).is_valid(value)
    # Without the unevaluated keyword the loss only loosens, as before.
    plain = [{**side, "properties": {"o": {k: v for k, v in side["properties"]["o"].items()
                                           if k != "unevaluatedProperties"}}} for side in (old, new)]
    assert all(f.severity.name != "BREAKING" for f in diff_input_schemas(*plain).findings)


def test_a_branch_repeating_the_nodes_properties_lost_beside_unevaluated_breaks_nothing():
    """Hostile trial, round 12: an allOf branch whose properties the node declares too, lost
    beside unevaluatedProperties false, evaluates nothing the node does not: the round-11 grading
    made it a BREAKING "allOf removed", beside the old pair "unevaluatedProperties added: false"
    and "removed (was false)" (the one keyword, spelled two ways by the canonical form once the
    in-place applicator went). The branch repeats what its node holds, so it is no finding,
    lost or gained (round 12's second look: gained, it was a BREAKING "allOf added")."""
    old = {"type": "object", "allOf": [{"properties": {"a": {}}}], "properties": {"a": {}},
           "unevaluatedProperties": False}
    new = {"type": "object", "properties": {"a": {}}, "unevaluatedProperties": False}
    assert diff_input_schemas(old, new).findings == []
    assert diff_input_schemas(new, old).findings == []


@pytest.mark.parametrize("closing", [{}, {"unevaluatedProperties": False}], ids=["plain", "unevaluated"])
@pytest.mark.parametrize("others", [[], [{"required": ["a"]}]], ids=["lone", "beside-a-branch"])
def test_an_allof_branch_that_repeats_its_node_is_no_finding(closing, others):
    """Hostile trial, round 12's note: an allOf branch gained that only repeats its node's
    properties adds no condition, yet it was a BREAKING "allOf added" (and, beside another
    branch, "allOf gained 1 branch") with no witness. No value's fate changes, either way."""
    node = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], **closing}
    repeated = {**node, "allOf": [*others, {"properties": {"a": {"type": "string"}}}]}
    base = {**node, "allOf": others} if others else node
    assert diff_input_schemas(base, repeated).findings == []
    assert diff_input_schemas(repeated, base).findings == []
    # A branch that says more than its node is still a condition gained.
    stricter = {**node, "allOf": [*others, {"properties": {"a": {"type": "string", "minLength": 2}}}]}
    [finding] = diff_input_schemas(base, stricter).findings
    assert finding.severity.name == "BREAKING" and finding.witness.found, finding


def test_an_anyof_that_accepts_every_value_added_beside_unevaluated_false_only_loosens():
    """Hostile trial, round 12's note: anyOf [{additionalProperties: {}}] added beside
    unevaluatedProperties false adds no condition and evaluates every member (Core 2020-12,
    11.3), so it only lets more in; it was graded constraint.changed, a BREAKING no call
    could show. Removed, it is a break with its witness."""
    old = {"type": "object", "properties": {"a": {"type": "string"}}, "unevaluatedProperties": False}
    new = {**old, "anyOf": [{"additionalProperties": {}}]}
    [gained] = diff_input_schemas(old, new).findings
    assert (gained.rule, gained.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING"), gained
    [lost] = diff_input_schemas(new, old).findings
    assert (lost.rule, lost.severity.name) == ("tool.input.constraint.tightened", "BREAKING"), lost
    assert lost.witness.found
    assert jsonschema.Draft202012Validator(new).is_valid(lost.witness.value)
    assert not jsonschema.Draft202012Validator(old).is_valid(lost.witness.value)


def test_a_combinator_removed_beside_unevaluated_false_is_said_once_with_its_witness():
    """Hostile trial, round 12: the new side's additionalProperties false (its
    unevaluatedProperties, respelled once nothing else evaluates) was lifted into the lost
    anyOf's branch and read as "the schema now rejects every value"."""
    old = {"type": "object", "anyOf": [{"additionalProperties": {}}], "unevaluatedProperties": False}
    new = {"type": "object", "unevaluatedProperties": False}
    [finding] = diff_input_schemas(old, new).findings
    # Since round 13 the old side's form is {type: object}: the anyOf's additionalProperties
    # evaluates every member, so its unevaluatedProperties reads nothing and is dropped, and
    # the finding is said at that keyword, which now has members left to refuse.
    assert (finding.path, finding.severity.name) == ("inputSchema.unevaluatedProperties", "BREAKING"), finding
    assert "now refuses what nothing else evaluates" in finding.message, finding.message
    assert "rejects every value" not in finding.message and finding.witness.found


DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema"
DRAFT_2019 = "https://json-schema.org/draft/2019-09/schema"
#: Hostile trial, round 13, case 02: a $ref target whose additionalProperties evaluates every member.
EVALUATING_TARGET = {"type": "object", "$ref": "#/$defs/d",
                     "$defs": {"d": {"additionalProperties": {"type": "string"}}}}
#: Each schema evaluates every member (item) of what it accepts, through an in-place part.
EVALUATED_EVERY_MEMBER = {
    "ref-target": EVALUATING_TARGET,
    "ref-target-2019": {**EVALUATING_TARGET, "$schema": DRAFT_2019},
    "ref-target-items": {"type": "array", "$ref": "#/$defs/d", "$defs": {"d": {"items": {"type": "string"}}}},
    "allOf": {"type": "object", "allOf": [{"additionalProperties": {"type": "string"}}]},
    "allOf-closed": {"type": "object", "allOf": [{"properties": {"a": {}}, "additionalProperties": False}]},
    "anyOf-every-branch": {"type": "object", "anyOf": [{"additionalProperties": {"type": "string"}},
                                                       {"additionalProperties": {"type": "integer"}}]},
    "then-and-else": {"type": "object", "if": {"required": ["a"]}, "then": {"additionalProperties": {"type": "string"}},
                      "else": {"additionalProperties": {"type": "integer"}}},
}
PROBES = ({}, {"extra": ""}, {"extra": 1}, {"a": "x", "b": "y"}, {"a": 1}, {"a": "x", "b": 2}, [], [""], ["", 1], [1])


def _closed(schema: dict) -> dict:
    return {**schema, ("unevaluatedItems" if schema["type"] == "array" else "unevaluatedProperties"): False}


@pytest.mark.parametrize("plain", EVALUATED_EVERY_MEMBER.values(), ids=EVALUATED_EVERY_MEMBER.keys())
def test_an_unevaluated_false_with_nothing_left_to_read_is_no_change(plain):
    """Hostile trial, round 13 (case 02): unevaluatedProperties false added beside a $ref whose
    target has additionalProperties refuses nothing (the target evaluates every member, Core
    2020-12 10.3.2.3 and 11.3), yet the canonical form merged the target into the node without
    it and kept it an allOf branch with it: BREAKING "allOf added" and "unevaluatedProperties
    added: false", neither with a witness. Equal forms now, either way, and the form accepts
    what its input accepts."""
    closed = _closed(plain)
    assert canonical_schema(closed) == canonical_schema(plain)
    for schema in (plain, closed):
        form = canonical_schema(schema)
        assert canonical_schema(form) == form
        # jsonschema_rs reads the input: jsonschema's own 2019-09 unevaluatedProperties does not
        # count what a $ref target's additionalProperties evaluated (the round's case 01).
        check = jsonschema_rs.validator_for(schema)
        for value in PROBES:
            assert check.is_valid(value) == jsonschema.Draft202012Validator(form).is_valid(value), (schema, value)
    assert diff_input_schemas(plain, closed).findings == []
    assert diff_input_schemas(closed, plain).findings == []


def test_the_round_13_case_reads_as_the_target_merged():
    """The $ref target, kept as an allOf branch only because of the unevaluatedProperties beside
    it, is merged as it is without one (and as an allOf branch written so stays one, either way)."""
    for draft in (DRAFT_2020, DRAFT_2019):
        plain = {**EVALUATING_TARGET, "$schema": draft}
        assert canonical_schema(_closed(plain)) == {"type": ["object"], "additionalProperties": {"type": ["string"]}}
        assert canonical_schema(plain) == canonical_schema(_closed(plain))


@pytest.mark.parametrize("plain", [
    {"type": "object", "anyOf": [{"additionalProperties": {"type": "string"}}, {"required": ["a"]}]},
    {"type": "object", "dependentSchemas": {"a": {"additionalProperties": {"type": "string"}}}},
    {"type": "object", "if": {"required": ["a"]}, "then": {"additionalProperties": {"type": "string"}}},
    {"type": "object", "allOf": [{"properties": {"a": {}}}]},
    {"type": "array", "allOf": [{"prefixItems": [{}]}]},
], ids=["anyOf-one-branch", "dependentSchemas", "then-without-else", "properties", "prefixItems"])
def test_an_unevaluated_false_that_may_still_refuse_is_kept(plain):
    """Where some member (item) of an accepted value may be left unevaluated, the keyword
    stays: only a part that always applies, or every branch of a union, leaves it nothing."""
    closed = _closed(plain)
    form = canonical_schema(closed)
    assert form != canonical_schema(plain)
    for value in PROBES:
        assert jsonschema.Draft202012Validator(closed).is_valid(value) == \
            jsonschema.Draft202012Validator(form).is_valid(value), value
    assert any(jsonschema.Draft202012Validator(plain).is_valid(value) and
               not jsonschema.Draft202012Validator(closed).is_valid(value) for value in PROBES)


def test_an_unevaluated_false_that_comes_to_read_something_says_so():
    """Hostile trial, round 13: once the canonical form drops an unevaluatedProperties that reads
    nothing, the input still spells it on both sides; when what evaluated every member goes,
    the finding says the keyword now refuses, not that it was added (and the reverse)."""
    closing = {"type": "object", "unevaluatedProperties": False}
    evaluating = {**closing, "allOf": [{"additionalProperties": {"type": "string"}}]}
    other = {**closing, "allOf": [{"properties": {"a": {"type": "string"}}}]}
    at = "inputSchema.unevaluatedProperties"
    tightened = [f for f in diff_input_schemas(evaluating, other).findings if f.path == at]
    assert [(f.severity.name, f.message) for f in tightened] == [("BREAKING", (
        "unevaluatedProperties false now refuses what nothing else evaluates: before, a keyword beside it evaluated "
        "every member, so it refused none"))]
    assert tightened[0].witness.found
    value = tightened[0].witness.value
    assert jsonschema.Draft202012Validator(evaluating).is_valid(value)
    assert not jsonschema.Draft202012Validator(other).is_valid(value)
    loosened = [f for f in diff_input_schemas(other, evaluating).findings if f.path == at]
    assert [(f.severity.name, f.message) for f in loosened] == [("NON_BREAKING", (
        "unevaluatedProperties false now refuses nothing: a keyword beside it evaluates every member, so none is left "
        "to it"))]


@pytest.mark.parametrize(("entry", "removed_rule"), [
    ({"additionalProperties": True}, "tool.input.constraint.tightened"),
    ({"additionalProperties": True, "required": ["y"]}, "tool.input.constraint.changed"),
], ids=["accepts-every-value", "with-a-condition"])
def test_a_dependent_schema_that_evaluates_members_beside_unevaluated_false(entry, removed_rule):
    """A fixer's note, round 13: removing a dependentSchemas entry whose additionalProperties
    evaluated every member, beside unevaluatedProperties false, was a NON_BREAKING loosening,
    though {"x": 1} worked and is refused after it; adding it was a BREAKING tightening, though
    it only frees members. Removed, it is a break with its witness; added, it is not orderable
    when the entry adds a condition too, and a loosening when it does not."""
    old = {"type": "object", "dependentSchemas": {"x": entry}, "unevaluatedProperties": False}
    new = {"type": "object", "unevaluatedProperties": False}
    [removed] = diff_input_schemas(old, new).findings
    assert (removed.rule, removed.severity.name) == (removed_rule, "BREAKING"), removed
    assert removed.witness.found, removed.witness.note
    assert jsonschema.Draft202012Validator(old).is_valid(removed.witness.value)
    assert not jsonschema.Draft202012Validator(new).is_valid(removed.witness.value)
    [added] = diff_input_schemas(new, old).findings
    expected = "NON_BREAKING" if removed_rule.endswith("tightened") else "BREAKING"
    assert added.severity.name == expected, added
    # Without the unevaluated keyword the entry is only a condition, as before.
    plain = [{k: v for k, v in side.items() if k != "unevaluatedProperties"} for side in (old, new)]
    assert all(f.severity.name != "BREAKING" for f in diff_input_schemas(*plain).findings)


@pytest.mark.parametrize(("before", "after"), [
    ({"a": {"properties": {"x": {}}}}, {"a": {"properties": {"x": {}, "y": {}}}}),
    ({"a": {"properties": {"x": {}}}}, {"a": {"properties": {"x": {}}}, "b": {"properties": {"y": {}}}}),
    ({"a": {"properties": {"x": {}}}}, {"a": {"additionalProperties": True}}),
], ids=["entry-evaluates-more", "entry-added", "entry-evaluates-every-member"])
def test_dependent_schemas_that_only_evaluate_more_loosen(before, after):
    """Hostile trial, round 14: a dependentSchemas entry that accepts every value and evaluates
    one more member beside unevaluatedProperties false can only let more objects in, yet it was
    a BREAKING constraint.changed with no witness (and a second entry added, too). The
    reverse refuses what the old entry evaluated: a BREAKING with its witness."""
    def schema(dependent):
        return {"type": "object", "properties": {"a": {}, "b": {}}, "dependentSchemas": dependent,
                "unevaluatedProperties": False}

    [wider] = diff_input_schemas(schema(before), schema(after)).findings
    assert (wider.rule, wider.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING"), wider
    [narrower] = diff_input_schemas(schema(after), schema(before)).findings
    assert (narrower.rule, narrower.severity.name) == ("tool.input.constraint.tightened", "BREAKING"), narrower
    assert narrower.witness.found, narrower.witness.note
    assert jsonschema.Draft202012Validator(schema(after)).is_valid(narrower.witness.value)
    assert not jsonschema.Draft202012Validator(schema(before)).is_valid(narrower.witness.value)
