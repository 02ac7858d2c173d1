"""The 2024-11-05 HTTP+SSE transport: the SDK's own SSE server reached with --transport auto
(the fallback from Streamable HTTP), sse and streamable-http; what provenance records; and
hostile streams, each ending in one line and exit 3 within its bounds.
"""

from __future__ import annotations

import json
import threading
import time

import pytest
from capture_helpers import (  # noqa: F401 - fixtures
    SDK_STDIO,
    faults_fixture,
    one_error_line,
    sdk_http_fixture,
    sdk_sse_fixture,
)
from test_sdk_servers import check_legacy, check_modern, check_surface

from mcp_inspect.cli import app
from mcp_inspect.limits import MAX_RESPONSE_BYTES
from mcp_inspect.live import sse
from mcp_inspect.live.client import capture
from mcp_inspect.live.options import CaptureOptions
from mcp_inspect.snapshot import build_surface
from mcp_inspect.sources.load import load_source


def no_reader_left() -> bool:
    deadline = time.monotonic() + 2
    while any(t.name == sse.READER_NAME for t in threading.enumerate()):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


# --- the SDK's server over HTTP+SSE -------------------------------------------------------------


def test_auto_falls_back_to_sse_when_initialize_is_refused(sdk_sse):
    snap = capture(sdk_sse)
    check_surface(snap)
    check_modern(snap)  # the probe starts over on the stream: the SDK answers server/discover there
    details = snap.provenance.details
    assert details["transport"] == "http" and details["url"] == sdk_sse
    assert details["httpTransport"] == "sse"
    assert details["transportFallback"] == "initialize over Streamable HTTP got HTTP 405"
    assert build_surface(snap).fingerprint == build_surface(capture(SDK_STDIO)).fingerprint
    assert no_reader_left()


def test_transport_sse_opens_the_stream_at_once(sdk_sse):
    snap = capture(sdk_sse, CaptureOptions(transport="sse"))
    check_surface(snap)
    check_modern(snap)
    assert snap.provenance.details["httpTransport"] == "sse"
    assert "transportFallback" not in snap.provenance.details


def test_a_handshake_era_protocol_over_sse(sdk_sse):
    snap = capture(sdk_sse, CaptureOptions(transport="sse", protocol="2025-06-18"))
    check_surface(snap)
    check_legacy(snap, "2025-06-18")


def test_transport_streamable_http_never_falls_back(runner, sdk_sse):
    result = runner.invoke(app, ["snapshot", sdk_sse, "--transport", "streamable-http"])
    assert result.exit_code == 3, result.output
    assert "server answered initialize with HTTP 405" in one_error_line(result)


def test_a_streamable_http_capture_records_its_transport(sdk_http):
    details = capture(sdk_http).provenance.details
    assert details["httpTransport"] == "streamable-http"
    assert "transportFallback" not in details


def test_an_mcp_json_entry_of_type_sse(tmp_path, sdk_sse):
    config = tmp_path / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"old": {"type": "sse", "url": sdk_sse}}}))
    snap = load_source(f"{config}#old", CaptureOptions())
    assert snap.provenance.details["httpTransport"] == "sse"
    assert "transportFallback" not in snap.provenance.details  # the entry says SSE: no POST first


