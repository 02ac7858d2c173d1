"""Reading recorded calls, one line at a time, whatever wrote them.

Three shapes are read, line by line and in any mix (a JSON array on a line is read item by
item):

- the log ``mcp-inspect record`` writes: ``{"tool", "arguments", "isError",
  "structuredContent"?, "client"?, "redacted"?, "time"}``;
- raw JSON-RPC messages in either direction: ``tools/call`` requests are paired with their
  responses by id (the client from ``initialize`` or the request's ``_meta``); a request
  never answered still counts as a call;
- OpenTelemetry spans exported as JSON: OTLP/JSON (``resourceSpans`` … ``spans``, attributes
  as ``[{"key", "value": {"stringValue": …}}]``) or one flat span with an ``attributes``
  object; a span counts when it has ``gen_ai.tool.name`` (and ``mcp.method.name`` is
  ``tools/call`` or absent); arguments from ``gen_ai.tool.call.arguments`` (a JSON string or
  a structured value), the result from ``gen_ai.tool.call.result``.

JSON lines are tried first, whatever the first line holds. A file whose first line is not JSON
on its own but opens an object or an array may be one JSON document spread over several lines
(a pretty-printed export): it is read whole only when the whole file parses as one document,
and until that is known (at its end, or past MAX_DOCUMENT bytes, when it cannot be one) what
its lines gave is held back. A line that is not JSON (``NaN``, ``Infinity`` and ``1e999``,
which overflows to infinity, are not), holds nothing of the above, or holds a known shape with
wrong-typed parts (a ``doubleValue`` that is not a number, OTLP/JSON's ``"NaN"`` included; an
``intValue`` string that is not an optional minus and ASCII digits; an AnyValue member this
reader does not read, ``bytesValue`` among them, or two members set) is counted as malformed
(its number kept for the warning) and skipped; so is a line longer than the line limit
(``MAX_CALLS_LINE_BYTES``), which is never held in memory whole. A read goes a line (or a
bounded piece of one) at a time, so a signal ends it between two reads.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..limits import MAX_CALLS_LINE_BYTES
from ..snapshot.reader import unique_keys
from .log import CLIENT_META, client_name

UNKNOWN_CLIENT = "unknown"
#: Malformed line numbers a summary remembers.
KEPT_LINES = 5
#: The largest recording read whole (a multi-line JSON document): 8 MiB. Parsed, a document
#: costs many times its bytes (a file of 3-byte ``{},`` lines is a dict every 3 bytes), so a
#: larger one is read as lines, and memory stays bounded whatever the file holds; an export
#: larger than this is to be written as JSON lines (docs/record.md).
MAX_DOCUMENT = 8 * 1024 * 1024
#: JSON-RPC requests waiting for their response while reading; past this the oldest counts unanswered.
MAX_PENDING = 100_000


@dataclass(slots=True)
class Call:
    """One recorded tools/call: where it was read, the tool, its arguments, and the result's
    structuredContent when the recording has one."""

    line: int
    tool: str
    arguments: Any
    client: str = UNKNOWN_CLIENT
    structured: Any = None
    has_structured: bool = False
    is_error: bool | None = None
    #: Key paths whose values were replaced by their JSON type name (``--redact``); an array
    #: index is a number.
    redacted: list[list[str | int]] = field(default_factory=list)


@dataclass
class Malformed:
    count: int = 0
    lines: list[int] = field(default_factory=list)
    #: Of ``count``, the lines skipped for being longer than the line limit, and that limit.
    too_long: int = 0
    line_limit: int = MAX_CALLS_LINE_BYTES

    def add(self, line: int) -> None:
        self.count += 1
        if len(self.lines) < KEPT_LINES:
            self.lines.append(line)

    def add_too_long(self, line: int) -> None:
        self.too_long += 1
        self.add(line)

    def state(self) -> tuple[int, list[int], int]:
        return self.count, list(self.lines), self.too_long

    def restore(self, state: tuple[int, list[int], int]) -> None:
        self.count, self.lines, self.too_long = state[0], list(state[1]), state[2]


def read_calls(path: str, malformed: Malformed | None = None,
               max_line_bytes: int | None = None) -> Iterator[Call]:
    """Every recorded call of the file at ``path`` (``-``: stdin), streamed; a line longer
    than ``max_line_bytes`` (``MAX_CALLS_LINE_BYTES`` unless given) is skipped and counted."""
    import sys

    malformed = malformed if malformed is not None else Malformed()
    limit = MAX_CALLS_LINE_BYTES if max_line_bytes is None else max_line_bytes
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
        raise InputError(f"the line limit of a recording must be a positive number of bytes, got {limit!r}")
    malformed.line_limit = limit
    try:
        stream = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise InputError(f"{path}: cannot read the recorded calls ({exc.strerror or exc})") from None
    try:
        yield from parse_lines(_lines(stream, path, limit), malformed, path)
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()


#: What a line past the limit is read in while it is skipped.
_SKIP_PIECE = 1024 * 1024


def _lines(stream: Any, path: str, limit: int) -> Iterator[tuple[int, bytes | None]]:
    """``(number, line)`` for each line, ``(number, None)`` for one longer than ``limit``.
    Each read is bounded (``readline`` with a size), so neither memory nor the time between
    two signal checks grows with a line: ``/dev/zero`` is read in pieces until a signal."""
    number = 0
    try:
        while True:
            line = stream.readline(limit + 1)
            if not line:
                return
            number += 1
            if len(line) > limit and not (len(line) == limit + 1 and line.endswith(b"\n")):
                while not line.endswith(b"\n"):
                    line = stream.readline(_SKIP_PIECE)
                    if not line:
                        break
                yield number, None
                continue
            yield number, line
    except OSError as exc:
        raise InputError(f"{path}: cannot read the recorded calls ({exc.strerror or exc})") from None


_FAILED = object()


class _NotFinite(ValueError):
    """A number JSON cannot carry: ``NaN``, ``Infinity`` or one that overflows to it (``1e999``)."""


def _no_constant(name: str) -> Any:
    raise _NotFinite(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(f"{text} is not a finite JSON number")
    return value


def _loads(text: bytes | str) -> Any:
    """JSON as the snapshot reader takes it: a key given twice and a number JSON cannot carry
    are refused. A non-finite number could not be written back (``--calls-report`` would hold
    ``NaN``, which is not JSON), and the two validators disagree on it (jsonschema calls NaN a
    number, jsonschema-rs does not), so a recording holding one is not judged."""
    return json.loads(text, object_pairs_hook=unique_keys, parse_constant=_no_constant, parse_float=_finite)


def _json(text: bytes | str) -> Any:
    # A key given twice (``{"tool": "t", …, "tool": "u"}``) makes the line ambiguous: readers
    # differ on which tool was called, so it is malformed, as a snapshot with one is refused.
    try:
        return _loads(text)
    except (ValueError, RecursionError):
        return _FAILED


def parse_lines(lines: Iterable[tuple[int, bytes | str | None]], malformed: Malformed,
                where: str = "calls") -> Iterator[Call]:
    """The calls of a recording's lines (``None``: a line past the length limit)."""
    reader = _Reader(malformed)
    held: bytearray | None = None  # the raw lines, while the file may still be one document
    waiting: list[Call] = []  # what the lines gave meanwhile
    before: tuple[int, list[int], int] | None = None
    started = False
    for number, raw in lines:
        if raw is None:
            malformed.add_too_long(number)
            if held is not None:  # a document with a line past the limit is not read whole either
                held = None
                yield from waiting
                waiting = []
            continue
        text = raw.strip()
        if not text:
            continue
        value = _json(text)
        if not started:
            started = True
            if value is _FAILED and text[:1] in (b"{", b"[", "{", "["):
                held, before = bytearray(), malformed.state()
        if held is not None:
            # One buffer, not a list of lines: a line object each would cost tens of bytes of
            # bookkeeping per line, many times the bytes of a file of short lines.
            held += raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass")
            if len(held) > MAX_DOCUMENT:  # too large to be read whole: lines it is
                held = None
                yield from waiting
                waiting = []
        if value is _FAILED:
            malformed.add(number)
            continue
        if held is not None:
            waiting.extend(reader.value(value, number))
        else:
            yield from reader.value(value, number)
    if held is not None and before is not None:
        document = _json(bytes(held))
        if document is not _FAILED:  # the file is one document: its lines were not lines
            malformed.restore(before)
            reader = _Reader(malformed)
            yield from reader.value(document, 1)
            yield from reader.unanswered()
            return
    yield from waiting
    yield from reader.unanswered()


