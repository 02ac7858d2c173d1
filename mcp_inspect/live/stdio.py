"""The stdio transport: a server as a child process speaking newline-delimited JSON-RPC.

The child runs in a session (process group) of its own with a minimal
environment. Two reader threads feed stdout lines into a queue and keep the
last lines of stderr; every wait has a deadline, writes to the child's stdin
included (the pipe is non-blocking: a server that stops reading cannot block us).
A stdout line that is not JSON at all is skipped and counted, up to a bound, as the
SDK clients skip it; the capture then warns of it (``warnings``).
``close`` ends the whole process group: stdin closed, then SIGTERM, then SIGKILL.
A process that leaves the group (``setsid``) is out of its reach.
"""

from __future__ import annotations

import os
import queue
import re
import select
import signal
import subprocess
import threading
import time
from collections import deque
from contextlib import suppress
from typing import IO, Any

from ..errors import CaptureError
from ..limits import (
    KILL_GRACE_SECONDS,
    MAX_CAPTURE_BYTES,
    MAX_INTERLEAVED_MESSAGES,
    MAX_RESPONSE_BYTES,
    MAX_SKIPPED_STDOUT_BYTES,
    MAX_SKIPPED_STDOUT_LINES,
    STDERR_LINE_CHARS,
    STDERR_TAIL_LINES,
    STDIN_CLOSE_GRACE_SECONDS,
)
from . import jsonrpc
from .jsonrpc import CaptureTimeout, Correlator, NotJson, ServerGone
from .options import INHERITED_ENV
from .progress import Progress
from .stderr import is_error_line

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
_EOF = object()
#: Lines read ahead of the client; a server writing faster than that waits on its pipe.
_QUEUED_LINES = 64
#: How often a wait looks at whether the child has exited (its stdout may stay open in a
#: process it started), and how long its last output then gets to reach the queue.
_POLL_SECONDS = 0.05
_EXIT_DRAIN_SECONDS = 0.25
#: How long a server whose stdout line cannot be read (or is one skipped line too many) gets
#: to show that it is exiting: a print buffered at start-up reaches the pipe only at exit
#: (chroma-mcp's banner), and then the server has gone rather than spoken garbage.
_LAST_WORDS_SECONDS = 1.0


def child_environment(*layers: dict[str, str]) -> dict[str, str]:
    env = {name: os.environ[name] for name in INHERITED_ENV if name in os.environ}
    for layer in layers:
        env.update(layer)
    return env


