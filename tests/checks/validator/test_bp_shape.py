"""BP-009 (outputSchema), BP-010 (icons) and BP-011 (no arguments, yet open), with their
per-finding severities (docs/lint.md, BP)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.settings import LintSettings

PNG = ("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAA"
       "BJRU5ErkJggg==")


def tool(**extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": "get_time", "description": "Return the current time.",
                           "inputSchema": {"type": "object", "properties": {"zone": {"type": "string"}}}}
    out.update(extra)
    return out


def found(tools: list[dict[str, Any]], code: str, **settings: Any) -> list[tuple[str, str, str]]:
    findings, _ = lint_tools(tools, LintSettings(select=(code,), **settings))
    return [(f.path, f.variant, f.level.label) for f in findings if f.code == code]


# --- BP-009 ---------------------------------------------------------------------------------

DESCRIBED = {"type": "object", "description": "The time.", "properties": {"iso": {"type": "string",
                                                                                  "description": "ISO 8601."}}}


def test_bp_009_no_output_schema_is_a_note():
    assert found([tool()], "BP-009") == [("outputSchema", "missing", "info")]


@pytest.mark.parametrize("value", [None, [], "object", 5, True])
def test_bp_009_a_malformed_output_schema_is_a_warning_and_nothing_else(value):
    assert found([tool(outputSchema=value)], "BP-009") == [("outputSchema", "not_an_object", "warning")]


@pytest.mark.parametrize("schema", [DESCRIBED, {**DESCRIBED, "type": ["object", "null"]},
                                    {"type": "string", "description": "The time as text."}])
def test_bp_009_a_described_output_schema_passes(schema):
    assert found([tool(outputSchema=schema)], "BP-009") == []


def test_bp_009_each_problem_that_holds():
    schema = {"properties": {"a": {"type": "string"}}}
    assert found([tool(outputSchema=schema)], "BP-009") == [
        ("outputSchema.description", "no_description", "info"), ("outputSchema.type", "no_type", "warning")]
    schema = {"type": {"const": "object"}, "description": "  "}
    assert found([tool(outputSchema=schema)], "BP-009") == [
        ("outputSchema.description", "no_description", "info"), ("outputSchema.type", "bad_type", "warning")]


def test_bp_009_one_note_for_every_undescribed_top_level_property():
    schema = {**DESCRIBED, "properties": {"iso": {"type": "string", "description": "ISO 8601."},
                                          "unix": {"type": "integer"}, "zone": True, "offset": {"description": ""},
                                          "nested": {"type": "object", "description": "Parts.",
                                                     "properties": {"h": {"type": "integer"}}}}}
    findings, _ = lint_tools([tool(outputSchema=schema)], LintSettings(select=("BP-009",)))
    [finding] = findings
    assert (finding.path, finding.level.label) == ("outputSchema.properties", "info")
    assert finding.args == {"count": 3, "total": 5, "names": ["offset", "unix", "zone"]}  # sorted
    assert "(3 of 5): offset, unix, zone" in finding.message


def test_bp_009_undescribed_properties_only_under_type_object():
    schema = {"type": ["object"], "description": "The time.", "properties": {"a": {}}}
    assert found([tool(outputSchema=schema)], "BP-009") == []


# --- BP-010 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("icons", [
    [], [{"src": "https://example.com/a.png"}], [{"src": "  HTTPS://example.com/a.png "}],
    [{"src": PNG, "mimeType": "image/png", "sizes": ["48x48", "any", "16x16"], "theme": "dark"}],
    [{"src": "https://example.com/a.jpg", "mimeType": "IMAGE/JPEG", "theme": "light"}],
    [{"src": "data:image/webp;base64,UklGRg==", "mimeType": "image/webp"}],
])
def test_bp_010_good_icons_pass(icons):
    assert found([tool(icons=icons)], "BP-010") == []


def test_bp_010_no_icons_is_fine():
    assert found([tool()], "BP-010") == []


@pytest.mark.parametrize("icons", [None, {"src": "https://example.com/a.png"}, "https://example.com/a.png"])
def test_bp_010_not_an_array_is_an_error_and_nothing_else(icons):
    assert found([tool(icons=icons)], "BP-010") == [("icons", "not_an_array", "error")]


@pytest.mark.parametrize("entry, variant", [
    ("https://example.com/a.png", "entry_not_an_object"), (None, "entry_not_an_object"), ([], "entry_not_an_object"),
])
def test_bp_010_an_entry_that_is_not_an_object(entry, variant):
    assert found([tool(icons=[{"src": PNG}, entry])], "BP-010") == [("icons[1]", variant, "error")]


@pytest.mark.parametrize("icon, variant", [
    ({}, "src_missing"), ({"src": None}, "src_not_a_string"), ({"src": 5}, "src_not_a_string"),
    ({"src": ""}, "src_empty"), ({"src": "   "}, "src_empty"),
    ({"src": "http://example.com/a.png"}, "src_scheme"), ({"src": "javascript:alert(1)"}, "src_scheme"),
    ({"src": "file:///etc/icon.png"}, "src_scheme"), ({"src": "ftp://example.com/a.png"}, "src_scheme"),
    ({"src": "ws://example.com/a"}, "src_scheme"), ({"src": "vscode://icon"}, "src_scheme"),
    ({"src": "//example.com/a.png"}, "src_scheme"), ({"src": "a.png"}, "src_scheme"), ({"src": "https:"}, "src_scheme"),
    ({"src": "https:///a.png"}, "src_scheme"), ({"src": "data:text/html;base64,PGI+"}, "src_scheme"),
    ({"src": "data:image/png,rawbytes"}, "src_scheme"), ({"src": "data:image/png;base64,"}, "src_scheme"),
    ({"src": "data:image/svg+xml;utf8,<svg/>"}, "src_scheme"),
])
def test_bp_010_a_source_clients_must_refuse_is_an_error(icon, variant):
    assert found([tool(icons=[icon])], "BP-010") == [("icons[0].src", variant, "error")]


@pytest.mark.parametrize("mime, variant, level", [
    (5, "mime_not_a_string", "error"), (None, "mime_not_a_string", "error"),
    ("image/gif", "mime_unusual", "info"), ("text/html", "mime_unusual", "info"),
    ("image/svg+xml", "mime_svg", "info"), ("Image/SVG+XML", "mime_svg", "info"),
])
def test_bp_010_mime_types(mime, variant, level):
    assert found([tool(icons=[{"src": PNG, "mimeType": mime}])], "BP-010") == [("icons[0].mimeType", variant, level)]


@pytest.mark.parametrize("sizes, variant", [("48x48", "sizes_not_an_array"), ({"w": 48}, "sizes_not_an_array"),
                                            ([48], "sizes_not_strings"), (["48x48", None], "sizes_not_strings")])
def test_bp_010_sizes_not_an_array_of_strings_is_one_error(sizes, variant):
    assert found([tool(icons=[{"src": PNG, "sizes": sizes}])], "BP-010") == [("icons[0].sizes", variant, "error")]


def test_bp_010_one_warning_per_malformed_size():
    sizes = ["48x48", "048x48", "0x0", "48", "48x", "48 x 48", "ANY", "any", "1x1", "48X48", ""]
    assert sorted(found([tool(icons=[{"src": PNG, "sizes": sizes}])], "BP-010")) == sorted(
        (f"icons[0].sizes[{i}]", "size_malformed", "warning") for i in (1, 2, 3, 4, 5, 6, 9, 10))


@pytest.mark.parametrize("theme", ["blue", "Dark", "", None, 1])
def test_bp_010_theme_light_or_dark(theme):
    assert found([tool(icons=[{"src": PNG, "theme": theme}])], "BP-010") == [("icons[0].theme", "theme", "error")]


def test_bp_010_one_finding_per_problem_at_each_field():
    icons = [{"src": "http://a.example/x.png", "mimeType": "image/svg+xml", "sizes": ["big"], "theme": "x"},
             {"src": PNG}, 7]
    assert found([tool(icons=icons)], "BP-010") == [
        ("icons[0].mimeType", "mime_svg", "info"), ("icons[0].sizes[0]", "size_malformed", "warning"),
        ("icons[0].src", "src_scheme", "error"), ("icons[0].theme", "theme", "error"),
        ("icons[2]", "entry_not_an_object", "error")]


def test_bp_010_message_quotes_the_source():
    findings, _ = lint_tools([tool(icons=[{"src": " javascript:alert(1) "}])], LintSettings(select=("BP-010",)))
    assert "'javascript:alert(1)'" in findings[0].message and findings[0].args["scheme"] == "javascript"


# --- BP-011 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("schema, stated", [
    ({"type": "object"}, "absent"), ({"type": "object", "properties": {}}, "absent"),
    ({"type": "object", "properties": {}, "additionalProperties": True}, "true"),
    ({"type": "object", "properties": {}, "additionalProperties": {"type": "string"}}, "a schema"),
])
def test_bp_011_no_arguments_yet_open(schema, stated):
    findings, _ = lint_tools([tool(inputSchema=schema)], LintSettings(select=("BP-011",)))
    [finding] = findings
    assert (finding.path, finding.level.label, finding.args["additional"]) == ("inputSchema", "info", stated)


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {}, "additionalProperties": False},
    {"type": "object", "properties": {"a": {}}},
    {"type": "string"}, {"type": ["object"]}, {"properties": {}}, None, [],
])
def test_bp_011_passes(schema):
    assert found([tool(inputSchema=schema)], "BP-011") == []


_EMAIL = {"properties": {"email": {"type": "string", "maxLength": 200}}, "required": ["email"]}
_AGE = {"properties": {"age": {"type": "integer", "minimum": 0}}, "required": ["age"]}


@pytest.mark.parametrize("schema", [
    {"type": "object", "allOf": [_EMAIL, _AGE]},
    {"type": "object", "anyOf": [_EMAIL, _AGE]},
    {"type": "object", "oneOf": [{"allOf": [_EMAIL]}, _AGE]},
    {"type": "object", "if": {"required": ["age"]}, "then": _AGE, "else": _EMAIL},
    {"type": "object", "$ref": "#/$defs/User", "$defs": {"User": {"allOf": [{"$ref": "#/$defs/User"}, _EMAIL]}}},
])
def test_bp_011_recommended_reads_arguments_declared_in_the_roots_combinators(schema):
    """Hostile trial, round 24: a root whose arguments sit in allOf (zod's .and()) has no root
    properties, and BP-011 said the tool "takes no arguments" and asked for additionalProperties:
    false, which then refuses every call (MCP-014). The recommended reading reads the root's
    combinators, if/then/else and $ref (a cycle included); the contract's reading is unchanged."""
    assert [f.code for f in lint_tools([tool(inputSchema=schema)], LintSettings())[0] if f.code == "BP-011"] == []
    assert found([tool(inputSchema=schema)], "BP-011") == [("inputSchema", "default", "info")]


@pytest.mark.parametrize("schema", [
    # (a required name declares one: hostile trial, round 32, so the branch says nothing here)
    {"type": "object", "allOf": [{"description": "A user."}, {"not": _EMAIL}]},
    {"type": "object", "$ref": "#/$defs/Nowhere"}, {"type": "object", "$ref": "#"},
    {"type": "object", "anyOf": [{"properties": {}}, {"$ref": "#/anyOf/0"}]},
])
def test_bp_011_recommended_still_fires_where_no_combinator_declares_a_property(schema):
    findings, _ = lint_tools([tool(inputSchema=schema)], LintSettings())
    assert [f.path for f in findings if f.code == "BP-011"] == ["inputSchema"]


_json = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=10)),
                     lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(
                         ["src", "mimeType", "sizes", "theme", "type", "description", "properties", "a"]),
                         inner, max_size=4)), max_leaves=15)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["icons", "outputSchema", "inputSchema"]), _json))
