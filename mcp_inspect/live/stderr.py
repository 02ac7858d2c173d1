"""What a capture error quotes of a server's stderr: its own error line first, then the tail.

A server that cannot start usually says why in one line ("Error: No API key provided …",
"ValueError: Missing required environment variables: …") and then prints a stack trace. A
Node.js trace comes after that line, so the tail of stderr that fits in the error message
can be frames only; the line that explains the failure must survive the cut.
"""

from __future__ import annotations

import re

from ..limits import STDERR_MESSAGE_CHARS

#: An error's class name, as the runtimes print it: ``Error`` or ``Exception``, or a name a
#: capital starts, after one ``_`` at most (``TypeError``, ``_InactiveRpcError``, not a Node
#: object's private ``_hadError`` key: hostile trial, round 34), after a module path if any
#: (``binascii.Error``, ``java.lang.Exception``, ``mcp.shared.exceptions.McpError``: hostile
#: trial, round 33); a camelCase key a Node object prints unquoted (``onError: 'log'``,
#: ``lastError: null``) is no error.
_CLASS_NAME = r"(?:[\w$]+\.)*(?:_?[A-Z][\w$]*)?(?:Error|Exception)"
#: A line that reports an error in the words of the usual runtimes: ``Error: …`` and
#: ``TypeError: …`` (Node.js, Python, Rust), ``panic: …`` (Go), ``fatal: …``,
#: ``Uncaught …``; ``| `` and ``+`` lead the lines of a Python exception group.
_ERROR_LINE = re.compile(
    rf"^[|+\-\s]*(?:Uncaught\s+)?(?:{_CLASS_NAME}|error|fatal|panic|FATAL|ERROR)(?:\s*\[[^\]]*\])?:\s*\S")
#: An error stated after words of the server's own: Node.js's ``Fatal error in main(): Error:
#: Failed to initialize …`` (new-user trial, round 31: @chakra-ui/react-mcp's reason was cut
#: and only the frames after it were quoted), ``[cause]: TypeError: fetch failed``.
#: Hostile trial, round 32: with any word before ``Error`` read as a class name, a shutdown
#: line's ``lastError: null`` led the message and the server's own error was cut.
_STATED_INSIDE = re.compile(rf"(?:^|[\s(\[]){_CLASS_NAME}:\s+\S")
#: A frame or the header of a trace: it explains where, not why.
_TRACE_LINE = re.compile(r"^[|+\-\s]*(?:at\s|File \"|Traceback \(most recent call last\)|Exception Group Traceback)")
_JOIN = " | "


def is_error_line(line: str) -> bool:
    """Whether a stderr line states an error (as opposed to a frame of its trace)."""
    return bool(_ERROR_LINE.match(line) or _STATED_INSIDE.search(line)) and not _TRACE_LINE.match(line)


def stderr_suffix(lines: list[str]) -> str:
    """``; server stderr: …`` for a capture error: the last lines that fit in
    ``STDERR_MESSAGE_CHARS``, led by the server's last error line whenever stderr is cut. A
    Python trace ends with that line, so the cut kept it, but last, after 500 characters of
    frames a reader stops before (new-user trial, round 27: an AttributeError under asyncio's
    runners was read as "the message shows only the middle of the trace")."""
    if not lines:
        return ""
    text = _JOIN.join(lines)
    if len(text) <= STDERR_MESSAGE_CHARS:
        return f"; server stderr: {text}"
    tail = text[-STDERR_MESSAGE_CHARS:]
    last = next((i for i in range(len(lines) - 1, -1, -1) if is_error_line(lines[i])), None)
    if last is None:
        return f"; server stderr: …{tail}"
    lead = lines[last]
    if len(lead) > STDERR_MESSAGE_CHARS // 2:
        lead = lead[:STDERR_MESSAGE_CHARS // 2] + "…"
    # What followed the error line (its trace), as much of its end as fits beside it; where
    # nothing followed it (a Python trace), what led to it.
    after = lines[last + 1:]
    rest = _JOIN.join(after if after else lines[:last])
    room = STDERR_MESSAGE_CHARS - len(lead) - len(_JOIN)
    if len(rest) > room:
        rest = "…" + rest[-room:]
    return f"; server stderr: {lead}{_JOIN}{rest}" if rest else f"; server stderr: {lead}"
