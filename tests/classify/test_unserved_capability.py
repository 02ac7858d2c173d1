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


# --- completions with nothing to complete (trial of Dec 2, D3) --------------------------
# A completion/complete request names a prompt argument or a resource template's variable.
# A server whose prompts take no arguments and which has no templates could answer none, so
# withdrawing `completions` (the SDK advertises it on its own) breaks no caller.

_PROMPT = {"name": "help", "arguments": []}
_COMPLETIONS = {"tools": {}, "prompts": {}, "resources": {}, "completions": {}}


def test_the_exa_release_withdraws_a_completions_capability_nothing_could_use():
    old, new = (api.load(str(DATA / "trial" / "exa" / f"{v}.json")) for v in ("3.2.1", "3.4.1"))
    found = [(f.rule, f.path, f.severity.name, f.message) for f in api.diff(old, new).findings
             if f.rule.startswith("server.capability")]
    assert [(rule, path, severity) for rule, path, severity, _ in found] == [
        ("server.capability.removedUnserved", "capabilities.completions", "NON_BREAKING")]
    assert "nothing to complete" in found[0][3]


def test_completions_with_nothing_to_complete_also_when_the_lists_were_not_served():
    old = _server(_COMPLETIONS, {"prompts/list": NOT_FOUND, "resources/templates/list": NOT_FOUND}, resources=[])
    new = _server({"tools": {}, "prompts": {}, "resources": {}}, prompts=[], resources=[], resourceTemplates=[])
    assert [(rule, severity) for rule, _, severity, _ in _capability_findings(old, new)] == [
        ("server.capability.removedUnserved", "NON_BREAKING")]


@pytest.mark.parametrize("lists,errors", [
    ({"prompts": [{"name": "help", "arguments": [{"name": "topic"}]}], "resourceTemplates": []}, None),
    ({"prompts": [_PROMPT], "resourceTemplates": [{"uriTemplate": "doc://{id}", "name": "doc"}]}, None),
    ({"resourceTemplates": []}, {"prompts/list": REFUSED}),  # the prompts are unknown, not absent
    ({"prompts": [_PROMPT]}, None),  # the templates were never asked for: unknown
    ({"prompts": [{"name": "help", "arguments": "topic"}], "resourceTemplates": []}, None),  # not a list: unknown
], ids=["prompt-argument", "template", "prompts-unknown", "templates-missing", "arguments-malformed"])
def test_completions_withdrawn_while_something_could_be_completed_is_still_a_break(lists, errors):
    old = _server(_COMPLETIONS, errors, resources=[], **lists)
    new = _server({"tools": {}, "prompts": {}, "resources": {}}, **lists)
    found = [(rule, severity) for rule, path, severity, _ in _capability_findings(old, new)
             if path == "capabilities.completions"]
    assert found == [("server.capability.removed", "BREAKING")]


@pytest.mark.parametrize("capability", ["elicitation", "sampling", "roots"])
def test_a_capability_only_clients_declare_is_withdrawn_without_a_break(capability):
    """New-user trial: @mastra/mcp-docs-server 0.13.31 listed `elicitation` among its own
    capabilities and 1.2.27 dropped it, a false BREAKING: no client reads a client capability
    from a server. A server capability withdrawn beside it still breaks."""
    old = _server({"tools": {}, "logging": {}, capability: {}})
    new = _server({"tools": {}})
    found = _capability_findings(old, new)
    assert sorted((rule, path, severity) for rule, path, severity, _ in found) == [
        ("server.capability.removed", "capabilities.logging", "BREAKING"),
        ("server.capability.removedUnserved", f"capabilities.{capability}", "NON_BREAKING")]
    assert any("one clients declare" in message for *_, message in found)
