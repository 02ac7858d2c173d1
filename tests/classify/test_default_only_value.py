"""A default that is the one value its schema accepts is DOCUMENTATION.

New-user trial, round 26: awslabs.iam-mcp-server 1.0.6 → 1.1.2 (FastMCP) leaked the MCP SDK's
content types into three tools' input, and the newer SDK gave each content kind's ``type``
``"default": "text"`` beside ``"const": "text"``: fifteen POTENTIALLY_BREAKING "default
declared" findings, though a caller that omits the member gets the one value a caller that
sends it must send.
"""

from __future__ import annotations

import pytest
from support import diff_input_schemas

KIND = {"type": "string", "const": "text", "title": "Type"}


def _grades(old_prop: dict, new_prop: dict) -> list[tuple[str, str, str]]:
    report = diff_input_schemas({"type": "object", "properties": {"x": old_prop}},
                                {"type": "object", "properties": {"x": new_prop}})
    return [(f.severity.name, f.variant, f.message) for f in report.findings if f.rule == "tool.input.default.changed"]


@pytest.mark.parametrize("spelling", [KIND, {"type": "string", "enum": ["text"]}])
def test_a_default_declared_that_is_the_const_is_documentation(spelling):
    said = "the one value the schema accepts (its const)"
    assert _grades(spelling, {**spelling, "default": "text"}) == [
        ("DOCUMENTATION", "default_only_value", f'default "text" declared, {said}')]
    assert _grades({**spelling, "default": "text"}, spelling) == [
        ("DOCUMENTATION", "default_only_value", f'default "text" removed, {said}')]


def test_any_other_default_keeps_the_rules_grade():
    assert [g for g, _, _ in _grades({"type": "string"}, {"type": "string", "default": "text"})] == [
        "POTENTIALLY_BREAKING"]
    # A default outside the one value (which the server may still use when the member is left out).
    assert [g for g, _, _ in _grades(KIND, {**KIND, "default": "html"})] == ["POTENTIALLY_BREAKING"]
