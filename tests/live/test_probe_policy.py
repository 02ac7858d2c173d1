"""How auto mode reads the answer to its server/discover probe (the reference SDK's policy),
and the ways legitimate servers frame what they send: a null id on an error, batches, SSE
line ends, page results with fields named like the page record's own.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from capture_helpers import faults_fixture, one_error_line, raw  # noqa: F401 - fixtures

from mcp_inspect.cli import app
from mcp_inspect.errors import CaptureError
from mcp_inspect.live import session
from mcp_inspect.live.client import capture
from mcp_inspect.live.http import HttpTransport
from mcp_inspect.live.options import CaptureOptions
from mcp_inspect.snapshot import dump_snapshot, snapshot_from_value


def report_of(snap) -> dict:
    return json.loads(next(t for t in snap.tools if t["name"] == "report")["description"])


def failing(runner, source: str, *args: str) -> str:
    result = runner.invoke(app, ["snapshot", source, *args])
    assert result.exit_code == 3, result.output
    return one_error_line(result)


# --- 1. the probe answered, but with no 2026-era version in common: the handshake -------------


@pytest.mark.parametrize(("mode", "asked"), [
    ("discover-legacy", "2025-06-18"),  # a DiscoverResult listing only handshake-era versions
    ("refuse-legacy", "2025-06-18"),  # -32022 listing only handshake-era versions
    ("contradicts-legacy", "2025-03-26"),  # -32022 refusing the very 2026 version it lists, and one older
])
def test_a_probe_that_names_only_handshake_versions_leads_to_initialize(mode, asked):
    snap = capture(raw(mode))
    assert snap.provenance.era == "legacy"
    assert snap.provenance.protocol_version == "2025-06-18"  # what the server answered
    report = report_of(snap)
    assert report["replies"]["initialize-params"]["protocolVersion"] == asked  # the newest it named
    assert report["seen"][:3] == ["server/discover", "initialize", "notifications/initialized"]
    details = snap.provenance.details  # how the era was chosen, for a later diff to compare
    assert details["protocolRequested"] == "auto"
    assert details["initializeAsked"] == asked
    assert details["eraFallback"].startswith("server/discover")


@pytest.mark.parametrize(("mode", "expected"), [
    ("discover-legacy", "server/discover lists supported versions 2024-11-05, 2025-06-18, 1999-01-01; "
                        "mcp-inspect speaks 2026-07-28 in the 2026 era; --protocol 2026-07-28 never falls back "
                        "to initialize (--protocol auto would, asking for 2025-06-18)"),
    ("refuse-legacy", "server does not support protocol 2026-07-28 (it supports 2024-11-05, 2025-06-18); "
                      "--protocol 2026-07-28 never falls back to initialize (--protocol auto would, asking "
                      "for 2025-06-18)"),
    ("not-discover-array", "the server/discover result is not an object"),
    ("not-discover-no-capabilities", "the server's server/discover result has no capabilities object"),
])
def test_a_forced_2026_protocol_still_fails_on_them(runner, mode, expected):
    assert expected in failing(runner, raw(mode), "--protocol", "2026-07-28")


@pytest.mark.parametrize("mode", ["future", "contradicts"])
def test_a_2026_server_naming_no_version_we_speak_still_fails(runner, mode):
    line = failing(runner, raw(mode))
    assert "it lists no handshake-era version mcp-inspect speaks, so there is no falling back to " \
           "initialize; server stderr:" in line


# --- 1c. a result that is not a DiscoverResult is no evidence of the 2026 era ------------------


@pytest.mark.parametrize("mode", ["not-discover-array", "not-discover-no-capabilities", "not-discover-no-versions"])
def test_a_result_that_is_not_a_discover_result_leads_to_initialize(mode):
    snap = capture(raw(mode))
    assert snap.provenance.era == "legacy"
    assert snap.discover is None
    assert report_of(snap)["replies"]["initialize-params"]["protocolVersion"] == "2025-11-25"


class _Scripted:
    """A transport answering each method with a fixed response."""

    era: str | None = None
    protocol_version: str | None = None
    timeout = 1.0

    def __init__(self, answers: dict[str, dict[str, Any]]) -> None:
        self.answers = answers

    def request(self, method: str, params: dict | None, timeout: float | None = None) -> dict:
        return {"jsonrpc": "2.0", "id": 1, **self.answers[method]}

    def notify(self, method: str, params: dict | None = None) -> None:
        pass


def test_an_initialize_refused_after_a_strange_probe_says_why_it_was_sent():
    transport = _Scripted({"server/discover": {"result": {"supportedVersions": ["2026-07-28"]}},
                           "initialize": {"error": {"code": -32601, "message": "nf"}}})
    with pytest.raises(CaptureError) as caught:
        session.converse(transport, "auto", lambda _message: None)
    assert str(caught.value) == ("server refused initialize: -32601 'nf'; mcp-inspect sent it because "
                                 "the server/discover result has no capabilities object")


# --- 2. an error with a null id answers the request awaited ------------------------------------


def test_a_null_id_error_to_the_probe_means_a_handshake_server():
    snap = capture(raw("null-id"))
    assert snap.provenance.era == "legacy"
    assert [t["name"] for t in snap.tools] == ["first", "second", "report"]


def test_a_null_id_error_over_http_200_means_a_handshake_server(faults):
    snap = capture(faults.base + "/null-id")
    assert snap.provenance.era == "legacy"
    assert [t["name"] for t in snap.tools] == ["only"]


def test_a_null_id_error_fails_a_forced_2026_probe_as_an_error(runner):
    line = failing(runner, raw("null-id"), "--protocol", "2026-07-28")
    assert "server answered server/discover with error -32600 'Invalid Request': it does not speak " \
           "2026-07-28 (try --protocol auto)" in line


# --- 3. batches --------------------------------------------------------------------------------


def test_a_batch_on_a_stdio_line_is_read_as_its_messages():
    snap = capture(raw("batch"))
    assert [t["name"] for t in snap.tools] == ["first", "second", "report"]
    replies = report_of(snap)["replies"]
    assert replies["srv-1"] == {"jsonrpc": "2.0", "id": "srv-1", "result": {"roots": []}}  # answered from the batch
    assert replies["srv-2"]["error"]["code"] == -32601


# --- 5. SSE framing --------------------------------------------------------------------------------


@pytest.mark.parametrize("style", ["cr", "bom", "batch", "crlf"])
def test_sse_answers_in_every_framing_a_server_may_use(faults, style):
    snap = capture(faults.base + f"/sse-{style}")
    assert snap.provenance.era == "modern"
    assert snap.discover["supportedVersions"] == ["2026-07-28"]
    assert snap.provenance.details["protocolRequested"] == "auto"
    assert "eraFallback" not in snap.provenance.details and "initializeAsked" not in snap.provenance.details
    assert snap.tools == [{"name": f"sse-{style}", "description": "two\nlines", "inputSchema": {"type": "object"}}]


class _Body:
    """Just enough of an httpx.Response for HttpTransport._events."""

    headers: dict[str, str] = {}
    extensions: dict[str, object] = {}  # no network stream: no socket to cut at the deadline

    def __init__(self, chunks: list[bytes]) -> None:
        self.chunks = chunks

    def iter_bytes(self):
        yield from self.chunks


NOTE = {"jsonrpc": "2.0", "method": "notifications/message"}
ANSWER = {"jsonrpc": "2.0", "id": 7, "result": {"text": "a\nb"}}
STREAM = ("\ufeffdata: " + json.dumps(NOTE) + "\r\n\r\n: comment\rid: 1\ndata: \n\n"
          + "".join(f"data: {line}\r\n" for line in json.dumps(ANSWER, indent=1).split("\n")) + "\r\n"
          + "event: message\rdata: [" + json.dumps(NOTE) + "]\r\rdata: []\n\n").encode()


@pytest.fixture(scope="module")
def transport():
    """One transport for every body: _events keeps no state between responses but the byte count,
    reset for each (an httpx client takes ~0.1 s to make, and the chunk-split test reads ~300 bodies)."""
    made = HttpTransport("http://127.0.0.1:1/mcp", {}, 5)
    yield made
    made.close()


@pytest.fixture
def events(transport):
    def read(chunks: list[bytes]) -> list[Any]:
        transport.received = 0
        batches = transport._events(_Body(chunks), "tools/list", time.monotonic() + 5)
        return [message for batch in batches for message in batch]

    return read


def test_sse_line_ends_and_a_bom_are_read_wherever_the_chunks_split(events):
    expected = [NOTE, ANSWER, NOTE]
    assert events([STREAM]) == expected
    assert events([STREAM[i:i + 1] for i in range(len(STREAM))]) == expected  # a CR and its LF apart too
    for cut in range(1, len(STREAM)):
        assert events([STREAM[:cut], STREAM[cut:]]) == expected, cut


def test_a_byte_order_mark_is_skipped_only_where_the_stream_opens(events):
    event = b"data: " + json.dumps(ANSWER).encode() + b"\n\n"
    assert events([b"\xef", b"\xbb", b"\xbf" + event]) == [ANSWER]
    assert events([b"\xef\xbb\xbf" + event + b"\xef\xbb\xbf" + event]) == [ANSWER]  # a later one is a field name


def test_a_lone_cr_at_a_chunk_end_is_a_line_end_of_its_own(events):
    stream = [b"data: " + json.dumps(NOTE).encode() + b"\r", b"\rdata: " + json.dumps(ANSWER).encode() + b"\r\r"]
    assert events(stream) == [NOTE, ANSWER]


# --- 4. the page limit ---------------------------------------------------------------------------


def test_a_list_of_many_pages_is_read_in_full():
    snap = capture(raw("many-pages"))
    assert [t["name"] for t in snap.tools] == [f"t{n}" for n in range(1, 151)]
    assert len(snap.pages["tools/list"]) == 150


# --- 6. page records keep every field of the page result ----------------------------------------


def test_page_result_fields_named_like_the_record_keys_are_kept():
    snap = capture(raw("page-fields"))
    page = {"cursor": None, "count": 1, "vendor": 1,
            "serverFields": {"cursor": "the server's own", "count": 99, "serverFields": ["also its own"]}}
    assert snap.pages["tools/list"] == [page]
    again = snapshot_from_value(json.loads(dump_snapshot(snap)), "again.json")
    assert again.pages["tools/list"] == [page]


def test_page_records_without_a_clash_have_no_server_fields():
    snap = capture(raw("legacy"))
    assert all("serverFields" not in page for page in snap.pages["tools/list"])


# --- 7. initialize refused with -32022 ------------------------------------------------------------


def test_initialize_refused_with_32022_and_no_probe_suggests_the_2026_era(runner):
    line = failing(runner, raw("modern-only"), "--protocol", "2025-06-18")
    assert "server refused initialize with a 2026-era error (-32022 'Unsupported protocol version'): it " \
           "speaks the 2026 era; try --protocol auto or --protocol 2026-07-28; server stderr:" in line
    assert "after the timeout" not in line


def test_initialize_refused_with_32022_after_an_answered_probe(runner):
    line = failing(runner, raw("modern-only"))
    assert "server refused initialize with a 2026-era error (-32022 'Unsupported protocol version') after " \
           "server/discover answered -32601 'Method not found'; neither era's opening request succeeded" in line


def test_initialize_refused_with_32022_after_a_probe_that_timed_out(runner):
    # server/discover may take half of the 2.5 s, and the server answers it after 1.5 s:
    # initialize, sent at 1.25 s, is answered within what is left.
    line = failing(runner, raw("late-modern"), "--timeout", "2.5")
    assert "server refused initialize with a 2026-era error (-32022 'Unsupported protocol version'); it may " \
           "have answered server/discover after the timeout: raise --timeout" in line


# --- 6. a server the probe breaks ---------------------------------------------------------------


def test_a_stdio_server_that_the_probe_breaks_is_restarted_for_initialize():
    # Old releases of the Python SDK leave server/discover unanswered and exit when the next
    # request comes; a fresh process asked only initialize is captured as usual.
    snap = capture(raw("wedge-on-discover"), CaptureOptions(timeout=2))
    assert snap.provenance.era == "legacy" and snap.provenance.protocol_version == "2025-06-18"
    report = report_of(snap)
    assert report["seen"][:2] == ["initialize", "notifications/initialized"]  # the new process saw no probe
    details = snap.provenance.details
    assert details["protocolRequested"] == "auto" and details["initializeAsked"] == "2025-11-25"
    assert details["eraFallback"] == ("server/discover timed out; the server then exited when asked initialize, "
                                      "so mcp-inspect restarted it and sent only initialize")


def test_a_server_whose_buffered_banner_comes_out_as_it_exits_is_restarted_for_initialize():
    # chroma-mcp (FastMCP on mcp 1.6): its start-up print reaches stdout only when the probe has
    # made it exit, while initialize waits; that is the server gone, not a server speaking
    # something other than JSON-RPC, so the documented fallback applies (it ended in exit 3).
    snap = capture(raw("banner-on-exit"), CaptureOptions(timeout=2))
    assert snap.provenance.era == "legacy" and report_of(snap)["seen"][:1] == ["initialize"]
    assert snap.provenance.details["eraFallback"] == (
        "server/discover timed out; the server then exited when asked initialize, so mcp-inspect restarted it "
        "and sent only initialize")


def test_a_stdio_server_that_exits_on_the_probe_itself_is_restarted_for_initialize():
    """Hostile trial, round 30: a server that printed a complaint on stdout and exited as soon as
    server/discover came (before initialize was ever sent) was not restarted, though the docs say a
    server exiting after an unanswered probe, before answering initialize, is: the capture ended in
    exit 3 ("exited with code 1 before answering server/discover"), while --protocol 2025-11-25 worked."""
    started = time.monotonic()
    snap = capture(raw("exit-on-discover"), CaptureOptions(timeout=5))
    assert time.monotonic() - started < 4  # no timeout waited out: the exit is seen at once
    assert snap.provenance.era == "legacy" and snap.provenance.protocol_version == "2025-06-18"
    assert report_of(snap)["seen"][:2] == ["initialize", "notifications/initialized"]  # no probe this time
    details = snap.provenance.details
    assert details["protocolRequested"] == "auto" and details["initializeAsked"] == "2025-11-25"
    assert details["eraFallback"] == ("the server exited when asked server/discover, so mcp-inspect restarted it "
                                      "and sent only initialize")


def test_a_restarted_server_that_fails_again_says_it_was_restarted(runner):
    """A server that exits at once exits on the probe too: the restart's failure is told, with the
    restart. A server that crashed at import would have exited on any request, so the first start
    is said to have exited before answering, server/discover named only as what it was sent, not
    "exited on server/discover", which read as the probe's fault (new-user trial, round 44)."""
    line = failing(runner, raw("exit"))
    assert "server exited with code 3 before answering initialize (at its first start the server exited " \
           "before answering, having been sent server/discover; mcp-inspect restarted it and sent only " \
           "initialize); server stderr: raw server starting in mode exit | fatal: no API_TOKEN in the " \
           "environment" in line


