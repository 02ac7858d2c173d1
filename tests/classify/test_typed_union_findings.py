"""A nullable type list against zod's union of a typed branch and null (new-user trial, round 17).

zod writes a nullable string as ``{type: [string, null]}`` until it has a bound, and then as
``anyOf: [{type: string, maxLength: 256}, {type: null}]``. @baruchiro/paperless-mcp 2.1.0 →
2.2.1 added such bounds (moving from zod 3 to zod 4 on the way), and the diff reported a
BREAKING ``type.narrowed`` "null, string → string" beside each real ``maxLength`` tightening,
though null was still accepted (8 false findings). The canonical form now merges such a union
into one node (snapshot/dialects.py, ``typed_union``), and a keyword the input spells in a
branch is still named there (classify/spelling.py, ``fork_branch_keywords``).
"""

from __future__ import annotations

import pytest
from support import ZOD_NULLABLE as NULLABLE
from support import accepted_by_both, diff_input_schemas


def tool(field: dict, name: str = "filter_body") -> dict:
    return {"type": "object", "properties": {"name": {"type": "string"}, name: field}, "required": ["name"]}


def found(old: dict, new: dict) -> list[tuple[str, str, str]]:
    return [(f.rule, f.severity.name, f.path) for f in diff_input_schemas(old, new).findings]


@pytest.mark.parametrize("name", list(NULLABLE))
def test_the_type_list_and_zods_union_are_no_change(name):
    listed, union = NULLABLE[name]
    assert found(tool(listed), tool(union)) == []
    assert found(tool(union), tool(listed)) == []


def test_a_max_length_added_inside_the_branch_is_the_one_finding_and_is_named_there():
    old = tool({"type": ["string", "null"]})
    new = tool({"anyOf": [{"type": "string", "maxLength": 256}, {"type": "null"}]})
    assert found(old, new) == [("tool.input.constraint.tightened", "BREAKING",
                                "inputSchema.properties.filter_body.anyOf.0.maxLength")]
    # Back again: a loosening, named where the old side spelled it.
    assert found(new, old) == [("tool.input.constraint.loosened", "NON_BREAKING",
                                "inputSchema.properties.filter_body.anyOf.0.maxLength")]


def test_a_member_of_a_nullable_object_is_named_inside_its_branch():
    def schema(limit: int | None) -> dict:
        member = {"type": "string"} if limit is None else {"type": "string", "maxLength": limit}
        return tool({"anyOf": [{"type": "null"}, {"type": "object", "properties": {"a": member}}]}, "filter")
    assert found(schema(None), schema(3)) == [("tool.input.constraint.tightened", "BREAKING",
                                               "inputSchema.properties.filter.anyOf.1.properties.a.maxLength")]


def test_a_branch_with_its_own_description_keeps_its_union():
    """Its text has no place in the node: the union stays, compared branch by branch, and the
    type list it is compared with is read as branches of its types, not lifted into one branch
    (which lost null: a false "null, string → string" for zod 4's ``.describe().nullable()``)."""
    old = tool({"type": ["string", "null"]})
    new = tool({"anyOf": [{"type": "string", "maxLength": 256, "description": "Body text."}, {"type": "null"}]})
    where = "inputSchema.properties.filter_body.anyOf.0"
    assert found(old, new) == [("tool.input.description.changed", "POTENTIALLY_BREAKING", f"{where}.description"),
                               ("tool.input.constraint.tightened", "BREAKING", f"{where}.maxLength")]


@pytest.mark.parametrize("bound", [{}, {"maxLength": 256}])
def test_a_description_zod_4_writes_in_the_branch_only_moved(bound):
    """zod 3 writes ``z.string().describe(d).nullable()`` as ``{type: [string, null],
    description: d}``, zod 4 as ``anyOf: [{type: string, description: d}, {type: null}]``: the
    same text for the same values, two DOCUMENTATION findings (and the bound, where one came)."""
    text = "Only mails whose body holds this text."
    old = tool({"type": ["string", "null"], "description": text})
    new = tool({"anyOf": [{"type": "string", "description": text, **bound}, {"type": "null"}]})
    where = "inputSchema.properties.filter_body"
    moved = [("tool.input.description.changed", "DOCUMENTATION", f"{where}.anyOf.0.description"),
             ("tool.input.description.changed", "DOCUMENTATION", f"{where}.description")]
    tightened = [("tool.input.constraint.tightened", "BREAKING", f"{where}.anyOf.0.maxLength")] if bound else []
    assert sorted(found(old, new)) == sorted(moved + tightened)
    loosened = [("tool.input.constraint.loosened", "NON_BREAKING", f"{where}.anyOf.0.maxLength")] if bound else []
    assert sorted(found(new, old)) == sorted(moved + loosened)
    reasons = {f.args["reason"] for f in diff_input_schemas(old, new).findings if "description" in f.path}
    assert reasons == {"moved_branch_text"}


