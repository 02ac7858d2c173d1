"""A parameter written as a local ``$ref`` is read through it (docs/lint.md, "The recommended
set"; ``parameters.through_ref``).

Hostile trial, round 24: ``destination: {"$ref": "#/properties/source"}`` (zod-to-json-schema's
default for a reused schema) and ``limit: {"$ref": "#/$defs/Count"}`` to a bare integer got no
MCP-022 and no SEC-003, while the same schema written inline got both: a server escaped the
sink check by reusing a schema object. MCP-022 now reads every parameter through its
``$ref``; SEC-001…006 do in their narrowed reading, and keep the contract's ("``$ref`` is
never followed") when selected by family, code or ``ALL``.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.settings import LintSettings


def _tool(props: dict[str, Any], defs: dict[str, Any] | None = None, **root: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False, **root}
    if defs:
        schema["$defs"] = defs
    return {"name": "copy_file", "description": "Copies a file on the local disk to another path.",
            "inputSchema": schema}


SOURCE = {"type": "string", "description": "Path of the file to copy"}
REFERRED = _tool({"source": SOURCE, "destination": {"$ref": "#/properties/source"},
                  "limit": {"$ref": "#/$defs/Count"}, "filePath": {"$ref": "#/$defs/Path"}},
                 {"Count": {"type": "integer"}, "Path": {"type": "string"}})
INLINED = _tool({"source": SOURCE, "destination": SOURCE, "limit": {"type": "integer"}, "filePath": {"type": "string"}})


def _found(tool: dict[str, Any], code: str, narrow: bool = True) -> list[str]:
    settings = LintSettings(select=(code,), narrow=(code,) if narrow else ())
    findings, _ = lint_tools([copy.deepcopy(tool)], settings)
    return sorted(f.path for f in findings if f.code == code)


@pytest.mark.parametrize("code", ["MCP-022", "SEC-001", "SEC-003", "SEC-004"])
def test_a_referred_parameter_is_read_as_its_inlined_copy(code):
    inlined = _found(INLINED, code)
    assert inlined  # the check does fire on the inlined schema
    assert _found(REFERRED, code) == inlined


def test_the_default_lint_reads_through_a_ref():
    findings, _ = lint_tools([copy.deepcopy(REFERRED)], LintSettings())
    assert {(f.code, f.path.rsplit(".", 1)[-1]) for f in findings if f.code in ("MCP-022", "SEC-003")} \
        >= {("MCP-022", "source"), ("MCP-022", "destination"), ("SEC-003", "limit")}


def test_the_contracts_reading_does_not_follow_a_ref():
    assert _found(REFERRED, "SEC-003", narrow=False) == []
    assert "inputSchema.properties.filePath" in _found(INLINED, "SEC-001", narrow=False)
    assert "inputSchema.properties.filePath" not in _found(REFERRED, "SEC-001", narrow=False)
    # MCP-022 is this project's own code: it reads the referred schema in every reading.
    assert _found(REFERRED, "MCP-022", narrow=False) == _found(INLINED, "MCP-022", narrow=False)


@pytest.mark.parametrize("props, defs, root", [
    ({"limit": {"$ref": "#/$defs/A"}}, {"A": {"$ref": "#/$defs/B"}, "B": {"$ref": "#/$defs/A"}}, {}),
    ({"limit": {"$ref": "#/properties/limit"}}, None, {}),
    ({"limit": {"$ref": "#/$defs/Nowhere"}}, None, {}),
    ({"limit": {"$ref": "https://example.com/count.json"}}, None, {}),
    ({"limit": {"$ref": "#/$defs/Count", "maximum": 10}}, {"Count": {"type": "integer"}}, {}),
    ({"limit": {"$ref": "#/$defs/Count"}}, {"Count": {"type": "integer", "minimum": 0}}, {}),
])
def test_a_ref_that_goes_round_leads_nowhere_or_is_bounded_is_quiet(props, defs, root):
    assert _found(_tool(props, defs, **root), "SEC-003") == []


def test_a_chain_of_refs_is_followed_and_the_stricter_bound_kept():
    chain = _tool({"limit": {"$ref": "#/$defs/A", "description": "How many rows to return"}},
                  {"A": {"$ref": "#/$defs/B"}, "B": {"type": "integer"}})
    assert _found(chain, "SEC-003") == ["inputSchema.properties.limit"]
    zod = _tool({"limit": {"$ref": "#/$defs/Count", "minimum": -9007199254740991, "maximum": 9007199254740991}},
                {"Count": {"type": "integer", "minimum": 0, "maximum": 100}})
    assert _found(zod, "SEC-003") == []


def test_draft_07_reads_the_target_alone():
    """Draft 3 to 7 ignore every keyword beside a ``$ref``: a bound written there bounds nothing."""
    beside = _tool({"limit": {"$ref": "#/definitions/Count", "maximum": 9}}, None,
                   definitions={"Count": {"type": "integer"}})
    assert _found(beside, "SEC-003") == []  # 2020-12: the bound beside the $ref applies
    beside["inputSchema"]["$schema"] = "http://json-schema.org/draft-07/schema#"
    assert _found(beside, "SEC-003") == ["inputSchema.properties.limit"]


# Hostile trial, round 30: the two readings above composed. zod-to-json-schema writes .nullable()
# of a reused schema as anyOf [{$ref}, {type: null}], and pydantic v1 an Optional model field as
# allOf [{$ref}]; each checks read the $ref alone and the inline nullable union alone, so the two
# together escaped MCP-022 and SEC-001…006, though each parameter takes the value its target does.
COMPOSED = _tool({"source": SOURCE,
                  "destination": {"anyOf": [{"$ref": "#/properties/source"}, {"type": "null"}], "default": None},
                  "limit": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/Count"}]},
                  "filePath": {"allOf": [{"$ref": "#/$defs/Path"}], "description": "Where to write"}},
                 {"Count": {"type": "integer"}, "Path": {"type": "string"}})


@pytest.mark.parametrize("code", ["MCP-022", "SEC-001", "SEC-003", "SEC-004"])
def test_a_ref_inside_a_nullable_union_or_a_one_branch_allof_is_read_as_its_inlined_copy(code):
    assert _found(COMPOSED, code) == _found(INLINED, code) != []


def test_the_composed_reading_keeps_the_targets_limits():
    limited = _tool({"source": SOURCE,
                     "destination": {"anyOf": [{"$ref": "#/$defs/Safe"}, {"type": "null"}]},
                     "limit": {"allOf": [{"$ref": "#/$defs/Count"}]}, "page": {"type": "integer"}},
                    {"Safe": {"type": "string", "pattern": "^[a-z]+$", "maxLength": 9},
                     "Count": {"type": "integer", "minimum": 1, "maximum": 100}})
    assert _found(limited, "MCP-022") == ["inputSchema.properties.source"]
    assert _found(limited, "SEC-003") == ["inputSchema.properties.page"]


def test_a_reference_that_goes_round_is_left_as_written():
    looping = _tool({"limit": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}},
                    {"A": {"allOf": [{"$ref": "#/$defs/A"}]}})
    assert _found(looping, "SEC-003") == []
