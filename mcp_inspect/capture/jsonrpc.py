"""JSON-RPC 2.0 for a listing client: build messages, parse what a server sends, match ids.

Every transport feeds each message it reads to ``Correlator.route`` while it waits
for one response; the correlator says whether that message is the answer, a
server request to reply to (with the reply), or something to skip. Anything a
polite client cannot accept — a response to a request it never sent, a message
that is not JSON-RPC — ends the capture.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..errors import CaptureError, InputError
from ..snapshot.reader import check_plain_json

METHOD_NOT_FOUND = -32601
#: Errors only a 2026-era (stateless) server sends: a sign the server is modern.
HEADER_MISMATCH = -32020
MISSING_CLIENT_CAPABILITY = -32021
UNSUPPORTED_PROTOCOL_VERSION = -32022
MODERN_ERRORS = (HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION)


class CaptureTimeout(CaptureError):
    """No answer within the per-operation timeout (the era probe may fall back on it)."""


class ServerGone(CaptureError):
    """The server went away (exited, closed the connection) before answering."""


def request(request_id: int, method: str, params: dict[str, Any] | None) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return message


def notification(method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return message


def encode(message: dict[str, Any]) -> bytes:
    """One message as compact UTF-8 JSON, without newlines (stdio framing needs none inside)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def snippet(text: str | bytes, limit: int = 80) -> str:
    """A short, printable, quoted excerpt of what a server sent, for one-line errors."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    text = "".join(c if c.isprintable() else " " for c in text.strip())
    return repr(text if len(text) <= limit else text[:limit] + "…")


def parse(data: str | bytes, what: str) -> Any:
    """Parse one JSON document a server sent; CaptureError naming ``what`` when it is not JSON."""
    try:
        value = json.loads(data, parse_constant=_reject_constant)
    except RecursionError:
        raise CaptureError(f"{what} is nested too deeply to read") from None
    except (ValueError, UnicodeDecodeError):
        raise CaptureError(f"{what} is not JSON-RPC: {snippet(data)}") from None
    try:
        check_plain_json(value, what)
    except InputError as exc:
        raise CaptureError(str(exc)) from None
    return value


def unbatch(value: Any) -> list[Any]:
    """The messages of one parsed JSON value: a JSON-RPC batch (an array) is its members, in
    order, and an empty one is none; anything else is one message, checked by ``route``."""
    return value if isinstance(value, list) else [value]


def error_text(error: Any) -> str:
    """A JSON-RPC error object as ``code message`` for a one-line message."""
    if isinstance(error, dict):
        code, message = error.get("code"), error.get("message")
        return f"{code} {snippet(str(message), 120)}" if message is not None else str(code)
    return snippet(json.dumps(error), 120)


@dataclass
class Routed:
    """What to do with one message read while waiting for a response."""

    response: dict[str, Any] | None = None  # the awaited response
    reply: dict[str, Any] | None = None  # a reply to send to a server request


class Correlator:
    """Issues request ids and matches what the server sends against the one being awaited."""

    def __init__(self) -> None:
        self._next = 0
        self._abandoned: set[int] = set()

    def new_id(self) -> int:
        self._next += 1
        return self._next

    def abandon(self, request_id: int) -> None:
        """Stop waiting for ``request_id``: a late answer to it is then skipped, not an error."""
        self._abandoned.add(request_id)

    def route(self, message: Any, waiting: int, method: str) -> Routed:
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            raise CaptureError(f"answer to {method} is not a JSON-RPC 2.0 message: {snippet(json.dumps(message))}")
        if "method" in message:
            if not isinstance(message["method"], str):
                raise CaptureError(f"server sent a message with a non-string method while answering {method}")
            if "id" in message and message["id"] is not None:
                return Routed(reply=reply_to_server_request(message))
            return Routed()  # a notification: logging, progress, list_changed… ignored
        if "result" not in message and "error" not in message:
            raise CaptureError(f"answer to {method} has neither result nor error: {snippet(json.dumps(message))}")
        got = message.get("id")
        if type(got) is int and got == waiting:
            return Routed(response=message)
        if got is None and "error" in message:
            # JSON-RPC 2.0 answers with a null id when the server could not read the request's
            # id (a parse error, an invalid request). The client sends one request at a time,
            # so the error is taken as the answer to the one being awaited.
            return Routed(response=message)
        if type(got) is int and got in self._abandoned:
            return Routed()
        raise CaptureError(f"server answered {method} (id {waiting}) with id {json.dumps(got)}")


def reply_to_server_request(message: dict[str, Any]) -> dict[str, Any]:
    """Answer what a listing client can: ``roots/list`` (no roots) and ``ping``; refuse the rest."""
    method = message["method"]
    if method == "roots/list":
        return {"jsonrpc": "2.0", "id": message["id"], "result": {"roots": []}}
    if method == "ping":
        return {"jsonrpc": "2.0", "id": message["id"], "result": {}}
    return {
        "jsonrpc": "2.0",
        "id": message["id"],
        "error": {"code": METHOD_NOT_FOUND,
                  "message": f"mcp-inspect only lists the surface; it does not serve {method}"},
    }
