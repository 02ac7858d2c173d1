"""The Streamable HTTP transport: one POST per message, answered with JSON or an SSE stream.

No redirects are followed, every response is read as a stream and cut at
``MAX_RESPONSE_BYTES`` (and all of them together at ``MAX_CAPTURE_BYTES``), and
every request has a deadline. In the modern era each
request carries ``MCP-Protocol-Version`` and ``Mcp-Method``; in the legacy era the
``Mcp-Session-Id`` the server handed out at ``initialize`` is sent back.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Generator, Iterator
from contextlib import closing, contextmanager, suppress
from typing import Any

import httpx

from ..errors import CaptureError, InputError
from ..limits import (
    MAX_CAPTURE_BYTES,
    MAX_INTERLEAVED_MESSAGES,
    MAX_RESPONSE_BYTES,
    MAX_SSE_EVENT_ID_BYTES,
    MAX_SSE_RESUMES,
)
from . import jsonrpc
from .eventstream import EventCursor, sse_events, sse_lines
from .jsonrpc import CaptureTimeout, Correlator, ServerGone
from .progress import Progress

ACCEPT = "application/json, text/event-stream"
#: Legacy revisions from which ``MCP-Protocol-Version`` is sent after the handshake.
_VERSION_HEADER_SINCE = "2025-06-18"
_SESSION_HEADER = "mcp-session-id"
#: How long to wait before resuming a stream whose server asked for no wait (``retry``); the
#: SDK clients wait a second before their first reconnection too.
_RESUME_WAIT_SECONDS = 1.0


class HttpStatusError(CaptureError):
    """An HTTP error status whose body held no JSON-RPC error; ``context`` is what was sent."""

    def __init__(self, message: str, status: int, context: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.context = context


class StreamPrimed(CaptureError):
    """A stream closed after an event id, without its answer, in a request of the 2026 era, which
    resumes no stream. Priming a stream for resumption is what a 2025-11-25 server does, so the era
    probe of ``--protocol auto`` reads it as a handshake-era server (session._discover);
    ``event_id`` is the id, quoted."""

    def __init__(self, message: str, event_id: str) -> None:
        super().__init__(message)
        self.event_id = event_id


class HttpTransport:
    transport = "http"

    def __init__(self, url: str, headers: dict[str, str], timeout: float) -> None:
        self.url = url
        self.timeout = timeout
        self.user_headers = dict(headers)
        self.era: str | None = None
        self.protocol_version: str | None = None
        self.session_id: str | None = None
        self.renewal_note = ""
        self.received = 0  # body bytes read over the whole capture, against MAX_CAPTURE_BYTES
        self._wait = timeout  # seconds the exchange in progress may take, for its timeout message
        self.correlator = Correlator()
        # No connection is kept for the next request: each request's socket is then one it
        # connects itself, which its _Cut learns of as soon as it is made (a reused one is
        # not told of until its response's headers are in, and a trickle of header bytes
        # would hold the request past its deadline until then).
        self.client = httpx.Client(follow_redirects=False, timeout=httpx.Timeout(timeout),
                                   limits=httpx.Limits(max_keepalive_connections=0))

    def stderr_tail(self) -> list[str]:
        return []

    def warnings(self) -> list[str]:
        """Nothing: what an HTTP server sends that is not JSON-RPC fails the capture."""
        return []

    def _headers(self, method: str | None) -> dict[str, str]:
        headers = {**self.user_headers, "Accept": ACCEPT, "Content-Type": "application/json"}
        if self.era == "modern" and self.protocol_version:
            headers["MCP-Protocol-Version"] = self.protocol_version
            if method:
                headers["Mcp-Method"] = method
        elif self.era == "legacy":
            if self.session_id:
                headers["Mcp-Session-Id"] = self.session_id
            if self.protocol_version and self.protocol_version >= _VERSION_HEADER_SINCE:
                headers["MCP-Protocol-Version"] = self.protocol_version
        return headers

    # -- requests --------------------------------------------------------------------

    def request(self, method: str, params: dict[str, Any] | None, timeout: float | None = None) -> dict[str, Any]:
        """POST one request and return its response message (result or error).

        ``timeout`` is how long this request may take, when not the transport's own timeout.
        """
        request_id = self.correlator.new_id()
        body = jsonrpc.encode(jsonrpc.request(request_id, method, params))
        self._wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + self._wait

        def reply(answer: dict[str, Any], _asked: dict[str, Any]) -> None:
            self._send_only(answer, None, method, deadline)

        cursor = EventCursor()
        stream = self._post(body, method, method, deadline, request_id, cursor)
        resumes = 0
        while True:
            try:
                with closing(stream) as batches:
                    for batch in batches:
                        response = self.correlator.take(batch, request_id, method, MAX_INTERLEAVED_MESSAGES, reply)
                        if response is not None:
                            return response
            except ServerGone:
                if not (cursor.primed and self.era == "legacy"):
                    raise  # a connection lost after an event id is resumed as a stream the server ended
            if not cursor.primed:
                break
            self._before_resume(method, cursor, resumes, deadline)
            cursor = cursor.resumed()
            stream = self._resume(method, cursor, deadline)
            resumes += 1
        if resumes:
            raise _no_resumed_answer(method, _quoted_id(cursor.last_id or b""), resumes)
        raise CaptureError(f"server ended its HTTP response to {method} without answering it")

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        self._wait = self.timeout
        self._send_only(jsonrpc.notification(method, params), method, method, time.monotonic() + self.timeout)

    def _send_only(self, message: dict[str, Any], header_method: str | None, context: str, deadline: float) -> None:
        """POST a notification or a reply; whatever comes back is read (bounded) and dropped."""
        with closing(self._post(jsonrpc.encode(message), header_method, context, deadline, None)) as batches:
            for _ in batches:
                pass

    def _post(self, body: bytes, header_method: str | None, context: str, deadline: float,
              request_id: int | None, cursor: EventCursor | None = None) -> Generator[list[Any], None, None]:
        """The batches of messages the server answers a POST with (a single message is a batch of one)."""
        cut = _Cut(deadline)
        try:
            with self._failures(context, self.url, cut), \
                    closing(self._open("POST", self.url, cut, content=body,
                                       headers=self._headers(header_method))) as response:
                if context == "initialize" and _SESSION_HEADER in response.headers:
                    self.session_id = _session_id(response.headers[_SESSION_HEADER])
                if response.status_code >= 300:
                    error = self._error_status(response, context, deadline, cut)
                    if request_id is not None:
                        yield [{"jsonrpc": "2.0", "id": request_id, "error": error}]
                    return
                kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
                if kind == "text/event-stream":
                    yield from self._events(response, context, deadline, cut, cursor)
                    return
                data = self._read(response, context, deadline, cut)
                if not data.strip():
                    return
                if kind not in ("application/json", ""):
                    raise CaptureError(f"server answered {context} with content type {kind!r} "
                                       "(expected application/json or text/event-stream)")
                yield jsonrpc.unbatch(jsonrpc.parse(data, f"HTTP response to {context}"))
        finally:
            cut.cancel()

    # -- SSE polling: a stream closed after an event id, resumed (SEP-1699) --------------------

    def _before_resume(self, method: str, cursor: EventCursor, resumes: int, deadline: float) -> None:
        """Whether the stream answering ``method``, closed after the event id of ``cursor``, may be
        resumed (CaptureError if not), then the wait its server asked for (``retry``) before it."""
        assert cursor.last_id is not None
        said = _quoted_id(cursor.last_id)  # every error below quotes it, escaped already: shown as it is
        verbatim = _verbatim(said)
        closed = f"server closed the stream answering {method} after event id {said}"
        if self.era is None:
            # The era probe: server/discover is 2026-07-28's, which resumes no stream; a priming
            # event with an id is what a 2025-11-25 server sends (hostile trial, round 31).
            raise StreamPrimed(f"{closed} without answering it, while mcp-inspect probed for the 2026-07-28 "
                               "revision, which resumes no stream; a server that primes streams for resumption "
                               "speaks 2025-11-25: try --protocol 2025-11-25", said).quoting(verbatim)
        if self.era != "legacy":
            raise StreamPrimed(f"{closed} without answering it; a 2026-era stream is not resumed (that revision "
                               "dropped Last-Event-ID), so the answer must come on the stream", said).quoting(verbatim)
        if resumes >= MAX_SSE_RESUMES:
            raise CaptureError(f"{closed} without answering it, after {resumes} resume{'s' if resumes != 1 else ''}; "
                               f"mcp-inspect resumes a stream at most {MAX_SSE_RESUMES} times (MAX_SSE_RESUMES)"
                               ).quoting(verbatim)
        if len(cursor.last_id) > MAX_SSE_EVENT_ID_BYTES:
            raise CaptureError(f"{closed} without answering it; an id of {len(cursor.last_id):,} bytes is not sent "
                               f"back (at most {MAX_SSE_EVENT_ID_BYTES:,}: MAX_SSE_EVENT_ID_BYTES)").quoting(verbatim)
        if not _sendable(cursor.last_id):
            raise CaptureError(f"{closed} without answering it; that id cannot be sent back in a Last-Event-ID "
                               "header (printable ASCII only, with no space at either end)").quoting(verbatim)
        left = deadline - time.monotonic()
        if cursor.retry_ms is None:
            pause = min(_RESUME_WAIT_SECONDS, max(left, 0.0))
        elif cursor.retry_ms / 1000 >= left:  # the wait must be respected, and nothing would be left after it
            raise CaptureTimeout(f"no answer to {method} within {jsonrpc.seconds(self._wait)}s: the {closed} "
                                 f"and asked to be resumed only after {cursor.retry_ms} ms").quoting(verbatim)
        else:
            pause = cursor.retry_ms / 1000
        time.sleep(pause)

    def _resume(self, method: str, cursor: EventCursor, deadline: float) -> Generator[list[Any], None, None]:
        """The batches of the stream a GET with ``Last-Event-ID`` resumes. From 2025-11-25 on
        (SEP-1699) a server may close the stream answering a request once it has sent an event
        id, and the client is to resume it this way, where the answer comes; the deadline is the
        request's own."""
        assert cursor.last_id is not None
        said = _quoted_id(cursor.last_id)
        headers = {**self._headers(None), "Accept": "text/event-stream", "Last-Event-ID": cursor.last_id.decode()}
        headers.pop("Content-Type", None)  # a GET has no body
        cut = _Cut(deadline)
        try:
            with self._failures(method, self.url, cut), \
                    closing(self._open("GET", self.url, cut, headers=headers)) as response:
                resumed = (f"server closed the stream answering {method} after event id {said}, and its resume "
                           f"(a GET with Last-Event-ID: {said}) got")
                if response.status_code >= 300:
                    data = self._read(response, method, deadline, cut)
                    text = f": {jsonrpc.snippet(data)}" if data.strip() else ""
                    raise CaptureError(f"{resumed} HTTP {response.status_code}{text}").quoting(_verbatim(said))
                kind = response.headers.get("content-type", "").split(";")[0].strip().lower()
                if kind != "text/event-stream":
                    raise CaptureError(f"{resumed} content type {kind!r}, not an SSE stream (text/event-stream)"
                                       ).quoting(_verbatim(said))
                yield from self._events(response, method, deadline, cut, cursor)
        finally:
            cut.cancel()

    def _open(self, verb: str, url: str, cut: _Cut, *, headers: dict[str, str], content: bytes | None = None,
              read: float | None = None) -> httpx.Response:
        """``verb`` sent to ``url``, and its response once its headers are in (the body is left to
        read). httpx's read timeout bounds each read, so headers sent a byte at a time would hold
        it for ever: ``cut`` shuts the socket down at its deadline from the moment it is connected.
        ``read``, when given, is the read timeout instead of what is left before the deadline."""
        left = max(cut.deadline - time.monotonic(), 0.001)
        timeout = httpx.Timeout(left) if read is None else httpx.Timeout(left, read=read)
        request = self.client.build_request(verb, url, content=content, headers=headers, timeout=timeout,
                                            extensions={"trace": cut.trace})
        response = self.client.send(request, stream=True)
        cut.watch(response.extensions.get("network_stream"))
        return response

    @contextmanager
    def _failures(self, context: str, url: str, cut: _Cut | None = None) -> Iterator[None]:
        """httpx's failures during one exchange with ``url`` as CaptureErrors that say what failed;
        once ``cut`` has shut the socket down at the deadline, any of them is the timeout."""
        try:
            yield
        except httpx.HTTPError as exc:  # a timeout is one too
            if isinstance(exc, httpx.TimeoutException) or (cut is not None and cut.is_set()):
                raise CaptureTimeout(f"no answer to {context} within {jsonrpc.seconds(self._wait)}s") from None
            if isinstance(exc, httpx.ConnectError):
                raise ServerGone(f"cannot connect to {url} ({_reason(exc)})") from None
            raise ServerGone(f"HTTP exchange for {context} failed ({_reason(exc)})") from None
        except (httpx.InvalidURL, UnicodeEncodeError) as exc:  # options.check_url/check_headers catch these first
            raise InputError(f"{url}: cannot send a request with this URL or these headers "
                             f"({_reason(exc)})") from None

    def _error_status(self, response: httpx.Response, context: str, deadline: float,
                      cut: _Cut | None = None) -> dict[str, Any]:
        """A JSON-RPC error carried by an HTTP error status, or HttpStatusError."""
        status = response.status_code
        if 300 <= status < 400:
            where = response.headers.get("location")
            to = f" to {where}" if where else ""
            raise HttpStatusError(f"server answered {context} with HTTP {status}, a redirect{to}; "
                                  "mcp-inspect follows no redirects (give the final URL)", status, context)
        data = self._read(response, context, deadline, cut)
        if status in (401, 403):
            raise HttpStatusError(f"server refused {context} with HTTP {status} "
                                  "(credentials missing or wrong? pass them with --header NAME:VALUE)", status, context)
        try:
            value = jsonrpc.parse(data, "error body")
        except CaptureError:
            value = None
        if isinstance(value, dict) and isinstance(value.get("error"), dict):
            return value["error"]
        text = f": {jsonrpc.snippet(data)}" if data.strip() else ""
        raise HttpStatusError(f"server answered {context} with HTTP {status}{text}", status, context)

    # -- reading, bounded ----------------------------------------------------------------

    def _chunks(self, response: httpx.Response, context: str, deadline: float,
                cut: _Cut | None = None) -> Iterator[bytes]:
        """The body of ``response``, bounded in size and cut at ``deadline``: by ``cut``, the one
        that bounded the wait for its headers, or by one of its own."""
        declared = response.headers.get("content-length", "")
        if not (declared.isascii() and declared.isdigit()):  # "²" passes isdigit alone, and int() refuses it
            declared = ""
        if declared.isdigit() and (len(declared) > 18 or int(declared) > MAX_RESPONSE_BYTES):
            raise CaptureError(f"HTTP response to {context} declares {declared} bytes, more than the "
                               f"limit of {MAX_RESPONSE_BYTES}")
        if declared.isdigit() and self._total() + int(declared) > MAX_CAPTURE_BYTES:
            raise self._too_much(context)
        total = 0
        late = CaptureTimeout(f"no complete answer to {context} within {jsonrpc.seconds(self._wait)}s")
        # httpx's read timeout bounds each read, not the operation: a byte just before the deadline
        # bought another whole timeout. At the deadline the socket is shut down, which ends a read
        # blocked on it.
        own = cut is None
        if cut is None:
            cut = _Cut(deadline)
            cut.watch(response.extensions.get("network_stream"))
        try:
            for chunk in response.iter_bytes():
                total += len(chunk)
                self.received += len(chunk)
                if total > MAX_RESPONSE_BYTES:
                    raise CaptureError(f"HTTP response to {context} is larger than the limit of "
                                       f"{MAX_RESPONSE_BYTES} bytes")
                if self._total() > MAX_CAPTURE_BYTES:
                    raise self._too_much(context)
                if time.monotonic() > deadline or cut.is_set():
                    raise late
                yield chunk
        except httpx.HTTPError:
            if cut.is_set():
                raise late from None
            raise
        finally:
            if own:
                cut.cancel()
        if cut.is_set():  # the stream ended because it was cut, not because the server ended it
            raise late

    def _total(self) -> int:
        """Body bytes read from the server so far, against MAX_CAPTURE_BYTES."""
        return self.received

    @staticmethod
    def _too_much(context: str) -> CaptureError:
        return CaptureError(f"server sent more than {MAX_CAPTURE_BYTES} bytes in all by its response to "
                            f"{context}, the limit on one capture (MAX_CAPTURE_BYTES)")

    def _read(self, response: httpx.Response, context: str, deadline: float, cut: _Cut | None = None) -> bytes:
        return b"".join(self._chunks(response, context, deadline, cut))

    def _events(self, response: httpx.Response, context: str, deadline: float, cut: _Cut | None = None,
                cursor: EventCursor | None = None) -> Iterator[list[Any]]:
        """JSON-RPC batches from a ``text/event-stream`` body, one per ``message`` event (an event
        holding a single message is a batch of one); ``cursor`` keeps where it may be resumed."""
        what = f"SSE event in the response to {context}"
        chunks = self._chunks(response, context, deadline, cut)
        for event, body in sse_events(sse_lines(chunks), cursor=cursor):
            if body.strip() and event in (b"", b"message"):  # an empty event only primes resumption
                yield jsonrpc.unbatch(jsonrpc.parse(body, what))

    # -- the renewal policy (session.Conversation asks it) ---------------------------------

    def start(self, progress: Progress) -> None:
        """Nothing to open: every request is a POST of its own."""

    def renewed(self, protocol: str, negotiation: dict[str, Any], progress: Progress) -> None:
        """Streamable HTTP is never renewed: a server gone away mid-request has no fresh stream
        or process to be asked again."""
        return None

    def fallback(self, exc: CaptureError) -> tuple[str, Any] | None:
        """The transport to try instead after ``exc``, and why: none, unless ``--transport auto``
        made this an ``AutoHttpTransport`` (transports.py)."""
        return None

    def close(self, polite: bool = True) -> None:
        try:
            if self.era == "legacy" and self.session_id:
                # Ending the session is a courtesy: whatever happens, the capture is done, and
                # nothing raised here may hide the error that ended it.
                cut = _Cut(time.monotonic() + min(self.timeout, 2.0))  # its headers may trickle too
                with suppress(Exception):
                    self._open("DELETE", self.url, cut, headers=self._headers(None)).close()
                cut.cancel()
        finally:
            self.client.close()


