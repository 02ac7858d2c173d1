"""What a capture needs to know: how to reach the server and how to talk to it."""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from ..errors import InputError
from ..limits import DEFAULT_TIMEOUT_SECONDS

#: Protocol revisions of the stateless era (``server/discover``), newest first.
MODERN_VERSIONS = ("2026-07-28",)
#: Protocol revisions of the handshake era (``initialize``), newest first.
LEGACY_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
KNOWN_VERSIONS = MODERN_VERSIONS + LEGACY_VERSIONS
PROTOCOL_CHOICES = ("auto", *KNOWN_VERSIONS)

#: The only variables a stdio server inherits from mcp-inspect's environment
#: (the same allow-list as the official SDKs); ``--env`` and mcp.json add to it.
INHERITED_ENV = ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER")


@dataclass
class CaptureOptions:
    """How to talk to a live server (ignored for files)."""

    env: dict[str, str] = field(default_factory=dict)  # extra environment for a stdio child
    headers: dict[str, str] = field(default_factory=dict)  # extra HTTP headers
    timeout: float = DEFAULT_TIMEOUT_SECONDS  # seconds, per operation
    protocol: str = "auto"  # "auto", or a protocol revision to speak
    store: str | None = None  # the snapshot store's root for @NAME (None: $MCP_INSPECT_STORE or ./snapshots)
    progress: bool = True  # a status line on stderr while capturing, when stderr is a terminal

    def check(self) -> None:
        """InputError (exit 2) when an option cannot be used."""
        if self.protocol not in PROTOCOL_CHOICES:
            raise InputError(f"--protocol: unknown protocol revision {self.protocol!r} "
                             f"(expected one of: {', '.join(PROTOCOL_CHOICES)})")
        if not self.timeout > 0:
            raise InputError(f"--timeout: must be a positive number of seconds; got {self.timeout!r}")


@dataclass
class ServerSpec:
    """One server to capture: a command to run (stdio) or a URL to POST to (Streamable HTTP)."""

    transport: str  # "stdio" or "http"
    command: list[str] = field(default_factory=list)
    url: str = ""
    env: dict[str, str] = field(default_factory=dict)  # from an mcp.json entry; options.env wins
    headers: dict[str, str] = field(default_factory=dict)  # from an mcp.json entry; options.headers win
    cwd: str | None = None


def is_url(text: str) -> bool:
    return text.startswith(("http://", "https://"))


def check_url(url: str) -> str:
    """The URL itself, or InputError (exit 2) when no request could be sent to it."""
    try:
        parts = urlsplit(url)
        port = parts.port  # raises on a port that is not a number in range
    except ValueError as exc:
        raise InputError(f"{url}: not a valid URL ({exc})") from None
    if not parts.hostname or any(c.isspace() for c in url) or port == 0:
        raise InputError(f"{url}: not a valid URL (expected http(s)://HOST[:PORT]/PATH)")
    return url


def parse_target(target: str) -> ServerSpec:
    """``http(s)://…`` is Streamable HTTP; ``stdio:COMMAND ARGS`` (or a bare command line) is stdio."""
    if is_url(target):
        return ServerSpec("http", url=check_url(target))
    line = target[len("stdio:"):] if target.startswith("stdio:") else target
    try:
        command = shlex.split(line)
    except ValueError as exc:
        raise InputError(f"{target}: cannot split the command line ({exc})") from None
    if not command:
        raise InputError(f"{target!r}: no command to run (expected stdio:COMMAND ARGS or an http(s):// URL)")
    return ServerSpec("stdio", command=command)


def parse_assignments(values: list[str] | None, separator: str, what: str, option: str) -> dict[str, str]:
    """``NAME=VALUE`` (``--env``) or ``NAME:VALUE`` (``--header``) pairs; InputError on bad syntax."""
    out: dict[str, str] = {}
    for value in values or []:
        name, sep, rest = value.partition(separator)
        name = name.strip()
        if not sep or not name or any(c.isspace() for c in name):
            raise InputError(f"{option}: expected {what}{separator}VALUE; got {value!r}")
        out[name] = rest.strip() if separator == ":" else rest
    return out
