"""Issue 18, "Show the change": messages say what changed, and each path is a place in the
schema of the side the finding speaks of.

Two real release pairs stand for the servers the issue was tried on (see
docs/classification-notes.md): a "firecrawl-like" pair, where a union of output shapes
became one object while a description was rewritten, and a "motherduck-like" pair, where
union branches were lost and many descriptions lost a sentence or two. A third real pair
adds a deprecation notice.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, case_dirs, corpus_releases

from mcp_inspect import diff, load
from mcp_inspect.api import diff as diff_surfaces
from mcp_inspect.report.json_report import render_json
from mcp_inspect.snapshot.shapes import snapshot_from_value

FIRECRAWL_LIKE = ("filesystem/2026.8.31.json", "filesystem/2025.11.25.json")
MOTHERDUCK_LIKE = ("notion/2.0.0.json", "notion/1.9.0.json")
DEPRECATION = ("filesystem/2025.7.1.json", "filesystem/2025.8.21.json")


def _report(old: Any, new: Any) -> list[dict[str, Any]]:
    if isinstance(old, str):
        report = diff(load(str(CORPUS / old)), load(str(CORPUS / new)))
    else:
        report = diff_surfaces(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))
    return json.loads(render_json(report))["findings"]


def _said(findings: list[dict[str, Any]], tool: str) -> list[tuple[str, str, str, str]]:
    return [(f["rule"], f["severity"], f["path"], f["message"]) for f in findings
            if f["entity"]["name"] == tool and "annotations" not in f["rule"]]


# -- the real pairs -------------------------------------------------------------------------------

def test_firecrawl_like_a_union_become_one_object_and_a_rewritten_description():
    findings = _report(*FIRECRAWL_LIKE)
    items = "outputSchema.properties.content.items"
    assert _said(findings, "read_media_file") == [
        ("tool.description.changed", "POTENTIALLY_BREAKING", "description",
         "description rewritten (among other changes, the removed text named an identifier)"),
        # The branch gone is named by the value of the property that tells the branches apart.
        ("tool.output.constraint.tightened", "NON_BREAKING", f"{items}.anyOf",
         "the \"resource\" branch of 'content' was removed (anyOf branches told apart by 'type')"),
        # The new schema has no anyOf: the value gained is where the new schema holds it.
        ("tool.output.enum.widened", "BREAKING", f"{items}.properties.type.enum", 'enum gained "blob"'),
    ]
    by_rule = {f["rule"]: f for f in findings if f["entity"]["name"] == "read_media_file"}
    lost = by_rule["tool.output.constraint.tightened"]["args"]
    assert lost["branches_removed"] == 1 and lost["branches_lost"][0]["properties"]["type"] == {
        "type": ["string"], "const": "resource"}
    gained = by_rule["tool.output.enum.widened"]["args"]
    assert gained["values_added"] == ["blob"]
    assert gained["path_before"] == f"{items}.anyOf.0.properties.type.enum"
    assert gained["path_after"] == f"{items}.properties.type.enum"
    prose = by_rule["tool.description.changed"]["args"]
    assert prose["change"] == "rewritten" and prose["reason"] == "identifier_removed"
    assert prose["words"][:3] == [["=", "Read"], ["-", "a file"],
                                  ["+", "an image or audio file. Returns the base64 encoded data"]]


def test_motherduck_like_lost_branches_and_sentences_say_which():
    findings = _report(*MOTHERDUCK_LIKE)
    assert _said(findings, "API-patch-block-children") == [
        # Only the generated "Error Responses:" list was dropped (prose/statuses.py).
        ("tool.description.changed", "DOCUMENTATION", "description",
         "description changed: only a generated list of HTTP statuses was added, removed or changed"),
        ("tool.input.property.removed", "BREAKING", "inputSchema.properties.Notion-Version",
         "property 'Notion-Version' removed"),
        # The new side is one closed object declaring both old branches' properties: every old
        # item is valid, so the lost paragraph branch is no finding (issue 34; it was a false
        # "anyOf lost 1 branch"), and what the object gained is where it holds it.
        ("tool.input.property.added", "NON_BREAKING", "inputSchema.properties.children.items.properties.paragraph",
         "optional property 'paragraph' added"),
        ("tool.input.enum.widened", "NON_BREAKING", "inputSchema.properties.children.items.properties.type.enum",
         'enum gained "paragraph"'),
    ]
    assert _said(findings, "API-post-page")[-1] == (
        "tool.input.constraint.changed", "BREAKING", "inputSchema.properties.parent.oneOf",
        'oneOf lost 2 branches: {type: object, properties: {type: {type: string}, database_id: {type: string, '
        'format: "uuid"}},…; {type: object, properties: {type: {}}, required: ["type"]}')
    description = next(f for f in findings if f["entity"]["name"] == "API-get-self" and f["rule"].endswith(
        "description.changed"))
    assert description["args"]["change"] == "graded" and description["args"]["reason"] == "status_list"
    assert description["args"]["words"] == [["=", "… your token's bot user"],
                                            ["-", "Error Responses:\n400: Bad request"]]
    value = next(f for f in findings if f["entity"]["name"] == "API-post-search" and f["rule"].endswith("enum.widened"))
    assert value["message"] == 'the list of allowed values was removed (it held "data_source", "page")'
    assert value["args"]["values"] == ["data_source", "page"]


def test_a_deprecation_notice_is_named():
    findings = _report(*DEPRECATION)
    assert _said(findings, "read_file") == [
        ("tool.description.changed", "POTENTIALLY_BREAKING", "description",
         "description changed: a deprecation notice was added (the negation 'cannot' was removed)")]
    assert _said(findings, "list_allowed_directories") == [
        ("tool.description.changed", "POTENTIALLY_BREAKING", "description",
         "description changed: 'Subdirectories within these allowed directories are also…' added")]


# -- paths on each side ---------------------------------------------------------------------------

def _tool(schema: dict[str, Any]) -> dict[str, Any]:
    return {"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"x": schema}}}]}


def _place(schema: dict[str, Any], path: str) -> Any:
    node: Any = {"inputSchema": {"type": "object", "properties": {"x": schema}}}
    for part in path.split("."):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def test_branch_indices_that_differ_between_the_sides():
    old = {"anyOf": [{"type": "string", "maxLength": 5, "enum": ["a", "b"]}, {"type": "array"}]}
    new = {"anyOf": [{"type": "array"}, {"type": "null"}, {"type": "string", "maxLength": 3, "enum": ["a", "c"]}]}
    found = {f["message"]: f for f in _report(_tool(old), _tool(new))}
    x = "inputSchema.properties.x"
    gained, lost, bound = found['enum gained "c"'], found['enum lost "b"'], found["maxLength 5 → 3"]
    assert gained["path"] == f"{x}.anyOf.2.enum" and _place(new, gained["path"]) == ["a", "c"]
    assert lost["path"] == f"{x}.anyOf.0.enum" and _place(old, lost["path"]) == ["a", "b"]
    assert bound["path"] == f"{x}.anyOf.2.maxLength"  # a value on both sides: where the new side has it
    for finding in (gained, lost, bound):
        assert finding["args"]["path_before"].startswith(f"{x}.anyOf.0.")
        assert finding["args"]["path_after"].startswith(f"{x}.anyOf.2.")
    assert found["anyOf gained 1 branch: {type: null}"]["path"] == f"{x}.anyOf"


def test_a_union_become_one_schema_and_back():
    union = {"anyOf": [{"type": "string", "enum": ["markdown", "html"]},
                       {"type": "object", "properties": {"type": {"const": "json"}}}]}
    single = {"type": "string", "enum": ["markdown", "html", "links"]}
    x = "inputSchema.properties.x"
    forward = {f["message"]: f["path"] for f in _report(_tool(union), _tool(single))}
    assert forward == {
        'anyOf lost 1 branch: {type: object, properties: {type: {type: string, const: "json"}}}': f"{x}.anyOf",
        'enum gained "links"': f"{x}.enum",
    }
    backward = {f["message"]: f["path"] for f in _report(_tool(single), _tool(union))}
    assert backward == {
        'anyOf gained 1 branch: {type: object, properties: {type: {type: string, const: "json"}}}': f"{x}.anyOf",
        'enum lost "links"': f"{x}.enum",
    }


def test_a_tuple_position_faces_items_on_the_other_side():
    items = {"type": "string", "maxLength": 5}
    old = {"type": "array", "prefixItems": [{"type": "integer"}], "items": items}
    new = {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "items": items}
    [finding] = _report(_tool(old), _tool(new))
    assert finding["message"] == "maxLength removed (was 5)"
    assert finding["path"] == "inputSchema.properties.x.items.maxLength" and _place(old, finding["path"]) == 5
    assert finding["args"]["path_after"] == "inputSchema.properties.x.prefixItems.1.maxLength"


def _follow(root: Any, parts: list[str]) -> bool:
    """Whether ``parts`` lead somewhere in a raw schema, following local ``$ref``s, lone-branch
    wrappers and the draft-07 tuple spelling as the canonical form reads them."""
    node, index, hops = root, 0, 0
    while index < len(parts):
        hops += 1
        if hops > 10_000:
            return False
        part = parts[index]
        if isinstance(node, list):
            if not (part.isdigit() and int(part) < len(node)):
                return False
            node, index = node[int(part)], index + 1
            continue
        if not isinstance(node, dict):
            return False
        if part == "prefixItems" and "prefixItems" not in node and isinstance(node.get("items"), list):
            node, index = node["items"], index + 1
            continue
        joined = next((j for j in range(len(parts), index, -1) if ".".join(parts[index:j]) in node), None)
        if joined is not None:  # a name may hold dots
            node, index = node[".".join(parts[index:joined])], joined
            continue
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#"):
            target: Any = root
            for step in ref[2:].split("/") if len(ref) > 1 else []:
                target = target.get(step.replace("~1", "/").replace("~0", "~")) if isinstance(target, dict) else None
            node = target
            continue
        keys = [k for k in node if k not in ("$schema", "$defs", "definitions")]
        if len(keys) == 1 and keys[0] in ("anyOf", "oneOf", "allOf") and len(node[keys[0]]) == 1:
            node = node[keys[0]][0]
            continue
        return False
    return True


def _pairs() -> list[tuple[Path, Path]]:
    pairs = [(a, b) for releases in corpus_releases().values() for a, b in zip(releases, releases[1:], strict=False)]
    pairs = [*pairs, *((b, a) for a, b in pairs)]
    return pairs + [(d / "old.json", d / "new.json") for d in case_dirs("cases")]


def test_every_schema_finding_of_the_corpus_and_cases_names_a_place_in_its_side():
    checked = 0
    for old, new in _pairs():
        findings = json.loads(render_json(diff(load(str(old)), load(str(new)))))["findings"]
        surfaces = [json.loads(path.read_text()) for path in (old, new)]
        tools = [{t["name"]: t for t in s.get("tools", [])} for s in surfaces]
        renamed = {f["entity"]["name"]: f["before"] for f in findings if f["rule"] == "tool.renamed"}
        for f in findings:
            rule, path, args = f["rule"], f["path"], f["args"]
            if not rule.startswith(("tool.input.", "tool.output.")) or rule.count(".") == 2:
                continue
            name = f["entity"]["name"]
            sides = [0 if path == args["path_before"] else 1] if "path_before" in args else [0, 1]
            roots = [tools[s].get(renamed.get(name, name) if s == 0 else name, {}).get(path.split(".")[0])
                     for s in sides]
            assert any(_follow(root, path.split(".")[1:]) for root in roots), (old, new, rule, path)
            checked += 1
    assert checked > 400


@pytest.mark.parametrize("name", ["path_before", "path_after"])
def test_both_paths_are_given_only_where_they_differ(name):
    findings = _report(*FIRECRAWL_LIKE) + _report(*MOTHERDUCK_LIKE)
    with_paths = [f for f in findings if name in f["args"]]
    assert with_paths and all(f["args"]["path_before"] != f["args"]["path_after"] for f in with_paths)
    assert all(f["path"] in (f["args"]["path_before"], f["args"]["path_after"]) for f in with_paths)
