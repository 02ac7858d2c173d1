"""A change said alike on several entities is said once in the formats people read (text,
Markdown, annotations, release notes), naming the entities; JSON keeps one finding each.
And a diff's inherited lint findings are counted per code there, not listed."""

from __future__ import annotations

import json
from typing import Any

from conftest import CORPUS

import mcp_inspect
from mcp_inspect import diff
from mcp_inspect.api import release_notes, render
from mcp_inspect.findings.report import Report
from mcp_inspect.findings.severity import Level, Severity
from mcp_inspect.report import grouping
from mcp_inspect.snapshot.shapes import snapshot_from_value

NAMES = [f"t{i:02}" for i in range(20)]
MESSAGE = "property 'connectionId' is now required"


def _schema(required: bool) -> dict[str, Any]:
    return {"type": "object", "properties": {"connectionId": {"type": "string"}},
            **({"required": ["connectionId"]} if required else {})}


def _surface(required: bool, names: list[str] = NAMES) -> dict[str, Any]:
    return {"tools": [{"name": n, "description": "Reads.", "inputSchema": _schema(required)} for n in names]}


def connection_report(names: list[str] = NAMES) -> Report:
    """20 tools whose argument connectionId became required: 20 findings, one change."""
    return diff(snapshot_from_value(_surface(False, names), "old.json"),
                snapshot_from_value(_surface(True, names), "new.json"))


def test_the_text_report_says_the_change_once_and_names_the_tools():
    out = render(connection_report(), "text")
    assert out.count(MESSAGE) == 1
    assert "20 tools: t00, t01, t02, t03, t04, t05 and 14 more  (1 breaking each)" in out
    assert "tool t03" not in out
    assert "Summary: 20 breaking" in out  # the counts still count every finding


def test_a_few_entities_are_all_named():
    out = render(connection_report(NAMES[:7]), "text")
    assert "7 tools: t00, t01, t02, t03, t04, t05, t06  (1 breaking each)" in out
    assert out.count(MESSAGE) == 1


def test_the_markdown_comment_says_the_change_once_and_names_the_tools():
    out = render(connection_report(), "markdown")
    assert out.count("is now required") == 1
    assert "<summary><b>20 tools</b>: <code>t00</code>, <code>t01</code>" in out
    assert "<code>t05</code> and 14 more — 1 breaking each</summary>" in out
    assert "| Breaking | 20 |" in out


def test_the_release_notes_say_the_change_once_and_name_the_tools():
    notes = release_notes(connection_report())
    lines = [line for line in notes.splitlines() if "is now required" in line]
    assert lines == ["- 20 tools: `t00`, `t01`, `t02`, `t03`, `t04`, `t05` and 14 more: property "
                     "'connectionId' is now required (`tool.input.required.added`) — e.g. this call passes "
                     "the old schema and fails the new one: `{}`"]  # the witness, said once with the change it shows


def test_json_and_sarif_keep_one_finding_per_tool():
    report = connection_report()
    assert len(json.loads(render(report, "json"))["findings"]) == 20
    assert len(json.loads(render(report, "sarif"))["runs"][0]["results"]) == 20


def test_the_order_of_the_tools_in_the_input_changes_nothing():
    for fmt in ("text", "markdown", "github"):
        assert render(connection_report(NAMES[::-1]), fmt) == render(connection_report(), fmt), fmt


def test_only_findings_the_policy_treated_alike_are_said_together():
    report = connection_report()
    by_tool = {f.entity.name: f for f in report.changes}
    for name in ("t00", "t01", "t02"):  # ignored for one reason
        by_tool[name].ignored, by_tool[name].reason, by_tool[name].fails = True, "planned", False
    for name in ("t03", "t04"):  # ignored for another
        by_tool[name].ignored, by_tool[name].reason, by_tool[name].fails = True, "by design", False
    by_tool["t05"].severity, by_tool["t05"].severity_reason = Severity.POTENTIALLY_BREAKING, "severity_overrides"
    by_tool["t05"].at_gate = by_tool["t05"].fails = False
    groups = grouping.change_groups(report.changes)
    assert [(g.names[:2], len(g.names)) for g in groups] == [(("t06", "t07"), 14), (("t05",), 1)]
    ignored = sorted(item.names for item in grouping.said_once([f for f in report.changes if f.ignored]))
    assert ignored == [("t00", "t01", "t02"), ("t03", "t04")]
    text = render(report, "text")
    assert "14 tools: t06, t07, t08, t09, t10, t11 and 8 more  (1 breaking each)" in text
    assert "tool t05  (1 potentially breaking)" in text
    assert "3 tools: t00, t01, t02: property 'connectionId' is now required — planned" in text
    assert "2 tools: t03, t04: property 'connectionId' is now required — by design" in text
    assert "Ignored by configuration (5)" in text
    markdown = render(report, "markdown")
    assert "Ignored by configuration (5)" in markdown
    assert "3 tools: t00, t01, t02: property 'connectionId' is now required — *planned*" in markdown


