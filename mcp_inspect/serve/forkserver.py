"""Imported by the fork server alone (pool.py names it as the fork server's preload), never
by the server: it ties the fork server's life to the server's, then loads what each worker
needs so that a worker forked from it starts warm.

The fork server is started by the server, which is its parent: the kernel is asked to kill
it when that parent ends, whatever the way (SIGKILL included). Each worker asks the same of
the fork server (work.py), and a child a worker forks for a large diff of its worker
(runtime/executor.py), so killing the server takes every process under it with it. Without this a
worker busy with a long request ran on under PID 1 after its server was killed, and the fork
server and multiprocessing's resource tracker stayed alive with it.
"""

from __future__ import annotations

import os

from ..runtime.executor import die_with_parent
from . import work  # noqa: F401 - loaded here, once, for every worker forked from this process
from .pool import SERVER_PID_ENV

_server = os.environ.get(SERVER_PID_ENV, "")
if _server.isdigit() and not die_with_parent(int(_server)):
    # The server ended before the request took effect: nothing will ever ask for a worker.
    os._exit(0)