def test_a_forced_protocol_is_never_restarted(runner):
    line = failing(runner, raw("wedge-on-discover"), "--protocol", "2026-07-28", "--timeout", "1")
    assert "server/discover" in line and "restarted" not in line


def test_a_server_that_exits_after_answering_initialize_is_not_restarted(runner, tmp_path):
    """Hostile trial, round 36: a server that refused server/discover, answered initialize and then
    exited on tools/list was started a second time, and the failure said it had exited on initialize.
    The docs restart a server only when it exits on the probe, or before answering initialize after an
    unanswered or refused probe: past initialize the era is settled and a restart cannot help."""
    starts = tmp_path / "starts"
    line = failing(runner, raw("exit-on-tools"), "--env", f"RAW_STARTS={starts}", "--timeout", "5")
    assert "server exited with code 3 before answering tools/list" in line
    assert "restarted" not in line and "initialize" not in line
    assert starts.read_text().splitlines() == ["exit-on-tools"]


def test_a_restart_says_what_the_server_did_rather_than_that_it_exited(runner, tmp_path):
    """Hostile trial, round 36: a server that closed its stdin and stayed up was said to have exited
    on initialize (it had not exited, and initialize never reached it); the message of the restart
    says what it did."""
    starts = tmp_path / "starts"
    line = failing(runner, raw("closes-stdin"), "--env", f"RAW_STARTS={starts}", "--timeout", "2")
    assert "no answer to initialize within 2s (after the server closed its stdin before initialize could be " \
           "sent, mcp-inspect had restarted it and sent only initialize)" in line
    assert "exited" not in line
    assert starts.read_text().splitlines() == ["closes-stdin", "closes-stdin"]
