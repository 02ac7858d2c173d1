"""SSE polling over Streamable HTTP (SEP-1699, part of 2025-11-25): a server may close the stream
answering a request once it has sent an event id, and the answer then comes on the stream a GET
with ``Last-Event-ID`` resumes. Hostile trial, round 30: such a server, which did nothing wrong,
failed the capture with exit 3 ("server ended its HTTP response to tools/list without answering
it"), and no GET was ever sent.
"""

from __future__ import annotations

import time

import pytest
from capture_helpers import faults_fixture, one_error_line  # noqa: F401 - fixtures

from mcp_inspect.cli import app
from mcp_inspect.live import http
from mcp_inspect.live.client import capture
from mcp_inspect.live.eventstream import sse_events
from mcp_inspect.live.options import CaptureOptions


def test_a_stream_closed_after_its_priming_event_is_resumed_where_the_answer_comes(faults):
    snap = capture(faults.base + "/poll", CaptureOptions(timeout=5))
    assert [tool["name"] for tool in snap.tools] == ["polled"]
    assert snap.provenance.protocol_version == "2025-11-25"
    resume = next(seen for seen in faults.seen if seen.get("verb") == "GET")
    headers = {name.lower(): value for name, value in resume["headers"].items()}
    assert headers["last-event-id"] == "ev1" and headers["accept"] == "text/event-stream"
    assert headers["mcp-session-id"] == "session-123" and headers["mcp-protocol-version"] == "2025-11-25"
    verbs = [verb for verb, _, _ in faults.polls]
    assert verbs.count("GET") == 1
    posted, resumed = (at for verb, _, at in faults.polls[verbs.index("GET") - 1:][:2])
    assert resumed - posted >= 0.1  # the server's retry: 100 was waited out before resuming


def test_a_resumed_stream_closed_again_after_a_new_id_is_resumed_from_that_id(faults):
    snap = capture(faults.base + "/poll-again", CaptureOptions(timeout=5))
    assert [tool["name"] for tool in snap.tools] == ["polled"]
    assert [(verb, last) for verb, last, _ in faults.polls if verb == "GET"] == [("GET", "ev1"), ("GET", "ev2")]


def test_a_resume_that_gives_no_answer_says_so(runner, faults):
    result = runner.invoke(app, ["snapshot", faults.base + "/poll-lost", "--timeout", "5"])
    assert result.exit_code == 3, result.output
    assert one_error_line(result).endswith(
        "server closed the stream answering tools/list after event id 'ev1', and the resume (a GET with "
        "Last-Event-ID: 'ev1') gave no answer")


def test_a_retry_longer_than_the_timeout_fails_at_once(runner, faults):
    started = time.monotonic()
    result = runner.invoke(app, ["snapshot", faults.base + "/poll-long", "--timeout", "5"])
    assert result.exit_code == 3, result.output
    assert one_error_line(result).endswith(
        "no answer to tools/list within 5s: the server closed the stream answering tools/list after event id "
        "'ev1' and asked to be resumed only after 60000 ms")
    assert time.monotonic() - started < 4  # not the 60 s asked for, nor the 5 s timeout waited out
    assert "GET" not in [verb for verb, _, _ in faults.polls]


def test_a_2026_era_stream_is_not_resumed(runner, faults):
    # The 2026-07-28 revision dropped Last-Event-ID: its server must answer on the stream.
    result = runner.invoke(app, ["snapshot", faults.base + "/poll-modern", "--protocol", "2026-07-28"])
    assert result.exit_code == 3, result.output
    assert "server closed the stream answering server/discover after event id 'm1' without answering it; a " \
           "2026-era stream is not resumed" in one_error_line(result)
    assert "GET" not in [verb for verb, _, _ in faults.polls]


def test_max_sse_resumes_bounds_a_server_that_closes_every_resumed_stream(runner, faults, monkeypatch):
    # /poll-again closes the first resumed stream after a new id: with one resume allowed, that is the end.
    from mcp_inspect.limits import MAX_SSE_RESUMES

    assert MAX_SSE_RESUMES == 100
    monkeypatch.setattr(http, "MAX_SSE_RESUMES", 1)
    result = runner.invoke(app, ["snapshot", faults.base + "/poll-again", "--timeout", "5"])
    assert result.exit_code == 3, result.output
    assert one_error_line(result).endswith(
        "server closed the stream answering tools/list after event id 'ev2' without answering it, after 1 resume; "
        "mcp-inspect resumes a stream at most 1 times (MAX_SSE_RESUMES)")


def test_the_cursor_keeps_the_id_of_each_dispatched_event_and_the_retry():
    from mcp_inspect.live.eventstream import EventCursor

    cursor = EventCursor()
    lines = [b"id: a", b"retry: 250", b"data:", b"", b"data: x", b"", b"id", b"data: y", b""]
    assert list(sse_events(lines, cursor=cursor)) == [(b"", b""), (b"", b"x"), (b"", b"y")]
    assert cursor.last_id is None and not cursor.primed  # an empty id: nothing to resume from
    cursor = EventCursor()
    list(sse_events([b"id: a\x00b", b"id: c", b"retry: 1x", b"data: z"], cursor=cursor))  # no blank line at the end
    assert (cursor.last_id, cursor.retry_ms, cursor.primed) == (b"c", None, True)
    resumed = cursor.resumed()
    assert (resumed.last_id, resumed.primed) == (b"c", False)


