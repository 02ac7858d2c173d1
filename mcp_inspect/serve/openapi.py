"""The OpenAPI 3.1 document served at ``/openapi.json``: every endpoint, its body, its
answers and every error it can give. The request's configuration and the reports are
described by the schemas the project publishes (docs/config.schema.json,
docs/report.schema.json), so the document cannot drift from what the parser accepts and
the renderers write; tests/serve checks it against the running server's routes."""

from __future__ import annotations

import copy
import json
from typing import Any

from .._version import __version__
from .inline import MAX_CALLS, published_schema, rules_json
from .options import ServeOptions

_REF = "#/components/schemas/"



#: One item of a /diff request's ``calls``: any object or array (what one line of a recording
#: holds), with the OTLP/JSON export spelled out as far as the reader relies on it. Its inner
#: parts are left open on purpose: a part of the wrong type is skipped and counted (or the
#: request refused with 400 when no item holds a call), and Schemathesis sends such parts.
_CALL_ITEM: dict[str, Any] = {"anyOf": [
    {"type": ["object", "array"]},
    {"type": "object", "description": "An OpenTelemetry export (OTLP/JSON).", "required": ["resourceSpans"],
     "properties": {"resourceSpans": {"type": "array", "maxItems": 3, "items": {
         "type": "object", "properties": {
             "resource": {"description": "An object with attributes."},
             "scopeSpans": {"type": "array", "maxItems": 3, "items": {
                 "type": "object", "properties": {"spans": {"description": "An array of spans, each with "
                                                            "attributes as key/value entries."}}}}}}}}},
]}

def _ref(name: str) -> dict[str, str]:
    return {"$ref": _REF + name}


def _error(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ref("Error")}}}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _markdown(description: str) -> dict[str, Any]:
    return {"description": description, "content": {"text/markdown": {"schema": {"type": "string"}}}}


def _errors(options: ServeOptions, *, body: bool) -> dict[str, Any]:
    out = {
        "400": _error("An unknown query parameter (an endpoint takes none but /diff's format, lint_inherited "
                      "and full_values); "
                      "`field` names it."),
        "405": _error("Wrong method for this path; the Allow header lists the right ones."),
        "500": _error("Internal error: a generic body; the details are in the server's log."),
    }
    if body:
        out.update({
            "400": _error("Malformed JSON, an unknown or missing key, a surface that is not inline JSON (a file, URL, "
                          f"stdio: command, @NAME, git:REF:PATH, an mcp.json), more than {options.max_tools:,} tools, "
                          "a tool that is not an object, calls of which no item holds a recorded call, an unknown "
                          "configuration key, rule id or setting, an llm "
                          "setting, input past a limit of docs/limits.md, a title that is not a string, an unknown "
                          "query parameter, Content-Type given more than once, or Content-Length and "
                          "Transfer-Encoding given together (the connection is closed). `field` names the part of "
                          "the request at fault."),
            "408": _error(f"The body did not arrive within the time limit ({options.timeout:g} s)."),
            "413": _error(f"The body is larger than {options.max_body_bytes:,} bytes; it was not read further, and "
                          "the connection is closed."),
            "415": _error("The body is not application/json (UTF-8)."),
            "429": _error(f"More than {options.max_per_client} requests in progress from this client (its address, "
                          "or its IPv6 /64); try again shortly (Retry-After)."),
            "503": _error(f"More than {options.max_pending} requests in progress (try again shortly; "
                          "Retry-After), or the service is stopping and the body had not all arrived."),
            "504": _error(f"The work did not finish within the time limit ({options.timeout:g} s); the worker "
                          "doing it was stopped."),
        })
    return out


def _config_schemas() -> dict[str, Any]:
    config = published_schema("config")
    for key in ("$schema", "$id"):
        config.pop(key, None)
    config["properties"].pop("llm", None)  # refused by the service whatever the schema allows
    lint = copy.deepcopy(config["properties"]["lint"])
    lint["properties"].pop("llm", None)
    return {"Config": config, "LintConfig": lint}


