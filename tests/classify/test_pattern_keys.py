"""A patternProperties key respelled to match the same names (``^x_\\d$`` → ``^x_[0-9]$``) is
one NON_BREAKING finding that says so, and the two keys' schemas are compared as for a key
kept (hostile trial, round 6): read as two keys, it was a BREAKING "accepted before,
rejected now" no call could show, beside a NON_BREAKING whose "rejected before" was false."""

from __future__ import annotations

import pytest
from support import diff_input_schemas, diff_output_schemas


def _object(pattern: str, value: dict, closed: bool) -> dict:
    return {"type": "object", "patternProperties": {pattern: value},
            **({"additionalProperties": False} if closed else {})}


@pytest.mark.parametrize("closed", [True, False], ids=["closed", "open"])
def test_a_key_respelled_is_one_non_breaking_finding(closed):
    report = diff_input_schemas(_object(r"^x_\d$", {"type": "integer"}, closed),
                                _object("^x_[0-9]$", {"type": "integer"}, closed))
    (finding,) = report.findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")
    assert "it matches the same names" in finding.message


def test_a_change_under_a_respelled_key_is_still_found_at_each_sides_key():
    report = diff_input_schemas(_object(r"^x_\d$", {"type": "integer", "maximum": 9}, True),
                                _object("^x_[0-9]$", {"type": "integer", "maximum": 5}, True))
    bound = next(f for f in report.findings if f.severity.name == "BREAKING")
    assert bound.path == "inputSchema.patternProperties.^x_[0-9]$.maximum"
    # the search sends a name the pattern matches, though the object is closed
    assert bound.witness.found and bound.witness.value == {"x_0": 6}, bound.witness.note


def test_another_set_of_names_is_not_a_respelling():
    report = diff_input_schemas(_object("^x_[a-z]$", {"type": "integer"}, True),
                                _object("^x_[a-y]$", {"type": "integer"}, True))
    assert not any("same names" in f.message for f in report.findings)
    (narrowed,) = [f for f in report.findings if f.severity.name == "BREAKING"]
    # a name the old pattern's class ends with, which the new one's does not reach
    assert narrowed.witness.found and narrowed.witness.value == {"x_z": 0}, narrowed.witness.note


def test_a_key_widened_moves_only_the_names_it_adds():
    """Hostile trial, round 7: ^[a-z]$ → ^[a-zA-Z]$ on a closed object read "names matching
    '^[a-z]$': accepted before, rejected now", false for every name. On a closed object the
    added names are accepted now; on an open one they are held to the pattern's schema."""
    closed = diff_input_schemas(_object("^[a-z]$", {"type": "integer"}, True),
                                _object("^[a-zA-Z]$", {"type": "integer"}, True))
    assert [(f.severity.name, f.message) for f in closed.findings] == [
        ("NON_BREAKING", "names matching '^[a-zA-Z]$ (beyond ^[a-z]$)': rejected before, accepted now")]
    opened = diff_input_schemas(_object("^[a-z]$", {"type": "integer"}, False),
                                _object("^[a-zA-Z]$", {"type": "integer"}, False))
    (held,) = opened.findings
    assert held.severity.name == "BREAKING" and held.witness.found and held.witness.value == {"Z": ""}


def test_two_keys_folded_into_one_are_compared_together():
    """^a and ^(a) both held names starting with 'a' (an integer, at most 3): folded into
    ^(?:a) with the integer alone, only the bound was lost."""
    old = {"type": "object", "additionalProperties": False,
           "patternProperties": {"^a": {"type": "integer"}, "^(a)": {"maximum": 3}}}
    new = {"type": "object", "additionalProperties": False, "patternProperties": {"^(?:a)": {"type": "integer"}}}
    report = diff_input_schemas(old, new)
    assert report.findings and all(f.severity.name == "NON_BREAKING" for f in report.findings)


@pytest.mark.parametrize("rest", [False, {"type": "integer"}], ids=["closed", "typed"])
def test_a_widened_key_that_reaches_a_declared_property_is_a_break(rest):
    """Hostile trial, round 8: ^a → ^[ab] beside a declared string b holds b to the pattern's
    integer too: {"b": "x"} goes from valid to invalid, yet only a NON_BREAKING (or "an equal
    schema") was said."""
    def schema(pattern: str) -> dict:
        return {"type": "object", "properties": {"b": {"type": "string"}},
                "patternProperties": {pattern: {"type": "integer"}}, "additionalProperties": rest}

    (finding,) = [f for f in diff_input_schemas(schema("^a"), schema("^[ab]")).findings
                  if f.severity.name == "BREAKING"]
    assert "declared property b" in finding.message
    assert finding.witness.found and finding.witness.value == {"b": ""}


