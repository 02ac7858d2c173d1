"""MCP-014 claims "no call is valid" only where it can prove it: a ``$ref`` is followed only
when it names exactly one subschema, as references.py resolves it (a pointer, a unique
``$anchor``, an embedded ``$id``), and anything else (an anchor two ``$defs`` claim, a pointer
step that is no index, a reference inside a resource of its own, a draft-07 ``$ref``'s
ignored siblings) is read as accepting anything. Each schema here is checked against
jsonschema too."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import validators

from mcp_inspect import api
from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.rules.no_call import no_call_accepted
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.snapshot.shapes import snapshot_from_value


def _id_schema(defs: dict[str, Any], ref: str = "#itemId") -> dict[str, Any]:
    return {"type": "object", "$defs": defs,
            "properties": {"id": {"$ref": ref, "type": "string", "description": "The item id."}},
            "required": ["id"]}


TWO_ANCHORS = _id_schema({"a": {"$anchor": "itemId", "type": "string"}, "b": {"$anchor": "itemId", "type": "string"}})


def _accepts(schema: dict[str, Any], value: Any) -> bool:
    return validators.validator_for(schema, default=validators.Draft202012Validator)(schema).is_valid(value)


def _codes(schema: dict[str, Any]) -> list[str]:
    tool = {"name": "get_item", "title": "Get item", "description": "Gets an item by its id.", "inputSchema": schema}
    findings, _ = lint_tools([tool], LintSettings())
    return [f.code for f in findings if f.code == "MCP-014"]


def test_an_anchor_two_definitions_claim_is_not_the_root():
    # jsonschema takes {"id": "x"}; the anchor was read as "#", the root, an object: no string could be one.
    assert _accepts(TWO_ANCHORS, {"id": "x"})
    assert no_call_accepted(TWO_ANCHORS) is None
    assert _codes(TWO_ANCHORS) == []


@pytest.mark.parametrize("schema", [
    _id_schema({"a": {"$anchor": "itemId", "type": "string"}}),  # a unique anchor: followed, a string
    {"type": "object", "required": ["id"], "properties": {"id": {"$ref": "#/$defs/r/$defs/o", "type": "string"}},
     "$defs": {"r": {"$id": "https://example.com/r.json", "$defs": {"o": {"$ref": "#/$defs/s"},
                                                                        "s": {"type": "string"}}},
               "s": {"type": "object"}}},  # "#/$defs/s" inside r is r's own: a string, not the root's object
    {"$schema": "http://json-schema.org/draft-04/schema#", "type": "object", "required": ["id"],
     "properties": {"id": {"$ref": "#/definitions/r/definitions/o"}},
     "definitions": {"r": {"id": "https://example.com/r.json", "definitions": {"o": {"$ref": "#/definitions/s"},
                                                                             "s": {"type": "string"}}},
                     "s": {"not": {}}}},  # the same in draft-04, whose resources say "id"
])
def test_a_reference_is_followed_only_to_the_one_schema_it_names(schema):
    assert _accepts(schema, {"id": "x"})
    assert no_call_accepted(schema) is None


@pytest.mark.parametrize("ref", ["#nowhere", "#/$defs/a/allOf/²", "#/$defs/a/allOf/" + "9" * 5000, "other.json#itemId"],
                         ids=["no-anchor", "superscript", "5000-nines", "remote"])
def test_a_reference_that_names_nothing_here_is_unknown(ref):
    # A validator cannot resolve these (it raises): nothing proves that no call is valid.
    schema = _id_schema({"a": {"$anchor": "itemId", "allOf": [{"type": "object"}]}}, ref)
    assert no_call_accepted(schema) is None


def test_a_draft_07_reference_ignores_its_siblings():
    schema = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["id"],
              "definitions": {"o": {"type": "object"}},
              "properties": {"id": {"$ref": "#/definitions/o", "type": "string"}}}
    assert _accepts(schema, {"id": {}})
    assert no_call_accepted(schema) is None
    # Under 2020-12 the sibling holds beside the reference, and no call is valid: still said.
    modern = {key: value for key, value in schema.items() if key != "$schema"}
    assert not _accepts(modern, {"id": {}}) and not _accepts(modern, {"id": "x"})
    assert no_call_accepted(modern) == "'id' is required and accepts no value"


@pytest.mark.parametrize("ref", ["#itemId", "#/$defs/a", "https://example.com/s.json#itemId",
                                 "#/properties/id/allOf/0"])
def test_a_reference_that_names_one_subschema_still_proves_no_call(ref):
    schema = {"$id": "https://example.com/s.json", **_id_schema({"a": {"$anchor": "itemId", "type": "object"}}, ref)}
    if ref.startswith("#/properties"):  # a pointer into a list: an index
        schema["properties"]["id"]["allOf"] = [{"type": "object"}]
    assert not _accepts(schema, {"id": "x"}) and not _accepts(schema, {"id": {}})
    assert no_call_accepted(schema) == "'id' is required and accepts no value"
    assert _codes(schema) == ["MCP-014"]


def test_the_diff_does_not_say_the_old_schema_accepts_no_call():
    def tool(types: Any) -> dict[str, Any]:
        defs = {"a": {"$anchor": "s", "minLength": 1}, "b": {"$anchor": "s", "minLength": 1}}
        schema = {"type": "object", "$defs": defs,
                  "properties": {"x": {"$ref": "#s", "type": types}}, "required": ["x"]}
        return {"tools": [{"name": "t", "description": "Does t.", "inputSchema": schema}]}

    report = api.diff(snapshot_from_value(tool(["string", "integer"]), "old"),
                      snapshot_from_value(tool("string"), "new"))
    finding = next(f for f in report.changes if f.rule == "tool.input.type.narrowed")
    assert finding.witness.reason != "accepts_no_call"
    assert "accepts no call" not in (finding.witness.note or "")
    assert finding.witness.found and finding.witness.value == {"x": 0}


def _recursive_union(width: int) -> dict:
    names = [f"p{i}" for i in range(width)]
    node = {"anyOf": [{"type": "null"}, {"type": "object", "properties": {n: {"$ref": "#/$defs/n"} for n in names},
                                         "required": names}]}
    return {"type": "object", "properties": {"root": {"$ref": "#/$defs/n"}}, "required": ["root"], "$defs": {"n": node}}


def test_the_proof_reads_a_bounded_number_of_nodes(monkeypatch):
    """Hostile trial: each required property is read again below its parent's alternatives,
    so a 1.2 KB recursive union of 30 required properties ran for more than five minutes
    (lint, and the witness search before its own budget). The proof now stops after
    _MAX_STEPS nodes and takes the schema as satisfiable, as its other bounds do."""
    from mcp_inspect.snapshot import emptiness as module

    counted = []
    original = module._alternatives

    def counting(schema, refs, depth):
        counted.append(refs.steps)
        return original(schema, refs, depth)

    monkeypatch.setattr(module, "_alternatives", counting)
    assert no_call_accepted(_recursive_union(30)) is None
    # Past the bound each call returns at once; a few hundred such calls unwind the loops.
    assert len(counted) < module._MAX_STEPS + 1_000


def test_a_draft_3_schema_is_not_read():
    """Hostile trial: draft 3's `required` is a boolean beside each property and its validator
    ignores an array; the proof read the array and claimed no call was valid."""
    schema = {"$schema": "http://json-schema.org/draft-03/schema#", "type": "object", "properties": {"a": {}},
              "required": ["b"], "additionalProperties": False}
    assert no_call_accepted(schema) is None
