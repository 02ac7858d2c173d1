"""mcp.json client configurations: which servers a client would start, as ServerSpecs.

Two spellings are read: ``{"mcpServers": {NAME: ENTRY}}`` (Claude Desktop, Cursor,
most clients) and VS Code's ``{"servers": {NAME: ENTRY}}``. An entry runs a command
(``command``, ``args``, ``env``, ``cwd``) or names a URL (``url``, ``headers``; ``"type": "sse"``
for the 2024-11-05 HTTP+SSE transport).
``${env:NAME}`` and ``${NAME}`` in ``env`` and ``headers`` values are replaced from
mcp-inspect's environment when the variable is set; anything else (VS Code's
``${input:…}``) is passed as written.
"""

from __future__ import annotations

import os
import re
from typing import Any

from ..errors import InputError
from .options import ServerSpec, check_spec

_KEYS = ("mcpServers", "servers")
_CAPTURE_KEYS = ("initialize", "discover", "tools", "resources", "resourceTemplates", "prompts")
_VARIABLE = re.compile(r"\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}")
_HTTP_TYPES = ("http", "streamable-http", "streamableHttp", "streamable_http")


def is_client_config(value: Any) -> bool:
    return (isinstance(value, dict) and any(isinstance(value.get(k), dict) for k in _KEYS)
            and not any(k in value for k in _CAPTURE_KEYS))


def _expand(text: str) -> str:
    return _VARIABLE.sub(lambda m: os.environ.get(m.group(1), m.group(0)), text)


def _strings(value: Any, what: str, where: str) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise InputError(f"{where}: '{what}' must be an object of strings")
    out = {}
    for key, item in value.items():
        if isinstance(item, bool) or not isinstance(item, (str, int, float)):
            raise InputError(f"{where}: '{what}.{key}' must be a string")
        out[str(key)] = _expand(str(item))
    return out


def server_spec(name: str, entry: Any, where: str) -> ServerSpec:
    """One entry as a ServerSpec; InputError (naming the entry) when it cannot be run."""
    where = f"{where}: server {name!r}"
    if not isinstance(entry, dict):
        raise InputError(f"{where} must be an object")
    kind = entry.get("type")
    sse = kind == "sse" or entry.get("transport") == "sse"  # the 2024-11-05 HTTP+SSE transport
    if sse and not isinstance(entry.get("url"), str):
        raise InputError(f"{where}: an HTTP+SSE server ('type': 'sse') needs a 'url' string")
    if isinstance(entry.get("url"), str) and (kind is None or kind in _HTTP_TYPES or sse):
        url = entry["url"]
        if not url.startswith(("http://", "https://")):
            raise InputError(f"{where}: 'url' must be an http:// or https:// URL; got {url!r}")
        # A value's surrounding spaces are optional whitespace (RFC 9110), which HTTP libraries
        # refuse to send: "Bearer ${TOKEN}" with TOKEN unset would otherwise fail as the server's fault.
        headers = {name: value.strip(" \t") for name, value in _strings(entry.get("headers"), "headers", where).items()}
        spec = ServerSpec("http", url=url, headers=headers, http_transport="sse" if sse else "auto")
        check_spec(spec, where)
        return spec
    command = entry.get("command")
    if not isinstance(command, str) or not command:
        raise InputError(f"{where} needs a 'command' string (stdio) or a 'url' (HTTP)")
    args = entry.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise InputError(f"{where}: 'args' must be an array of strings")
    cwd = entry.get("cwd")
    if cwd is not None and not isinstance(cwd, str):
        raise InputError(f"{where}: 'cwd' must be a string")
    spec = ServerSpec("stdio", command=[command, *args], env=_strings(entry.get("env"), "env", where), cwd=cwd)
    check_spec(spec, where)  # NUL bytes, bad variable names, a missing cwd: the file's fault, exit 2
    return spec


def config_servers(value: dict[str, Any], where: str) -> dict[str, Any]:
    """The raw entries by name, in file order (both spellings merged, ``mcpServers`` first)."""
    out: dict[str, Any] = {}
    for key in _KEYS:
        servers = value.get(key)
        if isinstance(servers, dict):
            for name, entry in servers.items():
                out.setdefault(str(name), entry)
    return out


def enabled(entry: Any) -> bool:
    return not (isinstance(entry, dict) and entry.get("disabled") is True)
