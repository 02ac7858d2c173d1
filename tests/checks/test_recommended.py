"""The `recommended` selection (docs/lint.md, "The recommended set"): what it selects, that it
is the default everywhere, the narrower readings of the codes it alone selects, and that the
catalogue's flags, the labels and docs/lint.md's precision table agree."""

from __future__ import annotations

import json
import sys
from dataclasses import replace

import pytest
from conftest import ROOT

from mcp_inspect import api
from mcp_inspect.catalogue import Catalogue, default_catalogue
from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.selection import check_selector, resolve
from mcp_inspect.checks.settings import DEFAULT_SPEC_VERSION, LintSettings
from mcp_inspect.cli import app
from mcp_inspect.config.load import load_config
from mcp_inspect.errors import InputError
from mcp_inspect.report.rules_list import lint_rule_to_json, render_explanation, render_rules_text

sys.path.insert(0, str(ROOT / "bench"))
import precision_table  # noqa: E402 - the measurement's own rendering

CATALOGUE = default_catalogue()
RECOMMENDED = {r.id for r in CATALOGUE.lint_rules() if r.recommended}
EVERY = {r.id for r in CATALOGUE.lint_rules()}


def _resolve(select, ignore=(), rules=(), catalogue=CATALOGUE):
    return resolve(catalogue, select, ignore, rules, DEFAULT_SPEC_VERSION)


def _every_code_recommended() -> Catalogue:
    """A catalogue that recommends every code, so each runs in its narrower reading."""
    return Catalogue(CATALOGUE.rules, {c: replace(r, recommended=True) for c, r in CATALOGUE.lint.items()},
                     CATALOGUE.phrases)


def _codes(tools, select, catalogue=CATALOGUE):
    findings, _ = lint_tools(tools, LintSettings(select=select), catalogue=catalogue)
    return [(f.code, f.path) for f in findings]


# --- what it selects -------------------------------------------------------------------------


def test_recommended_is_the_catalogue_flagged_set_and_reads_narrowly():
    selection = _resolve(["RECOMMENDED"])
    runnable = {c for c in RECOMMENDED if DEFAULT_SPEC_VERSION in CATALOGUE.lint[c].revisions}
    assert selection.codes == runnable
    assert selection.narrowed == runnable
    # the contract's floor: every MCP code and every specification code is in it
    assert {r.id for r in CATALOGUE.lint_rules() if r.family == "MCP" or r.provenance == "specification"} <= RECOMMENDED
    assert RECOMMENDED < EVERY


@pytest.mark.parametrize("spelling", ["recommended", "Recommended", "RECOMMENDED", " recommended "])
def test_the_selector_is_case_blind_and_written_in_lower_case(spelling):
    assert check_selector(spelling, CATALOGUE, "--select") == "recommended"


def test_a_misspelt_selector_is_pointed_at_recommended():
    with pytest.raises(InputError, match="did you mean 'recommended'"):
        check_selector("recomended", CATALOGUE, "--select")


def test_recommended_combines_with_other_selectors_which_read_as_the_contract():
    selection = _resolve(["recommended", "SEC-010"])
    assert selection.codes == (RECOMMENDED | {"SEC-010"}) & selection.codes
    assert "SEC-010" in selection.codes and "SEC-010" not in selection.narrowed
    # naming a recommended code, or its family, asks for the contract's reading of it
    assert "SCH-006" not in _resolve(["recommended", "SCH-006"]).narrowed
    assert "SCH-006" not in _resolve(["recommended", "SCH"]).narrowed
    assert "SCH-006" in _resolve(["recommended"]).narrowed
    # ignore as anywhere else: the family is more specific than recommended
    assert not {c for c in _resolve(["recommended"], ["SCH"]).codes if c.startswith("SCH")}
    # --ignore recommended leaves the rest of ALL
    assert _resolve(["ALL"], ["recommended"]).codes == EVERY - RECOMMENDED


def test_all_still_runs_every_code_in_the_contracts_reading():
    selection = _resolve(["ALL"])
    assert selection.codes == EVERY
    assert selection.narrowed == frozenset()