def test_the_shape_rules_never_fail_on_any_json(extra):
    findings, _ = lint_tools([{"name": "t", **extra}], LintSettings(select=("BP-009", "BP-010", "BP-011")))
    assert all(finding.message for finding in findings)


_REFUSING = [
    ({"type": "object", "properties": {}, "unevaluatedProperties": False}, "unevaluatedProperties: false"),
    ({"type": "object", "properties": {}, "maxProperties": 0}, "maxProperties: 0"),
    ({"type": "object", "properties": {}, "additionalProperties": {"not": {}}},
     "additionalProperties, a schema no value meets"),
    ({"type": "object", "propertyNames": False}, "propertyNames: false"),
    ({"type": "object", "propertyNames": {"type": "integer"}}, "propertyNames, a schema no name meets"),
]


@pytest.mark.parametrize("schema, keyword", _REFUSING)
def test_bp_011_a_root_that_refuses_every_argument_by_another_keyword(schema, keyword):
    """Hostile trial, round 30: BP-011 (recommended) said a no-argument tool "does not refuse
    them (additionalProperties is absent)" when its root refused every argument through
    unevaluatedProperties: false (the 2020-12 idiom), maxProperties: 0, an additionalProperties
    that accepts no value or propertyNames: false. The recommended reading is quiet there; the
    contract's still asks for additionalProperties: false, and says how the root refuses them."""
    assert [f.code for f in lint_tools([tool(inputSchema=schema)], LintSettings())[0] if f.code == "BP-011"] == []
    [finding] = [f for f in lint_tools([tool(inputSchema=schema)], LintSettings(select=("BP-011",)))[0]]
    assert (finding.variant, finding.args["keyword"]) == ("refused_otherwise", keyword)
    assert "does not refuse" not in finding.message and keyword in finding.message


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {}, "maxProperties": 1},
    # a member schema that says nothing of the members is open, not a declaration
    {"type": "object", "properties": {}, "additionalProperties": {"description": "Anything."}},
    {"type": "object", "properties": {}, "unevaluatedProperties": {}},
    {"type": "object", "propertyNames": {"maxLength": 3}},
    # a pattern whose members are refused declares none
    {"type": "object", "patternProperties": {"^x-": False}},
    # draft-07 reads no unevaluatedProperties, and so refuses nothing by it
    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {},
     "unevaluatedProperties": False},
])
def test_bp_011_recommended_still_fires_on_a_root_that_accepts_some_argument(schema):
    findings, _ = lint_tools([tool(inputSchema=schema)], LintSettings())
    assert [(f.path, f.variant) for f in findings if f.code == "BP-011"] == [("inputSchema", "default")]


