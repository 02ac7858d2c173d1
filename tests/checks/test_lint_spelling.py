"""The lint inside ``diff`` is blind to spelling: what the classification calls the same
definition (the canonical form, docs/canonical-form.md) neither introduces nor resolves a lint
finding, although the lint of each side, which reads the schemas as written
(shared/docs/validator.md), may report it differently.

The case that asked for it: mongodb-mcp-server 0.1.3 → 1.0.2 wrote four tools' object
parameters with ``additionalProperties: true`` where they had ``{}``; SEC-009 counted ``{}`` as
closed and ``true`` as open, so the diff reported four SEC-009 findings as introduced. (Since the
new-user trial of round 44 SEC-009 reads ``{}`` as open too; the findings stay inherited.)
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_inspect import LintSettings, diff
from mcp_inspect.checks.engine import definition_codes
from mcp_inspect.policy import reads_spelling
from mcp_inspect.snapshot.shapes import snapshot_from_value

ALL = LintSettings(select=("ALL",))


def surface(tools: list[dict[str, Any]], source: str) -> Any:
    return snapshot_from_value({"tools": copy.deepcopy(tools)}, source)


def find_tool(name: str, filter_schema: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "description": "Find documents in a collection, e.g. find(filter). Use it to read data.",
            "inputSchema": {"type": "object", "additionalProperties": False, "required": ["collection"],
                            "properties": {"collection": {"type": "string", "maxLength": 64,
                                                          "description": "The collection to search."},
                                           "filter": filter_schema}}}


def open_filter(additional: Any) -> dict[str, Any]:
    return {"type": "object", "description": "The query filter, as MongoDB reads it.",
            "additionalProperties": additional}


def sec_009(findings: list[Any]) -> list[tuple[str | None, str]]:
    return sorted((f.tool, f.path) for f in findings if f.rule == "SEC-009")


def test_additional_properties_empty_schema_to_true_introduces_nothing():
    names = ["aggregate", "count", "export", "find"]
    old = surface([find_tool(n, open_filter({})) for n in names], "mongodb-0.1.3.json")
    new = surface([find_tool(n, open_filter(True)) for n in names], "mongodb-1.0.2.json")
    report = diff(old, new, lint=ALL)
    assert report.changes == []  # the classification: one meaning, no change
    # The lint of the new side reads the schema as written: `true` leaves the object open.
    assert sec_009(report.checks) == [(n, "inputSchema.properties.filter") for n in names]
    assert sec_009(report.introduced) == [] and report.resolved == []
    assert sec_009(report.inherited) == [(n, "inputSchema.properties.filter") for n in names]
    # And back again: the findings the old side had are not "resolved" by a respelling.
    back = diff(new, old, lint=ALL)
    assert back.introduced == [] and sec_009(back.resolved) == []


def test_a_real_change_beside_a_respelling_is_still_reported():
    """SEC-009 reads an object parameter written ``type: "object"``, not ``["object"]`` (one meaning);
    it reads ``{}`` and ``true`` alike since the new-user trial of round 44, so the respelling here is
    the type's."""
    listed = {**open_filter(True), "type": ["object"]}
    old = surface([find_tool("find", listed), find_tool("count", listed)], "old.json")
    # `count` is respelled; `find`'s filter is respelled too and gains a property: a real change of `find`.
    changed = open_filter(True)
    changed["properties"] = {"limit": {"type": "integer"}}
    new = surface([find_tool("find", changed), find_tool("count", open_filter(True))], "new.json")
    report = diff(old, new, lint=ALL)
    assert [f.entity.name for f in report.changes] and {f.entity.name for f in report.changes} == {"find"}
    assert ("find", "inputSchema.properties.filter") in sec_009(report.introduced)
    assert all(f.tool != "count" for f in report.introduced + report.resolved)


def test_a_finding_that_goes_away_with_a_real_change_is_resolved():
    old = surface([find_tool("find", open_filter(True))], "old.json")
    new = surface([find_tool("find", open_filter(False))], "new.json")
    report = diff(old, new, lint=ALL)
    assert report.changes  # closing the object is a change the classification reports
    assert sec_009(report.resolved) == [("find", "inputSchema.properties.filter")]
    assert all(not f.fails for f in report.resolved)
    assert report.resolved[0] not in report.findings  # an old-side finding: not one of this run's


