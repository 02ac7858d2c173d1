"""Members the search must send to show an object keyword's change (hostile trial, round 11).

The search sent only the names ``properties`` declare, a few plain names (``extra``, ``x``)
and what a pattern suggests, and never more members than a required list or a declared
property filled. Each pair below was BREAKING with "no witness: none found", though one
call shows it:

- ``dependentRequired`` or ``dependentSchemas`` added on a trigger name the object does not
  declare: the trigger itself was never sent (``{"a": 1}``, ``{"ab": 1}``);
- ``propertyNames: false`` beside ``minProperties: 2`` on an object that declares nothing:
  every candidate sent at most one member, which the old side refuses too;
- ``not: {dependentRequired…}`` loosened to ``not: {}``: the old side takes only an object
  the negated ``dependentRequired`` refuses, one that sends its trigger;
- ``patternProperties {"^\\\\w+$": …}`` then ``additionalProperties: false`` (or an
  ``unevaluatedProperties`` that became false): every name the search sent matched the
  pattern, though ``{"!": 1}`` is refused.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect.evidence.witness import search
from mcp_inspect.findings.evidence import OUTPUT

jsonschema_rs = pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

WORD = {"^\\w+$": {"type": "string"}}
#: What ECMA-262's \w matches.
WORD_CHARACTERS = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")


def _only_witness(old, new):
    (finding,) = diff_input_schemas(old, new).changes
    assert finding.severity.name == "BREAKING", finding
    assert finding.witness is not None and finding.witness.found, finding.witness and finding.witness.note
    value = finding.witness.value
    assert accepted_by_both(old, value), value
    assert not accepted_by_both(new, value), value
    return value


@pytest.mark.parametrize(("old", "new", "member"), [
    # The trigger of a dependentRequired added, declared nowhere.
    ({"type": "object"}, {"type": "object", "dependentRequired": {"a": ["b"]}}, "a"),
    # The trigger of a dependentSchemas added, declared nowhere.
    ({"type": "object"}, {"type": "object", "dependentSchemas": {"ab": False}}, "ab"),
    # The old side's own dependentRequired asks for more once its trigger is sent: the
    # trigger goes with what the old side asks for it ("a" with "b"), and the new side
    # asks for "c" too.
    ({"type": "object", "dependentRequired": {"a": ["b"]}},
     {"type": "object", "dependentRequired": {"a": ["b", "c"]}}, "a"),
    # A dependentRequired inside a not, loosened to a not of everything: the old side takes
    # only an object its negated schema refuses, one that sends the trigger without "b".
    ({"type": "object", "not": {"dependentRequired": {"a": ["b"]}}}, {"type": "object", "not": {}}, "a"),
])
def test_a_trigger_name_no_property_declares_is_sent(old, new, member):
    value = _only_witness(old, new)
    assert member in value


@pytest.mark.parametrize("names", [{}, {"propertyNames": {"maxLength": 2}}])
def test_min_properties_is_met_by_undeclared_members(names):
    """An object that declares nothing and asks for two members: a call with two is the
    fewest the old side takes, and propertyNames false refuses any member. The members filled
    are names the old side's propertyNames takes (``extra`` is too long for maxLength 2)."""
    old = {"type": "object", "minProperties": 2, **names}
    new = {"type": "object", "minProperties": 2, "propertyNames": False}
    value = _only_witness(old, new)
    assert len(value) == 2


def test_members_filled_for_min_properties_do_not_break_a_propertynames_witness():
    """A filler name the old propertyNames refuses would make every call refused by both
    sides: {"a": 1} shows propertyNames changed to integers (no name is one). It passed before
    the fix too: it guards the members filled for minProperties above, whose first version
    filled ``extra`` and lost this witness."""
    old = {"type": "object", "minProperties": 1, "dependentRequired": {"b": ["a"]},
           "propertyNames": {"maxLength": 2}}
    new = {**old, "propertyNames": {"type": "integer"}}
    value = _only_witness(old, new)
    assert len(value) == 1


@pytest.mark.parametrize("closing", [
    {"additionalProperties": False},
    # unevaluatedProperties from a schema the odd name meets to false.
    {"unevaluatedProperties": False},
])
def test_a_name_no_pattern_matches_shows_an_object_closed_beside_a_word_pattern(closing):
    old = {"type": "object", "patternProperties": WORD}
    if "unevaluatedProperties" in closing:
        old = {**old, "unevaluatedProperties": {"type": "integer"}}
    new = {"type": "object", "patternProperties": WORD, **closing}
    value = _only_witness(old, new)
    # A name \w+ does not match: the pattern's schema does not hold it, the closing does.
    assert any(not name or set(name) - WORD_CHARACTERS for name in value), value


@pytest.mark.parametrize("pattern", ["^.*$", "^(.*)$", "^.{0,64}$"])
def test_a_name_holding_a_line_terminator_shows_an_object_closed_beside_a_dot_pattern(pattern):
    """Hostile trial, round 36: ``additionalProperties: false`` added beside
    ``patternProperties: {"^.*$": {type: string}}`` was BREAKING with "none found": every odd
    name the search sent matched the pattern, though ``.`` does not match a line terminator
    and ``$`` (without the m flag) only the end of the name, so ``{"a\nb": ""}`` is left to
    additionalProperties alone."""
    old = {"type": "object", "patternProperties": {pattern: {"type": "string"}}}
    new = {**old, "additionalProperties": False}
    value = _only_witness(old, new)
    assert any("\n" in name for name in value), value