def calls_from_list(values: list[Any], malformed: Malformed) -> Iterator[Call]:
    """Recorded calls given as values (the service's ``calls`` list): item n is line n."""
    reader = _Reader(malformed)
    for number, value in enumerate(values, 1):
        yield from reader.value(value, number)
    yield from reader.unanswered()


class _Reader:
    def __init__(self, malformed: Malformed) -> None:
        self.malformed = malformed
        self.pending: dict[str, tuple[int, dict[str, Any]]] = {}
        self.clients: dict[str, str] = {}  # the last initialize's clientInfo

    def value(self, value: Any, line: int) -> Iterator[Call]:
        """The calls of one line's value. A line holding nothing known, or a known shape with
        a wrong-typed part (a span whose ``scopeSpans`` is a number), is malformed: counted,
        and none of its calls kept."""
        items = value if isinstance(value, list) else [value]
        known = False
        calls: list[Call] = []
        try:
            for item in items:
                if not isinstance(item, dict):
                    continue
                if "resourceSpans" in item or "attributes" in item or "scopeSpans" in item:
                    known = True  # a span that is not a tool call is still a span
                    calls.extend(_spans(item, line))
                elif "jsonrpc" in item or ("id" in item and ("method" in item or "result" in item or "error" in item)):
                    known = True
                    calls.extend(self.message(item, line))
                elif isinstance(item.get("tool"), str) and "arguments" in item:
                    known = True
                    calls.append(_record(item, line))
        except (_Shape, RecursionError):  # RecursionError: nested past what the walk can follow
            known, calls = False, []
        if not known:
            self.malformed.add(line)
        yield from calls

    def message(self, item: dict[str, Any], line: int) -> Iterator[Call]:
        params = item.get("params") if isinstance(item.get("params"), dict) else {}
        if item.get("method") == "initialize":
            name = client_name(params.get("clientInfo"))
            if name:
                self.clients[""] = name
            return
        key = json.dumps(item.get("id"), sort_keys=True)
        if item.get("method") == "tools/call" and isinstance(params.get("name"), str):
            self.pending[key] = (line, item)
            if len(self.pending) > MAX_PENDING:
                oldest = next(iter(self.pending))
                yield self._call(*self.pending.pop(oldest), None)
            return
        if "result" in item or "error" in item:
            waiting = self.pending.pop(key, None)
            if waiting is not None:
                yield self._call(*waiting, item)

    def _call(self, line: int, request: dict[str, Any], response: dict[str, Any] | None) -> Call:
        params = request["params"]
        meta = params.get("_meta") if isinstance(params.get("_meta"), dict) else {}
        client = client_name(meta.get(CLIENT_META)) or self.clients.get("") or UNKNOWN_CLIENT
        call = Call(line, params["name"], params.get("arguments", {}), client)
        result = response.get("result") if response is not None else None
        if isinstance(result, dict):
            call.is_error = result.get("isError") is True
            if "structuredContent" in result:
                call.structured, call.has_structured = result["structuredContent"], True
        elif response is not None:
            call.is_error = True
        return call

    def unanswered(self) -> Iterator[Call]:
        for line, request in self.pending.values():
            yield self._call(line, request, None)
        self.pending.clear()