class _Cut:
    """A timer that shuts the sockets of one exchange down at its deadline; ``is_set()`` once it
    has. It learns of a socket as soon as httpcore connects it (``trace``, the request's trace
    extension: the headers of the response may be what never comes), or from a response."""

    #: httpcore's trace events whose return value is the connection's new network stream.
    _CONNECTED = ("connection.connect_tcp.complete", "connection.connect_unix_socket.complete",
                  "connection.start_tls.complete")

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self._done = threading.Event()
        self._lock = threading.Lock()  # a socket learnt of as the timer fires is cut all the same
        self._cancelled = False
        self._sockets: list[socket.socket] = []
        self._timer = threading.Timer(max(deadline - time.monotonic(), 0.0), self._fire)
        self._timer.daemon = True
        self._timer.start()

    def trace(self, event: str, info: dict[str, Any]) -> None:
        if event in self._CONNECTED:
            self.watch(info.get("return_value"))

    def watch(self, stream: Any) -> None:  # noqa: ANN401 - httpcore's network stream, or None
        """Cut the socket of ``stream`` (a network stream) too; at once if the deadline has passed."""
        sock = stream.get_extra_info("socket") if stream is not None else None
        if not isinstance(sock, socket.socket):
            return
        with self._lock:
            self._sockets.append(sock)
            if not self._done.is_set():
                return
        _shut(sock)

    def _fire(self) -> None:
        with self._lock:
            if self._cancelled:
                return
            self._done.set()
            sockets = list(self._sockets)
        for sock in sockets:
            _shut(sock)

    def is_set(self) -> bool:
        return self._done.is_set()

    def cancel(self) -> None:
        """No cut from now on (one already made stays made: ``is_set()`` says so)."""
        with self._lock:
            self._cancelled = True
        self._timer.cancel()


