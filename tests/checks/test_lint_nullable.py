"""An optional parameter written as a union with null, ``anyOf: [{type: T, …}, {type: null}]``
(pydantic's ``Optional[T] = None``, zod 4's ``.nullable()``), is of type T in the narrowed
reading of the SEC codes (docs/lint.md, "The recommended set"; ``parameters.nullable_reading``).

New-user trial, round 19: awslabs.cloudwatch-mcp-server 0.1.1 → 0.3.1 turned ``metric_name`` and
``namespace`` from ``{type: string}`` into pydantic's optional string, still without
``maxLength``. The SEC rules read "of type T" only from ``type``, so ``check`` (the SEC family,
narrowed) and ``diff`` listed SEC-001 on both as "Resolved by the change", while the same names
inside ``$defs`` were flagged. ``--select ALL`` and a code named on its own keep the contract's
reading, which does not read the union.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import DATA

from mcp_inspect import api
from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.parameters import nullable_reading
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.config.load import Config
from mcp_inspect.drift.check import security_settings

CLOUDWATCH = DATA / "nullable"
PYDANTIC_OPTIONAL = ("inputSchema.properties.metric_name", "inputSchema.properties.namespace")


def _cloudwatch_diff(settings: LintSettings):
    old, new = (api.load(str(CLOUDWATCH / f"cloudwatch-{v}.json")) for v in ("0.1.1", "0.3.1"))
    return api.diff(old, new, lint=settings)


def _sec_001(findings) -> list[str]:
    return sorted(f.path for f in findings if f.code == "SEC-001")


def test_check_does_not_call_a_string_made_optional_resolved():
    """The pair's check (SEC family, narrowed): SEC-001 on the two strings that became
    ``Optional[str] = None`` is inherited, not resolved."""
    report = _cloudwatch_diff(security_settings(Config()))
    assert not [f.path for f in report.resolved if f.code == "SEC-001"], "still unbounded strings"
    inherited = _sec_001(report.inherited)
    assert set(PYDANTIC_OPTIONAL) <= set(inherited), inherited
    # The same names inside $defs (plain strings in MetricStatInput) were flagged all along.
    introduced = _sec_001(report.introduced)
    assert "inputSchema.$defs.MetricStatInput.properties.metric_name" in introduced


def test_lint_flags_the_optional_strings_as_it_flags_the_plain_ones_in_defs():
    new = api.load(str(CLOUDWATCH / "cloudwatch-0.3.1.json"))
    narrowed = LintSettings(select=("SEC-001",), narrow=("SEC-001",))
    paths = _sec_001(lint_tools(new.tools, narrowed)[0])
    assert set(PYDANTIC_OPTIONAL) <= set(paths)
    # the enum-limited optional (sort_order: anyOf [{type: string, enum}, null]) stays exempt
    assert "inputSchema.properties.sort_order" not in paths
    # start_time is a union of two string branches and null: not the one-typed-branch spelling
    assert "inputSchema.properties.start_time" not in paths


def test_select_all_keeps_the_contracts_reading():
    """The contract's "of type T" is ``type`` T or ``[T, "null"]``: under ``--select ALL`` (or
    the code named alone) the union is not read, so the change still resolves SEC-001 there."""
    for select in (("ALL",), ("SEC-001",)):
        report = _cloudwatch_diff(LintSettings(select=select))
        assert sorted(f.path for f in report.resolved if f.code == "SEC-001") == list(PYDANTIC_OPTIONAL), select
    new = api.load(str(CLOUDWATCH / "cloudwatch-0.3.1.json"))
    contract = _sec_001(lint_tools(new.tools, replace(security_settings(Config()), narrow=()))[0])
    assert not set(PYDANTIC_OPTIONAL) & set(contract)


def _tool(**properties) -> dict:
    return {"name": "get_page", "description": "Get one page of the saved notes.",
            "inputSchema": {"type": "object", "properties": properties}}


# zod 4's z.number().int().nullable(): its .int() writes the safe-integer edges, which bound nothing.
ZOD4_NULLABLE_INT = {"anyOf": [{"type": "integer", "minimum": -9007199254740991, "maximum": 9007199254740991},
                               {"type": "null"}]}
ZOD4_BOUNDED_INT = {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 100}, {"type": "null"}]}


def test_an_unbounded_zod_4_nullable_integer_gets_sec_003_under_recommended():
    tool = _tool(page=ZOD4_NULLABLE_INT, size=ZOD4_BOUNDED_INT)
    default = [f.path for f in lint_tools([tool], LintSettings())[0] if f.code == "SEC-003"]
    assert default == ["inputSchema.properties.page"]
    every = [f.path for f in lint_tools([tool], LintSettings(select=("ALL",)))[0] if f.code == "SEC-003"]
    assert every == []  # the contract's reading


NARROW = {code: LintSettings(select=(code,), narrow=(code,)) for code in
          ("SEC-001", "SEC-002", "SEC-004", "SEC-005", "SEC-006")}


@pytest.mark.parametrize(("code", "name", "kind", "limit"), [
    ("SEC-001", "label", "string", {"maxLength": 64}),
    ("SEC-002", "tags", "array", {"maxItems": 10}),
    ("SEC-004", "file_path", "string", {"pattern": "^[a-z]+$"}),
    ("SEC-005", "callback_url", "string", {"format": "uri"}),
    ("SEC-006", "mode", "string", {"enum": ["fast", "slow"]}),
])
def test_each_code_reads_the_typed_branchs_keywords_as_the_parameters(code, name, kind, limit):
    """Without its limit the optional parameter is flagged as a plain one is; with the limit in
    the typed branch, whichever the order and the union, it is not."""
    unlimited = {"anyOf": [{"type": kind, "title": "T"}, {"type": "null"}], "default": None, "description": "d"}
    limited = {"oneOf": [{"type": "null", "description": "none"}, {"type": kind, **limit}], "default": None}
    for schema, flagged in ((unlimited, True), (limited, False)):
        hits = [f for f in lint_tools([_tool(**{name: schema})], NARROW[code])[0] if f.code == code]
        assert bool(hits) is flagged, (schema, hits)
        assert not [f for f in lint_tools([_tool(**{name: schema})], LintSettings(select=(code,)))[0]
                    if f.code == code], "the contract's reading"


@pytest.mark.parametrize("schema", [
    {"anyOf": [{"type": "string"}, {"type": "string", "format": "date-time"}, {"type": "null"}]},  # two typed
    {"anyOf": [{"type": "string"}, {"type": "integer"}]},  # no null branch
    {"anyOf": [{"type": "string"}, {"type": "null", "maxLength": 3}]},  # a null branch with a limit
    {"anyOf": [{"type": ["string", "integer"]}, {"type": "null"}]},  # the typed branch names no single T
    {"anyOf": [{"anyOf": [{"type": "string"}, {"type": "integer"}]}, {"type": "null"}]},  # nor here
    {"anyOf": [{"$ref": "#/$defs/Name"}, {"type": "null"}]},  # untyped
    {"anyOf": [{"type": "string"}, {"type": "null"}], "oneOf": [{"type": "string"}, {"type": "null"}]},
    {"type": "object", "anyOf": [{"type": "string"}, {"type": "null"}]},  # a type of its own wins
    {"anyOf": "string"}, {"anyOf": [1, {"type": "null"}]}, "string", None,
])
def test_only_the_one_typed_branch_and_null_spelling_is_read(schema):
    assert nullable_reading(schema) is None


def test_the_reading_keeps_the_nodes_own_keywords_over_the_branchs():
    schema = {"anyOf": [{"type": "null"}, {"type": "string", "maxLength": 8, "description": "branch"}],
              "description": "node", "default": None}
    assert nullable_reading(schema) == ("string", {"type": "string", "maxLength": 8, "description": "node",
                                                   "default": None})


def test_of_a_bound_both_set_the_stricter_is_read():
    """Hostile trial, round 20: zod's safe-integer edges on the node replaced the branch's real
    0..100 in the reading, and SEC-003 said the parameter had no bound. Both apply, so the
    stricter of each pair is the parameter's; a keyword only one of them sets is read as set."""
    edge = 9007199254740991
    limit = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 100}, {"type": "null"}],
             "minimum": -edge, "maximum": edge}
    assert nullable_reading(limit)[1] == {"type": "integer", "minimum": 0, "maximum": 100}
    assert not [f for f in lint_tools([_tool(limit=limit)], LintSettings())[0] if f.code == "SEC-003"]
    outer = {"anyOf": [{"type": "string", "maxLength": 500, "format": "uri"}, {"type": "null"}], "maxLength": 20}
    assert nullable_reading(outer)[1] == {"type": "string", "maxLength": 20, "format": "uri"}