def test_an_undeclared_member_of_another_type_shows_an_unevaluated_keyword_added_beside_a_union():
    """Round 13 (a fixer's note): unevaluatedProperties false added beside anyOf
    [{additionalProperties: {type: string}}, {required: [a]}] refuses {"a": 1}, which only the
    second branch takes and which then nothing evaluates; the search sent undeclared members
    as strings alone, which the first branch evaluates, and found none."""
    import jsonschema_rs

    from mcp_inspect.evidence.witness import search

    old = {"type": "object", "anyOf": [{"additionalProperties": {"type": "string"}}, {"required": ["a"]}]}
    new = {**old, "unevaluatedProperties": False}
    found = search(old, new, where="unevaluatedProperties")
    assert found.found, found.note
    assert jsonschema_rs.validator_for(old).is_valid(found.value)
    assert not jsonschema_rs.validator_for(new).is_valid(found.value)


def test_an_output_property_the_old_additional_properties_refused_has_its_witness():
    """Round 13 (a fixer's note): an output property added whose type the old
    additionalProperties refused ({type: string} → a: {type: integer}) is BREAKING on output,
    but the old schema refuses {"a": 0} at additionalProperties, not at the finding's
    properties.a.type, and the search found none. An error there about the member the path
    names is now at the finding's place; one about another member is not."""
    import jsonschema_rs

    from mcp_inspect import api
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    def tool(output):
        return snapshot_from_value({"tools": [{"name": "t", "inputSchema": {"type": "object"},
                                               "outputSchema": output}]}, "s")

    old = {"type": "object", "properties": {"o": {"type": "object", "additionalProperties": {"type": "string"}}}}
    new = {"type": "object", "properties": {"o": {"type": "object", "additionalProperties": {"type": "string"},
                                                  "properties": {"a": {"type": "integer"}}}}}
    [finding] = api.diff(tool(old), tool(new), lint=None).changes
    assert (finding.rule, finding.severity.name) == ("tool.output.type.changed", "BREAKING"), finding
    assert finding.witness.found, finding.witness.note
    assert finding.witness.value == {"o": {"a": 0}}
    assert jsonschema_rs.validator_for(new).is_valid(finding.witness.value)
    assert not jsonschema_rs.validator_for(old).is_valid(finding.witness.value)
    from mcp_inspect.evidence.search import Search
    engine = Search(new, old, where="properties.o.properties.a.type")
    assert engine.holds({"o": {"a": 0}}) and not engine.holds({"o": {"a": "", "b": 0}})


@pytest.mark.parametrize(("old_not", "new_not", "name"), [
    ({"const": "x"}, {"enum": ["x", "y"]}, "y"),
    ({"maxLength": 1}, {"maxLength": 2}, "aa"),
], ids=["const-to-enum", "maxLength"])
def test_a_name_a_widened_not_under_propertynames_newly_forbids_is_sent(old_not, new_not, name):
    """Hostile trial, round 19: ``propertyNames: {not: {const: x}}`` → ``{not: {enum: [x, y]}}``
    was BREAKING with "none found in 128 validations", though ``{"y": 1}`` shows it
    (Validation §10.3.2.4): the names sent were built from what ``propertyNames`` takes, and
    the ``not`` inside it is no guide to the ones it forbids. Now the names the rejecting
    side's ``not`` subschema takes are sent first. On an output schema, the reverse edit lets
    the server return that member."""
    old = {"type": "object", "propertyNames": {"not": old_not}}
    new = {"type": "object", "propertyNames": {"not": new_not}}
    assert list(_only_witness(old, new)) == [name]
    # The reverse edit on an output schema: the new schema is ``old``, and the server may now
    # return the member the old one (``new``) refused.
    shown = search(old, new, direction=OUTPUT, where="propertyNames.not")
    assert shown.found, shown.note
    assert accepted_by_both(old, shown.value) and not accepted_by_both(new, shown.value), shown.value


@pytest.mark.parametrize(("old_pattern", "new_pattern", "name"), [
    ("^x", "^(x|y)", "y"),
    ("^(a|b)", "^(a|b|c)", "c"),
], ids=["second-alternative", "third-alternative"])
def test_a_name_a_not_pattern_under_propertynames_newly_forbids_is_sent(old_pattern, new_pattern, name):
    """Hostile trial, round 20: ``propertyNames: {not: {pattern: ^x}}`` → ``{not: {pattern:
    ^(x|y)}}`` was BREAKING with "none found in 127 validations", though ``{"y": 1}`` shows it:
    the names the new ``not`` forbids were sampled from its pattern, which takes the first
    branch of an alternation (``x``), a name the old ``not`` forbids too. Now each branch of an
    alternation is sampled too."""
    old = {"type": "object", "propertyNames": {"not": {"pattern": old_pattern}}}
    new = {"type": "object", "propertyNames": {"not": {"pattern": new_pattern}}}
    assert list(_only_witness(old, new)) == [name]
