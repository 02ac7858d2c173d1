"""Every difference between the six client profiles, as behaviour, and the table as documented."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from conftest import ROOT, SHARED

from mcp_inspect.checks.engine import lint_tools
from mcp_inspect.checks.profiles import PROFILES, get_profile
from mcp_inspect.checks.settings import LintSettings
from mcp_inspect.errors import InputError

ALL = ["claude", "openai", "gemini", "foundry", "copilot", "generic"]
#: The spec's table (docs/lint.md), column by column.
TABLE = {
    #          tool max  property chars       combinators  draft
    "claude": (64, "A-Za-z0-9_.-", False, "2020-12"),
    "openai": (64, "A-Za-z0-9_-", False, None),
    "gemini": (64, "A-Za-z0-9_.-", False, None),
    "foundry": (64, "A-Za-z0-9_-", False, None),
    "copilot": (64, "A-Za-z0-9_.-", False, None),
    "generic": (128, None, True, None),
}


def codes(tool: dict[str, Any], profile: str) -> set[str]:
    findings, _ = lint_tools([tool], LintSettings(profile=profile))
    return {f.code for f in findings}


def tool(name: str = "t", schema: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": name, "description": "A tool.",
            "inputSchema": schema if schema is not None else {"type": "object", "properties": {}}}


def props(name: str) -> dict[str, Any]:
    return tool(schema={"type": "object", "properties": {name: {"type": "integer"}}})


def test_the_table_is_the_data():
    assert list(PROFILES) == ALL
    for name, (tool_max, prop_chars, combinators, draft) in TABLE.items():
        p = PROFILES[name]
        assert (p.tool_name_chars, p.tool_name_max) == ("A-Za-z0-9_-", tool_max)
        assert (p.property_name_chars, p.property_name_max) == (prop_chars, 64)
        assert p.root_object and p.root_properties
        assert p.root_combinators is combinators and p.draft == draft


@pytest.mark.parametrize("profile", ALL)
def test_tool_name_length(profile):
    limit = TABLE[profile][0]
    assert "MCP-001" not in codes(tool("n" * limit), profile)
    assert "MCP-001" in codes(tool("n" * (limit + 1)), profile)
    assert ("MCP-001" in codes(tool("n" * 100), profile)) is (limit == 64)


@pytest.mark.parametrize("profile", ALL)
@pytest.mark.parametrize("name", ["files.read", "files/read", "read file", "lire_é"])
def test_tool_name_characters_are_the_same_everywhere(profile, name):
    assert "MCP-001" in codes(tool(name), profile)


@pytest.mark.parametrize("profile", ALL)
def test_dotted_property_names(profile):
    dotted_ok = TABLE[profile][1] is None or "." in TABLE[profile][1]
    assert ("MCP-007" in codes(props("file.path"), profile)) is not dotted_ok


@pytest.mark.parametrize("profile", ALL)
def test_property_names_with_spaces_only_generic_accepts(profile):
    assert ("MCP-007" in codes(props("file path"), profile)) is (profile != "generic")


@pytest.mark.parametrize("profile", ALL)
def test_property_name_length_cap_applies_to_every_profile(profile):
    assert "MCP-007" in codes(props("p" * 65), profile)
    assert "MCP-007" not in codes(props("p" * 64), profile)


@pytest.mark.parametrize("profile", ALL)
@pytest.mark.parametrize("keyword", ["$ref", "allOf", "anyOf", "oneOf"])
def test_root_combinators(profile, keyword):
    value: Any = "#/$defs/x" if keyword == "$ref" else [{"required": []}]
    schema = {"type": "object", "properties": {}, keyword: value, "$defs": {"x": {"type": "object"}}}
    assert ("MCP-005" in codes(tool(schema=schema), profile)) is (not TABLE[profile][2])


@pytest.mark.parametrize("profile", ALL)
def test_root_object_and_properties_are_required_everywhere(profile):
    assert "MCP-004" in codes(tool(schema={"type": "array"}), profile)
    assert "MCP-006" in codes(tool(schema={"type": "object"}), profile)


@pytest.mark.parametrize("profile", ALL)
def test_preferred_draft(profile):
    draft07 = tool(schema={"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {}})
    assert ("MCP-011" in codes(draft07, profile)) is (profile == "claude")
    assert "MCP-011" not in codes(tool(), profile)  # an absent $schema is the profile's default


def test_unknown_profile_is_a_usage_error():
    with pytest.raises(InputError, match="unknown profile 'vscode'"):
        get_profile("vscode")


def _documented_rows(path, cells: int = 6) -> dict[str, list[str]]:
    """The profile table's rows: the first ``cells`` columns after the profile's name."""
    text = path.read_text(encoding="utf-8")
    section = text.split("## Client profiles", 1)[1]
    rows = {}
    for line in section.splitlines():
        found = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(found) >= cells + 1 and found[0].split()[0].strip("`") in ALL:
            rows[found[0].split()[0].strip("`")] = found[1:cells + 1]
    return rows


@pytest.mark.parametrize("doc", [ROOT / "docs" / "lint.md", SHARED / "docs" / "lint.md"], ids=["docs", "shared"])
def test_documented_table_matches_the_data(doc):
    if not doc.exists():
        pytest.skip(f"{doc} is not here")
    rows = _documented_rows(doc)
    assert set(rows) == set(ALL)
    for name, cells in rows.items():
        p = PROFILES[name]
        assert cells[0] == f"`[{p.tool_name_chars}]`, 1–{p.tool_name_max}"
        assert cells[1] == ("any" if p.property_name_chars is None else f"`[{p.property_name_chars}]`, 1–64")
        assert cells[2] == "required"
        assert cells[3] == ("allowed" if p.root_combinators else "rejected")
        assert cells[4] == "required"
        assert re.sub(r"\s+", "", cells[5]) == (p.draft or "any")


# --- the context window each profile's share is reported against -------------------------------

WINDOWS = {"claude": 200_000, "openai": 128_000, "gemini": 1_048_576, "foundry": 128_000,
           "copilot": 128_000, "generic": 200_000}


def test_each_profile_states_its_own_window():
    assert {name: p.context_window for name, p in PROFILES.items()} == WINDOWS


def test_the_documented_windows_are_the_data():
    rows = _documented_rows(ROOT / "docs" / "lint.md", cells=7)
    assert {name: int(cells[6].replace(",", "")) for name, cells in rows.items()} == WINDOWS


def _big(n: int) -> list[dict[str, Any]]:
    # n tools of about 1,010 estimated tokens each
    return [tool(f"t{i}") | {"description": "x" * 4000} for i in range(n)]


@pytest.mark.parametrize("profile", ALL)
def test_the_share_is_of_the_profile_window_in_every_format(profile):
    from mcp_inspect.api import lint, render
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    report = lint(snapshot_from_value(_big(3), "tools.json"), LintSettings(profile=profile))
    tokens = report.new.tokens
    assert tokens is not None and tokens.window == WINDOWS[profile]
    out = json.loads(render(report, "json"))["tokens"]
    assert out["window"] == WINDOWS[profile]
    assert out["shareOfWindow"] == round(out["total"] / WINDOWS[profile], 6)
    said = f"of the {profile} profile's {WINDOWS[profile]:,}-token window"
    for fmt in ("text", "markdown", "github", "html"):
        shown = html.unescape(render(report, fmt)).replace("\\", "")  # HTML entities, Markdown escapes
        assert said in shown, fmt


@pytest.mark.parametrize("profile", ALL)
def test_mcp_032_keeps_its_40000_limit_and_names_the_profile_window(profile):
    findings, tokens = lint_tools(_big(40), LintSettings(profile=profile, select=("MCP-032",)))
    assert tokens.total > 40_000
    [finding] = findings
    assert f"of the {profile} profile's {WINDOWS[profile]:,}-token context window" in finding.message
    assert f"{tokens.total / WINDOWS[profile]:.0%}" in finding.message
    assert "fixed limit of 40,000" in finding.message
    under, _ = lint_tools(_big(39), LintSettings(profile=profile, select=("MCP-032",)))
    assert under == []  # 39 tools stay under 40,000 whatever the window
