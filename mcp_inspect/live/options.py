"""What a capture needs to know: how to reach the server and how to talk to it."""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from ..errors import InputError
from ..limits import DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS

#: Protocol revisions of the stateless era (``server/discover``), newest first.
MODERN_VERSIONS = ("2026-07-28",)
#: Protocol revisions of the handshake era (``initialize``), newest first.
LEGACY_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
KNOWN_VERSIONS = MODERN_VERSIONS + LEGACY_VERSIONS
PROTOCOL_CHOICES = ("auto", *KNOWN_VERSIONS)
#: How a URL is reached: Streamable HTTP, the 2024-11-05 HTTP+SSE transport, or ``auto``
#: (Streamable HTTP, then HTTP+SSE when initialize is refused with 400, 404 or 405).
TRANSPORT_CHOICES = ("auto", "streamable-http", "sse")

#: The only variables a stdio server inherits from mcp-inspect's environment
#: (the same allow-list as the official SDKs); ``--env`` and mcp.json add to it.
INHERITED_ENV = ("HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER")

#: Set (to anything but "", "0", "false" or "no") to refuse every live source: no server is
#: started or contacted. For CI that reads files an untrusted change may have replaced:
#: an mcp.json runs the commands it names.
OFFLINE_ENV = "MCP_INSPECT_OFFLINE"


def offline() -> bool:
    return os.environ.get(OFFLINE_ENV, "").strip().lower() not in ("", "0", "false", "no")


def refuse_when_offline(source: str) -> None:
    """InputError when ``MCP_INSPECT_OFFLINE`` is set: checked by every capture, whichever
    function of the library or command starts it, before anything is started or contacted."""
    if offline():
        raise InputError(f"{source}: not captured: {OFFLINE_ENV} is set, so no server is started or contacted "
                         "(give a snapshot file instead)")


#: An HTTP header name is a token (RFC 9110 section 5.6.2).
_HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
#: What httpx can send in a header value: printable ASCII, space and tab (it encodes values
#: as ASCII; CR, LF and NUL would end or split the header).
_HEADER_VALUE = re.compile(r"[\t\x20-\x7e]*")


@dataclass
class CaptureOptions:
    """How to talk to a live server (ignored for files)."""

    env: dict[str, str] = field(default_factory=dict)  # extra environment for a stdio child
    headers: dict[str, str] = field(default_factory=dict)  # extra HTTP headers
    timeout: float = DEFAULT_TIMEOUT_SECONDS  # seconds, per operation
    protocol: str = "auto"  # "auto", or a protocol revision to speak
    transport: str = "auto"  # for a URL: "auto", "streamable-http" or "sse"
    store: str | None = None  # the snapshot store's root for @NAME (None: $MCP_INSPECT_STORE or ./snapshots)
    progress: bool = True  # a status line on stderr while capturing, when stderr is a terminal
    #: Told once per capture whose era probe waited out its share of the timeout, with the
    #: remedy (the command line prints it as a note); None: nobody is told.
    notice: Callable[[str], None] | None = field(default=None, compare=False, repr=False)

    def check(self) -> None:
        """InputError (exit 2) when an option cannot be used."""
        if self.protocol not in PROTOCOL_CHOICES:
            raise InputError(f"--protocol: unknown protocol revision {self.protocol!r} "
                             f"(expected one of: {', '.join(PROTOCOL_CHOICES)})")
        if self.transport not in TRANSPORT_CHOICES:
            raise InputError(f"--transport: unknown transport {self.transport!r} "
                             f"(expected one of: {', '.join(TRANSPORT_CHOICES)})")
        if not self.timeout > 0:
            raise InputError(f"--timeout: must be a positive number of seconds; got {self.timeout!r}")
        if not self.timeout <= MAX_TIMEOUT_SECONDS:  # also inf: a deadline must fit a timestamp
            raise InputError(f"--timeout: at most {MAX_TIMEOUT_SECONDS:g} seconds (a day); got {self.timeout!r}")
        check_headers(self.headers, "--header")
        check_environment(self.env, "--env")


@dataclass
class ServerSpec:
    """One server to capture: a command to run (stdio) or a URL to reach over HTTP."""

    transport: str  # "stdio" or "http"
    command: list[str] = field(default_factory=list)
    url: str = ""
    env: dict[str, str] = field(default_factory=dict)  # from an mcp.json entry; options.env wins
    headers: dict[str, str] = field(default_factory=dict)  # from an mcp.json entry; options.headers win
    cwd: str | None = None
    http_transport: str = "auto"  # for a URL: "sse" when an mcp.json entry says so; --transport wins


def is_url(text: str) -> bool:
    return text.startswith(("http://", "https://"))


#: A URL's start (RFC 3986 section 3.1: a scheme, then ``://``). A scheme of one letter is
#: left out: ``C://tools/server.exe`` is a Windows path.
_URL_START = re.compile(r"([A-Za-z][A-Za-z0-9+.-]+)://")