# --- the default -----------------------------------------------------------------------------

#: SEC-001 (not recommended) fires on this tool; SEC-003 (recommended) fires too.
TOOL = {"name": "get_page", "description": "Get one page of the user's saved notes by its number.",
        "inputSchema": {"type": "object", "properties": {"title": {"type": "string"}, "page": {"type": "integer"}},
                        "required": ["page"]}}


def test_the_default_selection_is_recommended_for_the_library():
    assert LintSettings().select == ("recommended",)
    codes = {code for code, _ in _codes([TOOL], LintSettings().select)}
    assert "SEC-003" in codes and "SEC-001" not in codes
    assert "SEC-001" in {code for code, _ in _codes([TOOL], ("ALL",))}
    assert api.lint_settings().select == ("recommended",)


def test_the_default_selection_is_recommended_for_lint_and_diff_on_the_command_line(runner, tmp_path):
    path = tmp_path / "tools.json"
    path.write_text(json.dumps([TOOL]))
    for args in (["lint", str(path)], ["diff", str(path), str(path)]):
        default = runner.invoke(app, [*args, "--format", "json"])
        every = runner.invoke(app, [*args, "--format", "json", "--select", "ALL"])
        assert "SEC-001" not in default.stdout and "SEC-003" in default.stdout, args[0]
        assert "SEC-001" in every.stdout, args[0]


def test_the_configuration_file_defaults_to_recommended_and_accepts_it(tmp_path):
    (tmp_path / ".mcp-inspect.yml").write_text("lint:\n  select: Recommended, SEC-001\n")
    loaded = load_config(tmp_path / ".mcp-inspect.yml")
    assert loaded.lint.select == ("recommended", "SEC-001")
    (tmp_path / "empty.yml").write_text("lint: {}\n")
    assert load_config(tmp_path / "empty.yml").lint.select == ("recommended",)


# --- narrower readings -------------------------------------------------------------------------

ENUM_STRING = {"name": "set_mode", "description": "Set the editor's mode for the current session.",
               "inputSchema": {"type": "object", "properties": {
                   "mode": {"type": "string", "enum": ["insert", "normal"]},
                   "kind": {"type": "string", "const": "editor"},
                   "label": {"type": "string"}}, "required": ["mode"]}}
# MongoDB's own wording (mongodb-mcp-server 3.0.4, tests/data/captured).
FIELD_PATH = {"name": "vector_search", "description": "Search a collection by vector similarity.",
              "inputSchema": {"type": "object", "properties": {
                  "path": {"type": "string", "description": "Field, in dot notation, where to search."},
                  "file_path": {"type": "string", "description": "The file to write the results to."}},
                  "required": ["path"]}}
NO_ARGUMENTS = [{"name": "list_tabs", "description": "List the browser's open tabs.",
                 "inputSchema": {"type": "object", "properties": {}}},
                {"name": "close_all", "description": "Close every open browser tab.",
                 "inputSchema": {"type": "object"}},
                {"name": "broken", "description": "A tool whose properties are not an object.",
                 "inputSchema": {"type": "object", "properties": ["a"]}}]


def _paths(tools, code, select, catalogue):
    return sorted(path for c, path in _codes(tools, select, catalogue) if c == code)


@pytest.mark.parametrize("catalogue", [CATALOGUE, _every_code_recommended()], ids=["catalogue", "all-recommended"])
def test_sec_001_asks_no_max_length_of_listed_values_when_read_narrowly(catalogue):
    contract = _paths([ENUM_STRING], "SEC-001", ("ALL",), catalogue)
    assert contract == ["inputSchema.properties.kind", "inputSchema.properties.label", "inputSchema.properties.mode"]
    assert _paths([ENUM_STRING], "SEC-001", ("SEC-001",), catalogue) == contract  # its own code: the contract
    narrow = _paths([ENUM_STRING], "SEC-001", ("recommended",), catalogue)
    assert narrow == (["inputSchema.properties.label"] if catalogue.lint["SEC-001"].recommended else [])


