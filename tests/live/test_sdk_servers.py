"""Capturing a server written with the official SDK, over stdio and Streamable HTTP, in both eras."""

from __future__ import annotations

import json

import pytest
from capture_helpers import SDK_STDIO, sdk_http_fixture, sdk_http_json_fixture  # noqa: F401 - fixtures

from mcp_inspect.cli import app
from mcp_inspect.live.client import capture
from mcp_inspect.live.options import CaptureOptions
from mcp_inspect.snapshot import build_surface, load_snapshot

SECURITY_SCHEMES = [{"type": "oauth2", "scopes": ["files.read"]}]
SERVER_INFO = {"name": "fixture", "title": "Fixture Server", "version": "1.2.3"}


def check_surface(snap) -> None:
    """What the fixture serves, every page followed and every field kept."""
    assert [t["name"] for t in snap.tools] == ["secure_tool", *(f"tool_{i:02d}" for i in range(24))]
    assert [r["uri"] for r in snap.resources] == [f"fixture://doc/{i:02d}" for i in range(12)]
    assert [t["uriTemplate"] for t in snap.resourceTemplates] == [
        "fixture://user/{user_id}", "fixture://repo/{owner}/{name}", "fixture://file/{path}"]
    assert [p["name"] for p in snap.prompts] == ["greet", "summarise", "plain", "review"]
    # The field the SDK's own typed client drops survives the capture.
    assert snap.tools[0]["securitySchemes"] == SECURITY_SCHEMES
    tools_pages = snap.pages["tools/list"]
    assert [(p["cursor"], p["count"], p.get("nextCursor")) for p in tools_pages] == [
        (None, 10, ""), ("", 10, "p2"), ("p2", 5, None)]
    assert [(p["cursor"], p["count"]) for p in snap.pages["resources/list"]] == [(None, 10), ("", 2)]
    assert snap.errors == {}
    assert snap.provenance.shape == "capture"
    assert snap.provenance.captured_at.endswith("+00:00")
    details = snap.provenance.details
    assert details["clientInfo"]["name"] == "mcp-inspect"
    assert details["clientCapabilities"] == {}


def check_modern(snap) -> None:
    assert snap.provenance.era == "modern"
    assert snap.provenance.protocol_version == "2026-07-28"
    assert snap.initialize is None
    assert snap.discover["supportedVersions"] == ["2026-07-28"]
    assert snap.discover["_meta"]["io.modelcontextprotocol/serverInfo"] == SERVER_INFO
    for pages in snap.pages.values():
        for page in pages:  # each page's own caching fields are kept
            assert {"ttlMs", "cacheScope", "resultType"} <= set(page)
            assert page["resultType"] == "complete"


def check_legacy(snap, version: str) -> None:
    assert snap.provenance.era == "legacy"
    assert snap.provenance.protocol_version == version
    assert snap.discover is None
    assert snap.initialize["protocolVersion"] == version
    assert snap.initialize["serverInfo"] == SERVER_INFO
    for pages in snap.pages.values():
        for page in pages:
            assert "ttlMs" not in page and "resultType" not in page


@pytest.fixture(scope="module")
def stdio_auto():
    """One capture of the stdio server in auto mode, for the tests that read it (each capture
    starts the SDK's server, a second or two of imports)."""
    return capture(SDK_STDIO)


def test_stdio_auto_speaks_the_modern_era(stdio_auto):
    snap = stdio_auto
    check_surface(snap)
    check_modern(snap)
    assert snap.provenance.details["transport"] == "stdio"
    assert snap.provenance.details["command"][-2:] == [SDK_STDIO.split()[-2], "stdio"]


def test_stdio_forced_legacy_uses_the_handshake():
    snap = capture(SDK_STDIO, CaptureOptions(protocol="2025-11-25"))
    check_surface(snap)
    check_legacy(snap, "2025-11-25")