def _shut(sock: socket.socket) -> None:
    """Shut ``sock`` down, which ends a read blocked on it in any thread (a close alone does not).
    A socket already closed, or detached by TLS wrapping it, has no descriptor and is left be."""
    with suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


def _quoted_id(event_id: bytes) -> str:
    """An SSE event id for an error line, as the server sent it: quoted, cut at 64 characters
    (``…`` after the quote), and not stripped, since a space at its end is what makes it unsendable
    (hostile trial, round 31: " ev1" was quoted 'ev1'). Quoted as ``_session_id`` quotes a session
    id: what is not printable ASCII, the quote and the backslash escaped once here, and the errors
    that quote it say so (``quoting``), so that the line on stderr does not escape the escapes
    again (hostile trial, round 36: an ESC showed as \\u001b, a cut at 64 bytes split a character,
    and a ' was left as it was)."""
    text = event_id.decode("utf-8", "replace")
    shown = "".join(_id_character(c) for c in text[:64])
    return f"'{shown}'{'…' if len(text) > 64 else ''}"


def _id_character(c: str) -> str:
    """One character of a quoted event id: printable ASCII as it is, the rest escaped."""
    if c in "'\\":
        return "\\" + c
    if " " <= c <= "~":
        return c
    code = ord(c)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def _verbatim(said: str) -> str:
    """The part of a quoted event id the line on stderr shows as it is: the quote, without the
    ``…`` of a cut id (printable ASCII only is shown so)."""
    return said.removesuffix("…")