def test_different_before_or_after_values_are_not_said_together():
    old = {"tools": [{"name": n, "description": "Reads.", "inputSchema": {
        "type": "object", "properties": {"mode": {"type": "string", "enum": ["a", "b", n]}}}} for n in NAMES[:3]]}
    new = {"tools": [{"name": n, "description": "Reads.", "inputSchema": {
        "type": "object", "properties": {"mode": {"type": "string", "enum": ["a", "b"]}}}} for n in NAMES[:3]]}
    report = diff(snapshot_from_value(old, "old.json"), snapshot_from_value(new, "new.json"))
    assert [g.names for g in grouping.change_groups(report.changes)] == [("t00",), ("t01",), ("t02",)]


def test_the_server_is_never_shared():
    report = connection_report()
    server = [f for f in report.changes if f.entity.kind.value == "server"]
    assert all(len(item.findings) == 1 for item in grouping.said_once(server))


# --- inherited lint findings: one count line per code ---------------------------------------


def _git_pair() -> Report:
    return mcp_inspect.diff(mcp_inspect.load(str(CORPUS / "git" / "2025.7.1.json")),
                            mcp_inspect.load(str(CORPUS / "git" / "2025.11.25.json")),
                            lint=mcp_inspect.LintSettings(select=("ALL",)))  # every code: a rich lint


def test_the_text_diff_counts_inherited_lint_findings_per_code():
    report = _git_pair()
    out = render(report, "text")
    assert "    LLM-006 ×22 inherited" in out and "    SEC-001 ×17 inherited" in out
    codes = {f.rule for f in report.inherited}
    said = [line for line in out.splitlines() if line.endswith(" inherited") and "×" in line]
    assert len(said) == len(codes)
    assert sum(int(line.split("×")[1].split()[0]) for line in said) == 200
    assert "git_add:description" not in out  # the inherited findings themselves are not listed


def test_the_markdown_diff_counts_inherited_lint_findings_per_code():
    out = render(_git_pair(), "markdown")
    assert "- `LLM-006` ×22 inherited" in out
    assert "Inherited lint findings (200)" not in out and "git_add:description" not in out


def test_an_inherited_finding_that_fails_the_gate_is_listed_in_text_and_markdown():
    report = _git_pair()
    failing = next(f for f in report.inherited if f.severity >= Level.WARNING)
    failing.fails = True
    assert "Inherited from the old side, failing the gate (1)" in render(report, "text")
    markdown = render(report, "markdown")
    assert "**Inherited from the old side, failing the gate (1)**" in markdown
    assert failing.location in markdown


def test_the_annotations_count_inherited_lint_findings_per_code_in_the_lint_notice():
    report = _git_pair()
    lines = render(report, "github").splitlines()
    [note] = [line for line in lines if line.startswith("::notice title=mcp-inspect lint::")]
    assert "Inherited by code: LLM-006 ×22, SEC-001 ×17, MCP-022 ×13" in note
    assert not any("LLM-006" in line for line in lines if line != note)
    failing = next(f for f in report.inherited if f.rule == "SEC-001")
    failing.fails = True
    errors = [line for line in render(report, "github").splitlines() if line.startswith("::error")]
    assert any("title=SEC-001" in line and failing.location in line for line in errors)


