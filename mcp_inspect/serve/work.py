"""The work of one request, done in a worker process (pool.py starts them).

A worker receives ``(kind, body, query)``: the endpoint, the raw request body and its
checked query parameters, and sends back an ``Answer``. Everything that reads the untrusted
body happens here, off the event loop: parsing (the CLI's guarded JSON reader), checking
every field, and the lint or diff itself, all through ``mcp_inspect.api``. The answer is the
text the CLI prints for the same surfaces and configuration.
"""

from __future__ import annotations

import gc
import json
import os
import re
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, NamedTuple

from .. import api
from ..errors import FieldError, InspectError
from ..limits import MAX_MESSAGE_CHARS, allow_deep_schemas
from ..runtime.executor import die_with_parent
from ..runtime.process import collect_cycles
from ..text.escape import one_line, plain
from .inline import calls_from_value, config_from_value, parse_request, surface_from_value
from .logs import withheld

if TYPE_CHECKING:
    from ..config.load import Config

JSON = "application/json"
MARKDOWN = "text/markdown; charset=utf-8"

#: The body keys each endpoint reads: required, then optional.
BODY_KEYS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "lint": ((), ("tools", "surface", "config")),
    "diff": (("old", "new"), ("config", "calls")),
    "release-notes": (("old", "new"), ("config", "title")),
}


@dataclass(frozen=True)
class Setup:
    """What every worker is given once, at its start: the server's configuration (read once,
    when the server started) and the cap on tools per surface."""

    config: Config
    max_tools: int


class Answer(NamedTuple):
    status: int
    media_type: str
    body: bytes
    #: For the server's log only, never the client: what went wrong inside (a traceback).
    detail: str | None = None


#: Characters of a name from the request (a key, a query parameter) quoted in an error.
SHOWN_CHARS = 40
# A backslash right before a tab or newline, which plain() leaves alone, is doubled before
# they become escapes, so that ``\x0a`` in a shown name always means the newline.
_BACKSLASH_BEFORE_BREAK = re.compile(r"\\(?=[\t\n])")


def shown(name: str) -> str:
    """A name taken from the request as an error quotes it: on one line, every control
    character escaped (tabs and newlines too, which plain() keeps), cut to SHOWN_CHARS."""
    text = _BACKSLASH_BEFORE_BREAK.sub(r"\\\\", plain(name)).replace("\t", "\\x09").replace("\n", "\\x0a")
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + "…"


def _one_line(text: str) -> str:
    """``text`` unchanged when it is already one line free of controls (so an escape made by
    shown() is not escaped again), else as the CLI writes an error line; cut as the CLI cuts."""
    bare = text.replace("\\", "")
    if "\n" in bare or "\t" in bare or plain(bare) != bare:
        text = one_line(text)
    return text if len(text) <= MAX_MESSAGE_CHARS else text[:MAX_MESSAGE_CHARS - 1] + "…"


def error_body(message: str, field: str | None = None) -> bytes:
    """The JSON error every refusal of the service carries: whatever the message quotes, one
    line without control characters, as promised."""
    body = {"error": _one_line(message), "field": None if field is None else _one_line(field)}
    return (json.dumps(body, ensure_ascii=False) + "\n").encode("utf-8")


def answer(kind: str, body: bytes, query: dict[str, str], setup: Setup) -> Answer:
    """The answer to one request: its report, or a 400 naming the field, or a generic 500."""
    try:
        value = parse_request(body)
        if not isinstance(value, dict):
            raise FieldError("request body: expected a JSON object", "body")
        _check_keys(kind, value)
        if kind == "lint":
            return Answer(200, JSON, _lint(value, setup).encode("utf-8"))
        if kind == "diff":
            text, media_type = _diff(value, query.get("format", "json"), setup,
                                     lint_inherited=query.get("lint_inherited") == "true",
                                     full_values=query.get("full_values") == "true")
            return Answer(200, media_type, text.encode("utf-8"))
        return Answer(200, MARKDOWN, _release_notes(value, setup).encode("utf-8"))
    except FieldError as error:
        return Answer(400, JSON, error_body(_for_http(error), error.field))
    except InspectError as error:
        return Answer(400, JSON, error_body(_for_http(error), _field_of(str(error))))
    except RecursionError:
        return Answer(400, JSON, error_body("request body: nested too deeply to process", "body"))
    except Exception as error:  # noqa: BLE001 - a bug: a generic answer, the details to the log
        return Answer(500, JSON, error_body("internal error"), withheld(error))


def _for_http(error: Exception) -> str:
    """An error's line, pointing a client of the service where the CLI's points its user."""
    return str(error).replace("`mcp-inspect rules`", "GET /rules")


