"""``dependentRequired`` and ``dependentSchemas`` are read by what they accept: an entry that only
requires names is one spelling in either keyword, an entry of a required property is part of
``required``, entries are ordered (fewer names, or an entry gone, accept more objects), and a
``dependentSchemas`` entry on both sides is walked as a ``then`` is.

Hostile trial, round 19: ``dependentRequired: {a: [b]}`` → ``dependentSchemas: {a: {required:
[b]}}`` (the same assertion, Validation 2020-12 6.5.4 and Core 10.2.2.4) was a BREAKING
"dependentSchemas added", and ``required: [a]`` beside ``dependentRequired: {a: [b]}`` →
``required: [a, b]`` a BREAKING "b is now required"; an entry dropped from ``dependentRequired``,
or a ``maxLength`` dropped inside a ``dependentSchemas`` entry, was a BREAKING
``constraint.changed`` no call could show. Every witness is checked here by jsonschema and
jsonschema_rs, not by the code that found it.
"""

from __future__ import annotations

from typing import Any

import pytest
from support import accepted_by_both, diff_input_schemas, diff_output_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _object(**keywords: Any) -> dict:
    return {"type": "object", "properties": {"a": {}, "b": {"type": "string"}}, **keywords}


def _only(report: Any) -> Any:
    (finding,) = report.findings
    return finding


def _shown(finding: Any, refused_by: dict, accepted_by: dict) -> Any:
    assert finding.severity.name == "BREAKING", finding.message
    assert finding.witness is not None and finding.witness.found, finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(accepted_by, value) and not accepted_by_both(refused_by, value), value
    return value


@pytest.mark.parametrize(("old", "new"), [
    (_object(dependentRequired={"a": ["b"]}), _object(dependentSchemas={"a": {"required": ["b"]}})),
    (_object(required=["a"], dependentRequired={"a": ["b"]}), _object(required=["a", "b"])),
    (_object(required=["a"], dependentSchemas={"a": {"required": ["b"]}}), _object(required=["b", "a"])),
    (_object(dependentRequired={"a": ["b"]}, dependentSchemas={"a": {"required": ["c"]}}),
     _object(dependentRequired={"a": ["c", "b"]})),
])
@pytest.mark.parametrize("reverse", [False, True])
def test_one_assertion_spelled_two_ways_is_no_change(old, new, reverse):
    old, new = (new, old) if reverse else (old, new)
    assert diff_input_schemas(old, new).findings == []
    assert diff_output_schemas(old, new).findings == []
    for value in ({}, {"a": 1}, {"a": 1, "b": "x"}, {"a": 1, "b": "x", "c": 2}, {"b": "x"}):
        assert accepted_by_both(old, value) == accepted_by_both(new, value), value


def test_a_dependent_required_entry_removed_loosens():
    old, new = _object(dependentRequired={"a": ["b"], "c": ["d"]}), _object(dependentRequired={"a": ["b"]})
    finding = _only(diff_input_schemas(old, new))
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert finding.path == "inputSchema.dependentRequired"
    output = _only(diff_output_schemas(old, new))
    assert (output.rule, output.severity.name) == ("tool.output.constraint.loosened", "BREAKING")
    assert "c" in _shown(output, refused_by=old, accepted_by=new)


def test_a_dependent_required_entry_extended_tightens():
    old, new = _object(dependentRequired={"a": ["b"]}), _object(dependentRequired={"a": ["b", "c"]})
    finding = _only(diff_input_schemas(old, new))
    assert finding.rule == "tool.input.constraint.tightened"
    _shown(finding, refused_by=new, accepted_by=old)


def test_a_dependent_required_entry_renamed_is_not_orderable():
    old, new = _object(dependentRequired={"a": ["b"]}), _object(dependentRequired={"a": ["c"]})
    finding = _only(diff_input_schemas(old, new))
    assert finding.rule == "tool.input.constraint.changed"
    _shown(finding, refused_by=new, accepted_by=old)


def _entry(**b: Any) -> dict:
    return _object(dependentSchemas={"a": {"properties": {"b": {"type": "string", **b}}}})


