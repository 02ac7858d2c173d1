"""SCH-001…SCH-011 (docs/lint.md, SCH): what fires, how many findings, where, and what does not."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import CORPUS, DATA
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.rules import sch_meta, sch_schema
from mcp_inspect.checks.settings import LintSettings

OBJ = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}


def tool(schema: Any = ..., **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": "read_file", "description": "Read a text file from the workspace.",
                           "inputSchema": OBJ if schema is ... else schema}
    out.update(extra)
    return out


def without(key: str, base: dict[str, Any] | None = None) -> dict[str, Any]:
    return {k: v for k, v in (base or tool()).items() if k != key}


def found(tools: list[dict[str, Any]], code: str, spec: str = "2026-07-28") -> list[Any]:
    findings, _ = lint_tools(tools, LintSettings(select=(code,), spec_version=spec))
    return [f for f in findings if f.code == code]


def places(tools: list[dict[str, Any]], code: str, spec: str = "2026-07-28") -> list[str]:
    return [f.path for f in found(tools, code, spec)]


def one(tools: list[dict[str, Any]], code: str, spec: str = "2026-07-28") -> Any:
    [finding] = found(tools, code, spec)
    return finding


# --- SCH-001 … SCH-003 ----------------------------------------------------------------------


@pytest.mark.parametrize("name, variant", [
    (..., "missing"), (None, "not_a_string"), (5, "not_a_string"), ([], "not_a_string"),
    ("", "blank"), ("   \t", "blank"),
])
def test_sch_001_no_usable_name(name, variant):
    subject = without("name") if name is ... else tool(name=name)
    finding = one([subject], "SCH-001")
    assert (finding.path, finding.variant, finding.level.label) == ("name", variant, "error")
    assert finding.provenance == "specification" and finding.message


@pytest.mark.parametrize("name", ["a", " read ", "lire_fichier_é"])
def test_sch_001_any_usable_name_passes(name):
    assert found([tool(name=name)], "SCH-001") == []


@pytest.mark.parametrize("description", [None, 5, {"text": "x"}, ["a"], True])
def test_sch_002_description_present_but_not_text(description):
    finding = one([tool(description=description)], "SCH-002")
    assert finding.path == "description" and "not a string" in finding.message


@pytest.mark.parametrize("subject", [without("description"), tool(description=""), tool(description="x")])
def test_sch_002_absent_or_text_passes(subject):
    assert found([subject], "SCH-002") == []


@pytest.mark.parametrize("schema, variant", [
    (..., "missing"), (None, "not_an_object"), ([], "not_an_object"), ("object", "not_an_object"),
])
def test_sch_003_input_schema_absent_or_not_an_object(schema, variant):
    subject = without("inputSchema") if schema is ... else tool(schema)
    finding = one([subject], "SCH-003")
    assert (finding.path, finding.variant) == ("inputSchema", variant)


@pytest.mark.parametrize("schema", [None, ["object"], "x"])
def test_sch_003_silences_the_rules_that_read_the_input_schema(schema):
    findings, _ = lint_tools([tool(schema, outputSchema={"type": "object"})],
                             LintSettings(select=("SCH", "NAM-006", "BP-011")))
    assert sorted(f.code for f in findings) == ["SCH-003"]


# --- SCH-004 --------------------------------------------------------------------------------


@pytest.mark.parametrize("uri", [
    "https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/schema#",
    "http://json-schema.org/draft-07/schema", "http://json-schema.org/draft-07/schema#",
    "https://json-schema.org/draft-07/schema", "https://json-schema.org/draft-07/schema#",
])
def test_sch_004_accepts_the_two_dialects(uri):
    assert found([tool({**OBJ, "$schema": uri})], "SCH-004") == []


@pytest.mark.parametrize("uri", [
    "https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/draft/2020-12/schema",
    "http://json-schema.org/draft-04/schema#", "draft-07", 7, None,
])
def test_sch_004_refuses_any_other_dialect(uri):
    finding = one([tool({**OBJ, "$schema": uri, "properties": {"a": {"type": "strin"}}})], "SCH-004")
    assert (finding.path, finding.variant) == ("inputSchema.$schema", "unknown_dialect")


def test_sch_004_meta_schema_error_names_the_place():
    finding = one([tool({"type": "object", "properties": {"count": {"type": "integer", "minimum": "1"}}})],
                  "SCH-004")
    assert (finding.path, finding.variant) == ("inputSchema", "invalid")
    assert finding.args["where"] == "inputSchema.properties.count.minimum"
    assert finding.args["dialect"] == "draft 2020-12" and finding.args["errors"] == 1


def test_sch_004_one_finding_per_schema_counting_every_problem():
    schema = {"type": "object", "properties": {"a": {"type": "strin"}, "b": {"minLength": -1},
                                               "c": {"$ref": "#/$defs/nowhere"}}, "required": "a"}
    finding = one([tool(schema)], "SCH-004")
    assert finding.variant == "invalid_and_unresolved"
    assert finding.args["errors"] == 3 and finding.args["refs"] == ["#/$defs/nowhere"]


def test_sch_004_reads_each_schema_in_its_own_dialect():
    tuple_items = {"type": "object", "properties": {"pair": {"type": "array", "items": [{"type": "string"}]}}}
    assert places([tool(tuple_items)], "SCH-004") == ["inputSchema"]
    draft7 = {**tuple_items, "$schema": "http://json-schema.org/draft-07/schema#"}
    assert found([tool(draft7)], "SCH-004") == []


def test_sch_004_unknown_keywords_and_formats_never_count():
    schema = {"type": "object", "properties": {
        "size": {"type": "string", "format": "int64", "deprecated": True},
        "kind": {"type": "string", "enum": ["A", "B"], "x-google-enum-descriptions": ["a", "b"]},
        "when": {"type": "string", "format": "not-a-format"},
        "pattern": {"type": "string", "pattern": "(?<year>[0-9]{4})"},  # an ECMA-262 regex
    }, "x-vendor": {"$ref": "#/nowhere", "type": "strin"}}
    assert found([tool(schema)], "SCH-004") == []


@pytest.mark.parametrize("keyword", ["enum", "const", "default", "examples"])
def test_sch_004_a_ref_inside_a_value_is_a_value(keyword):
    value = {"$ref": "#/$defs/nowhere"}
    value = [value] if keyword in ("enum", "examples") else value
    schema = {"type": "object", "properties": {"a": {keyword: value}}}
    assert found([tool(schema)], "SCH-004") == []
    assert found([tool(schema)], "SCH-009") == []


@pytest.mark.parametrize("ref", [
    "#", "#/$defs/UserId", "#/$defs/odd~1name", "#/$defs/with%20space", "#user", "#/properties/id",
    "https://example.com/tool.json#/$defs/UserId", "other.json#/$defs/Inner",
])
def test_sch_004_local_references_resolve(ref):
    schema = {"$id": "https://example.com/tool.json", "type": "object",
              "properties": {"id": {"$ref": ref}, "inner": {"$id": "other.json", "$defs": {"Inner": {}}}},
              "$defs": {"UserId": {"type": "string", "$anchor": "user"}, "odd/name": {}, "with space": {}}}
    for spec in ("2026-07-28", "2025-11-25"):
        assert found([tool(schema)], "SCH-004", spec) == [], ref


@pytest.mark.parametrize("ref", ["#/$defs/Missing", "#missing", "#/anyOf/x", "#/properties/id/5", "other.json",
                                 "urn:example:user", "../user.json#/x"])
def test_sch_004_a_reference_that_points_nowhere(ref):
    schema = {"type": "object", "properties": {"id": {"$ref": ref}}, "$defs": {"User": {}}}
    for spec in ("2026-07-28", "2025-11-25"):
        finding = one([tool(schema)], "SCH-004", spec)
        assert (finding.path, finding.variant, finding.args["refs"]) == ("inputSchema", "unresolved", [ref])


def test_sch_004_draft_07_references_and_anchors():
    schema = {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
              "properties": {"a": {"$ref": "#/definitions/A"}, "b": {"$ref": "#bee"}},
              "definitions": {"A": {"type": "string"}, "B": {"$id": "#bee", "type": "integer"}}}
    assert found([tool(schema)], "SCH-004") == []
    schema["properties"]["c"] = {"$ref": "#/definitions/C"}
    assert one([tool(schema)], "SCH-004").args["refs"] == ["#/definitions/C"]


@pytest.mark.parametrize("ref", ["https://schemas.example.com/address.json", "http://x.example/a#/b",
                                 "//cdn.example/a"])
def test_sch_004_network_references_belong_to_sch_009_under_2026(ref):
    schema = {"type": "object", "properties": {"address": {"$ref": ref}}}
    assert found([tool(schema)], "SCH-004", "2026-07-28") == []
    assert places([tool(schema)], "SCH-009", "2026-07-28") == ["inputSchema.properties.address.$ref"]
    finding = one([tool(schema)], "SCH-004", "2025-11-25")
    assert finding.variant == "unresolved" and finding.args["refs"] == [ref]
    assert found([tool(schema)], "SCH-009", "2025-11-25") == []


def test_sch_004_a_network_uri_naming_the_document_itself_resolves():
    schema = {"$id": "https://example.com/tool.json", "type": "object",
              "properties": {"a": {"$ref": "https://example.com/tool.json#/$defs/A"}}, "$defs": {"A": {}}}
    assert found([tool(schema)], "SCH-004", "2025-11-25") == []


def test_sch_004_checks_the_output_schema_which_needs_no_type():
    good = tool(outputSchema={"properties": {"a": {"type": "string"}}})
    assert found([good], "SCH-004") == []
    bad = tool(outputSchema={"properties": {"a": {"type": "strin"}}, "$defs": {}})
    assert places([bad], "SCH-004") == ["outputSchema"]
    assert found([tool(outputSchema=[1])], "SCH-004") == []  # BP-009 speaks of that


def test_sch_004_both_schemas_one_finding_each():
    bad = {"type": "object", "properties": {"a": {"type": "strin"}}}
    assert places([tool(bad, outputSchema=bad)], "SCH-004") == ["inputSchema", "outputSchema"]


def test_sch_004_real_schemas_compile():
    drive = json.loads((DATA / "peers" / "google-drive-tools.json").read_text())["tools"]
    assert found(drive, "SCH-004") == []
    for server in ("github", "everything", "filesystem", "notion"):
        for capture in sorted((CORPUS / server).glob("*.json")):
            tools = json.loads(capture.read_text())["tools"]
            assert found(tools, "SCH-004") == [], capture


def test_sch_004_builds_the_meta_schema_validators_once():
    bad = {"type": "object", "properties": {"a": {"type": "strin"}}}
    found([tool(bad, name=f"tool_{i}") for i in range(20)], "SCH-004")
    before = sch_meta.meta_validators.cache_info().misses
    found([tool(bad, name=f"other_{i}") for i in range(20)], "SCH-004")
    assert sch_meta.meta_validators.cache_info().misses == before <= 1


# --- SCH-005 … SCH-008 ----------------------------------------------------------------------


@pytest.mark.parametrize("schema, variant", [
    ({"properties": {}}, "missing"), ({"type": "string"}, "other"), ({"type": ["object"]}, "other"),
    ({"type": ["object", "null"]}, "other"), ({"type": None}, "other"),
])
def test_sch_005_root_type_is_exactly_object(schema, variant):
    finding = one([tool(schema)], "SCH-005")
    assert (finding.path, finding.variant) == ("inputSchema.type", variant)


def test_sch_005_object_passes():
    assert found([tool({"type": "object"})], "SCH-005") == []


@pytest.mark.parametrize("schema, variant", [
    ({"type": "object"}, "missing"), ({"type": "object", "properties": []}, "not_an_object"),
    ({"type": "object", "properties": {}}, "empty"), ({"type": "string"}, "missing"),
])
def test_sch_006_no_parameters(schema, variant):
    finding = one([tool(schema)], "SCH-006")
    assert (finding.path, finding.variant, finding.level.label) == ("inputSchema.properties", variant, "warning")


def test_sch_006_parameters_pass():
    assert found([tool()], "SCH-006") == []


@pytest.mark.parametrize("schema, variant", [
    ({"type": "object", "properties": {"a": {}}}, "missing"),
    ({"type": "object", "properties": {"a": {}}, "required": "a"}, "not_an_array"),
    ({"type": "object", "properties": {"a": {}}, "required": None}, "not_an_array"),
])
def test_sch_007_parameters_without_a_required_array(schema, variant):
    finding = one([tool(schema)], "SCH-007")
    assert (finding.path, finding.variant) == ("inputSchema.required", variant)


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {"a": {}}, "required": []},
    {"type": "object", "properties": {}}, {"type": "object"},
    {"type": "object", "properties": [1], "required": "x"},
])
def test_sch_007_an_empty_required_or_no_parameters_passes(schema):
    assert found([tool(schema)], "SCH-007") == []


def test_sch_008_one_finding_per_bad_root_entry():
    schema = {"type": "object", "properties": {"a": {}, "b": {}}, "required": [1, "a", "c", None, "b", "d"]}
    findings = found([tool(schema)], "SCH-008")
    assert [(f.path, f.variant) for f in findings] == [
        ("inputSchema.required[0]", "not_a_string"), ("inputSchema.required[2]", "unknown"),
        ("inputSchema.required[3]", "not_a_string"), ("inputSchema.required[5]", "unknown")]
    assert findings[1].args == {"name": "c"}


@pytest.mark.parametrize("properties", [..., [], "x"])
def test_sch_008_without_a_properties_object_every_entry_fires(properties):
    schema: dict[str, Any] = {"type": "object", "required": ["a", "b"]}
    if properties is not ...:
        schema["properties"] = properties
    assert places([tool(schema)], "SCH-008") == ["inputSchema.required[0]", "inputSchema.required[1]"]


def test_sch_008_reads_the_root_only():
    nested = {"type": "object", "properties": {"o": {"type": "object", "properties": {}, "required": ["x"]}},
              "required": ["o"]}
    assert found([tool(nested)], "SCH-008") == []
    assert found([tool({"type": "object", "properties": {"a": {}}, "required": "a"})], "SCH-008") == []


# --- SCH-009 --------------------------------------------------------------------------------


def test_sch_009_one_finding_per_network_reference_at_any_depth():
    schema = {"type": "object", "properties": {
        "a": {"$ref": "https://x.example/a.json"},
        "list": {"type": "array", "items": {"anyOf": [{"$ref": "//cdn.example/b"}, {"$ref": "#/$defs/c"}]}},
        "d": {"$ref": "HTTP://x.example/d"},
    }, "$defs": {"c": {"$ref": "http://x.example/c"}}}
    output = {"type": "object", "properties": {"r": {"$ref": "https://x.example/r"}}}
    assert places([tool(schema, outputSchema=output)], "SCH-009") == [
        "inputSchema.$defs.c.$ref", "inputSchema.properties.a.$ref", "inputSchema.properties.d.$ref",
        "inputSchema.properties.list.items.anyOf[0].$ref", "outputSchema.properties.r.$ref"]


@pytest.mark.parametrize("ref", ["#/$defs/a", "other.json", "urn:x:y", "file:///etc/passwd", "httpx://a", "/abs"])
def test_sch_009_other_references_are_not_network(ref):
    assert found([tool({"type": "object", "properties": {"a": {"$ref": ref}}})], "SCH-009") == []


def test_sch_009_message_and_provenance():
    finding = one([tool({"type": "object", "properties": {"a": {"$ref": "https://x.example/a"}}})], "SCH-009")
    assert finding.provenance == "specification" and finding.level.label == "error"
    assert "'https://x.example/a'" in finding.message


# --- SCH-010 --------------------------------------------------------------------------------


def header(value: Any, type_: Any = "string") -> dict[str, Any]:
    out = {"x-mcp-header": value}
    if type_ is not ...:
        out["type"] = type_
    return out


def headed(**props: Any) -> dict[str, Any]:
    return tool({"type": "object", "properties": props})


def problems(subject: dict[str, Any]) -> dict[str, list[str]]:
    return {f.path: f.args["problems"] for f in found([subject], "SCH-010")}


@pytest.mark.parametrize("value", ["Region", "x", "!#$%&'*+-.^_`|~09AZaz", "Mcp-Param.v2"])
@pytest.mark.parametrize("type_", ["string", "integer", "boolean"])
def test_sch_010_a_good_header(value, type_):
    assert found([headed(region=header(value, type_))], "SCH-010") == []


@pytest.mark.parametrize("value, expected", [
    (5, ["not_a_string"]), (None, ["not_a_string"]), (["a"], ["not_a_string"]),
    ("", ["empty", "not_a_token"]), ("a\r\nb", ["control", "not_a_token"]), ("a\x7f", ["control", "not_a_token"]),
    ("a b", ["not_a_token"]), ("Région", ["not_a_token"]), ("a:b", ["not_a_token"]), ("(x)", ["not_a_token"]),
])
def test_sch_010_value_problems(value, expected):
    assert problems(headed(region=header(value))) == {"inputSchema.properties.region.x-mcp-header": expected}


@pytest.mark.parametrize("type_", ["number", ["string"], ["string", "null"], "object", "array", ..., None])
def test_sch_010_the_type_must_be_exactly_string_integer_or_boolean(type_):
    assert problems(headed(region=header("Region", type_))) == {
        "inputSchema.properties.region.x-mcp-header": ["type"]}


@pytest.mark.parametrize("schema, path", [
    ({"type": "object", "x-mcp-header": "Root", "properties": {}}, "inputSchema"),
    ({"type": "object", "properties": {"l": {"type": "array", "items": header("A")}}},
     "inputSchema.properties.l.items"),
    ({"type": "object", "properties": {"u": {"anyOf": [header("A")]}}}, "inputSchema.properties.u.anyOf[0]"),
    ({"type": "object", "properties": {}, "$defs": {"d": header("A")}}, "inputSchema.$defs.d"),
    ({"type": "object", "properties": {}, "additionalProperties": header("A")}, "inputSchema.additionalProperties"),
    ({"type": "object", "properties": {"o": {"type": "object", "properties": {}, "if": header("A")}}},
     "inputSchema.properties.o.if"),
    ({"type": "object", "properties": {}, "not": header("A")}, "inputSchema.not"),
])
def test_sch_010_only_a_property_reached_through_properties_alone(schema, path):
    subject = tool(schema)
    expected = ["placement", "type"] if path == "inputSchema" else ["placement"]
    assert problems(subject) == {f"{path}.x-mcp-header": expected}
    assert "not on a property" in found([subject], "SCH-010")[0].message


def test_sch_010_nested_properties_are_properties():
    schema = {"type": "object", "properties": {"o": {"type": "object", "properties": {"r": header("Region")}}}}
    assert found([tool(schema)], "SCH-010") == []


def test_sch_010_duplicates_ignore_case_in_document_order():
    subject = headed(a=header("Region"), b=header("REGION"), c=header("region"), d=header("Zone"))
    assert problems(subject) == {"inputSchema.properties.b.x-mcp-header": ["duplicate"],
                                 "inputSchema.properties.c.x-mcp-header": ["duplicate"]}
    finding = found([subject], "SCH-010")[0]
    assert finding.args["first"] == "inputSchema.properties.a" and "inputSchema.properties.a" in finding.message


def test_sch_010_only_passing_values_count_as_earlier():
    # An invalid value is no "earlier" header; a misplaced or badly typed one that passes 2–5 is.
    subject = tool({"type": "object", "properties": {
        "a": header("Bad Name"), "b": header("bad name"),
        "l": {"type": "array", "items": header("Zone")}, "z": header("zone", "number"), "y": header("ZONE"),
    }})
    assert problems(subject) == {
        "inputSchema.properties.a.x-mcp-header": ["not_a_token"],
        "inputSchema.properties.b.x-mcp-header": ["not_a_token"],
        "inputSchema.properties.l.items.x-mcp-header": ["placement"],
        "inputSchema.properties.z.x-mcp-header": ["duplicate", "type"],
        "inputSchema.properties.y.x-mcp-header": ["duplicate"],
    }


def test_sch_010_one_finding_lists_every_problem():
    schema = {"type": "object", "properties": {
        "a": header("Zone"), "l": {"type": "array", "items": header("zone", "number")},
        "m": {"type": "array", "items": header(7, ...)}}}
    findings = found([tool(schema)], "SCH-010")
    assert [(f.path, f.args["problems"]) for f in findings] == [
        ("inputSchema.properties.l.items.x-mcp-header", ["placement", "duplicate", "type"]),
        ("inputSchema.properties.m.items.x-mcp-header", ["placement", "not_a_string", "type"])]
    message = findings[1].message
    assert "items" in message and "not a string" in message and "absent" in message
    assert message.count(";") == 2


def test_sch_010_reads_the_input_schema_only_and_2026_only():
    subject = tool(OBJ, outputSchema={"type": "object", "properties": {"a": header("A b")}})
    assert found([subject], "SCH-010") == []
    bad = headed(region=header("Region Name"))
    assert len(found([bad], "SCH-010")) == 1 and found([bad], "SCH-010", "2025-11-25") == []


def test_sch_010_shows_control_characters_escaped():
    finding = one([headed(region=header("a\r\nb"))], "SCH-010")
    assert "\r" not in finding.message and "\\r\\n" in finding.message


# --- SCH-011 --------------------------------------------------------------------------------


@pytest.mark.parametrize("extra, path, expected", [
    ({"title": 5}, "title", "a string"), ({"title": None}, "title", "a string"),
    ({"annotations": []}, "annotations", "an object"), ({"annotations": None}, "annotations", "an object"),
    ({"annotations": {"title": {}}}, "annotations.title", "a string"),
    ({"annotations": {"readOnlyHint": "true"}}, "annotations.readOnlyHint", "a boolean"),
    ({"annotations": {"destructiveHint": 0}}, "annotations.destructiveHint", "a boolean"),
    ({"annotations": {"idempotentHint": None}}, "annotations.idempotentHint", "a boolean"),
    ({"annotations": {"openWorldHint": "false"}}, "annotations.openWorldHint", "a boolean"),
    ({"_meta": "x"}, "_meta", "an object"), ({"_meta": []}, "_meta", "an object"),
])
def test_sch_011_a_field_of_the_wrong_type(extra, path, expected):
    finding = one([tool(**extra)], "SCH-011")
    assert finding.path == path and finding.args["expected"] == expected


def test_sch_011_one_finding_per_field():
    subject = tool(title=1, annotations={"title": 2, "readOnlyHint": "yes", "openWorldHint": 1}, _meta=3)
    assert places([subject], "SCH-011") == [
        "_meta", "annotations.openWorldHint", "annotations.readOnlyHint", "annotations.title", "title"]


def test_sch_011_well_shaped_metadata_passes():
    subject = tool(title="Read", annotations={"title": "Read", "readOnlyHint": True, "destructiveHint": False,
                                              "x-vendor": "anything"}, _meta={"k": 1}, icons="not mine")
    assert found([subject], "SCH-011") == []


# --- the peer's real tools and the shared cases ---------------------------------------------------

MINE = ("SCH", "NAM", "BP-009", "BP-010", "BP-011")


def test_drive_tools_give_the_peers_sch_nam_and_shape_findings():
    drive = json.loads((DATA / "peers" / "google-drive-tools.json").read_text())["tools"]
    findings, _ = lint_tools(drive, LintSettings(select=MINE, spec_version="2026-07-28"))
    assert sorted((f.code, f.tool, f.level.label) for f in findings) == [
        ("BP-009", "download_file_content", "info"),
        ("SCH-007", "list_recent_files", "warning"), ("SCH-007", "search_files", "warning")]


def _my_cases() -> list[Any]:
    from conftest import case_dirs

    out = []
    for folder in case_dirs("validator-cases"):
        expect = json.loads((folder / "expect.json").read_text())
        if any(code.startswith(("SCH", "NAM", "BP-009", "BP-010", "BP-011")) for code, *_ in expect["must"]):
            out.append(pytest.param(folder, expect, id=folder.name))
    return out


@pytest.mark.parametrize("folder, expect", _my_cases())
def test_shared_validator_cases_of_these_codes(folder, expect):
    args = expect.get("args", [])
    spec = args[args.index("--spec-version") + 1] if "--spec-version" in args else "2026-07-28"
    surface = json.loads((folder / "surface.json").read_text())
    findings, _ = lint_tools(surface["tools"], LintSettings(select=MINE, spec_version=spec))
    for code, tool_name, *level in expect["must"]:
        if code.startswith(("SCH", "NAM", "BP-009", "BP-010", "BP-011")):
            assert any(f.code == code and tool_name in ("*", f.tool) and (not level or f.level.label == level[0])
                       for f in findings), (code, tool_name)


# --- any JSON at all -----------------------------------------------------------------------------

_KEYS = sorted(set(sch_meta.KINDS["2020-12"]) | set(sch_meta.KINDS["draft-07"]))
_json = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                               st.text(max_size=8)),
                     lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(
                         st.sampled_from([*_KEYS, "x-mcp-header", "name", "a", "#"]),
                         inner, max_size=4)), max_leaves=20)
_tools = st.lists(st.dictionaries(st.sampled_from(["name", "description", "title", "inputSchema", "outputSchema",
                                                   "annotations", "_meta", "icons"]), _json), max_size=4)


# 120 examples where there were 200: a crash net, not a contract. tests/fuzz lints every
# surface it draws with every code too (and its fuzz profile runs 20,000 a property).
@settings(max_examples=120, deadline=None)
@given(_tools, st.sampled_from(["2025-11-25", "2026-07-28"]))
def test_the_sch_rules_never_fail_on_any_json(tools, spec):
    findings, _ = lint_tools(tools, LintSettings(select=("SCH",), spec_version=spec))
    for finding in findings:
        assert finding.message and json.dumps(finding.args)


def test_sch_010_every_problem_has_its_words_in_the_catalogue():
    from mcp_inspect.catalogue import default_catalogue

    words = default_catalogue().lint_rule("SCH-010").data["problems"]
    wanted = {p for p in sch_schema.PROBLEMS if p != "placement"} | {"placement_root", "placement_nested"}
    assert set(words) == wanted
