"""The generator catalogues: which generators exist, which catalogue each reads, and the
findings each case expects. Shared by regenerate.py, table.py and
tests/classify/test_generators.py, so the three read the catalogues one way.

A catalogue (tests/data/generators/catalogues/<name>.yaml) is a list of cases. A case has
an ``id``, the ``edit`` in words, the ``old`` and ``new`` source (a zod shape, a TypeBox
properties object, or Python field lines ``name: annotation [= default]`` with the classes
they need in ``defs``, ``old_defs``, ``new_defs``), ``output: true`` when the source is the
tool's result rather than its arguments, ``tool`` when the tool's name matters to the
expectation, and ``expect``: the findings the contract asks for on that tool, each written
``<rule after tool.input. or tool.output.> <SEVERITY>``, as one list for every generator
that reads the catalogue or as a mapping from generator to list (``default`` for the rest),
since generators spell one source differently and the contract judges the spelling. An
empty list expects no finding. Full rule ids (``tool.…``) are taken as written.

``known`` marks a case where today's classifier disagrees with the contract and the fix is
not made yet: it says what is reported instead. The test expects such a case to fail
(strictly, so a fix shows), and the notes' table marks it.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent
DATA = ROOT / "tests" / "data" / "generators"
CATALOGUES = DATA / "catalogues"
SEVERITIES = ("DOCUMENTATION", "NON_BREAKING", "POTENTIALLY_BREAKING", "BREAKING")

#: Every generator: the catalogue it reads, what it is, whether a real server is captured
#: ("server") or the library's schema is written out ("schemas"), and the pinned packages.
GENERATORS: dict[str, dict[str, Any]] = {
    "zod3": {"catalogue": "zod", "kind": "schemas", "npm": ["zod@3.25.76", "zod-to-json-schema@3.25.2"],
             "how": "zodToJsonSchema(z.object(shape)) with its default options"},
    "zod4": {"catalogue": "zod", "kind": "schemas", "npm": ["zod@4.6.7"],
             "how": "z.toJSONSchema(z.object(shape)) with its default options (io: output)"},
    "ts-sdk": {"catalogue": "zod", "kind": "server", "npm": ["@modelcontextprotocol/sdk@1.32.2", "zod@4.6.7"],
               "how": "McpServer.registerTool(name, {inputSchema: shape}) on stdio, captured tools/list"},
    "typebox": {"catalogue": "typebox", "kind": "schemas", "npm": ["@sinclair/typebox@0.34.52"],
                "how": "Type.Object(properties), serialised as JSON"},
    "valibot": {"catalogue": "valibot", "kind": "schemas", "npm": ["valibot@1.5.0", "@valibot/to-json-schema@1.8.0"],
                "how": "toJsonSchema(v.object(entries)) with its default options"},
    "pydantic": {"catalogue": "python", "kind": "schemas", "pip": ["pydantic==2.13.4"],
                 "how": "Args.model_json_schema() of a BaseModel with the fields"},
    "python-sdk": {"catalogue": "python", "kind": "server", "pip": ["mcp==2.3.0", "pydantic==2.13.4"],
                   "how": "@mcp.tool() on a function with the fields as parameters (MCPServer), on stdio, "
                          "captured tools/list"},
    "python-sdk-1": {"catalogue": "python", "kind": "server", "pip": ["mcp==1.30.0", "pydantic==2.13.4"],
                     "how": "@mcp.tool() on a function with the fields as parameters (FastMCP, the last mcp 1.x), "
                            "on stdio, captured tools/list"},
}


@functools.cache
def load_catalogue(name: str) -> dict[str, Any]:
    """The catalogue, read once (callers do not change it)."""
    return yaml.safe_load((CATALOGUES / f"{name}.yaml").read_text(encoding="utf-8"))


def tool_name(case: dict[str, Any]) -> str:
    return case.get("tool") or case["id"].replace("-", "_")


def expected(case: dict[str, Any], generator: str) -> list[tuple[str, str]]:
    """(rule, severity) of every finding the case expects from ``generator``, sorted."""
    expect = case["expect"]
    if isinstance(expect, dict):
        expect = expect.get(generator, expect.get("default"))
        if expect is None:
            raise ValueError(f"case {case['id']}: no expectation for {generator} and no default")
    direction = "output" if case.get("output") else "input"
    found = []
    for item in expect:
        rule, severity = item.split()
        if severity not in SEVERITIES:
            raise ValueError(f"case {case['id']}: unknown severity {severity!r}")
        found.append((rule if rule.startswith("tool.") else f"tool.{direction}.{rule}", severity))
    return sorted(found)


def cases(generator: str) -> list[dict[str, Any]]:
    return load_catalogue(GENERATORS[generator]["catalogue"])["cases"]


def by_tool(findings: list[tuple[str, str, str]]) -> dict[str, list[tuple[str, str]]]:
    """(tool, rule, severity) findings grouped by tool, each group sorted."""
    grouped: dict[str, Counter] = {}
    for tool, rule, severity in findings:
        grouped.setdefault(tool, Counter())[(rule, severity)] += 1
    return {tool: sorted(counts.elements()) for tool, counts in grouped.items()}


#: The keys of a case that decide what a generator writes (its expectation and wording do not).
SOURCE_KEYS = ("id", "tool", "output", "old", "new", "defs", "old_defs", "new_defs")


def source_digest(generator: str) -> str:
    """A digest of the sources of the generator's catalogue: regenerate.py records it beside
    the pair, and the test compares it with the committed catalogue, so a source edited
    without regenerating the pair is caught (an expectation may change without one)."""
    sources = [{key: case[key] for key in SOURCE_KEYS if key in case} for case in cases(generator)]
    return hashlib.sha256(json.dumps(sources, sort_keys=True).encode("utf-8")).hexdigest()
