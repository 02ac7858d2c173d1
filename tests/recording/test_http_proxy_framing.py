"""The HTTP recording proxy frames a request body as a server must (RFC 9112 section 6): an
invalid Content-Length is 400 and closes the connection, a chunked body is decoded and sent on
whole, Content-Length with Transfer-Encoding is 400 (as mcp-inspect serve answers), another
transfer coding 501; nothing of a refused request reaches the upstream as a request."""

from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from mcp_inspect.recording.http_proxy import run_http
from mcp_inspect.recording.log import CallLog, Tap


class _Upstream(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    seen: list[tuple[str, str, bytes]] = []

    def log_message(self, format: str, *args: Any) -> None:
        return

    def _any(self) -> None:
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        type(self).seen.append((self.command, self.path, body))
        answer = b""
        if body:
            request = json.loads(body)
            answer = json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": {"content": []}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_GET = do_POST = _any


@pytest.fixture
def proxy(tmp_path: Path):
    upstream = ThreadingHTTPServer(("127.0.0.1", 0), _Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    log = tmp_path / "calls.jsonl"
    stop, ready, where = threading.Event(), threading.Event(), []

    def announce(url: str) -> None:
        where.append(url)
        ready.set()

    thread = threading.Thread(target=run_http, args=(f"http://127.0.0.1:{upstream.server_address[1]}/mcp",
                                                     "127.0.0.1", 0, Tap(CallLog(str(log)))),
                              kwargs={"announce": announce, "stop": stop}, daemon=True)
    thread.start()
    assert ready.wait(10)
    _Upstream.seen = []
    yield int(where[0].split()[3].rsplit(":", 1)[1].split("/")[0]), log
    stop.set()
    thread.join(10)
    upstream.shutdown()
    upstream.server_close()


def _exchange(port: int, data: bytes) -> bytes:
    """Send raw bytes, read until the proxy closes the connection (or 5 s of silence)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(data)
        received = b""
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except TimeoutError:
            pass
    return received


CALL = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "tools/call",
                   "params": {"name": "weather", "arguments": {"city": "Oslo"}}}).encode()


@pytest.mark.parametrize("length", ["abc", "-5", "1e3", "5, 6", "+5"])
def test_an_invalid_content_length_is_400_and_closes(proxy, length):
    port, _log = proxy
    answer = _exchange(port, b"POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: " + length.encode()
                       + b"\r\n\r\n" + CALL + b"GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400 ") and b"invalid Content-Length" in answer
    assert answer.count(b"HTTP/1.1") == 1  # closed: nothing after it was read as a request
    assert _Upstream.seen == []


def test_a_chunked_body_is_decoded_and_forwarded_whole(proxy):
    port, log = proxy
    chunked = b"".join(b"%x;ext=1\r\n%s\r\n" % (len(CALL[i:i + 20]), CALL[i:i + 20]) for i in range(0, len(CALL), 20))
    answer = _exchange(port, b"POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                       + chunked + b"0\r\nX-Trailer: t\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 200 ")
    assert _Upstream.seen == [("POST", "/mcp", CALL)]


def test_chunk_bytes_never_become_a_smuggled_request(proxy):
    port, _log = proxy
    smuggle = b"0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
    body = b"%x\r\n%s\r\n" % (len(smuggle), smuggle) + b"0\r\n\r\n"
    _exchange(port, b"POST /mcp HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n"
              b"Connection: close\r\n\r\n" + body)
    assert [(method, path) for method, path, _ in _Upstream.seen] == [("POST", "/mcp")]
    assert _Upstream.seen[0][2] == smuggle  # the chunk's bytes are the POST's body, not a request


@pytest.mark.parametrize(("headers", "status"), [
    (b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", b"400"),
    (b"Transfer-Encoding: gzip, chunked\r\n", b"501"),
    (b"Transfer-Encoding: chunked\r\n", b"400"),  # with a bad chunk size below
])
def test_conflicting_or_unknown_framing_is_refused_and_closes(proxy, headers, status):
    port, _log = proxy
    answer = _exchange(port, b"POST /mcp HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\nzz\r\nhello\r\n0\r\n\r\n"
                       + b"GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 " + status + b" ") and answer.count(b"HTTP/1.1") == 1
    assert b"Connection: close" in answer
    assert _Upstream.seen == []
