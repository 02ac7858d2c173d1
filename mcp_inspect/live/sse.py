"""The HTTP+SSE transport of the 2024-11-05 revision: a GET opens a server-sent event stream
whose ``endpoint`` event names the URL to POST messages to; answers come back on the stream.

Later revisions replaced it with Streamable HTTP, but many deployed servers speak only this.
The stream is read by a thread of its own into a bounded queue, so every wait of the
client has a deadline however the server behaves. Nothing is unbounded: a line or an event
over ``MAX_RESPONSE_BYTES`` and more than ``MAX_CAPTURE_BYTES`` in all end the capture, no
redirect is followed, and an ``endpoint`` on another origin than the stream's is refused
(the requests would carry the user's headers, credentials included, wherever it points).
"""

from __future__ import annotations

import queue
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import closing, suppress
from typing import Any
from urllib.parse import urldefrag, urljoin, urlsplit

import httpx

from ..errors import CaptureError, InputError
from ..limits import MAX_CAPTURE_BYTES, MAX_INTERLEAVED_MESSAGES, MAX_RESPONSE_BYTES
from . import jsonrpc
from .eventstream import sse_events, sse_lines
from .http import HttpTransport, _Cut, _reason
from .jsonrpc import CaptureTimeout, ServerGone
from .options import LEGACY_VERSIONS, check_url
from .progress import Progress

#: Events read ahead of the client; past that the reader waits, and so does the server.
_QUEUED_EVENTS = 64
#: Seconds ``close`` waits for the reader thread once its socket has been shut down.
_READER_JOIN_SECONDS = 1.0
_EOF = object()
#: The reader thread's name, so that a test can tell that none outlives its capture.
READER_NAME = "mcp-inspect-sse-reader"
_STREAM = "the SSE stream"
_DEFAULT_PORTS = {"http": 80, "https": 443}