# --- the property: random respellings the canonical form calls equal ---------------------

TYPES = ["string", "integer", "number", "boolean", "object", "array"]


@st.composite
def parameter(draw: Any, depth: int = 0) -> dict[str, Any]:
    kind = draw(st.sampled_from(TYPES if depth < 2 else TYPES[:4]))
    out: dict[str, Any] = {"type": kind}
    if draw(st.booleans()):
        out["description"] = draw(st.sampled_from(["The value.", "A path to a file, e.g. /srv/a.txt.", "Count"]))
    if kind == "string":
        if draw(st.booleans()):
            out["maxLength"] = draw(st.integers(1, 300))
        if draw(st.booleans()):
            out["enum"] = draw(st.lists(st.sampled_from(["asc", "desc", "none", "all"]), min_size=2, max_size=4,
                                        unique=True))
    elif kind in ("integer", "number"):
        if draw(st.booleans()):
            out["minimum"] = draw(st.integers(0, 10))
        if draw(st.booleans()):
            out["maximum"] = draw(st.integers(11, 1000))
    elif kind == "object":
        props = draw(st.dictionaries(st.sampled_from(["id", "name", "path", "query", "token"]),
                                     parameter(depth + 1), max_size=3))
        if props:
            out["properties"] = props
            if draw(st.booleans()):
                out["required"] = draw(st.lists(st.sampled_from(sorted(props)), min_size=1, unique=True))
        choice = draw(st.sampled_from(["absent", "true", "empty", "false"]))
        if choice != "absent":
            out["additionalProperties"] = {"true": True, "empty": {}, "false": False}[choice]
    elif kind == "array":
        out["items"] = draw(parameter(depth + 1))
    return out


@st.composite
def tool_lists(draw: Any) -> list[dict[str, Any]]:
    names = draw(st.lists(st.sampled_from(["find", "count", "read_file", "delete-item", "runQuery"]),
                          min_size=1, max_size=4, unique=True))
    tools = []
    for name in names:
        props = draw(st.dictionaries(st.sampled_from(["collection", "path", "url", "limit", "filter", "sort"]),
                                     parameter(), min_size=0, max_size=3))
        schema: dict[str, Any] = {"type": "object", "properties": props}
        if props and draw(st.booleans()):
            schema["required"] = draw(st.lists(st.sampled_from(sorted(props)), min_size=1, unique=True))
        if draw(st.booleans()):
            schema["additionalProperties"] = draw(st.sampled_from([False, True, {}]))
        tools.append({"name": name, "description": draw(st.sampled_from(
            ["Find documents.", "Read a file from the disk, e.g. read_file(path). Use it when a file is needed.",
             "Runs a query against the database and returns every matching row as JSON."])),
            "inputSchema": schema})
    return tools


