"""A name in the snapshot store is replaced only on purpose, and can be deleted.

``snapshot --save NAME`` used to replace whatever NAME held without a word and leave the
old object behind; there was no way to delete a name (issue #22).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT

from mcp_inspect import InputError, delete_snapshot, list_snapshots, load, save
from mcp_inspect.cli import app

OLD = str(ROOT / "snapshots" / "git-2025.7.1.json")
NEW = str(ROOT / "snapshots" / "git-2025.11.25.json")


def _objects(store: Path) -> list[str]:
    return sorted(p.stem for p in (store / "objects").iterdir())


@pytest.fixture
def store(tmp_path, monkeypatch):
    root = tmp_path / "store"
    monkeypatch.setenv("MCP_INSPECT_STORE", str(root))
    return root


def test_save_refuses_another_surface_under_a_taken_name_unless_forced(runner, store):
    first = runner.invoke(app, ["snapshot", OLD, "--save", "base"])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, ["snapshot", OLD, "--save", "base"])  # the same surface: fine
    assert again.exit_code == 0, again.output
    held = list_snapshots()[0].fingerprint

    refused = runner.invoke(app, ["snapshot", NEW, "--save", "base"])
    assert refused.exit_code == 2
    line = refused.stderr.strip()
    assert "\n" not in line and "@base already holds another surface" in line and "--force" in line
    assert [e.fingerprint for e in list_snapshots()] == [held]  # untouched
    assert _objects(store) == [held]

    forced = runner.invoke(app, ["snapshot", NEW, "--save", "base", "--force"])
    assert forced.exit_code == 0, forced.output
    now = list_snapshots()[0].fingerprint
    assert now != held and _objects(store) == [now]  # the replaced surface went with it


def test_a_replaced_surface_another_name_holds_is_kept(store):
    old = load(OLD)
    kept = save(old, "a")
    save(old, "b")
    replaced = save(load(NEW), "b", force=True)
    assert _objects(store) == sorted([kept, replaced])


def test_the_library_refuses_like_the_command(store):
    save(load(OLD), "base")
    with pytest.raises(InputError, match="already holds another surface"):
        save(load(NEW), "base")
    with pytest.raises(ValueError, match="snapshot: expected a Snapshot"):
        save(OLD, "base")  # type: ignore[arg-type]


def test_delete_removes_the_name_and_objects_nothing_refers_to(runner, store):
    for name, source in (("one", OLD), ("two", OLD), ("three", NEW)):
        assert runner.invoke(app, ["snapshot", source, "--save", name]).exit_code == 0
    assert len(_objects(store)) == 2

    done = runner.invoke(app, ["snapshots", "--delete", "one"])
    assert done.exit_code == 0, done.output
    assert "removed @one" in done.stderr and "another name refers to it" in done.stderr
    assert len(_objects(store)) == 2  # "two" still names the surface

    held_by_three = next(e.fingerprint for e in list_snapshots() if e.name == "three")
    assert delete_snapshot("three") == [held_by_three]
    assert [e.name for e in list_snapshots()] == ["two"]
    assert _objects(store) == [list_snapshots()[0].fingerprint]

    done = runner.invoke(app, ["snapshots", "--delete", "two"])
    assert done.exit_code == 0 and "deleted 1 surface" in done.stderr
    assert list_snapshots() == [] and _objects(store) == []


def test_deleting_an_unknown_name_is_one_line_and_exit_2(runner, store):
    save(load(OLD), "base")
    done = runner.invoke(app, ["snapshots", "--delete", "bsae"])
    assert done.exit_code == 2
    assert done.stderr.strip().endswith("did you mean @base?")
    with pytest.raises(InputError, match="no snapshot of that name"):
        delete_snapshot("missing")


def test_a_typo_among_several_names_deletes_none(runner, store):
    save(load(OLD), "one")
    save(load(NEW), "two")
    done = runner.invoke(app, ["snapshots", "--delete", "one", "--delete", "tow"])
    assert done.exit_code == 2 and done.stderr.strip().endswith("did you mean @two?")
    assert [e.name for e in list_snapshots()] == ["one", "two"]  # nothing removed before the error
    done = runner.invoke(app, ["snapshots", "--delete", "one", "--delete", "one"])  # named twice: once
    assert done.exit_code == 0, done.output
    assert [e.name for e in list_snapshots()] == ["two"]


def test_the_unknown_name_message_counts_in_words(store):
    save(load(OLD), "zzzzzzzz")
    with pytest.raises(InputError) as caught:
        load("@a")
    assert "(it has 1 name;" in str(caught.value)
    save(load(OLD), "yyyyyyyy")
    with pytest.raises(InputError) as caught:
        load("@a")
    assert "(it has 2 names;" in str(caught.value)


def test_snapshot_to_a_file_says_what_it_wrote(runner, tmp_path):
    out = tmp_path / "out.json"
    done = runner.invoke(app, ["snapshot", OLD, "-o", str(out)])
    assert done.exit_code == 0, done.output
    assert done.stderr == f"mcp-inspect: wrote {out} (13 tools, 0 resources, 0 resource templates, 0 prompts)\n"
    assert load(str(out)).tools and done.stdout == ""
    to_stdout = runner.invoke(app, ["snapshot", OLD])
    assert to_stdout.stderr == ""  # stdout holds the snapshot; nothing else is said
