"""The proxies forward in proportion to what passes: lines are cut without rebuilding a
buffer per chunk (bench/record_proxy.py measures a 50 MB line), answers nobody asked for
are kept by bytes, and a server still writing the tail of an answer to a client that closed
its end gets to finish it."""

from __future__ import annotations

import json
import os
import sys
import threading

from test_proxy_closing import call, frame

from mcp_inspect.limits import RECORD_MAX_MESSAGE_BYTES
from mcp_inspect.recording import log as log_module
from mcp_inspect.recording import stdio_proxy
from mcp_inspect.recording.log import CallLog, Lines, Tap


def test_lines_are_cut_across_chunks_and_a_line_past_the_limit_is_dropped():
    lines = Lines(limit=10)
    assert lines.feed(b"ab") == [] and lines.feed(b"c\nde") == [b"abc"]
    assert lines.feed(b"f\n\n") == [b"def", b""]
    assert lines.feed(b"x" * 8) == [] and lines.feed(b"y" * 8) == []  # past the limit: dropped as it grows
    assert len(lines.partial) == 0
    assert lines.feed(b"zz\nok\n") == [b"ok"]
    assert lines.feed(b"tail") == [] and lines.rest() == b"tail"


def test_the_partial_line_is_extended_in_place_never_rebuilt():
    """Operations, not time: the partial line stays one bytearray that each chunk extends (a
    bytes buffer was copied whole on every chunk, quadratic in a long line), and a chunk
    without a newline is searched once."""
    lines = Lines()
    assert lines.limit == RECORD_MAX_MESSAGE_BYTES
    buffer = lines.partial
    chunk = b"x" * 65536
    for _ in range(64):
        assert lines.feed(chunk) == []
        assert lines.partial is buffer
    assert len(buffer) == 64 * 65536
    [line] = lines.feed(b"\n")
    assert len(line) == 64 * 65536


def test_a_long_line_passes_whole_and_reaches_the_tap_once():
    source, sink = os.pipe()
    seen: list[bytes] = []
    out = bytearray()
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "result": {"text": "x" * 5_000_000}}).encode() + b"\n"

    def feed() -> None:
        os.write(sink, line)
        os.close(sink)

    writer = threading.Thread(target=feed)
    writer.start()
    stdio_proxy._pump(source, out.extend, seen.append)
    writer.join()
    os.close(source)
    assert bytes(out) == line and seen == [line[:-1]]


def test_answers_to_ids_nobody_asked_for_are_kept_by_bytes(tmp_path, monkeypatch):
    monkeypatch.setattr(log_module, "RECORD_MAX_EARLY_BYTES", 1_000_000)
    tap = Tap(CallLog(str(tmp_path / "calls.jsonl")))
    for ident in range(20):
        answer = {"jsonrpc": "2.0", "id": 1000 + ident, "result": {"structuredContent": {"blob": "y" * 200_000}}}
        tap.server_bytes(json.dumps(answer).encode())
    assert len(tap._early) <= 5  # 200 kB each, 1 MB kept at most
    # The newest are kept: a call whose answer came first is still logged answered.
    tap.client_bytes(json.dumps(call(1019, "weather")).encode())
    tap.close()
    [row] = [json.loads(line) for line in (tmp_path / "calls.jsonl").read_text().splitlines()]
    assert row["isError"] is False and "unanswered" not in row


TAIL_SERVER = r"""
import json, sys, time
request = json.loads(sys.stdin.readline())
sys.stdin.read()  # the client has closed its end
text = json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": {"content": [], "n": "z" * 4000}})
for start in range(0, len(text), 500):  # the answer's tail comes slowly, after the client left
    sys.stdout.write(text[start:start + 500]); sys.stdout.flush(); time.sleep(0.12)
sys.stdout.write("\n"); sys.stdout.flush()
"""


def test_the_tail_of_an_answer_reaches_a_client_that_closed_its_end(tmp_path, monkeypatch):
    monkeypatch.setattr(stdio_proxy, "GRACE", 0.4)  # the answer takes about a second
    proxy_in, client_in = os.pipe()
    read_fd, proxy_out = os.pipe()
    result = {}
    tap = Tap(CallLog(str(tmp_path / "calls.jsonl")))

    def run() -> None:
        result["code"] = stdio_proxy.run_stdio([sys.executable, "-c", TAIL_SERVER], tap, stdin=proxy_in,
                                               stdout=proxy_out)
        os.close(proxy_out)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    os.write(client_in, frame(call(7, "weather")))
    os.close(client_in)
    received = b""
    while chunk := os.read(read_fd, 65536):
        received += chunk
    thread.join(20)
    assert result["code"] == 0
    answer = json.loads(received)
    assert answer["id"] == 7 and len(answer["result"]["n"]) == 4000


