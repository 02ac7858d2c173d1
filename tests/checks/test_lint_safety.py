"""MCP-020 and MCP-022 precision: every poisoned example fires, honest text does not, and the
real corpus stays at the false-positive counts recorded in docs/lint.md."""

from __future__ import annotations

import json

import pytest
from conftest import CORPUS, DATA

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.sinks import sink_kind, words
from mcp_inspect.checks.unicode import decode_tags, normalise
from mcp_inspect.snapshot import load_snapshot
from mcp_inspect.text.invisible import hidden_chars

POISONING = DATA / "poisoning"
#: The corpus false-positive counts documented in docs/lint.md; a change may lower them, never raise them.
DOCUMENTED_FALSE_POSITIVES = {"MCP-020": 0, "MCP-022": 0}


def _load(code: str) -> dict:
    return json.loads((POISONING / f"{code.lower()}.json").read_text())


def _entries(code: str, kind: str) -> list[dict]:
    return _load(code)[kind]


def _paths(tool: dict, code: str) -> list[str]:
    findings, _ = lint_tools([tool])
    return [f.path for f in findings if f.code == code]


@pytest.mark.parametrize("code", ["MCP-020", "MCP-022"])
def test_enough_examples_on_each_side(code):
    assert len(_entries(code, "positives")) >= 15 and len(_entries(code, "negatives")) >= 15


@pytest.mark.parametrize("entry", _entries("MCP-020", "positives"), ids=lambda e: e["id"])
def test_poisoned_text_fires(entry):
    assert _paths(entry["tool"], "MCP-020")


@pytest.mark.parametrize("entry", _entries("MCP-020", "negatives"), ids=lambda e: e["id"])
def test_honest_text_does_not_fire(entry):
    assert not _paths(entry["tool"], "MCP-020")


@pytest.mark.parametrize("entry", _entries("MCP-022", "positives"), ids=lambda e: e["id"])
def test_unconstrained_sink_fires_at_its_property(entry):
    assert entry["path"] in _paths(entry["tool"], "MCP-022")


@pytest.mark.parametrize("entry", _entries("MCP-022", "negatives"), ids=lambda e: e["id"])
def test_non_sink_or_constrained_property_does_not_fire(entry):
    assert not _paths(entry["tool"], "MCP-022")


def _corpus_tools() -> list[tuple[str, dict]]:
    seen: dict[str, tuple[str, dict]] = {}
    for path in sorted(CORPUS.glob("*/*.json")):
        for tool in load_snapshot(str(path)).tools or []:
            seen.setdefault(json.dumps(tool, sort_keys=True), (path.parent.name, tool))
    return list(seen.values())


def test_corpus_false_positives_do_not_regress():
    reviewed = {(e["server"], e["tool"], e["path"])
                for e in json.loads((POISONING / "corpus-sinks.json").read_text())["reviewed"]}
    tools = _corpus_tools()
    assert len(tools) >= 300
    wrong: dict[str, list[str]] = {"MCP-020": [], "MCP-022": []}
    sinks_seen = set()
    for server, tool in tools:
        findings, _ = lint_tools([tool])
        for f in findings:
            if f.code == "MCP-020":
                wrong["MCP-020"].append(f"{server}/{f.location}")
            elif f.code == "MCP-022":
                sinks_seen.add((server, f.tool, f.path))
                if (server, f.tool, f.path) not in reviewed:
                    wrong["MCP-022"].append(f"{server}/{f.location}")
    for code, limit in DOCUMENTED_FALSE_POSITIVES.items():
        assert len(wrong[code]) <= limit, wrong[code]
    assert sinks_seen == reviewed  # a reviewed sink that stops firing is a lost detection


def test_words_split_names_the_way_people_write_them():
    assert words("repo_path") == ["repo", "path"]
    assert words("fileID") == ["file", "id"]
    assert words("HTMLUrl") == ["html", "url"]
    assert words("upload-uri.v2") == ["upload", "uri", "v", "2"]


def test_sink_words_need_their_context():
    assert sink_kind("query", set()) is None
    assert sink_kind("query", {"sql"}) == "SQL statement"
    assert sink_kind("code", {"verify"}) is None
    assert sink_kind("code", {"execute"}) == "piece of code"
    assert sink_kind("profile", set()) is None


def test_normalise_sees_through_hiding():
    assert normalise("Ig\u200bnore  PREVIOUS\ninstructions") == "ignore previous instructions"
    smuggled = "".join(chr(0xE0000 + ord(c)) for c in "hi there")
    assert decode_tags("ok" + smuggled) == "hi there"
    assert normalise("ok" + smuggled) == "ok hi there"
    assert normalise("\uff49\uff47\uff4e\uff4f\uff52\uff45") == "ignore"  # full-width letters


def test_joiners_are_judged_by_their_neighbours():
    assert hidden_chars("a\u200db") == (1, ["\u200d"])
    assert hidden_chars("👨\u200d👩") == (0, [])
    assert hidden_chars("\u200d") == (1, ["\u200d"])
    # Counted, each kind named once in the order of first appearance, joiners among them.
    assert hidden_chars("\u202e a\u200bb\u200d \u202e\u200b") == (5, ["\u202e", "\u200b", "\u200d"])


def test_a_type_that_is_an_object_or_holds_one_is_no_crash():
    # Found by the fuzz suite: `type: {}` made the sink check hash a dict.
    from mcp_inspect.checks.engine import lint_tools

    for kind, sink in (({}, False), ([{}], False), ([["string"]], False), ([{}, "string"], True)):
        schema = {"type": "object", "properties": {"path": {"type": kind}}}
        findings, _ = lint_tools([{"name": "t", "description": "d", "inputSchema": schema}])
        assert any(f.code == "MCP-022" for f in findings) is sink, kind


def test_millions_of_hidden_characters_are_counted_not_listed():
    """MCP-021 counts occurrences as it finds them (a list of each cost ~190 bytes apiece:
    a 64 MiB description of tag characters needed gigabytes) and names each kind once. 100,000
    of them: a list would take some 19 MB, the peak stays at a few KB (the size is the point
    only as the gap between the two, which it keeps a hundred times over)."""
    import tracemalloc

    text = "x" + "\U000e0041\u200b" * 50_000
    tracemalloc.start()
    try:
        count, kinds = hidden_chars(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert (count, kinds) == (100_000, ["\U000e0041", "\u200b"])
    assert peak < len(text.encode("utf-32"))  # less than one more copy of the text: nothing per occurrence
    findings, _ = lint_tools([{"name": "t", "description": text, "inputSchema": {"type": "object", "properties": {}}}])
    assert [f.message.split(" (")[0] for f in findings if f.code == "MCP-021"] == ["100000 invisible characters"]