_X_HEADER = {"type": "string", "maxLength": 100}


@pytest.mark.parametrize("schema", [
    {"type": "object", "patternProperties": {"^x-": _X_HEADER}, "unevaluatedProperties": False},
    {"type": "object", "patternProperties": {"^x-": _X_HEADER}},
    {"type": "object", "patternProperties": {"^x-": {}}},
    {"type": "object", "allOf": [{"patternProperties": {"^x-": _X_HEADER}}]},
    {"type": "object", "properties": {}, "dependentSchemas": {"x-a": {"properties": {"x-b": _X_HEADER}}}},
    {"type": "object", "dependencies": {"x-a": {"patternProperties": {"^x-": _X_HEADER}}}},
    # zod's z.record(z.string()): every member is a string argument
    {"type": "object", "properties": {}, "additionalProperties": {"type": "string"}},
    {"type": "object", "properties": {}, "unevaluatedProperties": {"type": "string"}},
])
def test_bp_011_recommended_reads_members_declared_other_than_by_properties(schema):
    """Hostile trial, round 31: a root with ``patternProperties: {"^x-": …}`` and no
    ``properties`` was read as taking no arguments. With ``unevaluatedProperties: false``,
    ``--select BP-011`` said the root refused them all; without it, the recommended reading
    asked for ``additionalProperties: false``, which refuses every ``x-*`` argument. A
    ``dependentSchemas`` entry, and a member schema that says what every member is (a record),
    declare arguments as ``properties`` does."""
    assert [f.code for f in lint_tools([tool(inputSchema=schema)], LintSettings())[0] if f.code == "BP-011"] == []
    findings = lint_tools([tool(inputSchema=schema)], LintSettings(select=("BP-011",)))[0]
    assert all("refuses them through" not in f.message for f in findings)


