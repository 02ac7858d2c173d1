"""BP-001…BP-008 and BP-012…BP-015 (docs/lint.md, the validator's best-practice rules).

The rules of one tool are tested on small hand-written tools. The rules across tools (BP-006,
BP-012, BP-015) are also compared with a plain all-pairs reading of their rows on generated
lists, since they find their candidates through indexes, and timed on 3,000 tools.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

import pytest
from conftest import DATA, ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.rules import bp_siblings
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.checks.vocabulary import tokens

sys.path.insert(0, str(ROOT / "bench"))

import bp_siblings_scale  # noqa: E402

DRIVE = DATA / "peers" / "google-drive-tools.json"
S = {"type": "string", "maxLength": 64}
HINTS = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True}


def tool(name: str = "get_thing", description: str = "Get one thing by its key.", props: Any = None,
         **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"name": name, "title": "Thing", "description": description,
                           "inputSchema": {"type": "object", "properties": props if props is not None else {"key": S},
                                           "additionalProperties": False},
                           "annotations": dict(HINTS)}
    out.update(extra)
    return out


def findings(tools: list[dict[str, Any]], code: str, **settings: Any) -> list[tuple[str | None, str, str]]:
    settings.setdefault("select", ("SEC", "BP"))
    found, _ = lint_tools(tools, LintSettings(**settings))
    return [(f.tool, f.path, f.severity.label) for f in found if f.code == code]


def at(tools: list[dict[str, Any]], code: str) -> list[tuple[str | None, str]]:
    return [(name, path) for name, path, _ in findings(tools, code)]


def without(value: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in value.items() if k not in keys}


# --- BP-001…BP-004: title and annotations -----------------------------------------------------

# (code, tools that must produce it once at the given path, tools that must not).
CASES: list[tuple[str, str, list[dict[str, Any]], list[dict[str, Any]]]] = [
    ("BP-001", "title",
     [without(tool(), "title"), tool(title=""), tool(title=None), tool(title=5),
      without(tool(), "title") | {"annotations": {**HINTS, "title": ""}}],
     # "Non-empty", not "usable": the contract says "empty or whitespace" where it means both.
     [tool(), without(tool(), "title") | {"annotations": {**HINTS, "title": "Thing"}}, tool(title="  "),
      without(tool(), "title") | {"annotations": {**HINTS, "title": " "}}]),
    ("BP-002", "annotations.readOnlyHint",
     [without(tool(), "annotations"), tool(annotations={"idempotentHint": True}), tool(annotations="read-only")],
     [tool(), tool(annotations={"readOnlyHint": False}), tool(annotations={"readOnlyHint": None})]),
    ("BP-003", "annotations.destructiveHint",
     [tool("delete_branch", annotations={}), tool("createIssue", annotations={}), tool("drop", annotations={}),
      tool("issue_update", annotations={}), tool("Settings-Set", annotations={}), tool("purge_cache")
      | {"annotations": {"readOnlyHint": False}}],
     [tool("delete_branch"), tool("settings_list", annotations={}), tool("news_reader", annotations={}),
      tool("address_book", annotations={}), tool("reset_password", annotations={"destructiveHint": True}),
      tool("get_update_status", annotations={}), tool("settings_panel", annotations={}),
      tool("list_removed", annotations={}), {"name": None, "description": "x", "inputSchema": {"type": "object"}}]),
    ("BP-004", "annotations.idempotentHint",
     [without(tool(), "annotations"), tool(annotations={"readOnlyHint": True})],
     [tool(), tool(annotations={"idempotentHint": False})]),
]


@pytest.mark.parametrize(("code", "path", "one"), [(c, p, t) for c, p, bad, _ in CASES for t in bad],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_fires_once(code, path, one):
    assert [p for _, p in at([one], code)] == [path]


@pytest.mark.parametrize(("code", "one"), [(c, t) for c, _, _, good in CASES for t in good],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_stays_quiet(code, one):
    assert at([one], code) == []


def test_bp_003_names_the_token_and_the_annotation():
    found, _ = lint_tools([tool("delete_branch", annotations={})], LintSettings(select=("BP-003",)))
    assert "'delete'" in found[0].message and "destructiveHint" in found[0].message
    assert found[0].severity.label == "info"


# --- BP-005, BP-007, BP-008: the shape of the input --------------------------------------------


def test_bp_005_counts_root_properties_above_ten():
    eleven = {f"p{i}": {"type": "boolean"} for i in range(11)}
    assert findings([tool(props=eleven)], "BP-005") == [("get_thing", "inputSchema.properties", "warning")]
    assert at([tool(props=dict(list(eleven.items())[:10]))], "BP-005") == []
    nested = {"outer": {"type": "object", "additionalProperties": False, "properties": eleven}}
    assert at([tool(props=nested)], "BP-005") == []


def _nest(levels: int, via: str = "properties") -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    for _ in range(levels):
        if via == "items":
            schema = {"type": "array", "items": schema}
        elif via == "additionalProperties":
            schema = {"type": "object", "additionalProperties": schema}
        else:
            schema = {"type": "object", "properties": {"x": schema}}
    return schema


@pytest.mark.parametrize("via", ["properties", "items", "additionalProperties"])
def test_bp_007_depth_above_four(via):
    # The root's properties entry is level 1, so a parameter holding n more levels is n + 1 deep.
    assert findings([tool(props={"a": _nest(4, via)})], "BP-007") == [("get_thing", "inputSchema", "warning")]
    assert at([tool(props={"a": _nest(3, via)})], "BP-007") == []


def test_bp_007_combinators_add_no_level_and_defs_do_not_count():
    branches = {"anyOf": [{"oneOf": [{"allOf": [_nest(3)]}]}]}
    assert at([tool(props={"a": branches})], "BP-007") == []
    deep_defs = {"type": "object", "properties": {"a": S}, "$defs": {"d": _nest(8)}}
    assert at([tool() | {"inputSchema": deep_defs}], "BP-007") == []
    found, _ = lint_tools([tool(props={"a": {"anyOf": [_nest(4)]}})], LintSettings(select=("BP-007",)))
    assert "5 levels" in found[0].message and "inputSchema.properties.a.anyOf[0]" in found[0].message


def test_bp_008_complex_top_level_parameters_without_example():
    props = {
        "filter": {"type": "object", "properties": {"a": S}},
        "ids": {"type": ["array", "null"], "items": S},
        "choice": {"oneOf": [S, {"type": "integer"}]},
        "colour": {"type": "string", "enum": ["red", "green", "blue", "black"]},
        "size": {"type": "string", "enum": ["s", "m", "l"]},
        "shown": {"type": "object", "examples": [{}]},
        "listed": {"type": "array", "example": []},
        "defaulted": {"anyOf": [S], "default": "x"},
        "plain": S,
        "outer": {"type": "object", "default": {}, "properties": {"inner": {"type": "object"}}},
    }
    assert [p for _, p in at([tool(props=props)], "BP-008")] == [
        f"inputSchema.properties.{name}" for name in sorted(("filter", "ids", "choice", "colour"))]


# --- BP-013, BP-014: output the caller cannot narrow -------------------------------------------


@pytest.mark.parametrize("one", [
    tool("list_channels", props={}),
    tool("searchUsers", props={"name": S}),
    tool("get_things", "Returns all things of the account.", props={"key": S}),
    tool("get_things", "Lists every thing.", props={}),
])
def test_bp_013_collection_without_paging(one):
    assert at([one], "BP-013") == [(one["name"], "inputSchema")]


@pytest.mark.parametrize("one", [
    tool("list_channels", props={"limit": {"type": "integer", "minimum": 1, "maximum": 50}}),
    tool("list_channels", props={"opts": {"type": "object", "properties": {"pageSize": S}}}),
    tool("search_users", props={"query": S}),
    tool("find_file", props={"name_filter": S}),
    tool("get_thing", "Get one thing; listing is elsewhere.", props={}),
    tool("listing_rules", props={}),
    tool("list_channels", props={}) | {"inputSchema": None},
])
def test_bp_013_quiet(one):
    assert at([one], "BP-013") == []


def test_bp_014_full_output_without_control():
    assert at([tool(description="Get a ticket with its fullText and history.")], "BP-014") == \
        [("get_thing", "inputSchema")]
    quiet = [tool(description="Get a ticket with its full history.", props={"include_comments": {"type": "boolean"}}),
             tool(description="Get a ticket.", props={}),
             tool(description="Get a fully specified ticket.", props={}),
             tool(description="Dump the entire log.", props={"response_format": S})]
    assert at(quiet, "BP-014") == []


# --- BP-006: identical complex parameter schemas -----------------------------------------------

PAGE = {"type": "integer", "minimum": 1, "maximum": 100, "description": "Results per page."}


def test_bp_006_reports_every_copy_the_same_tool_included():
    tools = [tool("a_search", props={"per_page": PAGE, "limit": PAGE}),
             tool("b_search", props={"per_page": dict(reversed(list(PAGE.items())))}),
             tool("c_search", props={"per_page": {**PAGE, "description": "Page size."}})]
    assert at(tools, "BP-006") == [("a_search", "inputSchema.properties.limit"),
                                   ("a_search", "inputSchema.properties.per_page"),
                                   ("b_search", "inputSchema.properties.per_page")]
    found, _ = lint_tools(tools, LintSettings(select=("BP-006",)))
    assert "3 copies" in found[0].message


def test_bp_006_canonical_form_sorts_required_enum_and_type_only():
    one = {"type": "object", "properties": {"a": S, "b": S}, "required": ["a", "b"], "enum": [2, 1]}
    two = {"required": ["b", "a"], "enum": [1, 2], "properties": {"b": S, "a": S}, "type": "object"}
    assert len(at([tool("x", props={"p": one}), tool("y", props={"p": two})], "BP-006")) == 2
    ordered = {"type": ["string", "null"], "minLength": 1, "maxLength": 5, "examples": ["b", "a"]}
    other = {**ordered, "examples": ["a", "b"]}
    assert at([tool("x", props={"p": ordered}), tool("y", props={"p": other})], "BP-006") == []
    flipped = {**ordered, "type": ["null", "string"]}
    assert len(at([tool("x", props={"p": ordered}), tool("y", props={"p": flipped})], "BP-006")) == 2


@pytest.mark.parametrize("schema", [
    {"type": "string", "maxLength": 64},  # one keyword
    {"type": "object"},
    {"type": "object", "properties": {}},
    {"type": "array", "items": {"type": "string"}},
    {"enum": ["a", "b"]},
])
def test_bp_006_simple_schemas_may_repeat(schema):
    assert at([tool("x", props={"p": schema}), tool("y", props={"p": schema})], "BP-006") == []


@pytest.mark.parametrize("schema", [
    {"type": "object", "properties": {"a": S}},
    {"type": "array", "items": {"type": "object", "properties": {"a": S}}},
    {"anyOf": [S], "minLength": 1},
])
def test_bp_006_complex_schemas(schema):
    assert len(at([tool("x", props={"p": schema}), tool("y", props={"q": schema})], "BP-006")) == 2


# --- BP-012: a handle whose lifetime is not documented -----------------------------------------

NEEDS_SESSION = tool("take_screenshot", props={"session_id": S}) | {
    "inputSchema": {"type": "object", "properties": {"session_id": S}, "required": ["session_id"]}}


def test_bp_012_description_mentions_the_handle():
    opener = tool("open_session", "Open a browser session and return its session ID.", props={})
    assert findings([opener, NEEDS_SESSION], "BP-012") == [("open_session", "description", "info")]
    found, _ = lint_tools([opener, NEEDS_SESSION], LintSettings(select=("BP-012",)))
    assert "'session_id'" in found[0].message and "'take_screenshot'" in found[0].message


def test_bp_012_output_schema_produces_the_handle():
    output = {"type": "object", "properties": {"result": {"type": "object", "properties": {"session_id": S}}}}
    opener = tool("create_context", "Create a browsing context.", props={}, outputSchema=output)
    assert at([NEEDS_SESSION, opener], "BP-012") == [("create_context", "description")]


@pytest.mark.parametrize("tools", [
    # the lifetime is documented
    [tool("open_session", "Open a session; the session ID expires after an hour.", props={}), NEEDS_SESSION],
    [tool("open_session", "Open a session. The session id is valid for one hour.", props={}), NEEDS_SESSION],
    [tool("start_session", "Start a session that lasts until it is closed, returns session_id.", props={}),
     NEEDS_SESSION],
    # not a producer's name
    [tool("get_session", "Return the session ID of the current session.", props={}), NEEDS_SESSION],
    # nobody requires the handle (optional, or not at the root)
    [tool("open_session", "Open a session and return its session ID.", props={}),
     tool("take_screenshot", props={"session_id": S})],
    # the only tool requiring it has the producer's name
    [tool("open_session", "Open a session and return its session ID.") | {
        "inputSchema": {"type": "object", "properties": {"session_id": S}, "required": ["session_id"]}}],
    # the handle is not mentioned ("session" alone is not "session_id")
    [tool("open_session", "Open a session.", props={}), NEEDS_SESSION],
    # a required name without a handle token
    [tool("create_issue", "Create an issue; returns its issue number.", props={}),
     tool("get_issue", props={"issue_number": S}) | {
         "inputSchema": {"type": "object", "properties": {"issue_number": S}, "required": ["issue_number"]}}],
])
def test_bp_012_quiet(tools):
    assert at(tools, "BP-012") == []


# --- BP-015: overlapping descriptions ----------------------------------------------------------


def test_bp_015_similar_descriptions_name_the_first_earlier_tool():
    tools = [tool("search_issues", "Search issues of a repository by text, label, author or state."),
             tool("get_me", "Get the signed-in user's profile and settings."),
             tool("find_issues", "Search the issues of a repository by text, label, author and state."),
             tool("query_issues", "Search issues in a repository by label, author, state or text.")]
    assert findings(tools, "BP-015") == [("find_issues", "description", "info"),
                                          ("query_issues", "description", "info")]
    found, _ = lint_tools(tools, LintSettings(select=("BP-015",)))
    assert all("'search_issues'" in f.message for f in found) and "100%" in found[0].message


def test_bp_015_contained_description():
    short = "Create a pull request from a branch into the default branch of the repository."
    tools = [tool("create_pr", short),
             tool("create_pull_request", short + " Reviewers, labels, milestones and assignees may be set too.")]
    found, _ = lint_tools(tools, LintSettings(select=("BP-015",)))
    assert [(f.tool, f.variant) for f in found] == [("create_pull_request", "contains")]
    assert [(f.tool, f.variant) for f in lint_tools(tools[::-1], LintSettings(select=("BP-015",)))[0]] == \
        [("create_pr", "contained")]


@pytest.mark.parametrize("tools", [
    # the same name (and a name differing only in case) is NAM-007's
    [tool("search", "Search issues of a repository by text, label, author or state."),
     tool("search", "Search issues of a repository by text, label, author or state.")],
    [tool("getUser", "Get one user of the organisation by login, email or id."),
     tool("getuser", "Get one user of the organisation by login, email or id.")],
    # fewer than five words once stopwords are removed
    [tool("a_tool", "Use this tool to get it."), tool("b_tool", "Use this tool to get it.")],
    # contained, but the shorter has fewer than eight words
    [tool("a_tool", "Search issues by text label author state."),
     tool("b_tool", "Search issues by text label author state, then sort them by date and group them by milestone.")],
    # different enough
    [tool("search_issues", "Search issues of a repository by text, label, author or state."),
     tool("search_pulls", "Search pull requests by branch, reviewer or review status.")],
])
def test_bp_015_quiet(tools):
    assert at(tools, "BP-015") == []


# --- the rules across tools against a plain all-pairs reading ----------------------------------

STOPWORDS = {"a", "an", "the", "of", "to", "for", "and", "or", "in", "on", "with", "this", "that", "is", "are",
             "be", "it", "use", "when", "you", "tool"}


def _words(text: str) -> list[str]:
    return [w for w in tokens(text) if w not in STOPWORDS]


def _inside(short: list[str], long: list[str]) -> bool:
    return any(long[i:i + len(short)] == short for i in range(len(long) - len(short) + 1))


def _overlap(a: str, b: str) -> bool:
    wa, wb = _words(a), _words(b)
    sa, sb = set(wa), set(wb)
    if len(sa) >= 5 and len(sb) >= 5 and len(sa & sb) / len(sa | sb) >= 0.75:
        return True
    if len(sa) >= 8 and len(sb) >= 8 and wa != wb:
        short, long = sorted((wa, wb), key=len)
        return len(short) < len(long) and _inside(short, long)
    return False


def all_pairs_bp_015(tools: list[dict[str, Any]]) -> list[tuple[str, str]]:
    out = []
    for j, later in enumerate(tools):
        for earlier in tools[:j]:
            if earlier["name"].casefold() != later["name"].casefold() \
                    and _overlap(earlier["description"], later["description"]):
                out.append((later["name"], earlier["name"]))
                break
    return out


VOCABULARY = ["file", "files", "read", "write", "issue", "repo", "branch", "the", "a", "of", "user", "page",
              "search", "list", "create", "delete", "label", "state", "text", "author", "date", "tool"]
BASE = ["Search", "the", "files", "of", "a", "repository", "by", "name", "label", "author", "state", "and",
        "date", "then", "list", "the", "matching", "issues", "with", "their", "branch", "and", "page"]
description = st.one_of(
    st.lists(st.sampled_from(VOCABULARY), min_size=0, max_size=14).map(" ".join),
    # pieces of one sentence: contained in each other, or nearly the same
    st.tuples(st.integers(0, len(BASE)), st.integers(0, len(BASE))).map(lambda ab: " ".join(BASE[ab[0]:ab[1]])),
    st.tuples(st.integers(0, 4), st.integers(12, len(BASE)), st.sampled_from(VOCABULARY)).map(
        lambda t: " ".join(BASE[t[0]:t[1]] + [t[2]])),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c", "d", "e", "f", "A"]), description), max_size=12))
def test_bp_015_equals_the_all_pairs_reading(pairs):
    tools = [tool(f"{name}_{i % 5}", text) for i, (name, text) in enumerate(pairs)]
    found, _ = lint_tools(tools, LintSettings(select=("BP-015",)))
    expected = all_pairs_bp_015(tools)
    assert sorted((f.tool, f.args["other"]) for f in found) == sorted(expected)


def _canon(value: Any, key: str | None = None) -> Any:
    if isinstance(value, dict):
        return {k: _canon(v, k) for k, v in sorted(value.items())}
    if isinstance(value, list):
        items = [_canon(v) for v in value]
        return sorted(items, key=json.dumps) if key in ("required", "enum", "type") else items
    return value


schemas = st.sampled_from([
    {"type": "integer", "minimum": 1, "maximum": 9},
    {"maximum": 9, "minimum": 1, "type": "integer"},
    {"type": "integer", "minimum": 1, "maximum": 9, "description": "x"},
    {"type": "string", "enum": ["a", "b"], "maxLength": 1},
    {"type": "string", "enum": ["b", "a"], "maxLength": 1},
    {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
    {"type": "string", "maxLength": 3},
])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(["p", "q", "r"]), schemas, max_size=3), max_size=6))
def test_bp_006_equals_the_all_pairs_reading(param_sets):
    tools = [tool(f"t{i}", props=props) for i, props in enumerate(param_sets)]
    occurrences = [(t["name"], name, json.dumps(_canon(schema)))
                   for t in tools for name, schema in t["inputSchema"]["properties"].items()
                   if schema != {"type": "string", "maxLength": 3}]
    expected = sorted((t, f"inputSchema.properties.{n}") for t, n, c in occurrences
                      if sum(1 for _, _, other in occurrences if other == c) > 1)
    assert sorted(at(tools, "BP-006")) == expected


# --- 3,000 tools -------------------------------------------------------------------------------


def _many(n: int, same: bool) -> list[dict[str, Any]]:
    """The workload bench/bp_siblings_scale.py times, so that the count here and the time
    there measure the same tools."""
    return bp_siblings_scale.tools(n, same)


class _Counted(list):  # type: ignore[type-arg]
    """A list that counts the reads by index: BP-015's comparisons read each candidate the
    indexes hand them (``sets[other]``, ``seqs[sid]``) by index, and nothing else does."""

    reads = 0

    def __getitem__(self, index: Any) -> Any:
        _Counted.reads += 1
        return super().__getitem__(index)


def _candidates(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make BP-015's two comparisons count the candidate pairs their indexes hand them."""
    similar, contained = bp_siblings._similar_sets, bp_siblings._contained
    monkeypatch.setattr(bp_siblings, "_similar_sets", lambda sets, df, t: similar(_Counted(sets), df, t))
    monkeypatch.setattr(bp_siblings, "_contained", lambda seqs, df: contained(_Counted(seqs), df))


