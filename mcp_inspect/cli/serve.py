"""``mcp-inspect serve``: the lint and the diff as an HTTP service (docs/serve.md; commands.py
registers the command)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..errors import InputError
from ..limits import SERVE_MAX_BODY_BYTES, SERVE_MAX_PER_CLIENT, SERVE_TIMEOUT_SECONDS
from .output import exit_on_error, fail


def serve(
    host: Annotated[str, typer.Option("--host", help="The address to listen on. The service has no TLS or "
                                      "authentication of its own: put it behind a reverse proxy that has them "
                                      "(docs/serve.md) before listening beyond this machine.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The TCP port (0: any free port, logged at start).")] = 8080,
    config: Annotated[Path | None, typer.Option(
        "--config", "-c", metavar="FILE", show_default=False,
        help="The .mcp-inspect.yml that judges requests sending no config of their own, read once at start "
        "(default: the working directory's, if any).")] = None,
    workers: Annotated[int | None, typer.Option("--workers", show_default=False,
                                                help="Worker processes computing reports, each one request at a "
                                                "time (default: one per CPU).")] = None,
    max_body_bytes: Annotated[int, typer.Option("--max-body-bytes", help="Largest request body read; a larger "
                                                "one is refused (413).")] = SERVE_MAX_BODY_BYTES,
    timeout: Annotated[float, typer.Option(
        "--timeout", help="Seconds a request may take from its arrival to its answer (504 past it, and the worker "
        "is replaced).")] = SERVE_TIMEOUT_SECONDS,
    max_per_client: Annotated[int, typer.Option(
        "--max-per-client", help="Requests in progress at once from one client address (an IPv6 /64 counts as "
        "one); one more is refused (429). Behind a reverse proxy every request comes from the proxy: set it to "
        "64 there.")] = SERVE_MAX_PER_CLIENT,
) -> None:
    """Serve lint, diff, release notes and the rules over HTTP, as JSON (needs the 'serve' extra)."""
    from .. import api
    from ..runtime.process import collect_cycles
    from ..serve import INSTALL_HINT, ServeOptions, missing_dependency
    from ..serve import serve as run_service

    collect_cycles()  # the service runs for days: its garbage must not wait for the exit

    missing = missing_dependency()
    if missing is not None:
        fail(InputError(f"serve needs {missing}, which comes with the serve extra: {INSTALL_HINT}"))
    with exit_on_error():
        options = ServeOptions(api.load_configuration(config), host=host, port=port,
                               max_body_bytes=max_body_bytes, timeout=timeout,
                               max_per_client=max_per_client)
        if workers is not None:
            options.workers = workers
        options.check()
        run_service(options)
    raise typer.Exit(0)
