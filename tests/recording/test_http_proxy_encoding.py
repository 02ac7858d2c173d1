"""The Streamable HTTP recording proxy with compressed answers: the client gets the bytes the
upstream sent, compressed as they were, and the log gets the calls, inflated from a copy
(gzip, zlib and raw deflate); an encoding the standard library cannot undo leaves the call
unanswered in the log, never garbage. The proxy adds no header the client did not send."""

from __future__ import annotations

import gzip
import http.client
import json
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from mcp_inspect.recording.http_proxy import MAX_BODY, _Inflater, run_http
from mcp_inspect.recording.log import CallLog, Tap


def _answer(ident: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": ident, "result": {"content": [{"type": "text", "text": "sunny"}]}}


def _raw_deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(wbits=-zlib.MAX_WBITS)
    return packer.compress(data) + packer.flush()


#: How the upstream encodes its answer, by the path the client posts to.
ENCODINGS = {
    "/gzip": ("gzip", "application/json", lambda body: gzip.compress(body)),
    "/zlib": ("deflate", "application/json", zlib.compress),
    "/raw-deflate": ("deflate", "application/json", _raw_deflate),
    "/gzip-events": ("gzip", "text/event-stream",
                     lambda body: gzip.compress(b"event: message\ndata: " + body + b"\n\n")),
    "/br": ("br", "application/json", lambda body: b"\x0b\x02\x80not really brotli"),
}


class _Upstream(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen: list[dict[str, str]] = []

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_POST(self) -> None:
        type(self).seen.append({k.lower(): v for k, v in self.headers.items()})
        request = json.loads(self.rfile.read(int(self.headers["content-length"])))
        encoding, kind, pack = ENCODINGS[self.path]
        body = pack(json.dumps(_answer(request["id"])).encode())
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def proxy(tmp_path: Path):
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), _Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    log = tmp_path / "calls.jsonl"
    tap = Tap(CallLog(str(log)))
    stop, ready = threading.Event(), threading.Event()
    where: list[str] = []

    def announce(url: str) -> None:
        where.append(url)
        ready.set()

    thread = threading.Thread(target=run_http, args=(f"http://127.0.0.1:{upstream.server_address[1]}/mcp",
                                                     "127.0.0.1", 0, tap),
                              kwargs={"announce": announce, "stop": stop}, daemon=True)
    thread.start()
    assert ready.wait(10)
    # "mcp-inspect record: forwarding http://127.0.0.1:PORT/mcp to UPSTREAM"
    port = int(where[0].split()[3].rsplit(":", 1)[1].split("/")[0])
    _Upstream.seen = []

    def finish() -> list[dict[str, Any]]:
        """Stops the proxy (which closes the log, writing the unanswered calls) and reads it."""
        stop.set()
        thread.join(10)
        return [json.loads(line) for line in log.read_text().splitlines()]

    yield port, finish
    stop.set()
    thread.join(10)
    upstream.shutdown()
    upstream.server_close()


def _post(port: int, path: str, ident: int) -> tuple[dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = json.dumps({"jsonrpc": "2.0", "id": ident, "method": "tools/call",
                       "params": {"name": "weather", "arguments": {"city": "Oslo"}}})
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    out = {k.lower(): v for k, v in response.getheaders()}, response.read()
    connection.close()
    return out


def test_compressed_answers_reach_the_client_as_sent_and_the_log_inflated(proxy) -> None:
    port, finish = proxy
    for ident, path in enumerate(["/gzip", "/zlib", "/raw-deflate", "/gzip-events"], start=1):
        headers, body = _post(port, path, ident)
        encoding, kind, _pack = ENCODINGS[path]
        assert headers["content-encoding"] == encoding
        inflated = gzip.decompress(body) if encoding == "gzip" else (
            zlib.decompress(body) if path == "/zlib" else zlib.decompress(body, -zlib.MAX_WBITS))
        assert json.dumps(_answer(ident)).encode() in inflated
    # The upstream got the client's own Accept-Encoding (http.client sends "identity") and no
    # User-Agent, since the client sent none: the proxy adds nothing.
    sent = [(seen.get("accept-encoding"), seen.get("user-agent")) for seen in _Upstream.seen]
    assert sent == [("identity", None)] * 4
    rows = finish()
    assert [(row["tool"], row["isError"], row.get("unanswered")) for row in rows] == [("weather", False, None)] * 4


def test_an_encoding_the_proxy_cannot_read_is_passed_on_and_logged_unanswered(proxy) -> None:
    port, finish = proxy
    headers, body = _post(port, "/br", 1)
    assert headers["content-encoding"] == "br" and body == b"\x0b\x02\x80not really brotli"
    assert [(row["tool"], row.get("unanswered")) for row in finish()] == [("weather", True)]


def test_an_inflated_copy_stops_at_the_body_limit() -> None:
    bomb = gzip.compress(b"[" + b" " * (MAX_BODY + 1000))
    inflater = _Inflater("gzip")
    total = sum(len(inflater.feed(bomb[i:i + 65536])) for i in range(0, len(bomb), 65536))
    assert total == MAX_BODY


def test_a_body_that_is_not_gzip_stops_feeding_the_copy() -> None:
    inflater = _Inflater("gzip")
    assert inflater.feed(b"plain text, not gzip") == b""
    assert inflater.broken and inflater.feed(gzip.compress(b"{}")) == b""
