"""A ``dependentSchemas`` entry applies to the object that holds its name, so the in-place parts
of the entry (``not``, the ``allOf``/``anyOf``/``oneOf`` branches) are read on that object too,
as the entry's own ``type`` is (test_canonical_review.py, hostile trial round 31).

Hostile trial, round 36: ``{a: {not: {type: object}}}`` → ``{a: false}`` was a BREAKING "the
schema now rejects every value" with no witness, though both refuse every object holding ``a``
and accept every other; and ``{a: {allOf: [{type: object}, {required: [b]}]}}`` (or a ``oneOf``
with a ``{type: array}`` branch) → ``dependentRequired: {a: [b]}`` was a NON_BREAKING "lost 1
branch" where nothing changed. Every pair is checked by jsonschema and jsonschema-rs.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both, diff_input_schemas

from mcp_inspect.snapshot.canonical import canonical_schema

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

_AB = {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}
_VALUES = [{}, {"a": ""}, {"b": ""}, {"a": "", "b": ""}, {"a": 1}, 1, None]


@pytest.mark.parametrize(("old", "new"), [
    ({"dependentSchemas": {"a": {"not": {"type": "object"}}}}, {"dependentSchemas": {"a": False}}),
    ({"dependentSchemas": {"a": {"not": {"type": ["object", "null"], "minLength": 2}}}},
     {"dependentSchemas": {"a": False}}),
    ({"dependentSchemas": {"a": {"not": {"type": "array"}}}}, {}),
    ({"dependentSchemas": {"a": {"allOf": [{"type": "object"}, {"required": ["b"]}]}}},
     {"dependentRequired": {"a": ["b"]}}),
    ({"dependentSchemas": {"a": {"oneOf": [{"type": "array"}, {"required": ["b"]}]}}},
     {"dependentRequired": {"a": ["b"]}}),
    ({"dependentSchemas": {"a": {"anyOf": [{"type": "array"}, {"type": "string"}]}}},
     {"dependentSchemas": {"a": False}}),
    ({"dependentSchemas": {"a": {"allOf": [{"type": "array"}, {"required": ["b"]}]}}},
     {"dependentSchemas": {"a": False}}),
])
def test_an_entry_read_on_the_object_it_applies_to_is_one_form(old: dict, new: dict):
    old, new = {**_AB, **old}, {**_AB, **new}
    for value in _VALUES:
        assert accepted_by_both(old, value) == accepted_by_both(new, value), value
    assert canonical_schema(old) == canonical_schema(new)
    assert canonical_schema(canonical_schema(old)) == canonical_schema(old)
    assert not diff_input_schemas(old, new).findings
    assert not diff_input_schemas(new, old).findings


def test_an_entry_whose_not_refuses_some_objects_is_kept():
    kept = {**_AB, "dependentSchemas": {"a": {"not": {"required": ["b"]}}}}
    assert canonical_schema(kept)["dependentSchemas"] == {"a": {"not": {"required": ["b"]}}}
