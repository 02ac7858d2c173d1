"""A member only the new ``then`` (``else``) declares is sent where that subschema applies
(hostile trial, round 16).

``b: {type: integer}`` added to ``then.properties`` beside the root's ``additionalProperties:
{type: string}`` refuses {"a": "1", "b": "x"}: the ``if`` (``required: [a]``) holds, so
``then`` applies, and the old schema held ``b`` to a string. The search never sent ``b``
(neither side's own ``properties`` name it, and the objects built with the ``if`` merged in
left ``then`` out), so the finding was BREAKING with "no witness: none found". The same
member added to ``else`` is shown by a call that leaves ``a`` out.

The search is asked directly, not through a diff: the finding's path is the one the
classification gives it. Every witness is checked by both validators.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both

from mcp_inspect.evidence.witness import search

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")


def _conditional(key: str, rest: str, added: dict | None) -> dict:
    branch = {"properties": {"c": {}, **({"b": added} if added is not None else {})}}
    return {"type": "object", "if": {"required": ["a"]}, key: branch, rest: {"type": "string"}}


@pytest.mark.parametrize("rest", ["additionalProperties", "unevaluatedProperties"])
@pytest.mark.parametrize(("key", "condition_holds"), [("then", True), ("else", False)])
def test_a_member_only_the_new_then_or_else_declares_is_sent_where_it_applies(key, condition_holds, rest):
    old, new = _conditional(key, rest, None), _conditional(key, rest, {"type": "integer"})
    witness = search(old, new, where=f"{key}.properties.b.type")
    assert witness.found, witness.note
    value = witness.value
    assert accepted_by_both(old, value) and not accepted_by_both(new, value), value
    assert isinstance(value["b"], str)
    assert ("a" in value) == condition_holds, value
