"""SEC-001…SEC-011 (docs/lint.md, the validator's security rules): each code fires where its row
says and nowhere else, one finding per parameter, at the parameter's path; the precision
fixes of the Drive case study hold; and on the eight real Drive tools the SEC findings are
the ones the reference validator recorded."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from conftest import DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.settings import LintSettings

DRIVE = DATA / "peers" / "google-drive-tools.json"


def tool(props: dict[str, Any] | None = None, name: str = "do_thing", **extra: Any) -> dict[str, Any]:
    """A tool whose root is closed and whose parameters are the given ones."""
    schema: dict[str, Any] = {"type": "object", "properties": props or {}, "additionalProperties": False}
    return {"name": name, "description": "Do the thing the server does.", "inputSchema": schema, **extra}


def findings(tools: list[dict[str, Any]], code: str, **settings: Any) -> list[tuple[str | None, str, str]]:
    """``(tool, path, severity)`` of every finding of ``code``, SEC and BP selected."""
    settings.setdefault("select", ("SEC", "BP"))
    found, _ = lint_tools(tools, LintSettings(**settings))
    return [(f.tool, f.path, f.severity.label) for f in found if f.code == code]


def paths(tools: list[dict[str, Any]], code: str, **settings: Any) -> list[str]:
    return [path for _, path, _ in findings(tools, code, **settings)]


S = {"type": "string", "maxLength": 64}

# (code, parameters that must each produce one finding, parameters that must produce none).
# Each parameter is checked in a tool of its own, at ``inputSchema.properties.<name>``.
CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("SEC-001",
     {"name": {"type": "string"}, "mode": {"type": "string", "enum": ["a", "b"]},
      "when": {"type": "string", "format": "date-time"}, "code2": {"type": "string", "pattern": "^[a-z]+$"},
      "nick": {"type": ["string", "null"]}, "contentMimeType": {"type": "string"},
      "label": {"const": "x", "type": "string"}},
     {"title": S, "query": {"type": "string"}, "Body": {"type": "string"}, "textContent": {"type": "string"},
      "htmlBody": {"type": "string"}, "userData": {"type": "string"}, "metadata": {"type": "string"},
      "count": {"type": "integer"}, "either": {"type": ["string", "integer"]}, "untyped": {}}),
    ("SEC-002",
     {"ids": {"type": "array", "items": S}, "tags": {"type": ["array", "null"], "items": S}},
     {"ids": {"type": "array", "items": S, "maxItems": 10}, "pair": {"type": "object", "properties": {}}}),
    ("SEC-003",
     {"limit": {"type": "integer"}, "ratio": {"type": "number"}, "depth": {"type": ["integer", "null"]},
      # zod's .int(): the safe-integer edge bounds nothing (new-user trial, round 17, paperless-mcp 2.2.1)
      "offset": {"type": "integer", "minimum": -9007199254740991, "maximum": 9007199254740991},
      "page": {"type": "integer", "exclusiveMinimum": -9007199254740991.0, "maximum": 9007199254740991}},
     {"limit": {"type": "integer", "maximum": 9}, "ratio": {"type": "number", "exclusiveMinimum": 0},
      "count": {"type": "integer", "minimum": 0, "maximum": 9007199254740991},
      # a bound past the edge on its own side bounds (hostile trial, round 18)
      "after_ns": {"type": "integer", "minimum": 1000000000000000000},
      "below": {"type": "integer", "maximum": -9007199254740991},
      "low": {"type": "integer", "minimum": 0}, "high": {"type": "number", "exclusiveMaximum": 1},
      "flag": {"type": "boolean"}}),
    ("SEC-004",
     {"path": S, "filePath": S, "file_name": S, "dir": S, "targetDirectory": S, "folder": S, "repo_path": S,
      "FILE": S},
     {"fileId": S, "folder_id": S, "parentFolderId": S, "file_identifier": S, "fileKey": S, "file_hash": S,
      "folderUuid": S, "profile": S, "direction": S,
      "redirect": S, "filepaths": S, "path2": S, "paths": {"type": "array", "items": S, "maxItems": 5},
      "source_path": {**S, "pattern": "^[a-z/]+$"}}),
    ("SEC-005",
     {"url": S, "imageUrl": S, "base_uri": S, "href": S, "webhook_endpoint": S, "links": S,
      "callbackURL": {**S, "format": "uri-reference"}},
     {"url": {**S, "format": "uri"}, "security_level": S, "curly": S, "hurl": S, "urgent": S,
      "uris": {"type": "array", "items": S, "maxItems": 3}}),
    ("SEC-006",
     {"command": S, "Action": S, "method": S, "mode": S, "operation": S, "type": S, "kind": S},
     {"command": {**S, "enum": ["start", "stop"]}, "mode": {**S, "const": "fast"}, "query": S, "mimeType": S,
      "actionName": S, "kind": {"type": "integer", "maximum": 3, "minimum": 0}}),
    ("SEC-007",
     {"password": S, "passwd": S, "apiKey": S, "api_key": S, "APIKey": S, "apikey": S, "accessToken": S,
      "client_secret": S, "auth": S, "authToken": S, "credentials": S, "private_key": S, "accessKey": S,
      "token": S, "nextAuthSecret": S, "next_api_key": S},
     {"pageToken": S, "next_page_token": S, "page_token": S, "cursor": S, "nextCursor": S, "key": S, "author": S,
      "authorization": S, "keyword": S, "tokenizer": S, "secretary": S, "continuationToken": S,
      "continuation_token": S, "nextToken": S, "paginationToken": S}),
    ("SEC-008",
     {"password": {**S, "default": "changeme"}, "apiKey": {**S, "default": ""}},
     {"password": S, "pageToken": {**S, "default": ""}, "name": {**S, "default": "x"}}),
    ("SEC-010",
     {"script": S, "code": S, "eval": S, "exec": S, "Command": S, "cmd": S, "shell": S, "expression": S,
      "sql": S, "javascript": S, "python": S, "bash": S,
      "execute": {**S, "description": "What to run."}},
     {"query": S, "code": {**S, "description": "Untrusted: runs in a sandbox."},
      "sql": {**S, "description": "Security: read-only role."}, "shell": {**S, "description": "DANGER: root."},
      "script_name": S, "codes": S}),
]


def _each(code: str, params: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(f"{code}:{name}", tool({name: schema})) for name, schema in params.items()]


@pytest.mark.parametrize(("label", "one"), [pair for code, bad, _ in CASES for pair in _each(code, bad)],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_fires_once_at_the_parameter(label, one):
    code, name = label.split(":", 1)
    assert paths([one], code) == [f"inputSchema.properties.{name}"]


@pytest.mark.parametrize(("label", "one"), [pair for code, _, good in CASES for pair in _each(code, good)],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_stays_quiet(label, one):
    code, _ = label.split(":", 1)
    assert paths([one], code) == []


# --- at any depth, one per parameter --------------------------------------------------------

NESTED = {
    "address": {"type": "object", "additionalProperties": False,
                "properties": {"city": {"type": "string"}, "zip": S}},
    "rows": {"type": "array", "maxItems": 5,
             "items": {"type": "object", "additionalProperties": False, "properties": {"note": {"type": "string"}}}},
    "choice": {"anyOf": [{"type": "object", "additionalProperties": False, "properties": {"label": {"type": "string"}}},
                         {"type": "string", "maxLength": 3}]},
}


def test_parameters_at_any_depth():
    schema = {"type": "object", "properties": NESTED, "additionalProperties": False,
              "$defs": {"thing": {"type": "object", "additionalProperties": False,
                                  "properties": {"ref": {"type": "string"}}}}}
    got = paths([{"name": "do_thing", "description": "Do it.", "inputSchema": schema}], "SEC-001")
    assert sorted(got) == sorted(["inputSchema.properties.address.properties.city",
                                  "inputSchema.properties.rows.items.properties.note",
                                  "inputSchema.properties.choice.anyOf[0].properties.label",
                                  "inputSchema.$defs.thing.properties.ref"])



def test_items_is_walked_in_its_object_form_only():
    # docs/validator.md, "Terms": the walk goes through ``items (object form)``; draft-07's
    # array form of items is not on the list, so nothing under it is a parameter.
    pair = {"type": "array", "maxItems": 2,
            "items": [{"type": "object", "additionalProperties": False, "properties": {"label": {"type": "string"}}}]}
    rows = {"type": "array", "maxItems": 2,
            "items": {"type": "object", "additionalProperties": False, "properties": {"cell": {"type": "string"}}}}
    schema = {"type": "object", "additionalProperties": False, "properties": {"pair": pair, "rows": rows}}
    got = paths([{"name": "put_rows", "description": "Stores rows.", "inputSchema": schema}], "SEC-001")
    assert got == ["inputSchema.properties.rows.items.properties.cell"]

def test_a_ref_is_never_followed():
    schema = {"type": "object", "additionalProperties": False, "properties": {"a": {"$ref": "#/$defs/s"}},
              "$defs": {"s": {"type": "string"}}}
    assert paths([{"name": "t", "description": "T.", "inputSchema": schema}], "SEC-001") == []


@pytest.mark.parametrize("schema", [None, [], "object", {"type": "string"}])
def test_no_input_schema_object_no_parameter_findings(schema):
    broken = {"name": "t", "description": "T.", "inputSchema": schema}
    for code in ("SEC-001", "SEC-002", "SEC-003", "SEC-004", "SEC-007", "SEC-009"):
        assert paths([broken], code) == []


# --- SEC-009: the open root is advice, open parameters are warnings ------------------------


def test_sec_009_open_root_is_info_and_open_parameters_are_warnings():
    schema = {"type": "object", "properties": {
        "filter": {"type": "object", "properties": {"a": S}},
        "closed": {"type": "object", "properties": {"a": S}, "additionalProperties": False},
        "typed": {"type": "object", "additionalProperties": {"type": "string"}},
        "open": {"type": "object", "additionalProperties": True},
        "union": {"type": ["object", "null"]},
    }}
    got = findings([{"name": "t", "description": "T.", "inputSchema": schema}], "SEC-009")
    assert got == [("t", "inputSchema", "info"),
                   ("t", "inputSchema.properties.filter", "warning"),
                   ("t", "inputSchema.properties.open", "warning")]


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {}},  # no parameters: BP-011's
    {"type": "object"},
    {"type": "object", "properties": {"a": S}, "additionalProperties": False},
    {"type": "object", "properties": {"a": S}, "additionalProperties": {"type": "string"}},
    {"type": ["object"], "properties": {"a": S}},
])
def test_sec_009_root_that_is_not_reported(schema):
    assert paths([{"name": "t", "description": "T.", "inputSchema": schema}], "SEC-009") == []


def test_sec_009_root_with_additional_properties_true():
    schema = {"type": "object", "properties": {"a": S}, "additionalProperties": True}
    assert findings([{"name": "t", "description": "T.", "inputSchema": schema}], "SEC-009") == \
        [("t", "inputSchema", "info")]


# --- SEC-011: 2026-07-28 only ----------------------------------------------------------------

HEADER_TOOL = tool({"api_key": {**S, "x-mcp-header": "X-Api-Key"}, "region": {**S, "x-mcp-header": "X-Region"},
                    "page_token": {**S, "x-mcp-header": "X-Page"}})


def test_sec_011_reports_a_secret_sent_as_a_header():
    assert findings([HEADER_TOOL], "SEC-011") == \
        [("do_thing", "inputSchema.properties.api_key.x-mcp-header", "error")]


def test_sec_011_is_skipped_for_2025_11_25():
    assert findings([HEADER_TOOL], "SEC-011", spec_version="2025-11-25") == []
    assert paths([HEADER_TOOL], "SEC-007", spec_version="2025-11-25") == ["inputSchema.properties.api_key"]


def test_sec_011_message_names_the_header():
    found, _ = lint_tools([HEADER_TOOL], LintSettings(select=("SEC-011",)))
    assert "'api_key'" in found[0].message and "X-Api-Key" in found[0].message


def test_sec_008_message_does_not_repeat_the_secret():
    found, _ = lint_tools([tool({"password": {**S, "default": "hunter2"}})], LintSettings(select=("SEC-008",)))
    assert [f.path for f in found] == ["inputSchema.properties.password"]
    assert "hunter2" not in found[0].message and "hunter2" not in json.dumps(found[0].args)


def test_sensitive_data_is_read_whichever_code_is_selected_alone():
    one = tool({"password": {**S, "default": "x", "x-mcp-header": "X-Pass"}})
    for code in ("SEC-007", "SEC-008", "SEC-011"):
        found, _ = lint_tools([one], LintSettings(select=(code,)))
        assert [f.code for f in found] == [code]


# --- messages and default severities ---------------------------------------------------------

SEVERITY = {"SEC-001": "error", "SEC-002": "error", "SEC-003": "warning", "SEC-004": "error", "SEC-005": "error",
            "SEC-006": "warning", "SEC-007": "warning", "SEC-008": "error", "SEC-010": "warning"}


@pytest.mark.parametrize(("code", "bad"), [(code, bad) for code, bad, _ in CASES], ids=[c for c, _, _ in CASES])
def test_default_severity_and_a_message_naming_the_parameter(code, bad):
    name, schema = next(iter(bad.items()))
    found, _ = lint_tools([tool({name: schema})], LintSettings(select=(code,)))
    assert [f.severity.label for f in found] == [SEVERITY[code]]
    assert repr(name) in found[0].message


def test_sec_005_message_names_a_wrong_format():
    found, _ = lint_tools([tool({"url": {**S, "format": "hostname"}})], LintSettings(select=("SEC-005",)))
    assert "hostname" in found[0].message and '"uri"' in found[0].message


# --- the Drive case study (docs/lint.md, section 13) -----------------------------------------


@pytest.mark.skipif(not DRIVE.exists(), reason="needs ../shared/peers")
def test_drive_tools_give_the_reference_sec_findings():
    tools = json.loads(DRIVE.read_text())["tools"]
    found, _ = lint_tools(tools, LintSettings(select=("SEC",), policy="governance"))
    counts = Counter((f.code, f.severity.label) for f in found)
    # Severities before the compliance policy: SEC-001's 19 errors are the report's 19 warnings.
    assert counts == {("SEC-001", "error"): 19, ("SEC-009", "info"): 8, ("SEC-003", "warning"): 2}
    per_tool = Counter(f.tool for f in found if f.code == "SEC-009")
    assert set(per_tool.values()) == {1} and len(per_tool) == 8
    assert {f.path for f in found if f.code == "SEC-003"} == {"inputSchema.properties.pageSize"}


# --- hostile shapes ----------------------------------------------------------------------------

_KEYS = ["type", "properties", "items", "additionalProperties", "anyOf", "enum", "const", "default", "maxLength",
         "pattern", "format", "description", "x-mcp-header", "required", "$defs", "examples"]
_NAMES = ["path", "apiKey", "url", "command", "query", "pageToken", "limit", "filter", "session_id", "", "A b"]
_JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(["string", "object", "array", "integer",
                                                                          "null", "uri", "x"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.sampled_from(_KEYS + _NAMES), inner, max_size=4)),
    max_leaves=20)
_TOOL = st.fixed_dictionaries({}, optional={
    "name": st.one_of(st.sampled_from(["create_x", "list_things", "open_session", "get"]), _JSON),
    "description": st.one_of(st.text(max_size=40), _JSON),
    "title": _JSON, "annotations": _JSON, "inputSchema": _JSON, "outputSchema": _JSON})


# 150 examples where there were 300: a crash net, not a contract. tests/fuzz lints every
# surface it draws with every code too (and its fuzz profile runs 20,000 a property).
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_TOOL, max_size=4))
def test_any_shape_lints_without_crashing(tools):
    found, _ = lint_tools(tools, LintSettings(select=("SEC", "BP")))
    for finding in found:
        assert finding.message  # every message fills from its facts


@pytest.mark.parametrize(("schema", "given"), [
    ({"type": "integer", "minimum": -1e20}, "minimum -1e+20"),
    ({"type": "number", "maximum": 1e300}, "maximum 1e+300"),
    ({"type": "integer", "minimum": -10 ** 400, "maximum": 10 ** 400}, "minimum -1.00e+400, maximum 1.00e+400"),
    ({"type": "integer", "minimum": -9007199254740991, "maximum": 9007199254740991},
     "minimum -9007199254740991, maximum 9007199254740991"),
])
def test_sec_003_says_a_bound_given_past_the_safe_range(schema, given):
    """Hostile trial, round 24: a bound past ±(2**53 - 1) is read as none, and the message said
    the parameter "has neither a minimum nor a maximum" of a schema that gives one. It names
    the bounds given and says where they lie."""
    found, _ = lint_tools([tool({"n": schema})], LintSettings(select=("SEC-003",)))
    [finding] = found
    assert finding.variant == "past_safe_range" and f"(given: {given})" in finding.message
    assert "neither" not in finding.message
    found, _ = lint_tools([tool({"n": {"type": "integer"}})], LintSettings(select=("SEC-003",)))
    assert [f.message for f in found] == ["The integer parameter 'n' has neither a minimum nor a maximum."]



CLOSED_TUPLES = [
    {"type": "array", "prefixItems": [S, {"type": "integer", "minimum": 0, "maximum": 9}], "items": False},
    {"type": "array", "items": [S, S], "additionalItems": False},
]


@pytest.mark.parametrize("schema", CLOSED_TUPLES)
def test_sec_002_narrowed_reading_asks_no_max_items_of_a_closed_tuple(schema):
    """Hostile trial, round 24: SEC-002 asked a closed tuple (prefixItems with items: false),
    whose length is already fixed, for a maxItems. Its narrowed reading (the one its precision
    is measured on for the recommended set) leaves it alone, and an open tuple still fires
    there; the contract's reading, "an array parameter has no maxItems", stands under ALL."""
    open_tuple = {**schema, "items": S} if "prefixItems" in schema else {**schema, "additionalItems": S}
    tools = [tool({"t": schema}), tool({"t": open_tuple}, name="open_tuple")]
    narrowed = findings(tools, "SEC-002", select=("SEC-002",), narrow=("SEC-002",))
    assert narrowed == [("open_tuple", "inputSchema.properties.t", "error")]
    assert [name for name, _, _ in findings(tools, "SEC-002", select=("ALL",))] == ["do_thing", "open_tuple"]


