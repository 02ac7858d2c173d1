"""A union branch's finding is witnessed by a value that branch's change refuses (hostile trial,
round 14, case 02).

``anyOf [{string, maxLength 5}, {integer}]`` → ``[{string, maxLength 3}, {integer, minimum 1}]``
holds two findings, one per branch. The ``minimum`` finding was shown ``{"p": "aaaa"}``: the new
schema refuses it at ``anyOf/0/maxLength`` (the other finding) and at ``anyOf/1/type``, which
refuses a string on both sides; a schema with only the ``minimum`` change accepts it. The
search read the unchanged ``type`` beside the ``minimum`` as the finding's place, and the union
error itself as beside the finding's path read without its branch steps. ``{"p": 0}`` is the
witness: refused at ``anyOf/1/minimum``, as it is by the schema with that change alone.

Every witness is checked by both validators, not by the code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _wrapped(union):
    return {"type": "object", "properties": {"p": union}}


@pytest.mark.parametrize("keyword", ["anyOf", "oneOf"])
def test_each_branch_finding_is_witnessed_by_its_own_change(keyword):
    old = _wrapped({keyword: [{"type": "string", "maxLength": 5}, {"type": "integer"}]})
    new = _wrapped({keyword: [{"type": "string", "maxLength": 3}, {"type": "integer", "minimum": 1}]})
    # Each change alone: a finding's witness must be refused by its own change.
    only_minimum = _wrapped({keyword: [{"type": "string", "maxLength": 5}, {"type": "integer", "minimum": 1}]})
    only_max_length = _wrapped({keyword: [{"type": "string", "maxLength": 3}, {"type": "integer"}]})
    report = diff_input_schemas(old, new)
    witnesses = {f.path.rsplit(".", 1)[-1]: f.witness for f in report.changes if f.severity.name == "BREAKING"}
    assert set(witnesses) == {"minimum", "maxLength"}, [f.path for f in report.changes]
    for name, alone in (("minimum", only_minimum), ("maxLength", only_max_length)):
        witness = witnesses[name]
        assert witness is not None and witness.found, (name, witness and witness.note)
        assert accepted_by_both(old, witness.value) and not accepted_by_both(new, witness.value), (name, witness.value)
        assert not accepted_by_both(alone, witness.value), \
            f"{name}'s witness {witness.value} is not refused by its change"
    assert witnesses["minimum"].value == {"p": 0}


def test_a_keyword_held_unchanged_at_the_same_place_is_read_as_unchanged():
    from mcp_inspect.evidence.places import unchanged_at

    old = {"anyOf": [{"type": "string"}, {"type": "integer"}]}
    new = {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 1}]}
    assert unchanged_at(["anyOf", 1, "type"], old, new)
    assert not unchanged_at(["anyOf", 1, "minimum"], old, new)  # added: the change itself
    assert not unchanged_at(["anyOf", 1, "type"], old, {"anyOf": [{"type": "string"}, {"type": "number"}]})
    # Draft 4's boolean exclusive bound changes what an unchanged maximum refuses.
    assert not unchanged_at(["maximum"], {"maximum": 3}, {"maximum": 3, "exclusiveMaximum": True})
    # JSON equality: 1 is not true.
    assert not unchanged_at(["const"], {"const": 1}, {"const": True})


@pytest.mark.parametrize(("old", "new", "parts"), [
    # items after prefixItems: which items it reads hangs on the prefix, which changed.
    ({"prefixItems": [{}], "items": {"type": "string"}}, {"items": {"type": "string"}}, ["items", "type"]),
    # then after if: whether it applies hangs on the condition.
    ({"if": {"required": ["a"]}, "then": {"type": "object"}}, {"if": {"required": ["b"]}, "then": {"type": "object"}},
     ["then", "type"]),
    # what additionalProperties reads hangs on the declared properties beside it.
    ({"properties": {"a": {}}, "additionalProperties": {"type": "string"}},
     {"additionalProperties": {"type": "string"}}, ["additionalProperties", "type"]),
    # a reference on the way: the error's path does not spell the step into its target.
    ({"anyOf": [{"$ref": "#/$defs/i"}], "$defs": {"i": {"type": "integer"}}},
     {"anyOf": [{"$ref": "#/$defs/i"}], "$defs": {"i": {"type": "integer"}}}, ["anyOf", 0, "type"]),
])
def test_a_keyword_whose_reach_hangs_on_what_changed_beside_it_keeps_todays_reading(old, new, parts):
    from mcp_inspect.evidence.places import unchanged_at

    assert not unchanged_at(parts, old, new)
