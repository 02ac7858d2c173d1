"""A member the old object requires without declaring it, on an object open to any member, is
sent with the values the new declaration refuses.

Hostile trial, round 19: ``{type: object, required: [a]}`` → the same with ``properties: {a:
{type: string}}`` had no witness ("none found in 109 validations"), though every call sends
``a`` and {"a": 0} is refused now: the search filled ``a`` with one value both sides accept
and varied only the members the old side declares or its ``additionalProperties`` schema
holds, and an open object has none. Every witness is checked by both validators, not by the
code that found it.
"""

from __future__ import annotations

import pytest
from support import accepted_by_both

from mcp_inspect.evidence.search import Search

pytest.importorskip("jsonschema_rs", reason="jsonschema_rs (test extra) is not installed")

STRING = {"type": "string"}


def _found(old: dict, new: dict, where: str) -> object:
    value = Search(old, new, focus=["a"], where=where).run()
    assert value is not None
    assert accepted_by_both(old, value) and not accepted_by_both(new, value), value
    return value


def test_a_required_member_the_new_side_declares_is_sent_with_a_value_it_refuses():
    old = {"type": "object", "required": ["a"]}
    new = {"type": "object", "required": ["a"], "properties": {"a": STRING}}
    value = _found(old, new, "properties.a.type")
    assert not isinstance(value["a"], str), value


def test_so_is_one_nested_in_an_optional_object():
    old = {"type": "object", "properties": {"p": {"type": "object", "required": ["a"]}}}
    new = {"type": "object", "properties": {"p": {"type": "object", "required": ["a"], "properties": {"a": STRING}}}}
    value = _found(old, new, "properties.p.properties.a.type")
    assert not isinstance(value["p"]["a"], str), value
