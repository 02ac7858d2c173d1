"""The ``text/event-stream`` format, read as bytes arrive: lines, then events.

Both HTTP transports read it: Streamable HTTP when a POST is answered with an SSE
stream, and the 2024-11-05 HTTP+SSE transport on its long-lived GET stream. A
POST's stream is bounded as a whole by the transport; the GET stream never ends
by design, so here each line and each event can be bounded on its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..errors import CaptureError

_BOM = b"\xef\xbb\xbf"
_LINE_END = re.compile(rb"\r\n|\r|\n")


#: A ``retry`` longer than this many digits is read as this (about 31 years): no wait that long
#: is honoured, and ``int()`` of thousands of digits is refused.
_RETRY_DIGITS = 12


@dataclass
class EventCursor:
    """Where a stream may be resumed from (the SSE rules' last event ID and reconnection time):
    ``last_id``, the last event id dispatched (kept across streams, as a resumed stream goes on
    from it); ``retry_ms``, the wait the server asked for before a reconnection; ``primed``, an
    event with an id was dispatched on the stream being read (the server said it may be resumed)."""

    last_id: bytes | None = None
    retry_ms: int | None = None
    primed: bool = False

    def resumed(self) -> EventCursor:
        """The cursor of the stream that resumes this one: the same id and wait, not yet primed."""
        return EventCursor(self.last_id, self.retry_ms)


def sse_lines(chunks: Iterable[bytes], limit: int | None = None, what: str = "SSE stream") -> Iterator[bytes]:
    """The lines of an event stream, without their ends, as its chunks arrive.

    A line ends with CRLF, LF or CR alone, and a byte order mark may open the stream (the
    SSE rules). Only what follows the last line end is kept between chunks, and a chunk
    without any line end is just added to it, so a long line is not split over and over.
    With ``limit``, a line longer than that many bytes ends the read (CaptureError).
    """
    pending = bytearray()
    started = False  # past the place where a byte order mark may be
    after_cr = False  # the last line ended with a CR that may be the first half of a CRLF
    for chunk in chunks:
        if after_cr and chunk:
            after_cr = False
            if chunk.startswith(b"\n"):
                chunk = chunk[1:]  # the second half of a CRLF split between chunks
        pending += chunk
        if not started:
            if len(pending) < len(_BOM) and _BOM.startswith(pending):
                continue  # too short yet to tell whether it opens with a byte order mark
            if pending.startswith(_BOM):
                del pending[:len(_BOM)]
            started = True
        elif b"\n" not in chunk and b"\r" not in chunk:
            if limit is not None and len(pending) > limit:
                raise CaptureError(f"{what} sent a line longer than the limit of {limit} bytes")
            continue
        *lines, rest = _LINE_END.split(pending)
        # A CR at the very end may be followed by an LF in the next chunk: that LF belongs to
        # this line end and must not be read as an empty line (which would end the event).
        after_cr = not rest and pending.endswith(b"\r")
        pending = bytearray(rest)
        if limit is not None and len(pending) > limit:
            raise CaptureError(f"{what} sent a line longer than the limit of {limit} bytes")
        yield from lines


def sse_events(lines: Iterable[bytes], limit: int | None = None, what: str = "SSE stream",
               cursor: EventCursor | None = None) -> Iterator[tuple[bytes, bytes]]:
    """``(event type, data)`` for every event the lines dispatch, the last one too when the
    stream ends without the blank line that would close it. The type is ``b""`` when the
    event names none; data lines are joined with LF. Comments and fields other than
    ``event`` and ``data`` are skipped, except that ``cursor``, when given, keeps the ``id``
    of each event dispatched (an event without data too: a priming event is just that) and
    the ``retry`` asked for. With ``limit``, an event whose data grows past that many bytes
    ends the read (CaptureError)."""
    data: list[bytes] = []
    size = 0
    event = b""
    id_buffer: bytes | None = None  # the SSE rules' last event ID buffer, once this stream set it
    for line in lines:
        if not line:
            if cursor is not None and id_buffer is not None:
                _dispatched(cursor, id_buffer)
            if data:  # an event without data is not dispatched (the SSE rules)
                yield event, b"\n".join(data)
            data, size, event = [], 0, b""
            continue
        name, _, value = line.partition(b":")
        value = value[1:] if value.startswith(b" ") else value
        if name == b"data":
            data.append(value)
            size += len(value) + 1
            if limit is not None and size > limit:
                raise CaptureError(f"{what} sent an event larger than the limit of {limit} bytes")
        elif name == b"event":
            event = value
        elif name == b"id" and b"\0" not in value:  # an id holding NUL is ignored (the SSE rules)
            id_buffer = value
        elif name == b"retry" and value.isdigit() and value.isascii() and cursor is not None:
            cursor.retry_ms = int(value) if len(value) <= _RETRY_DIGITS else 10 ** _RETRY_DIGITS
    if cursor is not None and id_buffer is not None:
        _dispatched(cursor, id_buffer)
    if data:
        yield event, b"\n".join(data)


def _dispatched(cursor: EventCursor, event_id: bytes) -> None:
    """An event dispatched with ``event_id`` in the last event ID buffer: an empty id says there
    is nothing to resume from (no ``Last-Event-ID`` is sent then, the SSE rules)."""
    cursor.last_id = event_id or None
    cursor.primed = bool(event_id)
