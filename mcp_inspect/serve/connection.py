"""What one HTTP connection may cost the server, beyond what the application sees.

A hole uvicorn leaves open, closed here:

- **A body nobody will read.** When the application answers before it has read the whole
  body (413 on a declared length, 415, 404, 405, 503, 408), h11 keeps the connection for
  the next request and so reads, and throws away, the rest of the body first, without any
  limit of size or time. ``CloseUnreadBody`` marks such an answer ``Connection: close``:
  h11 then ends the connection once the answer is written, and uvicorn stops reading it.
"""

from __future__ import annotations

from typing import Any

from .logs import ASGIApp

_CLOSE = (b"connection", b"close")


def _declares_body(headers: list[tuple[bytes, bytes]]) -> bool:
    for name, value in headers:
        if name == b"transfer-encoding" or (name == b"content-length" and value.strip() != b"0"):
            return True
    return False


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