def test_a_widened_key_reaching_a_property_its_schema_already_bounds_is_no_break():
    """Hostile trial, round 9: ^a → ^[ab] beside an integer b under an integer pattern asks b
    nothing new, yet was always BREAKING."""
    def schema(pattern: str) -> dict:
        return {"type": "object", "properties": {"b": {"type": "integer"}},
                "patternProperties": {pattern: {"type": "integer"}}, "additionalProperties": False}

    findings = diff_input_schemas(schema("^a"), schema("^[ab]")).findings
    assert findings and all(f.severity.name == "NON_BREAKING" for f in findings)


@pytest.mark.parametrize(("old", "new"), [
    ({"type": "number", "minimum": 1, "exclusiveMinimum": 5}, {"type": "number", "exclusiveMinimum": 5}),
    ({"type": "array", "prefixItems": [{"type": "integer"}], "items": {"type": "integer"}},
     {"type": "array", "items": {"type": "integer"}}),
    ({"type": "object", "properties": {"b": {"type": "integer"}}, "patternProperties": {"^a": {"type": "integer"}},
      "additionalProperties": {"type": "integer"}},
     {"type": "object", "properties": {"b": {"type": "integer"}}, "patternProperties": {"^[ab]": {"type": "integer"}},
      "additionalProperties": {"type": "integer"}}),
], ids=["redundant-bound", "position-respelled", "names-respelled"])
@pytest.mark.parametrize("direction", ["input", "output"])
def test_the_same_values_spelled_differently_break_nobody(old, new, direction):
    """Hostile trials, rounds 9 and 10: a redundant bound dropped, a position or the names of a
    pattern governed by an equal schema before and after were a BREAKING schema.changed (the
    completeness net's rule), failing the gate with no witness possible. They are graded as a
    respelled pattern is: the one non-breaking reading of the direction."""
    from mcp_inspect import api
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    key = "inputSchema" if direction == "input" else "outputSchema"
    sides = [snapshot_from_value({"tools": [{"name": "t", key: {"type": "object", "properties": {"x": schema}}}]},
                                 side) for schema, side in ((old, "old"), (new, "new"))]
    findings = api.diff(*sides).changes
    assert findings and {f.severity.name for f in findings} == {"NON_BREAKING"}, findings
    assert all(f.rule.startswith(f"tool.{direction}.constraint.") for f in findings), findings


@pytest.mark.parametrize("old,new", [("^a+$", "^a$"), ("^(a|b)$", "^a$"), ("^a*$", "^a?$")])
def test_a_key_narrowed_by_a_quantifier_or_an_alternative_loses_only_the_names_it_drops(old, new):
    """Hostile trial, round 36: ``^a+$`` → ``^a$`` on a closed object read as a key removed and
    another added, and the added one said "names matching '^a$': rejected before, accepted now",
    false for its one name, which ``^a+$`` matched. patterns.inclusion now reads an item once as
    within the same item under a quantifier that allows one, and an atom as within an
    alternation one of whose alternatives is it: one BREAKING finding, for the names dropped."""
    report = diff_input_schemas(_object(old, {}, True), _object(new, {}, True))
    assert [(f.severity.name, f.message) for f in report.findings] == [
        ("BREAKING", f"names matching '{old} (beyond {new})': accepted before, rejected now")]
    (finding,) = report.findings
    assert finding.witness.found, finding.witness.note