def test_http_auto_speaks_the_modern_era(sdk_http):
    snap = capture(sdk_http, CaptureOptions(headers={"Authorization": "Bearer secret-token"}))
    check_surface(snap)
    check_modern(snap)
    details = snap.provenance.details
    assert details["transport"] == "http" and details["url"] == sdk_http
    assert details["headerNames"] == ["Authorization"]
    assert "secret-token" not in json.dumps(details)


@pytest.mark.parametrize("version", ["2025-11-25", "2025-06-18"])
def test_http_forced_legacy_sse_responses(sdk_http, version):
    snap = capture(sdk_http, CaptureOptions(protocol=version))
    check_surface(snap)
    check_legacy(snap, version)


def test_http_legacy_json_responses(sdk_http_json):
    snap = capture(sdk_http_json, CaptureOptions(protocol="2025-11-25"))
    check_surface(snap)
    check_legacy(snap, "2025-11-25")


def test_http_modern_json_responses(sdk_http_json):
    check_modern(capture(sdk_http_json))


def test_stdio_and_http_capture_the_same_surface(sdk_http, stdio_auto):
    assert build_surface(stdio_auto).fingerprint == build_surface(capture(sdk_http)).fingerprint


def test_cli_snapshot_server_writes_a_snapshot_that_round_trips(tmp_path, runner):
    out = tmp_path / "fixture.json"
    command = SDK_STDIO.removeprefix("stdio:")
    result = runner.invoke(app, ["snapshot", "--server", command, "-o", str(out), "--timeout", "20"])
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    # No progress noise off a terminal: only the line saying what was written.
    assert result.stderr.startswith(f"mcp-inspect: wrote {out} (") and result.stderr.count("\n") == 1
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["provenance"]["source"] == SDK_STDIO
    assert written["provenance"]["era"] == "modern"
    assert written["provenance"]["protocolVersion"] == "2026-07-28"
    assert written["tools"][0]["securitySchemes"] == SECURITY_SCHEMES
    again = load_snapshot(str(out))
    assert again.tools == written["tools"]
    assert build_surface(again).fingerprint == written["fingerprints"]["surface"]


def test_cli_snapshot_of_an_http_server(sdk_http, runner):
    result = runner.invoke(app, ["snapshot", "--server", sdk_http, "--protocol", "2025-11-25",
                                 "--header", "X-Api-Key: hunter2"])
    assert result.exit_code == 0, result.output
    written = json.loads(result.stdout)
    assert written["provenance"]["era"] == "legacy"
    assert written["provenance"]["details"]["headerNames"] == ["X-Api-Key"]
    assert "hunter2" not in result.stdout


def test_env_reaches_a_stdio_server_and_only_names_are_kept(runner, tmp_path):
    # The SDK server ignores its environment; the raw server proves --env arrives (test_faults).
    result = runner.invoke(app, ["snapshot", SDK_STDIO, "--env", "FIXTURE_TOKEN=s3cret"])
    assert result.exit_code == 0, result.output
    written = json.loads(result.stdout)
    assert written["provenance"]["details"]["envNames"] == ["FIXTURE_TOKEN"]
    assert "s3cret" not in result.stdout


def test_the_sdk_client_drops_the_field_that_a_capture_keeps(stdio_auto):
    """Why capture does not use the SDK's client: its typed models lose out-of-schema fields."""
    import sys

    import anyio
    from capture_helpers import SERVERS
    from mcp.client import Client
    from mcp.client.stdio import StdioServerParameters

    async def list_first_tool() -> dict:
        params = StdioServerParameters(command=sys.executable, args=[str(SERVERS / "sdk_server.py"), "stdio"])
        async with Client(params, cache=None) as client:
            page = await client.list_tools()
            return page.tools[0].model_dump(by_alias=True, exclude_none=True)

    tool = anyio.run(list_first_tool)
    assert tool["name"] == "secure_tool"
    assert "securitySchemes" not in tool
    assert stdio_auto.tools[0]["securitySchemes"] == SECURITY_SCHEMES
