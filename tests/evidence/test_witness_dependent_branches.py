"""Members the search must send beside a trigger or for a union branch (hostile trial, round 13).

Each pair below was BREAKING with "no witness: none found in about 108 validations", though
one call shows it (the trial checked each in jsonschema and jsonschema_rs):

- ``dependentSchemas {b: {required: [a]}}`` gained ``maxProperties: 1``: only a call that
  sends the trigger ``b`` with the ``a`` its old branch requires (``{"a": 1, "b": 1}``) is
  refused, and the search sent the trigger alone, which the old side refuses too;
- the branch hung on ``c`` changed what it asks of ``b`` (``multipleOf: 2`` → ``type:
  object``): ``b`` was never sent together with ``c`` (``{"b": 2, "c": 1}``);
- a ``oneOf`` branch became ``{required: [c]}``: an object that sends ``c`` now matches two
  branches and is refused (Core 2020-12 §10.2.1.3), and the search never sent ``c``.

Every witness is checked by both validators, not by the code that found it, and must show
the members the change needs.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

DRAFT_07 = "http://json-schema.org/draft-07/schema#"

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _witnesses(old, new):
    """The witness of every BREAKING finding of the pair, each checked by both validators."""
    found = [f for f in diff_input_schemas(old, new).changes if f.severity.name == "BREAKING"]
    assert found, "the pair gives no BREAKING finding"
    values = []
    for finding in found:
        assert finding.witness is not None and finding.witness.found, (finding.path, finding.witness.note)
        value = finding.witness.value
        assert accepted_by_both(old, value), value
        assert not accepted_by_both(new, value), value
        values.append(value)
    return values


def _object(**keywords):
    return {"type": "object", **keywords}


@pytest.mark.parametrize(("old", "new", "members"), [
    # Case 04: the trigger goes with what its old branch requires.
    (_object(dependentSchemas={"b": {"required": ["a"]}}),
     _object(dependentSchemas={"b": {"required": ["a"], "maxProperties": 1}}), {"a", "b"}),
    # The same on a closed object that declares both members, the trigger a property (it
    # passed before the fix too, by a random candidate: it guards the trigger a closed
    # object takes only because it declares it).
    (_object(properties={"a": {}, "b": {}}, additionalProperties=False, dependentSchemas={"b": {"required": ["a"]}}),
     _object(properties={"a": {}, "b": {}}, additionalProperties=False,
             dependentSchemas={"b": {"required": ["a"], "maxProperties": 1}}), {"a", "b"}),
])
def test_a_trigger_is_sent_with_what_its_branch_requires(old, new, members):
    (value,) = _witnesses(old, new)
    assert set(value) == members, value


@pytest.mark.parametrize(("old", "new"), [
    # Case 05: a member the triggered branch constrains changed.
    (_object(dependentSchemas={"c": {"properties": {"b": {"multipleOf": 2}}}}),
     _object(dependentSchemas={"c": {"properties": {"b": {"type": "object"}}}})),
    # The branch is new: the old side has no dependentSchemas, so only the new side's tells
    # the search which member to vary beside the trigger.
    (_object(), _object(dependentSchemas={"c": {"properties": {"b": {"type": "object"}}}})),
])
def test_a_member_the_triggered_branch_constrains_is_varied_beside_the_trigger(old, new):
    (value,) = _witnesses(old, new)
    assert {"b", "c"} <= set(value), value
    assert not isinstance(value["b"], dict), value


def test_a_member_a_new_one_of_branch_requires_is_sent():
    """Case 06: the oneOf's finding is shown by an object that sends ``c`` and so matches
    both branches. (The old ``{type: boolean}`` branch never passes beside the object's type,
    so the old oneOf is its one other branch, ``multipleOf``, which reads no object: the
    canonical form drops both, and the new oneOf is one finding, "oneOf added".)"""
    old = _object(oneOf=[{"type": "boolean"}, {"multipleOf": 0.5}])
    new = _object(oneOf=[{"required": ["c"]}, {"multipleOf": 0.5}])
    values = _witnesses(old, new)
    assert len(values) == 1
    assert all("c" in value for value in values), values


@pytest.mark.parametrize(("old", "new"), [
    # The trigger with what its old branch requires, as in case 04.
    (_object(dependencies={"b": {"required": ["a"]}}),
     _object(dependencies={"b": {"required": ["a"], "maxProperties": 1}})),
    # A member the branch constrains, as in case 05.
    (_object(dependencies={"c": {"properties": {"b": {"multipleOf": 2}}}}),
     _object(dependencies={"c": {"properties": {"b": {"type": "object"}}}})),
])
def test_draft_7_dependencies_in_its_schema_form_has_its_witness(old, new):
    """Draft 7 spells dependentSchemas ``dependencies``; the finding names the canonical
    keyword, and the search read the schema as written, so the refusal it found was not at
    the finding's place and the note said "dependentSchemas" is not a keyword a validator
    reads (found beside the round 13 cases)."""
    old, new = {"$schema": DRAFT_07, **old}, {"$schema": DRAFT_07, **new}
    (value,) = _witnesses(old, new)
    assert len(value) == 2, value