@pytest.mark.parametrize("schema", [
    {"type": "object", "required": ["query"]},
    {"type": "object", "minProperties": 1},
    {"type": "object", "propertyNames": {"enum": ["a", "b"]}},
    # zod 4's z.record(z.string().regex(…), z.any())
    {"type": "object", "propertyNames": {"pattern": "^x-"}, "additionalProperties": {}},
])
def test_bp_011_recommended_reads_members_asked_for_or_named(schema):
    """Hostile trial, round 32: a root that asks for a member (``required``, ``minProperties``)
    or names the members it takes (``propertyNames``) takes arguments, and BP-011's advice to add
    ``additionalProperties: false`` would refuse every call (MCP-014)."""
    assert [f.code for f in lint_tools([tool(inputSchema=schema)], LintSettings())[0] if f.code == "BP-011"] == []


@pytest.mark.parametrize("schema", [
    # draft 7 reads no dependentSchemas: this root declares nothing and is open
    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {},
     "dependentSchemas": {"x-a": {"properties": {"x-b": {"type": "string"}}}}},
    # propertyNames: {} and true take any name, and say nothing of the members
    {"type": "object", "properties": {}, "propertyNames": {}},
    {"type": "object", "properties": {}, "minProperties": 0},
])
def test_bp_011_recommended_fires_where_those_keywords_declare_nothing(schema):
    findings, _ = lint_tools([tool(inputSchema=schema)], LintSettings())
    assert [f.path for f in findings if f.code == "BP-011"] == ["inputSchema"]