def test_cli_snapshot_server_over_sse(runner, sdk_sse):
    result = runner.invoke(app, ["snapshot", "--server", sdk_sse, "--transport", "sse"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["provenance"]["details"]["httpTransport"] == "sse"


@pytest.mark.parametrize("command", [["snapshot"], ["diff", "snapshots/git-2025.7.1.json"], ["lint"],
                                     ["release-notes", "snapshots/git-2025.7.1.json"]])
def test_every_capturing_command_takes_transport(runner, command):
    result = runner.invoke(app, [*command, "snapshots/git-2025.11.25.json", "--transport", "sse"])
    assert result.exit_code in (0, 1), result.output  # a file: the option is accepted and unused
    bad = runner.invoke(app, [*command, "snapshots/git-2025.11.25.json", "--transport", "websocket"])
    assert bad.exit_code == 2
    assert "--transport: unknown transport 'websocket' (expected one of: auto, streamable-http, sse)" \
        in one_error_line(bad)


# --- hostile HTTP+SSE servers ---------------------------------------------------------------------


def failing(runner, url: str, *args: str) -> str:
    result = runner.invoke(app, ["snapshot", url, "--transport", "sse", *args])
    assert result.exit_code == 3, result.output
    assert no_reader_left()
    return one_error_line(result)


def test_an_endpoint_on_another_origin_is_refused(runner, faults):
    port = faults.server_address[1]
    line = failing(runner, faults.base + "/old-cross-origin")
    assert f"the SSE stream's endpoint event names 'http://localhost:{port}/old-post', on another origin than " \
           f"http://127.0.0.1:{port}; mcp-inspect posts only to the origin it connected to" in line
    assert not [s for s in faults.seen if "message" in s]  # nothing was posted anywhere


@pytest.mark.parametrize(("path", "fragment"), [
    ("/old-bad-endpoint", "the SSE stream's endpoint event names 'http://[::1', which is not a URL a request "
                          "can be sent to"),
    ("/old-huge-line", f"the SSE stream sent a line longer than the limit of {MAX_RESPONSE_BYTES} bytes"),
    ("/old-huge-event", f"the SSE stream sent an event larger than the limit of {MAX_RESPONSE_BYTES} bytes"),
    ("/old-redirect", "server answered the GET that opens the SSE stream with HTTP 307, a redirect to "
                      "/old-cross-origin; mcp-inspect follows no redirects"),
    ("/old-not-sse", "server answered the GET that opens the SSE stream with content type 'application/json', "
                     "not an SSE stream"),
    ("/old-closes", "server closed the SSE stream before answering initialize (the stream closed on "
                    "server/discover too, and again on a fresh stream asked only initialize; if the server "
                    "speaks the handshake era, pass --protocol 2025-11-25)"),
    ("/old-post-redirect", "server answered server/discover with HTTP 307, a redirect to /old-post; "
                           "mcp-inspect follows no redirects"),
])
def test_a_hostile_sse_server_ends_in_one_line(runner, faults, path, fragment):
    assert fragment in failing(runner, faults.base + path)


@pytest.mark.parametrize(("path", "fragment"), [
    ("/old-mute", "no answer to the GET that opens the SSE stream within 1s"),
    ("/old-endless", "sent no endpoint event within 1s"),
    ("/old-silent", "no answer to server/discover nor to initialize within 1s, the time the era probe may take "
                    "in all"),
])
def test_a_stream_that_never_delivers_fails_within_the_timeout(runner, faults, path, fragment):
    started = time.monotonic()
    assert fragment in failing(runner, faults.base + path, "--timeout", "1")
    assert time.monotonic() - started < 3  # opening the stream, then the probe: one timeout each at most


def test_a_stream_that_floods_is_cut_at_max_capture_bytes(runner, faults, monkeypatch):
    monkeypatch.setattr(sse, "MAX_CAPTURE_BYTES", 1_000_000)
    line = failing(runner, faults.base + "/old-flood")
    assert "server sent more than 1000000 bytes in all on the SSE stream and its POST answers" in line


# --- an old Python SDK server that drops the stream on the era probe (trial dec02, D5) -------------


def test_a_stream_dropped_on_the_era_probe_is_reopened_for_initialize(faults):
    """FastMCP on mcp 1.6 over HTTP+SSE drops its stream on ``server/discover``; the server stays
    up, so a fresh stream asked only ``initialize`` captures it (as the stdio fallback restarts
    the process)."""
    snap = capture(faults.base + "/old-py16")
    assert [t["name"] for t in snap.tools] == ["read_query"]
    assert snap.provenance.era == "legacy" and snap.provenance.protocol_version == "2024-11-05"
    details = snap.provenance.details
    assert details["httpTransport"] == "sse"
    assert details["transportFallback"] == "initialize over Streamable HTTP got HTTP 405"
    assert details["eraFallback"] == ("the server closed the SSE stream on server/discover, so mcp-inspect "
                                      "opened a fresh stream and sent only initialize")
    assert details["initializeAsked"] == "2025-11-25"
    assert len(faults.streams) == 2
    assert no_reader_left()


def test_a_forced_protocol_opens_one_stream(faults):
    snap = capture(faults.base + "/old-py16", CaptureOptions(protocol="2024-11-05"))
    assert [t["name"] for t in snap.tools] == ["read_query"] and len(faults.streams) == 1


def test_a_stream_dropped_again_suggests_the_protocol(runner, faults):
    result = runner.invoke(app, ["snapshot", faults.base + "/old-py16-dead"])
    assert result.exit_code == 3, result.output
    line = one_error_line(result)
    assert "server closed the SSE stream before answering initialize" in line, line
    assert "pass --protocol 2025-11-25" in line, line
    assert len(faults.streams) == 2
    assert no_reader_left()