def _no_resumed_answer(method: str, said: str, resumes: int) -> CaptureError:
    """The stream answering ``method``, closed after the event id ``said`` (quoted), resumed
    ``resumes`` times without the answer."""
    what = "the resume" if resumes == 1 else f"{resumes} resumes"
    return CaptureError(f"server closed the stream answering {method} after event id {said}, and {what} "
                        f"(a GET with Last-Event-ID: {said}) gave no answer").quoting(_verbatim(said))


def _sendable(event_id: bytes) -> bool:
    """Whether ``event_id`` can go back as a header value: printable ASCII, no space at either end."""
    return all(0x20 <= byte <= 0x7E for byte in event_id) and event_id.strip(b" ") == event_id


def _session_id(value: str) -> str:
    """The ``Mcp-Session-Id`` a server handed out at ``initialize``, sent back on every later
    request. The specification allows only visible ASCII (0x21-0x7E) in it; anything else is
    the server's fault (CaptureError), refused at once rather than failing to be sent back."""
    if all("\x21" <= c <= "\x7e" for c in value):  # "" (none handed out) too
        return value
    shown = "".join(c if "\x21" <= c <= "\x7e" else f"\\x{ord(c):02x}" if ord(c) < 256 else f"\\u{ord(c):04x}"
                    for c in value[:80])
    more = "…" if len(value) > 80 else ""
    raise CaptureError(f"server sent an invalid Mcp-Session-Id '{shown}'{more} at initialize: a session id "
                       "must be visible ASCII only (0x21-0x7E)").quoting(f"'{shown}'")  # its escapes as they are


def _reason(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
