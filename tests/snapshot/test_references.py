"""A ``$ref`` by ``$anchor`` or by an embedded ``$id`` is inlined as a pointer is
(snapshot/references.py): jsonschema follows them, so a change behind one changes what
calls validate, and the diff, the fingerprint and the witness must see it (hostile trial:
a ``maximum`` lowered behind ``#count`` was "No changes" with one fingerprint on both sides).
"""

from __future__ import annotations

import pytest
from jsonschema import Draft7Validator, Draft202012Validator
from support import diff_input_schemas, one_tool

from mcp_inspect import api
from mcp_inspect.snapshot import build_surface
from mcp_inspect.snapshot.canonical import Canonicaliser
from mcp_inspect.snapshot.references import References


def by_anchor(maximum: int) -> dict:
    return {"type": "object", "properties": {"n": {"$ref": "#count"}}, "required": ["n"],
            "$defs": {"Count": {"$anchor": "count", "type": "integer", "maximum": maximum}}}


def by_id(maximum: int) -> dict:
    return {"$id": "https://example.com/tool.json", "type": "object", "required": ["n"],
            "properties": {"n": {"$ref": "count.json"}},
            "$defs": {"Count": {"$id": "count.json", "type": "integer", "maximum": maximum}}}


def by_draft07_id(maximum: int) -> dict:
    return {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": ["n"],
            "properties": {"n": {"$ref": "#count"}},
            "definitions": {"Count": {"$id": "#count", "type": "integer", "maximum": maximum}}}


def by_id_and_pointer(maximum: int) -> dict:
    return {"$id": "https://example.com/tool.json", "type": "object", "required": ["n"],
            "properties": {"n": {"$ref": "https://example.com/tool.json#/$defs/Count"}},
            "$defs": {"Count": {"type": "integer", "maximum": maximum}}}


SPELLINGS = [by_anchor, by_id, by_draft07_id, by_id_and_pointer]


def by_pointer(maximum: int) -> dict:
    return {"type": "object", "properties": {"n": {"$ref": "#/$defs/Count"}}, "required": ["n"],
            "$defs": {"Count": {"type": "integer", "maximum": maximum}}}


@pytest.mark.parametrize("spelling", SPELLINGS, ids=lambda f: f.__name__)
def test_the_target_is_what_the_validator_reads(spelling):
    """The premise: jsonschema itself resolves each spelling to the definition."""
    schema = spelling(10)
    cls = Draft7Validator if "$schema" in schema else Draft202012Validator
    assert cls(schema).is_valid({"n": 10}) and not cls(schema).is_valid({"n": 11})


@pytest.mark.parametrize("spelling", SPELLINGS, ids=lambda f: f.__name__)
def test_a_reference_by_anchor_or_id_is_inlined_as_a_pointer_is(spelling):
    canon = Canonicaliser(spelling(10))
    out = canon.run()
    assert out["properties"]["n"] == Canonicaliser(by_pointer(10)).run()["properties"]["n"]
    assert canon.dangling == set() and canon.remote == set()


@pytest.mark.parametrize("spelling", SPELLINGS, ids=lambda f: f.__name__)
def test_a_bound_lowered_behind_it_is_breaking_with_a_witness(spelling):
    old, new = one_tool(spelling(100), "old"), one_tool(spelling(5), "new")
    assert (build_surface(old).entities["tools"]["t"].fingerprint
            != build_surface(new).entities["tools"]["t"].fingerprint)
    report = api.diff(old, new)
    [finding] = report.changes
    assert finding.rule == "tool.input.constraint.tightened" and finding.path == "inputSchema.properties.n.maximum"
    assert finding.witness.found and 5 < finding.witness.value["n"] <= 100, finding.witness


def test_an_anchor_two_subschemas_claim_is_not_guessed_and_keeps_the_definitions():
    """Which of the two a validator takes is its own choice: the reference stays as written,
    and the definitions stay in the form so that a change in either is still reported."""
    schema = {"properties": {"n": {"$ref": "#x"}},
              "$defs": {"a": {"$anchor": "x", "type": "integer"}, "b": {"$anchor": "x", "type": "string"}}}
    canon = Canonicaliser(schema)
    out = canon.run()
    assert out["properties"]["n"] == {"$ref": "#x"} and canon.dangling == {"#x"}
    assert out["$defs"] == {"a": {"type": ["integer"]}, "b": {"type": ["string"]}}
    tighter = {**schema, "$defs": {**schema["$defs"], "b": {"$anchor": "x", "type": "string", "maxLength": 2}}}
    [finding] = diff_input_schemas(schema, tighter).changes
    assert finding.rule == "tool.input.schema.changed" and finding.path == "inputSchema.$defs"


