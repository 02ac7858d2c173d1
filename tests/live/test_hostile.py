"""Servers that attack the client rather than just fail: they stop reading, flood it with bytes,
vanish behind a child holding their stdout, or contradict themselves. Each ends the capture with
exit 3 and one line, within the timeout, and leaves no process of its group behind.
"""

from __future__ import annotations

import os
import re
import signal
import sys
import threading
import time
from contextlib import suppress
from pathlib import Path

import pytest
from capture_helpers import faults_fixture, one_error_line, raw, wait_gone  # noqa: F401 - fixtures

from mcp_inspect.cli import app
from mcp_inspect.errors import CaptureError
from mcp_inspect.live import http as http_transport
from mcp_inspect.live import jsonrpc, session, stdio
from mcp_inspect.live.client import capture
from mcp_inspect.live.options import CaptureOptions


def pids_in(pidfile: Path) -> list[int]:
    return [int(p) for p in pidfile.read_text().split()] if pidfile.exists() else []


def capture_within(target: str, pidfile: Path, seconds: float, timeout: float) -> CaptureError:
    """Run a capture that must fail, in a thread, so that a client blocked for ever (the bug these
    tests pin) fails the test instead of hanging it: the server's group is then killed, which
    unblocks the client."""
    box: dict[str, BaseException | None] = {"error": None}

    def run() -> None:
        try:
            capture(target, CaptureOptions(env={"RAW_PIDFILE": str(pidfile)}, timeout=timeout))
        except BaseException as exc:  # noqa: BLE001 - handed to the test thread
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        for pid in pids_in(pidfile):
            with suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, signal.SIGKILL)
        thread.join(5)
        pytest.fail(f"the capture was still blocked after {seconds}s (timeout {timeout}s)")
    error = box["error"]
    assert isinstance(error, CaptureError), repr(error)
    assert error.exit_code == 3 and "\n" not in str(error)
    assert wait_gone(pids_in(pidfile)) == []
    return error


# --- 1. every write to a stdio server has the operation's deadline ------------------------------


def test_a_server_that_floods_requests_and_stops_reading_fails_within_the_timeout(tmp_path):
    def attempt(pids: Path) -> float:
        started = time.monotonic()
        error = capture_within(raw("flood"), pids, seconds=8, timeout=1)
        # within server/discover's share of the timeout (auto mode keeps the rest for initialize):
        # the message says the write's own deadline ended it, whatever the machine's speed. The
        # share is what was left of it when server/discover was sent, so a loaded machine that
        # took a moment to get there reads a little under 0.5 s.
        found = re.search(r"server stopped reading its input: the reply to its 'ping' request could not be "
                          r"sent within ([0-9.]+)s", str(error))
        assert found is not None, str(error)
        assert 0.05 <= float(found.group(1)) <= 0.5, str(error)
        return time.monotonic() - started

    # The timeout, then SIGTERM at once. A loaded machine can be slow to start the server once:
    # a second try is taken before the time is judged (a client that waits on is slow every time).
    took = attempt(tmp_path / "pids")
    if took >= 1 + 4:
        took = attempt(tmp_path / "pids-again")
    assert took < 1 + 4, took


def test_a_huge_cursor_to_a_server_that_stopped_reading_fails_within_the_timeout(tmp_path):
    error = capture_within(raw("big-cursor"), tmp_path / "pids", seconds=8, timeout=1)
    assert "server stopped reading its input: tools/list could not be sent within 1s" in str(error)


def test_a_write_to_a_server_that_reads_slowly_still_goes_through():
    # A message far larger than the pipe (64 KB) reaches a server that reads it all, just later.
    code = "import sys, time; time.sleep(0.3); print('read', len(sys.stdin.readline()), file=sys.stderr)"
    transport = stdio.StdioTransport([sys.executable, "-c", code], stdio.child_environment(), None, 5)
    try:
        params = {"blob": "x" * 1_000_000}
        transport.notify("notifications/big", params)
        assert transport.proc.wait(5) == 0
        sent = len(jsonrpc.encode(jsonrpc.notification("notifications/big", params))) + 1
        assert transport.stderr_tail() == [f"read {sent}"]
    finally:
        transport.close(polite=False)


# --- 2. the bytes read over a whole capture are bounded ---------------------------------------