def _rule_ids() -> list[str]:
    """Every id GET /rules/{rule_id} answers 200 for: the change rules, then the lint codes."""
    listing = json.loads(rules_json())
    return [entry["id"] for entry in listing["rules"] + listing["lint"]]


def _report_schemas() -> dict[str, Any]:
    report = published_schema("report")
    text = json.dumps(report["$defs"]).replace('"#/$defs/', '"' + _REF)
    schemas: dict[str, Any] = json.loads(text)
    return schemas


def _request_schemas(options: ServeOptions) -> dict[str, Any]:
    surface = {
        "description": "A surface, inline: any shape the CLI reads from a file (a tools array, one tool, an object "
                       "with tools/resources/resourceTemplates/prompts, a JSON-RPC list response, a capture document, "
                       "an mcp-inspect snapshot). Never a string: nothing is read from a file or URL, or started. "
                       f"At most {options.max_tools:,} tools.",
        "type": ["object", "array"],
    }
    config_note = ("Judged as the CLI judges these surfaces with this configuration file; without it, by the "
                   "configuration the server was started with.")
    sides = {"old": _ref("Surface"), "new": _ref("Surface"),
             "config": {**_ref("Config"), "description": "The keys of .mcp-inspect.yml. " + config_note}}
    return {
        "Surface": surface,
        "LintRequest": {
            "type": "object", "additionalProperties": False,
            "description": "Exactly one of tools and surface.",
            "properties": {
                "tools": {"type": "array", "items": {"type": "object"}, "maxItems": options.max_tools,
                          "description": "The tools, as a tools/list result lists them."},
                "surface": _ref("Surface"),
                "config": {**_ref("LintConfig"), "description": "The keys of the lint section of .mcp-inspect.yml. "
                           + config_note},
            },
            "oneOf": [{"required": ["tools"]}, {"required": ["surface"]}],
        },
        "DiffRequest": {"type": "object", "additionalProperties": False, "required": ["old", "new"],
                        "properties": {**sides, "calls": {
                            "type": "array", "maxItems": MAX_CALLS, "items": _CALL_ITEM,
                            "description": "Recorded calls to replay against both sides (docs/record.md): each item "
                                           "what one line of a recording holds (an mcp-inspect record entry, a "
                                           "JSON-RPC message, an OpenTelemetry span); the report gains the numbers "
                                           "(summary.calls, each finding's calls)."}}},
        "ReleaseNotesRequest": {"type": "object", "additionalProperties": False, "required": ["old", "new"],
                                "properties": {**sides, "title": {
                                    "type": "string",
                                    "description": "The notes' heading, shown as text: on one line, control "
                                                   "characters escaped, Markdown and HTML inert. Leave the key out "
                                                   "for the default heading (null is refused)."}}},
        "Error": {"type": "object", "required": ["error", "field"], "additionalProperties": False,
                  "properties": {"error": {"type": "string", "description": "What was wrong, in one line."},
                                 "field": {"type": ["string", "null"],
                                           "description": "The part of the request at fault: a body key or a path "
                                                          "into it (config.lint.select, tools), a query parameter, "
                                                          "or body; null when no one part is."}}},
        "Health": {"type": "object", "required": ["status", "version"],
                   "properties": {"status": {"const": "healthy"}, "version": {"type": "string"}}},
        "Rule": {"type": "object", "required": ["id", "severity", "summary", "advice"],
                 "description": "One entry of `mcp-inspect rules --format json`: a change rule, or a lint code "
                                "(kind: lint).",
                 "properties": {"id": {"type": "string"}, "kind": {"const": "lint"}, "severity": {"type": "string"},
                                "summary": {"type": "string"}, "advice": {"type": "string"}}},
        "RuleListing": {"type": "object", "required": ["rules", "lint"],
                        "description": "What `mcp-inspect rules --format json` prints.",
                        "properties": {"rules": {"type": "array", "items": _ref("Rule")},
                                       "lint": {"type": "array", "items": _ref("Rule")}}},
    }


