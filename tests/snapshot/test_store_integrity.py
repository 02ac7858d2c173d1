"""A store object is checked against the digest of its bytes that the index recorded.

Hostile trial, round 3 (issue 34): with another valid surface copied over
``objects/<fingerprint>.json`` (a hand edit, a merge resolved the wrong way, a copy from
another store), ``diff @base s0.json`` compared s0 with that other surface and failed the gate
without a word, and saving s0 again as ``base`` printed "saved" but left the wrong object in
place, since a save skipped any object file that already existed. Reading an object now
refuses one whose bytes are not those the save wrote (exit 2, one line saying how to repair
it), and a save rewrites one that does not hold the surface it names.
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
    assert "\n" not in line and f"{fingerprint}.json was changed after it was saved" in line
    assert f"mcp-inspect snapshot {saved} --save base --force" in line  # how to repair it
    with pytest.raises(InputError, match="was changed after it was saved"):
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


def test_a_baseline_reads_the_same_when_the_canonical_form_changes(tmp_path, monkeypatch):
    """The object's name is the fingerprint of its canonical form, which a later mcp-inspect
    may compute otherwise (this project changes it as real schemas teach it). The first check
    compared that fingerprint on every read, so an upgrade would have refused every saved
    baseline; the bytes are checked instead, and a canonical form that moved changes nothing."""
    from mcp_inspect.snapshot import surface

    root = tmp_path / "store"
    saved = _surface(tmp_path, "t0")
    store.save(load(saved), "base", root)
    monkeypatch.setattr(surface, "fingerprint", lambda value: "0" * 32)  # another canonical form
    assert [tool["name"] for tool in store.load_named("base", root).tools or []] == ["t0"]


def test_an_index_written_before_digests_were_kept_still_reads(tmp_path):
    root = tmp_path / "store"
    store.save(load(_surface(tmp_path, "t0")), "base", root)
    index = json.loads((root / "index.json").read_text())
    assert "digest" in index["names"]["base"]
    del index["names"]["base"]["digest"]
    (root / "index.json").write_text(json.dumps(index))
    assert store.load_named("base", root).tools
    index["names"]["base"]["digest"] = "not a digest"
    (root / "index.json").write_text(json.dumps(index))
    with pytest.raises(InputError, match="no valid digest"):
        store.load_named("base", root)


def test_an_object_checked_out_with_crlf_still_reads(runner, tmp_path):
    """Hostile trial, round 20 (issue 34): a store committed to git and cloned with
    core.autocrlf=true (Git for Windows' default) has CRLF objects, and every @NAME was refused
    as "changed after it was saved"; saving again with --force kept the CRLF object and recorded
    its digest, which then failed every LF checkout. Line endings are not the surface: the digest
    reads CRLF as LF, so both checkouts read the baseline."""
    root = tmp_path / "store"
    saved = _surface(tmp_path, "t0")
    fingerprint = store.save(load(saved), "base", root).fingerprint
    obj = root / "objects" / f"{fingerprint}.json"
    lf = obj.read_bytes()
    assert b"\r" not in lf and lf.count(b"\n") > 3
    obj.write_bytes(lf.replace(b"\n", b"\r\n"))
    assert [tool["name"] for tool in store.load_named("base", root).tools or []] == ["t0"]
    diffed = runner.invoke(app, ["diff", "@base", saved, "--store", str(root)])
    assert diffed.exit_code == 0, diffed.output
    # A save on the CRLF checkout records a digest the LF checkout reads too.
    store.save(load(saved), "again", root)
    obj.write_bytes(lf)
    assert store.load_named("again", root).tools
    # Anything but line endings is still a change.
    obj.write_bytes(lf.replace(b"\n", b"\n ", 1))
    with pytest.raises(InputError, match="was changed after it was saved"):
        store.load_named("base", root)


def test_an_index_written_before_crlf_was_read_as_lf_still_matches(tmp_path):
    """Hostile trial, round 20 (issue 34): the digest with CRLF read as LF must equal the one an
    earlier mcp-inspect recorded, the xxh3_128 of the bytes as saved (no CR in them)."""
    import xxhash

    root = tmp_path / "store"
    fingerprint = store.save(load(_surface(tmp_path, "t0")), "base", root).fingerprint
    raw = xxhash.xxh3_128_hexdigest((root / "objects" / f"{fingerprint}.json").read_bytes())
    index = json.loads((root / "index.json").read_text())
    assert index["names"]["base"]["digest"] == raw
    index["names"]["base"]["digest"] = raw  # as an index written before this change holds it
    (root / "index.json").write_text(json.dumps(index))
    assert store.load_named("base", root).tools


def test_an_index_that_is_a_link_is_refused_not_replaced(tmp_path):
    """Hostile trial, round 20 (issue 34): with ``index.json`` a symbolic link to a shared store's
    index, a save replaced the link with a regular file, so the name went into the local copy only
    and the shared index never listed it. Refused, as every other output written in place is;
    reading through the link still works."""
    shared = tmp_path / "shared"
    saved = _surface(tmp_path, "t0")
    store.save(load(saved), "a", shared)
    local = tmp_path / "local"
    local.mkdir()
    (local / "index.json").symlink_to(shared / "index.json")
    (local / "objects").symlink_to(shared / "objects")
    before = (shared / "index.json").read_bytes()
    for change in (lambda: store.save(load(_surface(tmp_path, "t1")), "b", local),
                   lambda: store.delete("a", local)):
        with pytest.raises(InputError, match="is a symbolic link"):
            change()
        assert (local / "index.json").is_symlink() and (shared / "index.json").read_bytes() == before
    assert store.load_named("a", local).tools
