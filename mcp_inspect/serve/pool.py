"""The worker processes that do the requests' work, and the deadline on each request.

Why processes: the work is CPU-bound Python, so threads would take turns on one core and
could not be stopped; a process runs on its own core and can be killed. Each worker does
one request at a time. A request waits (within its deadline) for an idle worker, hands it
the raw body, and waits (within the same deadline) for the answer, without blocking the
event loop: the answer is awaited by watching the pipe. A worker still busy at the deadline
is killed with its whole process group and replaced, so no abandoned work runs on; a worker
that dies is replaced too.

Workers are forked from a fork server (``multiprocessing``'s ``forkserver``, where the
platform has it) that has already imported the package: a replacement starts in a fraction
of a second, and the server process, which runs threads, never forks itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import socket
import struct
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from .work import Answer, Setup, serve_jobs

try:
    import fcntl
    import termios
except ImportError:  # not a Unix: every transfer goes through a thread
    fcntl = termios = None  # type: ignore[assignment]

#: The server's process id, in the environment of the fork server it starts (forkserver.py).
SERVER_PID_ENV = "MCP_INSPECT_SERVE_PID"
#: Seconds a new worker may take to import, warm up and say it is ready.
START_SECONDS = 60.0
#: Seconds a worker asked to stop gets before it is killed.
STOP_SECONDS = 5.0
#: A job whose body is at most this long is written to its idle worker on the event loop: the
#: pipe (a socket pair) is empty then and its buffer (about 200 KiB on Linux) takes the whole
#: job at once. A longer one is written from a thread, as is an answer not yet wholly in the
#: pipe; handing each request to a thread and back had cost about a third of the event
#: loop's time on a small lint.
INLINE_BYTES = 64 * 1024


class Overdue(Exception):
    """The request's deadline passed before its answer came."""


class WorkerLost(Exception):
    """The worker doing the request died (killed from outside, out of memory)."""


@dataclass(eq=False)
class _Worker:
    process: BaseProcess
    conn: Connection


def _context() -> Any:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        # The fork server dies with this process (forkserver.py reads whose it is from here).
        os.environ[SERVER_PID_ENV] = str(os.getpid())
        context.set_forkserver_preload(["mcp_inspect.serve.forkserver"])
        return context
    return multiprocessing.get_context("spawn")


def _kill(worker: _Worker) -> None:
    pid = worker.process.pid
    if pid is not None:
        try:
            if hasattr(os, "killpg"):
                os.killpg(pid, signal.SIGKILL)  # the worker and any child it forked
            else:
                worker.process.kill()
        except (ProcessLookupError, PermissionError):
            pass
    worker.conn.close()