def origin(url: str) -> tuple[str, str, int | None]:
    """Scheme, host and port, the port spelled out when it is the scheme's default."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    return scheme, (parts.hostname or "").lower(), parts.port or _DEFAULT_PORTS.get(scheme)


class SseTransport(HttpTransport):
    transport = "sse"

    def __init__(self, url: str, headers: dict[str, str], timeout: float) -> None:
        super().__init__(url, headers, timeout)
        self.endpoint: str | None = None
        self.stream_received = 0  # bytes read from the stream, by the reader thread only
        self._events_in: queue.Queue[Any] = queue.Queue(maxsize=_QUEUED_EVENTS)
        self._stop = threading.Event()
        self._response: httpx.Response | None = None
        self._reader: threading.Thread | None = None

    def _total(self) -> int:
        return self.received + self.stream_received

    def _post_headers(self) -> dict[str, str]:
        # The protocol-version, method and session headers belong to Streamable HTTP; this
        # transport identifies the session by the endpoint URL itself.
        return {**self.user_headers, "Content-Type": "application/json"}

    # -- opening the stream -------------------------------------------------------------

    def connect(self, timeout: float | None = None) -> None:
        """GET the stream and wait for its ``endpoint`` event: one operation, with its own timeout.

        Its failures are plain CaptureErrors, never timeouts of a request: without a stream
        no request was sent, so they tell nothing about the protocol era.
        """
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        if self._response is None:
            self._open_stream(deadline, wait)
        while self.endpoint is None:
            item = self._next(deadline, "its endpoint event")
            if item is None:
                raise CaptureError(f"{_STREAM} at {self.url} sent no endpoint event within {jsonrpc.seconds(wait)}s")
            event, data = item
            if event == b"endpoint":
                self.endpoint = self._check_endpoint(data)
            elif event in (b"", b"message") and data.strip():
                raise CaptureError(f"{_STREAM} at {self.url} sent a message before its endpoint event: is it "
                                   "a Streamable HTTP endpoint? (try --transport streamable-http)")

    def _open_stream(self, deadline: float, wait: float) -> None:
        context = "the GET that opens the SSE stream"
        self._wait = wait
        headers = {**self.user_headers, "Accept": "text/event-stream"}
        # The response's headers must come by the deadline (a cut shuts the socket down then,
        # however they trickle); after them the read timeout bounds each silence of the stream,
        # which lasts while the reader thread reads it: one --timeout, as long as any one
        # operation may wait for the stream. (A read blocked in the reader is woken by ``close``,
        # which shuts the socket down.)
        cut = _Cut(deadline)
        try:
            with self._failures(context, self.url, cut):
                response = self._open("GET", self.url, cut, headers=headers, read=self.timeout)
        except CaptureTimeout as exc:
            raise CaptureError(str(exc)) from None
        finally:
            cut.cancel()  # the stream outlives this operation
        if cut.is_set():  # cut as its headers came in: the stream is no more
            response.close()
            raise CaptureError(f"no answer to {context} within {jsonrpc.seconds(wait)}s")
        try:
            if response.status_code >= 300:
                error = self._error_status(response, context, deadline)  # HttpStatusError unless JSON-RPC
                raise CaptureError(f"server refused {context} with error {jsonrpc.error_text(error)}")
            kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "text/event-stream":
                raise CaptureError(f"server answered {context} with content type {kind!r}, not an SSE stream "
                                   "(text/event-stream)")
        except BaseException:
            response.close()
            raise
        self._response = response
        self._reader = threading.Thread(target=self._read_stream, args=(response,), name=READER_NAME, daemon=True)
        self._reader.start()

    def _check_endpoint(self, data: bytes) -> str:
        text = data.decode("utf-8", "replace").strip()
        try:
            endpoint = urldefrag(urljoin(self.url, text)).url  # urljoin raises on a broken host
            check_url(endpoint)
        except (InputError, ValueError):
            raise CaptureError(f"{_STREAM}'s endpoint event names {jsonrpc.snippet(text)}, which is not a URL "
                               "a request can be sent to") from None
        if origin(endpoint) != origin(self.url):
            scheme, host, port = origin(self.url)
            raise CaptureError(f"{_STREAM}'s endpoint event names {jsonrpc.snippet(endpoint)}, on another origin "
                               f"than {scheme}://{host}:{port}; mcp-inspect posts only to the origin it "
                               "connected to")
        return endpoint

    # -- the reader thread ------------------------------------------------------------------

    def _offer(self, item: Any) -> bool:
        """Queue ``item`` for the client; False once the transport is closing."""
        while not self._stop.is_set():
            try:
                self._events_in.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _stream_chunks(self, response: httpx.Response) -> Iterator[bytes]:
        for chunk in response.iter_bytes():
            self.stream_received += len(chunk)
            if self._total() > MAX_CAPTURE_BYTES:
                raise CaptureError(f"server sent more than {MAX_CAPTURE_BYTES} bytes in all on {_STREAM} and "
                                   "its POST answers, the limit on one capture (MAX_CAPTURE_BYTES)")
            yield chunk

    def _read_stream(self, response: httpx.Response) -> None:
        try:
            lines = sse_lines(self._stream_chunks(response), MAX_RESPONSE_BYTES, _STREAM)
            for event in sse_events(lines, MAX_RESPONSE_BYTES, _STREAM):
                if not self._offer(event):
                    return
            self._offer(_EOF)
        except CaptureError as exc:
            self._offer(exc)
        except httpx.TimeoutException:
            self._offer(CaptureError(f"{_STREAM} sent nothing for {jsonrpc.seconds(self.timeout)}s"))
        except Exception as exc:  # noqa: BLE001 - whatever ends the stream, the client is told
            if not self._stop.is_set():
                self._offer(ServerGone(f"{_STREAM} failed ({_reason(exc)})"))

    def _next(self, deadline: float, awaited: str) -> tuple[bytes, bytes] | None:
        """The next event of the stream, or None at ``deadline``; CaptureError once it has ended
        (``awaited`` says what it ended before)."""
        while True:
            try:
                item = self._events_in.get(timeout=max(deadline - time.monotonic(), 0.001))
            except queue.Empty:
                return None
            if item is _EOF:
                self._events_in.put_nowait(_EOF)  # stays at the end for any later read
                raise ServerGone(f"server closed {_STREAM} before {awaited}")
            if isinstance(item, CaptureError):
                self._events_in.put_nowait(item)
                raise item
            return item  # type: ignore[no-any-return]

    # -- messages ----------------------------------------------------------------------------

    def request(self, method: str, params: dict[str, Any] | None, timeout: float | None = None) -> dict[str, Any]:
        """POST one request to the endpoint and return its answer from the stream."""
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        if self.endpoint is None:  # a transport used without connect(): its first request opens it
            self.connect(wait)
        request_id = self.correlator.new_id()
        self._wait = wait
        try:
            refused = self._post_message(jsonrpc.request(request_id, method, params), method, deadline)
        except CaptureTimeout:
            self.correlator.abandon(request_id, method)  # its answer may still come on the stream
            raise
        if refused is not None:
            return {"jsonrpc": "2.0", "id": request_id, "error": refused}

        def reply(answer: dict[str, Any], asked: dict[str, Any]) -> None:
            self._post_message(answer, f"the reply to its {jsonrpc.snippet(asked['method'], 40)} request", deadline)

        while True:
            item = self._next(deadline, f"answering {method}")
            if item is None:
                self.correlator.abandon(request_id, method)
                raise CaptureTimeout(f"no answer to {method} within {jsonrpc.seconds(wait)}s",
                                     self.correlator.set_aside_note())
            event, data = item
            if event not in (b"", b"message") or not data.strip():
                continue  # a repeated endpoint event, or one of a type this client has no use for
            value = jsonrpc.parse(data, f"SSE event while waiting for {method}")
            response = self.correlator.take(jsonrpc.unbatch(value), request_id, method, MAX_INTERLEAVED_MESSAGES,
                                            reply)
            if response is not None:
                return response

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        if self.endpoint is None:
            self.connect()
        self._wait = self.timeout
        self._post_message(jsonrpc.notification(method, params), method, time.monotonic() + self.timeout)

    def _post_message(self, message: dict[str, Any], context: str, deadline: float) -> dict[str, Any] | None:
        """POST one message to the endpoint; its answer body is read (bounded) and dropped.

        A refusal whose body is a JSON-RPC error is returned (the answer to a request);
        any other HTTP error status is HttpStatusError.
        """
        assert self.endpoint is not None
        cut = _Cut(deadline)
        try:
            with self._failures(context, self.endpoint, cut), \
                    closing(self._open("POST", self.endpoint, cut, content=jsonrpc.encode(message),
                                       headers=self._post_headers())) as response:
                if response.status_code >= 300:
                    return self._error_status(response, context, deadline, cut)
                self._read(response, context, deadline, cut)
        finally:
            cut.cancel()
        return None

    # -- shutdown ------------------------------------------------------------------------------

    # -- the renewal policy (session.Conversation asks it) ---------------------------------

    def start(self, progress: Progress) -> None:
        """Open the stream: an operation of its own, before the era probe's time starts."""
        progress("opening the SSE stream")
        self.connect()

    def renewed(self, protocol: str, negotiation: dict[str, Any],
                progress: Progress) -> tuple[str, SseTransport] | None:
        """After the stream closed during the era probe (on ``server/discover``, or on
        ``initialize`` after the probe got nothing): why a fresh stream asked only
        ``initialize`` may succeed, and that stream, opened (this one closed); or None. FastMCP
        on mcp 1.6 drops the stream on a request it cannot validate and stays up: a fresh
        stream is what it needs, not a restart of the server."""
        if protocol != "auto":
            return None
        settled = "protocolRequested" in negotiation  # written once server/discover is over
        # initialize sent and not answered: the handshake sets the version it was answered with
        unanswered = self.era == "legacy" and self.protocol_version is None
        if settled and not ("eraFallback" in negotiation and unanswered):
            return None
        on = "initialize" if settled else "server/discover"
        self.close(polite=False)
        progress("opening a fresh SSE stream for initialize")
        fresh = SseTransport(self.url, self.user_headers, self.timeout)
        fresh.renewal_note = (f" (the stream closed on {on} too, and again on a fresh stream asked only "
                              f"initialize; if the server speaks the handshake era, pass --protocol "
                              f"{LEGACY_VERSIONS[0]})")
        fresh.connect()
        return (f"the server closed the SSE stream on {on}, so mcp-inspect opened a fresh stream and sent "
                "only initialize"), fresh

    def fallback(self, exc: CaptureError) -> None:
        """HTTP+SSE is already the fallback: there is nothing further to try."""
        return None

    def close(self, polite: bool = True) -> None:
        """Stop the reader and close the stream: its socket is shut down first, since a read
        blocked in another thread does not notice a close alone."""
        self._stop.set()
        response = self._response
        if response is not None:
            stream = response.extensions.get("network_stream")
            sock = stream.get_extra_info("socket") if stream is not None else None
            if isinstance(sock, socket.socket):
                with suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
        if self._reader is not None:
            self._reader.join(_READER_JOIN_SECONDS)
        if response is not None:
            with suppress(Exception):
                response.close()
        self.client.close()
