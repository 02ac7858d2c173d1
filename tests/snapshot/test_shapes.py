"""Every accepted input shape loads with the right entities; every field survives a round trip."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
import yaml
from conftest import CORPUS

from mcp_inspect.cli import app
from mcp_inspect.errors import InputError
from mcp_inspect.model import LIST_KINDS
from mcp_inspect.snapshot import build_surface, dump_snapshot, load_snapshot

LIST_KEYS = ("tools", "resources", "resourceTemplates", "prompts")
CORPUS_FILES = sorted(CORPUS.glob("*/*.json"))

TOOL = {
    "name": "read_file",
    "title": "Read file",
    "description": "Read a file.",
    "inputSchema": {
        "type": "object",
        "properties": {"path": {"type": "string"}, "limit": {"type": "integer", "minimum": 1}},
        "required": ["path"],
    },
    "x-vendor-field": {"nested": [1, 2, {"deep": True}]},
}
RESOURCE = {"uri": "file:///readme.md", "name": "readme", "mimeType": "text/markdown", "x-size": 12}
TEMPLATE = {"uriTemplate": "file:///{path}", "name": "any file", "x-flag": None}
PROMPT = {
    "name": "summarise",
    "description": "Summarise a text.",
    "arguments": [{"name": "text", "required": True}],
    "x-prompt-extra": "kept",
}
INITIALIZE = {
    "protocolVersion": "2025-06-18",
    "capabilities": {"tools": {"listChanged": True}},
    "serverInfo": {"name": "demo", "version": "1.2.3"},
    "instructions": "Use carefully.",
}
DISCOVER = {
    "supportedVersions": ["2026-06-01"],
    "capabilities": {"tools": {}},
    "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "demo", "version": "2.0.0"}},
    "ttlMs": 60000,
}
LISTS = {
    "tools": [TOOL],
    "resources": [RESOURCE],
    "resourceTemplates": [TEMPLATE],
    "prompts": [PROMPT],
}


def write(path: Path, value) -> Path:
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


def load_value(tmp_path: Path, value, name: str = "in.json"):
    return load_snapshot(str(write(tmp_path / name, value)))


def entity_lists(snap) -> dict:
    return {key: getattr(snap, key) for key in LIST_KEYS}


# ---------------------------------------------------------------------------
# Each shape


def test_bare_tools_array(tmp_path):
    snap = load_value(tmp_path, [TOOL, {"name": "other", "inputSchema": {}}])
    assert snap.provenance.shape == "tools-array"
    assert [t["name"] for t in snap.tools] == ["read_file", "other"]
    assert snap.tools[0] == TOOL
    assert snap.resources is None and snap.resourceTemplates is None and snap.prompts is None


def test_empty_tools_array_is_an_empty_surface(tmp_path):
    snap = load_value(tmp_path, [])
    assert snap.provenance.shape == "tools-array"
    assert snap.tools == []
    assert build_surface(snap).entities["tools"] == {}


@pytest.mark.parametrize("key", LIST_KEYS)
def test_object_with_one_list(tmp_path, key):
    snap = load_value(tmp_path, {key: LISTS[key]})
    assert snap.provenance.shape == "lists"
    assert getattr(snap, key) == LISTS[key]
    for other in LIST_KEYS:
        if other != key:
            assert getattr(snap, other) is None


def test_object_with_all_four_lists(tmp_path):
    snap = load_value(tmp_path, LISTS)
    assert snap.provenance.shape == "lists"
    assert entity_lists(snap) == LISTS
    surface = build_surface(snap)
    assert set(surface.entities["tools"]) == {"read_file"}
    assert set(surface.entities["resources"]) == {"file:///readme.md"}
    assert set(surface.entities["resourceTemplates"]) == {"file:///{path}"}
    assert set(surface.entities["prompts"]) == {"summarise"}


@pytest.mark.parametrize("lk", LIST_KINDS, ids=lambda lk: lk.method)
def test_jsonrpc_list_response(tmp_path, lk):
    response = {"jsonrpc": "2.0", "id": 7, "result": {lk.key: LISTS[lk.key]}}
    snap = load_value(tmp_path, response)
    assert snap.provenance.shape == "jsonrpc"
    assert getattr(snap, lk.key) == LISTS[lk.key]
    assert snap.pages == {lk.method: [{"cursor": None, "count": 1}]}
    assert snap.extra["jsonrpc"] == {"jsonrpc": "2.0", "id": 7}


def test_jsonrpc_response_keeps_paging_and_cache_fields_in_pages(tmp_path):
    result = {
        "tools": [TOOL],
        "nextCursor": "page-2",
        "ttlMs": 30000,
        "cacheScope": "private",
        "_meta": {"x": 1},
        "x-unknown": "kept",
    }
    snap = load_value(tmp_path, {"jsonrpc": "2.0", "id": 1, "result": result})
    assert snap.pages["tools/list"] == [
        {
            "cursor": None,
            "count": 1,
            "nextCursor": "page-2",
            "ttlMs": 30000,
            "cacheScope": "private",
            "_meta": {"x": 1},
        }
    ]
    # The unknown result field is kept too, separately from the page fields.
    assert snap.extra["result"] == {"x-unknown": "kept"}
    # A private cache scope anywhere makes the surface's cache scope private.
    assert build_surface(snap).server["cacheScope"] == "private"


def test_jsonrpc_paging_fields_survive_a_round_trip(tmp_path, runner):
    result = {"tools": [TOOL], "nextCursor": "abc", "ttlMs": 5, "cacheScope": "public"}
    src = write(tmp_path / "in.json", {"jsonrpc": "2.0", "id": "x", "result": result})
    out = tmp_path / "out.json"
    assert runner.invoke(app, ["snapshot", str(src), "-o", str(out)]).exit_code == 0
    again = load_snapshot(str(out))
    assert again.pages["tools/list"][0]["nextCursor"] == "abc"
    assert again.pages["tools/list"][0]["ttlMs"] == 5
    assert again.pages["tools/list"][0]["cacheScope"] == "public"
    assert again.extra["jsonrpc"] == {"jsonrpc": "2.0", "id": "x"}


def test_jsonrpc_initialize_result(tmp_path):
    snap = load_value(tmp_path, {"jsonrpc": "2.0", "id": 0, "result": INITIALIZE})
    assert snap.provenance.shape == "capture"
    assert snap.initialize == INITIALIZE
    assert snap.provenance.era == "legacy"
    assert snap.provenance.protocol_version == "2025-06-18"


def test_jsonrpc_discover_result(tmp_path):
    snap = load_value(tmp_path, {"jsonrpc": "2.0", "id": 0, "result": DISCOVER})
    assert snap.provenance.shape == "capture"
    assert snap.discover == DISCOVER
    assert snap.provenance.era == "modern"
    server = build_surface(snap).server
    assert server["serverInfo"] == {"name": "demo", "version": "2.0.0"}
    assert "ttlMs" not in server  # caching fields are not part of the surface


def test_jsonrpc_result_without_lists_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match=r"in\.json: JSON-RPC result holds no tools.*keys: 'foo'"):
        load_value(tmp_path, {"jsonrpc": "2.0", "id": 1, "result": {"foo": 1}})


def test_jsonrpc_error_response_is_an_input_error(tmp_path):
    response = {"jsonrpc": "2.0", "id": 1, "error": {"code": -32601, "message": "Method not found"}}
    with pytest.raises(InputError) as info:
        load_value(tmp_path, response)
    message = str(info.value)
    assert message.startswith(str(tmp_path / "in.json") + ":")
    assert "JSON-RPC error response" in message and "Method not found" in message
    assert "\n" not in message


def test_jsonrpc_error_response_through_the_cli(tmp_path, runner):
    src = write(
        tmp_path / "err.json", {"jsonrpc": "2.0", "id": 1, "error": {"code": 1, "message": "boom"}}
    )
    result = runner.invoke(app, ["snapshot", str(src)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"mcp-inspect: error: {src}: is a JSON-RPC error response")
    assert "Traceback" not in result.output


def test_capture_document_with_initialize(tmp_path):
    doc = {
        "server": "demo",
        "package": "demo-pkg",
        "version": "1.0.0",
        "command": ["demo"],
        "captured_at": "2025-01-01T00:00:00+00:00",
        "initialize": INITIALIZE,
        **LISTS,
        "errors": {},
        "pages": {"tools/list": [{"cursor": None, "count": 1}]},
    }
    snap = load_value(tmp_path, doc)
    assert snap.provenance.shape == "capture"
    assert snap.provenance.era == "legacy"
    assert snap.provenance.protocol_version == "2025-06-18"
    assert snap.provenance.captured_at == "2025-01-01T00:00:00+00:00"
    assert snap.provenance.details["package"] == "demo-pkg"
    assert snap.initialize == INITIALIZE
    assert entity_lists(snap) == LISTS
    assert snap.pages == doc["pages"]
    assert snap.extra == {}


def test_capture_document_with_discover(tmp_path):
    snap = load_value(tmp_path, {"discover": DISCOVER, "tools": [TOOL]})
    assert snap.provenance.shape == "capture"
    assert snap.provenance.era == "modern"
    assert snap.discover == DISCOVER
    assert snap.tools == [TOOL]


def test_single_tool_object(tmp_path):
    snap = load_value(tmp_path, TOOL)
    assert snap.provenance.shape == "tool"
    assert snap.tools == [TOOL]
    assert set(build_surface(snap).entities["tools"]) == {"read_file"}


def test_own_snapshot_format(tmp_path):
    src = tmp_path / "in.json"
    write(src, {"initialize": INITIALIZE, **LISTS})
    out = tmp_path / "snap.json"
    out.write_text(dump_snapshot(load_snapshot(str(src))), encoding="utf-8")
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["mcpInspectSnapshot"] == 1
    snap = load_snapshot(str(out))
    assert snap.provenance.shape == "snapshot"
    # Where the data first came from is remembered across re-reads.
    assert snap.provenance.details["origin"] == str(src)
    assert snap.provenance.details["originShape"] == "capture"
    assert snap.provenance.era == "legacy"
    assert snap.initialize == INITIALIZE
    assert entity_lists(snap) == LISTS


def test_mcp_json_is_a_clear_input_error(tmp_path):
    config = {"mcpServers": {"fs": {"command": "npx", "args": ["server-filesystem", "/tmp"]}}}
    with pytest.raises(InputError) as info:
        load_value(tmp_path, config, "mcp.json")
    message = str(info.value)
    assert message.startswith(str(tmp_path / "mcp.json") + ": ")
    assert "mcp.json client configuration" in message
    assert "\n" not in message


def test_vscode_style_servers_config_is_a_clear_input_error(tmp_path):
    with pytest.raises(InputError, match="mcp.json client configuration"):
        load_value(tmp_path, {"servers": {"fs": {"type": "stdio", "command": "x"}}})


@pytest.mark.parametrize("version", [0, 2, "1", None, 1.5])
def test_unsupported_snapshot_format_version(tmp_path, version):
    with pytest.raises(InputError, match=r"snapshot format version .* is not supported"):
        load_value(tmp_path, {"mcpInspectSnapshot": version, "tools": []})


def test_snapshot_format_with_bad_provenance_details_is_an_input_error(tmp_path):
    with pytest.raises(InputError, match=r"'provenance\.details' must be an object; got a string"):
        load_value(
            tmp_path, {"mcpInspectSnapshot": 1, "provenance": {"details": "abc"}, "tools": []}
        )


# ---------------------------------------------------------------------------
# The corpus


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_file_loads(path):
    raw = json.loads(path.read_text(encoding="utf-8"))
    snap = load_snapshot(str(path))
    assert snap.provenance.shape == "capture"
    assert snap.provenance.era == ("modern" if "discover" in raw else "legacy")
    surface = build_surface(snap)
    for lk in LIST_KINDS:
        expected = raw.get(lk.key) or []
        assert len(snap.entities(lk.key)) == len(expected)
        assert snap.entities(lk.key) == expected
        assert set(surface.entities[lk.key]) == {e[lk.identity] for e in expected}
    assert snap.pages == raw.get("pages", {})


def test_corpus_is_present():
    assert len(CORPUS_FILES) >= 50
    assert all(p.suffix == ".json" for p in CORPUS_FILES)


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_file_round_trips(tmp_path, path):
    snap = load_snapshot(str(path))
    out = tmp_path / "snap.json"
    out.write_text(dump_snapshot(snap), encoding="utf-8")
    again = load_snapshot(str(out))
    assert entity_lists(again) == entity_lists(snap)
    assert again.initialize == snap.initialize and again.discover == snap.discover
    assert again.pages == snap.pages and again.errors == snap.errors
    assert again.provenance.details == {
        **snap.provenance.details,
        "origin": str(path),
        "originShape": "capture",
    }
    before, after = build_surface(snap), build_surface(again)
    assert after.fingerprint == before.fingerprint
    assert after.server_fingerprint == before.server_fingerprint


# ---------------------------------------------------------------------------
# YAML, stdin, BOM


def test_yaml_input_equals_json_input(tmp_path):
    doc = {"initialize": INITIALIZE, **LISTS, "x-top": {"a": [1, 2.5, None, True]}}
    from_json = load_value(tmp_path, doc, "s.json")
    yaml_path = tmp_path / "s.yaml"
    yaml_path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    from_yaml = load_snapshot(str(yaml_path))
    assert entity_lists(from_yaml) == entity_lists(from_json)
    assert from_yaml.initialize == from_json.initialize
    assert from_yaml.extra == from_json.extra == {"x-top": {"a": [1, 2.5, None, True]}}
    assert build_surface(from_yaml).fingerprint == build_surface(from_json).fingerprint


def test_handwritten_yaml_keeps_dates_as_strings(tmp_path):
    text = (
        "initialize:\n"
        "  protocolVersion: 2025-06-18\n"
        "  capabilities: {}\n"
        "  serverInfo: {name: demo, version: 1.0.0}\n"
        "captured_at: 2025-01-01T00:00:00Z\n"
        "tools:\n"
        "  - name: read_file\n"
        "    inputSchema:\n"
        "      type: object\n"
        "      properties:\n"
        "        path: {type: string}\n"
        "      required: [path]\n"
    )
    path = tmp_path / "hand.yml"
    path.write_text(text, encoding="utf-8")
    snap = load_snapshot(str(path))
    assert snap.initialize["protocolVersion"] == "2025-06-18"
    assert snap.provenance.protocol_version == "2025-06-18"
    assert snap.provenance.captured_at == "2025-01-01T00:00:00Z"
    same = load_value(
        tmp_path,
        {
            "tools": [
                {
                    "name": "read_file",
                    "inputSchema": {
                        "type": "object",
                        "properties": {"path": {"type": "string"}},
                        "required": ["path"],
                    },
                }
            ]
        },
    )
    assert snap.tools == same.tools


@pytest.mark.parametrize("path", CORPUS_FILES[::15], ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_as_yaml_equals_json(tmp_path, path):
    raw = json.loads(path.read_text(encoding="utf-8"))
    yaml_path = tmp_path / "c.yaml"
    yaml_path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    from_yaml, from_json = load_snapshot(str(yaml_path)), load_snapshot(str(path))
    assert entity_lists(from_yaml) == entity_lists(from_json)
    assert from_yaml.initialize == from_json.initialize
    assert build_surface(from_yaml).fingerprint == build_surface(from_json).fingerprint


def test_stdin_json_through_the_cli(runner):
    result = runner.invoke(app, ["snapshot", "-"], input=json.dumps(LISTS))
    assert result.exit_code == 0, result.output
    written = json.loads(result.stdout)
    assert written["mcpInspectSnapshot"] == 1
    assert written["provenance"]["source"] == "-"
    assert written["provenance"]["shape"] == "lists"
    assert {k: written[k] for k in LIST_KEYS} == LISTS


def test_stdin_yaml_through_the_cli(runner):
    result = runner.invoke(app, ["snapshot", "-"], input=yaml.safe_dump({"tools": [TOOL]}))
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["tools"] == [TOOL]


def test_stdin_snapshot_equals_file_snapshot(tmp_path, runner):
    src = write(tmp_path / "in.json", LISTS)
    from_file = json.loads(runner.invoke(app, ["snapshot", str(src)]).stdout)
    from_stdin = json.loads(runner.invoke(app, ["snapshot", "-"], input=src.read_text()).stdout)
    assert from_stdin["fingerprints"] == from_file["fingerprints"]
    assert {k: from_stdin[k] for k in LIST_KEYS} == {k: from_file[k] for k in LIST_KEYS}


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_utf8_bom_is_accepted(tmp_path, suffix):
    body = json.dumps([TOOL]) if suffix == ".json" else yaml.safe_dump([TOOL])
    path = tmp_path / f"bom{suffix}"
    path.write_bytes(b"\xef\xbb\xbf" + body.encode("utf-8"))
    assert load_snapshot(str(path)).tools == [TOOL]


def test_utf8_bom_on_stdin(runner):
    result = runner.invoke(
        app, ["snapshot", "-"], input=b"\xef\xbb\xbf" + json.dumps([TOOL]).encode()
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["tools"] == [TOOL]


def test_non_ascii_text_is_kept(tmp_path):
    tool = {"name": "grüßen", "description": "Say hello — 你好 👋", "inputSchema": {}}
    snap = load_value(tmp_path, [tool])
    assert snap.tools == [tool]
    assert json.loads(dump_snapshot(snap))["tools"] == [tool]


# ---------------------------------------------------------------------------
# Round trips keep everything


@pytest.mark.parametrize(
    "doc",
    [
        pytest.param({**LISTS, "x-top": {"any": ["thing", 1]}, "vendor": None}, id="lists"),
        pytest.param(
            {
                "initialize": INITIALIZE,
                **LISTS,
                "x-top": 1,
                "server": "demo",
                "captured_at": "2025-01-01T00:00:00Z",
                "pages": {"tools/list": []},
            },
            id="capture",
        ),
        pytest.param({"discover": DISCOVER, "tools": [TOOL], "x-top": [1]}, id="discover"),
        pytest.param(
            {
                "jsonrpc": "2.0",
                "id": 3,
                "result": {"tools": [TOOL], "x-res": "r", "nextCursor": "c"},
            },
            id="jsonrpc",
        ),
        pytest.param([TOOL], id="tools-array"),
        pytest.param(TOOL, id="tool"),
    ],
)
def test_round_trip_through_the_cli_keeps_every_field(tmp_path, runner, doc):
    src = write(tmp_path / "in.json", copy.deepcopy(doc))
    original = load_snapshot(str(src))
    out = tmp_path / "out.json"
    result = runner.invoke(app, ["snapshot", str(src), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    again = load_snapshot(str(out))
    assert entity_lists(again) == entity_lists(original)
    assert again.extra == original.extra
    assert again.initialize == original.initialize and again.discover == original.discover
    assert again.pages == original.pages and again.errors == original.errors
    assert again.provenance.era == original.provenance.era
    assert again.provenance.protocol_version == original.provenance.protocol_version
    assert again.provenance.captured_at == original.provenance.captured_at
    # Unknown entity fields are present verbatim.
    tools = again.tools or []
    assert all(
        t.get("x-vendor-field") == TOOL["x-vendor-field"] for t in tools if t["name"] == "read_file"
    )
    before, after = build_surface(original), build_surface(again)
    assert after.fingerprint == before.fingerprint
    assert after.server_fingerprint == before.server_fingerprint
    for key in LIST_KEYS:
        assert {n: v.fingerprint for n, v in after.entities[key].items()} == {
            n: v.fingerprint for n, v in before.entities[key].items()
        }


def test_unknown_top_level_keys_are_kept_in_extra(tmp_path, runner):
    doc = {**LISTS, "x-top": {"a": 1}, "generator": "hand"}
    src = write(tmp_path / "in.json", doc)
    out = tmp_path / "out.json"
    assert runner.invoke(app, ["snapshot", str(src), "-o", str(out)]).exit_code == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["extra"] == {"x-top": {"a": 1}, "generator": "hand"}
    again = load_snapshot(str(out))
    assert again.extra == {"x-top": {"a": 1}, "generator": "hand"}
    assert again.tools[0]["x-vendor-field"] == {"nested": [1, 2, {"deep": True}]}
    assert again.resources[0]["x-size"] == 12
    assert again.resourceTemplates[0] == TEMPLATE  # including the null-valued unknown field
    assert again.prompts[0]["x-prompt-extra"] == "kept"


def test_written_fingerprints_match_the_recomputed_surface(tmp_path, runner):
    src = write(tmp_path / "in.json", {"initialize": INITIALIZE, **LISTS})
    result = runner.invoke(app, ["snapshot", str(src)])
    assert result.exit_code == 0
    written = json.loads(result.stdout)["fingerprints"]
    surface = build_surface(load_snapshot(str(src)))
    assert written["algorithm"] == "xxh3_128"
    assert written["surface"] == surface.fingerprint
    assert written["server"] == surface.server_fingerprint
    assert written["tools"] == {"read_file": surface.entities["tools"]["read_file"].fingerprint}
    assert len(written["surface"]) == 32 and int(written["surface"], 16) >= 0


def test_snapshot_of_a_snapshot_is_byte_identical(tmp_path, runner):
    src = write(tmp_path / "in.json", {"initialize": INITIALIZE, **LISTS, "x-top": 1})
    first, second = tmp_path / "one.json", tmp_path / "two.json"
    assert runner.invoke(app, ["snapshot", str(src), "-o", str(first)]).exit_code == 0
    assert runner.invoke(app, ["snapshot", str(first), "-o", str(second)]).exit_code == 0
    assert second.read_bytes() == first.read_bytes()


def test_stale_fingerprints_in_a_snapshot_file_are_recomputed(tmp_path):
    src = write(tmp_path / "in.json", LISTS)
    written = json.loads(dump_snapshot(load_snapshot(str(src))))
    written["fingerprints"] = {"algorithm": "xxh3_128", "surface": "0" * 32}
    stale = write(tmp_path / "stale.json", written)
    assert (
        build_surface(load_snapshot(str(stale))).fingerprint
        == build_surface(load_snapshot(str(src))).fingerprint
    )


def test_loading_and_fingerprinting_do_not_mutate_entities(tmp_path):
    doc = {"initialize": INITIALIZE, **LISTS}
    snap = load_value(tmp_path, doc)
    before = copy.deepcopy(entity_lists(snap))
    build_surface(snap)
    dump_snapshot(snap)
    assert entity_lists(snap) == before == LISTS
