"""What one HTTP connection may cost the server, beyond what the application sees.

Three holes uvicorn leaves open, each closed here:

- **A request head that never ends.** uvicorn's h11 protocol has no limit on the time a
  client takes to send its request line and headers, so a client that sends half a head
  (or a header line a second) holds a connection for ever; a thousand of them reach
  uvicorn's connection cap and every other client gets 503. ``head_timed_protocol`` gives
  the protocol a clock: the head must be complete within a limit, counted from the
  connection's opening or, on a kept-alive connection, from the first byte of the next
  request; otherwise the connection is closed without an answer (there is no request to
  answer yet).
- **A body nobody will read.** When the application answers before it has read the whole
  body (413 on a declared length, 415, 404, 405, 503, 408), h11 keeps the connection for
  the next request and so reads, and throws away, the rest of the body first, without any
  limit of size or time. ``CloseUnreadBody`` marks such an answer ``Connection: close``:
  h11 then ends the connection once the answer is written, and uvicorn stops reading it.
- **A length given twice.** A request with both ``Content-Length`` and
  ``Transfer-Encoding`` is refused with 400 and its connection closed
  (``RefuseAmbiguousLength``): h11 would serve what follows the chunks as another request.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..limits import SERVE_HEAD_TIMEOUT_SECONDS
from .logs import ASGIApp

_CLOSE = (b"connection", b"close")


class HeadTimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, with a time limit on each request head (``head_seconds``)."""

    head_seconds: float = SERVE_HEAD_TIMEOUT_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._start_head_timer()  # a client that opens a connection and says nothing is timed too

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_head_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_head()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # A pipelined request whose head came only in part with the last one is under way
        # now, and no further bytes may arrive to start its clock.
        if self.conn.their_state is h11.IDLE and self.conn.trailing_data[0]:
            self._watch_head()

    def _watch_head(self) -> None:
        """Bytes have arrived: while h11 still waits for a complete head (the client's side
        is IDLE) the clock runs, started by the first of them; once the head is in, it stops."""
        if self.transport.is_closing() or self.conn.their_state is not h11.IDLE:
            self._stop_head_timer()
        elif self._head_timer is None:
            self._start_head_timer()

    def _start_head_timer(self) -> None:
        self._stop_head_timer()
        self._head_timer = self.loop.call_later(self.head_seconds, self._head_overdue)

    def _stop_head_timer(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_overdue(self) -> None:
        self._head_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def head_timed_protocol(seconds: float) -> type[HeadTimedH11Protocol]:
    """The protocol class to give ``uvicorn.Config(http=...)``, with a head limit of ``seconds``.

    Named explicitly rather than left to uvicorn's ``auto``, which would pick httptools
    where it is installed and so lose the limit."""
    return type("HeadTimedH11Protocol", (HeadTimedH11Protocol,), {"head_seconds": seconds})


def _declares_body(headers: list[tuple[bytes, bytes]]) -> bool:
    for name, value in headers:
        if name == b"transfer-encoding" or (name == b"content-length" and value.strip() != b"0"):
            return True
    return False


class RefuseAmbiguousLength:
    """ASGI middleware: a request that gives both ``Content-Length`` and ``Transfer-Encoding``
    is answered 400 before anything reads it. h11 would read the body as chunked and keep the
    connection, so whatever followed the chunks' end was served as the next request, where a
    proxy that trusted the length saw one body (request smuggling). RFC 9112 §6.1: the server
    must close such a connection; ``CloseUnreadBody``, outside this, marks the answer so."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            names = {name for name, _ in scope["headers"]}
            if b"content-length" in names and b"transfer-encoding" in names:
                from .work import JSON, error_body

                body = error_body("Content-Length and Transfer-Encoding given together; the connection is closed",
                                  "Content-Length")
                await send({"type": "http.response.start", "status": 400,
                            "headers": [(b"content-type", JSON.encode()), (b"content-length", str(len(body)).encode()),
                                        _CLOSE]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


class CloseUnreadBody:
    """ASGI middleware: an answer started while part of the request's body is still unread
    carries ``Connection: close``, so the connection ends there instead of being drained."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        unread = _declares_body(scope["headers"])

        async def receive_noting() -> dict[str, Any]:
            nonlocal unread
            message: dict[str, Any] = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                unread = False  # the whole body is in, or the client has gone
            return message

        async def send_closing(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start" and unread:
                headers = list(message.get("headers", []))
                if _CLOSE not in headers:
                    message = {**message, "headers": [*headers, _CLOSE]}
            await send(message)

        await self.app(scope, receive_noting, send_closing)
