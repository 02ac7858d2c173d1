"""Live sources on the command line: the snapshot store, @NAME, mcp.json and diff against a server."""

from __future__ import annotations

import json
import shlex
import sys

import pytest
from capture_helpers import SDK_STDIO, SERVERS, faults_fixture, one_error_line, raw, store_fixture  # noqa: F401 - fixtures

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.cli import app
from mcp_inspect.errors import InputError
from mcp_inspect.live.client import capture
from mcp_inspect.live.options import CaptureOptions
from mcp_inspect.model import EntityKind
from mcp_inspect.snapshot import build_surface, load_snapshot
from mcp_inspect.snapshot.store import check_name, load_named, read_index
from mcp_inspect.sources.load import load_source, load_sources

# ---------------------------------------------------------------------------
# The store


def test_save_list_and_load_by_name(runner, store, tmp_path):
    result = runner.invoke(app, ["snapshot", raw("legacy"), "--save", "raw-1"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""  # --save without -o writes no snapshot to stdout
    assert result.stderr.startswith("mcp-inspect: saved @raw-1 (")
    index = json.loads((store / "index.json").read_text())
    entry = index["names"]["raw-1"]
    assert index["version"] == 1 and entry["source"] == raw("legacy")
    obj = store / "objects" / f"{entry['fingerprint']}.json"
    saved = load_snapshot(str(obj))
    assert build_surface(saved).fingerprint == entry["fingerprint"]
    assert saved.provenance.era == "legacy"

    # The same surface under a second name shares the object; -o still writes a file.
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["snapshot", "@raw-1", "--save", "raw-again", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert len(list((store / "objects").iterdir())) == 1
    assert json.loads(out.read_text())["fingerprints"]["surface"] == entry["fingerprint"]

    listing = runner.invoke(app, ["snapshots"])
    assert listing.exit_code == 0
    lines = listing.stdout.splitlines()
    assert lines[0].split() == ["NAME", "FINGERPRINT", "SAVED", "SOURCE"]
    assert lines[1].startswith("raw-1 ") and entry["fingerprint"][:12] in lines[1]
    assert lines[2].startswith("raw-again ")
    as_json = json.loads(runner.invoke(app, ["snapshots", "--format", "json"]).stdout)
    assert [s["name"] for s in as_json["snapshots"]] == ["raw-1", "raw-again"]
    assert as_json["snapshots"][0]["fingerprint"] == entry["fingerprint"]

    # @NAME is a source wherever a surface is expected.
    result = runner.invoke(app, ["diff", "@raw-1", "@raw-again", "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["old"]["source"] == "@raw-1" and report["findings"] == []


def test_store_option_beats_the_environment(runner, store, tmp_path):
    other = tmp_path / "other"
    result = runner.invoke(app, ["snapshot", raw("legacy"), "--save", "x", "--store", str(other)])
    assert result.exit_code == 0, result.output
    assert (other / "index.json").exists() and not store.exists()
    assert "x" in read_index(other)


def test_empty_store_listing(runner, store):
    result = runner.invoke(app, ["snapshots"])
    assert result.exit_code == 0
    assert "No snapshots in" in result.stdout


def test_unknown_name_suggests_close_ones(runner, store):
    runner.invoke(app, ["snapshot", raw("legacy"), "--save", "server-v1"])
    result = runner.invoke(app, ["diff", "@server-v2", "@server-v1"])
    assert result.exit_code == 2
    line = one_error_line(result)
    assert "@server-v2: no snapshot of that name in the snapshot store at " in line
    assert "did you mean @server-v1?" in line


@pytest.mark.parametrize("name", ["-x", "a b", "", "a/b", "x" * 129, "@x"])
def test_bad_names_are_refused_before_capturing(runner, store, name):
    with pytest.raises(InputError):
        check_name(name)
    result = runner.invoke(app, ["snapshot", "--server", "no-such-binary", "--save", name])
    assert result.exit_code == 2, result.output
    assert "is not a valid snapshot name" in one_error_line(result)


def test_the_bundled_captures_are_in_the_repository_store():
    root = SERVERS.parent.parent.parent / "snapshots"  # the repository's own store
    names = read_index(root)
    for name in ("git-2025.7.1", "git-2025.11.25", "filesystem-2025.11.25", "filesystem-2026.8.31",
                 "aws-documentation-1.1.10", "aws-documentation-1.1.20"):
        assert names[name].source == f"snapshots/{name}.json"
        snap = load_named(name, root)
        original = load_snapshot(str(root / f"{name}.json"))
        # The object is named by the fingerprint at save time; the surfaces are compared as of now.
        assert build_surface(snap).fingerprint == build_surface(original).fingerprint
        assert snap.tools == original.tools and snap.initialize == original.initialize
        assert snap.provenance.source == f"@{name}"


# ---------------------------------------------------------------------------
# mcp.json


def write_config(tmp_path, servers: dict, key: str = "mcpServers"):
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({key: servers}), encoding="utf-8")
    return path


def entry(mode: str) -> dict:
    return {"command": sys.executable, "args": [str(SERVERS / "raw_server.py"), mode], "env": {"RAW_X": "${env:HOME}"}}


def test_mcp_json_with_one_server(tmp_path):
    path = write_config(tmp_path, {"raw": entry("legacy")})
    snap = load_source(str(path))
    assert snap.provenance.source == f"{path}#raw"
    assert snap.provenance.details["command"][-1] == "legacy"
    assert snap.provenance.details["envNames"] == ["RAW_X"]
    assert [t["name"] for t in snap.tools] == ["first", "second", "report"]


@pytest.mark.parametrize("value", ["1", "true", "yes"])
def test_offline_refuses_every_live_source_and_runs_nothing(tmp_path, runner, monkeypatch, value):
    marker = tmp_path / "ran"
    touch = {"command": "sh", "args": ["-c", f"touch {marker}"]}
    config = write_config(tmp_path, {"x": touch})
    monkeypatch.setenv("MCP_INSPECT_OFFLINE", value)
    for source in (str(config), f"{config}#x", f"stdio:sh -c 'touch {marker}'", "http://127.0.0.1:9/mcp"):
        result = runner.invoke(app, ["snapshot", source])
        assert result.exit_code == 2 and one_error_line(result).endswith(
            "not captured: MCP_INSPECT_OFFLINE is set, so no server is started or contacted "
            "(give a snapshot file instead)")
    assert runner.invoke(app, ["lint", str(config)]).exit_code == 2
    assert not marker.exists()
    assert runner.invoke(app, ["snapshot", "snapshots/git-2025.7.1.json"]).exit_code == 0  # files are still read


@pytest.mark.parametrize("value", ["", "0", "false"])
def test_offline_unset_captures_as_usual(tmp_path, monkeypatch, value):
    monkeypatch.setenv("MCP_INSPECT_OFFLINE", value)
    assert load_source(str(write_config(tmp_path, {"raw": entry("legacy")}))).tools


def test_vscode_servers_and_hash_name(tmp_path):
    command = shlex.split(SDK_STDIO.removeprefix("stdio:"))
    path = write_config(tmp_path, {"sdk": {"type": "stdio", "command": command[0], "args": command[1:]},
                                   "raw": entry("legacy")}, key="servers")
    snap = load_source(f"{path}#raw")
    assert snap.provenance.era == "legacy"
    with pytest.raises(InputError, match=r"configures 2 servers \(sdk, raw\); pick one as .*mcp.json#NAME"):
        load_source(str(path))
    with pytest.raises(InputError, match=r"no server named 'nope' \(it has: sdk, raw\)"):
        load_source(f"{path}#nope")


def test_load_sources_returns_every_server(tmp_path):
    path = write_config(tmp_path, {"a": entry("legacy"), "b": entry("legacy"),
                                   "off": {**entry("exit"), "disabled": True}})
    found = load_sources(str(path))
    assert [name for name, _ in found] == [f"{path}#a", f"{path}#b"]
    assert all(s.provenance.era == "legacy" for _, s in found)
    assert [name for name, _ in load_sources(raw("legacy"))] == [raw("legacy")]


def test_mcp_json_http_entry_and_a_failing_server(tmp_path, runner, faults):
    path = write_config(tmp_path, {"remote": {"url": faults.base + "/legacy", "headers": {"X-Key": "v"}},
                                   "broken": entry("exit")})
    snap = load_source(f"{path}#remote")
    assert snap.provenance.details["url"] == faults.base + "/legacy"
    assert snap.provenance.details["headerNames"] == ["X-Key"]
    assert all(s["headers"].get("X-Key") == "v" for s in faults.seen if "headers" in s)
    result = runner.invoke(app, ["snapshot", f"{path}#broken"])
    assert result.exit_code == 3
    assert f"{path}#broken: server exited with code 3" in one_error_line(result)


def test_hash_on_a_file_that_is_not_an_mcp_json(tmp_path):
    path = tmp_path / "tools.json"
    path.write_text("[]", encoding="utf-8")
    with pytest.raises(InputError, match="picks a server of an mcp.json"):
        load_source(f"{path}#x")


# ---------------------------------------------------------------------------
# diff with a live side


def test_diff_a_saved_snapshot_against_a_live_server(runner, store):
    saved = runner.invoke(app, ["snapshot", SDK_STDIO, "--protocol", "2025-11-25", "--save", "fixture"])
    assert saved.exit_code == 0, saved.output
    result = runner.invoke(app, ["diff", "@fixture", SDK_STDIO, "--protocol", "2025-11-25", "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["findings"] == []
    assert report["new"]["source"] == SDK_STDIO
    assert report["old"]["fingerprint"] == report["new"]["fingerprint"]


def test_the_same_server_in_both_eras_differs_only_in_server_metadata():
    legacy = capture(SDK_STDIO, CaptureOptions(protocol="2025-11-25"))
    modern = capture(SDK_STDIO)
    findings = diff_snapshots(legacy, modern).findings
    assert findings and all(f.entity.kind is EntityKind.SERVER for f in findings)
    assert any(f.rule == "server.protocolVersion.changed" for f in findings)


def test_the_bundled_store_matches_its_captures():
    """The index's fingerprints are the surfaces' current ones (re-save after a canonical-form change)."""
    import json

    from conftest import ROOT

    from mcp_inspect import load
    from mcp_inspect.snapshot.surface import build_surface

    index = json.loads((ROOT / "snapshots" / "index.json").read_text())
    for name, entry in index["names"].items():
        assert build_surface(load(str(ROOT / "snapshots" / f"{name}.json"))).fingerprint == entry["fingerprint"], name
        assert (ROOT / "snapshots" / "objects" / f"{entry['fingerprint']}.json").is_file()