def respell(schema: Any, rng: random.Random, root: dict[str, Any], top: bool = False) -> Any:
    """``schema`` written another way the canonical form reads as the same schema."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    if "properties" in out:
        out["properties"] = {k: respell(v, rng, root) for k, v in out["properties"].items()}
    if "items" in out:
        out["items"] = respell(out["items"], rng, root)
    if isinstance(out.get("type"), str) and rng.random() < 0.5:
        out["type"] = [out["type"]]  # type "x" is type ["x"]
    if isinstance(out.get("required"), list) and rng.random() < 0.5:
        # Order (not repeats: the meta-schema wants unique names, and SCH-004 rightly says so).
        out["required"] = rng.sample(out["required"], len(out["required"]))
    if isinstance(out.get("enum"), list) and rng.random() < 0.5:
        out["enum"] = rng.sample(out["enum"], len(out["enum"]))  # enum order
    # Absent, true and {} accept the same.
    if out.get("additionalProperties", True) in (True, {}) and rng.random() < 0.6:
        choice = rng.choice(["absent", "true", "empty"])
        out.pop("additionalProperties", None)
        if choice != "absent":
            out["additionalProperties"] = True if choice == "true" else {}
    for bound in ("minimum", "maximum", "maxLength"):
        if isinstance(out.get(bound), int) and rng.random() < 0.3:
            out[bound] = float(out[bound])  # 5 is 5.0
    if not top and out.get("type") in ("object", ["object"]) and rng.random() < 0.3:
        # Moved into the definitions and referenced: $defs and definitions are one place.
        where = rng.choice(["$defs", "definitions"])
        name = f"d{len(root.get('$defs', {})) + len(root.get('definitions', {}))}"
        root.setdefault(where, {})[name] = out
        return {"$ref": f"#/{where}/{name}"}
    return out


def respelled(tools: list[dict[str, Any]], seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for tool in copy.deepcopy(tools):
        if rng.random() < 0.8:
            root: dict[str, Any] = {}
            schema = respell(tool["inputSchema"], rng, root, top=True)
            schema.update(root)
            tool["inputSchema"] = schema
        out.append(tool)
    rng.shuffle(out)  # list order is not a change either
    return out


def moved(findings: list[Any]) -> list[tuple[str, str]]:
    """The findings that judge what a definition means; the schema findings of the
    specification and of client profiles judge the schema as a client receives it, spelling
    included (``reads_spelling``): a respelling may really bring or remove those."""
    return [(f.rule, f.location) for f in findings if not reads_spelling(f)]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tools=tool_lists(), seed=st.integers(0, 2**32 - 1), forward=st.booleans())
def test_a_respelling_introduces_and_resolves_no_lint_finding(tools, seed, forward):
    base, other = surface(tools, "base.json"), surface(respelled(tools, seed), "respelled.json")
    old, new = (base, other) if forward else (other, base)
    report = diff(old, new, lint=ALL)
    assert report.changes == [], [f.message for f in report.changes]  # the classifier: the same surface
    assert moved(report.introduced) == [] and moved(report.resolved) == []


def test_a_respelling_a_client_rejects_is_still_introduced():
    # The MCP specification wants the input schema's type to be "object" as written: a client
    # reads the spelling, so type ["object"] is a new error although it means the same.
    old = surface([find_tool("find", open_filter(False))], "old.json")
    tool = find_tool("find", open_filter(False))
    tool["inputSchema"]["type"] = ["object"]
    report = diff(old, surface([tool], "new.json"), lint=ALL)
    assert report.changes == []
    assert [(f.rule, f.path, f.provenance) for f in report.introduced] == \
        [("SCH-005", "inputSchema.type", "specification")]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tools=tool_lists(), seed=st.integers(0, 2**32 - 1))
def test_beside_a_real_change_a_respelled_tool_keeps_its_findings(tools, seed):
    # One tool really changes (a new parameter); the others are only respelled. Findings that
    # read the whole list may move for the changed tool's sake; a respelled tool's own may not.
    new_tools = respelled(tools, seed)
    changed = new_tools[0]
    changed["inputSchema"] = {**changed["inputSchema"], "properties": {
        **changed["inputSchema"].get("properties", {}), "extra_flag": {"type": "boolean"}}}
    report = diff(surface(tools, "old.json"), surface(new_tools, "new.json"), lint=ALL)
    assert {f.entity.name for f in report.changes} == {changed["name"]}
    own = definition_codes()
    assert moved([f for f in report.introduced + report.resolved if f.tool != changed["name"] and f.rule in own]) \
        == []


def test_the_json_report_of_a_respelling_lists_nothing_introduced_or_resolved(runner, tmp_path):
    from mcp_inspect.cli import app

    names = ["aggregate", "find"]
    (tmp_path / "old.json").write_text(json.dumps({"tools": [find_tool(n, open_filter({})) for n in names]}))
    (tmp_path / "new.json").write_text(json.dumps({"tools": [find_tool(n, open_filter(True)) for n in names]}))
    done = runner.invoke(app, ["diff", str(tmp_path / "old.json"), str(tmp_path / "new.json"), "--format", "json",
                               "--select", "ALL"])
    lint = json.loads(done.stdout)["lint"]
    assert lint["introduced"] == [] and lint["resolved"] == []
    assert lint["inherited"]["SEC-009"] >= 2
