"""Entity-level judgements that the conformance cases do not pin down."""

from __future__ import annotations

import copy

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.snapshot.shapes import snapshot_from_value

TOOL = {"name": "t", "inputSchema": {"type": "object"}}
INIT = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
        "serverInfo": {"name": "s", "version": "1.0.0"}}
DISCOVER = {"resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}},
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "s", "version": "1.0.0"}},
            "ttlMs": 1000, "cacheScope": "public"}


def rules(old, new):
    result = diff_snapshots(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))
    return sorted((f.rule, f.severity.name, f.path) for f in result.findings)


def tools(*items):
    return {"tools": [copy.deepcopy(i) for i in items]}


def test_era_change_is_one_protocol_finding():
    assert rules({"initialize": INIT, "tools": []}, {"discover": DISCOVER, "tools": []}) == [
        ("server.protocolVersion.changed", "POTENTIALLY_BREAKING", "protocolVersion")]


def test_tools_only_file_against_a_capture_compares_entities_only():
    assert rules(tools(TOOL), {"initialize": INIT, **tools(TOOL)}) == []


def test_capability_flags_default_to_false():
    old = {"initialize": {**INIT, "capabilities": {"tools": {}, "experimental": {}}}}
    new = {"initialize": {**INIT, "capabilities": {"tools": {"listChanged": False}}}}
    assert rules(old, new) == []


def test_declaring_the_default_task_support_is_no_change():
    assert rules(tools(TOOL), tools({**TOOL, "execution": {"taskSupport": "forbidden"}})) == []
    assert rules(tools(TOOL), tools({**TOOL, "execution": {"taskSupport": "required"}})) == [
        ("tool.execution.changed", "POTENTIALLY_BREAKING", "execution")]


def test_unknown_tool_field_is_not_dropped():
    assert rules(tools(TOOL), tools({**TOOL, "securitySchemes": [{"type": "oauth2"}]})) == [
        ("tool.field.changed", "POTENTIALLY_BREAKING", "securitySchemes")]


def test_annotations_empty_object_equals_none():
    assert rules(tools(TOOL), tools({**TOOL, "annotations": {}})) == []


def test_removing_a_promise_is_safety_weakened():
    old = tools({**TOOL, "annotations": {"idempotentHint": True, "destructiveHint": False}})
    assert rules(old, tools(TOOL)) == [
        ("tool.annotations.safetyWeakened", "POTENTIALLY_BREAKING", "annotations.destructiveHint"),
        ("tool.annotations.safetyWeakened", "POTENTIALLY_BREAKING", "annotations.idempotentHint"),
    ]


def test_annotations_title_is_a_title_change():
    old = tools({**TOOL, "annotations": {"title": "Read file"}})
    new = tools({**TOOL, "annotations": {"title": "Read File"}})
    assert rules(old, new) == [("tool.title.changed", "DOCUMENTATION", "annotations.title")]


def test_flat_ui_resource_uri_key_is_read():
    old = tools({**TOOL, "_meta": {"ui/resourceUri": "ui://a"}})
    new = tools({**TOOL, "_meta": {"ui": {"resourceUri": "ui://b"}}})
    assert ("tool.ui.resourceUri.changed", "POTENTIALLY_BREAKING", "_meta.ui.resourceUri") in rules(old, new)


def test_openai_widget_csp_feeds_the_csp_rules():
    def res(domains):
        return {"resources": [{"uri": "ui://w", "name": "w", "mimeType": "text/html+skybridge",
                               "_meta": {"openai/widgetCSP": {"connect_domains": domains}}}]}
    assert rules(res(["https://a", "https://b"]), res(["https://a"])) == [
        ("resource.meta.changed", "NON_BREAKING", "_meta"),
        ("resource.ui.csp.narrowed", "BREAKING", "_meta.openai/widgetCSP.connect_domains"),
    ]


def test_prompt_argument_order_and_required_false_do_not_matter():
    old = {"prompts": [{"name": "p", "arguments": [{"name": "a", "required": False}, {"name": "b"}]}]}
    new = {"prompts": [{"name": "p", "arguments": [{"name": "b"}, {"name": "a"}]}]}
    assert rules(old, new) == []