class WorkerPool:
    def __init__(self, size: int, setup: Setup, log: Callable[..., None]) -> None:
        self.size = size
        self.setup = setup
        self.log = log
        self._context = _context()
        self._workers: set[_Worker] = set()
        self._ready: list[_Worker] = []
        self._idle: asyncio.Queue[_Worker] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._closing = False

    # --- life --------------------------------------------------------------

    def start(self) -> None:
        """Start every worker and wait until each is ready (before the server accepts requests)."""
        for _ in range(self.size):
            self._ready.append(self._spawn())

    def attach(self) -> None:
        """Hand the ready workers to the running event loop."""
        self._idle = asyncio.Queue()
        for worker in self._ready:
            self._idle.put_nowait(worker)
        self._ready.clear()

    async def close(self) -> None:
        """Ask every worker to stop; kill any that does not within ``STOP_SECONDS``."""
        self._closing = True
        for task in list(self._tasks):
            task.cancel()
        workers = list(self._workers)
        self._workers.clear()
        await asyncio.gather(*(asyncio.to_thread(self._stop, worker) for worker in workers))

    def _spawn(self) -> _Worker:
        """A new worker, ready (blocking: call it in a thread once the loop runs)."""
        mine, theirs = self._context.Pipe()
        process = self._context.Process(target=serve_jobs, args=(theirs, self.setup), daemon=True,
                                        name="mcp-inspect-serve-worker")
        process.start()
        theirs.close()
        worker = _Worker(process, mine)
        try:
            if not mine.poll(START_SECONDS):
                raise RuntimeError(f"a worker did not start within {START_SECONDS:.0f} s")
            mine.recv()
        except (EOFError, OSError, RuntimeError) as error:
            _kill(worker)
            process.join(STOP_SECONDS)
            raise RuntimeError(f"a worker failed to start ({error or type(error).__name__})") from None
        self._workers.add(worker)
        return worker

    def _stop(self, worker: _Worker) -> None:
        with contextlib.suppress(OSError, ValueError):
            worker.conn.send(None)
        worker.process.join(STOP_SECONDS)
        if worker.process.is_alive():
            _kill(worker)
            worker.process.join(STOP_SECONDS)
        worker.conn.close()

    def _replace(self, worker: _Worker, reason: str) -> None:
        """Kill ``worker`` (it may be busy with work nobody waits for) and start another."""
        self._workers.discard(worker)
        _kill(worker)
        self.log(event="worker replaced", pid=worker.process.pid, reason=reason)
        if self._closing:
            return
        task = asyncio.get_running_loop().create_task(self._respawn(worker))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _respawn(self, dead: _Worker) -> None:
        await asyncio.to_thread(dead.process.join, STOP_SECONDS)
        delay = 0.5
        while not self._closing:
            try:
                worker = await asyncio.to_thread(self._spawn)
            except RuntimeError as error:
                self.log(event="worker not replaced", detail=str(error), retry_seconds=delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 30.0)
                continue
            if self._closing:
                await asyncio.to_thread(self._stop, worker)
                return
            assert self._idle is not None
            self._idle.put_nowait(worker)
            return

    # --- one request -------------------------------------------------------

    async def run(self, job: tuple[str, bytes, dict[str, str]], deadline: float) -> Answer:
        """The answer to ``job`` by ``deadline`` (the event loop's clock); Overdue or WorkerLost."""
        assert self._idle is not None, "attach() first"
        loop = asyncio.get_running_loop()
        while True:
            try:
                worker = await asyncio.wait_for(self._idle.get(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise Overdue from None
            if worker.process.is_alive():
                break
            self._replace(worker, "found dead while idle")  # not this request's loss
        try:
            async with asyncio.timeout_at(deadline):
                # Through a thread, as the answer is read: neither blocks the loop, whatever the
                # size of the body or the report, and the deadline covers both.
                if len(job[1]) <= INLINE_BYTES:
                    worker.conn.send(job)
                else:
                    await asyncio.to_thread(worker.conn.send, job)
                answer = await self._receive(worker)
        except BaseException as error:  # a timeout, a lost worker, a cancelled request: that work is dropped
            if isinstance(error, TimeoutError):
                self._replace(worker, "time limit")
                raise Overdue from None
            if isinstance(error, asyncio.CancelledError):
                self._replace(worker, "request cancelled")
                raise
            self._replace(worker, "ended during a request")
            if isinstance(error, (OSError, EOFError)):
                raise WorkerLost(f"worker {worker.process.pid} ended ({type(error).__name__})") from None
            raise
        self._idle.put_nowait(worker)
        return answer

    async def _receive(self, worker: _Worker) -> Answer:
        loop = asyncio.get_running_loop()
        readable: asyncio.Future[None] = loop.create_future()
        fd = worker.conn.fileno()

        def wake() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(fd, wake)
        try:
            await readable
        finally:
            loop.remove_reader(fd)
        # Readable: the answer is being written (a report can be megabytes), or the worker is
        # gone (EOFError). Read here only when it is wholly there, so that reading never waits.
        if whole_message_waiting(fd):
            answer = worker.conn.recv()
        else:
            answer = await asyncio.to_thread(worker.conn.recv)
        if not isinstance(answer, Answer):
            raise WorkerLost(f"worker {worker.process.pid} sent {type(answer).__name__}")
        return answer


def whole_message_waiting(fd: int) -> bool:
    """Whether the socket ``fd`` holds a whole message of ``multiprocessing.connection`` (a
    4-byte length, then that many bytes), so that ``recv`` returns it without waiting. False
    when unsure: a partial message, a message over 2 GiB (its length is written otherwise),
    the end of the pipe (``recv`` raises EOFError then), or a platform without the calls."""
    if fcntl is None or termios is None or not hasattr(socket, "MSG_PEEK"):
        return False
    try:
        sock = socket.socket(fileno=fd)
    except OSError:
        return False
    try:
        head = sock.recv(4, socket.MSG_PEEK | getattr(socket, "MSG_DONTWAIT", 0))
        if len(head) < 4:
            return False
        (size,) = struct.unpack("!i", head)
        waiting = struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
        return size >= 0 and waiting >= 4 + size
    except OSError:
        return False
    finally:
        sock.detach()  # the descriptor stays the connection's