def _record(item: dict[str, Any], line: int) -> Call:
    client = item.get("client")
    if isinstance(client, dict):
        client = client_name(client)
    call = Call(line, item["tool"], item.get("arguments"), client if isinstance(client, str) and client
                else UNKNOWN_CLIENT)
    if "structuredContent" in item:
        call.structured, call.has_structured = item["structuredContent"], True
    is_error = item.get("isError")
    call.is_error = is_error if isinstance(is_error, bool) else None
    redacted = item.get("redacted")
    if isinstance(redacted, list):
        call.redacted = [p for p in redacted if isinstance(p, list) and all(
            isinstance(k, str) or (isinstance(k, int) and not isinstance(k, bool)) for k in p)]
    return call


# --- OpenTelemetry --------------------------------------------------------------------------

class _Shape(Exception):
    """A part of an OpenTelemetry export that is not of the type OTLP/JSON gives it."""


def _list(value: Any) -> list[Any]:
    """A list where OTLP/JSON has one (absent or null: empty)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise _Shape
    return value


def _object(value: Any) -> dict[str, Any]:
    """An object where OTLP/JSON has one (absent or null: empty)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _Shape
    return value


#: What the protobuf JSON mapping reads as a double when a string holds it: a JSON number.
_DOUBLE_TEXT = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
#: The JSON mapping's spellings of the doubles JSON has no number for.
_NOT_FINITE_DOUBLES = frozenset({"NaN", "Infinity", "-Infinity"})