def test_a_pair_of_wider_keys_beside_another_pattern_is_not_a_respelling():
    """Hostile trial, round 38: old ``{^[a-z0-9]+$: integer, ^x$: string}`` → new
    ``{^[a-z]+$: string}`` with ``additionalProperties: integer``, on output. Since ``^x$``
    reads as within ``^[a-z]+$``, the two were paired as a widened key, and the integer →
    string change for names the old ``^[a-z0-9]+$`` also matched went unsaid: two
    NON_BREAKING findings, where ``{"a": "s"}`` is a value the new schema allows and the old
    rejects. A wider (narrower) pair is taken only where no other pattern may match its names."""
    old = {"type": "object", "patternProperties": {"^[a-z0-9]+$": {"type": "integer"}, "^x$": {"type": "string"}}}
    new = {"type": "object", "patternProperties": {"^[a-z]+$": {"type": "string"}},
           "additionalProperties": {"type": "integer"}}
    report = diff_output_schemas(old, new)
    assert any(f.severity.name == "BREAKING" for f in report.findings), report.findings


@pytest.mark.parametrize(("old_key", "new_key"), [("^[a-z]+$", "^[a-z0-9]+$"), ("^[a-z0-9]+$", "^[a-z]+$")])
def test_names_that_held_the_pattern_schema_before_are_said_with_the_pattern(old_key, new_key):
    """Hostile trial, round 39: ``^[a-z]+$: integer`` → ``^[a-z0-9]+$: string`` beside
    ``additionalProperties: integer`` gave two identical BREAKING type.changed findings: one
    for the names both patterns match, one for the names only the wider one matches, which
    additionalProperties gave the same integer schema. It is one finding."""
    from support import diff_input_schemas

    def member(patterns):
        return {"type": "object", "properties": {"p": {"type": "object", "patternProperties": patterns,
                                                       "additionalProperties": {"type": "integer"}}}}

    old_schema = {"type": "integer"} if old_key == "^[a-z]+$" else {"type": "string"}
    new_schema = {"type": "string"} if old_key == "^[a-z]+$" else {"type": "integer"}
    report = diff_input_schemas(member({old_key: old_schema}), member({new_key: new_schema}))
    facts = [(f.rule, f.path) for f in report.findings]
    assert len(facts) == len(set(facts)), facts


def test_two_properties_whose_paths_are_spelt_alike_stay_two_findings():
    """Hostile trial, round 40: a property named ``a.properties.b`` and ``a``'s own ``b`` spell
    one path; a dedupe by spelled path merged their two breaks into one (it was reverted)."""
    from support import diff_input_schemas

    def schema(kind):
        return {"type": "object", "properties": {
            "a.properties.b": {"type": kind},
            "a": {"type": "object", "properties": {"b": {"type": kind}}}}}

    report = diff_input_schemas(schema("integer"), schema("string"))
    assert [f.rule for f in report.findings].count("tool.input.type.changed") == 2


def test_a_key_that_opens_a_gap_before_its_last_character_breaks_nobody():
    """Hostile trial, round 44: ``^ab`` → ``^a.*b`` on a closed object was a BREAKING "names
    matching '^ab': accepted before, rejected now" with no witness, though ``abz`` matches
    both; the pattern reading paired ``b`` with ``.*`` and never tried the other pairing."""
    report = diff_input_schemas(_object("^ab", {"type": "string"}, True), _object("^a.*b", {"type": "string"}, True))
    assert not [f for f in report.findings if f.severity.name == "BREAKING"], [f.message for f in report.findings]


def test_a_string_pattern_that_opens_a_gap_is_loosened():
    old = {"type": "object", "properties": {"s": {"type": "string", "pattern": "^[a-z]+-[0-9]+$"}}}
    new = {"type": "object", "properties": {"s": {"type": "string", "pattern": "^[a-z-]+[0-9]+$"}}}
    (finding,) = diff_input_schemas(old, new).findings
    assert (finding.rule, finding.severity.name) == ("tool.input.constraint.loosened", "NON_BREAKING")


@pytest.mark.parametrize(("old_key", "new_key"), [("^[ab]c", "^(a|b)c"), ("^a[bc]", "^(ab|ac)"), ("^a+", "^a")])
@pytest.mark.parametrize("diff", [diff_input_schemas, diff_output_schemas], ids=["input", "output"])
def test_a_key_spelled_as_a_group_or_a_class_breaks_nobody(old_key, new_key, diff):
    """Hostile trial, round 44: each was a BREAKING "names matching … accepted before,
    rejected now" (on an output, "rejected before") that no object showed."""
    report = diff(_object(old_key, {"type": "string"}, True), _object(new_key, {"type": "string"}, True))
    assert not [f for f in report.findings if f.severity.name == "BREAKING"], [f.message for f in report.findings]
