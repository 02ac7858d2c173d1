"""Release notes list each entity under one bullet.

New-user trial, round 23 (@mapbox/mcp-server 0.2.0 → 0.14.0): three properties removed
alike from `directions_tool` were folded into one change, "3 properties removed", and that
change was written as a bullet of its own ("Tool `directions_tool`: 3 properties removed …")
before a second "Tool `directions_tool`" bullet holding the tool's other breaking changes.
"""

from __future__ import annotations

from conftest import DATA

from mcp_inspect import diff, load, release_notes
from mcp_inspect.snapshot.shapes import snapshot_from_value

#: The trial's directions tool alone, old and new (tests/data/trial/README.md).
_MAPBOX = DATA / "trial" / "mapbox-mcp-server"


def _section(notes: str, heading: str) -> list[str]:
    lines = notes.splitlines()
    start = lines.index(f"### {heading}") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("### ")), len(lines))
    return lines[start:end]


def test_members_removed_alike_are_one_item_of_their_tool():
    old, new = (load(str(_MAPBOX / f"{version}.json")) for version in ("0.2.0", "0.14.0"))
    breaking = _section(release_notes(diff(old, new, lint=None)), "Breaking")
    bullets = [line for line in breaking if line.startswith("- ")]
    assert bullets == ["- Tool `directions_tool`"]
    items = [line for line in breaking if line.startswith("  - ")]
    assert items[0] == ('  - 3 properties removed: "annotations", "walking_speed", "walkway_bias" '
                        '(`tool.input.property.removed`)')
    assert len(items) == 4  # the removal, two enums narrowed, the rename


def test_members_removed_alike_from_several_tools_are_still_said_once():
    def tool(name: str, props: dict) -> dict:
        return {"name": name, "description": "Find a route.",
                "inputSchema": {"type": "object", "properties": props}}

    both = {"a": {"type": "string"}, "b": {"type": "string"}, "keep": {"type": "string"}}
    kept = {"keep": {"type": "string"}}
    old = snapshot_from_value({"tools": [tool("one", both), tool("two", both)]}, "old.json")
    new = snapshot_from_value({"tools": [tool("one", kept), tool("two", kept)]}, "new.json")
    breaking = _section(release_notes(diff(old, new, lint=None)), "Breaking")
    assert [line for line in breaking if line.startswith("- ")] == [
        '- 2 tools: `one`, `two`: 2 properties removed: "a", "b" (`tool.input.property.removed`)']


def test_a_tool_with_a_change_of_its_own_is_not_also_in_a_shared_bullet():
    """Hostile trial, round 30: `alpha` lost a, b and c, `beta` lost a and b; the notes said
    "2 tools: `alpha`, `beta`: 2 properties removed" and then "Tool `alpha`: property 'c'
    removed", one tool under two bullets. Each tool now says its own removals once; a third
    tool whose change has no own bullet to go under is still said with the others."""
    def tool(name: str, props: str) -> dict:
        return {"name": name, "description": "Find a route.",
                "inputSchema": {"type": "object", "properties": {p: {"type": "string"} for p in props},
                                "additionalProperties": False}}

    old = snapshot_from_value({"tools": [tool("alpha", "abck"), tool("beta", "abk"), tool("gamma", "xk"),
                                         tool("delta", "xk")]}, "old.json")
    new = snapshot_from_value({"tools": [tool("alpha", "k"), tool("beta", "k"), tool("gamma", "k"),
                                         tool("delta", "k")]}, "new.json")
    breaking = _section(release_notes(diff(old, new, lint=None)), "Breaking")
    bullets = [line.split(" — e.g. ")[0] for line in breaking if line.startswith("- ")]
    assert bullets == [
        "- 2 tools: `delta`, `gamma`: property 'x' removed (`tool.input.property.removed`)",
        '- Tool `alpha`: 3 properties removed: "a", "b", "c" (`tool.input.property.removed`)',
        '- Tool `beta`: 2 properties removed: "a", "b" (`tool.input.property.removed`)']


def test_a_shared_bullet_names_the_entities_said_under_their_own():
    """New-user trial, round 42 (azure-mcp 2.0.5 → 3.0.0-beta.46): `diff` said 219 tools lost
    the retry properties, the notes "212 tools" and nothing of the 7 whose removal was said
    under their own bullets (antv's readOnlyHint: 3 tools, where `diff` said 15). The bullet
    now names them, so the two counts add up; each tool still has one bullet (round 30)."""
    def tool(name: str, props: str) -> dict:
        return {"name": name, "description": "Find a route.",
                "inputSchema": {"type": "object", "properties": {p: {"type": "string"} for p in props},
                                "additionalProperties": False}}

    old = snapshot_from_value({"tools": [tool("alpha", "abck"), tool("beta", "ak"), tool("gamma", "ak")]}, "old.json")
    new = snapshot_from_value({"tools": [tool("alpha", "k"), tool("beta", "k"), tool("gamma", "k")]}, "new.json")
    breaking = _section(release_notes(diff(old, new, lint=None)), "Breaking")
    lines = [line.split(" — e.g. ")[0] for line in breaking if line.startswith(("- ", "  - "))]
    assert lines == [
        "- 2 tools: `beta`, `gamma`: property 'a' removed (`tool.input.property.removed`)",
        "  - Also on tool `alpha`, below with its other changes",
        '- Tool `alpha`: 3 properties removed: "a", "b", "c" (`tool.input.property.removed`)'], lines