def test_sec_004_and_mcp_022_read_a_document_field_as_a_field_when_read_narrowly():
    narrowing = _every_code_recommended()
    for code in ("SEC-004", "MCP-022"):
        assert _paths([FIELD_PATH], code, ("ALL",), narrowing) == [
            "inputSchema.properties.file_path", "inputSchema.properties.path"], code
        assert _paths([FIELD_PATH], code, ("recommended",), narrowing) == ["inputSchema.properties.file_path"], code
    # MCP-022 is recommended in the shipped catalogue, so the default reads it narrowly
    assert _paths([FIELD_PATH], "MCP-022", ("recommended",), CATALOGUE) == ["inputSchema.properties.file_path"]
    assert _paths([FIELD_PATH], "MCP-022", ("recommended", "MCP-022"), CATALOGUE) == [
        "inputSchema.properties.file_path", "inputSchema.properties.path"]


UPLOAD = {"name": "upload_attachment", "description": "Upload a file as an attachment of a record.",
          "inputSchema": {"type": "object", "required": ["file"], "properties": {
              "file": {"type": "string", "description": "Base64 encoded file content"},
              "files": {"type": "array", "items": {"type": "string", "contentEncoding": "base64"}},
              "attachment_file": {"type": "string", "format": "byte"},
              "path": {"type": "string", "description": "Full path of the file to upload; for a remote "
                                                          "server use 'content_base64' instead."}}}}


def test_mcp_022_reads_encoded_file_content_as_content_when_read_narrowly():
    """airtable-mcp-server's ``upload_attachment.file`` is "Base64 encoded file content": the
    file's bytes, not where a file is. Declared (``contentEncoding``, ``format: byte``) or
    described so, the recommended reading leaves it alone; a path is still one, even when
    its description names another, encoded, property (mcp-atlassian's ``file_path``); the
    contract's reading (``ALL``, or the code named) keeps every hit."""
    every = ["inputSchema.properties.attachment_file", "inputSchema.properties.file", "inputSchema.properties.files",
             "inputSchema.properties.path"]
    assert _paths([UPLOAD], "MCP-022", ("ALL",), CATALOGUE) == every
    assert _paths([UPLOAD], "MCP-022", ("recommended", "MCP-022"), CATALOGUE) == every
    assert _paths([UPLOAD], "MCP-022", ("recommended",), CATALOGUE) == ["inputSchema.properties.path"]


def test_sch_006_leaves_argument_less_tools_alone_when_read_narrowly():
    findings, _ = lint_tools(NO_ARGUMENTS, LintSettings(select=("SCH-006",)))
    assert sorted(f.entity.name for f in findings) == ["broken", "close_all", "list_tabs"]
    findings, _ = lint_tools(NO_ARGUMENTS, LintSettings(select=("recommended",)))
    assert sorted(f.entity.name for f in findings if f.code == "SCH-006") == ["broken"]


def test_the_narrow_and_the_contract_reading_are_not_confused_by_the_memo():
    from mcp_inspect.checks.engine import Memo

    memo = Memo()
    narrow, _ = lint_tools([FIELD_PATH], LintSettings(select=("recommended",)), memo=memo)
    wide, _ = lint_tools([FIELD_PATH], LintSettings(select=("recommended", "MCP-022")), memo=memo)
    assert len([f for f in wide if f.code == "MCP-022"]) == len([f for f in narrow if f.code == "MCP-022"]) + 1


# --- where the set is shown ----------------------------------------------------------------------


def test_rules_and_explain_mark_the_recommended_codes(runner):
    text = render_rules_text(CATALOGUE)
    for rule in CATALOGUE.lint_rules():
        row = next(line for line in text.splitlines() if line.startswith((rule.id + " ", rule.id + "*")))
        assert ("★" in row) == rule.recommended, rule.id
    assert f"{len(RECOMMENDED)} of the {len(EVERY)} lint codes are recommended" in text
    assert lint_rule_to_json(CATALOGUE.lint["MCP-022"])["recommended"] is True
    assert lint_rule_to_json(CATALOGUE.lint["NAM-005"])["recommended"] is False
    assert "Recommended: yes" in render_explanation(CATALOGUE.lint["MCP-022"])
    assert "Recommended: no" in render_explanation(CATALOGUE.lint["NAM-005"])
    assert "★" in runner.invoke(app, ["rules"]).stdout