def _field_of(message: str) -> str:
    """The field an engine's error is about: its message starts with the name of the surface
    it read (``old: …``), which is the body's key; anything else is about the whole body."""
    head = message.split(":", 1)[0]
    return head if head in ("old", "new", "surface", "tools") else "body"


def _check_keys(kind: str, value: dict[str, Any]) -> None:
    required, optional = BODY_KEYS[kind]
    known = required + optional
    for key in value:
        if key not in known:
            name = shown(key)
            raise FieldError(f"{name}: unknown key (expected {', '.join(known)})", name)
    for key in required:
        if key not in value:
            raise FieldError(f"{key}: missing (the body needs {' and '.join(required)})", key)


def _lint(value: dict[str, Any], setup: Setup) -> str:
    if ("tools" in value) == ("surface" in value):
        raise FieldError("body: give either tools (an array of tool objects) or surface (any accepted shape)",
                         "body")
    name = "tools" if "tools" in value else "surface"
    surface = value[name]
    if name == "tools" and not isinstance(surface, list):
        raise FieldError("tools: expected an array of tool objects", "tools")
    # The tools array is read as it stands, a document of its own, exactly as the same array
    # in a file: wrapped in an object it would nest one level deeper than the file does.
    config = config_from_value(value["config"], lint_only=True) if "config" in value else setup.config
    snapshot = surface_from_value(surface, name, nameless=True, max_tools=setup.max_tools)
    report = api.lint(snapshot, config.lint, config=config)
    return api.render([report], "json")


def _sides(value: dict[str, Any], setup: Setup) -> tuple[Config, Any, Any]:
    config = config_from_value(value["config"]) if "config" in value else setup.config
    old = surface_from_value(value["old"], "old", max_tools=setup.max_tools)
    new = surface_from_value(value["new"], "new", max_tools=setup.max_tools)
    return config, old, new


def _diff(value: dict[str, Any], fmt: str, setup: Setup, *, lint_inherited: bool = False,
          full_values: bool = False) -> tuple[str, str]:
    config, old, new = _sides(value, setup)
    calls = calls_from_value(value["calls"]) if "calls" in value else None
    report = api.diff(old, new, config=config, lint=config.lint, calls=calls)
    if fmt == "markdown":
        return api.render(report, "markdown", lint_inherited=lint_inherited), MARKDOWN
    return api.render(report, "json", lint_inherited=lint_inherited, full_values=full_values), JSON


def _release_notes(value: dict[str, Any], setup: Setup) -> str:
    title = value.get("title")
    if "title" in value and not isinstance(title, str):
        raise FieldError("title: expected a string (leave the key out for the default heading)", "title")
    config, old, new = _sides(value, setup)
    # The CLI's --title is its user's own Markdown; a request's is anyone's, so it is shown
    # as text: one line, controls escaped, no heading, list, link or HTML of its own.
    return api.release_notes(api.diff(old, new, config=config), title=title or None, title_is_text=True)


def warm_up() -> None:
    """Load what every request needs (the catalogue, every check, the configuration's schema)
    before the first one."""
    config_from_value({"lint": {"select": "ALL"}})
    surface = surface_from_value([{"name": "ping", "inputSchema": {"type": "object"}}], "warm-up")
    api.render(api.diff(surface, surface, lint=api.lint_settings()), "json")


def settle() -> None:
    """After the warm-up: what the worker holds now (the modules, the catalogue, the compiled
    checks and schemas) lives as long as the worker, so the cycle collector is told to leave
    it out of every later pass (``gc.freeze``); each pass then looks at the requests' own
    objects only, and no request pays for walking the whole package."""
    gc.collect()
    gc.freeze()


def serve_jobs(conn: Connection, setup: Setup) -> None:
    """A worker's life: warm up, say so, then answer jobs until told to stop (``None``) or
    until the server's end of the pipe closes (the server is gone)."""
    # Killed by the kernel when the fork server, its parent, ends (which ends with the server:
    # forkserver.py), so a worker busy with a long request never outlives the server.
    if not die_with_parent() or os.getppid() == 1:
        return  # the fork server is gone already
    if hasattr(os, "setpgrp"):
        # Its own process group: a timeout kills the group, so a child it forked for a large
        # diff (runtime/executor.py) dies with it; and Ctrl-C at the server's terminal, which goes
        # to the server's group, leaves the request in progress to finish.
        os.setpgrp()
    # As process.run does for the CLI, deep schemas recurse far; but a worker lives as long as
    # the service, so its cycles are collected (process.run pauses that for one-shot commands).
    allow_deep_schemas()
    collect_cycles()
    warm_up()
    settle()
    conn.send(("ready", os.getpid()))
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        kind, body, query = job
        conn.send(answer(kind, body, query, setup))