class StdioTransport:
    transport = "stdio"

    def __init__(self, command: list[str], env: dict[str, str], cwd: str | None, timeout: float) -> None:
        self.command = command
        self.env = env
        self.cwd = cwd
        self.timeout = timeout
        self.renewal_note = ""  # what a restarted server's failure adds: that it was restarted
        #: The method of the message being sent or awaited, and how the server went away (what it
        #: did, that method, whether it had been sent), once it has: the restart policy reads them.
        self._asking: str | None = None
        self._departure: tuple[str, str, bool] | None = None
        self.era: str | None = None
        self.protocol_version: str | None = None
        self.correlator = Correlator()
        self._lines: queue.Queue[Any] = queue.Queue(maxsize=_QUEUED_LINES)  # back-pressure on a flood
        self._stop = threading.Event()
        self._stderr: deque[str] = deque(maxlen=STDERR_TAIL_LINES)
        #: The last line that stated an error: a long trace after it can push it out of the tail.
        self._error_line: str | None = None
        #: stdout lines that are not JSON at all, skipped: how many, their bytes, the first one.
        self._skipped_lines = 0
        self._skipped_bytes = 0
        self._first_skipped: bytes | None = None
        self._threads: list[threading.Thread] = []
        try:
            self.proc = subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                env=env, cwd=cwd, start_new_session=True,
            )
        except FileNotFoundError:
            if cwd and not os.path.isdir(cwd):  # checked up front (options.check_spec), unless it just went
                raise CaptureError(f"cannot start the server: the working directory {cwd!r} does not exist") from None
            where = f" in {cwd}" if cwd else ""
            raise CaptureError(f"cannot start the server: {command[0]!r} not found{where} "
                               "(not on the server's PATH, or no such file)") from None
        except PermissionError:
            raise CaptureError(f"cannot start the server: {command[0]!r} is not executable") from None
        except (OSError, ValueError) as exc:
            reason = getattr(exc, "strerror", None) or exc
            raise CaptureError(f"cannot start the server {command[0]!r}: {reason}") from None
        self.pid = self.proc.pid
        assert self.proc.stdin is not None
        self._stdin_fd = self.proc.stdin.fileno()
        os.set_blocking(self._stdin_fd, False)  # _send waits for room with a deadline instead
        self._start_reader(self._read_stdout, self.proc.stdout)
        self._start_reader(self._read_stderr, self.proc.stderr)

    # -- reader threads ------------------------------------------------------------

    def _start_reader(self, target: Any, stream: IO[bytes] | None) -> None:
        thread = threading.Thread(target=target, args=(stream,), daemon=True)
        thread.start()
        self._threads.append(thread)

    def _offer(self, item: Any) -> bool:
        """Queue ``item`` for the client; False once the transport is closing."""
        while not self._stop.is_set():
            try:
                self._lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _read_stdout(self, stream: IO[bytes]) -> None:
        total = 0  # every byte counts, blank lines too: this bounds what the capture holds
        try:
            while True:
                line = stream.readline(MAX_RESPONSE_BYTES + 1)
                if not line:
                    break
                if len(line) > MAX_RESPONSE_BYTES:
                    self._offer(CaptureError(
                        f"server sent a message larger than the limit of {MAX_RESPONSE_BYTES} bytes"))
                    break
                total += len(line)
                if total > MAX_CAPTURE_BYTES:
                    self._offer(CaptureError(f"server sent more than {MAX_CAPTURE_BYTES} bytes in all, the "
                                             "limit on one capture (MAX_CAPTURE_BYTES)"))
                    break
                if line.strip() and not self._offer(line):
                    return
        except (OSError, ValueError):
            pass
        self._offer(_EOF)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        try:
            while True:
                line = stream.readline(64 * 1024)
                if not line:
                    break
                text = _ANSI.sub("", line.decode("utf-8", "replace"))
                text = "".join(c if c.isprintable() else " " for c in text).strip()
                if text:
                    self._stderr.append(text[:STDERR_LINE_CHARS])
                    if is_error_line(text):
                        self._error_line = text[:STDERR_LINE_CHARS]
        except (OSError, ValueError):
            pass

    def stderr_tail(self) -> list[str]:
        if self.proc.poll() is not None and len(self._threads) > 1:
            self._threads[1].join(0.5)  # the process is gone: let the reader drain its last lines
        tail = list(self._stderr)
        if self._error_line is not None and self._error_line not in tail:
            tail.insert(0, self._error_line)  # what the server said went wrong, ahead of its trace
        return tail

    # -- messages --------------------------------------------------------------------

    def _send(self, message: dict[str, Any], what: str, deadline: float, wait: float | None = None) -> None:
        """Write one message by ``deadline``: a server that stops reading fills the pipe (64 KB)
        and a blocking write would then wait for ever."""
        data = memoryview(jsonrpc.encode(message) + b"\n")
        poller = select.poll()
        poller.register(self._stdin_fd, select.POLLOUT)
        while True:
            try:
                data = data[os.write(self._stdin_fd, data):]
            except BlockingIOError:
                pass
            except (BrokenPipeError, ConnectionResetError):
                # Alive with no reader on its stdin: it closed it (and may never exit).
                raise self._lost(f"server {self._exit_status('closed its stdin')} before {what} could be sent",
                                 what) from None
            if not data:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise CaptureError(f"server stopped reading its input: {what} could not be sent "
                                   f"within {jsonrpc.seconds(self.timeout if wait is None else wait)}s")
            if self.proc.poll() is not None:  # whatever holds the pipe now, the server has gone
                raise self._lost(f"server {self._exit_status()} before {what} could be sent", what)
            poller.poll(min(remaining, _POLL_SECONDS) * 1000)

    def _exits_within(self, seconds: float) -> bool:
        try:
            self.proc.wait(seconds)
        except subprocess.TimeoutExpired:
            return False
        return True

    def _exit_status(self, alive: str = "closed its stdout") -> str:
        """How the server went away: its exit, or ``alive`` when it is still running."""
        try:
            code = self.proc.wait(0.5)
        except subprocess.TimeoutExpired:
            return alive
        if code < 0:
            try:
                return f"was killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"was killed by signal {-code}"
        return f"exited with code {code}"

    def _lost(self, message: str, what: str) -> ServerGone:
        """The server gone, as ``message`` says, while ``what`` was being sent (or, when ``what`` is
        not the message asked, with that message sent). What it did is kept for ``renewed``."""
        status = message.removeprefix("server ").split(" before ", 1)[0]
        did = "exited" if status.startswith("exited") else status  # the code is the restart's concern
        method = self._asking or what
        self._departure = (did, method, what != method)
        return ServerGone(message)

    def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        self._asking = method
        self._send(jsonrpc.notification(method, params), method, time.monotonic() + self.timeout)

    def _next(self, method: str, request_id: int, deadline: float, wait: float) -> Any:
        """The next item from the stdout reader, waiting until ``deadline``.

        The child may exit while a process it started keeps stdout open, so no EOF comes:
        once it has exited and its last output has had time to arrive, it is gone.
        """
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            if exited_at is None and self.proc.poll() is not None:
                exited_at = now
            elif exited_at is not None and now - exited_at >= _EXIT_DRAIN_SECONDS:
                raise self._gone(method)
            remaining = deadline - now
            try:
                if remaining <= 0:
                    return self._lines.get_nowait()
                return self._lines.get(timeout=min(remaining, _POLL_SECONDS))
            except queue.Empty:
                if remaining <= 0 and exited_at is not None:
                    raise self._gone(method) from None
                if remaining <= 0:
                    self.correlator.abandon(request_id, method)
                    raise CaptureTimeout(f"no answer to {method} within {jsonrpc.seconds(wait)}s",
                                         self.correlator.set_aside_note() + self._skipped_note()) from None

    def request(self, method: str, params: dict[str, Any] | None, timeout: float | None = None) -> dict[str, Any]:
        """Send one request and return its response message (result or error).

        ``timeout`` is how long this request may take, when not the transport's own timeout.
        """
        request_id = self.correlator.new_id()
        self._asking = method
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait  # one operation: the request, replies, the answer
        self._send(jsonrpc.request(request_id, method, params), method, deadline, wait)

        def reply(answer: dict[str, Any], asked: dict[str, Any]) -> None:
            self._send(answer, f"the reply to its {jsonrpc.snippet(asked['method'], 40)} request", deadline, wait)

        while True:
            item = self._next(method, request_id, deadline, wait)
            if item is _EOF:
                self._lines.put_nowait(_EOF)  # stays at EOF for any later read (the queue is empty now)
                raise self._gone(method)
            if isinstance(item, CaptureError):
                raise item
            try:
                value = jsonrpc.parse(item, f"server output on stdout while waiting for {method}")
            except NotJson as exc:
                if self._skip(item):
                    continue  # a log line: the server may still answer, and may be exiting (_next sees it)
                raise self._last_words(method, item, CaptureError(f"{exc}{self._too_many_skipped()}")) from None
            except CaptureError as exc:
                raise self._last_words(method, item, exc) from None
            # A line may hold a batch of messages.
            response = self.correlator.take(jsonrpc.unbatch(value), request_id, method, MAX_INTERLEAVED_MESSAGES,
                                            reply)
            if response is not None:
                return response

    # -- stdout that is not JSON-RPC -------------------------------------------------------

    def _skip(self, line: bytes) -> bool:
        """Count ``line``, which is not JSON at all, as skipped; False when that would pass
        MAX_SKIPPED_STDOUT_LINES or MAX_SKIPPED_STDOUT_BYTES. The specification forbids such
        output, but the SDK clients log it and read on, so a server printing a start-up banner
        on stdout works in them (@executeautomation/playwright-mcp-server 1.0.4's "SSE server
        listening on …"); failing on it would leave such a release uncapturable."""
        if (self._skipped_lines + 1 > MAX_SKIPPED_STDOUT_LINES
                or self._skipped_bytes + len(line) > MAX_SKIPPED_STDOUT_BYTES):
            return False
        self._skipped_lines += 1
        self._skipped_bytes += len(line)
        if self._first_skipped is None:
            self._first_skipped = line
        return True

    def _too_many_skipped(self) -> str:
        if not self._skipped_lines:
            return (f"; mcp-inspect skips such lines only up to {MAX_SKIPPED_STDOUT_BYTES} bytes in all "
                    "(MAX_SKIPPED_STDOUT_BYTES)")
        return (f"; it had already written {self._skipped_lines} such line{'s' if self._skipped_lines != 1 else ''}"
                f" ({self._skipped_bytes} bytes), and mcp-inspect skips at most {MAX_SKIPPED_STDOUT_LINES} lines "
                f"or {MAX_SKIPPED_STDOUT_BYTES} bytes of them (MAX_SKIPPED_STDOUT_LINES, MAX_SKIPPED_STDOUT_BYTES)")

    def _skipped_note(self) -> str:
        """For a failure message: the skipped lines, which may be the answer a server meant to give
        (a JSON document printed over several lines)."""
        if self._first_skipped is None:
            return ""
        return (f"; what the server wrote on stdout is not JSON-RPC ({self._skipped_lines} "
                f"line{'s' if self._skipped_lines != 1 else ''} skipped, the first "
                f"{jsonrpc.snippet(self._first_skipped)})")

    def _gone(self, method: str) -> ServerGone:
        return self._lost(f"server {self._exit_status()} before answering {method}{self._skipped_note()}", "")

    def _last_words(self, method: str, line: bytes, failure: CaptureError) -> CaptureError:
        """``failure``, or the server gone if it exits now: a line it could not have meant as an
        answer may be the buffered output of a server on its way out."""
        if not self._exits_within(_LAST_WORDS_SECONDS):
            return failure
        if self._first_skipped is not None:
            return self._gone(method)
        return self._lost(f"server {self._exit_status()} before answering {method}; what it wrote "
                          f"on stdout as it went is not JSON-RPC: {jsonrpc.snippet(line)}", "")

    def warnings(self) -> list[str]:
        """What the capture should warn of: the stdout lines skipped for not being JSON."""
        if self._first_skipped is None:
            return []
        count = self._skipped_lines
        lines = "1 line" if count == 1 else f"{count} lines"
        return [f"the server wrote {lines} on stdout that {'is' if count == 1 else 'are'} not JSON-RPC, which the "
                f"MCP specification forbids and clients skip; mcp-inspect skipped {'it' if count == 1 else 'them'} "
                f"too (first: {jsonrpc.snippet(self._first_skipped)})"]

    # -- shutdown ----------------------------------------------------------------------

    def _group_alive(self) -> bool:
        self.proc.poll()  # reap the leader so a zombie does not count
        try:
            os.killpg(self.pid, 0)
        except (ProcessLookupError, PermissionError):
            return False
        return True

    def _wait_group(self, seconds: float) -> bool:
        """True once the whole process group has gone, waiting at most ``seconds``."""
        deadline = time.monotonic() + seconds
        while self._group_alive():
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.02)
        return True

    # -- the renewal policy (session.Conversation asks it) ---------------------------------

    def start(self, progress: Progress) -> None:
        """Nothing to open: the process started with the transport."""

    def renewed(self, protocol: str, negotiation: dict[str, Any],
                progress: Progress) -> tuple[str, StdioTransport] | None:
        """After the server went away during the era probe: why a fresh process asked only
        ``initialize`` may succeed, and that process (this one stopped); or None. Older releases
        of the Python SDK take the era probe badly: they do not answer ``server/discover`` and
        then exit when asked ``initialize`` (an unknown method breaks their session); a strict
        server exits on ``server/discover`` itself, the first request not being ``initialize``.
        So in auto mode a server that goes away on the probe, or on the ``initialize`` the probe
        fell back to, gets a restart; one that goes away later has answered ``initialize``, the era
        is settled and a restart cannot help (hostile trial, round 36: a server exiting on
        ``tools/list`` was started twice)."""
        if protocol != "auto" or self._departure is None:
            return None
        did, method, sent = self._departure
        settled = "protocolRequested" in negotiation  # written once server/discover is over
        if settled and not ("eraFallback" in negotiation and method == "initialize"):
            return None
        self.close(polite=False)
        progress("restarting the server for initialize")
        # What the server did, in its own words: it may have closed its stdin and stayed up
        # rather than exited (hostile trial, round 36).
        when = f"when asked {method}" if sent else f"before {method} could be sent"
        if settled:
            why = (f"{negotiation['eraFallback']}; the server then {did} {when}, so mcp-inspect restarted it "
                   "and sent only initialize")
        else:
            why = f"the server {did} {when}, so mcp-inspect restarted it and sent only initialize"
        fresh = StdioTransport(self.command, self.env, self.cwd, self.timeout)
        # The fresh process's failure is what is told, and that it came after a restart. A server
        # that went away on the probe may have gone whatever it was sent (one that crashes at
        # import): the probe is named as what was sent, not as the cause (new-user trial, round 44).
        if not sent:
            fresh.renewal_note = (f" (after the server {did} {when}, mcp-inspect had restarted it and sent only "
                                  "initialize)")
        elif settled:
            fresh.renewal_note = (f" (after the server {did} on {method}, mcp-inspect had restarted it and sent only "
                                  "initialize)")
        else:
            fresh.renewal_note = (f" (at its first start the server {did} before answering, having been sent {method}; "
                                  "mcp-inspect restarted it and sent only initialize)")
        return why, fresh

    def fallback(self, exc: CaptureError) -> None:
        """A command has no other transport to fall back to."""
        return None

    def close(self, polite: bool = True) -> None:
        """End the server and everything it started in its process group.

        A polite close lets the server exit on its own once its stdin is closed; after a
        failure the group gets SIGTERM at once. SIGKILL follows whatever outlives SIGTERM.
        """
        self._stop.set()  # a reader waiting to queue a line gives up
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        if not self._wait_group(STDIN_CLOSE_GRACE_SECONDS if polite else 0.0):
            for sig, grace in ((signal.SIGTERM, KILL_GRACE_SECONDS), (signal.SIGKILL, KILL_GRACE_SECONDS)):
                try:
                    os.killpg(self.pid, sig)
                except (ProcessLookupError, PermissionError):
                    break
                if self._wait_group(grace):
                    break
        with suppress(subprocess.TimeoutExpired):
            self.proc.wait(KILL_GRACE_SECONDS)
        for thread, stream in zip(self._threads, (self.proc.stdout, self.proc.stderr), strict=True):
            thread.join(0.5)  # EOF arrives once the group is gone; a reader still blocked keeps its pipe
            if not thread.is_alive() and stream is not None:
                stream.close()
