"""A generated list of HTTP error statuses in a description, which the grader sets aside.

OpenAPI-to-MCP generators append the operation's error responses to a tool's description
("Error Responses:\\n400: Bad request"), and a release that starts or stops writing them
changes no argument and no choice of tool: @notionhq/notion-mcp-server 2.0.0 appended one
to thirteen tools, each graded POTENTIALLY_BREAKING for a number added (prose labels,
issue 34). Only a block that is a heading naming responses or errors and then nothing but
status lines is set aside, each line a status code and nothing but that code again or its
standard reason phrase ("400: Bad request", "404 - Not Found", "400: 400"), so no text
that tells the model anything can hide in one. A block of success statuses only ("200: OK")
is set aside too: such a line says nothing whatever the code's class (hostile trial, round 42).
"""

from __future__ import annotations

import re
from http import HTTPStatus

from ...limits import MAX_PROSE_CHARS

#: The heading that opens the block: "Error Responses:", "Errors:", "Responses:".
_HEADING = re.compile(r"[ \t]*+(?i:(?:error[ \t]++)?responses?|errors?)[ \t]*+:[ \t]*+")
#: One status line: an optional bullet, the code, a colon or dash, and what follows it.
_STATUS = re.compile(r"[ \t]*+(?:[-*\u2022][ \t]++)?(\d{3})[ \t]*+[:\-\u2013\u2014](.*)")
_PHRASES = {status.value: status.phrase.casefold() for status in HTTPStatus}


def _is_status_line(line: str) -> bool:
    found = _STATUS.fullmatch(line)
    if found is None:
        return False
    # What follows is trimmed here, not in the pattern: a lazy run before optional spaces
    # read a long line of spaces in quadratic time.
    code, said = int(found.group(1)), " ".join(found.group(2).split()).removesuffix(".").rstrip().casefold()
    return said in ("", found.group(1)) or _PHRASES.get(code) == said


def without_status_lists(text: str) -> str:
    """``text`` without each block of a heading and the status lines after it (at least one),
    up to a blank line or the end; the text as it was where there is none."""
    if len(text) > MAX_PROSE_CHARS:  # past it the grade reads tokens only (grade.py)
        return text
    lines = text.split("\n")
    kept: list[str] = []
    i = 0
    while i < len(lines):
        if _HEADING.fullmatch(lines[i]):
            end = i + 1
            while end < len(lines) and _is_status_line(lines[end]):
                end += 1
            if end > i + 1 and (end == len(lines) or not lines[end].strip()):
                i = end
                continue
        kept.append(lines[i])
        i += 1
    return "\n".join(kept).rstrip() if len(kept) < len(lines) else text
