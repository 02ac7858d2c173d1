"""Renames with changes (issue 21): the name rule and the ``renames`` map pair tools first,
then the pair is diffed under the new name, so no break hides inside a removal."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.classify.pairing import name_words
from mcp_inspect.snapshot.shapes import snapshot_from_value

FIXTURES = Path(__file__).parent / "fixtures"


def diff(old, new, **kwargs):
    return diff_snapshots(snapshot_from_value(copy.deepcopy(old), "old"),
                          snapshot_from_value(copy.deepcopy(new), "new"), **kwargs)


def facts(result):
    return sorted((f.rule, f.entity.name, f.path) for f in result.findings)


def tool(name, **properties):
    return {"name": name, "inputSchema": {"type": "object", "properties": properties}}


STRING = {"type": "string"}


def test_tavily_like_release_is_renames_with_the_breaks_inside():
    """Modelled on tavily-mcp 0.2.3 → 0.2.22: every tool renamed from kebab to snake case,
    two of them changed as well. The breaks must show under the new names."""
    old = json.loads((FIXTURES / "tavily-like-old.json").read_text())
    new = json.loads((FIXTURES / "tavily-like-new.json").read_text())
    result = diff(old, new)
    found = facts(result)
    assert renames(result) == [("tavily-crawl", "tavily_crawl"), ("tavily-extract", "tavily_extract"),
                       ("tavily-map", "tavily_map"), ("tavily-search", "tavily_search")]
    assert [(r, n) for r, n, _ in found if r in ("tool.removed", "tool.added")] == [
        ("tool.added", "tavily_research")]
    assert ("tool.input.property.removed", "tavily_search", "inputSchema.properties.days") in found
    narrowed = {(f.path, tuple(f.before)) for f in result.findings if f.rule == "tool.input.enum.narrowed"}
    assert narrowed == {("inputSchema.properties.topic.enum", ("news",)),
                        ("inputSchema.properties.time_range.enum", ("d", "m", "w", "y"))}
    assert ("tool.input.property.added", "tavily_crawl", "inputSchema.properties.instructions") in found
    assert ("tool.description.changed", "tavily_search", "description") in found
    severities = {(f.entity.name, f.rule): f.severity.name for f in result.findings}
    assert severities["tavily_search", "tool.input.property.removed"] == "BREAKING"
    assert severities["tavily_search", "tool.input.enum.narrowed"] == "BREAKING"


@pytest.mark.parametrize(("before", "after"), [
    ("tavily-search", "tavily_search"), ("tavily-search", "tavilySearch"), ("getUser", "get_user"),
    ("files.read", "files_read"), ("GetUser", "get-user"), ("list dir", "list/dir"), ("v2_get", "v2Get"),
])
def test_names_with_the_same_words_pair_whatever_else_changed(before, after):
    old = {"tools": [tool(before, a=STRING)]}
    new = {"tools": [tool(after, b={"type": "integer"})]}
    assert facts(diff(old, new)) == [
        ("tool.input.property.added", after, "inputSchema.properties.b"),
        ("tool.input.property.removed", after, "inputSchema.properties.a"),
        ("tool.renamed", after, "name"),
    ]


def test_word_sequences():
    assert name_words("tavily-search") == name_words("tavily_search") == name_words("tavilySearch") == "tavily search"
    assert name_words("HTTPServerGet") == "http server get"
    assert name_words("get2FA") == name_words("get_2_fa") == "get 2 fa"
    assert name_words("readfile") != name_words("read_file")  # one word is not two


def renames(result):
    return sorted((f.before, f.after) for f in result.findings if f.rule == "tool.renamed")


def test_the_name_rule_needs_one_candidate_each_way():
    old = {"tools": [tool("get-user", a=STRING), tool("get.user", b=STRING), tool("list-dirs", x=STRING)]}
    new = {"tools": [tool("get_user", c=STRING), tool("list_dirs", y=STRING)]}
    result = diff(old, new)
    assert renames(result) == [("list-dirs", "list_dirs")]
    assert [(r, n) for r, n, _ in facts(result) if r in ("tool.added", "tool.removed")] == [
        ("tool.added", "get_user"), ("tool.removed", "get-user"), ("tool.removed", "get.user")]
    old = {"tools": [tool("get-user", a=STRING), tool("list-dirs", x=STRING)]}
    new = {"tools": [tool("get_user", c=STRING), tool("getUser", d=STRING), tool("list_dirs", y=STRING)]}
    result = diff(old, new)
    assert renames(result) == [("list-dirs", "list_dirs")]
    assert [(r, n) for r, n, _ in facts(result) if r in ("tool.added", "tool.removed")] == [
        ("tool.added", "getUser"), ("tool.added", "get_user"), ("tool.removed", "get-user")]


def test_the_schema_rules_pair_before_the_name_rule():
    """``get-user`` keeps its schema under ``fetch_user``, so ``get_user`` is a new tool;
    ``find-item`` has no schema twin and pairs by name."""
    old = {"tools": [tool("get-user", a=STRING), tool("find-item", q=STRING)]}
    new = {"tools": [tool("fetch_user", a=STRING), tool("get_user", z=STRING), tool("find_item", r=STRING)]}
    result = diff(old, new)
    assert renames(result) == [("find-item", "find_item"), ("get-user", "fetch_user")]
    assert ("tool.added", "get_user", "") in facts(result)


def test_tools_that_take_no_arguments_are_not_paired_by_their_empty_schema():
    """Every tool without arguments writes the same schema, so two such tools removed and
    added in one release are two tools, not a rename (a trial found brightdata's
    scraping_browser_links reported renamed to scraping_browser_network_requests); a schema
    that says something still pairs, and so do names of the same words."""
    empty = {"name": "scraping_browser_links", "inputSchema": {"type": "object", "properties": {}}}
    other = {"name": "scraping_browser_network_requests", "inputSchema": {"type": "object", "properties": {},
                                                                          "description": "No arguments."}}
    result = diff({"tools": [empty]}, {"tools": [other]})
    assert renames(result) == []
    assert sorted(r for r, _, _ in facts(result) if r in ("tool.added", "tool.removed")) == [
        "tool.added", "tool.removed"]
    bare = diff({"tools": [{"name": "snap_links", "inputSchema": {"type": "object"}}]},
                {"tools": [{"name": "snap-links", "inputSchema": {"type": "object"}}]})
    assert renames(bare) == [("snap_links", "snap-links")]  # the name rule still applies


def test_the_renames_map_beats_every_rule():
    old = {"tools": [tool("search", q=STRING), tool("lookup", k=STRING)]}
    new = {"tools": [tool("web_search", q=STRING, n={"type": "integer"}), tool("Search", k=STRING)]}
    # Without the map: lookup → Search by schema, search and web_search apart.
    plain = facts(diff(old, new))
    assert ("tool.renamed", "Search", "name") in plain and ("tool.removed", "search", "") in plain
    mapped = diff(old, new, renames={"search": "web_search", "lookup": "Search"})
    assert renames(mapped) == [("lookup", "Search"), ("search", "web_search")]
    assert ("tool.input.property.added", "web_search", "inputSchema.properties.n") in facts(mapped)
    assert mapped.warnings == []


def test_a_map_entry_whose_new_name_was_not_added_is_reported_and_ignored():
    old = {"tools": [tool("gone", a=STRING)]}
    new = {"tools": [tool("fresh", a=STRING)]}
    result = diff(old, new, renames={"gone": "elsewhere"})
    assert renames(result) == [("gone", "fresh")]
    assert result.warnings == ["renames entry 'gone' → 'elsewhere': ignored, the tool 'elsewhere' is not in the "
                               "new snapshot"]


def test_a_map_entry_that_names_no_removed_or_added_tool_is_reported_and_ignored():
    old = {"tools": [tool("kept", a=STRING), tool("gone", a=STRING)]}
    new = {"tools": [tool("kept", a=STRING), tool("fresh", a=STRING)]}
    result = diff(old, new, renames={"kept": "fresh", "nowhere": "fresh", "gone": "kept", "gone2": "x"})
    # The rules still pair gone → fresh (identical schemas).
    assert renames(result) == [("gone", "fresh")]
    assert result.warnings == [
        "renames entry 'gone' → 'kept': ignored, the tool 'kept' is in both snapshots",
        "renames entry 'gone2' → 'x': ignored, the tool 'gone2' is not in the old snapshot",
        "renames entry 'kept' → 'fresh': ignored, the tool 'kept' is in both snapshots",
        "renames entry 'nowhere' → 'fresh': ignored, the tool 'nowhere' is not in the old snapshot",
    ]


def test_a_prompt_renamed_by_the_name_words_rule_is_one_rename():
    """@shopify/dev-mcp renamed its prompt ``shopify-admin-graphql`` to
    ``shopify_admin_graphql``: a removal and an addition in the report, where the same
    spelling change of a tool is one ``tool.renamed``. The pair is then diffed like a
    matched prompt, under the new name; two candidates are no rename, as for tools."""
    def prompt(name, *arguments):
        return {"name": name, "arguments": [{"name": a} for a in arguments]}

    old = {"prompts": [prompt("shopify-admin-graphql", "query"), prompt("other")]}
    new = {"prompts": [prompt("shopify_admin_graphql", "query", "api"), prompt("other")]}
    result = diff(old, new)
    assert facts(result) == [("prompt.argument.added", "shopify_admin_graphql", "arguments.api"),
                             ("prompt.renamed", "shopify_admin_graphql", "name")]
    [renamed] = [f for f in result.findings if f.rule == "prompt.renamed"]
    assert (renamed.before, renamed.after, renamed.severity.name) == (
        "shopify-admin-graphql", "shopify_admin_graphql", "BREAKING")
    assert renamed.message == "prompt renamed from shopify-admin-graphql to shopify_admin_graphql"
    two = {"prompts": [prompt("shopify_admin_graphql"), prompt("shopifyAdminGraphql")]}
    assert {r for r, _, _ in facts(diff(old, two))} == {"prompt.removed", "prompt.added"}


def test_a_removed_and_an_added_tool_named_alike_are_named_as_a_possible_rename():
    """dataforseo-mcp-server 2.7.11 → 2.9.11 abbreviated tool names (``keywords_data_*`` →
    ``kw_data_*``) with schemas that also changed, so no rule paired them, and the report gave
    removals and additions with no hint (new-user trial, round 36). The diff's warnings name
    such pairs and the map that pairs them; the findings stay as the rules make them."""
    old = {"tools": [tool("keywords_data_google_ads_search_volume", keywords={"type": "array"}),
                     tool("delete_everything", confirm={"type": "boolean"})]}
    new = {"tools": [tool("kw_data_google_ads_search_volume", keywords={"type": "array"}, x={"type": "string"}),
                     tool("summarise", text={"type": "string"})]}
    result = diff(old, new)
    assert ("tool.removed", "keywords_data_google_ads_search_volume", "") in facts(result)
    (hint,) = [w for w in result.warnings if "renamed" in w]
    assert hint.startswith("a removed and an added tool may be one tool renamed "
                           "('keywords_data_google_ads_search_volume' → 'kw_data_google_ads_search_volume')")
    assert "delete_everything" not in hint and "renames in .mcp-inspect.yml" in hint
    # Named in the map, the pair is one renamed tool and the hint is gone.
    mapped = diff(old, new, renames={"keywords_data_google_ads_search_volume": "kw_data_google_ads_search_volume"})
    assert not [w for w in mapped.warnings if "may be one tool renamed" in w]


@pytest.mark.parametrize(("removed", "added", "hinted"), [
    (["list_issue_comments"], ["get_issue_comments"], [("list_issue_comments", "get_issue_comments")]),
    (["search_files"], ["search_repos"], []),  # one word in common of two
    (["a_b_c_d_e_f"], ["x_y_z_d_e_f"], [("a_b_c_d_e_f", "x_y_z_d_e_f")]),  # half the words
    (["a_b_c_d_e_f_g"], ["x_y_z_w_e_f_g"], []),  # fewer than half
    # two candidates alike: no pair is named
    (["old_user_profile"], ["new_user_profile", "my_user_profile"], []),
    (["old_user_profile", "x_user_profile"], ["new_user_profile"], []),
])
def test_a_possible_rename_needs_a_long_shared_run_of_words_and_one_best_candidate_each_way(removed, added, hinted):
    from mcp_inspect.classify.pairing import Pairing, likely_renames

    assert likely_renames(Pairing(added=sorted(added), removed=sorted(removed))) == hinted