@pytest.mark.parametrize("schema, keyword", [
    ({"type": "object", "required": ["q"], "maxProperties": 0}, "maxProperties: 0"),
    ({"type": "object", "minProperties": 1, "maxProperties": 0}, "maxProperties: 0"),
    ({"type": "object", "required": ["q"], "propertyNames": False}, "propertyNames: false"),
])
def test_bp_011_contract_reading_names_the_refusal_of_a_root_that_also_asks_for_members(schema, keyword):
    """Hostile trial, round 33: once ``required`` counted as declaring arguments, the refusal was
    not looked for, and ``--select BP-011`` said these roots, which refuse every call, "do not
    refuse them"."""
    findings = lint_tools([tool(inputSchema=schema)], LintSettings(select=("BP-011",)))[0]
    assert [(f.variant, keyword in f.message) for f in findings if f.code == "BP-011"] == [("refused_otherwise", True)]


@pytest.mark.parametrize("schema", [
    {"type": "object", "if": {"required": ["x"]}, "then": False},
    {"type": "object", "oneOf": [{"required": ["x"]}, {}]},
    {"type": "object", "anyOf": [{"minProperties": 1}, {}]},
])
def test_bp_011_recommended_reads_a_member_asked_for_only_where_it_applies_to_every_call(schema):
    """Hostile trial, round 33: a ``required`` inside ``if`` or a ``oneOf`` branch made the
    root count as taking arguments, though each of these accepts ``{}`` and takes none."""
    findings, _ = lint_tools([tool(inputSchema=schema)], LintSettings())
    assert [f.path for f in findings if f.code == "BP-011"] == ["inputSchema"]


@pytest.mark.parametrize("schema", [
    {"type": "object", "anyOf": [{"required": ["url"]}, {"required": ["path"]}]},
    {"type": "object", "oneOf": [{"required": ["url"]}, {"minProperties": 1}]},
    {"type": "object", "oneOf": [{"$ref": "#/$defs/Url"}, {"required": ["path"]}],
     "$defs": {"Url": {"required": ["url"]}}},
])
def test_bp_011_recommended_reads_a_member_every_branch_of_a_union_asks_for(schema):
    """Hostile trial, round 34: a root whose every anyOf/oneOf branch asks for a member takes
    arguments, and closing it, as BP-011 advised, made every call invalid (MCP-014)."""
    assert [f.code for f in lint_tools([tool(inputSchema=schema)], LintSettings())[0] if f.code == "BP-011"] == []