def test_lint_findings_the_change_resolved_are_listed_in_full():
    # Report.resolved holds the old side's findings the new side no longer has (the policy
    # pass fills it); every format people read lists them, as the introduced ones.
    from mcp_inspect.report.html import render_html

    report = _git_pair()
    gone = [f for f in report.inherited if f.rule == "SEC-001"][:2]
    report.resolved = gone
    text = render(report, "text")
    assert "  Resolved by the change (2)" in text and f"    SEC-001  {gone[0].location}" in text
    markdown = render(report, "markdown")
    assert "**Resolved by the change (2)**" in markdown and gone[1].location in markdown
    assert f"Resolved by the change: SEC-001 {gone[0].location}" in render(report, "github")
    assert "Resolved by the change</h3>" in render_html(report)


def test_findings_whose_recorded_calls_differ_are_not_said_once():
    """The calls numbers are each tool's own: two tools with one change but different recorded
    traffic are two items, so neither tool's numbers are shown for the other."""
    calls = [{"tool": "t00", "arguments": {}}, {"tool": "t00", "arguments": {"connectionId": "c"}},
             {"tool": "t01", "arguments": {"connectionId": "c"}}]
    report = diff(snapshot_from_value(_surface(False, ["t00", "t01"]), "old.json"),
                  snapshot_from_value(_surface(True, ["t00", "t01"]), "new.json"), calls=calls)
    items = grouping.said_once(report.changes)
    assert sorted(len(item.findings) for item in items) == [1, 1]
    plain = diff(snapshot_from_value(_surface(False, ["t00", "t01"]), "old.json"),
                 snapshot_from_value(_surface(True, ["t00", "t01"]), "new.json"))
    assert [len(item.findings) for item in grouping.said_once(plain.changes)] == [2]


# --- removals: many entities of one kind removed alike (the trial of Dec 2, D2) -------------


def _sentry(config: Any = None) -> Report:
    from conftest import DATA

    old, new = (mcp_inspect.load(str(DATA / "trial" / "sentry" / f"{v}.json")) for v in ("0.17.1", "0.39.0"))
    return mcp_inspect.diff(old, new, config=config)


def test_many_resources_removed_alike_are_said_once_in_every_format_people_read():
    report = _sentry()
    removed = [f for f in report.changes if f.rule == "resource.removed"]
    assert len(removed) == 126
    text = render(report, "text")
    assert text.count("resource removed") == 1
    assert "126 resources: https://docs.sentry.io/platforms/android/, " in text
    assert " and 120 more  (1 breaking each)" in text
    assert len(text.splitlines()) < 300  # it was 828 lines
    markdown = render(report, "markdown")
    assert markdown.count("resource removed") == 1 and "<b>126 resources</b>" in markdown
    notes = release_notes(report)
    assert sum("resource removed" in line for line in notes.splitlines()) == 1
    annotations = render(report, "github")
    assert sum("resource.removed" in line for line in annotations.splitlines() if line.startswith("::")) == 1
    # JSON and SARIF keep one finding per resource.
    assert sum(f["rule"] == "resource.removed" for f in json.loads(render(report, "json"))["findings"]) == 126
    assert sum(r["ruleId"] == "resource.removed" for r in json.loads(render(report, "sarif"))["runs"][0]["results"]) \
        == 126


def test_removals_with_different_policy_or_kind_stay_apart():
    report = _sentry()
    items = grouping.said_once([f for f in report.changes if f.rule.endswith(".removed") and f.path == ""])
    assert sorted((item.kind, len(item.findings)) for item in items) == [
        ("prompt", 2), ("resource", 126), ("resourceTemplate", 2), ("tool", 12)]


def test_ignored_removals_are_said_once(tmp_path):
    from mcp_inspect import Config

    config = tmp_path / ".mcp-inspect.yml"
    config.write_text('ignore:\n  - rule: resource.removed\n    entity: "https://docs.sentry.io/*"\n'
                      '    reason: "the docs moved to a search tool"\n', encoding="utf-8")
    report = _sentry(Config.load(config))
    text = render(report, "text")
    assert "Ignored by configuration (126)" in text
    assert text.count("the docs moved to a search tool") == 1
    markdown = render(report, "markdown")
    assert markdown.count("the docs moved to a search tool") == 1