def _double(value: Any) -> int | float:
    """A ``doubleValue``: a number, or a string holding one (the protobuf JSON mapping accepts
    both). ``"NaN"``, ``"Infinity"`` and ``"-Infinity"`` are that mapping's non-finite doubles:
    read as such, the replay could not carry them (see ``_loads``), so like any other value
    that is not a number they make the line malformed."""
    if isinstance(value, bool):
        raise _Shape
    if isinstance(value, int) or isinstance(value, float) and math.isfinite(value):
        return value
    if isinstance(value, str) and value not in _NOT_FINITE_DOUBLES and _DOUBLE_TEXT.fullmatch(value):
        number = float(value)
        if math.isfinite(number):
            return number
    raise _Shape


#: The members of an OTLP/JSON AnyValue this reader reads; ``bytesValue`` is not among them
#: (see ``_any_value``).
_ANY_VALUE_MEMBERS = frozenset({"stringValue", "boolValue", "intValue", "doubleValue", "arrayValue", "kvlistValue"})
#: The protobuf JSON mapping's int64 held by a string: an optional minus and ASCII digits, no
#: sign, space, ``_`` or other script's digits, all of which Python's ``int()`` takes.
_INT64_TEXT = re.compile(r"-?[0-9]+")
#: Characters of an ``intValue`` string read at all: an int64 takes 20 at most (leading zeros
#: aside), and ``int()`` of a long one costs time and, past 4,300 digits, refuses it.
_INT64_CHARS = 40


def _int64(value: Any) -> int:
    """An ``intValue``: an int64, as a JSON number or as the decimal string OTLP/JSON writes."""
    if isinstance(value, str):
        if len(value) > _INT64_CHARS or not _INT64_TEXT.fullmatch(value):
            raise _Shape
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not -2 ** 63 <= value < 2 ** 63:
        raise _Shape
    return value