def test_a_dynamic_reference_in_one_document_is_read_as_a_reference():
    def side(extra):
        return {"type": "object", "required": ["a"], "properties": {"a": {"$dynamicRef": "#s"}},
                "$defs": {"s": {"$dynamicAnchor": "s", "type": "string", **extra}}}

    [finding] = diff_input_schemas(side({}), side({"maxLength": 2})).changes
    assert finding.rule == "tool.input.constraint.tightened" and finding.witness.found


def test_an_anchor_inside_a_value_names_nothing():
    """``enum``, ``const``, ``default`` and ``examples`` hold data: an ``$anchor`` key in one
    is not a subschema's."""
    schema = {"properties": {"n": {"$ref": "#x"}, "m": {"const": {"$anchor": "x", "type": "integer"}}}}
    assert References(schema).locate("#x") is None


def test_a_cycle_through_an_anchor_is_a_cycle():
    schema = {"$defs": {"node": {"$anchor": "node", "type": "object",
                                 "properties": {"next": {"$ref": "#node"}}}},
              "$ref": "#/$defs/node"}
    pointer_spelling = {"$defs": {"node": {"type": "object", "properties": {"next": {"$ref": "#/$defs/node"}}}},
                        "$ref": "#/$defs/node"}
    assert Canonicaliser(schema).run() == Canonicaliser(pointer_spelling).run()


def _tightened(schema_of) -> list[str]:
    """The rules a bound lowered from 10 to 5 gives, through each spelling below."""
    return sorted({f.severity.name for f in diff_input_schemas(schema_of(10), schema_of(5)).changes})


def embedded_pointer(bound: int) -> dict:
    """``#/$defs/n`` inside a resource of its own names that resource's ``n``, not the root's."""
    return {"$id": "https://ex.com/root.json", "type": "object", "required": ["a"],
            "properties": {"a": {"$id": "sub.json", "$defs": {"n": {"type": "integer", "maximum": bound}},
                                 "$ref": "#/$defs/n"}},
            "$defs": {"n": {"type": "integer"}}}


def both_definition_keywords(bound: int) -> dict:
    """``definitions.x`` refers to ``$defs.x``: two places, not one (no cycle)."""
    return {"type": "object", "required": ["a"], "properties": {"a": {"$ref": "#/definitions/x"}},
            "definitions": {"x": {"$ref": "#/$defs/x"}}, "$defs": {"x": {"type": "integer", "maximum": bound}}}


def a_definition_named_like_a_data_keyword(bound: int) -> dict:
    return {"$id": "https://ex.com/r.json", "type": "object", "required": ["a"],
            "properties": {"a": {"$ref": "item.json"}},
            "$defs": {"examples": {"$id": "item.json", "type": "integer", "maximum": bound}}}


def an_anchor_in_a_sibling_resource(bound: int) -> dict:
    """``a.json#n`` is ``a.json``'s anchor; ``ab.json`` has one of the same name."""
    return {"$id": "https://ex.com/r.json", "type": "object", "required": ["q"],
            "properties": {"q": {"$ref": "a.json#n"},
                           "a": {"$id": "a.json", "$defs": {"n": {"$anchor": "n", "type": "integer",
                                                                   "maximum": bound}}},
                           "ab": {"$id": "ab.json", "$defs": {"n": {"$anchor": "n", "type": "integer"}}}}}


def embedded_then(bound: int) -> dict:
    """Round three: a pointer inside a resource to that resource's own ``then``."""
    return {"type": "object", "required": ["a"],
            "properties": {"a": {"$id": "http://x/sub.json", "type": "object", "required": ["n"],
                                 "properties": {"n": {"$ref": "#/then"}}, "then": {"maximum": bound}}}}


def nested(bound: int) -> dict:
    """A reference in a resource whose id is relative to an enclosing resource's."""
    return {"$id": "https://ex.com/a/root.json", "type": "object", "required": ["a"],
            "properties": {"a": {"$id": "sub/one.json", "properties": {"n": {"$ref": "two.json"}},
                                 "$defs": {"t": {"$id": "two.json", "type": "integer", "maximum": bound}},
                                 "required": ["n"], "type": "object"}}}


