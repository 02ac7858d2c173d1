"""MCP-022 on a scraper and a database server, as a new user meets them (docs/lint.md,
"MCP-022"): filters of URL paths, scripts run in a browser page, SQL named as a dialect and
identifiers ending in ``code`` are no sinks; a server that fetches URLs for a living gets one
finding per tool for its URL parameters. The real sinks of the same servers still fire.

The fixtures are tests/data/sinks/firecrawl-like.json and motherduck-like.json.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import DATA

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.settings import LintSettings

SINKS = DATA / "sinks"
ONLY = LintSettings(select=("MCP-022",))


def _fixture(name: str) -> list[dict[str, Any]]:
    return json.loads((SINKS / f"{name}.json").read_text())["tools"]


def found(tools: list[dict[str, Any]]) -> list[tuple[str, str, str]]:
    findings, _ = lint_tools(tools, ONLY)
    return [(f.tool or "", f.path, f.variant) for f in findings]


def paths(name: str, schema: dict[str, Any], description: str) -> list[str]:
    tool = {"name": "t", "description": description, "inputSchema": {"type": "object", "properties": {name: schema}}}
    return [path for _, path, _ in found([tool])]


# --- the two servers, whole -------------------------------------------------------------------


def test_the_scraper_gets_one_url_finding_per_tool_and_nothing_else():
    assert found(_fixture("firecrawl-like")) == [
        ("firecrawl_crawl", "inputSchema.properties.url", "fetcher"),
        ("firecrawl_extract", "inputSchema.properties.urls", "default"),
        ("firecrawl_generate_llmstxt", "inputSchema.properties.url", "default"),
        ("firecrawl_map", "inputSchema.properties.url", "default"),
        ("firecrawl_scrape", "inputSchema.properties.url", "default"),
    ]


def test_the_crawl_finding_names_every_url_parameter_of_the_tool():
    findings, _ = lint_tools(_fixture("firecrawl-like"), ONLY)
    [crawl] = [f for f in findings if f.tool == "firecrawl_crawl"]
    assert crawl.args["names"] == ["url", "webhook.anyOf[1].properties.url"]
    assert (crawl.args["fetching"], crawl.args["tools"]) == (5, 8)
    assert crawl.message.startswith("2 URL parameters with nothing in the schema limiting which URL")
    assert "url, webhook.anyOf[1].properties.url" in crawl.message and "5 of 8" in crawl.message


def test_the_database_server_keeps_its_real_sql_and_path_sinks_only():
    assert found(_fixture("motherduck-like")) == [
        ("query", "inputSchema.properties.query", "default"),
        ("read_query", "inputSchema.properties.query", "default"),
        ("switch_database_connection", "inputSchema.properties.path", "default"),
    ]
    findings, _ = lint_tools(_fixture("motherduck-like"), ONLY)
    assert "'query' takes a SQL statement" in findings[0].message


# --- path filters that hold URL paths, globs or regular expressions ----------------------------

STRINGS = {"type": "array", "items": {"type": "string"}}


@pytest.mark.parametrize(("name", "schema"), [
    ("excludePaths", {**STRINGS, "description": "URL paths to leave out of the crawl"}),
    ("includePaths", {**STRINGS, "description": "URL pathname regex patterns; only matching pages are crawled"}),
    ("select_paths", {**STRINGS, "description": "Regex patterns that pick the URL paths to crawl (/docs/.*)"}),
    ("exclude_paths", {"type": "array", "items": {"type": "string", "description": "A glob, such as /blog/*"}}),
    ("ignoreDirs", {**STRINGS, "description": "Wildcards of directories to skip"}),
    ("includePaths", {"type": "array", "items": {"type": "string", "format": "regex"}}),
    ("excludePath", {"anyOf": [{"type": "string", "description": "A regular expression... or a regex"},
                               {"type": "null"}]}),
])
def test_a_filter_of_patterns_is_no_sink(name, schema):
    assert paths(name, schema, "Crawl a website from a start URL.") == []


@pytest.mark.parametrize(("name", "schema", "description"), [
    # A filter word without a pattern: these paths are opened.
    ("includePaths", {**STRINGS, "description": "More files to put in the archive"}, "Build an archive of files."),
    # Patterns without a filter word: a glob of files to read still reads files.
    ("paths", {**STRINGS, "description": "Glob patterns of the files to read"}, "Read files."),
    ("path", {"type": "string", "description": "URL path of the page"}, "Read a file."),
])
def test_paths_to_open_stay_sinks(name, schema, description):
    assert paths(name, schema, description) == [f"inputSchema.properties.{name}"]


# --- a script that runs in a browser page ------------------------------------------------------

SCRIPT = {"type": "string", "description": "JavaScript to run"}


@pytest.mark.parametrize("description", [
    "Run JavaScript in the browser console and return its result.",
    "Evaluate a script in the page with Puppeteer.",
    "Execute JavaScript on the current web page.",
    "Change the DOM of the open tab.",
    "Run a script on the page before it is captured.",  # a page, and the script is JavaScript
])
def test_a_script_run_in_a_browser_page_is_no_shell(description):
    assert paths("script", SCRIPT, description) == []


@pytest.mark.parametrize(("name", "schema", "description"), [
    ("script", {"type": "string"}, "Run a shell script on the build host."),
    ("script", {"type": "string", "description": "Bash to run"}, "Run a script; its output comes a page at a time."),
    # A browser tool's command word is no script: commands stay shell commands.
    ("command", {"type": "string"}, "Run a command next to the browser."),
])
def test_scripts_and_commands_on_the_host_stay_sinks(name, schema, description):
    assert paths(name, schema, description) == [f"inputSchema.properties.{name}"]


# --- SQL named as a dialect or a syntax -------------------------------------------------------

QUERY = {"type": "string", "description": "What to look for"}


@pytest.mark.parametrize("description", [
    "Search the catalog by name; names compare without case, as in the SQL dialect of DuckDB.",
    "Answer a question with examples in sql syntax.",
    "Look tables up by name (SQL-like wildcards allowed).",
    "Search the issues; select the fields the results show.",  # select, not SELECT
])
def test_sql_named_as_a_language_makes_no_query_sql(description):
    assert paths("query", QUERY, description) == []


@pytest.mark.parametrize("description", [
    "Run a SQL query against the warehouse.",
    "Execute a SELECT query on the database.",
    "Run one statement; write it in the SQL dialect of DuckDB. It is sent to sqlite as is.",
])
def test_a_query_that_is_sql_to_run_stays_a_sink(description):
    assert paths("query", QUERY, description) == ["inputSchema.properties.query"]


def test_a_query_described_as_sql_stays_a_sink_whatever_the_tool_says():
    assert paths("query", {"type": "string", "description": "SQL query to execute"}, "Ask the database.") == \
        ["inputSchema.properties.query"]


# --- identifiers that end in code, and fenced examples -----------------------------------------

PRICING = ("Get the price list of an AWS service.\n\nExample:\n```python\n"
           "get_pricing(service_code=\"AmazonEC2\", region=\"us-east-1\")\n```")


def test_a_service_code_beside_a_fenced_example_is_no_code_sink():
    code = {"type": "string", "description": "AWS service code, such as AmazonEC2"}
    assert paths("service_code", code, PRICING) == []
    assert paths("countryCode", {"type": "string"}, "Execute a search of companies by country.") == []


def test_a_fenced_example_does_not_make_a_code_parameter_run_code():
    assert paths("code", {"type": "string"}, "Verify a login code.\n```python\nverify(code='123456')\n```") == []


@pytest.mark.parametrize(("name", "schema", "description"), [
    ("code", {"type": "string"}, "Execute Python code and return stdout."),
    ("service_code", {"type": "string", "description": "Python code to execute for the service"}, PRICING),
    ("source_code", {"type": "string"}, "Run the source code in the sandbox."),
    ("code", {"type": "string"}, "Evaluate it.\n```python\nrun(code='print(1)')\n```\nThe code runs in a sandbox."),
])
def test_code_to_run_stays_a_sink(name, schema, description):
    assert paths(name, schema, description) == [f"inputSchema.properties.{name}"]


# --- one finding per tool when the server fetches URLs -----------------------------------------


def _tool(name: str, **props: Any) -> dict[str, Any]:
    return {"name": name, "description": f"The {name} tool.",
            "inputSchema": {"type": "object", "properties": {k: {"type": "string"} for k in props}}}


def test_half_the_tools_taking_urls_is_not_a_fetcher():
    tools = [_tool("a", url=1, proxy_url=1), _tool("b", homepage_url=1), _tool("c", title=1), _tool("d", title=1)]
    assert found(tools) == [("a", "inputSchema.properties.proxy_url", "default"),
                            ("a", "inputSchema.properties.url", "default"),
                            ("b", "inputSchema.properties.homepage_url", "default")]


def test_more_than_half_is_a_fetcher_whose_other_sinks_stay_apart():
    tools = [_tool("a", url=1, proxy_url=1, output_path=1), _tool("b", url=1), _tool("c", urls=1), _tool("d", title=1)]
    assert found(tools) == [("a", "inputSchema.properties.output_path", "default"),
                            ("a", "inputSchema.properties.proxy_url", "fetcher"),
                            ("b", "inputSchema.properties.url", "default"),
                            ("c", "inputSchema.properties.urls", "default")]
    findings, _ = lint_tools(tools, ONLY)
    assert findings[1].args["names"] == ["proxy_url", "url"]  # by path, whatever the schema's order
    again, _ = lint_tools(list(reversed(tools)), ONLY)
    assert [(f.tool, f.path, f.message) for f in again] == [(f.tool, f.path, f.message) for f in findings]


def test_a_single_fetch_tool_names_all_its_urls_in_one_finding():
    assert found([_tool("fetch", url=1)]) == [("fetch", "inputSchema.properties.url", "default")]
    assert found([_tool("fetch", url=1, referrer_url=1)]) == [("fetch", "inputSchema.properties.referrer_url",
                                                               "fetcher")]
