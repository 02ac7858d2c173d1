"""SEC-003's recommended reading: a number limited to listed values (``enum``, ``const``) is
bounded by them, as SEC-001's exempts a string so limited (docs/lint.md, "The recommended set").

Hostile trial, round 30: ``page_size: {"type": "integer", "enum": [10, 25, 50]}``, what pydantic
writes for ``Literal[10, 25, 50]``, and ``{"type": "integer", "const": 5}`` got SEC-003 by
default, "has neither a minimum nor a maximum", though the rule's reason (zero, negative and
huge values accepted alike) cannot hold for a finite set of values.
"""

from __future__ import annotations

import pytest

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.settings import LintSettings


def _tool(**properties: object) -> dict:
    return {"name": "get_page", "description": "Get one page of results.",
            "inputSchema": {"type": "object", "properties": properties, "additionalProperties": False}}


def _sec_003(tool: dict, settings: LintSettings) -> list[str]:
    return sorted(f.path.rsplit(".", 1)[-1] for f in lint_tools([tool], settings)[0] if f.code == "SEC-003")


LISTED = _tool(page_size={"type": "integer", "enum": [10, 25, 50], "default": 10},
               count={"type": "integer", "const": 5},
               ratio={"anyOf": [{"type": "number", "enum": [0.5, 1.5]}, {"type": "null"}], "default": None},
               limit={"type": "integer"})


@pytest.mark.parametrize("settings", [LintSettings(), LintSettings(select=("SEC-003",), narrow=("SEC-003",))],
                         ids=["default", "narrowed"])
def test_a_number_limited_to_listed_values_is_bounded_in_the_recommended_reading(settings):
    assert _sec_003(LISTED, settings) == ["limit"]


def test_the_contracts_reading_still_asks_a_listed_number_for_bounds():
    assert _sec_003(LISTED, LintSettings(select=("SEC-003",))) == ["count", "limit", "page_size"]