def test_sec_009_reads_an_annotation_only_additional_properties_schema_as_open():
    """Hostile trial, round 45: ``additionalProperties: {"description": …}`` holds only an
    annotation, so it accepts every extra key as ``{}`` does, yet SEC-009 counted it as closed."""
    extra = {"description": "any extra option"}
    schema = {"type": "object", "additionalProperties": extra, "properties": {
        "filter": {"type": "object", "properties": {"a": S}, "additionalProperties": extra}}}
    assert findings([{"name": "t", "description": "T.", "inputSchema": schema}], "SEC-009") == \
        [("t", "inputSchema", "info"), ("t", "inputSchema.properties.filter", "warning")]


def test_sec_009_reads_an_empty_additional_properties_schema_as_open():
    """New-user trial, round 44: ``additionalProperties: {}`` accepts every extra key, as ``true``
    and an absent keyword do, yet SEC-009 counted it as closed (and docs/lint.md said so): a
    parameter left open that way went unreported."""
    schema = {"type": "object", "additionalProperties": {}, "properties": {
        "filter": {"type": "object", "properties": {"a": S}, "additionalProperties": {}}}}
    assert findings([{"name": "t", "description": "T.", "inputSchema": schema}], "SEC-009") == \
        [("t", "inputSchema", "info"), ("t", "inputSchema.properties.filter", "warning")]
