"""The one executor: two independent computations, one here and the other in a forked child.

``mcp-inspect diff`` classifies the change and lints both sides. The two read the same
parsed inputs and share nothing else, so a CI runner's second core shortens the wait.
``fork`` gives the child the parsed inputs for free (copy-on-write); the child's result
comes back as the return value of ``both``, pickled through a pipe, and it exits without
running any cleanup. Nothing else passes between the two: no shared state, no global
memo; what the child computed is handed to the caller, who decides what to do with it.

Everything degrades to running both here, in order: on platforms without a safe
``fork`` (Windows; macOS, where system frameworks may not survive it), with one CPU,
when threads are running (a forked child inherits their locks, not the threads),
below ``FORK_MIN_DEFINITIONS`` (forking costs more than it saves on small inputs), with
``MCP_INSPECT_JOBS=1`` in the environment, and whenever the child fails for any reason
(the work is then redone here, so an error surfaces exactly as it would have).
"""

from __future__ import annotations

import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

A = TypeVar("A")
B = TypeVar("B")

#: Below this many tool definitions (both sides together) the work is done in order.
FORK_MIN_DEFINITIONS = 400
#: Set to 1 to never fork.
JOBS_ENV = "MCP_INSPECT_JOBS"


def can_fork(size: int) -> bool:
    return (size >= FORK_MIN_DEFINITIONS and sys.platform.startswith("linux") and hasattr(os, "fork")
            and _cpus() >= 2 and threading.active_count() == 1 and os.environ.get(JOBS_ENV, "").strip() != "1")


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def both(here: Callable[[], A], there: Callable[[], B], *, size: int) -> tuple[A, B]:
    """``(here(), there())``, with ``there`` run in a child process when that pays (see module doc)."""
    if not can_fork(size):
        return here(), there()
    read_end, write_end = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: compute, send, leave without cleanup (the parent owns stdio and files)
        os.close(read_end)
        if not die_with_parent(parent):
            os._exit(1)  # the parent is gone already: nobody waits for the result
        _child(there, write_end)
    os.close(write_end)
    try:
        first = here()
    except BaseException:
        _stop(pid)
        os.close(read_end)
        raise
    with os.fdopen(read_end, "rb") as source:
        data = source.read()
    _, status = os.waitpid(pid, 0)
    second = _result(data) if status == 0 else None
    if second is None:  # the child failed: do the work here, where an error is reported as usual
        return first, there()
    return first, second[0]


#: Linux's prctl option that has the kernel signal a process when its parent ends.
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int | None = None) -> bool:
    """Have the kernel SIGKILL this process when its parent (the thread that forked it)
    ends, so no work outlives the process that waits for it (Linux; elsewhere nothing is
    done). False when ``parent`` is given and is no longer this process's parent: it ended
    before the request took effect."""
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            return True  # no prctl here: nothing more to be done
    return parent is None or os.getppid() == parent


def _child(there: Callable[[], Any], write_end: int) -> None:
    status = 1
    try:
        payload = pickle.dumps((there(),), protocol=pickle.HIGHEST_PROTOCOL)
        with os.fdopen(write_end, "wb") as sink:
            sink.write(payload)
        status = 0
    except BaseException:  # noqa: BLE001 - any failure is reported by redoing the work in the parent
        pass
    finally:
        os._exit(status)


def _result(data: bytes) -> tuple[Any] | None:
    try:
        value = pickle.loads(data)  # written by our own child, just now
    except Exception:  # noqa: BLE001 - a torn or empty message means the child failed
        return None
    return value if isinstance(value, tuple) and len(value) == 1 else None


def _stop(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except OSError:
        pass
