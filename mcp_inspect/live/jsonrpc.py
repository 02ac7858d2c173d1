"""JSON-RPC 2.0 for a listing client: build messages, parse what a server sends, match ids.

Every transport feeds each message it reads to ``Correlator.route`` while it waits
for one response; the correlator says whether that message is the answer, a
server request to reply to (with the reply), or something to skip. Anything a
polite client cannot accept — a response to a request it never sent, a message
that is not JSON-RPC — ends the capture. (A stdio line that is not JSON at all is the
one exception, up to a bound: the stdio transport skips it as the SDK clients do.)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import CaptureError, InputError
from ..snapshot.reader import check_plain_json
from ..snapshot.scalars import number_error

METHOD_NOT_FOUND = -32601
#: Errors only a 2026-era (stateless) server sends: a sign the server is modern.
HEADER_MISMATCH = -32020
MISSING_CLIENT_CAPABILITY = -32021
UNSUPPORTED_PROTOCOL_VERSION = -32022
MODERN_ERRORS = (HEADER_MISMATCH, MISSING_CLIENT_CAPABILITY, UNSUPPORTED_PROTOCOL_VERSION)


class CaptureTimeout(CaptureError):
    """No answer within the per-operation timeout (the era probe may fall back on it).

    ``note`` is what the message adds about what did arrive, kept apart so that a caller
    rewording the message can keep it.
    """

    def __init__(self, message: str, note: str = "") -> None:
        super().__init__(message + note)
        self.note = note


class ServerGone(CaptureError):
    """The server went away (exited, closed the connection) before answering."""


class NotJson(CaptureError):
    """What the server sent does not parse as JSON at all (a log line on stdio, not a message
    of the wrong shape): the stdio transport may skip it."""


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
    """Parse one JSON document a server sent; CaptureError naming ``what`` when it is not JSON.

    Only text that is not JSON at all is NotJson (a banner the stdio transport may skip). A
    document that is JSON but for one fault (bytes that are not UTF-8, NaN, an integer longer
    than Python converts) is an answer gone wrong: the error names the fault, so that it is
    neither skipped until the timeout nor told as mere "not JSON-RPC" (hostile trial, round 36)."""
    if isinstance(data, bytes):
        encoding = json.detect_encoding(data)  # as json.loads reads bytes: UTF-8 but for a BOM of UTF-16/32
        try:
            data = data.decode(encoding)
        except UnicodeDecodeError as exc:
            if _parses(data.decode(encoding, "replace")):
                raise CaptureError(f"{what} is not valid UTF-8 (byte {exc.start}, 0x{data[exc.start]:02x}): "
                                   f"{snippet(data)}") from None
            raise NotJson(f"{what} is not JSON-RPC: {snippet(data)}") from None
    try:
        value = json.loads(data, parse_constant=_reject_constant)
    except RecursionError:
        raise CaptureError(f"{what} is nested too deeply to read") from None
    except json.JSONDecodeError:
        raise NotJson(f"{what} is not JSON-RPC: {snippet(data)}") from None
    except ValueError as exc:  # NaN or Infinity, an integer too long: JSON-like, but no JSON a client may accept
        raise CaptureError(f"{what} is not JSON ({number_error(exc)}): {snippet(data)}") from None
    try:
        check_plain_json(value, what)
    except InputError as exc:
        raise CaptureError(str(exc)) from None
    return value


def _parses(text: str) -> bool:
    """Whether ``text`` is JSON apart from what ``json.loads`` refuses past its syntax (NaN, long
    integers, depth): what a line not in UTF-8 reads as once its bad bytes are replaced."""
    try:
        json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError:
        return False
    except (ValueError, RecursionError):
        return True
    return True


def unbatch(value: Any) -> list[Any]:
    """The messages of one parsed JSON value: a JSON-RPC batch (an array) is its members, in
    order, and an empty one is none; anything else is one message, checked by ``route``."""
    return value if isinstance(value, list) else [value]


def seconds(value: float) -> str:
    """A wait as a message shows it: at most two decimals (a share of the timeout that has been
    partly used is not worth its microseconds), without trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def error_text(error: Any) -> str:
    """A JSON-RPC error object as ``code message`` for a one-line message."""
    if isinstance(error, dict):
        code, message = error.get("code"), error.get("message")
        return f"{code} {snippet(str(message), 120)}" if message is not None else str(code)
    return snippet(json.dumps(error), 120)


