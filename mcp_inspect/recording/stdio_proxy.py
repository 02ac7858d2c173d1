"""``mcp-inspect record --server COMMAND``: a stdio pass-through between a client and a server.

The client starts this in place of the server (the command of an mcp.json entry). Every byte
the client writes goes to the server's stdin as read, and every byte the server writes to its
stdout comes back the same way; the server's stderr is the proxy's own. A copy of each
newline-delimited message is given to the tap, which writes the call log. When the client
closes its end, the server's stdin is closed and the server is given GRACE seconds to exit
(then SIGTERM, then SIGKILL); when the server exits, the proxy drains what it wrote, closes
the log and exits with the server's code.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import threading
from collections.abc import Callable
from typing import Any

from .log import Tap

#: Seconds a server is given to exit once its client is gone, before SIGTERM (and again before SIGKILL).
GRACE = 5.0
CHUNK = 65536


def _pump(source: int, write: Callable[[bytes], None], observe: Callable[[bytes], None],
          stop: int | None = None) -> None:
    """Copy ``source`` to ``write`` chunk by chunk until end of file, a failed write or (when
    given) ``stop`` becoming readable; hand each complete line to ``observe`` (after it has
    been forwarded: an answer the tap reads before its call is kept until the call comes)."""
    pending = b""
    while True:
        try:
            if stop is not None and stop in select.select([source, stop], [], [])[0]:
                break
            data = os.read(source, CHUNK)
        except OSError:
            break
        if not data:
            break
        try:
            write(data)
        except OSError:  # the reader went away
            break
        pending += data
        if b"\n" in data:
            *lines, pending = pending.split(b"\n")
            for line in lines:
                if line.strip():
                    observe(line)
    if pending.strip():
        observe(pending)


def _writer(fd: int) -> Callable[[bytes], None]:
    def write(data: bytes) -> None:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
    return write


def run_stdio(command: list[str], tap: Tap, *, stdin: int = 0, stdout: int = 1,
              env: dict[str, str] | None = None, cwd: str | None = None) -> int:
    """Run ``command`` behind the proxy until either side closes; the server's exit code."""
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, env=env, cwd=cwd)
    assert child.stdin is not None and child.stdout is not None
    to_server = child.stdin.fileno()
    stopping = threading.Event()

    def stop_server() -> None:
        if stopping.is_set():
            return
        stopping.set()
        with contextlib.suppress(OSError):
            child.stdin.close()  # type: ignore[union-attr]
        for send in (child.terminate, child.kill):
            try:
                child.wait(GRACE)
                return
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    send()
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(GRACE)

    # The client's side stops when the server's has ended, so that a library caller (or a
    # test) is not left with a thread blocked on a client that is still open.
    stop_reading, stop_writing = os.pipe()

    def client_side() -> None:
        _pump(stdin, _writer(to_server), tap.client_bytes, stop_reading)
        stop_server()  # the client closed its end (or the server stopped reading)

    previous: dict[int, Any] = {}

    def on_signal(signum: int, _frame: Any) -> None:
        with contextlib.suppress(ProcessLookupError):
            child.send_signal(signum)

    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            previous[signum] = signal.signal(signum, on_signal)
    client = threading.Thread(target=client_side, name="record-client", daemon=True)
    client.start()
    try:
        _pump(child.stdout.fileno(), _writer(stdout), tap.server_bytes)
        # The server closed its stdout (or the client stopped reading): nothing more can pass.
        stop_server()
        child.wait()
    finally:
        os.write(stop_writing, b"x")
        client.join()
        os.close(stop_reading)
        os.close(stop_writing)
        tap.close()
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    code = child.returncode
    return code if code is not None and code >= 0 else 128 + -(code or 0)
