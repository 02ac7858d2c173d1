"""MCP-022 after review: optional strings written as anyOf/oneOf, plural acronyms
(URLs, IDs), plural sink words, and ``dir`` meaning a sort direction."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import CORPUS

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.sinks import sink_kind, unconstrained, words

FILES = {"files"}  # a tool text that speaks of files, which contextual words such as ``dir`` need


def fired(name: str, schema: Any, description: str = "Read a file.") -> list[str]:
    tool = {"name": "t", "description": description,
            "inputSchema": {"type": "object", "properties": {name: schema}}}
    findings, _ = lint_tools([tool])
    return [f.path for f in findings if f.code == "MCP-022"]


# --- optional strings spelled with anyOf / oneOf (pydantic, FastMCP) ----------------------

OPTIONAL = [
    {"anyOf": [{"type": "string"}, {"type": "null"}]},
    {"oneOf": [{"type": "string"}, {"type": "null"}]},
    {"oneOf": [{"type": "string"}]},
    {"anyOf": [{"type": "string", "format": "uri", "minLength": 1}, {"type": "string"}]},
    {"anyOf": [{"type": "string", "maxLength": 200}, {"type": ["null"]}], "default": None},
    {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
    {"anyOf": [{"anyOf": [{"type": "string"}, {"type": "null"}]}, {"type": "null"}]},
]


@pytest.mark.parametrize("schema", OPTIONAL, ids=json.dumps)
def test_an_optional_string_written_as_a_union_is_a_sink(schema):
    assert fired("path", schema) == ["inputSchema.properties.path"]


CONSTRAINED_OR_NOT_STRING = [
    {"anyOf": [{"type": "string", "pattern": "^/srv/"}, {"type": "null"}]},
    {"anyOf": [{"type": "string", "enum": ["a", "b"]}, {"type": "null"}]},
    {"anyOf": [{"const": "a"}, {"type": "null"}]},
    # One constrained branch counts as a constraint, as the review asked.
    {"anyOf": [{"type": "string", "pattern": "^/srv/"}, {"type": "string"}]},
    {"anyOf": [{"type": "string"}, {"type": "null"}], "pattern": "^/srv/"},
    {"type": "string", "anyOf": [{"pattern": "^/a/"}, {"pattern": "^/b/"}]},
    {"type": "string", "allOf": [{"pattern": "^/srv/"}]},
    {"anyOf": [{"type": "string"}, {"type": "integer"}]},
    {"anyOf": [{"type": "object", "properties": {"p": {"type": "string", "pattern": "x"}}}, {"type": "null"}]},
    {"anyOf": [{"$ref": "#/$defs/Path"}, {"type": "null"}]},
    {"anyOf": [{"type": "null"}]},
    {"anyOf": []},
    {"anyOf": [{"type": "array", "items": {"type": "string", "enum": ["a"]}}, {"type": "null"}]},
]


@pytest.mark.parametrize("schema", CONSTRAINED_OR_NOT_STRING, ids=json.dumps)
def test_a_union_that_is_constrained_or_not_all_strings_is_no_sink(schema):
    assert fired("path", schema) == []


def test_the_flat_type_union_is_judged_as_before():
    assert fired("path", {"type": ["string", "null"]}) == ["inputSchema.properties.path"]
    assert fired("path", {"type": ["string", "null"], "pattern": "^/"}) == []


def test_a_deeply_nested_union_is_no_crash():
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(5000):
        schema = {"anyOf": [schema, {"type": "null"}]}
    assert unconstrained(schema) in (True, False)


def test_the_reviewed_corpus_case_fires():
    # aws-documentation 0.1.0 writes its url as anyOf of two unconstrained strings.
    tools = json.loads((CORPUS / "aws-documentation" / "0.1.0.json").read_text())
    tools = tools["tools"] if isinstance(tools, dict) else tools
    findings, _ = lint_tools(tools)
    got = {(f.tool, f.path) for f in findings if f.code == "MCP-022"}
    assert {("read_documentation", "inputSchema.properties.url"),
            ("recommend", "inputSchema.properties.url")} <= got


# --- plural acronyms and plural sink words -------------------------------------------------

@pytest.mark.parametrize(("name", "split"), [
    ("URLs", ["urls"]),
    ("imageURLs", ["image", "urls"]),
    ("fileIDs", ["file", "ids"]),
    ("userIDsList", ["user", "ids", "list"]),
    ("myURLs2", ["my", "urls", "2"]),
    # Unchanged: acronyms without a plural s, upper-case words and camelCase.
    ("fileID", ["file", "id"]),
    ("HTMLUrl", ["html", "url"]),
    ("HTTPSettings", ["http", "settings"]),
    ("FILE_PATHS", ["file", "paths"]),
    ("repo_path", ["repo", "path"]),
    ("Ids", ["ids"]),
])
def test_a_plural_acronym_stays_one_word(name, split):
    assert words(name) == split


def test_plural_acronyms_are_judged_by_their_word():
    array = {"type": "array", "items": {"type": "string"}}
    assert fired("imageURLs", array, "Download images.") == ["inputSchema.properties.imageURLs"]
    assert fired("URLs", array, "Fetch all pages.") == ["inputSchema.properties.URLs"]
    assert fired("fileIDs", array, "Delete files by ID from Drive.") == []


@pytest.mark.parametrize(("name", "kind"), [
    ("scripts", "shell command"), ("shells", "shell command"), ("shellCommands", "shell command"),
    ("execs", "shell command"),
    ("hrefs", "URL"), ("webhooks", "URL"), ("callbacks", "URL"), ("callbackURLs", "URL"),
    ("dirnames", "file path"), ("dirpaths", "file path"), ("workdirs", "file path"), ("logFiles", "file path"),
])
def test_a_plural_sink_word_is_judged_like_its_singular(name, kind):
    assert sink_kind(name, set()) == kind


def test_plural_contextual_words_still_need_their_context():
    assert sink_kind("sources", set()) is None
    assert sink_kind("sources", FILES) == "file path"
    assert sink_kind("queries", set()) is None
    assert sink_kind("queries", {"sql"}) == "SQL statement"
    assert sink_kind("statements", {"postgres"}) == "SQL statement"
    assert sink_kind("snippets", {"execute"}) == "piece of code"


@pytest.mark.parametrize("name", ["file_sizes", "url_types", "command_descriptions", "pathHashes",
                                  "fileIDs", "file_counts", "sql_dialects", "path_statuses"])
def test_a_plural_label_after_a_sink_word_is_no_sink(name):
    assert sink_kind(name, FILES) is None


# --- dir meaning a direction ---------------------------------------------------------------

@pytest.mark.parametrize("name", ["sort_dir", "sortDir", "order_dir", "orderDir", "SORT_DIR",
                                  "sorting_dir", "ordering_dir"])
def test_a_dir_after_sort_or_order_is_a_direction(name):
    assert sink_kind(name, FILES) is None
    assert fired(name, {"type": "string"}, "List files in a directory, sorted.") == []


def test_dir_is_still_a_directory_elsewhere():
    assert sink_kind("dir", FILES) == "file path"
    assert sink_kind("output_dir", FILES) == "file path"
    assert sink_kind("sort_dir_path", FILES) == "file path"  # path is a sink whatever came before
    assert fired("dir", {"type": "string"}, "List files in a directory.") == ["inputSchema.properties.dir"]


def test_a_dir_limited_to_asc_and_desc_is_constrained():
    assert fired("dir", {"type": "string", "enum": ["asc", "desc"]}, "List files in a directory.") == []


def test_a_secret_that_belongs_to_a_sink_is_not_the_sink():
    # webhook_secret is the credential that signs a webhook, not where a request goes.
    tool = {"name": "hooks", "description": "Register a webhook URL to call.",
            "inputSchema": {"type": "object", "properties": {"webhook_secret": {"type": "string"},
                                                             "webhook_password": {"type": "string"},
                                                             "webhook_url": {"type": "string"}}}}
    found = [f.path for f in lint_tools([tool])[0] if f.code == "MCP-022"]
    assert found == ["inputSchema.properties.webhook_url"]


def test_a_contextual_name_whose_own_text_names_a_database_is_no_file_path():
    """New-user trial (awslabs.dynamodb-mcp-server 2.1.8): ``source_identifier``, "a database
    name … or a schema/owner name", in a tool whose text speaks of the files it writes, was
    called a file path. Its own words say what it names; without them the tool's still count."""
    text = "Analyzes a database and writes analysis files."
    own = {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None,
           "description": "Identifier for the source to analyze. Accepts a database name (MySQL, PostgreSQL) or a "
                          "schema/owner name (Oracle)."}
    assert fired("source_identifier", own, text) == []
    assert fired("source_identifier", {"type": "string"}, text) == ["inputSchema.properties.source_identifier"]
    says_file = {"type": "string", "description": "The database file to read (a path)."}
    assert fired("source", says_file, text) == ["inputSchema.properties.source"]


@pytest.mark.parametrize("name,description", [
    ("exec_err_state", "State on execution error: NoData, Alerting, OK"),
    ("folder_uid", "The folder UID."),
])
def test_a_state_or_an_identifier_after_a_sink_word_is_no_sink(name, description):
    """New-user trial (mcp-grafana 2.1.1): MCP-022 called these a shell command and a file path."""
    assert fired(name, {"type": "string", "description": description}) == []
