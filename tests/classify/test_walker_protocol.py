"""The schema walker is what its keyword handlers ask for (classify/walker.py): every member
the ``Walker`` protocol names, the handlers type against the protocol and never import
schema.py (tests/test_layering.py forbids the circle)."""

from __future__ import annotations

import inspect

from mcp_inspect.classify.recursion import Recursion
from mcp_inspect.classify.schema import SchemaWalker
from mcp_inspect.classify.walker import Revisits, Walker


def _members(protocol: type) -> set[str]:
    own = set(vars(protocol).get("__annotations__", {}))
    return own | {name for name, value in vars(protocol).items() if inspect.isfunction(value)}


def test_the_walker_has_every_member_its_handlers_use():
    walker = SchemaWalker("tool.input")
    missing = sorted(name for name in _members(Walker) if not hasattr(walker, name))
    assert missing == []


def test_the_recursion_bookkeeping_is_what_a_handler_reads():
    recursion = Recursion()
    assert all(hasattr(recursion, name) for name in _members(Revisits))
    assert not recursion.enter_equal({"type": "string"})
