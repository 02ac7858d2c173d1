"""LLM-001…LLM-013 (docs/validator.md, "LLM"): what fires, how often, where, at which default
severity, the thresholds' edges and the precision cases of section 12; then the Drive tools of
section 13 and the visible validator cases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, case_dirs

from mcp_inspect.catalogue import default_catalogue
from mcp_inspect.checks.engine import Memo, lint_tools
from mcp_inspect.checks.rules.llm_common import verb_forms
from mcp_inspect.checks.rules.llm_related import name_prefix
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.findings.finding import Finding

CODES = [f"LLM-{n:03d}" for n in range(1, 14)]
LEVELS = {"LLM-001": "warning", "LLM-002": "warning", "LLM-003": "warning", "LLM-004": "warning",
          "LLM-005": "info", "LLM-006": "error", "LLM-007": "warning", "LLM-008": "warning",
          "LLM-009": "info", "LLM-010": "warning", "LLM-011": "info", "LLM-012": "warning",
          "LLM-013": "info"}
#: A description that passes every description rule: a verb, a "when", an example, guidance.
GOOD = "Returns the notes of a notebook when the user asks for them, e.g. `Inbox`; call open_notebook first."
DRIVE = DATA / "peers" / "google-drive-tools.json"


def tool(name: str = "get_notes", description: Any = GOOD, props: dict[str, Any] | None = None,
         **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "inputSchema": {"type": "object", "properties": props or {}}}
    if description is not ...:
        out["description"] = description
    out.update(extra)
    return out


def param(description: Any = ..., **schema: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "string", **schema}
    if description is not ...:
        out["description"] = description
    return out


def lint(tools: list[dict[str, Any]], code: str | None = None) -> list[Finding]:
    findings, _ = lint_tools(tools, LintSettings(select=(code or "LLM",), spec_version="2026-07-28"))
    for finding in findings:
        assert finding.message  # every template fills from the facts
    return [f for f in findings if code is None or f.code == code]


def where(tools: list[dict[str, Any]], code: str) -> list[tuple[str | None, str]]:
    return [(f.tool, f.path) for f in lint(tools, code)]


def fires(code: str, *tools: dict[str, Any]) -> bool:
    return bool(lint(list(tools), code))


# -- the catalogue ----------------------------------------------------------------------------


@pytest.mark.parametrize("code", CODES)
def test_catalogue_entry(code):
    rule = default_catalogue().lint_rule(code)
    assert rule.level == LEVELS[code]
    assert rule.category == "llm-compatibility" and rule.provenance == "heuristic"
    assert rule.since == "0.2.0" and rule.origin == "seed" and rule.status == "stable"
    assert rule.revisions == ("2025-11-25", "2026-07-28")
    assert len(rule.summary) <= 160 and len(rule.advice) >= 80


def test_word_lists_are_lower_case_data():
    catalogue = default_catalogue()
    for code in CODES:
        data = catalogue.lint_rule(code).data
        for key, value in data.items():
            if isinstance(value, list) and key not in ("patterns",):
                assert all(str(w) == str(w).lower() for w in value), (code, key)
    table = catalogue.lint_rule("LLM-010").data["abbreviations"]
    assert all(isinstance(k, str) and k == k.lower() for k in table)
    assert all(w == w.lower() for words in table.values() for w in words)
    assert len(table) == 152 and len(catalogue.lint_rule("LLM-003").data["verbs"]) == 159


@pytest.mark.parametrize("code", CODES)
def test_default_severity(code):
    bad = default_catalogue().lint_rule(code).example["bad"]["tools"]
    found = lint(bad, code)
    assert found and {f.severity.label for f in found} == {LEVELS[code]}


# -- LLM-001 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "variant"), [(..., "missing"), (None, "missing"), (42, "not_a_string"),
                                                (["a"], "not_a_string"), ("", "empty"), (" \n\t", "empty")])
def test_llm_001_no_usable_description(value, variant):
    found = lint([tool(description=value)], "LLM-001")
    assert [(f.path, f.variant) for f in found] == [("description", variant)]


def test_llm_001_any_text_is_a_description():
    assert not fires("LLM-001", tool(description="x"))


def test_llm_001_skips_the_other_description_rules():
    found = lint([tool(description="  ")])
    assert {f.code for f in found} == {"LLM-001"}


# -- LLM-002 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("length", "variant"), [(19, "too_short"), (20, None), (500, None), (501, "too_long")])
def test_llm_002_edges(length, variant):
    found = lint([tool(description="  " + "a" * length + "\n ")], "LLM-002")
    assert [f.variant for f in found] == ([variant] if variant else [])
    if variant:
        assert found[0].path == "description" and found[0].args["length"] == length


def test_llm_002_counts_code_points():
    assert not fires("LLM-002", tool(description="é" * 20))  # 40 bytes, 20 characters
    assert fires("LLM-002", tool(description="😀" * 501))
    assert not fires("LLM-002", tool(description="😀" * 500))


# -- LLM-003 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Copies one note.", "Copying one note.", "Sets the flag.", "Setting the flag.",
                                  "Creates a note.", "Creating a note.", "Queries the notes.", "Running jobs.",
                                  "Mapping fields.", "Removing notes.", "Notes to fetchUser later.",
                                  "Searches notes.", "Catches errors.", "Get notes."])
def test_llm_003_verb_forms_count(text):
    assert not fires("LLM-003", tool(description=text))


@pytest.mark.parametrize("text", ["The notes of the current notebook.", "Settings panel of the account.",
                                  "Listings of the week.", "Updater status."])
def test_llm_003_no_verb(text):
    assert where([tool(description=text)], "LLM-003") == [("get_notes", "description")]


def test_llm_003_forms_are_generated_from_the_data():
    forms = verb_forms(frozenset({"copy", "set", "create", "get", "search"}))
    assert {"copy", "copies", "copying", "sets", "setting", "create", "creates", "creating", "getting",
            "searches", "searching"} <= forms
    assert "settings" not in forms and "creat" not in forms


# -- LLM-004 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Use this to list the notes.", "Lists notes to read them for the user.",
                                  "Lists notes, whence they came.", "Lists the notes of the notebook."])
def test_llm_004_no_when(text):
    assert where([tool(description=text)], "LLM-004") == [("get_notes", "description")]


@pytest.mark.parametrize("text", ["If the list is empty, say so.", "Lists notes when asked.", "Useful for triage.",
                                  "Use this for quick lookups.", "Lists notes whenever needed.",
                                  "Lists notes; if you're unsure, ask.", "It can be used to list notes.",
                                  "Lists notes. WHEN in doubt, ask."])
def test_llm_004_when_phrases(text):
    assert not fires("LLM-004", tool(description=text))


# -- LLM-005 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Lists notes, for example the newest.", "Lists notes (e.g. the newest).",
                                  "Lists notes such as drafts.", "Looks like a list of notes.",
                                  "Lists notes including drafts.", "A sample list of notes.",
                                  "Lists notes ```x```.", 'Lists notes with state="open".',
                                  "Lists notes with state: 'open'.", "Lists notes in `Inbox`.",
                                  'Lists the "Inbox" notes.', "Lists the 'Inbox' notes.", "Lists notes (eg all)."])
def test_llm_005_examples(text):
    assert not fires("LLM-005", tool(description=text))


@pytest.mark.parametrize("text", ["Lists the notes of the notebook.", "Lists notes, likely the newest.",
                                  "Lists the 'a' notes."])
def test_llm_005_no_example(text):
    assert where([tool(description=text)], "LLM-005") == [("get_notes", "description")]


# -- LLM-006 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "variant"), [(..., "missing"), (None, "missing"), (3, "not_a_string"),
                                                ("", "empty"), ("   ", "empty")])
def test_llm_006_parameter_without_description(value, variant):
    found = lint([tool(props={"ref": param(value), "ok": param("The note's number.")})], "LLM-006")
    assert [(f.path, f.variant) for f in found] == [("inputSchema.properties.ref.description", variant)]


def test_llm_006_top_level_only():
    nested = {"type": "object", "description": "Where to file it.", "properties": {"city": param()}}
    assert not fires("LLM-006", tool(props={"address": nested, "flag": True}))  # type: ignore[dict-item]
    assert not fires("LLM-006", {"name": "x", "description": GOOD, "inputSchema": ["not", "an", "object"]})


def test_llm_006_one_per_parameter():
    assert len(lint([tool(props={"a": param(), "b": param(), "c": param("Described well.")})], "LLM-006")) == 2


# -- LLM-007 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("length", "variant"), [(9, "too_short"), (10, None), (200, None), (201, "too_long")])
def test_llm_007_edges(length, variant):
    found = lint([tool(props={"ref": param(" " + "b" * length + "  ")})], "LLM-007")
    assert [(f.path, f.variant) for f in found] == (
        [("inputSchema.properties.ref.description", variant)] if variant else [])


def test_llm_007_leaves_missing_descriptions_to_llm_006():
    assert not fires("LLM-007", tool(props={"ref": param(), "other": param("   ")}))


# -- LLM-008 ----------------------------------------------------------------------------------


def test_llm_008_vague_name():
    found = lint([tool("convert", props={"value": param("What should be converted.")})], "LLM-008")
    assert [(f.path, f.variant, f.args["terms"]) for f in found] == [
        ("inputSchema.properties.value", "name", ["value"])]


def test_llm_008_name_made_clear_by_tool_name_or_description():
    assert not fires("LLM-008", tool("write_file", props={"content": param("What should be written.")}))
    assert not fires("LLM-008", tool("convert", props={"data": param("The user's preferences.")}))
    assert not fires("LLM-008", tool("convert", props={"userData": param("Anything to store.")}))
    assert not fires("LLM-008", tool("convert", props={"metadata": param("Anything to store.")}))


def test_llm_008_vague_description_only():
    found = lint([tool("convert", props={"note": param("The content to store.")})], "LLM-008")
    assert [(f.path, f.variant) for f in found] == [("inputSchema.properties.note.description", "description")]


def test_llm_008_description_made_clear_only_by_itself():
    # The tool name says "file", which clears the name, not the description.
    found = lint([tool("write_file", props={"content": param("The content to store.")})], "LLM-008")
    assert [(f.path, f.variant) for f in found] == [("inputSchema.properties.content.description", "description")]
    assert not fires("LLM-008", tool("write", props={"content": param("The file content to store.")}))


def test_llm_008_both_checks_two_findings():
    found = lint([tool("convert", props={"payload": param("Extra info.")})], "LLM-008")
    assert [f.variant for f in found] == ["name", "description"]
    assert found[1].args["terms"] == ["extra", "info"]


# -- LLM-009 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("schema", "said", "unsaid"), [
    ({"type": "integer", "minimum": 1}, "Page number, at least 1.", "Page number to show."),
    ({"type": "integer", "maximum": 9}, "How many, up to 9.", "How many to show."),
    ({"minLength": 3}, "Name with at least 3 characters.", "Name of the note."),
    ({"maxLength": 80}, "Title, truncated beyond 80.", "Title of the note."),
    ({"pattern": "^[a-z]+$"}, "Slug; must match lower-case letters.", "Slug of the note."),
    ({"enum": ["a", "b"]}, "One of a or b.", "Kind of the note."),
    ({"format": "date-time"}, "Due time of the note.", "When it is due."),
    ({"format": "date"}, "An ISO 8601 day.", "The day it is due."),
])
def test_llm_009_each_keyword(schema, said, unsaid):
    assert not fires("LLM-009", tool(props={"x": param(said, **schema)}))
    found = lint([tool(props={"x": param(unsaid, **schema)})], "LLM-009")
    assert [f.path for f in found] == ["inputSchema.properties.x.description"]
    assert found[0].args["keywords"] == [next(k for k in schema if k != "type")]


def test_llm_009_one_finding_lists_every_unmentioned_keyword():
    schema = {"type": "integer", "minimum": 1, "maximum": 50, "format": "int32"}
    found = lint([tool(props={"limit": param(..., **schema)})], "LLM-009")
    assert len(found) == 1 and found[0].args["keywords"] == ["minimum", "maximum", "format"]
    assert found[0].args["labels"] == ["minimum value", "maximum value", "format"]


def test_llm_009_an_empty_enum_declares_nothing():
    assert not fires("LLM-009", tool(props={"x": param("Kind of the note.", enum=[])}))
    assert not fires("LLM-009", tool(props={"x": param("Kind of the note.", exclusiveMinimum=0)}))


# -- LLM-010 ----------------------------------------------------------------------------------


def test_llm_010_id_needs_identifier():
    found = lint([tool(props={"fileId": param("The ID of the file.")})], "LLM-010")
    assert [(f.path, f.args["abbreviations"], f.args["words"]) for f in found] == [
        ("inputSchema.properties.fileId", ["id"], ["identifier"])]
    assert not fires("LLM-010", tool(props={"fileId": param("The file's identifier.")}))


@pytest.mark.parametrize(("name", "text"), [("cfg", "The configuration to apply."), ("maxResults", "The maximum."),
                                            ("tz", "The timezone, e.g. Europe/Lisbon."), ("repoName", "Repository.")])
def test_llm_010_own_expansion_explains(name, text):
    assert not fires("LLM-010", tool(props={name: param(text)}))


@pytest.mark.parametrize(("name", "text"), [("cfg", "The config to apply."), ("maxResults", "At most this many."),
                                            ("targetURL", "The URL to fetch.")])
def test_llm_010_other_words_do_not(name, text):
    assert fires("LLM-010", tool(props={name: param(text)}))


@pytest.mark.parametrize("name", ["json", "htmlBody", "cpuCount", "sqlQuery", "yaml_text", "fileName", "path"])
def test_llm_010_self_explaining_and_plain_names(name):
    assert not fires("LLM-010", tool(props={name: param("Anything at all.")}))


def test_llm_010_one_finding_per_parameter():
    found = lint([tool(props={"srcDirId": param("Where from.")})], "LLM-010")
    assert len(found) == 1 and found[0].args["abbreviations"] == ["src", "dir", "id"]


# -- LLM-011 ----------------------------------------------------------------------------------


def test_llm_011_side_effect_not_said():
    found = lint([tool("send_reminder", "A reminder for the user about a due task.")], "LLM-011")
    assert [(f.path, f.variant, f.args["verb"]) for f in found] == [("description", "undeclared_effect", "send")]
    assert not fires("LLM-011", tool("send_reminder", "Sends the user a reminder about a due task."))


@pytest.mark.parametrize("name", ["settings_list", "news_reader", "address_book", "get_notes", "offset_reader"])
def test_llm_011_tokens_not_substrings(name):
    assert not fires("LLM-011", tool(name, "Shows the entries of the book."))


def test_llm_011_destructive_hint_needs_a_warning():
    hint = {"annotations": {"destructiveHint": True}}
    found = lint([tool("get_notes", "Shows the notes.", **hint)], "LLM-011")
    assert [(f.path, f.variant) for f in found] == [("description", "destructive_unwarned")]
    for text in ("Deletes the notes.", "Removal is final: this cannot be undone.", "A destructive reset.",
                 "Permanently archives notes."):
        assert not fires("LLM-011", tool("get_notes", text, **hint))
    assert not fires("LLM-011", tool("get_notes", "Shows the notes.", annotations={"destructiveHint": "true"}))


def test_llm_011_up_to_two_per_tool():
    found = lint([tool("purge_notes", "Shows the notes.", annotations={"destructiveHint": True})], "LLM-011")
    assert [f.variant for f in found] == ["undeclared_effect", "destructive_unwarned"]


# -- LLM-012 ----------------------------------------------------------------------------------


def group(texts: list[str], prefix: str = "note_", names: tuple[str, ...] = ("create", "delete", "search",
                                                                             "update", "list")) -> list[dict]:
    return [tool(prefix + n, t) for n, t in zip(names, texts, strict=False)]


def test_llm_012_opening_verb():
    tools = group(["Creates a note when asked to.", "Deletes a note when asked to.", "A note finder, when asked."])
    found = lint(tools, "LLM-012")
    assert [(f.tool, f.path, f.args["differences"]) for f in found] == [("note_search", "description", ["verb"])]
    assert found[0].args["prefix"] == "note" and found[0].args["related"] == 2


@pytest.mark.parametrize(("length", "fire"), [(49, True), (50, False), (149, False)])
def test_llm_012_medium_band_edges(length, fire):
    medium = "Creates a note in the notebook of the user, as asked."  # 53 characters
    text = ("Creates " + "n" * 200)[:length]
    found = lint(group([medium, medium, text]), "LLM-012")
    assert [f.args["differences"] for f in found] == ([["length"]] if fire else [])


@pytest.mark.parametrize(("length", "fire"), [(149, True), (150, False)])
def test_llm_012_long_band_edges(length, fire):
    long = "Creates " + "n" * 160
    text = ("Creates " + "n" * 200)[:length]
    found = lint(group([long, long, text]), "LLM-012")
    assert [f.args["differences"] for f in found] == ([["length"]] if fire else [])


def test_llm_012_short_band():
    short = "Creates a note."
    found = lint(group([short, short, ("Creates " + "n" * 200)[:50]]), "LLM-012")
    assert [(f.tool, f.args["band"], f.args["usual_band"]) for f in found] == [("note_search", "medium", "short")]


def test_llm_012_when_and_example_listed_in_one_finding():
    tools = group(["Creates a note when asked, for example a todo.", "Deletes a note if asked, such as a todo.",
                   "Searches the notes of this notebook."])
    found = lint(tools, "LLM-012")
    assert [(f.tool, f.args["differences"]) for f in found] == [("note_search", ["when", "example"])]
    assert found[0].args["aspects"] == ["whether it says when to use the tool", "whether it gives an example"]


def test_llm_012_patterns_are_the_data_as_written():
    # The example phrasing needs a word character right after "e.g." (the pattern ends in \b),
    # so "e.g. a todo" is not an example for LLM-012, while it is for LLM-005.
    tools = group(["Creates a note when asked, e.g. a todo.", "Deletes a note if asked, e.g. a todo.",
                   "Searches the notes of this notebook if asked."])
    assert not fires("LLM-012", *tools)


def test_llm_012_one_finding_lists_every_difference():
    tools = group(["Creates a note when asked, for example a todo.", "Deletes a note if asked, such as a todo.",
                   "Notes " + "n" * 200])
    found = lint(tools, "LLM-012")
    assert [f.args["differences"] for f in found] == [["verb", "length", "when", "example"]]


def test_llm_012_needs_two_relatives_with_descriptions():
    base = ["Creates a note when asked to.", "Deletes a note when asked to."]
    assert not fires("LLM-012", *group([base[0], "A note finder, when asked."]))
    tools = group([base[0], "", "A note finder, when asked."])
    assert not lint(tools, "LLM-012")


def test_llm_012_more_than_half_of_the_relatives():
    # Four relatives: two opening verbs are not more than half.
    texts = ["Creates a note when asked to.", "Deletes a note when asked to.", "Note finder, when asked.",
             "Note updater, when asked.", "Note lister, when asked."]
    assert not fires("LLM-012", *group(texts))
    texts[3] = "Updates a note when asked to."
    assert sorted(where(group(texts), "LLM-012")) == [("note_list", "description"), ("note_search", "description")]


@pytest.mark.parametrize(("name", "prefix"), [("note-create_x", "note"), ("note_create", "note"),
                                              ("userCreate", "user"), ("UserCreate", "User"), ("search", None),
                                              ("URLFetch", None), ("_private", None), ("", None), (3, None)])
def test_llm_012_name_prefix(name, prefix):
    assert name_prefix(name) == prefix


def test_llm_012_camel_case_groups_and_case_matters():
    texts = ["Creates a note when asked to.", "Deletes a note when asked to.", "A note finder, when asked."]
    camel = [tool(n, t) for n, t in zip(("noteCreate", "noteDelete", "noteSearch"), texts, strict=True)]
    assert where(camel, "LLM-012") == [("noteSearch", "description")]
    mixed = [tool(n, t) for n, t in zip(("noteCreate", "noteDelete", "NoteSearch"), texts, strict=True)]
    assert not fires("LLM-012", *mixed)


# -- LLM-013 ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["Returns the notes; run sync first.", "Returns the notes, then sorts them.",
                                  "Returns notes. Prior to that, log in.", "Call this tool to list notes.",
                                  "Use this when the user asks.", "Prefer it over scanning.",
                                  "Requires a notebook.", "Returns the notes. Invoke it freely."])
def test_llm_013_guidance(text):
    assert not fires("LLM-013", tool(description=text))


def test_llm_013_no_guidance():
    found = lint([tool(description="Returns the notes of a notebook.")], "LLM-013")
    assert [(f.tool, f.path) for f in found] == [("get_notes", "description")]


def test_llm_013_mention_of_a_sibling():
    sibling = tool("search_notes", "Searches the notes.")
    for text in ("Returns the notes found by search_notes.", "Returns notes; see `searchNotes`.",
                 "Returns notes the Search Notes tool found."):
        assert not [f for f in lint([tool(description=text), sibling], "LLM-013") if f.tool == "get_notes"]


@pytest.mark.parametrize(("sibling", "text"), [("run", "Returns the notes to run."),  # under 4 characters
                                               ("note", "Returns the notebook."),  # a partial word
                                               ("get_notes", "Returns the notes get_notes knows.")])  # its own name
def test_llm_013_mentions_that_do_not_count(sibling, text):
    tools = [tool(description=text)] + ([tool(sibling, "Runs it.")] if sibling != "get_notes" else [])
    assert ("get_notes", "description") in where(tools, "LLM-013")


def test_llm_013_four_characters_is_enough():
    tools = [tool(description="Returns the notes to list."), tool("list", "Lists them.")]
    assert ("get_notes", "description") not in where(tools, "LLM-013")


def test_llm_013_another_tool_of_the_same_normalised_name_counts():
    tools = [tool("get_notes", "Returns the notes like getNotes."), tool("getNotes", "Returns every note.")]
    assert where(tools, "LLM-013") == [("getNotes", "description")]


def test_llm_013_skips_unusable_descriptions():
    assert not fires("LLM-013", tool(description=""))


# -- the real tools of section 13 -------------------------------------------------------------


DRIVE_COUNTS = {"LLM-010": 8, "LLM-002": 6, "LLM-008": 6, "LLM-004": 3, "LLM-007": 2, "LLM-009": 2,
                "LLM-005": 1, "LLM-011": 1}


def drive_findings() -> list[Finding]:
    tools = json.loads(DRIVE.read_text())["tools"]
    return lint(tools)


@pytest.mark.parametrize("code", CODES)
def test_drive_counts(code):
    assert len([f for f in drive_findings() if f.code == code]) == DRIVE_COUNTS.get(code, 0)


def test_drive_details():
    found = drive_findings()
    by_code = {code: sorted((f.tool or "", f.path) for f in found if f.code == code) for code in DRIVE_COUNTS}
    assert [t for t, _ in by_code["LLM-004"]] == ["get_file_permissions", "list_recent_files", "search_files"]
    assert by_code["LLM-005"] == [("get_file_permissions", "description")]
    assert by_code["LLM-011"] == [("download_file_content", "description")]
    assert by_code["LLM-009"] == [("list_recent_files", "inputSchema.properties.pageSize.description"),
                                  ("search_files", "inputSchema.properties.pageSize.description")]
    assert {p.rsplit(".", 1)[-1] for _, p in by_code["LLM-010"]} == {"fileId", "parentId", "revisionId"}
    assert "get_file_permissions" not in {t for t, _ in by_code["LLM-002"]}


# -- the visible validator cases, for LLM codes ------------------------------------------------


def _llm_expectations(folder: Path) -> list[tuple[bool, str, str]]:
    """The case's expectations about this family's codes that do not depend on selection,
    folding or policy (those are checked by the engine's own tests)."""
    expect = json.loads((folder / "expect.json").read_text())
    args = expect.get("args", [])
    selected = args[args.index("--select") + 1].split(",") if "--select" in args else ["ALL"]
    alone = "LLM" in selected and "ALL" not in selected and "MCP" not in selected and "--ignore" not in args
    out = []
    for must, key in ((True, "must"), (False, "mustNot")):
        for entry in expect.get(key, []):
            code, name = entry[0], entry[1]
            if not code.startswith("LLM-") or "|" in code or "*" in code or name == "*":
                continue
            if must or (alone and len(entry) == 2):
                out.append((must, code, name))
    return out


@pytest.mark.parametrize("folder", [f for f in case_dirs("validator-cases") if _llm_expectations(f)],
                         ids=lambda f: f.name)
def test_validator_cases(folder):
    tools = json.loads((folder / "surface.json").read_text())["tools"]
    found = {(f.code, f.tool) for f in lint(tools)}
    for must, code, name in _llm_expectations(folder):
        assert ((code, name) in found) == must, (code, name)


def test_exemplary_case_has_no_llm_finding():
    for folder in case_dirs("validator-cases"):
        if folder.name == "maturity-exemplary-tool":
            tools = json.loads((folder / "surface.json").read_text())["tools"]
            assert lint(tools) == []


def test_llm_012_and_013_read_the_list_not_only_the_definition():
    # Tool rules are remembered by definition (engine.Memo, shared by a diff's two sides); the
    # same definition must be judged again among other siblings.
    memo = Memo()
    settings = LintSettings(select=("LLM-012", "LLM-013"))
    one = tool(description="Returns the notes found by search_notes.")
    alone, _ = lint_tools([one], settings, memo=memo)
    beside, _ = lint_tools([one, tool("search_notes", "Searches the notes; use get_notes next.")], settings,
                           memo=memo)
    assert [f.code for f in alone] == ["LLM-013"] and beside == []


def test_odd_shapes_do_not_break_the_rules():
    odd: list[Any] = [
        {"name": 7, "description": ["x"], "inputSchema": {"type": "object", "properties": []}},
        {"name": None, "description": "Deletes it.", "annotations": ["destructiveHint"], "inputSchema": None},
        {"name": "a-b", "description": "Deletes it.", "inputSchema": {"properties": {
            "x": {"description": {"a": 1}, "enum": "a,b", "minimum": None}, "y": None, "z": True}}},
        {"name": "", "description": "\u200b", "inputSchema": {"type": "object"}},
        {"name": "-", "description": "Call - first."},
    ]
    found = lint(odd)
    assert {"LLM-001", "LLM-006"} <= {f.code for f in found}