@pytest.mark.parametrize("schema", [
    {"type": "object", "anyOf": [{"$ref": "#/$defs/ByUrl", "description": "by URL"}, {"required": ["path"]}],
     "$defs": {"ByUrl": {"required": ["url"]}}},
    {"type": "object", "anyOf": [{"$ref": "#/$defs/A"}, {"required": ["path"]}],
     "$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"required": ["url"]}}},
    {"type": "object", "anyOf": [{"anyOf": [{"required": ["url"]}, {"required": ["uri"]}]}, {"required": ["path"]}]},
    {"type": "object", "anyOf": [{"allOf": [{"required": ["url"]}]}, {"required": ["path"]}]},
    {"type": "object", "anyOf": [{"required": ["url"]}, False]},
])
def test_bp_011_recommended_reads_a_member_a_branch_asks_for_through_its_own_keywords(schema):
    """Hostile trial, round 35: a branch that asks for a member through a ``$ref`` with a
    sibling, a chain of ``$ref``s, a nested union or an ``allOf`` (and a ``false`` branch, which
    accepts no call) was read as asking for nothing, and the root was told to close itself."""
    assert [f.code for f in lint_tools([tool(inputSchema=schema)], LintSettings())[0] if f.code == "BP-011"] == []


@pytest.mark.parametrize("schema", [
    {"type": "object", "oneOf": [{"required": ["a"]}, {"not": {}}]},
    {"type": "object", "anyOf": [{"required": ["a"]}, {"type": "string"}]},
    {"type": "object", "anyOf": [{"required": ["a"]}, {"enum": [{"b": 1}]}]},
    {"type": "object", "if": {"required": ["a"]}, "then": {"required": ["a"]}, "else": {"required": ["b"]}},
    {"type": "object", "if": {"required": ["a"]}, "then": {}, "else": {"minProperties": 1}},
    {"type": "object", "if": {"required": ["a"]}, "else": {"required": ["b"]}},
    {"type": "object", "if": False, "else": {"required": ["a"]}},
    {"type": "object", "const": {"mode": "x"}},
    {"type": "object", "enum": [{"a": 1}, {"b": 2}]},
])
def test_bp_011_recommended_reads_a_member_every_call_holds_whichever_way_it_is_asked(schema):
    """Hostile trial, round 36: every call these accept holds a member, yet BP-011 told them to
    close the root, which refuses every call: a branch that accepts no call (``{not: {}}``, a
    string branch under an object root) asks for whatever the others do, as ``false`` did;
    ``then`` (or its ``if``) and ``else`` each asking covers every call; and a root ``const``
    or ``enum`` of objects names the members of every call."""
    assert [f.code for f in lint_tools([tool(inputSchema=schema)], LintSettings())[0] if f.code == "BP-011"] == []


@pytest.mark.parametrize("schema", [
    {"type": "object", "anyOf": [{"required": ["a"]}, {"type": "object"}]},
    {"type": "object", "if": {"required": ["a"]}, "then": {"required": ["a"]}},
    {"type": "object", "if": {"maxProperties": 5}, "else": {"required": ["b"]}},
    {"type": "object", "then": {"required": ["a"]}, "else": {"required": ["b"]}},
    {"type": "object", "enum": [{}, {"a": 1}], "maxProperties": 1},
])
def test_bp_011_recommended_still_fires_where_some_call_holds_no_member(schema):
    findings, _ = lint_tools([tool(inputSchema=schema)], LintSettings())
    assert [f.path for f in findings if f.code == "BP-011"] == ["inputSchema"]


@pytest.mark.parametrize("schema, keyword", [
    ({"type": "object", "required": ["q"], "additionalProperties": {"not": {}}}, "additionalProperties, a schema"),
    ({"type": "object", "minProperties": 1, "unevaluatedProperties": False}, "unevaluatedProperties: false"),
    ({"type": "object", "required": ["q"], "unevaluatedProperties": False}, "unevaluatedProperties: false"),
])
def test_bp_011_contract_reading_names_the_refusal_where_members_are_asked_for_but_not_declared(schema, keyword):
    """Hostile trial, round 36: a member asked for (``required``, ``minProperties``) was taken
    as declared, so ``additionalProperties`` and ``unevaluatedProperties`` were read as refusing
    it no more, and ``--select BP-011`` said these roots, which refuse every argument (and so
    accept no call), "do not refuse them". Only a declared member is evaluated."""
    findings = lint_tools([tool(inputSchema=schema)], LintSettings(select=("BP-011",)))[0]
    assert [(f.variant, keyword in f.message) for f in findings if f.code == "BP-011"] == [("refused_otherwise", True)]


def test_bp_011_contract_reading_still_reads_a_declared_member_as_evaluated():
    schema = {"type": "object", "required": ["q"], "allOf": [{"properties": {"q": {"type": "string"}}}],
              "unevaluatedProperties": False}
    findings = lint_tools([tool(inputSchema=schema)], LintSettings(select=("BP-011",)))[0]
    assert [f.variant for f in findings if f.code == "BP-011"] == ["default"]