def test_duplicate_tool_names_compare_the_first():
    first = {**TOOL, "description": "first"}
    second = {**TOOL, "description": "second"}
    assert rules(tools(first, second), tools(first)) == []


def test_renamed_tool_with_new_prose_is_a_rename_plus_the_prose_change():
    old = tools({"name": "list_dir", "description": "List a directory.",
                 "inputSchema": {"type": "object", "properties": {"p": {"type": "string", "description": "Path"}}}})
    new = tools({"name": "ls", "description": "List a directory's entries.",
                 "inputSchema": {"type": "object", "properties": {"p": {"type": "string", "description": "A path"}}}})
    assert rules(old, new) == [
        ("tool.description.changed", "POTENTIALLY_BREAKING", "description"),
        ("tool.input.description.changed", "DOCUMENTATION", "inputSchema.properties.p.description"),
        ("tool.renamed", "BREAKING", "name"),
    ]


def test_two_identical_candidates_are_not_a_rename():
    old = tools({"name": "a", "inputSchema": {"type": "object"}}, {"name": "b", "inputSchema": {"type": "object"}})
    new = tools({"name": "c", "inputSchema": {"type": "object"}}, {"name": "d", "inputSchema": {"type": "object"}})
    assert [r for r, _, _ in rules(old, new)] == ["tool.added", "tool.added", "tool.removed", "tool.removed"]


def test_an_explicit_null_is_not_an_absent_keyword():
    """Found by the fuzz suite: `type: null` (and friends) read as absent left a change unreported."""
    base = {"type": "object", "properties": {"x": {}}}
    for key, rule in (("type", "tool.input.schema.changed"), ("description", "tool.input.description.changed"),
                      ("x-mcp-header", "tool.input.header.changed")):
        new = {"type": "object", "properties": {"x": {key: None}}}
        assert [r for r, _, _ in rules(tools({"name": "t", "inputSchema": base}),
                                       tools({"name": "t", "inputSchema": new}))] == [rule], key
    assert [r for r, _, _ in rules(tools({"name": "t", "inputSchema": {"type": "object"}}),
                                   tools({"name": "t", "inputSchema": {"type": "object", "required": None}}))] \
        == ["tool.input.schema.changed"]
    old = {"prompts": [{"name": "p", "arguments": [{"name": "a"}]}]}
    new = {"prompts": [{"name": "p", "arguments": [{"name": "a", "required": None}]}]}
    assert [r for r, _, _ in rules(old, new)] == ["prompt.field.changed"]


def test_empty_properties_equal_no_properties():
    assert rules(tools({"name": "t", "inputSchema": {"type": "object"}}),
                 tools({"name": "t", "inputSchema": {"type": "object", "properties": {}}})) == []


def test_dangling_and_remote_refs_are_reported_never_fetched(monkeypatch):
    import socket

    def no_network(*args, **kwargs):
        raise AssertionError("a $ref was fetched")

    monkeypatch.setattr(socket, "create_connection", no_network)
    schema = {"type": "object", "properties": {"a": {"$ref": "#/$defs/missing"},
                                               "b": {"$ref": "https://example.com/s.json"}}}
    surface = tools({"name": "t", "inputSchema": schema})
    result = diff_snapshots(snapshot_from_value(surface, "old.json"), snapshot_from_value(surface, "new.json"))
    assert result.findings == []
    assert result.warnings == [
        "new.json: tool 't' inputSchema: $ref '#/$defs/missing' does not resolve; compared as written, "
        "and the definitions with it",
        "new.json: tool 't' inputSchema: remote $ref 'https://example.com/s.json' is never fetched; "
        "compared as written",
        "old.json: tool 't' inputSchema: $ref '#/$defs/missing' does not resolve; compared as written, "
        "and the definitions with it",
        "old.json: tool 't' inputSchema: remote $ref 'https://example.com/s.json' is never fetched; "
        "compared as written",
    ]


