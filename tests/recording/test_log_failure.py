"""A call log that cannot be written (a full disk, an I/O error) never breaks the session it
records: the traffic keeps flowing, the failure is said once on stderr and in the next record
that can be written, and ``record`` exits with LOG_FAILED."""

from __future__ import annotations

import errno
import json
import os
import threading

from test_proxy_closing import INIT, SERVER, call, frame, records

import mcp_inspect
from mcp_inspect.recording import stdio_proxy
from mcp_inspect.recording.log import LOG_FAILED, CallLog, Tap


def _full_for(count: int, monkeypatch) -> None:
    """The first ``count`` writes of the log fail as on a full disk; the rest go through."""
    real = CallLog._write_bytes
    failures = {"left": count}

    def write(self, data: bytes) -> None:
        if failures["left"]:
            failures["left"] -= 1
            raise OSError(errno.ENOSPC, "No space left on device")
        real(self, data)

    monkeypatch.setattr(CallLog, "_write_bytes", write)


def _run(log: CallLog, messages: bytes) -> tuple[int, list[dict]]:
    proxy_in, client_in = os.pipe()
    read_fd, proxy_out = os.pipe()
    result = {}

    def run() -> None:
        result["code"] = stdio_proxy.run_stdio(SERVER, Tap(log), stdin=proxy_in, stdout=proxy_out)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    os.write(client_in, messages)
    answers = b""
    while answers.count(b"\n") < messages.count(b"\n"):
        answers += os.read(read_fd, 65536)
    os.close(client_in)
    thread.join(20)
    assert not thread.is_alive()
    return result["code"], [json.loads(line) for line in answers.splitlines()]


def test_a_full_disk_loses_calls_from_the_log_but_not_from_the_session(tmp_path, monkeypatch):
    _full_for(2, monkeypatch)
    said: list[str] = []
    path = tmp_path / "calls.jsonl"
    code, answers = _run(CallLog(str(path), said.append),
                         frame(INIT, call(2, "weather", city="A"), call(3, "weather", city="B"),
                               call(4, "weather", city="C")))
    assert code == 0
    assert [a["id"] for a in answers] == [1, 2, 3, 4]  # every answer reached the client
    assert len(said) == 1 and "No space left on device" in said[0] and str(path) in said[0]
    [row] = records(path)  # the two lost calls, then the one that could be written
    assert row["structuredContent"]["city"] == "C"
    assert row["logFailure"] == {"error": "No space left on device", "lost": 2}


def test_record_exits_with_log_failed_when_calls_were_lost(tmp_path, monkeypatch, capsys):
    _full_for(10, monkeypatch)
    proxy_in, client_in = os.pipe()
    read_fd, proxy_out = os.pipe()
    result = {}

    def run() -> None:
        result["code"] = mcp_inspect.record(tmp_path / "calls.jsonl", server=SERVER, stdin=proxy_in,
                                            stdout=proxy_out)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    os.write(client_in, frame(INIT, call(2, "weather", city="A")))
    answers = b""
    while answers.count(b"\n") < 2:
        answers += os.read(read_fd, 65536)
    os.close(client_in)
    thread.join(20)
    assert result["code"] == LOG_FAILED == 74
    assert capsys.readouterr().err.count("cannot write the call log") == 1
