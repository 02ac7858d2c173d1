"""``FILE#NAME``: which server of an mcp.json (or of a lock file) a spelling names.

Hostile trial, round 6: an mcp.json key is any string, but ``FILE#NAME`` was split at its last
'#', so ``mcp.json#evil#c`` looked for a file ``mcp.json#evil`` ("no such file") and reports
placed the server ``evil#c`` under the name ``c``. FILE is now the part before a '#' that is
an existing file, and a spelling that two files could start is refused instead of guessed.
"""

from __future__ import annotations

import json

import pytest

from mcp_inspect.errors import InputError
from mcp_inspect.sources.load import load_source
from mcp_inspect.sources.locations import place_of

SERVER = {"command": "python", "args": ["-c", "pass"]}


def _config(path, *names):
    path.write_text(json.dumps({"mcpServers": {name: SERVER for name in names}}))
    return path


def test_a_name_holding_a_hash_names_that_server(tmp_path, monkeypatch):
    config = _config(tmp_path / "mcp.json", "c", "evil#c")
    monkeypatch.setenv("MCP_INSPECT_OFFLINE", "1")  # the server is found, then refused before it starts
    with pytest.raises(InputError, match=r"#evil#c: not captured: MCP_INSPECT_OFFLINE is set"):
        load_source(f"{config}#evil#c")
    with pytest.raises(InputError, match=r"no server named 'evil#d' \(it has: c, evil#c\)"):
        load_source(f"{config}#evil#d")


def test_a_lock_file_source_names_a_server_holding_a_hash(tmp_path):
    from mcp_inspect.drift.lock import Pin, lock_text, surface_fingerprint
    from mcp_inspect.snapshot.shapes import snapshot_from_value

    pins = {}
    for name, tool in (("c", "add"), ("evil#c", "rm")):
        snapshot = snapshot_from_value({"tools": [{"name": tool, "inputSchema": {"type": "object"}}]}, name)
        pins[name] = Pin(name, surface_fingerprint(snapshot), None, snapshot)
    lock = tmp_path / "mcp-inspect.lock.json"
    lock.write_text(lock_text(pins))
    assert [t["name"] for t in load_source(f"{lock}#evil#c").tools] == ["rm"]
    assert [t["name"] for t in load_source(f"{lock}#c").tools] == ["add"]


def test_a_file_whose_name_holds_a_hash_is_still_found(tmp_path, monkeypatch):
    folder = tmp_path / "a#1"
    folder.mkdir()
    config = _config(folder / "mcp.json", "x#y")
    monkeypatch.setenv("MCP_INSPECT_OFFLINE", "1")
    with pytest.raises(InputError, match="not captured: MCP_INSPECT_OFFLINE is set"):
        load_source(f"{config}#x#y")


def test_a_spelling_two_files_could_start_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("MCP_INSPECT_OFFLINE", "1")  # whichever it picked, no server starts
    first = _config(tmp_path / "a", "b#c")
    _config(tmp_path / "a#b", "c")
    with pytest.raises(InputError) as refused:
        load_source(f"{first}#b#c")
    said = str(refused.value)
    assert "names a server in 2 ways" in said and "'b#c' of" in said and "'c' of" in said
    assert "\n" not in said


def test_a_report_places_the_server_under_its_whole_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _config(tmp_path / "mcp.json", "evil#c")
    place = place_of("mcp.json#evil#c")
    assert (place.file, place.server) == ("mcp.json", "evil#c")
    assert place_of("stdin#evil#c").server == "evil#c"
    _config(tmp_path / "mcp.json#evil", "c")  # two files could start it: no place rather than a guess
    assert place_of("mcp.json#evil#c").server is None
