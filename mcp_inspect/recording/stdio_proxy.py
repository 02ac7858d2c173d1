"""``mcp-inspect record --server COMMAND``: a stdio pass-through between a client and a server.

The client starts this in place of the server (the command of an mcp.json entry). Every byte
the client writes goes to the server's stdin as read, and every byte the server writes to its
stdout comes back the same way; the server's stderr is the proxy's own. A copy of each
newline-delimited message is given to the tap, which writes the call log. When the client
closes its end, the server's stdin is closed and the server is given GRACE seconds to exit,
counted from the last bytes it wrote (then SIGTERM, then SIGKILL); when the server exits,
the proxy drains what it wrote, closes the log and exits with the server's code.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import threading
import time
from collections.abc import Callable
from typing import Any

from .log import Lines, Tap

#: Seconds a server is given to exit once its client is gone, before SIGTERM (and again before SIGKILL).
GRACE = 5.0
CHUNK = 65536


def _pump(source: int, write: Callable[[bytes], None], observe: Callable[[bytes], None],
          stop: int | None = None, moved: Callable[[], None] | None = None) -> None:
    """Copy ``source`` to ``write`` chunk by chunk until end of file, a failed write or (when
    given) ``stop`` becoming readable; hand each complete line to ``observe`` (after it has
    been forwarded: an answer the tap reads before its call is kept until the call comes);
    ``moved`` is told of every chunk forwarded."""
    lines = Lines()  # cut as they come: a long line costs what its bytes cost
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
        if moved is not None:
            moved()
        for line in lines.feed(data):
            if line.strip():
                observe(line)
    rest = lines.rest()
    if rest.strip():
        observe(rest)


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

    # When the server last wrote: its grace runs from there, so a server still delivering the
    # tail of a long answer to a client that closed its end is not cut off mid-answer.
    last_output = [time.monotonic()]

    def quiet_for_grace() -> bool:
        """Wait until the server exits (False) or has written nothing for GRACE seconds (True)."""
        while True:
            left = last_output[0] + GRACE - time.monotonic()
            if left <= 0:
                return True
            try:
                child.wait(left)
                return False
            except subprocess.TimeoutExpired:
                continue

    def stop_server() -> None:
        if stopping.is_set():
            return
        stopping.set()
        with contextlib.suppress(OSError):
            child.stdin.close()  # type: ignore[union-attr]
        last_output[0] = max(last_output[0], time.monotonic())
        for send in (child.terminate, child.kill):
            if not quiet_for_grace():
                return
            with contextlib.suppress(ProcessLookupError):
                send()
            last_output[0] = time.monotonic()
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
        _pump(child.stdout.fileno(), _writer(stdout), tap.server_bytes,
              moved=lambda: last_output.__setitem__(0, time.monotonic()))
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
