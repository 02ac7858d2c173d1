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
