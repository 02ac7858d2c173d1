"""NAM-002…NAM-008 (docs/lint.md, NAM): tool names, one tool at a time and across the list."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.rules.nam import casing_style
from mcp_inspect.checks.settings import LintSettings

NAM = ("NAM-002", "NAM-003", "NAM-004", "NAM-005", "NAM-006", "NAM-007", "NAM-008")


def tool(name: Any = "read_file", **props: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"description": "Read a text file from the workspace.",
                           "inputSchema": {"type": "object", "properties": props or {"path": {"type": "string"}}}}
    if name is not ...:
        out["name"] = name
    return out


def found(tools: list[dict[str, Any]], code: str) -> list[Any]:
    findings, _ = lint_tools(tools, LintSettings(select=(code,)))
    return [f for f in findings if f.code == code]


def one(tools: list[dict[str, Any]], code: str) -> Any:
    [finding] = found(tools, code)
    return finding


@pytest.mark.parametrize("name", [..., None, 5, "", "   "])
def test_every_nam_rule_skips_a_tool_without_a_usable_name(name):
    tools = [tool(name, user_id={"type": "string"}, displayName={"type": "string"})] * 12
    findings, _ = lint_tools(tools, LintSettings(select=NAM))
    assert [f.code for f in findings] == ["NAM-008"]  # which still counts them in the list


# --- NAM-002 --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["getUser", "DATA_EXPORT_v2", "admin.tools.list", "a-b_c.d", "x" * 128])
def test_nam_002_the_specification_grammar_passes(name):
    assert found([tool(name)], "NAM-002") == []


@pytest.mark.parametrize("name, variant, chars", [
    ("x" * 129, "too_long", None), ("read file", "bad_chars", "' ' (space)"), ("lire_é", "bad_chars", "'é'"),
    ("a/b:c", "bad_chars", "'/', ':'"), ("é" * 130, "too_long_and_bad_chars", "'é'"),
])
def test_nam_002_one_finding_naming_every_reason(name, variant, chars):
    finding = one([tool(name)], "NAM-002")
    assert (finding.path, finding.variant, finding.level.label) == ("name", variant, "warning")
    assert finding.args.get("chars") == chars
    if "too_long" in variant:
        assert finding.args["length"] == len(name) and str(len(name)) in finding.message


# --- NAM-003, NAM-004 -----------------------------------------------------------------------


@pytest.mark.parametrize("name, variant", [("ab", "too_short"), ("a", "too_short"), ("x" * 51, "too_long")])
def test_nam_003_length_outside_3_to_50(name, variant):
    finding = one([tool(name)], "NAM-003")
    assert (finding.path, finding.variant) == ("name", variant)


@pytest.mark.parametrize("name", ["abc", "x" * 50, "get"])
def test_nam_003_within_bounds(name):
    assert found([tool(name)], "NAM-003") == []


@pytest.mark.parametrize("name, fires", [
    ("2fa_verify", True), ("0", True), ("verify_2fa", False), ("٣fa", False), (" 2fa", False), ("_2fa", False),
])
def test_nam_004_ascii_digit_first(name, fires):
    assert [f.path for f in found([tool(name)], "NAM-004")] == (["name"] if fires else [])


# --- NAM-005 --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["get_user", "getUser", "list-files", "SearchIssues", "run", "lookup.address",
                                  "zip_folder", "unicast_ping"])
def test_nam_005_a_descriptive_verb_first(name):
    assert found([tool(name)], "NAM-005") == []


@pytest.mark.parametrize("name, first", [
    ("settings_panel", "settings"), ("git_status", "git"), ("user_get", "user"), ("getter", "getter"),
    ("HTMLParse", "html"), ("setup", "setup"),
])
def test_nam_005_exact_first_token_no_prefixes(name, first):
    finding = one([tool(name)], "NAM-005")
    assert finding.args == {"name": name, "first": first} and finding.path == "name"


def test_nam_005_a_name_without_tokens():
    assert one([tool("___")], "NAM-005").variant == "no_token"


# --- NAM-006 --------------------------------------------------------------------------------


@pytest.mark.parametrize("name, style", [
    ("user_id", "snake_case"), ("max_count_2", "snake_case"), ("user-id", "kebab-case"),
    ("USER_ID", "SCREAMING_CASE"), ("ID", "SCREAMING_CASE"), ("URL2", "SCREAMING_CASE"),
    ("UserId", "PascalCase"), ("Path", "PascalCase"), ("displayName", "camelCase"), ("fileID", "camelCase"),
    ("path", None), ("limit2", None), ("A", None), ("_private", None), ("user__id", None), ("a.b", None),
    ("Mixed_Case", None), ("user_Id", None),
])
def test_nam_006_casing_styles(name, style):
    assert casing_style(name) == style


@pytest.mark.parametrize("props", [
    ["repo_path", "max_count", "branch"], ["path", "limit"], ["userId", "displayName", "query"],
    ["A", "user_id", "_x"], ["ID", "USER_ID"], [],
])
def test_nam_006_consistent_or_neutral_names_pass(props):
    subject = tool("get_user", **{p: {"type": "string"} for p in props}) if props else tool(
        "get_user") | {"inputSchema": {"type": "object", "properties": {}}}
    assert found([subject], "NAM-006") == []


def test_nam_006_mixed_styles_one_finding_in_document_order():
    subject = tool("get_user", displayName={"type": "string"}, user_id={"type": "string"}, path={},
                   pageSize={"type": "integer"}, API_KEY={"type": "string"})
    finding = one([subject], "NAM-006")
    assert finding.path == "inputSchema.properties" and finding.args["count"] == 3
    assert finding.args["styles"] == ["camelCase (displayName)", "snake_case (user_id)", "SCREAMING_CASE (API_KEY)"]


def test_nam_006_reads_top_level_parameters_only():
    nested = {"type": "object", "properties": {"o": {"type": "object", "properties": {"userId": {}}},
                                               "user_id": {}, "camelCase": True}}
    assert found([tool("get_user") | {"inputSchema": nested}], "NAM-006") == []


# --- NAM-007 --------------------------------------------------------------------------------


def test_nam_007_one_finding_per_later_occurrence():
    tools = [tool("getuser"), tool("read_file"), tool("getUser"), tool("getuser"), tool("GETUSER")]
    findings = sorted(found(tools, "NAM-007"), key=lambda f: f.position)
    assert [(f.position, f.variant, f.args.get("first")) for f in findings] == [
        (2, "case", "tools[0]"), (3, "exact", "tools[0]"), (4, "case", "tools[0]")]
    assert all(f.path == "name" for f in findings)
    assert findings[0].args["earlier"] == "getuser" and "'getuser'" in findings[0].message


def test_nam_007_distinct_names_and_unusable_ones_pass():
    assert found([tool("a_b"), tool("a-b"), tool(""), tool(""), tool(...), tool(...)], "NAM-007") == []


# --- NAM-008 --------------------------------------------------------------------------------

UNGROUPED = ["fetch_weather", "send_email", "create_invoice", "translate_text", "resize_image", "book_flight",
             "convert_currency", "play_song", "order_pizza", "count_words"]


def test_nam_008_ten_ungrouped_tools_one_finding_on_the_first():
    findings = found([tool(n) for n in UNGROUPED], "NAM-008")
    assert [(f.position, f.tool, f.path) for f in findings] == [(0, "fetch_weather", "name")]
    assert findings[0].args["starts"] == 0 and findings[0].args["ends"] == 0
    assert "10 tool names" in findings[0].message


def test_nam_008_needs_ten_tools():
    assert found([tool(n) for n in UNGROUPED[:9]], "NAM-008") == []


def test_nam_008_thirty_percent_at_either_end_is_grouping():
    # Three tools of ten share a first word: 30% is not under 30%.
    names = ["get_a", "get_b", "get_c", *UNGROUPED[3:]]
    assert found([tool(n) for n in names], "NAM-008") == []
    # Two share a first word and two a last one: 20% at each end, still ungrouped.
    names = ["get_a", "get_b", "x_file", "y_file", *UNGROUPED[4:]]
    assert one([tool(n) for n in names], "NAM-008").args == {
        "count": 10, "starts": 2, "ends": 2, "start_share": 0.2, "end_share": 0.2}
    # Three share a last word: grouped at the end.
    names = ["read_file", "write_file", "delete_file", *UNGROUPED[3:]]
    assert found([tool(n) for n in names], "NAM-008") == []


def test_nam_008_unusable_names_count_in_the_total_and_never_match():
    names = ["get_a", "get_b", "get_c", "", "", "", "", "", "", "", "", ""]
    finding = one([tool(n) for n in names], "NAM-008")  # 3 of 12 is 25%
    assert finding.args["count"] == 12 and finding.position == 0


def test_nam_008_tokens_not_separators():
    # listFiles and list_dirs begin with the same token; FileList and file_list end alike.
    names = ["listFiles", "list_dirs", "ListUsers", *UNGROUPED[3:]]
    assert found([tool(n) for n in names], "NAM-008") == []


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=12), st.sampled_from(["get_a", "list_b", "x_file", "2fa", "é"])),
                min_size=8, max_size=14),
       st.dictionaries(st.text(max_size=6), st.one_of(st.just({}), st.booleans()), max_size=4))
def test_the_nam_rules_never_fail_on_any_name(names, props):
    tools = [{"name": name, "inputSchema": {"type": "object", "properties": props}} for name in names]
    findings, _ = lint_tools(tools, LintSettings(select=NAM))
    assert all(finding.message for finding in findings)
    assert sum(f.code == "NAM-008" for f in findings) <= 1