LIMIT_DEFS = {"Limit": {"type": ["integer", "null"]},
              "Choice": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}


@pytest.mark.parametrize("limit", [
    {"anyOf": [{"$ref": "#/$defs/Limit"}, {"type": "null"}]},
    {"anyOf": [{"$ref": "#/$defs/Choice"}, {"type": "null"}]},
    {"oneOf": [{"type": "null"}, {"$ref": "#/properties/size"}]},  # zod 3's reuse of a nullable integer
    {"anyOf": [{"type": ["integer", "null"]}, {"type": "null"}]},
])
def test_a_nullable_union_whose_branch_is_itself_nullable_is_read_as_its_t(limit):
    """Hostile trial, round 31: a nullable union whose typed branch is, or names through a
    ``$ref``, a nullable integer (``{type: [integer, null]}``, or a union of integer and null of
    its own) got no SEC-003 under the recommended reading, while the same ``$ref`` alone did:
    ``nullable_reading`` read only a branch whose ``type`` was one string."""
    tool = _tool(limit=limit, size={"type": ["integer", "null"]})
    tool["inputSchema"]["$defs"] = LIMIT_DEFS
    paths = [f.path for f in lint_tools([tool], LintSettings())[0] if f.code == "SEC-003"]
    assert "inputSchema.properties.limit" in paths, paths
    bounded = {**limit, "minimum": 1, "maximum": 100}
    tool["inputSchema"]["properties"]["limit"] = bounded
    paths = [f.path for f in lint_tools([tool], LintSettings())[0] if f.code == "SEC-003"]
    assert "inputSchema.properties.limit" not in paths, paths


def test_a_typed_branch_with_a_type_list_is_read_as_its_one_named_type():
    schema = {"anyOf": [{"type": ["integer", "null"], "maximum": 9}, {"type": "null"}], "description": "d"}
    assert nullable_reading(schema) == ("integer", {"type": ["integer", "null"], "maximum": 9, "description": "d"})