def refuse_other_url(value: str, where: str) -> None:
    """InputError (exit 2) when the first word of a value that would be run as a command is
    a URL of another scheme than http(s) (``ftp://…``, ``ws://…``, ``file://…``): surely a
    mistake, not a program to start. Later words may hold any URL (``npx pkg --url ws://…``)."""
    try:
        words = shlex.split(value)
    except ValueError:
        words = value.split()
    found = _URL_START.match(words[0]) if words else None
    if found is not None and not is_url(words[0]):
        raise InputError(f"{where} {_shown(words[0])}: only http:// and https:// URLs are supported "
                         f"(not {found.group(1)}://); any other value is a command line, run over stdio")


def check_url(url: str) -> str:
    """The URL itself, or InputError (exit 2) when no request could be sent to it."""
    try:
        parts = urlsplit(url)
        port = parts.port  # raises on a port that is not a number in range
    except ValueError as exc:
        raise InputError(f"{url}: not a valid URL ({exc})") from None
    if not parts.hostname or any(c.isspace() for c in url) or port == 0:
        raise InputError(f"{url}: not a valid URL (expected http(s)://HOST[:PORT]/PATH)")
    import httpx  # only for a URL: the CLI need not load it otherwise

    # What urlsplit lets through, httpx may still refuse (a control character) or fail to
    # resolve (a DNS label over 63 characters, an empty label): refuse those here, as input.
    try:
        host = httpx.URL(url).raw_host.decode("ascii")
    except (httpx.InvalidURL, UnicodeError) as exc:
        raise InputError(f"{url}: not a valid URL ({str(exc).rstrip('.')})") from None
    try:
        host.encode("idna")  # what the resolver does with it; httpx itself does not check
    except UnicodeError:
        raise InputError(f"{url}: not a valid URL (a label of its host name is empty or longer "
                         "than 63 characters)") from None
    return url


def _shown(text: str) -> str:
    """A name as quoted in an error line, cut short (the CLI shows its control characters inert)."""
    return f"'{text}'" if len(text) <= 60 else f"'{text[:60]}…'"


def check_headers(headers: dict[str, str], where: str) -> None:
    """InputError (exit 2) for a header httpx could not send or that would split the request."""
    for name, value in headers.items():
        if not _HEADER_NAME.fullmatch(name):
            raise InputError(f"{where}: {_shown(name)} is not a valid HTTP header name "
                             "(letters, digits and !#$%&'*+-.^_`|~ only)")
        if value != value.strip(" \t"):  # the value itself is never shown: it may be a secret
            raise InputError(f"{where}: the value of header {_shown(name)} starts or ends with a space or tab")
        bad = next((c for c in value if not _HEADER_VALUE.fullmatch(c)), None)
        if bad is not None:
            raise InputError(f"{where}: the value of header {_shown(name)} holds U+{ord(bad):04X}; a header value "
                             "may hold only printable ASCII characters, spaces and tabs")


def check_environment(env: dict[str, str], where: str) -> None:
    """InputError (exit 2) for a variable no process environment can hold."""
    for name, value in env.items():
        if not name or "=" in name or "\0" in name:
            raise InputError(f"{where}: {_shown(name)} is not a valid environment variable name "
                             "(it must be non-empty, without '=' or NUL)")
        if "\0" in value:
            raise InputError(f"{where}: the value of {_shown(name)} holds a NUL character")


def check_spec(spec: ServerSpec, where: str) -> None:
    """InputError (exit 2) when ``spec`` could not be started or sent: its author's mistake,
    not the server's, so it is found before anything runs."""
    if spec.transport == "http":
        check_url(spec.url)
        if spec.http_transport not in TRANSPORT_CHOICES:
            raise InputError(f"{where}: unknown HTTP transport {_shown(spec.http_transport)} "
                             f"(expected one of: {', '.join(TRANSPORT_CHOICES)})")
        check_headers(spec.headers, f"{where}: 'headers'")
        return
    if not spec.command or not spec.command[0]:
        raise InputError(f"{where}: no command to run")
    for index, arg in enumerate(spec.command):
        if "\0" in arg:
            what = "the command" if index == 0 else f"argument {index} of the command"
            raise InputError(f"{where}: {what} holds a NUL character: {_shown(arg)}")
    check_environment(spec.env, f"{where}: 'env'")
    if spec.cwd is not None:
        if "\0" in spec.cwd:
            raise InputError(f"{where}: 'cwd' holds a NUL character")
        if not os.path.exists(spec.cwd):
            raise InputError(f"{where}: the working directory {spec.cwd!r} does not exist")
        if not os.path.isdir(spec.cwd):
            raise InputError(f"{where}: the working directory {spec.cwd!r} is not a directory")


def parse_target(target: str) -> ServerSpec:
    """``http(s)://…`` is HTTP; ``stdio:COMMAND ARGS`` (or a bare command line) is stdio."""
    if is_url(target):
        return ServerSpec("http", url=check_url(target))
    if not target.startswith("stdio:"):
        refuse_other_url(target, "server")
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
