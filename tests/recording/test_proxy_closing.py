"""The recording proxy survives either side closing: it flushes the log and exits cleanly."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
from conftest import ROOT

from mcp_inspect.recording import stdio_proxy
from mcp_inspect.recording.log import CallLog, Tap

SERVER = [sys.executable, str(Path(__file__).with_name("fake_server.py"))]
INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "tester", "version": "2"}}}


def call(ident, name, **arguments):
    return {"jsonrpc": "2.0", "id": ident, "method": "tools/call", "params": {"name": name, "arguments": arguments}}


def frame(*messages) -> bytes:
    return b"".join(json.dumps(m).encode() + b"\n" for m in messages)


class Session:
    """run_stdio on pipes, in a thread: what a client writes and reads."""

    def __init__(self, log_path: Path, command: list[str], redact: frozenset[str] = frozenset()) -> None:
        self.proxy_in, self.client_in = os.pipe()  # the client writes client_in; the proxy reads proxy_in
        self.read_fd, self.proxy_out = os.pipe()  # the proxy writes proxy_out; the client reads read_fd
        self.code: int | None = None
        tap = Tap(CallLog(str(log_path)), redact)

        def run() -> None:
            self.code = stdio_proxy.run_stdio(command, tap, stdin=self.proxy_in, stdout=self.proxy_out)

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def send(self, data: bytes) -> None:
        os.write(self.client_in, data)

    def read_lines(self, count: int, timeout: float = 10) -> list[dict]:
        data, deadline = b"", time.monotonic() + timeout
        while data.count(b"\n") < count and time.monotonic() < deadline:
            chunk = os.read(self.read_fd, 65536)
            if not chunk:
                break
            data += chunk
        return [json.loads(line) for line in data.splitlines()]

    def wait(self, timeout: float = 20) -> int | None:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the proxy did not exit"
        return self.code


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_the_client_closing_flushes_the_log_and_ends_the_server(tmp_path):
    log = tmp_path / "calls.jsonl"
    session = Session(log, SERVER)
    session.send(frame(INIT, call(2, "weather", city="Oslo"), call(3, "hang")))
    answers = session.read_lines(2)
    assert [a["id"] for a in answers] == [1, 2]
    os.close(session.client_in)  # the client goes away with a call unanswered
    assert session.wait() == 0
    rows = records(log)
    assert [(r["tool"], r["isError"], r.get("unanswered")) for r in rows] == [("weather", False, None),
                                                                             ("hang", None, True)]
    assert rows[0]["structuredContent"] == {"city": "Oslo", "sky": "sunny"}
    assert rows[0]["client"] == "tester 2"


def test_a_call_answered_before_the_tap_reads_it_is_logged_answered(tmp_path, monkeypatch):
    """The proxy forwards a request before the tap reads it, so a quick answer, read by the
    server side's thread, can reach the tap before its call; the tap keeps that answer until
    the call comes, where it used to find nothing to answer and log the call as unanswered (a
    loaded CI run saw exactly that). A slow tap makes that order certain."""
    real = Tap.client_bytes

    def slow(self: Tap, data: bytes, channel: str = "") -> None:
        time.sleep(0.3)
        real(self, data, channel)

    monkeypatch.setattr(Tap, "client_bytes", slow)
    log = tmp_path / "calls.jsonl"
    session = Session(log, SERVER)
    session.send(frame(INIT))
    session.read_lines(1)
    session.send(frame(call(2, "weather", city="Oslo")))
    session.read_lines(1)
    os.close(session.client_in)
    assert session.wait() == 0
    assert [(r["tool"], r["isError"], r.get("unanswered")) for r in records(log)] == [("weather", False, None)]


def test_the_server_exiting_ends_the_proxy_with_its_code(tmp_path):
    log = tmp_path / "calls.jsonl"
    session = Session(log, SERVER)
    session.send(frame(INIT, call(2, "weather", city="Rome")))
    session.read_lines(2)
    session.send(frame(call(3, "quit")))
    assert session.wait() == 3  # the client's end is still open
    # ... and the proxy's reader of that end stopped with it: no thread is left behind,
    # blocked on a client that never closes (a library caller's process would keep it).
    assert not [t for t in threading.enumerate() if t.name == "record-client"]
    assert [(r["tool"], r.get("unanswered")) for r in records(log)] == [("weather", None), ("quit", True)]


def test_a_server_that_ignores_its_closed_stdin_is_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(stdio_proxy, "GRACE", 0.5)
    session = Session(tmp_path / "calls.jsonl", [*SERVER, "--ignore-eof"])
    session.send(frame(INIT))
    session.read_lines(1)
    os.close(session.client_in)
    assert session.wait() == 128 + 15  # SIGTERM


def test_the_log_is_private_and_redacts_named_arguments(tmp_path):
    log = tmp_path / "calls.jsonl"
    log.write_text("")
    os.chmod(log, 0o644)  # an existing file is tightened too
    session = Session(log, SERVER, frozenset({"city"}))
    session.send(frame(INIT, call(2, "weather", city="Secret Town")))
    assert session.read_lines(2)[1]["result"]["structuredContent"]["city"] == "Secret Town"  # traffic untouched
    os.close(session.client_in)
    session.wait()
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600
    [row] = records(log)
    assert row["arguments"] == {"city": "string"} and row["redacted"] == [["city"]]
    assert "Secret Town" not in json.dumps(row["arguments"])
    fresh = tmp_path / "new.jsonl"
    CallLog(str(fresh)).close()
    assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o600


def test_the_cli_proxies_stdio_unchanged(tmp_path):
    log = tmp_path / "calls.jsonl"
    data = frame(INIT, call(2, "weather", city="Lima")) + b'{"jsonrpc":"2.0","method":"x"}\n'
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    direct = subprocess.run(SERVER, input=data, capture_output=True, timeout=30)
    proxied = subprocess.run([sys.executable, "-m", "mcp_inspect", "record", "--server",
                              " ".join(SERVER), "-o", str(log)], input=data, capture_output=True, env=env,
                             timeout=30)
    assert proxied.returncode == 0, proxied.stderr
    assert proxied.stdout == direct.stdout
    assert [r["tool"] for r in records(log)] == ["weather"]


def test_the_http_proxy_survives_either_side_closing(tmp_path):
    """An upstream that is not there is a 502 and the proxy keeps serving; SIGTERM closes the log."""
    log = tmp_path / "calls.jsonl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proxy = subprocess.Popen([sys.executable, "-m", "mcp_inspect", "record", "--url", "http://127.0.0.1:9/mcp",
                              "--listen", "127.0.0.1:0", "-o", str(log)], stderr=subprocess.PIPE, env=env)
    try:
        line = proxy.stderr.readline().decode()
        assert line.startswith("mcp-inspect record: forwarding http://127.0.0.1:"), line
        url = line.split()[3]
        for _ in range(2):
            response = httpx.post(url, content=json.dumps(call(1, "weather", city="x")), timeout=10)
            assert response.status_code == 502
            assert "could not reach http://127.0.0.1:9" in response.text
        proxy.terminate()
        assert proxy.wait(10) == 0
    finally:
        if proxy.poll() is None:
            proxy.kill()
            proxy.wait()
    assert records(log) == [] and stat.S_IMODE(os.stat(log).st_mode) == 0o600


@pytest.mark.parametrize("argv, message", [
    (["record", "-o", "x.jsonl"], "give exactly one of --server (a stdio command) and --url"),
    (["record", "-o", "x.jsonl", "--server", "x", "--url", "http://h/mcp"], "give exactly one of --server"),
    (["record", "-o", "x.jsonl", "--url", "ftp://h/mcp"], "--url: expected an http:// or https:// URL"),
    (["record", "-o", "x.jsonl", "--url", "http://h/mcp", "--listen", "nowhere"], "--listen: expected HOST:PORT"),
    # A port of digits int() refuses ("²") or of thousands of digits ended in a traceback.
    (["record", "-o", "x.jsonl", "--url", "http://h/mcp", "--listen", "127.0.0.1:²"], "--listen: expected HOST:PORT"),
    (["record", "-o", "x.jsonl", "--url", "http://h/mcp", "--listen", "h:" + "9" * 5000],
     "--listen: expected HOST:PORT"),
    (["record", "-o", "x.jsonl", "--server", "no-such-command-anywhere"], "--server: cannot start"),
])
def test_record_refuses_bad_options_in_one_line(argv, message, runner, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app_(), argv)
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


def app_():
    from mcp_inspect.cli import app

    return app


def test_an_answer_read_before_its_call_is_paired_when_the_call_comes(tmp_path):
    """Each direction has its own thread, and over HTTP an answer may come on another stream:
    the tap keeps an early answer (only what the log needs of it) until its call arrives."""
    log = tmp_path / "calls.jsonl"
    tap = Tap(CallLog(str(log)), clock=lambda: "t")
    big = {"tools": [{"name": f"t{i}", "description": "x" * 1000} for i in range(50)]}
    tap.from_server({"jsonrpc": "2.0", "id": 1, "result": big})  # an answer to tools/list
    tap.from_server({"jsonrpc": "2.0", "id": 2, "result": {"isError": False, "structuredContent": {"sky": "sunny"},
                                                           "content": [{"type": "text", "text": "y" * 5000}]}})
    tap.from_server({"jsonrpc": "2.0", "id": 3, "error": {"code": -32602, "message": "bad"}})
    assert len(repr(tap._early)) < 300  # no result kept whole
    tap.from_client(call(2, "weather", city="Oslo"))
    tap.from_client(call(3, "weather", city=""))
    tap.from_client(call(4, "weather", city="Rome"))  # never answered
    tap.close()
    assert [(r["tool"], r["isError"], r.get("structuredContent"), r.get("rpcError"), r.get("unanswered"))
            for r in records(log)] == [("weather", False, {"sky": "sunny"}, None, None),
                                       ("weather", True, None, -32602, None),
                                       ("weather", None, None, None, True)]