def test_the_null_branch_removed_is_a_type_lost():
    old = tool({"anyOf": [{"type": "string", "maxLength": 256}, {"type": "null"}]})
    new = tool({"type": "string", "maxLength": 256})
    assert found(old, new) == [("tool.input.type.narrowed", "BREAKING", "inputSchema.properties.filter_body.anyOf")]


def severities(old: dict, new: dict) -> list[tuple[str, str, str]]:
    return sorted(found(tool(old, "p"), tool(new, "p")))


@pytest.mark.parametrize("old, new", [
    ({"anyOf": [{"type": "null", "description": "d"}, {"type": "string"}]},
     {"oneOf": [{"type": "null"}, {"type": "string"}], "description": "d"}),
    ({"oneOf": [{"type": "null", "description": "d"}, {"type": "string"}]},
     {"oneOf": [{"type": "null"}, {"type": "string"}]}),
    ({"oneOf": [{"type": "null"}, {"type": "string", "minLength": 1, "description": "d"}]},
     {"oneOf": [{"type": "null"}, {"type": "string", "minLength": 1}]}),
    ({"oneOf": [{"type": "null", "default": None}, {"type": "string"}]},
     {"oneOf": [{"type": "null"}, {"type": "string"}]}),
])
def test_a_disjoint_oneof_facing_a_union_its_annotation_keeps_is_no_tightening(old, new):
    """Hostile trial, round 19: the side whose branch holds an annotation keeps its union (an
    anyOf in the canonical form, the branches being disjoint), the other side's disjoint oneOf
    folds to a type list, and the type list was read back as the input's oneOf: the spelling
    alone was a BREAKING "anyOf became oneOf" (or "the oneOf branches may now both match one
    value") though null and string share no value. Only the annotation is left to report."""
    for before, after in ((old, new), (new, old)):
        said = severities(before, after)
        assert said and {rule for rule, _, _ in said} <= {"tool.input.description.changed",
                                                          "tool.input.default.changed"}, said
        assert all(severity != "BREAKING" for _, severity, _ in said)


def test_a_bound_loosened_as_a_disjoint_oneof_becomes_a_described_anyof_is_a_loosening():
    """Hostile trial, round 19 (a regression of the round's typed-union fold): oneOf [{integer,
    minimum 2}, {null}] folds to a type list, the new anyOf keeps its described branch, and the
    list read back as a oneOf made the bound "inside a oneOf branch" not orderable: a BREAKING
    "lower bound ≥ 2 → ≥ 1" beside a "oneOf became anyOf" no value could show."""
    old = {"oneOf": [{"type": "integer", "minimum": 2}, {"type": "null"}]}
    new = {"anyOf": [{"type": "integer", "minimum": 1, "description": "d"}, {"type": "null"}]}
    p = "inputSchema.properties.p"
    text = ("tool.input.description.changed", "POTENTIALLY_BREAKING", f"{p}.anyOf.0.description")
    assert severities(old, new) == [("tool.input.constraint.loosened", "NON_BREAKING", f"{p}.anyOf.0.minimum"), text]
    # Back again: the bound tightens (named where the new side's input spells it), and that alone.
    assert severities(new, old) == [("tool.input.constraint.tightened", "BREAKING", f"{p}.oneOf.0.minimum"), text]


@pytest.mark.parametrize("listed", [
    {"type": ["string", "null"]},
    {"anyOf": [{"type": "string"}, {"type": "null"}]},
    {"oneOf": [{"type": "string"}, {"type": "null"}]},
])
def test_a_type_list_facing_a_oneof_that_may_overlap_is_the_switch_alone(listed):
    """Found beside hostile trial, round 19: a type list (however the input spells it) faces a
    oneOf the canonical form keeps, its branches overlapping (every string of at most 5
    characters matches both). The list was read as a oneOf of its types unless spelled anyOf,
    and every change inside the branches became "not orderable": two BREAKING findings for
    a loosening (the list accepts every value the oneOf did). Read as the anyOf it is, the
    one change is the switch, in either direction."""
    overlapping = {"oneOf": [{"type": "string", "maxLength": 5}, {"type": ["string", "null"]}]}
    assert [(rule, severity) for rule, severity, _ in severities(overlapping, listed)] == [
        ("tool.input.constraint.loosened", "NON_BREAKING")]
    assert [(rule, severity) for rule, severity, _ in severities(listed, overlapping)] == [
        ("tool.input.constraint.tightened", "BREAKING")]


@pytest.mark.parametrize("key", ["anyOf", "oneOf"])
def test_a_defined_format_in_the_string_branch_or_beside_the_type_list_is_no_change(key):
    """Hostile trial, round 19: anyOf [{type: integer}, {type: string, format: date}] against
    {type: [integer, string], format: date} was a BREAKING schema.changed "with its recursion
    cut at other places", in a schema with no recursion, though 5 and "2020-01-01" pass both
    and "nope" neither (date reads strings alone: Validation 2020-12, 7.1 and 7.3.1)."""
    union = {key: [{"type": "integer"}, {"type": "string", "format": "date"}]}
    listed = {"type": ["integer", "string"], "format": "date"}
    assert severities(union, listed) == [] and severities(listed, union) == []


