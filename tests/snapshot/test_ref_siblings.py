"""Keywords beside a ``$ref`` (hostile trial, round 6). Since 2019-09 they apply beside the
reference's target, both of them: the canonical form merged the two with the siblings
winning, so a bound beside the reference hid a change of the target's own bound, a type
beside it hid a target of another type, and a root ``$ref`` to ``{type: null}`` (no call
valid) read as "No changes". Draft 3 to 7 ignore the siblings of a ``$ref`` (draft-07 Core
8.3), so a bound changed there changes nothing a validator does, though it was BREAKING."""

from __future__ import annotations

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st
from support import diff_input_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

DRAFT_07 = "http://json-schema.org/draft-07/schema#"


def _breaking(old, new):
    report = diff_input_schemas(old, new)
    assert report.new.fingerprint != report.old.fingerprint
    return [(f.rule, f.witness.value if f.witness and f.witness.found else None)
            for f in report.findings if f.severity.name == "BREAKING"]


def _refused_by_new_only(old, new, value):
    accepts = jsonschema.Draft202012Validator
    return accepts(old).is_valid(value) and not accepts(new).is_valid(value)


def _bounded(target_max: int) -> dict:
    return {"type": "object", "properties": {"x": {"$ref": "#/$defs/a", "maximum": 10}},
            "$defs": {"a": {"type": "integer", "maximum": target_max}}}


def test_a_bound_beside_the_reference_does_not_hide_the_targets_own():
    old, new = _bounded(5), _bounded(3)
    assert _breaking(old, new) == [("tool.input.constraint.tightened", {"x": 4})]
    assert _refused_by_new_only(old, new, {"x": 4})


def test_a_reference_added_beside_a_type_is_a_break():
    old = {"type": "object", "properties": {"b": {"type": "string"}}, "$defs": {"d": {"type": "integer"}}}
    new = {"type": "object", "properties": {"b": {"type": "string", "$ref": "#/$defs/d"}},
           "$defs": {"d": {"type": "integer"}}}
    assert _breaking(old, new) == [("tool.input.constraint.tightened", {"b": ""})]
    assert _refused_by_new_only(old, new, {"b": ""})


def test_a_root_reference_that_refuses_every_call_is_a_break_with_its_witness():
    old = {"type": "object", "properties": {"a": {"type": "string"}}, "$defs": {"n": {"type": "null"}}}
    new = {**old, "$ref": "#/$defs/n"}
    assert _breaking(old, new) == [("tool.input.constraint.tightened", {})]


def test_annotations_beside_a_reference_still_merge_as_generators_write_them():
    """zod-to-json-schema and pydantic put a description (or a default) beside a $ref: it is
    what the reader is shown, and it replaces the target's."""
    schema = {"properties": {"x": {"$ref": "#/$defs/a", "description": "beside", "default": 1}},
              "$defs": {"a": {"type": "integer", "description": "target", "maximum": 5}}}
    assert canonical_schema(schema) == {"properties": {"x": {"type": ["integer"], "maximum": 5,
                                                             "description": "beside", "default": 1}}}


def test_keywords_that_read_each_other_stay_apart():
    """additionalProperties in the target does not see the siblings' properties: merged, 'b'
    would have been allowed and 'a' refused, the other way round from what validators do."""
    schema = {"$ref": "#/$defs/t", "properties": {"b": {"type": "string"}},
              "$defs": {"t": {"type": "object", "properties": {"a": {"type": "string"}},
                              "additionalProperties": False}}}
    form = canonical_schema(schema)
    assert form == {"properties": {"b": {"type": ["string"]}},
                    "allOf": [{"type": ["object"], "properties": {"a": {"type": ["string"]}},
                               "additionalProperties": False}]}
    for value in ({"a": ""}, {"b": ""}, {"b": 1}):
        assert jsonschema.Draft202012Validator(schema).is_valid(value) == \
            jsonschema.Draft202012Validator(form).is_valid(value), value


def test_a_sibling_unevaluated_keyword_sees_what_the_reference_evaluated():
    schema = {"$ref": "#/$defs/t", "unevaluatedProperties": False,
              "$defs": {"t": {"properties": {"a": {"type": "string"}}}}}
    form = canonical_schema(schema)
    # the target is an allOf branch beside it, which the sibling unevaluated* reads
    assert form == {"unevaluatedProperties": False, "allOf": [{"properties": {"a": {"type": ["string"]}}}]}
    for value, valid in (({"a": ""}, True), ({"c": 1}, False)):
        assert jsonschema.Draft202012Validator(schema).is_valid(value) is valid
        assert jsonschema.Draft202012Validator(form).is_valid(value) is valid


def test_draft_07_ignores_what_lies_beside_a_reference_but_a_model_still_reads_its_text():
    def schema(maximum: int, description: str) -> dict:
        return {"$schema": DRAFT_07, "type": "object",
                "properties": {"x": {"$ref": "#/definitions/a", "maximum": maximum, "description": description}},
                "definitions": {"a": {"type": "integer"}}}

    assert diff_input_schemas(schema(10, "n"), schema(5, "n")).findings == []
    (finding,) = diff_input_schemas(schema(10, "Count"), schema(10, "Never more than five")).findings
    assert finding.rule == "tool.input.description.changed"


