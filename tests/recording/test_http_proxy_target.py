"""The HTTP recording proxy sends every request to the configured upstream's scheme, host and
port, whatever the request-target says: an origin-form target (a path) is forwarded as it came,
an absolute-form one only when it names the proxy itself, and any other is answered 400 in one
line (said once on stderr), never with a traceback and never forwarded to another host."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from mcp_inspect.recording.http_proxy import run_http
from mcp_inspect.recording.log import CallLog, Tap


class _Upstream(BaseHTTPRequestHandler):
    """Logs each request it gets: method, the request-target as its request line holds it
    (``self.path`` folds a leading ``//``), and the headers a client's credentials travel in."""

    protocol_version = "HTTP/1.1"
    name = "upstream"

    def log_message(self, format: str, *args: Any) -> None:
        return

    def _any(self) -> None:
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self.server.seen.append((self.command, self.requestline.split()[1],  # type: ignore[attr-defined]
                                 self.headers.get("authorization"), self.headers.get("x-api-key")))
        answer = self.server.name.encode()  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_GET = do_POST = do_OPTIONS = _any


def _upstream(name: str) -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Upstream)
    server.seen, server.name = [], name  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return server


@pytest.fixture
def upstreams() -> Iterator[tuple[ThreadingHTTPServer, ThreadingHTTPServer]]:
    """The configured upstream, and a second server on loopback no request may ever reach."""
    configured, other = _upstream("configured"), _upstream("other")
    yield configured, other
    for server in (configured, other):
        server.shutdown()
        server.server_close()


@pytest.fixture
def start_proxy(tmp_path: Path) -> Iterator[Callable[[str], tuple[int, list[str]]]]:
    """Starts a proxy in front of the URL given; its port and the lines it said. Each stops with the test."""
    stops: list[tuple[threading.Event, threading.Thread]] = []

    def start(url: str) -> tuple[int, list[str]]:
        said: list[str] = []
        stop, ready = threading.Event(), threading.Event()

        def announce(text: str) -> None:
            said.append(text)
            ready.set()

        thread = threading.Thread(target=run_http, args=(url, "127.0.0.1", 0,
                                                         Tap(CallLog(str(tmp_path / f"calls{len(stops)}.jsonl")))),
                                  kwargs={"announce": announce, "stop": stop}, daemon=True)
        thread.start()
        stops.append((stop, thread))
        assert ready.wait(10)
        return int(said[0].split()[3].rsplit(":", 1)[1].split("/")[0]), said

    yield start
    for stop, thread in stops:
        stop.set()
        thread.join(10)


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


def _request(port: int, target: str, method: str = "GET") -> bytes:
    body = b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}}}'
    return _exchange(port, f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                           "Authorization: Bearer SECRET-TOKEN\r\nX-Api-Key: KEY-123\r\n"
                           f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                           "Connection: close\r\n\r\n".encode() + body)


def test_no_request_target_sends_the_request_to_another_host(upstreams, start_proxy):
    """Hostile trial, round 13: the upstream URL was the origin joined to the request-target as
    text, so ``POST @127.0.0.1:OTHER/steal`` made the configured upstream a userinfo and sent the
    request, its body and the client's ``X-Api-Key`` to the other host (with the upstream's
    address as a Basic ``Authorization``), and with an upstream URL without a port, ``:OTHER/x``
    named the other port. No target reaches the second server now."""
    configured, other = upstreams
    there = other.server_address[1]
    with_port, _ = start_proxy(f"http://127.0.0.1:{configured.server_address[1]}/mcp")
    without_port, _ = start_proxy("http://127.0.0.1/mcp")  # nothing is forwarded to it below: each is refused
    hostile = [f"@127.0.0.1:{there}/steal", f"@127.0.0.1:{there}", f":{there}/x", f"http://127.0.0.1:{there}/abs",
               f"?@127.0.0.1:{there}/", f".0.0.1:{there}/x", "*"]
    answers = [_request(port, target, method) for port in (with_port, without_port) for target in hostile
               for method in ("GET", "POST")]
    assert other.seen == []  # type: ignore[attr-defined]
    assert configured.seen == []  # type: ignore[attr-defined]
    assert all(answer.startswith(b"HTTP/1.1 400 ") for answer in answers), answers
    # A path that reads like an authority is still a path of the configured upstream.
    answer = _request(with_port, f"/@127.0.0.1:{there}/x", "POST")
    assert answer.startswith(b"HTTP/1.1 200 ") and answer.endswith(b"configured")
    assert configured.seen == [("POST", f"/@127.0.0.1:{there}/x",  # type: ignore[attr-defined]
                                "Bearer SECRET-TOKEN", "KEY-123")]
    assert other.seen == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("method, target", [("GET", "http://127.0.0.1:{other}/abs"), ("OPTIONS", "*"),
                                            ("GET", ":{other}/x"), ("GET", "/x#fragment"),
                                            ("GET", "https://127.0.0.1:{proxy}/mcp"),
                                            ("GET", "http://user@127.0.0.1:{proxy}/mcp"),
                                            ("GET", "http://127.0.0.1:{proxy}:{proxy}/mcp")])
