"""How one request meets its answer: a batch is read to its end, an error with a null id that
arrives late belongs to the request given up on, and the era probe has one timeout in all.
"""

from __future__ import annotations

import json
import time

import pytest
from capture_helpers import faults_fixture, raw  # noqa: F401 - fixtures

from mcp_inspect.errors import CaptureError
from mcp_inspect.live.client import capture
from mcp_inspect.live.jsonrpc import Correlator
from mcp_inspect.live.options import CaptureOptions

NULL_ID_ERROR = {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}}


def report_of(snap) -> dict:
    return json.loads(next(t for t in snap.tools if t["name"] == "report")["description"])


# --- a batch holding the answer and then a server request ------------------------------------


def test_a_request_behind_the_answer_in_a_stdio_batch_gets_its_reply():
    snap = capture(raw("answer-then-request"))
    assert [t["name"] for t in snap.tools] == ["first", "second", "report"]
    replies = report_of(snap)["replies"]
    assert replies["srv-after"] == {"jsonrpc": "2.0", "id": "srv-after", "result": {"roots": []}}


def test_a_request_behind_the_answer_in_an_http_batch_gets_its_reply(faults):
    snap = capture(faults.base + "/batch-after")
    assert snap.provenance.era == "modern" and snap.tools == []
    replies = [s["message"] for s in faults.seen if "method" not in s["message"]]
    assert replies == [{"jsonrpc": "2.0", "id": "s9", "result": {}}]


def test_the_correlator_reads_a_batch_to_its_end():
    correlator = Correlator()
    waiting = correlator.new_id()
    answer = {"jsonrpc": "2.0", "id": waiting, "result": {}}
    ping = {"jsonrpc": "2.0", "id": "p", "method": "ping"}
    sent: list[dict] = []
    got = correlator.take([answer, ping], waiting, "tools/list", 10, lambda reply, _asked: sent.append(reply))
    assert got == answer
    assert sent == [{"jsonrpc": "2.0", "id": "p", "result": {}}]


# --- a late error with a null id -------------------------------------------------------------


def test_a_late_null_id_error_after_a_timed_out_probe_is_not_the_answer_to_initialize():
    # The server answers server/discover (with a null-id error) only once initialize arrives,
    # after the probe has timed out: that error must not read as initialize refused.
    snap = capture(raw("late-null-id"), CaptureOptions(timeout=1))
    assert snap.provenance.era == "legacy"
    assert [t["name"] for t in snap.tools] == ["first", "second", "report"]
    assert report_of(snap)["seen"][:3] == ["server/discover", "initialize", "notifications/initialized"]


def test_a_null_id_error_answers_the_awaited_request_once_every_abandoned_one_is_answered():
    correlator = Correlator()
    probe = correlator.new_id()
    correlator.abandon(probe, "server/discover")
    waiting = correlator.new_id()
    assert correlator.route(NULL_ID_ERROR, waiting, "initialize").response is None  # the probe's late answer
    assert "was read as the late answer to server/discover" in correlator.set_aside_note()
    assert correlator.route(NULL_ID_ERROR, waiting, "initialize").response == NULL_ID_ERROR


def test_an_abandoned_request_answered_with_its_id_leaves_null_id_errors_to_the_awaited_one():
    correlator = Correlator()
    probe = correlator.new_id()
    correlator.abandon(probe, "server/discover")
    waiting = correlator.new_id()
    late = {"jsonrpc": "2.0", "id": probe, "error": {"code": -32601, "message": "Method not found"}}
    assert correlator.route(late, waiting, "initialize").response is None
    assert correlator.route(late, waiting, "initialize").response is None  # a repeat is skipped too
    assert correlator.route(NULL_ID_ERROR, waiting, "initialize").response == NULL_ID_ERROR
    assert correlator.set_aside_note() == ""


# --- one timeout for the whole era probe ----------------------------------------------------------


@pytest.mark.parametrize("where", ["stdio", "http"])
def test_a_server_that_answers_nothing_fails_within_one_timeout(faults, where):
    source = raw("silent") if where == "stdio" else faults.base + "/silent"
    started = time.monotonic()
    with pytest.raises(CaptureError) as caught:
        capture(source, CaptureOptions(timeout=1))
    elapsed = time.monotonic() - started
    assert elapsed < 1.8  # one timeout and the shutdown; a timeout per era would be 2 s at least
    assert "no answer to server/discover nor to initialize within 1s, the time the era probe may take in " \
           "all" in str(caught.value)
    # New-user trial: a first npx download timed out with no word of the option that helps.
    assert "needs a longer --timeout" in str(caught.value)


# --- a process that echoes what it reads ----------------------------------------------------------


ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write(line)\n    sys.stdout.flush()\n"


def test_a_process_that_echoes_its_input_is_not_read_as_a_server_that_refused_initialize(tmp_path):
    # cat-like: each request comes back as it was sent. Answering the echo as a server request
    # made the echo of that answer read as "server refused initialize".
    import sys

    from mcp_inspect.sources.load import load_source

    script = tmp_path / "echo.py"
    script.write_text(ECHO)
    with pytest.raises(CaptureError) as caught:
        load_source(f"stdio:{sys.executable} {script}", CaptureOptions(timeout=5, progress=False))
    said = str(caught.value)
    assert "echoed the server/discover request back" in said and "not a JSON-RPC response" in said
    assert "refused" not in said


def test_the_correlator_refuses_its_own_request_read_back_but_answers_a_servers_request():
    correlator = Correlator()
    waiting = correlator.new_id()
    own = {"jsonrpc": "2.0", "id": waiting, "method": "initialize", "params": {}}
    with pytest.raises(CaptureError, match="echoed the initialize request back"):
        correlator.route(own, waiting, "initialize")
    # The same id with another method is a request of the server's own (ids are per side).
    assert correlator.route({"jsonrpc": "2.0", "id": waiting, "method": "ping"}, waiting, "initialize").reply == \
        {"jsonrpc": "2.0", "id": waiting, "result": {}}