def _any_value(value: Any) -> Any:
    """An OTLP/JSON AnyValue as a plain value; a member of the wrong type raises ``_Shape``
    (a ``{"boolValue": "yes"}`` is not a boolean a call sent, so it is not judged as one).
    A null member is unset, as the protobuf JSON mapping reads it, and an AnyValue with none
    set is empty (null). A member this reader does not read (``bytesValue``: the call sent
    bytes, which no JSON argument holds; or one OTLP does not define), or two set at once (the
    value is one of them, and readers differ on which), raises ``_Shape`` too: read as null,
    a call that sent bytes was judged as one that sent null (hostile trial, round 11).

    The mapping writes an AnyValue, a message, as an object, always: an attribute's value left
    out, or null, is unset (null, as an empty one), and anything else that is not an object (a
    bare ``"oops"``, a bare ``1`` among an ``arrayValue``'s values) raises ``_Shape``, where it
    was judged as the value it is (hostile trial, round 13)."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise _Shape
    members = [key for key, member in value.items() if member is not None]
    if not members:
        return None
    if len(members) > 1 or members[0] not in _ANY_VALUE_MEMBERS:
        raise _Shape
    kind, member = members[0], value[members[0]]
    if kind == "stringValue":
        if not isinstance(member, str):
            raise _Shape
        return member
    if kind == "boolValue":
        if not isinstance(member, bool):
            raise _Shape
        return member
    if kind == "doubleValue":
        return _double(member)
    if kind == "intValue":  # an int64: OTLP/JSON writes it as a string, some exporters as a number
        return _int64(member)
    if kind == "arrayValue":
        items = _list(_object(member).get("values"))
        if any(item is None for item in items):  # each is an AnyValue: the mapping reads no null item of a list
            raise _Shape
        return [_any_value(item) for item in items]
    return _attributes(_object(member).get("values"))


def _attributes(attributes: Any) -> dict[str, Any]:
    if isinstance(attributes, dict):
        return attributes
    out: dict[str, Any] = {}
    for entry in _list(attributes):
        entry = _object(entry)
        if isinstance(entry.get("key"), str):
            out[entry["key"]] = _any_value(entry.get("value"))
    return out


def _spans(item: dict[str, Any], line: int) -> Iterator[Call]:
    if "resourceSpans" in item:
        for resource_spans in _list(item.get("resourceSpans")):
            resource_spans = _object(resource_spans)
            resource = _attributes(_object(resource_spans.get("resource")).get("attributes"))
            scopes = resource_spans.get("scopeSpans")
            if scopes is None:
                scopes = resource_spans.get("instrumentationLibrarySpans")
            for scope in _list(scopes):
                for span in _list(_object(scope).get("spans")):
                    call = _span(_object(span), resource, line)
                    if call is not None:
                        yield call
    else:
        resource = _attributes(_object(item.get("resource")).get("attributes"))
        call = _span(item, resource, line)
        if call is not None:
            yield call


def _json_attribute(value: Any) -> Any:
    """An attribute that may hold JSON text (the arguments, the result) as its value; text that
    is not JSON is kept as the string it is, but JSON holding ``NaN`` makes the line malformed."""
    if isinstance(value, str):
        try:  # a key given twice here is read as it always was, the last one winning
            return json.loads(value, parse_constant=_no_constant, parse_float=_finite)
        except _NotFinite:
            raise _Shape from None
        except (ValueError, RecursionError):
            return value
    return value


def _span(span: dict[str, Any], resource: dict[str, Any], line: int) -> Call | None:
    attributes = _attributes(span.get("attributes"))
    tool = attributes.get("gen_ai.tool.name")
    if not isinstance(tool, str) or attributes.get("mcp.method.name", "tools/call") != "tools/call":
        return None
    kind = span.get("kind")
    client = UNKNOWN_CLIENT
    if kind in (3, "SPAN_KIND_CLIENT", "CLIENT", "SpanKind.CLIENT") and isinstance(resource.get("service.name"), str):
        version = resource.get("service.version")
        client = f"{resource['service.name']} {version}" if isinstance(version, str) else resource["service.name"]
    arguments = _json_attribute(attributes.get("gen_ai.tool.call.arguments", {}))
    call = Call(line, tool, arguments, client)
    result = _json_attribute(attributes.get("gen_ai.tool.call.result"))
    if isinstance(result, dict):
        if "structuredContent" in result:
            call.structured, call.has_structured = result["structuredContent"], True
        if isinstance(result.get("isError"), bool):
            call.is_error = result["isError"]
    if "error.type" in attributes:
        call.is_error = True
    return call