def test_a_target_not_forwarded_is_400_in_one_line_without_a_traceback(upstreams, start_proxy, capfd,
                                                                        method, target):
    """Hostile trial, round 13: an absolute-form target, ``*`` and ``:port`` made building the
    upstream URL raise httpx.InvalidURL outside the handler's ``try``: a traceback on stderr per
    request and a connection closed without an answer."""
    configured, other = upstreams
    port, said = start_proxy(f"http://127.0.0.1:{configured.server_address[1]}/mcp")
    target = target.format(other=other.server_address[1], proxy=port)
    answer = _exchange(port, f"{method} {target} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 ") and b"Connection: close" in head
    assert body.count(b"\n") == 1 and b"request-target" in body
    assert configured.seen == other.seen == []  # type: ignore[attr-defined]
    refusals = [line for line in said if "refused the request-target" in line]
    assert len(refusals) == 1 and "\n" not in refusals[0] and ascii(target) in refusals[0]
    assert "Traceback" not in capfd.readouterr().err


def test_an_absolute_form_target_naming_the_proxy_is_forwarded_as_its_path(upstreams, start_proxy):
    """RFC 9112 section 3.2.2: a server must accept the absolute-form. One naming this proxy (its
    address, or localhost for a loopback one; the scheme in any case) sends its path and query."""
    configured, _other = upstreams
    port, _ = start_proxy(f"http://127.0.0.1:{configured.server_address[1]}/mcp")
    for target in (f"http://127.0.0.1:{port}/mcp?session=1", f"HTTP://localhost:{port}", f"http://LOCALHOST:{port}?q"):
        assert _request(port, target).startswith(b"HTTP/1.1 200 ")
    assert [path for _, path, _, _ in configured.seen] == ["/mcp?session=1", "/", "/?q"]  # type: ignore[attr-defined]
    assert _request(port, f"http://127.0.0.1:{port + 1 if port < 65535 else port - 1}/mcp").startswith(
        b"HTTP/1.1 400 ")
    assert len(configured.seen) == 3  # type: ignore[attr-defined]


@pytest.mark.parametrize("url", ["http://:x/mcp", "http://127.0.0.1:99999/mcp", "http:///mcp", "ftp://h/mcp"])
def test_an_upstream_url_no_request_could_reach_is_refused_at_the_start(url, tmp_path):
    """Hostile trial, round 13 (while fixing the request-target): the upstream URL is parsed once
    now, into the parts every request is sent to. One without a host, or with a port that is not
    one, started a proxy that failed on each request (a traceback per request for ``:x``)."""
    import subprocess
    import sys

    log = tmp_path / "calls.jsonl"
    result = subprocess.run([sys.executable, "-m", "mcp_inspect", "record", "--url", url, "--listen", "127.0.0.1:0",
                             "-o", str(log)], capture_output=True, text=True, timeout=20, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "error: --url: " in result.stderr and url in result.stderr
    assert not log.exists()


def test_a_path_is_forwarded_as_it_came_a_leading_double_slash_too(upstreams, start_proxy):
    """Hostile trial, round 13 (an observation): ``GET //127.0.0.1:PORT/x`` reached the upstream
    as ``/127.0.0.1:PORT/x``, since http.server folds a leading ``//`` of ``self.path`` into one
    slash, where docs/record.md says the path is sent the same. It goes as the request line held
    it, still to the configured upstream."""
    configured, other = upstreams
    port, _ = start_proxy(f"http://127.0.0.1:{configured.server_address[1]}/mcp")
    paths = [f"//127.0.0.1:{other.server_address[1]}/x", "///mcp//a?q=//b", "/mcp/%2F%2Fx?a=b&c=%20"]
    for path in paths:
        assert _request(port, path, "POST").startswith(b"HTTP/1.1 200 ")
    assert [seen[1] for seen in configured.seen] == paths  # type: ignore[attr-defined]
    assert other.seen == []  # type: ignore[attr-defined]