def test_an_explicit_null_field_is_not_an_absent_field():
    """Found by the fuzz suite at its large budget: `description: null` on a tool read as absent."""
    assert rules(tools(TOOL), tools({**TOOL, "description": None})) == [
        ("tool.description.changed", "DOCUMENTATION", "description")]
    assert [r for r, _, _ in rules(tools(TOOL), tools({**TOOL, "icons": None}))] == ["tool.icons.changed"]
    assert [r for r, _, _ in rules(tools(TOOL), tools({**TOOL, "annotations": None}))] == ["tool.field.changed"]
    prompt = {"name": "p"}
    assert [r for r, _, _ in rules({"prompts": [prompt]}, {"prompts": [{**prompt, "arguments": None}]})] == [
        "prompt.field.changed"]


def test_no_change_under_two_fingerprints_says_why():
    """New-user trial, round 10: a tools-only YAML file against its live capture read "No
    changes" under two fingerprints, which docs/tour.md seemed to rule out: the warning names
    what the fingerprints cover beyond what both sides declare."""
    from mcp_inspect import api
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    tools = [{"name": "t", "inputSchema": {"type": "object"}}]
    bare = snapshot_from_value({"tools": tools}, "bare")
    full = snapshot_from_value({"tools": tools, "initialize": {
        "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
        "serverInfo": {"name": "s", "version": "1.0.0"}}}, "full")
    report = api.diff(bare, full)
    assert report.changes == [] and report.old.fingerprint != report.new.fingerprint
    assert any("the server's own metadata (the old side declares none)" in w for w in report.warnings), report.warnings
    same = api.diff(full, full)
    assert not any("fingerprints differ" in w for w in same.warnings)


def test_a_covered_union_branch_gained_is_no_finding_and_the_warning_says_why():
    """Hostile trial, round 12: a third anyOf branch of properties that only name members
    (each branch accepts every object, so a sibling covers it) is the contract's covered
    branch, no finding; the completeness net called it 'written differently, with its
    recursion cut at other places', a BREAKING with no witness, in a schema with no $ref.
    The fingerprints still differ, and the warning names the tool, not metadata."""
    from mcp_inspect import api
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    def tools(*names):
        return snapshot_from_value({"tools": [{"name": "t", "inputSchema": {"type": "object",
                                              "anyOf": [{"properties": {n: {}}} for n in names]}}]}, "-".join(names))
    report = api.diff(tools("a", "b"), tools("a", "b", "c"))
    assert report.changes == [], [c.rule for c in report.changes]
    assert report.old.fingerprint != report.new.fingerprint
    assert any("the tool 't' is written differently with the same meaning" in w for w in report.warnings), \
        report.warnings
    assert not any("server's own metadata" in w for w in report.warnings)


def test_an_anyof_branch_of_properties_gained_beside_unevaluated_properties_false_loosens():
    """Hostile trial, round 12: beside unevaluatedProperties false the same third branch lets
    {"c": 1} in (Core 2020-12, 11.3: the annotations of every valid anyOf branch count), so it
    is not covered: anyOf gained a branch, NON_BREAKING on input, and losing it is BREAKING."""
    from mcp_inspect import api
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    def tools(*names):
        schema = {"type": "object", "unevaluatedProperties": False,
                  "anyOf": [{"properties": {n: {}}} for n in names]}
        return snapshot_from_value({"tools": [{"name": "t", "inputSchema": schema}]}, "-".join(names))
    gained = api.diff(tools("a", "b"), tools("a", "b", "c"))
    assert [(c.rule, c.severity.name) for c in gained.changes] == \
        [("tool.input.constraint.loosened", "NON_BREAKING")]
    lost = api.diff(tools("a", "b", "c"), tools("a", "b"))
    assert [(c.rule, c.severity.name) for c in lost.changes] == \
        [("tool.input.constraint.tightened", "BREAKING")]
    assert lost.changes[0].witness is not None and lost.changes[0].witness.found, lost.changes[0].witness