def _post(summary: str, request: str, success: dict[str, Any], options: ServeOptions,
          parameters: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    operation: dict[str, Any] = {
        "summary": summary,
        "requestBody": {"required": True, "content": {"application/json": {"schema": _ref(request)}}},
        "responses": {"200": success, **_errors(options, body=True)},
    }
    if parameters:
        operation["parameters"] = parameters
    return operation


def document(options: ServeOptions) -> dict[str, Any]:
    """The OpenAPI document of a server started with ``options``."""
    lint_report = _json(_ref("lintReport"), "The report `mcp-inspect lint FILE --format json` prints for the same "
                        "surface and configuration; its source is named tools or surface.")
    lint = _post("Lint one surface: every check family, verdicts, maturity and token cost.", "LintRequest",
                 lint_report, options)
    diff_success = _json(_ref("diffReport"), "The report `mcp-inspect diff OLD NEW --format json` prints, sources "
                         "named old and new, with the gate's outcome in summary.gate.")
    diff_success["content"]["text/markdown"] = {"schema": {"type": "string"}}
    fmt = {"name": "format", "in": "query", "required": False,
           "schema": {"enum": ["json", "markdown"], "default": "json"},
           "description": "markdown: the report `--format markdown` prints, as text/markdown."}
    inherited = {"name": "lint_inherited", "in": "query", "required": False,
                 "schema": {"enum": ["false", "true"], "default": "false"},
                 "description": "true: the JSON report lists the inherited lint findings in full "
                                "(`--lint-inherited`); by default it counts them by code."}
    full = {"name": "full_values", "in": "query", "required": False,
            "schema": {"enum": ["false", "true"], "default": "false"},
            "description": "true: the JSON report writes every value in place (`--full-values`); by default a "
                           "large value is named once, in `values`, and referred to by `valueRefs`."}
    rule_404 = _error("No rule or lint code has this id.")
    get_errors = _errors(options, body=False)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "mcp-inspect service",
            "version": __version__,
            "description": "Lint and diff MCP server surfaces sent inline as JSON; the answers are the CLI's JSON "
                           "reports. Any path not listed here answers 404 with an Error body. The service has no "
                           "authentication or TLS of its own: see docs/serve.md.",
        },
        "paths": {
            "/health": {"get": {"summary": "Whether the server is up, and its version.",
                                "responses": {"200": _json(_ref("Health"), "Up."), **get_errors}}},
            "/lint": {"post": lint},
            "/validate": {"post": {**lint, "summary": "The same as /lint, for users of the validator."}},
            "/diff": {"post": _post("Classify every change from old to new and lint both sides; the gate decides.",
                                    "DiffRequest", diff_success, options, [fmt, inherited, full])},
            "/release-notes": {"post": _post("Markdown release notes for the change, with the suggested version bump "
                                             "(`mcp-inspect release-notes`).", "ReleaseNotesRequest",
                                             _markdown("The notes."), options)},
            "/rules": {"get": {"summary": "Every rule and lint code (`mcp-inspect rules --format json`).",
                               "responses": {"200": _json(_ref("RuleListing"), "The catalogue."), **get_errors}}},
            "/rules/{rule_id}": {"get": {
                "summary": "One rule or lint code, as it appears in the listing.",
                "parameters": [{"name": "rule_id", "in": "path", "required": True,
                                "schema": {"type": "string", "enum": _rule_ids()},
                                "description": "A rule id (tool.removed) or a lint code (SEC-001)."}],
                "responses": {"200": _json(_ref("Rule"), "The rule."), "404": rule_404, **get_errors}}},
            "/openapi.json": {"get": {"summary": "This document.",
                                      "responses": {"200": _json({"type": "object"}, "OpenAPI 3.1."),
                                                    **get_errors}}},
        },
        "components": {"schemas": {**_request_schemas(options), **_config_schemas(), **_report_schemas()}},
    }
