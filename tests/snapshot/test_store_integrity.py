"""A store object is checked against the fingerprint that names it.

Hostile trial, round 3 (issue 34): with another valid surface copied over
``objects/<fingerprint>.json`` (a hand edit, a merge resolved the wrong way, a copy from
another store), ``diff @base s0.json`` compared s0 with that other surface and failed the gate
without a word, and saving s0 again as ``base`` printed "saved" but left the wrong object in
place, since a save skipped any object file that already existed. Reading an object now
refuses one that does not hash to its name (exit 2, one line saying how to repair it), and a
save rewrites it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcp_inspect import InputError, load
from mcp_inspect.cli import app
from mcp_inspect.snapshot import store


def _surface(tmp_path: Path, tool: str) -> str:
    path = tmp_path / f"{tool}.json"
    path.write_text(json.dumps({"tools": [{"name": tool, "description": f"The {tool} tool.",
                                           "inputSchema": {"type": "object"}}]}))
    return str(path)


@pytest.fixture
def tampered(tmp_path: Path) -> tuple[Path, str, str]:
    """A store whose @base object holds another surface than the one saved."""
    root = tmp_path / "store"
    saved, other = _surface(tmp_path, "t0"), _surface(tmp_path, "t2")
    fingerprint = store.save(load(saved), "base", root).fingerprint
    (root / "objects" / f"{fingerprint}.json").write_text(Path(other).read_text())
    return root, saved, fingerprint


def test_an_object_that_does_not_hash_to_its_name_is_refused_in_one_line(runner, tampered):
    root, saved, fingerprint = tampered
    result = runner.invoke(app, ["diff", "@base", saved, "--store", str(root)])
    assert result.exit_code == 2, result.output  # not a diff of two other surfaces (exit 1)
    line = result.stderr.strip()
    assert "\n" not in line and f"{fingerprint}.json does not hold the surface its name says" in line
    assert f"mcp-inspect snapshot {saved} --save base --force" in line  # how to repair it
    with pytest.raises(InputError, match="does not hold the surface its name says"):
        store.load_named("base", root)


def test_saving_the_surface_again_repairs_the_object(runner, tampered):
    root, saved, fingerprint = tampered
    again = runner.invoke(app, ["snapshot", saved, "--save", "base", "--store", str(root)])
    assert again.exit_code == 0, again.output
    repaired = store.load_named("base", root)
    assert [tool["name"] for tool in repaired.tools or []] == ["t0"]
    diffed = runner.invoke(app, ["diff", "@base", saved, "--store", str(root)])
    assert diffed.exit_code == 0, diffed.output


def test_an_object_cut_short_is_rewritten_by_a_save(tampered):
    root, saved, fingerprint = tampered
    (root / "objects" / f"{fingerprint}.json").write_text('{"tools": [')
    store.save(load(saved), "other", root)  # another name for the same surface
    assert store.load_named("base", root).tools == store.load_named("other", root).tools