def test_max_capture_bytes_bounds_a_stdio_capture(runner, tmp_path, monkeypatch):
    monkeypatch.setattr(stdio, "MAX_CAPTURE_BYTES", 1_000_000)
    pidfile = tmp_path / "pids"
    result = runner.invoke(app, ["snapshot", raw("big-pages"), "--env", f"RAW_PIDFILE={pidfile}"])
    assert result.exit_code == 3, result.output
    line = one_error_line(result)
    assert "server sent more than 1000000 bytes in all, the limit on one capture (MAX_CAPTURE_BYTES)" in line
    assert wait_gone(pids_in(pidfile)) == []


def test_max_capture_bytes_bounds_an_http_capture(runner, faults, monkeypatch):
    monkeypatch.setattr(http_transport, "MAX_CAPTURE_BYTES", 1_000_000)
    result = runner.invoke(app, ["snapshot", faults.base + "/pages"])
    assert result.exit_code == 3, result.output
    line = one_error_line(result)
    assert "server sent more than 1000000 bytes in all by its response to tools/list" in line
    assert "(MAX_CAPTURE_BYTES)" in line
    pages = [s for s in faults.seen if s.get("message", {}).get("method") == "tools/list"]
    assert 5 < len(pages) < 15  # about 100 KB a page: stopped near 1 MB, not at MAX_LIST_PAGES


# --- 7. a server that exits while a child it started holds its stdout ---------------------------


def test_a_server_that_exits_behind_a_child_holding_stdout_is_noticed_at_once(runner, tmp_path):
    pidfile = tmp_path / "pids"
    started = time.monotonic()
    result = runner.invoke(app, ["snapshot", raw("orphan"), "--timeout", "6", "--env", f"RAW_PIDFILE={pidfile}"])
    elapsed = time.monotonic() - started
    assert result.exit_code == 3, result.output
    line = one_error_line(result)
    # It exits on the probe, so it is started again and asked only initialize (round 30), and exits again.
    assert "server exited with code 4 before answering initialize" in line
    assert "server stderr: raw server starting in mode orphan | leaving a child behind" in line
    assert elapsed < 6  # not one timeout, let alone two (discover, then initialize), though started twice
    pids = pids_in(pidfile)
    assert len(pids) == 2 and wait_gone(pids) == []  # the child in its process group is ended too


# --- 8. a -32022 error that contradicts itself --------------------------------------------------


def test_unsupported_version_that_lists_the_version_asked_for(runner, tmp_path):
    result = runner.invoke(app, ["snapshot", raw("contradicts")])
    assert result.exit_code == 3, result.output
    line = one_error_line(result)
    assert "server refused protocol 2026-07-28 as unsupported (-32022 'Unsupported protocol version') " \
           "although the same error lists 2026-07-28 as supported, which contradicts itself" in line
    assert "(it supports 2026-07-28)" not in line


class _Refusing:
    """A transport whose server/discover always answers -32022 with the given ``data``."""

    era: str | None = None
    protocol_version: str | None = None
    timeout = 1.0

    def __init__(self, data: object) -> None:
        self.data = data

    def request(self, method: str, params: dict | None, timeout: float | None = None) -> dict:
        return {"jsonrpc": "2.0", "id": 1, "error": {"code": -32022, "message": "nope", "data": self.data}}

    def notify(self, method: str, params: dict | None = None) -> None:
        raise AssertionError("nothing is notified")


@pytest.mark.parametrize(("data", "expected"), [
    ({"supported": ["2026-07-28", "2027-01-01"]},
     "although the same error lists 2026-07-28 as supported (besides 2027-01-01)"),
    ({}, "server does not support protocol 2026-07-28 and names no version it supports (-32022: -32022 'nope')"),
    ({"supported": []}, "names no version it supports"),
    ({"supported": ["2027-01-01"]}, "server does not support protocol 2026-07-28 (it supports 2027-01-01)"),
])
def test_unsupported_version_messages_fit_what_the_server_said(data, expected):
    with pytest.raises(CaptureError) as caught:
        session.converse(_Refusing(data), "auto", lambda _message: None)
    assert expected in str(caught.value)
    assert "it supports nothing it names" not in str(caught.value)
    assert str(caught.value).endswith("it lists no handshake-era version mcp-inspect speaks, so there is no "
                                      "falling back to initialize")
