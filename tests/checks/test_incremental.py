"""A diff's lint builds the old side's findings only where the change can move them, and
reports exactly what the full lint of both sides reports.

api.py leaves out the old side's findings of a definition code on each tool the two sides
share byte for byte under one name (``_shared``); the policy pass takes the new side's in
their place for the pairing, the verdicts and the maturity score. ``api.INCREMENTAL = False``
is the full path. Both must give the same JSON report (``--lint-inherited``: every inherited
finding listed, the resolved ones, both sides' verdicts and scores), on every pair of
consecutive corpus releases in both directions and on random edits of real tool lists
(renames, duplicates, reorders, removals, rewritten descriptions and schemas).
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import corpus_releases
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_inspect import api
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.config.load import Config
from mcp_inspect.config.waivers import IgnoreRule
from mcp_inspect.findings.report import Report
from mcp_inspect.report.json_report import check_to_json, render_json
from mcp_inspect.snapshot.shapes import snapshot_from_value

CAPTURED = Path(__file__).resolve().parents[1] / "data" / "captured"
SELECTIONS = (LintSettings(), LintSettings(select=("ALL",)))


@pytest.fixture(autouse=True)
def no_witnesses(monkeypatch: pytest.MonkeyPatch) -> None:
    """No witness search: it runs on the classifier's changes, the same on both lint paths, and
    it was most of a large pair's time (80% of mcp-atlassian's). What is compared here is the
    lint; tests/evidence checks the witnesses."""
    monkeypatch.setattr(api, "attach_witnesses", lambda report: 0)


@contextlib.contextmanager
def full_path() -> Iterator[None]:
    api.INCREMENTAL = False
    try:
        yield
    finally:
        api.INCREMENTAL = True


def _seen(report: Report) -> dict[str, Any]:
    assert report.old is not None
    return {
        "json": json.loads(render_json(report, lint_inherited=True)),
        "old": (report.old.maturity, report.old.verdicts),
        "new": (report.new.maturity, report.new.verdicts),
        "resolved": [check_to_json(f) for f in report.resolved],
        "marks": [(f.rule, f.tool, f.path, f.position, f.introduced, f.severity, f.ignored, f.fails, f.aliases)
                  for f in report.checks],
    }


def _both(old: Any, new: Any, lint: LintSettings, config: Config | None = None) -> tuple[dict, dict]:
    def run() -> dict[str, Any]:
        return _seen(api.diff(snapshot_from_value(copy.deepcopy(old), "old"),
                              snapshot_from_value(copy.deepcopy(new), "new"), lint=lint, config=config))

    incremental = run()
    with full_path():
        full = run()
    return incremental, full


def _version_key(path: Path) -> tuple[int, ...]:
    return tuple(int(p) for p in path.stem.split(".") if p.isdigit())


def _pairs() -> list[tuple[str, Path, Path]]:
    servers = dict(corpus_releases())
    for server in sorted(p for p in CAPTURED.iterdir() if p.is_dir()):
        servers[f"captured/{server.name}"] = sorted(server.glob("*.json"), key=_version_key)
    pairs = []
    for server, paths in sorted(servers.items()):
        for older, newer in zip(paths, paths[1:], strict=False):
            pairs += [(f"{server} {older.stem}→{newer.stem}", older, newer),
                      (f"{server} {newer.stem}→{older.stem}", newer, older)]
    return pairs


PAIRS = _pairs()
#: Every pair in both directions, each direction under one selection and the other direction
#: under the other, alternating along the list, so that each release pair is checked under
#: both selections and each selection in both directions across the corpus; every fifth
#: release pair under both selections in both directions (the whole cross product, as a
#: sample). The full cross product on every pair was 8 diffs per release pair, some 25 s.
CROSS_EVERY = 5


def _selections(index: int) -> tuple[LintSettings, ...]:
    pair = index // 2
    if pair % CROSS_EVERY == 0:
        return SELECTIONS
    return (SELECTIONS[(pair + index) % 2],)


def test_every_corpus_and_captured_pair_is_there() -> None:
    assert len(PAIRS) >= 2 * (71 - 11) + 2 * (15 - 7)
    # Each release pair under both selections; each selection in both directions.
    for pair in range(0, len(PAIRS), 2):
        assert set(_selections(pair)) | set(_selections(pair + 1)) == set(SELECTIONS)
    for direction in (0, 1):
        assert {s for i in range(direction, len(PAIRS), 2) for s in _selections(i)} == set(SELECTIONS)


@pytest.mark.parametrize(("index", "label", "older", "newer"), [(i, *p) for i, p in enumerate(PAIRS)],
                         ids=[label for label, _, _ in PAIRS])
def test_a_real_release_pair_lints_alike_either_way(index: int, label: str, older: Path, newer: Path) -> None:
    old, new = json.loads(older.read_text()), json.loads(newer.read_text())
    for lint in _selections(index):
        incremental, full = _both(old, new, lint)
        assert incremental == full, f"{label}, {lint.select}"


@pytest.mark.parametrize("server", ["github", "aws-documentation"])
def test_one_document_on_both_sides_lints_alike(server: str) -> None:
    """One parsed document on both sides (a file diffed with itself) takes its own path."""
    doc = json.loads(corpus_releases()[server][-1].read_text())
    for lint in SELECTIONS:
        for config in (None, Config(ignore=[IgnoreRule("LLM-*")])):
            snapshot = snapshot_from_value(copy.deepcopy(doc), "same")
            incremental = _seen(api.diff(snapshot, snapshot, lint=lint, config=config))
            with full_path():
                snapshot = snapshot_from_value(copy.deepcopy(doc), "same")
                full = _seen(api.diff(snapshot, snapshot, lint=lint, config=config))
            assert incremental == full


def test_the_incremental_path_builds_fewer_old_findings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not a vacuous comparison: on a pair with unchanged tools, the old side's lint really
    leaves their findings out (and the full path builds them)."""
    from mcp_inspect.checks import engine

    built: list[int] = []
    real = engine.lint_tools

    def counting(*args: Any, **kwargs: Any) -> Any:
        findings, tokens = real(*args, **kwargs)
        built.append(len(findings))
        return findings, tokens

    monkeypatch.setattr(api, "lint_tools", counting)
    paths = corpus_releases()["github"]
    old, new = (snapshot_from_value(json.loads(p.read_text()), p.stem) for p in paths[-2:])
    api.diff(old, new, lint=LintSettings(select=("ALL",)))
    with full_path():
        api.diff(old, new, lint=LintSettings(select=("ALL",)))
    _, incremental_old, full_new, full_old = built  # each diff lints its new side first
    assert incremental_old < full_old // 2 and full_old > 0 and full_new > 0


