"""A tiny loopback HTTP server with one misbehaviour per path, run in a thread by the tests.

- ``/legacy``    a handshake-era-only Streamable HTTP server: refuses ``server/discover``
                 with HTTP 400 and a non-2026 error, hands out ``Mcp-Session-Id`` at
                 ``initialize``, insists on it (and on ``MCP-Protocol-Version``) afterwards,
                 and answers ``tools/list`` as an SSE stream that first asks the client
                 for ``roots/list``. Every request is recorded in ``server.seen``.
- ``/huge``      answers 200 ``application/json`` with a body over 10 MiB, no Content-Length.
- ``/declared``  declares a Content-Length over 10 MiB.
- ``/redirect``  answers 307 to ``/legacy``.
- ``/slow``      an SSE stream that only ever sends keep-alive comments.
- ``/pages``     a 2026-era server whose ``tools/list`` pages are about 100 KB each, never
                 the last one.
- ``/slow-pages`` ``/pages``, except that each page is empty and answered after 0.1 s.
- ``/null-id``   ``/legacy``, except that ``server/discover`` gets HTTP 200 and a -32600
                 error with ``"id": null``.
- ``/silent``    accepts every POST and answers nothing (until the server is stopped).
- ``/bad-session`` ``/legacy``, except that ``initialize`` hands out the raw header
                 ``Mcp-Session-Id: abc\\xff\\xfedef``, which is not visible ASCII.
- ``/trickle``   a 2026-era server whose ``tools/list`` is answered 200 ``text/event-stream``
                 with one comment after ``server.tick`` seconds, then nothing (until the server
                 is stopped).
- ``/batch-after`` a 2026-era server whose ``tools/list`` answer is an ``application/json``
                 batch: the answer, then a ``ping`` request (``s9``) behind it.

- ``/poll``      a 2025-11-25 server using SSE polling (SEP-1699): ``tools/list``'s stream sends
                 a priming event (``id: ev1``, ``retry: 100``, empty data) and closes; a GET
                 with ``Last-Event-ID: ev1`` gets the answer. ``/poll-again`` closes that GET's
                 stream too after priming ``ev2``, and answers the GET that resumes from it;
                 ``/poll-lost`` answers the resume with a stream that ends empty; ``/poll-long``
                 primes with ``retry: 60000``. ``/poll-modern`` is a 2026-era server whose
                 ``server/discover`` stream is primed and closed. ``/poll-all`` is a 2025-11-25
                 server that primes and closes the stream of every request, ``server/discover``
                 (answered -32601 on the resume) and ``initialize`` included. Each request is also
                 logged in ``server.polls`` as (verb, Last-Event-ID, time.monotonic()).

GET paths speak the 2024-11-05 HTTP+SSE transport, each with one fault:

- ``/old-cross-origin`` its endpoint event names ``localhost``, another origin than ``127.0.0.1``.
- ``/old-bad-endpoint`` its endpoint event is not a URL.
- ``/old-huge-line``    a line of 11 MiB, without end.
- ``/old-huge-event``   an event of eleven 1 MiB data lines.
- ``/old-mute``         accepts the GET and sends nothing, not even a status line.
- ``/old-endless``      keep-alive comments, never an endpoint event (until the server is stopped).
- ``/old-redirect``     307 to ``/old-cross-origin``.
- ``/old-not-sse``      200 ``application/json``.
- ``/old-closes``       the endpoint event, then the end of the stream.
- ``/old-silent``       the endpoint event, then keep-alive comments; its endpoint accepts every
                        POST (202) and nothing is ever answered.
- ``/old-flood``        the endpoint event, then 100 KB notifications for ever.
- ``/old-post-redirect`` its endpoint answers every POST with 307.
- ``/old-py16``         an old Python SDK server (FastMCP on mcp 1.6): a POST to the URL gets 405,
                        so auto falls back to HTTP+SSE; each GET opens a session of its own
                        whose answers come on its stream. ``server/discover`` ends that stream
                        without an answer (the SDK's validation error drops it); on a fresh
                        stream ``initialize`` and ``tools/list`` are answered. Every GET is
                        counted in ``server.streams``. ``/old-py16-dead`` drops the stream on
                        every request.

- ``/sse-cr``, ``/sse-bom``, ``/sse-batch``, ``/sse-crlf``   a 2026-era server answering
                 every request as an SSE stream holding a notification and the answer: with
                 lines ended by a lone CR; opened by a byte order mark (the answer alone); both messages in one
                 event as a batch; with CRLF line ends whose CR and LF are sent apart and
                 the answer spread over several ``data`` lines.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SESSION = "session-123"
LIMIT = 10 * 1024 * 1024


class Handler(BaseHTTPRequestHandler):
    server: FaultServer

    def log_message(self, *args: object) -> None:
        pass

    def _json(self, status: int, value: object, headers: dict[str, str] | None = None) -> None:
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, text in (headers or {}).items():
            self.send_header(name, text)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # noqa: N802
        self.server.seen.append({"verb": "GET", "path": self.path, "headers": dict(self.headers)})
        path = self.path
        if path.startswith("/poll"):
            self._poll_resume(path)
            return
        if path in ("/old-py16", "/old-py16-dead"):
            self._py16_stream(path)
            return
        if path == "/old-mute":
            self.server.stop.wait(10)
            self.close_connection = True
            return
        if path == "/old-redirect":
            self.send_response(307)
            self.send_header("Location", "/old-cross-origin")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if path == "/old-not-sse":
            self._json(200, {"jsonrpc": "2.0"})
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        port = self.server.server_address[1]
        endpoints = {"/old-cross-origin": f"http://localhost:{port}/old-post", "/old-bad-endpoint": "http://[::1",
                     "/old-post-redirect": "/old-post-redirect?session=1"}
        try:
            if path in ("/old-huge-line", "/old-huge-event"):
                line_end = b"\n" if path == "/old-huge-event" else b""
                for _ in range(11):
                    self.wfile.write(b"data: " + b"x" * (1024 * 1024) + line_end)
            elif path == "/old-endless":
                while not self.server.stop.wait(0.05):
                    self.wfile.write(b": keep-alive\n\n")
                    self.wfile.flush()
            else:
                endpoint = endpoints.get(path, "/old-post?session=1")
                self.wfile.write(f"event: endpoint\ndata: {endpoint}\n\n".encode())
                self.wfile.flush()
                note = json.dumps({"jsonrpc": "2.0", "method": "notifications/message",
                                   "params": {"level": "info", "data": "f" * 100_000}}).encode()
                pause, event = (0.0, b"data: " + note + b"\n\n") if path == "/old-flood" else (0.05, b": ka\n\n")
                while path in ("/old-silent", "/old-flood") and not self.server.stop.wait(pause):
                    self.wfile.write(event)
                    self.wfile.flush()
        except OSError:
            pass
        self.close_connection = True

    def _py16_stream(self, path: str) -> None:
        session = str(len(self.server.streams))
        answers: queue.Queue[bytes | None] = queue.Queue()
        self.server.streams[session] = (path, answers)
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        try:
            self.wfile.write(f"event: endpoint\ndata: /py16-post?session_id={session}\n\n".encode())
            self.wfile.flush()
            while not self.server.stop.is_set():
                try:
                    event = answers.get(timeout=0.05)
                except queue.Empty:
                    continue
                if event is None:
                    break  # the stream dropped, as the SDK's does on a request it cannot validate
                self.wfile.write(b"event: message\ndata: " + event + b"\n\n")
                self.wfile.flush()
        except OSError:
            pass
        self.close_connection = True

    def _py16_post(self, message: dict) -> None:
        session = self.path.split("session_id=", 1)[-1]
        path, answers = self.server.streams[session]
        self.send_response(202)
        self.send_header("Content-Length", "0")
        self.end_headers()
        method, ident = message.get("method"), message.get("id")
        if method == "server/discover" or path == "/old-py16-dead":
            answers.put(None)
            return
        if ident is None:
            return
        if method == "initialize":
            result = {"protocolVersion": "2024-11-05", "capabilities": {"tools": {}},
                      "serverInfo": {"name": "py16", "version": "1.6.0"}}
        elif method == "tools/list":
            result = {"tools": [{"name": "read_query", "inputSchema": {"type": "object"}}]}
        else:
            answers.put(json.dumps({"jsonrpc": "2.0", "id": ident,
                                    "error": {"code": -32601, "message": "Method not found"}}).encode())
            return
        answers.put(json.dumps({"jsonrpc": "2.0", "id": ident, "result": result}).encode())

    def do_DELETE(self) -> None:  # noqa: N802
        self.server.seen.append({"verb": "DELETE", "headers": dict(self.headers)})
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("Content-Length", "0"))
        message = json.loads(self.rfile.read(length) or b"{}")
        self.server.seen.append({"path": self.path, "message": message, "headers": dict(self.headers)})
        if self.path in ("/old-py16", "/old-py16-dead"):
            self.send_response(405)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path.startswith("/py16-post"):
            self._py16_post(message)
        elif self.path.startswith("/old-post-redirect"):
            self.send_response(307)
            self.send_header("Location", "/old-post")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path.startswith("/old-post"):
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path == "/redirect":
            self.send_response(307)
            self.send_header("Location", "/legacy")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path == "/huge":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            chunk = b" " * (1024 * 1024)
            try:
                for _ in range(12):
                    self.wfile.write(chunk)
            except OSError:
                pass
            self.close_connection = True
        elif self.path == "/declared":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(LIMIT + 1))
            self.end_headers()
            self.close_connection = True
        elif self.path == "/slow":
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            try:
                for _ in range(100):
                    self.wfile.write(b": keep-alive\n\n")
                    self.wfile.flush()
                    time.sleep(0.1)
            except OSError:
                pass
            self.close_connection = True
        elif self.path == "/silent":
            self.server.stop.wait(10)  # a bound of its own, should the test never stop the server
            self.close_connection = True
        elif self.path.startswith("/poll"):
            self._poll(message)
        elif self.path == "/batch-after":
            self._batch_after(message)
        elif self.path == "/trickle":
            self._trickle(message)
        elif self.path in ("/pages", "/slow-pages"):
            self._pages(message)
        elif self.path.startswith("/sse-"):
            self._sse(message, self.path[len("/sse-"):])
        elif self.path == "/null-id" and message.get("method") == "server/discover":
            self._json(200, {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}})
        else:
            self._legacy(message)

    def _pages(self, message: dict) -> None:
        ident = message.get("id")
        if message.get("method") == "server/discover":
            result = {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}},
                      "serverInfo": {"name": "http-pages", "version": "1.0"}}
        elif self.path == "/slow-pages":
            self.server.stop.wait(0.1)
            number = int((message.get("params") or {}).get("cursor") or 0) + 1
            result = {"tools": [], "nextCursor": str(number)}
        else:
            number = int((message.get("params") or {}).get("cursor") or 0) + 1
            result = {"tools": [{"name": f"t{number}", "description": "d" * 100_000,
                                 "inputSchema": {"type": "object"}}], "nextCursor": str(number)}
        self._json(200, {"jsonrpc": "2.0", "id": ident, "result": result})

    def _event_stream(self, events: bytes, headers: dict[str, str] | None = None) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        for name, text in (headers or {}).items():
            self.send_header(name, text)
        self.end_headers()
        self.wfile.write(events)
        self.wfile.flush()
        self.close_connection = True  # the stream ends here, without the answer unless it holds it

    def _poll(self, message: dict) -> None:
        method, ident = message.get("method"), message.get("id")
        self.server.polls.append(("POST", None, time.monotonic()))
        if method == "server/discover" and self.path == "/poll-modern":
            self._event_stream(b"id: m1\nretry: 10\ndata: \n\n")
        elif method in ("server/discover", "initialize") and self.path == "/poll-all":
            if method == "server/discover":
                self.server.pending = {"jsonrpc": "2.0", "id": ident,
                                       "error": {"code": -32601, "message": "Method not found"}}
            else:
                self.server.pending = {"jsonrpc": "2.0", "id": ident, "result": {
                    "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                    "serverInfo": {"name": "http-poll", "version": "1.0"}}}
            headers = {"Mcp-Session-Id": SESSION} if method == "initialize" else None
            self._event_stream(b"id: p1\nretry: 5\ndata: \n\n", headers)
        elif method == "server/discover":
            self._json(400, {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Bad Request"}})
        elif method == "initialize":
            result = {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                      "serverInfo": {"name": "http-poll", "version": "1.0"}}
            self._json(200, {"jsonrpc": "2.0", "id": ident, "result": result}, {"Mcp-Session-Id": SESSION})
        elif method is None or ident is None:
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.server.pending = {"jsonrpc": "2.0", "id": ident,
                                   "result": {"tools": [{"name": "polled", "inputSchema": {"type": "object"}}]}}
            retry = b"60000" if self.path == "/poll-long" else b"100"
            self._event_stream(b"id: ev1\nretry: " + retry + b"\ndata: \n\n")

    def _poll_resume(self, path: str) -> None:
        resumed_from = self.headers.get("Last-Event-ID")
        self.server.polls.append(("GET", resumed_from, time.monotonic()))
        if path == "/poll-lost" or self.server.pending is None:
            self._event_stream(b": nothing to replay\n\n")
        elif path == "/poll-again" and resumed_from == "ev1":
            self._event_stream(b"id: ev2\ndata: \n\n")  # polled again: no retry this time, the last one holds
        else:
            self._event_stream(b"id: ev3\ndata: " + json.dumps(self.server.pending).encode() + b"\n\n")

    def _batch_after(self, message: dict) -> None:
        ident = message.get("id")
        if message.get("method") is None:  # the reply to our ping
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif message.get("method") == "server/discover":
            self._json(200, {"jsonrpc": "2.0", "id": ident, "result": {
                "resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}},
                "ttlMs": 0, "cacheScope": "public"}})
        else:
            answer = {"jsonrpc": "2.0", "id": ident, "result": {"tools": [], "resultType": "complete",
                                                                "ttlMs": 0, "cacheScope": "public"}}
            self._json(200, [answer, {"jsonrpc": "2.0", "id": "s9", "method": "ping"}])

    def _sse(self, message: dict, style: str) -> None:
        ident = message.get("id")
        if message.get("method") == "server/discover":
            result: dict = {"resultType": "complete", "supportedVersions": ["2026-07-28"],
                            "capabilities": {"tools": {}}, "ttlMs": 0, "cacheScope": "public"}
        else:
            result = {"tools": [{"name": f"sse-{style}", "description": "two\nlines",
                                 "inputSchema": {"type": "object"}}],
                      "resultType": "complete", "ttlMs": 0, "cacheScope": "public"}
        note = {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "n"}}
        answer = {"jsonrpc": "2.0", "id": ident, "result": result}
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        if style == "cr":
            pieces = [f"event: message\rdata: {json.dumps(note)}\r\rdata: {json.dumps(answer)}\r\r"]
        elif style == "bom":
            pieces = [f"\ufeffdata: {json.dumps(answer)}\n\n"]  # the mark opens the answer's own event
        elif style == "batch":
            pieces = [f"event: message\ndata: {json.dumps([note, answer])}\n\n"]
        else:  # crlf: every CR and LF sent apart, so a chunk may end between them
            lines = [f"data: {json.dumps(note)}", "", *(f"data: {line}" for line in
                                                       json.dumps(answer, indent=1).split("\n")), ""]
            pieces = [piece for line in lines for piece in (line + "\r", "\n")]
        for piece in pieces:
            self.wfile.write(piece.encode())
            self.wfile.flush()
            if style == "crlf":
                time.sleep(0.002)
        self.close_connection = True

    def _trickle(self, message: dict) -> None:
        ident = message.get("id")
        if message.get("method") == "server/discover":
            result = {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}},
                      "serverInfo": {"name": "http-trickle", "version": "1.0"}}
            self._json(200, {"jsonrpc": "2.0", "id": ident, "result": result})
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        try:
            self.wfile.flush()
            if not self.server.stop.wait(self.server.tick):
                self.wfile.write(b": ping\n\n")
                self.wfile.flush()
                self.server.stop.wait(10)  # a bound of its own, should the test never stop the server
        except OSError:
            pass
        self.close_connection = True

    def _legacy(self, message: dict) -> None:
        method, ident = message.get("method"), message.get("id")
        if method == "server/discover":
            self._json(400, {"jsonrpc": "2.0", "id": None,
                             "error": {"code": -32600, "message": "Bad Request: no valid session ID"}})
            return
        if method == "initialize" and self.path == "/bad-session":
            body = json.dumps({"jsonrpc": "2.0", "id": ident, "result": {
                "protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                "serverInfo": {"name": "http-bad-session", "version": "1.0"}}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self._headers_buffer.append(b"Mcp-Session-Id: abc\xff\xfedef\r\n")  # raw bytes, not ASCII
            self.end_headers()
            self.wfile.write(body)
            return
        if method == "initialize":
            result = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
                      "serverInfo": {"name": "http-legacy", "version": "1.0"}}
            self._json(200, {"jsonrpc": "2.0", "id": ident, "result": result}, {"Mcp-Session-Id": SESSION})
            return
        if self.headers.get("Mcp-Session-Id") != SESSION or self.headers.get("MCP-Protocol-Version") != "2025-06-18":
            self._json(400, {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "bad session"}})
            return
        if method is None or ident is None:  # a notification or a reply to our request
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        events = [
            {"jsonrpc": "2.0", "id": "s1", "method": "roots/list"},
            {"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x"}},
            {"jsonrpc": "2.0", "id": ident, "result": {"tools": [
                {"name": "only", "inputSchema": {"type": "object"}, "vendorField": {"kept": True}}]}},
        ]
        self.wfile.write(b": comment\r\n\r\nid: prime-1\r\ndata: \r\n\r\n")  # a priming event, as the TS SDK sends
        for event in events:
            self.wfile.write(b"event: message\r\ndata: " + json.dumps(event).encode() + b"\r\n\r\n")
            self.wfile.flush()
        self.close_connection = True


class FaultServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), Handler)
        self.seen: list[dict] = []
        self.tick = 1.0  # seconds before /trickle's one comment
        self.polls: list[tuple[str, str | None, float]] = []  # /poll's requests
        self.pending: dict | None = None  # /poll's answer, for the GET that resumes its stream
        self.streams: dict[str, tuple[str, queue.Queue]] = {}  # /old-py16's sessions, by id
        self.stop = threading.Event()  # set when the server stops: handlers that wait give up
        # A short poll, so that stopping the server (after every test) takes no half second.
        self.thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"

    def __enter__(self) -> FaultServer:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.shutdown()
        self.server_close()