@pytest.mark.parametrize(("era", "last_id", "said"), [
    # Hostile trial, round 31: an id with a space at its end was quoted 'ev1', printable ASCII,
    # beside "that id cannot be sent back … (printable ASCII only)".
    ("legacy", b" ev1", "' ev1'"),
    # An id of megabytes was sent back as a header the server then refused (431).
    ("legacy", b"e" * 5000, "an id of 5,000 bytes is not sent back (at most 1,024: MAX_SSE_EVENT_ID_BYTES)"),
    # During the era probe the error named a 2026-era stream the server never chose.
    (None, b"ev1", "while mcp-inspect probed for the 2026-07-28 revision"),
])
def test_a_stream_that_cannot_be_resumed_says_why_in_the_servers_terms(era, last_id, said):
    from mcp_inspect.errors import CaptureError
    from mcp_inspect.live.eventstream import EventCursor
    from mcp_inspect.live.http import HttpTransport

    transport = HttpTransport("http://127.0.0.1:9/mcp", {}, 1.0)
    transport.era = era
    with pytest.raises(CaptureError) as raised:
        transport._before_resume("tools/list", EventCursor(last_id, None, True), 0, time.monotonic() + 1)
    assert said in str(raised.value), str(raised.value)
    assert "probed" not in str(raised.value) or era is None


def test_a_2025_server_that_primes_every_stream_is_captured_under_the_probe(faults):
    """Hostile trial, round 36: a 2025-11-25 server that primes and closes the stream of every
    request, server/discover's included, could not be captured under --protocol auto ("a 2026-era
    stream is not resumed"), though --protocol 2025-11-25 captured it. Resumption is 2025-11-25's and
    not 2026-07-28's, so a primed probe is a handshake-era server: the probe falls back to initialize."""
    snap = capture(faults.base + "/poll-all", CaptureOptions(timeout=5))
    assert [tool["name"] for tool in snap.tools] == ["polled"]
    assert snap.provenance.era == "legacy" and snap.provenance.protocol_version == "2025-11-25"
    assert "event id 'p1'" in snap.provenance.details["eraFallback"]


@pytest.mark.parametrize(("last_id", "shown"), [
    (b"a\x1b[31mred", "'a\\x1b[31mred'"),  # an escape written once, not doubled by the line's own escaping
    ("é".encode(), "'\\xe9'"),
    (b"it's", "'it\\'s'"),  # the quote inside the quotes is escaped
    (b"back\\slash", "'back\\\\slash'"),
    (b"a" + "é".encode() * 40, "'a" + "\\xe9" * 40 + "'"),  # 81 bytes, 41 characters: whole, no split character
    ("é".encode() * 70, "'" + "\\xe9" * 64 + "'…"),  # cut at 64 characters
])
def test_an_event_id_is_quoted_once_escaped_and_cut_at_64_characters(capsys, last_id, shown):
    """Hostile trial, round 36: an event id was escaped with json.dumps and then again by the line
    written on stderr, so an ESC showed as \\\\u001b; it was cut at 64 bytes, splitting a character
    into \\ufffd, though its docstring says 64 characters; and a ' in it was not escaped. It is now
    quoted as the Mcp-Session-Id is: escaped once, and shown as it is."""
    import typer

    from mcp_inspect.cli.output import fail
    from mcp_inspect.errors import CaptureError
    from mcp_inspect.live.eventstream import EventCursor
    from mcp_inspect.live.http import HttpTransport

    transport = HttpTransport("http://127.0.0.1:9/mcp", {}, 1.0)
    transport.era = "modern"
    with pytest.raises(CaptureError) as raised:
        transport._before_resume("tools/list", EventCursor(last_id, None, True), 0, time.monotonic() + 1)
    assert f"after event id {shown} without answering it" in str(raised.value)
    with pytest.raises(typer.Exit):
        fail(raised.value)
    assert f"after event id {shown} without answering it" in capsys.readouterr().err


def test_an_event_id_quoted_twice_in_one_line_is_shown_as_it_is_both_times(capsys):
    """Hostile trial, round 36: a resume that gives no answer names the id twice; the line written
    on stderr showed only the last quote as it is, and doubled the escapes of the first."""
    import typer

    from mcp_inspect.cli.output import fail
    from mcp_inspect.live import http

    said = http._quoted_id(b"a\x1bb")
    error = http._no_resumed_answer("tools/list", said, 1)
    with pytest.raises(typer.Exit):
        fail(error)
    assert ("server closed the stream answering tools/list after event id 'a\\x1bb', and the resume (a GET with "
            "Last-Event-ID: 'a\\x1bb') gave no answer") in capsys.readouterr().err
