"""Differs report facts and the catalogue writes the words: every template is said by some
real change, with facts the differ really provides, and says what the reports always said.

fixtures/messages.json holds a change for each sentence the rule examples do not say, with
the findings' messages as the differs wrote them before the catalogue held the sentences.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mcp_inspect.api import diff
from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.classify.changes import Change
from mcp_inspect.classify.engine import stamp
from mcp_inspect.classify.schema import SchemaWalker
from mcp_inspect.classify.server import diff_server
from mcp_inspect.classify.tools import schema_changes
from mcp_inspect.findings.finding import Finding
from mcp_inspect.findings.words import fields, phrase_refs
from mcp_inspect.limits import MAX_PROSE_CHARS, MAX_WALK_DEPTH
from mcp_inspect.model import Entity, EntityKind
from mcp_inspect.report.json_report import render_json
from mcp_inspect.snapshot.shapes import snapshot_from_value

CATALOGUE = default_catalogue()
PHRASES = CATALOGUE.phrases
CASES: dict[str, dict[str, Any]] = json.loads((Path(__file__).parent / "fixtures" / "messages.json").read_text())


def _deep(leaf: dict[str, Any]) -> dict[str, Any]:
    for _ in range(MAX_WALK_DEPTH + 10):
        leaf = {"type": "object", "properties": {"n": leaf}}
    return leaf


def _surfaces() -> list[tuple[str, Any, Any]]:
    """Every pair of surfaces: the rule examples, the fixture's cases, and a schema too deep to walk."""
    pairs = [(f"example {r.id}", r.example["before"], r.example["after"]) for r in CATALOGUE]
    pairs += [(f"case {name}", case["old"], case["new"]) for name, case in CASES.items()]
    deep = [{"tools": [{"name": "t", "inputSchema": _deep({"type": kind})}]} for kind in ("string", "integer")]
    pairs.append(("too deep", *deep))
    # Prose too long to diff word by word: the grader's own reason says it ("the wording changed").
    long = [{"tools": [{"name": "t", "description": "Reads files. " * (MAX_PROSE_CHARS // 10) + end}]}
            for end in ("Fast.", "Slow.")]
    pairs.append(("too long", *long))
    return pairs


def _unreachable_from_input() -> list[Change]:
    """Sentences for views the canonical form never yields, said by calling the differs on
    them directly: a type list the canonical form would fold, a recursion cut at another
    place, a server field that is null on one side and absent on the other, and the answer
    a live new side gave when asked for the old revision."""
    walker = SchemaWalker("tool.input")
    walker.walk({"type": ["integer", "number"]}, {"type": ["number"]}, "inputSchema")
    marked = {"type": ["object"], "properties": {"next": {"$ref": "#^1"}}, "$anchor": "^"}
    unrolled = {"type": ["object"], "properties": {"next": marked}}
    changes = walker.changes + schema_changes("inputSchema", "tool.input", {"inputSchema": marked},
                                              {"inputSchema": unrolled})
    legacy = {"era": "legacy", "protocolVersion": "2025-06-18"}
    changes += diff_server({**legacy, "capabilities": None}, legacy)
    changes += diff_server(legacy, {**legacy, "serverInfo": None})
    # What a live new side answered when asked for the old revision (api.diff_sources records it).
    newer = {**legacy, "protocolVersion": "2025-11-25"}
    for answered in ("2025-06-18", "2025-11-25"):
        changes += diff_server(legacy, newer, probe={"asked": "2025-06-18", "answered": answered})
    changes += diff_server(legacy, newer, probe={"asked": "2025-06-18", "error": "the server did not answer"})
    return changes


@cache
def _findings() -> list[tuple[str, Finding, dict[str, Any]]]:
    """(where, finding, the finding as the JSON report writes it) for every change said."""
    out = []
    for where, old, new in _surfaces():
        report = diff(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"))
        written = json.loads(render_json(report))["findings"]
        assert len(written) == len(report.changes), where
        out += [(where, f, w) for f, w in zip(report.changes, written, strict=True)]
    for change in _unreachable_from_input():
        finding = stamp(CATALOGUE, Entity(EntityKind.TOOL, "t"), change)
        out.append((f"differ {change.rule}", finding, {"message": finding.message, "args": finding.args}))
    return out


@pytest.mark.parametrize("name", list(CASES))
def test_each_case_says_what_the_reports_always_said(name):
    case = CASES[name]
    report = diff(snapshot_from_value(case["old"], "old"), snapshot_from_value(case["new"], "new"))
    assert [[f.rule, f.message] for f in report.changes] == case["says"]


def test_the_json_report_shows_the_facts_the_message_is_written_from():
    for where, finding, written in _findings():
        assert "message" not in written["args"], where
        # The message is a function of the facts the report shows, nothing else.
        assert finding.definition.message(finding.variant, written["args"]) == written["message"], where
        template = finding.definition.messages[finding.variant]
        assert fields(template) <= written["args"].keys(), (where, template)


def _phrases_said(finding: Finding) -> set[tuple[str, str]]:
    """The shared phrases a finding's message used: its notes, and each group a template or note names."""
    said = {("notes", note) for note in finding.args.get("notes", ())}
    templates = [finding.definition.messages[finding.variant]]
    templates += [PHRASES["notes"][note] for note in finding.args.get("notes", ())]
    while templates:
        for name, spec in phrase_refs(templates.pop()):
            if spec in PHRASES:
                said.add((spec, finding.args[name]))
                templates.append(PHRASES[spec][finding.args[name]])
    return said


def test_every_template_and_phrase_is_said_by_some_change():
    walker_rules = {r.id for r in CATALOGUE if r.messages is PHRASES["schema"]}
    said: set[tuple[str, str]] = set()
    phrases: set[tuple[str, str]] = set()
    for _, finding, _ in _findings():
        said.add(("schema" if finding.rule in walker_rules else finding.rule, finding.variant))
        phrases |= _phrases_said(finding)
    wanted = {(r.id, v) for r in CATALOGUE if r.id not in walker_rules for v in r.messages}
    # A phrase for several members changed alike is said by the report, which folds them
    # (report/grouping.py; tests/report/test_said_once.py says it), never by a single change.
    from mcp_inspect.report.grouping import MEMBERS_VARIANTS

    wanted |= {("schema", v) for v in PHRASES["schema"] if v not in MEMBERS_VARIANTS.values()}
    # The catch-all for two forms without recursion that walk alike: no known input reaches it
    # (its one case, an allOf branch repeating its node, is read as the same schema since hostile
    # trial, round 45); test_intersections_read_as_they_validate.py says it with a walk that names nothing.
    wanted.discard(("schema", "written_apart"))
    assert not sorted(wanted - said), "templates no change says"
    every_phrase = {(group, key) for group in ("notes", "prose", "edit") for key in PHRASES[group]}
    assert not sorted(every_phrase - phrases), "phrases no change says"


def test_every_change_rule_has_its_words():
    """Every change rule is emitted by some differ, so each has templates (none says its summary)."""
    assert not [r.id for r in CATALOGUE if not r.messages]


def test_values_are_listed_as_json_and_schemas_in_a_short_form_both_bounded():
    from mcp_inspect.findings.words import fill

    assert fill("{v:values}", {"v": ["markdown", 1, "1", None]}) == '"markdown", 1, "1", null'
    assert fill("{v:values}", {"v": list(range(13))}) == "0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 3 more"
    branch = {"type": ["object"], "additionalProperties": False, "required": ["type"],
              "properties": {"type": {"type": ["string"], "const": "json"}}}
    assert fill("{b:schemas}", {"b": [branch, {"type": ["string", "null"]}]}) == (
        '{type: object, properties: {type: {type: string, const: "json"}}, required: ["type"],…; '
        '{type: [string, null]}')
    # Keys that are not plain names stay quoted; a long or deep schema is cut, and so is a long list.
    assert fill("{b:schemas}", {"b": [{"a b": 1}]}) == '{"a b": 1}'
    deep: dict = {}
    for _ in range(5000):
        deep = {"not": deep}
    shown = fill("{b:schemas}", {"b": [deep, {"x": "y" * 500}, {}, {}, {}]})
    assert shown.endswith("; and 2 more") and len(shown) < 250


def test_a_value_or_schema_cut_for_a_message_is_cut_between_words():
    """mongodb-mcp-server 1.0.2's non-standard ``annotations.description`` read "… captures if the
    server is al…" and a lost webhook branch "… for webhook reques…": the value and schema
    forms cut at a fixed character. They cut between words now, as prose displays do."""
    from mcp_inspect.findings.words import fill

    text = ("Connect to a MongoDB instance. The config resource captures if the server is already "
            "connected to a MongoDB cluster.")
    shown = fill("{v:show}", {"v": text})
    assert shown == "Connect to a MongoDB instance. The config resource captures if the server is…"
    assert len(shown) <= 80
    branch = {"type": ["object"], "required": ["url"], "properties": {
        "url": {"type": ["string"], "description": "Webhook URL"},
        "headers": {"type": ["object"], "description": "Custom headers for webhook requests"}}}
    shown = fill("{b:schemas}", {"b": [branch]})
    assert len(shown) <= 100 and shown.endswith("…")
    assert shown[:-1].rstrip().endswith(("webhook", '"Custom', "headers", "for")), shown
    # A value that is one word longer than the room is still cut where the room ends.
    assert len(fill("{v:show}", {"v": "y" * 500})) == 80
