"""Run the service: bind, start the workers, serve with uvicorn, stop gracefully.

SIGTERM (and SIGINT, SIGHUP) stop the server gracefully: it stops accepting connections,
lets the requests in progress finish (each is bounded by the time limit) except those still
waiting for their body, which are answered 503 at once, stops the workers, and exits 0.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
from typing import Any

import uvicorn

from ..errors import InputError
from .app import create_app
from .connection import CloseUnreadBody, RefuseAmbiguousLength, head_timed_protocol
from .logs import RequestLog, log, route_uvicorn_logs
from .options import ServeOptions
from .pool import WorkerPool
from .work import Setup

#: Seconds a graceful stop waits beyond the time limit for the requests in progress.
STOP_MARGIN_SECONDS = 5.0


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: a free port); InputError when that fails."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except OSError as exc:
        raise InputError(f"--host {host}: cannot listen there ({exc.strerror or exc})") from None
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        raise InputError(f"cannot listen on {host} port {port} ({exc.strerror or exc})") from None
    return sock


def _url(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


class _Server(uvicorn.Server):
    """uvicorn's server, which tells the application when it starts to stop: a request still
    waiting for its body is then answered at once instead of holding the stop back."""

    def __init__(self, config: uvicorn.Config, stopping: asyncio.Event) -> None:
        super().__init__(config)
        self.stopping = stopping

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.stopping.set()
        await super().shutdown(sockets)


def run(options: ServeOptions) -> None:
    """Serve until a stopping signal; return once everything has stopped."""
    options.check()
    sock = bind(options.host, options.port)
    route_uvicorn_logs()
    pool = WorkerPool(options.workers, Setup(options.config, options.max_tools), log)
    try:
        pool.start()
    except RuntimeError as exc:
        sock.close()
        raise InputError(str(exc)) from None
    stopping = asyncio.Event()
    app = create_app(options, pool, stopping)
    config = uvicorn.Config(
        # Outside the log, so that the log's own 500 is marked too when the body is unread.
        CloseUnreadBody(RequestLog(RefuseAmbiguousLength(app))), http=head_timed_protocol(options.head_timeout),
        lifespan="on", log_config=None, access_log=False, server_header=False, proxy_headers=False,
        timeout_graceful_shutdown=int(options.timeout + STOP_MARGIN_SECONDS),
        # uvicorn's own cap on connections and tasks, far above the application's cap on
        # requests in progress (answered 503 as JSON), against a flood of idle connections.
        limit_concurrency=max(1000, options.max_pending * 4),
    )
    server = _Server(config, stopping)

    def stop(_signum: int, _frame: Any) -> None:
        server.handle_exit(signal.SIGTERM, None)

    # uvicorn stops gracefully on SIGINT and SIGTERM, then signals itself again with the
    # handler it found: a handler that does nothing lets the process end with 0.
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda _signum, _frame: None)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, stop)
    log(event="listening", url=_url(sock), pid=os.getpid(), workers=options.workers,
        max_body_bytes=options.max_body_bytes, timeout_seconds=options.timeout, max_per_client=options.max_per_client)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    log(event="stopped")