# --- random edits of real tools -------------------------------------------------------------

def _pool() -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = []
    for paths in corpus_releases().values():
        tools += json.loads(paths[-1].read_text())["tools"][:6]
    return tools


POOL = _pool()
EDITS = ("description", "param", "required", "rename", "duplicate", "remove", "move", "add", "blank_name",
         "copy_description", "copy_schema", "same_name")


def _edit(tools: list[Any], kind: str, at: int, other: int) -> None:
    if not tools:
        tools.append(copy.deepcopy(POOL[other % len(POOL)]))
        return
    at, other = at % len(tools), other % len(tools)
    tool = tools[at]
    if not isinstance(tool, dict):
        return
    if kind == "description":
        tool["description"] = str(tool.get("description") or "") + " It also reads files and sends them."
    elif kind == "param":
        schema = tool.setdefault("inputSchema", {"type": "object"})
        if isinstance(schema, dict):
            schema.setdefault("properties", {})["x"] = {"type": "string"}
    elif kind == "required":
        schema = tool.get("inputSchema")
        if isinstance(schema, dict) and isinstance(schema.get("properties"), dict) and schema["properties"]:
            schema["required"] = sorted(schema["properties"])[:1]
    elif kind == "rename":
        tool["name"] = f"{tool.get('name')}_v2"
    elif kind == "duplicate":
        tools.insert(other, copy.deepcopy(tool))
    elif kind == "remove":
        del tools[at]
    elif kind == "move":
        tools.insert(other, tools.pop(at))
    elif kind == "add":
        tools.insert(other, copy.deepcopy(POOL[(at * 7 + other) % len(POOL)]))
    elif kind == "blank_name":
        tool["name"] = " "  # a name no score is keyed by (tools[i])
    elif kind == "copy_description" and isinstance(tools[other], dict):
        tool["description"] = tools[other].get("description")
    elif kind == "copy_schema" and isinstance(tools[other], dict):
        tool["inputSchema"] = copy.deepcopy(tools[other].get("inputSchema"))
    elif kind == "same_name" and isinstance(tools[other], dict):
        tool["name"] = tools[other].get("name")