@pytest.mark.parametrize("schema_of", [embedded_then, nested], ids=lambda f: f.__name__)
def test_a_reference_inside_a_resource_resolves_against_its_base(schema_of):
    cls = Draft202012Validator
    assert cls(schema_of(10)).is_valid({"a": {"n": 7}}) and not cls(schema_of(5)).is_valid({"a": {"n": 7}})
    [finding] = diff_input_schemas(schema_of(10), schema_of(5)).changes
    assert finding.rule == "tool.input.constraint.tightened" and finding.witness.found, finding


@pytest.mark.parametrize("schema_of", [embedded_pointer, both_definition_keywords,
                                       a_definition_named_like_a_data_keyword, an_anchor_in_a_sibling_resource],
                         ids=lambda f: f.__name__)
def test_a_bound_lowered_behind_a_reference_the_validator_reads_is_reported(schema_of):
    """Hostile trial: each was "No changes" with one fingerprint, while jsonschema refuses a
    call the old schema took."""
    cls = Draft202012Validator
    assert cls(schema_of(10)).is_valid({"a": 7, "q": 7}) and not cls(schema_of(5)).is_valid({"a": 7, "q": 7})
    assert "BREAKING" in _tightened(schema_of)


def by_id_respelled(maximum: int) -> dict:
    """The root's own ``$id`` named in another spelling RFC 3986 §6.2.2 makes equivalent: case
    of scheme and host, the default port, a dot segment."""
    return {"$id": "https://example.com/tool.json", "type": "object", "required": ["n"],
            "properties": {"n": {"$ref": "HTTPS://Example.COM:443/defs/../tool.json#/$defs/Count"}},
            "$defs": {"Count": {"type": "integer", "maximum": maximum}}}


def test_a_respelled_uri_of_the_root_is_the_root_as_jsonschema_rs_reads_it():
    """jsonschema-rs resolves the respelled reference to the definition; the canonical form
    inlines it as a pointer (before, it kept it as remote and dropped the definitions, so a
    bound lowered behind it was "No changes"), and the witness search reaches it too."""
    import jsonschema_rs

    validator = jsonschema_rs.validator_for(by_id_respelled(10))
    assert validator.is_valid({"n": 10}) and not validator.is_valid({"n": 11})
    canon = Canonicaliser(by_id_respelled(10))
    assert canon.run()["properties"]["n"] == Canonicaliser(by_pointer(10)).run()["properties"]["n"]
    assert canon.remote == set()
    [finding] = api.diff(one_tool(by_id_respelled(100), "old"), one_tool(by_id_respelled(5), "new")).changes
    assert finding.path == "inputSchema.properties.n.maximum"
    assert finding.witness.found and 5 < finding.witness.value["n"] <= 100, finding.witness


def test_another_host_is_not_the_root_and_stays_remote():
    schema = by_id_respelled(10)
    schema["properties"]["n"]["$ref"] = "https://example.org/tool.json#/$defs/Count"
    assert Canonicaliser(schema).run()["properties"]["n"] == {"$ref": "https://example.org/tool.json#/$defs/Count"}


def test_the_replay_validator_reaches_the_root_by_a_respelled_uri_too():
    """Recorded calls are judged against the target the classification read (before, the
    replay's validator failed to resolve the reference)."""
    from mcp_inspect.recording.replay import Validators

    validator = Validators().get(by_id_respelled(10))
    assert validator.is_valid({"n": 10}) and not validator.is_valid({"n": 11})


def test_a_dot_segment_in_a_relative_reference_is_removed_as_rfc_3986_says():
    """Hostile trial, round 11: ``a/../b.json`` was normalised to ``a/b.json`` (a ``..`` after
    the first segment of a relative path was kept), so the reference landed on another
    embedded resource and a type changed behind the right one read "No changes"."""
    from mcp_inspect.snapshot.references import resource_uri

    assert [resource_uri(u) for u in ("a/../b.json", "a/b/../../c", "/a/../b.json", "/../x")] == [
        "b.json", "c", "/b.json", "/x"]

    def schema(kind):
        return {"type": "object", "properties": {"n": {"$ref": "a/../b.json"}}, "required": ["n"],
                "$defs": {"X": {"$id": "a/b.json", "type": "integer"}, "Y": {"$id": "b.json", "type": kind}}}

    assert Canonicaliser(schema("string")).run()["properties"]["n"] == {"type": ["string"]}
    [finding] = api.diff(one_tool(schema("string"), "old"), one_tool(schema("integer"), "new")).changes
    assert finding.rule == "tool.input.type.changed", finding
