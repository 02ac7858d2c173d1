"""``mcp-inspect pin`` and ``mcp-inspect check``: drift of the servers of an mcp.json
(docs/drift.md; commands.py registers the commands, drift/ does the work)."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from ..errors import InputError
from .options import CONFIG_OPTION, ENV_OPTION, HEADER_OPTION, PROTOCOL_OPTION, TIMEOUT_OPTION, TRANSPORT_OPTION
from .output import (
    emit,
    exit_on_error,
    fail,
    not_stdout,
    refuse_inputs,
    same_terminal,
    say,
    stdout_or_file,
    use_color,
    warn,
)

CLIENT_CONFIG = typer.Argument(metavar="MCP_JSON", show_default=False,
                               help="A client configuration ({\"mcpServers\": …} or VS Code's {\"servers\": …}).")
#: pin writes the lock file, so its output (-o, --output) is the lock file; --lock says the same.
PIN_LOCK_OPTION = typer.Option("-o", "--output", "--lock", metavar="FILE", show_default=False,
                               help="The lock file to write (default: mcp-inspect.lock.json beside MCP_JSON).")
#: check reads the lock file (--lock) and writes a report (-o, --output, as every other command).
CHECK_LOCK_OPTION = typer.Option("--lock", metavar="FILE", show_default=False,
                                 help="The lock file to compare with (default: mcp-inspect.lock.json beside MCP_JSON).")


class DriftFormat(enum.StrEnum):
    text = "text"
    json = "json"


def _options(env: list[str] | None, header: list[str] | None, timeout: float, protocol: str, transport: str):
    from .options import capture_options

    options = capture_options(env, header, timeout, protocol, None, transport)
    options.progress = False
    return options


def pin(
    config: Annotated[str, CLIENT_CONFIG],
    lock: Annotated[Path | None, PIN_LOCK_OPTION] = None,
    env: Annotated[list[str] | None, ENV_OPTION] = None,
    header: Annotated[list[str] | None, HEADER_OPTION] = None,
    timeout: Annotated[float, TIMEOUT_OPTION] = 30.0,
    protocol: Annotated[str, PROTOCOL_OPTION] = "auto",
    transport: Annotated[str, TRANSPORT_OPTION] = "auto",
) -> None:
    """Capture every server of MCP_JSON and write what each looks like to a lock file, for check to compare
    with later. Exit 3 (and nothing written) when a server cannot be captured."""
    from ..drift.check import pin as pin_servers

    with exit_on_error():
        not_stdout(lock, "-o", "the lock file")
        result = pin_servers(config, lock, options=_options(env, header, timeout, protocol, transport))
    warn(result.warnings)  # each names its server, as check's do
    for error in result.failures.values():  # each names its server (FILE#NAME)
        say(f"mcp-inspect: error: {error}")
    if result.failures:
        say(f"mcp-inspect: {len(result.failures)} server(s) could not be captured; {result.lock} not written")
    else:
        say(f"mcp-inspect: pinned {len(result.pins)} server(s) in {result.lock}")
    raise typer.Exit(result.exit_code)


def check(
    config: Annotated[str, CLIENT_CONFIG],
    lock: Annotated[Path | None, CHECK_LOCK_OPTION] = None,
    format: Annotated[DriftFormat, typer.Option("--format", "-f", help="Report format.")] = DriftFormat.text,
    update: Annotated[bool, typer.Option("--update", help="After review: write what was captured to the lock "
                                         "file (a server that could not be captured keeps its pin).")] = False,
    settings: Annotated[Path | None, CONFIG_OPTION] = None,
    output: Annotated[Path | None, typer.Option("-o", "--output", metavar="FILE", show_default=False,
                                                help="Write the report to FILE instead of stdout.")] = None,
    env: Annotated[list[str] | None, ENV_OPTION] = None,
    header: Annotated[list[str] | None, HEADER_OPTION] = None,
    timeout: Annotated[float, TIMEOUT_OPTION] = 30.0,
    protocol: Annotated[str, PROTOCOL_OPTION] = "auto",
    transport: Annotated[str, TRANSPORT_OPTION] = "auto",
) -> None:
    """Capture every server of MCP_JSON again and compare each with its pin: the changes by the ordinary
    rules, and the security checks on new or changed text. Exit 0 nothing failed, 1 a server's check failed,
    2 bad input, 3 a server could not be captured (and none failed)."""
    from .. import api
    from ..drift.check import check as check_servers
    from ..drift.lock import default_lock_path
    from ..drift.render import render_drift, shown_warnings

    output = stdout_or_file(output)
    if output is not None and _is_lock(output):
        # Up to 0.2.0, check's -o named the lock file: a command written then must not write the
        # report over the lock it meant to read.
        fail(InputError(f"-o {output}: that is a lock file, and check's -o (--output) names the file the report "
                        f"is written to; give the lock file as --lock {output}"))
    with exit_on_error():
        loaded = api.load_configuration(settings)
        refuse_inputs([output], [config, loaded.source, lock or default_lock_path(config)], "report")
        result = check_servers(config, lock, configuration=loaded, update=update,
                               options=_options(env, header, timeout, protocol, transport))
        text = render_drift(result, format.value, color=output is None and use_color())
    warn(result.warnings, shown=shown_warnings(result) if format.value == "text" and same_terminal(output) else ())
    for server in result.servers:
        if server.error is not None:
            say(f"mcp-inspect: error: {server.error}")  # it names the server (FILE#NAME)
    emit(text, output)
    if update:
        say(f"mcp-inspect: re-pinned the captured servers in {result.lock}")
    raise typer.Exit(result.exit_code)  # with --update: 0, or 3 when a server kept its old pin


def _is_lock(path: Path) -> bool:
    """Whether ``path`` is an existing lock file (so that ``check -o LOCK``, the old spelling, is
    refused rather than writing the report over it). pin writes ``lockVersion`` first (sorted keys)."""
    try:
        with path.open("rb") as handle:
            head = handle.read(1 << 16)
    except OSError:
        return False
    return head.lstrip().startswith(b"{") and b'"lockVersion"' in head