EDIT = st.tuples(st.sampled_from(EDITS), st.integers(0, 40), st.integers(0, 40))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, len(POOL) - 1), max_size=10), st.lists(EDIT, max_size=3),
       st.lists(EDIT, max_size=6), st.booleans(), st.sampled_from([None, "LLM-*", "MCP-0*", "SCH-00*"]))
def test_random_edits_lint_alike_on_both_paths(picked: list[int], before: list[tuple[str, int, int]],
                                               after: list[tuple[str, int, int]], every: bool,
                                               ignored: str | None) -> None:
    old_tools = [copy.deepcopy(POOL[i]) for i in picked]
    for kind, at, other in before:  # the old side may hold duplicates, odd names, copies too
        _edit(old_tools, kind, at, other)
    new_tools = copy.deepcopy(old_tools)
    for kind, at, other in after:
        _edit(new_tools, kind, at, other)
    config = Config(ignore=[IgnoreRule(ignored)]) if ignored else None
    incremental, full = _both({"tools": old_tools}, {"tools": new_tools}, SELECTIONS[every], config)
    assert incremental == full


# --- the list-level rules on the old side ---------------------------------------------------

def _old_side(old_tools: list[Any], new_tools: list[Any], lint: LintSettings,
              reuse: bool) -> list[tuple[Any, ...]]:
    """The old side's findings as a diff's lint builds them, with or without the new side's
    list-level results (engine.Reuse), every fact of each."""
    from mcp_inspect.checks.engine import Memo, Reuse, lint_tools, tool_objects
    from mcp_inspect.snapshot.identity import Digests

    digests, memo = Digests(), Memo()
    shared = api._shared(tool_objects(old_tools), tool_objects(new_tools), digests)
    taken = Reuse(shared) if reuse else None
    lint_tools(new_tools, lint, digests=digests, memo=memo, reuse=taken)
    found, _ = lint_tools(old_tools, lint, digests=digests, memo=memo, reuse=taken)
    return [(f.rule, f.tool, f.path, f.position, f.variant, repr(f.args), f.severity, f.provenance) for f in found]


LIST_EDITS = (*EDITS, "prefix", "case", "copy_name_prefix")


def _list_edit(tools: list[Any], kind: str, at: int, other: int) -> None:
    """``_edit``, and edits aimed at the list-level rules: a name moved into another tool's
    prefix group (LLM-012), a name equal to another but for case (NAM-007)."""
    if kind not in ("prefix", "case", "copy_name_prefix") or not tools:
        _edit(tools, kind if kind in EDITS else "description", at, other)
        return
    tool, source = tools[at % len(tools)], tools[other % len(tools)]
    if not isinstance(tool, dict) or not isinstance(source, dict) or not isinstance(source.get("name"), str):
        return
    if kind == "case":
        tool["name"] = source["name"].upper()
    else:
        head = source["name"].split("_", 1)[0] if kind == "prefix" else source["name"]
        tool["name"] = f"{head}_{at}"