def test_the_candidate_count_sees_an_all_pairs_reading(monkeypatch):
    """The counter below measures the comparisons: at a Jaccard threshold of 0 no word can be
    left out of the index, and the 150 tools' descriptions, which share their first words,
    are compared pair by pair (150 · 149 / 2)."""
    _candidates(monkeypatch)
    _Counted.reads = 0
    sets = [frozenset(tokens(t["description"])) for t in _many(150, False)]
    bp_siblings._similar_sets(sets, bp_siblings._rarity(sets), 0.0)
    assert _Counted.reads == 150 * 149 // 2


@pytest.mark.parametrize("same", [False, True], ids=["distinct", "identical"])
def test_rules_across_tools_stay_fast_on_3000_tools(same, monkeypatch):
    """All pairs of 3,000 tools would be 4.5 million comparisons, four hundred times those of
    150 tools; the indexes keep the work growing with the tools. Counted, not timed: a ratio
    of two wall-clock timings failed once on a loaded machine (hostile trial, round 43). The
    timing is bench/bp_siblings_scale.py's (docs/performance.md, "Rules across tools")."""
    tools = _many(3000, same)
    selected = LintSettings(select=("BP-006", "BP-012", "BP-015"))
    _candidates(monkeypatch)
    work = {}
    for n in (150, 3000):
        _Counted.reads = 0
        found, _ = lint_tools(tools[:n], selected)
        work[n] = _Counted.reads
    counts = Counter(f.code for f in found)
    assert counts["BP-006"] == 3000
    assert counts["BP-015"] == (2999 if same else 0)
    # Near-linear: no more candidates a tool at 3,000 tools than twice those at 150 (at
    # least one a tool), where all pairs would hand each tool twenty times as many.
    assert work[3000] / 3000 <= 2 * max(work[150] / 150, 1), work


# --- the Drive case study (docs/lint.md, section 13) -----------------------------------------


@pytest.mark.skipif(not DRIVE.exists(), reason="needs ../shared/peers")
def test_drive_tools_give_the_reference_bp_findings():
    tools = json.loads(DRIVE.read_text())["tools"]
    found, _ = lint_tools(tools, LintSettings(select=("BP",), ignore=("BP-009", "BP-010", "BP-011")))
    assert Counter((f.code, f.severity.label) for f in found) == {("BP-008", "info"): 3, ("BP-014", "info"): 1}
    assert [f.tool for f in found if f.code == "BP-014"] == ["create_file"]