# --- a property: the merged form accepts what the reference and its siblings accept --------

_PARTS = st.sampled_from([
    {"type": "integer"}, {"type": "string"}, {"type": "object"}, {"type": "array"}, {"type": ["integer", "string"]},
    {"maximum": 3}, {"maximum": 5}, {"minimum": 1}, {"minLength": 1}, {"maxLength": 2},
    {"properties": {"a": {"type": "string"}}}, {"properties": {"b": {"type": "integer"}}},
    {"additionalProperties": False}, {"required": ["a"]}, {"unevaluatedProperties": False},
    {"items": {"type": "integer"}}, {"prefixItems": [{"type": "string"}]}, {"contains": {"type": "string"}},
    {"minContains": 2}, {"maxContains": 1}, {"if": {"required": ["a"]}}, {"then": {"required": ["b"]}},
    {"else": {"maxProperties": 0}}, {"allOf": [{"minimum": 2}]}, {"description": "text"}, {"default": 0},
    {"anyOf": [{"properties": {"a": True}}, {"required": ["c"]}]}, {"allOf": [{"properties": {"b": True}}]},
    {"unevaluatedItems": False},
])
_VALUES = [None, 0, 2, 4, 9, "", "x", "xyz", [], [1], ["s"], ["s", "t"], [1, "s"], {}, {"a": ""}, {"a": 1},
           {"b": 1}, {"a": "", "b": 1}, {"a": "", "b": "x"}, {"c": True}]


def _schema(parts: list[dict]) -> dict:
    out: dict = {}
    for part in parts:
        out.update(part)
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(_PARTS, min_size=1, max_size=4), st.lists(_PARTS, min_size=1, max_size=3))
def test_the_form_of_a_reference_with_siblings_accepts_what_a_validator_accepts(target_parts, sibling_parts):
    target, siblings = _schema(target_parts), _schema(sibling_parts)
    schema = {"$ref": "#/$defs/t", **siblings, "$defs": {"t": target}}
    form = canonical_schema(schema)
    written, read = jsonschema.Draft202012Validator(schema), jsonschema.Draft202012Validator(form)
    assert [v for v in _VALUES if written.is_valid(v) != read.is_valid(v)] == [], form


def test_unevaluated_beside_or_behind_a_reference_reads_only_what_it_reads_in_the_input():
    """Hostile trial, round 7: the target's unevaluatedProperties held apart from its own
    allOf rejected {"a": 1}, which validators accept; merged with the siblings' anyOf it saw
    their annotations, and moving unevaluatedProperties false behind a $ref read "No
    changes" while {"a": 1} became invalid."""
    behind = {"type": "object", "$ref": "#/$defs/d", "properties": {"b": True},
              "$defs": {"d": {"allOf": [{"properties": {"a": True}}], "unevaluatedProperties": False}}}
    beside = {"type": "object", "anyOf": [{"properties": {"a": True}}], "$ref": "#/$defs/d",
              "$defs": {"d": {"unevaluatedProperties": False}}}
    for schema in (behind, beside):
        form = canonical_schema(schema)
        for value in ({}, {"a": 1}, {"b": 1}, {"a": 1, "b": 1}):
            assert jsonschema.Draft202012Validator(schema).is_valid(value) == \
                jsonschema.Draft202012Validator(form).is_valid(value), (schema, value)


def test_a_dynamic_reference_beside_a_static_one_is_read_too():
    """Hostile trial, round 7: a $dynamicRef beside a $ref was kept as inert data, so a bound
    tightened in its target read "No changes"."""
    def schema(maximum: int) -> dict:
        return {"type": "object", "properties": {"x": {"$ref": "#/$defs/a", "$dynamicRef": "#/$defs/b"}},
                "$defs": {"a": {"type": "integer"}, "b": {"maximum": maximum}}}

    old, new = schema(10), schema(5)
    assert _breaking(old, new) == [("tool.input.constraint.tightened", {"x": 10})]
    assert _refused_by_new_only(old, new, {"x": 10})


def test_draft_07_ignores_an_id_beside_a_reference_too():
    """Hostile trial, round 7: a draft-07 $id beside a $ref (which draft-07 ignores) made the
    reference resolve against it: a false "does not resolve" warning, and the bound change
    said only as a change of the definitions."""
    def schema(maximum: int) -> dict:
        return {"$schema": DRAFT_07, "type": "object", "definitions": {"a": {"type": "integer", "maximum": maximum}},
                "properties": {"x": {"$id": "http://example.com/x", "$ref": "#/definitions/a"}}}

    report = diff_input_schemas(schema(10), schema(5))
    assert report.warnings == []
    (finding,) = report.findings
    assert finding.path == "inputSchema.properties.x.maximum" and finding.witness.value == {"x": 6}