HNSW = ["hnsw_M", "hnsw_batch_size", "hnsw_construction_ef", "hnsw_num_threads", "hnsw_resize_factor",
        "hnsw_search_ef", "hnsw_space", "hnsw_sync_threshold"]


def _chroma(properties: list[str], closed: list[str] = ()) -> dict[str, Any]:
    def schema(names):
        return {"type": "object", "properties": {"collection_name": {"type": "string"},
                                                 **{n: {"type": "integer"} for n in names}}}
    return {"tools": [{"name": "chroma_create_collection", "inputSchema": schema(properties)},
                      {"name": "chroma_peek_collection", "inputSchema": {**schema(closed),
                                                                          "additionalProperties": False}}]}


def test_properties_removed_alike_from_one_tool_are_one_item_naming_them():
    """chroma-mcp 0.2.0 → 0.2.6 dropped eight ``hnsw_*`` arguments of one tool: eight lines
    in every format people read, where the same removal across tools is said once. One item
    now names them; a removal the policy treats otherwise (here: from a closed object, so
    it has a witness, in another tool) stays apart, and JSON keeps a finding per property."""
    report = diff(snapshot_from_value(_chroma(HNSW, ["limit"]), "old.json"),
                  snapshot_from_value(_chroma([], []), "new.json"))
    listed = ", ".join(f'"{name}"' for name in HNSW)
    said = f"8 properties removed: {listed}"
    text = render(report, "text")
    assert " ".join(text.split()).count(said) == 1 and "property 'hnsw_space' removed" not in text
    assert "property 'limit' removed" in text
    for fmt in ("markdown", "github"):
        out = render(report, fmt)
        assert out.count("hnsw_space") == 1 and "8 properties removed" in out, fmt
    notes = release_notes(report)
    assert notes.count("hnsw_space") == 1 and f"Tool `chroma_create_collection`: {said}" in notes
    assert len(json.loads(render(report, "json"))["findings"]) == 9


def test_alike_lint_lines_are_one_even_when_an_argument_not_shown_differs():
    """New-user trial (awslabs.dynamodb-mcp-server 2.1.8): seven identical SEC-009 lines were
    said in five groups, split on the number of properties each root has, which no line shows."""
    tools = [{"name": f"t{i}", "description": "Reads.",
              "inputSchema": {"type": "object", "properties": {f"p{j}": {"type": "string"} for j in range(i + 1)}}}
             for i in range(4)]
    report = mcp_inspect.lint(snapshot_from_value({"tools": tools}, "s"),
                              mcp_inspect.LintSettings(select=("SEC-009",), policy="governance"))
    assert len({f.args.get("count") for f in report.findings}) > 1  # the hidden argument differs
    out = render(report, "text")
    assert out.count("SEC-009") == 1 and "inputSchema on 4 tools: t0, t1, t2, t3" in out


def test_one_change_is_one_item_though_each_tool_has_its_own_example_call():
    """Trial note (stop 44): additionalProperties false added to six tools was said as two
    items, because the witness calls differed (each carries its tool's own required
    arguments). The call is an example; whether one was found, and why not, is what the
    items must share."""
    def tool(name: str, required: str, closed: bool) -> dict[str, Any]:
        return {"name": name, "inputSchema": {"type": "object", "properties": {required: {"type": "string"}},
                                              "required": [required],
                                              **({"additionalProperties": False} if closed else {})}}

    old = snapshot_from_value({"tools": [tool("a", "id", False), tool("b", "path", False)]}, "old")
    new = snapshot_from_value({"tools": [tool("a", "id", True), tool("b", "path", True)]}, "new")
    report = diff(old, new)
    assert len({json.dumps(f.witness.value) for f in report.findings}) == 2  # two calls
    (item,) = grouping.said_once(report.findings)
    assert item.names == ("a", "b")


