"""A node with no ``type`` whose bounds refuse every number is read as the types it accepts,
not as "any" (hostile trial, round 44).

``anyOf: [string, integer, {minimum: 5, maximum: 3}]`` → ``anyOf: [string, integer]``: the
third branch refuses every number and accepts every other value, so the old union accepts
null, an object, a boolean, an array. The canonical form keeps it as ``anyOf: [{minimum: 5,
maximum: 3}, {type: integer}]`` (the string branch folded into the first, which holds every
string), and the finding said "type narrowed: any → string" at ``anyOf.0.type``: the branch
never accepted a number, nor did it become string-only in any sense "any" says. The message
now names what the branch accepts: every type but number (and integer). Since the canonical
form reads such bounds as "no number" (hostile trial, round 45) the branch is ``{type: [array,
boolean, null, object, string]}`` and the union folds into one type list, so the finding names
the types the union lost.
"""

from __future__ import annotations

from support import property_changes

STRING, INTEGER = {"type": "string"}, {"type": "integer"}


def test_a_branch_refusing_every_number_is_read_as_the_types_it_accepts():
    (found,) = property_changes({"anyOf": [STRING, INTEGER, {"minimum": 5, "maximum": 3}]},
                                {"anyOf": [STRING, INTEGER]})
    rule, path, message = found
    assert rule == "tool.input.type.narrowed", found
    assert message == ("anyOf no longer accepts array, boolean, null, object "
                       "(array, boolean, integer, null, object, string → integer, string)"), found


def test_bounds_that_refuse_every_number_beside_no_type_read_so_alone_too():
    (found,) = property_changes({"minimum": 5, "maximum": 3}, {"type": "string"})
    assert found[2] == "type narrowed: array, boolean, null, object, string → string", found
