"""A capability the old server advertised but whose every list method answered -32601
"Method not found" was never served: no caller that worked can stop working when it goes, so
its withdrawal is ``server.capability.removedUnserved`` (NON_BREAKING), not
``server.capability.removed`` (BREAKING). tavily-mcp 0.1.4 advertised prompts and resources
and served neither (trial defect 10)."""

from __future__ import annotations

import pytest
from conftest import DATA
from test_failed_lists import NOT_FOUND, REFUSED, _diff, _side

from mcp_inspect import api


def _server(capabilities: dict, errors: dict | None = None, **lists) -> dict:
    value = _side(capabilities, errors, **lists)
    value["initialize"]["serverInfo"] = {"name": "tavily", "version": "1"}
    return value


def _capability_findings(old: dict, new: dict) -> list[tuple[str, str, str, str]]:
    return [(f.rule, f.path, f.severity.name, f.message) for f in _diff(old, new).findings
            if f.rule.startswith("server.capability")]


def test_a_capability_whose_lists_were_never_served_is_withdrawn_without_a_break():
    old = _server({"tools": {}, "resources": {}, "prompts": {}},
                  {"resources/list": NOT_FOUND, "resources/templates/list": NOT_FOUND, "prompts/list": NOT_FOUND})
    new = _server({"tools": {}}, resources=[], resourceTemplates=[], prompts=[])
    found = _capability_findings(old, new)
    assert [(rule, path, severity) for rule, path, severity, _ in found] == [
        ("server.capability.removedUnserved", "capabilities.prompts", "NON_BREAKING"),
        ("server.capability.removedUnserved", "capabilities.resources", "NON_BREAKING")]
    assert "never served" in found[0][3] and "'prompts'" in found[0][3]


@pytest.mark.parametrize("errors", [
    {"resources/list": NOT_FOUND},  # resources/templates/list served: the capability was in use
    {"resources/list": REFUSED, "resources/templates/list": NOT_FOUND},  # unknown, not unserved
    {},
], ids=["templates-served", "other-error", "no-errors"])
def test_a_capability_that_served_something_or_may_have_is_still_a_break(errors):
    lists = {"resourceTemplates": [{"uriTemplate": "pg://{table}", "name": "t"}]} if len(errors) == 1 else {}
    if not errors:
        lists = {"resources": []}
    old = _server({"tools": {}, "resources": {}}, errors, **lists)
    new = _server({"tools": {}})
    assert [(rule, severity) for rule, _, severity, _ in _capability_findings(old, new)] == [
        ("server.capability.removed", "BREAKING")]


def test_the_captured_tavily_release_withdraws_capabilities_it_never_served():
    old, new = (api.load(str(DATA / "captured" / "tavily-mcp" / f"{v}.json")) for v in ("0.1.4", "0.2.22"))
    found = [(f.rule, f.path, f.severity.name) for f in api.diff(old, new).findings
             if f.rule.startswith("server.capability")]
    assert found == [("server.capability.removedUnserved", "capabilities.prompts", "NON_BREAKING"),
                     ("server.capability.removedUnserved", "capabilities.resources", "NON_BREAKING")]