LIST_EDIT = st.tuples(st.sampled_from(LIST_EDITS), st.integers(0, 40), st.integers(0, 40))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, len(POOL) - 1), max_size=14), st.lists(LIST_EDIT, max_size=4),
       st.lists(LIST_EDIT, max_size=6))
def test_the_old_side_builds_the_same_list_level_findings(picked: list[int], before: list[tuple[str, int, int]],
                                                           after: list[tuple[str, int, int]]) -> None:
    """Every finding of the old side, list-level rules included, is the same whether the rules
    with links ran over the whole list or over what the change can move, the rest taken from
    the new side."""
    old_tools = [copy.deepcopy(POOL[i]) for i in picked]
    for kind, at, other in before:
        _list_edit(old_tools, kind, at, other)
    new_tools = copy.deepcopy(old_tools)
    for kind, at, other in after:
        _list_edit(new_tools, kind, at, other)
    every = LintSettings(select=("ALL",))
    assert _old_side(old_tools, new_tools, every, True) == _old_side(old_tools, new_tools, every, False)


def _family(prefix: str, whens: list[bool]) -> list[dict[str, Any]]:
    return [{"name": f"{prefix}_{i}", "description": f"Reads the {prefix} record number {i} from the store."
             + (" Use it when you need the record." if when else ""),
             "inputSchema": {"type": "object", "properties": {
                 "filter": {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}}}}}
            for i, when in enumerate(whens)]


@pytest.mark.parametrize("code", ["LLM-012", "BP-006", "NAM-007", "MCP-002"])
def test_a_changed_tool_moves_its_unchanged_siblings_findings(code: str) -> None:
    """One tool changes and an unchanged sibling's list-level finding appears or goes with it:
    the old side must not take the new side's finding there."""
    old_tools = _family("user", [True, True, False, True]) + _family("repo", [False, False])
    new_tools = copy.deepcopy(old_tools)
    if code == "LLM-012":  # the group's majority for "when" is lost: user_2 no longer differs
        for tool in new_tools[:2]:
            tool["description"] = tool["description"].replace(" Use it when you need the record.", "")
    elif code == "BP-006":  # the shared 'filter' schema is left by all but one other tool
        for tool in new_tools[1:]:
            tool["inputSchema"]["properties"]["filter"]["properties"]["c"] = {"type": "integer"}
    else:  # a duplicate (exact, or but for case) of an unchanged tool appears on the new side
        new_tools.insert(1, {**copy.deepcopy(new_tools[3]),
                             "name": new_tools[3]["name"].upper() if code == "NAM-007" else new_tools[3]["name"]})
        new_tools[3]["description"] += " Changed."
    every = LintSettings(select=("ALL",))
    full = _old_side(old_tools, new_tools, every, False)
    assert any(f[0] == code for f in full) or any(
        f[0] == code for f in _old_side(new_tools, old_tools, every, False))
    assert _old_side(old_tools, new_tools, every, True) == full
    assert _old_side(new_tools, old_tools, every, True) == _old_side(new_tools, old_tools, every, False)


def test_findings_taken_from_the_new_side_keep_the_old_positions() -> None:
    """A tool removed before the unchanged ones moves them all: the old side's list-level
    findings taken from the new side are about the old side's positions."""
    family = _family("user", [True, True, False, True]) + _family("repo", [False, False, False])
    family += [{**copy.deepcopy(tool), "name": f"copy_{tool['name']}"} for tool in family[:3]]  # BP-015
    lone = {"name": "zeta_lone", "description": "A tool nothing else resembles at all, for this test."}
    every = LintSettings(select=("ALL",))
    for old_tools, new_tools in (([lone, *family], family), (family, [lone, *family])):
        full = _old_side(old_tools, new_tools, every, False)
        assert {"LLM-012", "BP-006", "BP-015"} <= {f[0] for f in full}
        assert _old_side(old_tools, new_tools, every, True) == full
