"""Entity changes that a host cannot act on: a hint declared with its default value, and a
resource's ``lastModified`` moving with its content (issue 21)."""

from __future__ import annotations

import copy

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

TOOL = {"name": "t", "inputSchema": {"type": "object"}}
RESOURCE = {"uri": "file:///logs/app.log", "name": "app-log", "mimeType": "text/plain"}
TEMPLATE = {"uriTemplate": "file:///logs/{name}", "name": "log", "mimeType": "text/plain"}
DEFAULTS = {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": False, "openWorldHint": True}


def findings(old, new):
    result = diff_snapshots(snapshot_from_value(copy.deepcopy(old), "old"),
                            snapshot_from_value(copy.deepcopy(new), "new"))
    return result.findings


def triples(old, new):
    return sorted((f.rule, f.severity.name, f.path) for f in findings(old, new))


@pytest.mark.parametrize(("hint", "value"), DEFAULTS.items())
def test_declaring_a_hint_with_its_default_value_is_documentation(hint, value):
    old = {"tools": [TOOL]}
    new = {"tools": [{**TOOL, "annotations": {hint: value}}]}
    (finding,) = findings(old, new)
    assert (finding.rule, finding.severity.name, finding.path) == (
        "tool.annotations.added", "DOCUMENTATION", f"annotations.{hint}")
    assert "default" in finding.message


@pytest.mark.parametrize(("hint", "value"), DEFAULTS.items())
def test_declaring_a_hint_against_its_default_keeps_the_rule_severity(hint, value):
    """The other value is a promise (or a warning) the host acts on."""
    old = {"tools": [TOOL]}
    new = {"tools": [{**TOOL, "annotations": {hint: not value}}]}
    assert triples(old, new) == [("tool.annotations.added", "POTENTIALLY_BREAKING", f"annotations.{hint}")]


def test_removing_a_default_valued_hint_says_the_value_was_the_default():
    """The shared case tool-annotation-removed-neutral grades this POTENTIALLY_BREAKING;
    the message still tells the reader that nothing a host reads has moved."""
    old = {"tools": [{**TOOL, "annotations": {"readOnlyHint": False, "openWorldHint": False}}]}
    new = {"tools": [{**TOOL, "annotations": {"openWorldHint": False}}]}
    (finding,) = findings(old, new)
    assert (finding.rule, finding.severity.name) == ("tool.annotations.removed", "POTENTIALLY_BREAKING")
    assert "default" in finding.message


def test_a_non_boolean_hint_equal_to_nothing_is_not_a_default():
    old = {"tools": [TOOL]}
    new = {"tools": [{**TOOL, "annotations": {"readOnlyHint": 0}}]}  # 0 is not false in JSON
    assert triples(old, new) == [("tool.annotations.added", "POTENTIALLY_BREAKING", "annotations.readOnlyHint")]


@pytest.mark.parametrize(("kind", "entity", "rule"), [
    ("resources", RESOURCE, "resource.annotations.changed"),
    ("resourceTemplates", TEMPLATE, "resourceTemplate.annotations.changed"),
])
def test_last_modified_alone_is_documentation(kind, entity, rule):
    old = {kind: [{**entity, "annotations": {"priority": 0.5, "lastModified": "2025-01-12T15:00:58Z"}}]}
    new = {kind: [{**entity, "annotations": {"priority": 0.5, "lastModified": "2025-03-01T09:30:00Z"}}]}
    (finding,) = findings(old, new)
    assert (finding.rule, finding.severity.name) == (rule, "DOCUMENTATION")
    assert "lastModified" in finding.message
    # Declared where there was none, or dropped: the same reading.
    declared = {kind: [{**entity, "annotations": {"lastModified": "2025-03-01T09:30:00Z"}}]}
    assert triples({kind: [entity]}, declared) == [(rule, "DOCUMENTATION", "annotations")]
    assert triples(declared, {kind: [entity]}) == [(rule, "DOCUMENTATION", "annotations")]


def test_last_modified_beside_another_annotation_change_keeps_the_rule_severity():
    old = {"resources": [{**RESOURCE, "annotations": {"priority": 0.2, "lastModified": "2025-01-12T15:00:58Z"}}]}
    new = {"resources": [{**RESOURCE, "annotations": {"priority": 0.9, "lastModified": "2025-03-01T09:30:00Z"}}]}
    assert triples(old, new) == [("resource.annotations.changed", "POTENTIALLY_BREAKING", "annotations")]