def test_a_dependent_schemas_entry_loosened_is_walked():
    finding = _only(diff_input_schemas(_entry(maxLength=1), _entry()))
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert finding.path == "inputSchema.dependentSchemas.a.properties.b.maxLength"
    output = _only(diff_output_schemas(_entry(maxLength=1), _entry()))
    _shown(output, refused_by=_entry(maxLength=1), accepted_by=_entry())


def test_a_dependent_schemas_entry_tightened_is_walked():
    finding = _only(diff_input_schemas(_entry(), _entry(maxLength=1)))
    assert finding.rule == "tool.input.constraint.tightened"
    assert finding.path == "inputSchema.dependentSchemas.a.properties.b.maxLength"
    value = _shown(finding, refused_by=_entry(maxLength=1), accepted_by=_entry())
    assert "a" in value  # the entry applies only where its property is sent


def test_a_dependent_schemas_entry_gained_or_lost():
    one = _object(dependentSchemas={"a": {"maxProperties": 3}})
    two = _object(dependentSchemas={"a": {"maxProperties": 3}, "b": {"required": ["c"], "maxProperties": 2}})
    gained = _only(diff_input_schemas(one, two))
    assert (gained.rule, gained.path) == ("tool.input.constraint.tightened", "inputSchema.dependentSchemas.b")
    _shown(gained, refused_by=two, accepted_by=one)
    lost = _only(diff_input_schemas(two, one))
    assert (lost.rule, lost.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")


def test_a_property_an_entry_declares_is_held_by_the_node_beside_it():
    """The entry applies beside the node: the node's additionalProperties still holds ``b``."""
    def schema(declared: dict) -> dict:
        return {"type": "object", "additionalProperties": {"type": "string"},
                "dependentSchemas": {"a": {"properties": {"c": {}, **declared}}}}

    finding = _only(diff_input_schemas(schema({}), schema({"b": {"type": "integer"}})))
    assert finding.rule == "tool.input.type.changed"
    _shown(finding, refused_by=schema({"b": {"type": "integer"}}), accepted_by=schema({}))


@pytest.mark.parametrize(("old", "new", "expected"), [
    # The entry of a required property is part of required: the old side folds it, the new keeps
    # it; what changed is the required names, which their findings say (no false "added").
    (_object(required=["a"], dependentSchemas={"a": {"required": ["b"]}}),
     _object(dependentSchemas={"a": {"required": ["b"]}}),
     [("tool.input.required.removed", "NON_BREAKING"), ("tool.input.required.removed", "NON_BREAKING")]),
    (_object(dependentRequired={"a": ["b"]}), _object(required=["a", "b"]),
     [("tool.input.required.added", "BREAKING"), ("tool.input.required.added", "BREAKING")]),
    (_object(required=["a"], dependentRequired={"a": ["b"]}), _object(required=["a"]),
     [("tool.input.required.removed", "NON_BREAKING")]),
])
def test_an_entry_read_with_the_required_names_beside_it(old, new, expected):
    report = diff_input_schemas(old, new)
    assert sorted((f.rule, f.severity.name) for f in report.findings) == expected
    for finding in report.findings:
        if finding.severity.name == "BREAKING":
            _shown(finding, refused_by=new, accepted_by=old)


@pytest.mark.parametrize(("old_entry", "new_entry", "rule", "path"), [
    ({"required": ["b"], "maxProperties": 2}, {"required": ["b"]},
     "tool.input.constraint.loosened", "inputSchema.dependentSchemas.a.maxProperties"),
    ({"required": ["b"]}, {"required": ["b"], "maxProperties": 2},
     "tool.input.constraint.tightened", "inputSchema.dependentSchemas.a.maxProperties"),
])
def test_an_entry_that_becomes_names_only_is_compared_as_one_entry(old_entry, new_entry, rule, path):
    """The canonical form writes an entry that only requires names as a dependentRequired
    entry: against a dependentSchemas entry of the other side it is read as that entry again,
    where it was "dependentSchemas removed" beside a false BREAKING "dependentRequired added"."""
    old, new = _object(dependentSchemas={"a": old_entry}), _object(dependentSchemas={"a": new_entry})
    finding = _only(diff_input_schemas(old, new))
    assert (finding.rule, finding.path) == (rule, path)
    if rule.endswith("tightened"):
        _shown(finding, refused_by=new, accepted_by=old)


def test_an_entry_asking_for_names_the_old_side_required_tightens_nothing():
    """The old side required ``a`` and ``c`` (an entry of ``b`` asking for them folds away): the
    new side requires ``c`` and asks for ``a`` and ``c`` once ``b`` is sent, which every old call
    does anyway. Only ``a`` no longer required is news (it was a BREAKING constraint.changed)."""
    names = {"a": {"type": "string"}, "b": {"type": "integer"}, "c": {}}
    old = {"type": "object", "properties": names, "required": ["c", "a"], "dependentRequired": {"b": ["a", "c"]}}
    new = {"type": "object", "properties": names, "required": ["c"], "dependentRequired": {"b": ["a", "c"]}}
    finding = _only(diff_input_schemas(old, new))
    assert (finding.rule, finding.severity.name) == ("tool.input.required.removed", "NON_BREAKING")


@pytest.mark.parametrize(("old", "new"), [
    ({"type": "object", "required": ["a"], "dependentRequired": {"a": [{"x": 1}]}}, {"type": "object"}),
    ({"type": "object", "required": ["a"], "dependentRequired": {"a": ["b", 1]}},
     {"type": "object", "required": ["a"]}),
    ({"type": "object", "dependentRequired": {"a": ["b", 1]}, "dependentSchemas": {"a": {"maxProperties": 1}}},
     {"type": "object", "dependentSchemas": {"a": {"required": ["b"], "maxProperties": 1}}}),
    ({"type": "object", "dependentRequired": {"a": ["b"]}, "dependentSchemas": {"c": {}}},
     {"type": "object", "dependentSchemas": {"a": {"required": "b"}}}),
])
def test_entries_that_are_no_lists_of_names_are_compared_as_written(old, new):
    """Untrusted input: a malformed entry folds nothing and joins nothing (it was an internal
    error: names compared with a number, a dict hashed), and the diff still says something."""
    assert diff_input_schemas(old, new).findings
    assert diff_input_schemas(new, old).findings


_REFUSES_OBJECTS = {"type": "array"}
_ADMITS_OBJECTS = {"type": ["object", "null"], "minItems": 2}


@pytest.mark.parametrize(("old_entry", "new_entry", "defs"), [
    (_REFUSES_OBJECTS, {"type": "object"}, None),
    (_REFUSES_OBJECTS, _ADMITS_OBJECTS, None),
    ({"type": ["array", "string"], "minItems": 1}, {"minLength": 3}, None),
    ({"$ref": "#/$defs/n"}, {"$ref": "#/$defs/m"}, {"n": {"type": "array"}, "m": {"type": "object"}}),
])
def test_an_entry_is_a_schema_of_the_object_itself(old_entry, new_entry, defs):
    """Hostile trial, round 31: ``dependentSchemas: {a: {type: array}}`` → ``{a: {type: object}}``
    was a BREAKING "type changed: array → object" no call could show. The entry applies to the
    object itself (Core 2020-12, 10.2.2.4): the old one refused every object holding ``a``, the
    new one refuses none, and keywords of other types are idle there. Also through a $ref."""
    extra = {"$defs": defs} if defs else {}
    old, new = (_object(dependentSchemas={"a": entry}, **extra) for entry in (old_entry, new_entry))
    finding = _only(diff_input_schemas(old, new))
    assert finding.severity.name == "NON_BREAKING", finding.message
    assert _only(diff_input_schemas(new, old)).severity.name == "BREAKING"
    for value in ({"a": 1}, {"a": 1, "b": "x"}, {"b": "x"}, {}):
        assert not accepted_by_both(old, value) or accepted_by_both(new, value), value
    assert accepted_by_both(new, {"a": 1}) and not accepted_by_both(old, {"a": 1})


def test_an_entry_that_admits_objects_keeps_its_object_keywords():
    """Its ``type`` and the keywords of other types go; what it asks of the object stays."""
    old = _object(dependentSchemas={"a": {"type": ["object", "array"], "maxItems": 1, "maxProperties": 3}})
    new = _object(dependentSchemas={"a": {"maxProperties": 2}})
    finding = _only(diff_input_schemas(old, new))
    assert finding.severity.name == "BREAKING" and finding.path.endswith("maxProperties"), finding.message
    assert finding.witness is not None and finding.witness.found
    _shown(finding, new, old)