def test_the_example_call_of_a_change_said_for_several_tools_names_its_tool():
    """New-user trial, round 11 (mcp-pypi 2.7.1 → 4.0.1): additionalProperties false added to
    six tools was one item whose example call, {"package_name": ""}, was the first tool's; for
    search_packages, which requires query, that call never worked. Each format names the tool
    the call is for."""
    from mcp_inspect import api, render
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    def tool(name, required, closed):
        schema = {"type": "object", "properties": {required: {"type": "string"}}, "required": [required]}
        return {"name": name, "inputSchema": {**schema, **({"additionalProperties": False} if closed else {})}}

    old, new = ({"tools": [tool("check", "package_name", closed), tool("search", "query", closed)]}
                for closed in (False, True))
    report = api.diff(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"), lint=None)
    witnesses = {f.entity.name: f.witness.value for f in report.changes if f.witness is not None and f.witness.found}
    assert len(witnesses) == 2 and witnesses["check"] != witnesses["search"], witnesses
    for fmt in ("text", "markdown", "github", "release-notes"):
        shown = render(report, fmt) if fmt != "release-notes" else api.release_notes(report)
        # search's call, the shorter of two each tool's own (new-user trial, round 44: the typical one)
        assert "e.g. this call (tool search) passes the old schema and fails the new one" in shown, (fmt, shown)



def test_the_no_witness_example_of_a_change_said_for_several_tools_names_its_tool():
    """Hostile trial, round 43: 'retry' removed alike from tools a and b, each of which gained
    a required argument of its own, was one item whose note said "no witness: the new schema
    still accepts a call that sends it, such as {"p":"","retry":0}": a's call, which b's new
    schema refuses. The example call is named by its tool, as a witness's call is."""
    from mcp_inspect import api

    old = {"tools": [{"name": n, "inputSchema": {"type": "object", "properties": {"retry": {"type": "integer"}}}}
                     for n in ("a", "b")]}
    new = {"tools": [{"name": n, "inputSchema": {"type": "object", "properties": {arg: {"type": "string"}},
                                                 "required": [arg]}} for n, arg in (("a", "p"), ("b", "q"))]}
    report = api.diff(snapshot_from_value(old, "old"), snapshot_from_value(new, "new"), lint=None)
    examples = {f.entity.name: f.witness.example for f in report.changes
                if f.witness is not None and not f.witness.found and f.witness.example}
    assert len(examples) == 2 and examples["a"] != examples["b"], examples
    for fmt in ("text", "markdown", "github"):  # the release notes show no reason for having none
        shown = render(report, fmt)
        assert "no witness (tool a): the new schema still accepts a call that sends it, such as" in shown, (fmt, shown)


def _with_one_more_change() -> Report:
    """Three tools gain the optional argument 'note' alike (one NON_BREAKING change said once
    for the three), and t01 alone also makes 'query' required (BREAKING: its own group, above)."""
    def tool(name: str, after: bool) -> dict[str, Any]:
        properties: dict[str, Any] = {"query": {"type": "string"}}
        if after:
            properties["note"] = {"type": "string"}
        required = ["query"] if after and name == "t01" else []
        return {"name": name, "description": "Reads.",
                "inputSchema": {"type": "object", "properties": properties, "required": required}}

    names = ["t00", "t01", "t02"]
    return diff(snapshot_from_value({"tools": [tool(n, False) for n in names]}, "old.json"),
                snapshot_from_value({"tools": [tool(n, True) for n in names]}, "new.json"))


def test_an_entity_header_says_what_of_its_changes_a_shared_group_holds():
    """New-user trial, round 13: "tool web_data_amazon_product_search (1 breaking, 1
    documentation)" read as the tool's whole, but its third change (a readOnlyHint added) was
    said once under "51 tools: …", 40 lines above; blender's get_scene_info counted 4 of its 5
    added properties. The header now says how many more are in a shared group, and where."""
    report = _with_one_more_change()
    assert sorted(f.rule for f in report.changes if f.entity.name == "t01") == [
        "tool.input.property.added", "tool.input.required.added"]
    text = render(report, "text")
    assert "tool t01  (1 breaking; 1 non-breaking more in the group of 3 tools below)" in text, text
    assert "3 tools: t00, t01, t02  (1 non-breaking each)" in text, text  # a shared group's counts stay its own
    assert text.index("tool t01") < text.index("3 tools: t00")
    markdown = render(report, "markdown")
    assert "<code>t01</code> — 1 breaking; 1 non-breaking more in the group of 3 tools below</summary>" in markdown
    assert len(json.loads(render(report, "json"))["findings"]) == 4  # JSON keeps one finding per entity


def test_an_entity_in_several_shared_groups_counts_them_together():
    """New-user trial, round 13: a tool in two groups of several tools (one above, one below)
    is told both, with the severities summed."""
    old = {"tools": [{"name": n, "description": "Reads.", "inputSchema": {"type": "object"}} for n in NAMES[:4]]}
    new = json.loads(json.dumps(old))
    for tool in new["tools"]:
        if tool["name"] in ("t00", "t01"):  # a required argument: BREAKING, above
            tool["inputSchema"] = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
        if tool["name"] in ("t01", "t02", "t03"):  # a new title: DOCUMENTATION, below
            tool["title"] = "Reader"
        if tool["name"] == "t01":  # its own: a description rewritten
            tool["description"] = "Reads the record named by id."
    report = diff(snapshot_from_value(old, "old.json"), snapshot_from_value(new, "new.json"))
    [head] = [line for line in render(report, "text").splitlines() if line.startswith("tool t01")]
    assert head == ("tool t01  (1 potentially breaking; 1 breaking and 1 documentation more in the group of "
                    "2 tools above and the group of 3 tools below)"), head


def test_several_shared_groups_on_one_side_are_named_once_with_their_side():
    """New-user trial, round 16 (office-word-mcp-server 1.0.0 → 1.1.11): a header read "more in
    the groups of 16 tools above, 2 tools below and 14 tools below", as if three places; the
    groups are now said by side, the sizes of one side together."""
    old = {"tools": [{"name": n, "description": "Reads.", "inputSchema": {"type": "object"}} for n in NAMES[:6]]}
    new = json.loads(json.dumps(old))
    for tool in new["tools"]:
        if tool["name"] in ("t00", "t01", "t02"):  # a required argument: BREAKING, above
            tool["inputSchema"] = {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}
        if tool["name"] in ("t01", "t03"):  # a new title: DOCUMENTATION, below
            tool["title"] = "Reader"
        if tool["name"] in ("t01", "t04", "t05"):  # a new annotation: below
            tool["annotations"] = {"readOnlyHint": True}
        if tool["name"] == "t01":  # its own: a description rewritten
            tool["description"] = "Reads the record named by id."
    report = diff(snapshot_from_value(old, "old.json"), snapshot_from_value(new, "new.json"))
    [head] = [line for line in render(report, "text").splitlines() if line.startswith("tool t01")]
    # the annotation (POTENTIALLY_BREAKING) and the argument (BREAKING) groups come first
    assert head.endswith("1 breaking, 1 potentially breaking and 1 documentation more in the groups of 3 and 3 "
                         "tools above and the group of 2 tools below)"), head


def test_an_ignored_line_says_what_it_folds_as_the_markdown_does(tmp_path):
    """Hostile trial, round 31: tool y lost two properties under one ignore entry, and the text
    report's "Ignored by configuration (2)" was followed by one line, "tool y: y is internal",
    which gave neither the count nor what was removed. The line now carries the message, as the
    Markdown's does, so the two the heading counts are there to read."""
    from mcp_inspect import Config

    config = tmp_path / ".mcp-inspect.yml"
    config.write_text("severity_overrides:\n  tool.input.property.removed: POTENTIALLY_BREAKING\n"
                      "ignore:\n  - rule: tool.input.property.removed\n    entity: y\n"
                      "    reason: y is internal\n", encoding="utf-8")
    props = {"a": {"type": "string"}, "b": {"type": "string"}, "c": {"type": "string"}}
    old = {"tools": [{"name": "y", "description": "Reads.", "inputSchema": {"type": "object", "properties": props}}]}
    new = {"tools": [{"name": "y", "description": "Reads.", "inputSchema": {
        "type": "object", "properties": {"c": {"type": "string"}}}}]}
    report = diff(snapshot_from_value(old, "old.json"), snapshot_from_value(new, "new.json"),
                  config=Config.load(config))
    text = render(report, "text")
    section = text.split("Ignored by configuration (2)\n")[1].split("\n\n")[0]
    assert section.splitlines() == [
        '  tool.input.property.removed  tool y: 2 properties removed: "a", "b" — y is internal']
    assert '2 properties removed: "a", "b" — *y is internal*' in render(report, "markdown")