def test_a_vendor_format_moved_between_the_type_list_and_its_branch_is_said_so():
    """A format JSON Schema does not define may read other types for some vendor, so the
    canonical form keeps that union apart; the diff reads it on strings, as JSON Schema reads
    its own, and says the one spelling against the other, a loosening of nothing (hostile
    trial, round 19: it was the BREAKING "recursion cut at other places" no value could show)."""
    union = {"anyOf": [{"type": "integer"}, {"type": "string", "format": "even"}]}
    listed = {"type": ["integer", "string"], "format": "even"}
    said = [("tool.input.constraint.loosened", "NON_BREAKING", "inputSchema.properties.p.format")]
    assert severities(union, listed) == said and severities(listed, union) == said
    variants = {f.variant for f in diff_input_schemas(tool(union, "p"), tool(listed, "p")).findings}
    assert variants == {"read_on_strings"}
    # A real change of the format beside it is still one (and no respelling is said beside it).
    other = {"anyOf": [{"type": "integer"}, {"type": "string", "format": "odd"}]}
    assert [rule for rule, _, _ in severities(other, listed)] == ["tool.input.constraint.changed"]


@pytest.mark.parametrize("types", ["integer", ["integer", "null"], ["array", "boolean"]])
def test_a_defined_format_beside_a_type_with_no_string_is_no_change(types):
    """Hostile trial, round 20: {type: integer} → {type: integer, format: date} (and the same
    beside [integer, null]) was a BREAKING "format added" with no witness, though date reads
    strings alone (Validation 2020-12, 7.1) and every call passes both. Beside a list holding
    string the format is still a real tightening, with its witness."""
    assert severities({"type": types}, {"type": types, "format": "date"}) == []
    listed = {"type": ["integer", "string"]}
    [finding] = diff_input_schemas(tool(listed, "p"), tool({**listed, "format": "date"}, "p")).findings
    assert (finding.severity.name, finding.path) == ("BREAKING", "inputSchema.properties.p.format")


def test_a_defined_format_on_the_integer_branch_of_the_union_is_no_change():
    """Hostile trial, round 20: {type: [integer, string], format: date} against anyOf [{type:
    integer, format: date}, {type: string, format: date}] was a BREAKING "format added" at the
    integer branch, though 5, "2024-01-01" and "nope" get one verdict from both."""
    listed = {"type": ["integer", "string"], "format": "date"}
    union = {"anyOf": [{"type": "integer", "format": "date"}, {"type": "string", "format": "date"}]}
    assert severities(listed, union) == [] and severities(union, listed) == []


def test_only_the_string_branchs_format_change_is_a_finding_with_its_own_witness():
    """Hostile trial, round 20: against anyOf [{type: integer, format: date}, {type: string,
    format: date-time}] the integer branch's format was a second BREAKING "format added",
    given the string branch's witness {"p": "2024-01-01"}, which that branch cannot refuse.
    Now the one real change is named at the string branch, where the input wrote it."""
    listed = {"type": ["integer", "string"], "format": "date"}
    union = {"anyOf": [{"type": "integer", "format": "date"}, {"type": "string", "format": "date-time"}]}
    old, new = tool(listed, "p"), tool(union, "p")
    [finding] = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name, finding.path) == (
        "tool.input.constraint.changed", "BREAKING", "inputSchema.properties.p.anyOf.1.format")
    assert finding.witness.found, finding.witness.note
    assert accepted_by_both(old, finding.witness.value) and not accepted_by_both(new, finding.witness.value)


def test_a_vendor_format_kept_on_the_integer_branch_alone_is_one_loosening():
    """Hostile trial, round 20: {type: [integer, string], format: int32} against anyOf [{type:
    integer, format: int32}, {type: string}] was "format removed", a BREAKING "format added"
    at the same path and a "read_on_strings" naming the string branch, which has no format.
    A vendor's format may read every type beside it (docs/canonical-form.md), so the integer
    branch keeps what the list gave it and strings lose it: one loosening, named on each side
    where the input spells the format."""
    listed = {"type": ["integer", "string"], "format": "int32"}
    union = {"anyOf": [{"type": "integer", "format": "int32"}, {"type": "string"}]}
    [finding] = diff_input_schemas(tool(listed, "p"), tool(union, "p")).findings
    assert (finding.rule, finding.severity.name, finding.variant) == (
        "tool.input.constraint.loosened", "NON_BREAKING", "keyword_removed")
    assert (finding.args["path_before"], finding.args["path_after"]) == (
        "inputSchema.properties.p.format", "inputSchema.properties.p.anyOf.1.format")
    [back] = diff_input_schemas(tool(union, "p"), tool(listed, "p")).findings
    assert (back.rule, back.severity.name) == ("tool.input.constraint.tightened", "BREAKING")
