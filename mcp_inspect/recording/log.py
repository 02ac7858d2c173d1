"""The call log: what the proxy learns from the messages it forwards, and the JSONL it writes.

The ``Tap`` only reads copies of the messages; the proxies forward the bytes themselves.
Each answered (or abandoned) ``tools/call`` becomes one JSON line: time, tool, arguments
(with ``--redact`` keys replaced by their JSON type name), the result's ``isError`` and
``structuredContent``, a JSON-RPC error's code, and the client that sent it.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from ..limits import RECORD_MAX_EARLY_BYTES, RECORD_MAX_MESSAGE_BYTES
from ..runtime.files import open_append
from ..snapshot.values import json_type

#: The ``_meta`` key a request may carry its client's name and version under (the modern era).
CLIENT_META = "io.modelcontextprotocol/clientInfo"
#: Requests a tap keeps waiting for their answer; past this, the oldest is written unanswered.
MAX_PENDING = 10_000
#: ``record``'s exit code when the server exited 0 but the call log lost calls (EX_IOERR).
LOG_FAILED = 74


def redact(arguments: Any, keys: frozenset[str]) -> tuple[Any, list[list[str | int]]]:
    """``arguments`` with the value of every key named in ``keys`` replaced by its JSON type
    name, at any depth of objects and arrays (an array's items are walked too: a secret in
    ``{"items": [{"password": …}]}`` is as secret as one at the top), and the key paths
    replaced (an array index is a number in a path, as in a JSON pointer)."""
    replaced: list[list[str | int]] = []

    def walk(value: Any, path: list[str | int]) -> Any:
        if isinstance(value, dict):
            out = {}
            for key, item in value.items():
                if key in keys:
                    out[key] = json_type(item)
                    replaced.append([*path, key])
                else:
                    out[key] = walk(item, [*path, key])
            return out
        if isinstance(value, list):
            return [walk(item, [*path, index]) for index, item in enumerate(value)]
        return value

    if not keys:
        return arguments, replaced
    return walk(arguments, []), replaced


def client_name(info: Any) -> str | None:
    if not isinstance(info, dict) or not isinstance(info.get("name"), str):
        return None
    version = info.get("version")
    return f"{info['name']} {version}" if isinstance(version, str) and version else info["name"]


class Lines:
    """Complete lines out of chunks as they come, for the tap. The partial line is a bytearray
    extended in place, and only each new chunk is searched for a newline, so a 50 MB line
    costs what its bytes cost (a bytes buffer rebuilt per chunk made it quadratic). A line
    past ``limit`` bytes is dropped as it grows (the tap never sees it: its call is logged
    unanswered), so what is held stays within ``limit`` and one chunk."""

    def __init__(self, limit: int = RECORD_MAX_MESSAGE_BYTES) -> None:
        self.limit = limit
        self.partial = bytearray()
        self.dropping = False

    def feed(self, data: bytes) -> list[bytes]:
        lines: list[bytes] = []
        start = 0
        view = memoryview(data)
        while (end := data.find(b"\n", start)) >= 0:
            if self.dropping:
                self.dropping = False
            else:
                self.partial += view[start:end]
                if len(self.partial) <= self.limit:
                    lines.append(bytes(self.partial))
            self.partial.clear()
            start = end + 1
        if not self.dropping and start < len(data):
            self.partial += view[start:]
            if len(self.partial) > self.limit:
                self.dropping = True
                self.partial.clear()
        return lines

    def rest(self) -> bytes:
        """The last line, when the stream ended without its newline."""
        return b"" if self.dropping else bytes(self.partial)


class CallLog:
    """An append-only JSONL file, created with mode 0600 (an existing file is tightened to
    0600 too; a symbolic link or a file that is not regular is refused: InputError), one line
    written per call; safe to share between threads.

    A write that fails (a full disk, an I/O error) never reaches the session being recorded:
    the call is lost from the log, the failure is said once on stderr (``warn``), the next
    record that can be written carries ``logFailure`` (the error, and how many calls were
    lost), and ``lost`` tells the command to exit with LOG_FAILED."""

    def __init__(self, path: str, warn: Callable[[str], None] | None = None) -> None:
        self.path = path
        self._fd: int | None = open_append(path, "call log")  # 0600, never through a link or into a device
        # A log cut short (a full disk, a killed writer) ends mid-line: the next record starts
        # on a line of its own, or the reader would find the two merged into one bad line.
        size = os.fstat(self._fd).st_size
        self._cut = bool(size) and os.pread(self._fd, 1, size - 1) != b"\n"
        self._lock = threading.Lock()
        self._warn = warn or (lambda text: print(text, file=sys.stderr, flush=True))
        self.written = 0
        #: Calls that could not be written, the first error, and those not yet told in the log.
        self.lost = 0
        self.error: str | None = None
        self._untold = 0

    def write(self, entry: dict[str, Any]) -> None:
        with self._lock:
            if self._fd is None:
                return
            if self._untold:
                entry = {**entry, "logFailure": {"error": self.error, "lost": self._untold}}
            line = json.dumps(entry, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            # A recorded string may hold half of a surrogate pair, which UTF-8 cannot carry:
            # written back as JSON's own escape of it, the line stays JSON.
            data = ("\n" if self._cut else "").encode() + line.encode("utf-8", "backslashreplace") + b"\n"
            try:
                self._write_bytes(data)
            except OSError as exc:
                self._failed(exc)
                return
            self._cut = False
            self._untold = 0
            self.written += 1

    def _write_bytes(self, data: bytes) -> None:
        view = memoryview(data)
        try:
            while view:
                assert self._fd is not None
                view = view[os.write(self._fd, view):]
        except OSError:
            if len(view) < len(data):  # part of the line is written: the next one starts afresh
                self._cut = True
            raise

    def _failed(self, exc: OSError) -> None:
        self.lost += 1
        self._untold += 1
        if self.error is None:
            self.error = exc.strerror or str(exc)
            self._warn(f"mcp-inspect record: cannot write the call log {self.path} ({self.error}); the session "
                       "goes on, but calls are not logged while this lasts")

    def close(self) -> None:
        with self._lock:
            if self._fd is not None:
                with contextlib.suppress(OSError):
                    os.close(self._fd)
                self._fd = None


class Tap:
    """Reads the messages flowing each way and writes one log entry per tools/call.

    ``channel`` separates sessions that may reuse request ids (HTTP sessions); a stdio proxy
    has one. Nothing here raises on a strange message: the traffic is forwarded whatever it is.
    """

    def __init__(self, log: CallLog, redacted: frozenset[str] = frozenset(), clock: Any = None) -> None:
        self.log = log
        self.redacted = redacted
        self.clock = clock or (lambda: datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"))
        self._clients: dict[str, str] = {}
        self._pending: dict[tuple[str, str], dict[str, Any]] = {}
        #: Answers read before their request (each direction has its own thread, and an HTTP
        #: answer may come on another stream): kept until the request comes, at most MAX_PENDING
        #: of them and RECORD_MAX_EARLY_BYTES of the messages they came in.
        self._early: dict[tuple[str, str], tuple[dict[str, Any], int]] = {}
        self._early_bytes = 0
        self._lock = threading.Lock()

    def from_client(self, message: Any, channel: str = "") -> None:
        for one in message if isinstance(message, list) else [message]:
            if isinstance(one, dict):
                self._request(one, channel)

    def from_server(self, message: Any, channel: str = "", size: int = 0) -> None:
        """``size``: the bytes the message came in, what keeping it early is counted at."""
        for one in message if isinstance(message, list) else [message]:
            if isinstance(one, dict) and "id" in one and ("result" in one or "error" in one):
                self._response(one, channel, size)

    def client_bytes(self, data: bytes, channel: str = "") -> None:
        parsed = _parse(data)
        if parsed is not None:
            with contextlib.suppress(RecursionError):  # nested past what the walk can follow: not logged
                self.from_client(parsed, channel)

    def server_bytes(self, data: bytes, channel: str = "") -> None:
        parsed = _parse(data)
        if parsed is not None:
            with contextlib.suppress(RecursionError):
                self.from_server(parsed, channel, len(data))

    def _request(self, message: dict[str, Any], channel: str) -> None:
        params = message.get("params") if isinstance(message.get("params"), dict) else {}
        method = message.get("method")
        if method == "initialize":
            name = client_name(params.get("clientInfo"))
            if name:
                self._clients[channel] = name
            return
        if method != "tools/call" or "id" not in message:
            return
        meta = params.get("_meta") if isinstance(params.get("_meta"), dict) else {}
        client = client_name(meta.get(CLIENT_META)) or self._clients.get(channel)
        arguments, replaced = redact(params.get("arguments", {}), self.redacted)
        entry: dict[str, Any] = {"time": self.clock(), "tool": params.get("name"), "arguments": arguments}
        if replaced:
            entry["redacted"] = replaced
        if client:
            entry["client"] = client
        key = (channel, json.dumps(message["id"], sort_keys=True))
        with self._lock:
            kept = self._early.pop(key, None)
            early = None
            if kept is not None:
                early, size = kept
                self._early_bytes -= size
            if early is None:
                self._pending[key] = entry
            overflow = len(self._pending) - MAX_PENDING
            stale = [self._pending.pop(k) for k in list(self._pending)[:max(overflow, 0)]]
        if early is not None:
            self._answered(entry, early)
        for old in stale:
            self._unanswered(old)

    def _response(self, message: dict[str, Any], channel: str, size: int = 0) -> None:
        key = (channel, json.dumps(message["id"], sort_keys=True))
        with self._lock:
            entry = self._pending.pop(key, None)
            if entry is None:  # most are answers to other requests (initialize, lists): keep what a call needs
                slim = _slim(message)
                if "structuredContent" not in slim.get("result", {}):
                    size = 0  # nothing large is kept of it
                old = self._early.pop(key, None)
                if old is not None:
                    self._early_bytes -= old[1]
                self._early[key] = (slim, size)
                self._early_bytes += size
                # Bounded by count and by bytes: answers to ids nobody asked for, each large,
                # would otherwise be held until the session ends.
                while self._early and (len(self._early) > MAX_PENDING or self._early_bytes > RECORD_MAX_EARLY_BYTES):
                    self._early_bytes -= self._early.pop(next(iter(self._early)))[1]
                return
        self._answered(entry, message)

    def _answered(self, entry: dict[str, Any], message: dict[str, Any]) -> None:
        result = message.get("result")
        if isinstance(result, dict):
            entry["isError"] = result.get("isError") is True
            if "structuredContent" in result:
                entry["structuredContent"] = result["structuredContent"]
        else:
            error = message.get("error")
            code = error.get("code") if isinstance(error, dict) else None
            entry["isError"] = True
            entry["rpcError"] = code if isinstance(code, int) else None
        self.log.write(entry)

    def _unanswered(self, entry: dict[str, Any]) -> None:
        entry["isError"] = None
        entry["unanswered"] = True
        self.log.write(entry)

    def close(self) -> None:
        """Write every call still waiting for an answer (the session ended first), then close."""
        with self._lock:
            pending, self._pending = list(self._pending.values()), {}
        for entry in pending:
            self._unanswered(entry)
        self.log.close()


def _slim(message: dict[str, Any]) -> dict[str, Any]:
    """What ``_answered`` reads of an answer, so that an early one holds no large result."""
    result = message.get("result")
    if isinstance(result, dict):
        return {"result": {key: result[key] for key in ("isError", "structuredContent") if key in result}}
    return {"error": message.get("error")}


def _parse(data: bytes) -> Any:
    try:
        return json.loads(data)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
