"""The server's own settings, given on the command line and checked before it starts."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..errors import InputError
from ..limits import (
    MAX_INPUT_BYTES,
    MAX_TIMEOUT_SECONDS,
    SERVE_HEAD_TIMEOUT_SECONDS,
    SERVE_MAX_BODY_BYTES,
    SERVE_MAX_PENDING,
    SERVE_MAX_PER_CLIENT,
    SERVE_MAX_TOOLS,
    SERVE_TIMEOUT_SECONDS,
)

if TYPE_CHECKING:
    from ..config.load import Config

#: Most worker processes: each holds a copy of the package (some 60 MB), and more than a
#: few per core only makes them wait for each other.
MAX_WORKERS = 64


def default_workers() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@dataclass
class ServeOptions:
    config: Config
    host: str = "127.0.0.1"
    port: int = 8080
    workers: int = field(default_factory=default_workers)
    max_body_bytes: int = SERVE_MAX_BODY_BYTES
    timeout: float = SERVE_TIMEOUT_SECONDS
    max_pending: int = SERVE_MAX_PENDING
    max_per_client: int = SERVE_MAX_PER_CLIENT
    max_tools: int = SERVE_MAX_TOOLS

    @property
    def head_timeout(self) -> float:
        """Seconds a request head may take: its own limit, or the whole request's when that is
        shorter (a server that gives a request 1 s gives its head no more)."""
        return min(SERVE_HEAD_TIMEOUT_SECONDS, self.timeout)

    def check(self) -> None:
        """InputError (exit 2) for a value the server cannot run with."""
        if not 0 <= self.port <= 65535:
            raise InputError(f"--port {self.port}: expected 0 to 65535 (0: any free port)")
        if not 1 <= self.workers <= MAX_WORKERS:
            raise InputError(f"--workers {self.workers}: expected 1 to {MAX_WORKERS}")
        if not 1 <= self.max_body_bytes <= MAX_INPUT_BYTES:
            raise InputError(f"--max-body-bytes {self.max_body_bytes}: expected 1 to {MAX_INPUT_BYTES} "
                             "(the CLI's input limit)")
        if not 1 <= self.max_per_client <= self.max_pending:
            raise InputError(f"--max-per-client {self.max_per_client}: expected 1 to {self.max_pending} "
                             "(the requests in progress the whole server allows)")
        if not (math.isfinite(self.timeout) and 0 < self.timeout <= MAX_TIMEOUT_SECONDS):
            raise InputError(f"--timeout {self.timeout}: expected more than 0 and at most {MAX_TIMEOUT_SECONDS:.0f} s")
        if not self.host:
            raise InputError("--host: expected an address to listen on, e.g. 127.0.0.1")