def test_the_catalogue_refuses_a_recommended_flag_that_is_not_a_boolean(tmp_path):
    from mcp_inspect.catalogue import load_catalogue

    for path in (ROOT / "rules").glob("*.yaml"):
        (tmp_path / path.name).write_text(path.read_text().replace("  recommended: true", "  recommended: yes please"))
    with pytest.raises(ValueError, match="recommended"):
        load_catalogue(tmp_path, compiled=False)


# --- the measurement -----------------------------------------------------------------------------


OF_TYPE_T = {"SEC-001", "SEC-002", "SEC-003", "SEC-004", "SEC-005", "SEC-006"}


def test_every_sampled_hit_is_labelled_with_a_reason():
    data = precision_table.load()
    for code, entry in data["codes"].items():
        for label in entry["labels"]:
            assert isinstance(label["ok"], bool) and label["why"], (code, label["tool"], label["path"])
        assert len(entry["labels"]) <= entry["hits"], code
        # Only the codes "of type T" may have more hits as run than under ALL: their narrowed
        # reading also reads a union of T and null as T (docs/lint.md, "Narrower readings").
        assert entry["hits"] <= entry["contract_hits"] or code in OF_TYPE_T, code


def test_the_catalogue_flags_are_the_measured_set():
    """`recommended: true` is written by `bench/lint_precision.py --every-code --write`: the
    flags must be what the committed labels decide."""
    assert set(precision_table.recommended_set(precision_table.load(), CATALOGUE)) == RECOMMENDED


def test_the_precision_table_in_docs_lint_md_is_rendered_from_the_labels():
    text = (ROOT / "docs" / "lint.md").read_text(encoding="utf-8")
    assert precision_table.doc_block(text) == precision_table.table(precision_table.load(), CATALOGUE), \
        "run: python bench/lint_precision.py --every-code --write"


def test_the_decision_follows_the_rule():
    data = {"structural": {"SCH-008": "exact"}}

    def entry(*oks):
        return {"labels": [{"ok": ok} for ok in oks], "hits": len(oks)}

    decide = precision_table.decide
    assert decide("MCP-011", entry(False, False, False, False, False), data, CATALOGUE)[0]  # the family
    assert decide("SCH-004", entry(), data, CATALOGUE)[0]  # specification
    assert decide("SEC-002", entry(*[True] * 9, False), data, CATALOGUE)[0]  # 90%
    assert not decide("SEC-002", entry(*[True] * 8, False, False), data, CATALOGUE)[0]
    assert not decide("BP-012", entry(True), data, CATALOGUE)[0]  # one hit measures nothing
    assert decide("SCH-008", entry(), data, CATALOGUE)[0]  # unmeasured and exact
    assert not decide("SCH-008", entry(True, False, False, False, False), data, CATALOGUE)[0]  # measured wins


def test_a_drift_check_reads_its_security_codes_as_recommended_does():
    """New-user trial: `check` runs the whole SEC family, and SEC-001 in the contract's reading
    failed it on strings an `enum` bounds (arxiv-mcp-server's `sort_by`). A check gates, so
    its codes read narrowly; a string with no bound still fails it."""
    from mcp_inspect.config.load import Config
    from mcp_inspect.drift.check import SECURITY_SELECTION, security_settings

    tool = {"name": "search", "inputSchema": {"type": "object", "properties": {
        "sort_by": {"type": "string", "enum": ["date", "relevance"], "description": "Order."},
        "title": {"type": "string", "description": "Title."}}}}
    settings = security_settings(Config())
    findings, _ = lint_tools([tool], settings)
    assert [(f.code, f.path) for f in findings if f.code == "SEC-001"] == [
        ("SEC-001", "inputSchema.properties.title")]
    contract, _ = lint_tools([tool], replace(settings, narrow=()))
    assert [f.path for f in contract if f.code == "SEC-001"] == [
        "inputSchema.properties.sort_by", "inputSchema.properties.title"]
    assert settings.select == SECURITY_SELECTION