def malformed_answer(response: dict[str, Any]) -> str | None:
    """What makes a response break JSON-RPC 2.0 §5, in words, or None: a result and an error
    both, or an error that is not an object with an integer ``code`` and a string ``message``.
    A capture keeps an error it is given (a list's, in the snapshot's ``errors``), and reads its
    code (-32601: the server does not serve that list), so it takes only a well-formed one."""
    if "result" in response and "error" in response:
        return "both a result and an error (JSON-RPC 2.0 allows one of them)"
    if "error" not in response:
        return None
    error = response["error"]
    rule = "JSON-RPC 2.0 requires an object with an integer code and a string message"
    if not isinstance(error, dict):
        return f"an error that is not an object ({snippet(json.dumps(error))}; {rule})"
    code = error.get("code")
    if type(code) is not int:
        found = "no code" if "code" not in error else f"the code {snippet(json.dumps(code))}"
        return f"an error with {found} ({rule})"
    if not isinstance(error.get("message"), str):
        found = "no message" if "message" not in error else f"the message {snippet(json.dumps(error['message']))}"
        return f"an error with {found} ({rule})"
    return None


@dataclass
class Routed:
    """What to do with one message read while waiting for a response."""

    response: dict[str, Any] | None = None  # the awaited response
    reply: dict[str, Any] | None = None  # a reply to send to a server request


class Correlator:
    """Issues request ids and matches what the server sends against the one being awaited."""

    def __init__(self) -> None:
        self._next = 0
        self._abandoned: dict[int, str] = {}  # request id → method, for every request given up on
        self._unanswered: list[int] = []  # abandoned requests no late answer has come for, oldest first
        self._count = 0  # messages read while waiting for the current request
        self._set_aside: str | None = None  # a null-id error read as an abandoned request's late answer

    def new_id(self) -> int:
        self._next += 1
        self._count = 0
        self._set_aside = None
        return self._next

    def abandon(self, request_id: int, method: str) -> None:
        """Stop waiting for ``request_id``: a late answer to it is then skipped, not an error."""
        if request_id not in self._abandoned:
            self._abandoned[request_id] = method
            self._unanswered.append(request_id)

    def set_aside_note(self) -> str:
        """For a timeout message: the null-id error skipped while waiting, if there was one."""
        return f"; {self._set_aside}" if self._set_aside else ""

    def take(self, batch: list[Any], waiting: int, method: str, limit: int,
             reply: Callable[[dict[str, Any], dict[str, Any]], None]) -> dict[str, Any] | None:
        """Route every message of one batch and return the awaited response if the batch holds it.

        ``reply(answer, request)`` sends the answer to each server request in the batch. The
        batch is read to its end even once the response is found: a server request after the
        response would otherwise never be answered, and the server may wait on it.
        """
        response = None
        for message in batch:
            self._count += 1
            if self._count > limit:
                raise CaptureError(f"server sent more than {limit} messages without answering {method}")
            routed = self.route(message, waiting, method)
            if routed.reply is not None:
                reply(routed.reply, message)
            if routed.response is not None and response is None:
                response = routed.response
        return response

    def route(self, message: Any, waiting: int, method: str) -> Routed:
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            raise CaptureError(f"answer to {method} is not a JSON-RPC 2.0 message: {snippet(json.dumps(message))}")
        if "method" in message:
            if not isinstance(message["method"], str):
                raise CaptureError(f"server sent a message with a non-string method while answering {method}")
            if message["method"] == method and type(message.get("id")) is int and message["id"] == waiting:
                # Our own request read back (a process such as cat that echoes its input): not a
                # request from the server, and answering it would make the echo of the answer read
                # as the server refusing the request.
                raise CaptureError(f"the process echoed the {method} request back instead of answering it: what "
                                   "it sends is not a JSON-RPC response (is it an MCP server?)")
            if "id" in message and message["id"] is not None:
                return Routed(reply=reply_to_server_request(message))
            return Routed()  # a notification: logging, progress, list_changed… ignored
        if "result" not in message and "error" not in message:
            raise CaptureError(f"answer to {method} has neither result nor error: {snippet(json.dumps(message))}")
        got = message.get("id")
        if type(got) is int and got == waiting:
            return Routed(response=message)
        if type(got) is int and got in self._abandoned:
            if got in self._unanswered:
                self._unanswered.remove(got)
            return Routed()
        if got is None and "error" in message:
            # JSON-RPC 2.0 answers with a null id when the server could not read the request's
            # id (a parse error, an invalid request). The client has one request in flight at a
            # time, so such an error answers the one awaited, unless a request given up on is
            # still unanswered: a server answers in order, so the error is that one's late answer
            # (a probe that timed out must not make initialize look refused).
            if self._unanswered:
                late = self._abandoned[self._unanswered.pop(0)]
                self._set_aside = (f"the error it sent with a null id ({error_text(message['error'])}) was "
                                   f"read as the late answer to {late}")
                return Routed()
            return Routed(response=message)
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
