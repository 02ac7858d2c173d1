"""The service's log: JSON lines on stderr.

One line per request with its method, path, status and duration, and nothing else (no
body, header or query string: they may hold what a client would not want kept). An internal
error's traceback is logged without its messages (``withheld``), which may quote the request. Other
lines are events of the server itself (listening, stopping, a worker replaced, an
internal error's details), each with an ``event`` key; uvicorn's own messages are written
the same way.
"""

from __future__ import annotations

import json
import logging
import sys
import time
import traceback
from typing import Any

from ..limits import MAX_MESSAGE_CHARS

#: An ASGI application, receive and send, as plain callables (no framework types here).
ASGIApp = Any


def log(**fields: Any) -> None:
    """Write one JSON line (ASCII only, so no character in a path can break the line)."""
    try:
        sys.stderr.write(json.dumps(fields, ensure_ascii=True, default=str) + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass  # a log that cannot be written must not fail the request


def withheld(error: BaseException) -> str:
    """``error``'s traceback for the log without any exception's message: the frames (file,
    line, function, the line of code) and the exception types, chained ones included. A
    message may quote the request (a value the parser or a check choked on, which may be a
    secret), and the log never holds anything of a request but its method and path."""
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        frames = "".join(traceback.format_list(traceback.extract_tb(current.__traceback__)))
        parts.append(f"Traceback (most recent call last):\n{frames}{type(current).__qualname__} "
                     "(message withheld: it may quote the request)\n")
        current = current.__cause__ or (None if current.__suppress_context__ else current.__context__)
    return "\n".join(reversed(parts))


class JSONLogHandler(logging.Handler):
    """uvicorn's messages (start, stop, a malformed request it refused) as JSON lines."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a bad format string must not break the server
            message = str(record.msg)
        fields: dict[str, Any] = {"event": "server", "level": record.levelname.lower(), "message": message}
        if record.exc_info and record.exc_info[1] is not None:
            fields["detail"] = withheld(record.exc_info[1])
        log(**fields)


def route_uvicorn_logs() -> None:
    handler = JSONLogHandler()
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers = [handler] if name == "uvicorn" else []
        logger.propagate = name != "uvicorn"
        logger.setLevel(logging.INFO)


class RequestLog:
    """ASGI middleware: the one log line of each HTTP request, written when it ends."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 0

        async def send_and_note(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_and_note)
        except Exception as error:  # noqa: BLE001 - answered (500) and logged here or by the app's handler
            if not status:
                log(event="internal error", detail=withheld(error))
                status = 500
                body = json.dumps({"error": "internal error", "field": None}).encode() + b"\n"
                await send({"type": "http.response.start", "status": 500,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
        finally:
            path = scope.get("path", "")
            if len(path) > MAX_MESSAGE_CHARS:
                path = path[:MAX_MESSAGE_CHARS - 1] + "…"
            log(method=scope.get("method", ""), path=path, status=status,
                duration_ms=round((time.perf_counter() - started) * 1000, 3))
