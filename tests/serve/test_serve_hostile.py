"""The service against hostile clients (issue 28): patterns built to backtrack, numbers in
the wrong spelling, request smuggling, one client holding every slot, abandoned work, a
server killed with SIGKILL, secrets in the log."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from serve_helpers import Server, running_server

#: The issue's pattern and its kin (nested quantifiers, overlapping alternatives).
HOSTILE = ["(a+)+$", "(a|a)*$", "(a|aa)+$", "(a*)*$", "((a+)+)+b", "^(a|a?)+$"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("hostile"), "--workers", "2") as running:
        yield running


@pytest.mark.parametrize("pattern", HOSTILE)
def test_a_pattern_built_to_backtrack_is_answered_at_once(server: Server, pattern: str) -> None:
    body = {"tools": [{"name": "t", "inputSchema": {"type": "object", "patternProperties": {pattern: {}},
                                                    "required": ["a" * 48 + "!"]}}]}
    started = time.perf_counter()
    response = server.post("/lint", body)
    assert response.status_code == 200
    assert time.perf_counter() - started < 1.0
    # Run, not skipped: a pattern that cannot match the name leaves it undeclared (MCP-008).
    found = any(f["code"] == "MCP-008" for f in response.json()["findings"])
    assert found is (pattern in ("(a+)+$", "(a|aa)+$", "((a+)+)+b", "^(a|a?)+$"))


def test_recorded_calls_against_a_pattern_built_to_backtrack_are_answered_at_once(server: Server) -> None:
    # Trial defect 1: POST /diff with calls replayed them on Python's re (504, a worker held).
    key = "a" * 5000 + "!"

    def tools(value_type: str) -> list:
        return [{"name": "evil", "description": "x", "inputSchema": {
            "type": "object", "patternProperties": {"(a+)+$": {"type": value_type}},
            "properties": {key: {"type": "string"}}, "required": [key]}}]

    calls = [{"tool": "evil", "arguments": {"a" * 40 + "!": "x", key: "y"}},
             {"tool": "evil", "arguments": {"a" * 40: "x", key: "y"}}]
    started = time.perf_counter()
    response = server.post("/diff", {"old": tools("string"), "new": tools("integer"), "calls": calls})
    assert response.status_code == 200, response.text
    assert time.perf_counter() - started < 5.0
    summary = response.json()["summary"]["calls"]
    assert summary["calls"] == 2 and summary["rejected"] == 1  # the key "(a+)+$" finds now wants an integer


ONE_TOOL = [{"name": "echo", "description": "Echo the text back.",
             "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]


@pytest.mark.parametrize("key", ["description_max_chars", "tool_max_tokens", "server_max_tokens"])
def test_an_integral_float_setting_is_the_whole_number(server: Server, key: str) -> None:
    whole = server.post("/lint", {"tools": ONE_TOOL, "config": {key: 6804}})
    spelled = server.post("/lint", {"tools": ONE_TOOL, "config": {key: 6804.0}})
    assert whole.status_code == spelled.status_code == 200, spelled.text
    assert spelled.json() == whole.json()
    diff = server.post("/diff", {"old": ONE_TOOL, "new": ONE_TOOL, "config": {"lint": {key: 6804.0}}})
    assert diff.status_code == 200, diff.text


@pytest.mark.parametrize(("config", "field"), [
    ({"server_max_tokens": 6804.5}, "config.server_max_tokens"),
    ({"select": ""}, "config.select"),
    ({"select": []}, "config.select"),
    ({"select": ["SEC", ""]}, "config.select"),
])
def test_a_setting_the_schema_refuses_is_400_naming_it(server: Server, config: dict, field: str) -> None:
    response = server.post("/lint", {"tools": ONE_TOOL, "config": config})
    assert response.status_code == 400 and response.json()["field"] == field, response.text
    assert "got a list" not in response.json()["error"]


def test_openapi_says_a_selection_is_not_empty(server: Server) -> None:
    lint = server.get("/openapi.json").json()["components"]["schemas"]["LintConfig"]
    string, array = lint["properties"]["select"]["oneOf"]
    assert string["minLength"] == 1 and array["minItems"] == 1 and array["items"]["minLength"] == 1
    for key in ("description_max_chars", "tool_max_tokens", "server_max_tokens"):
        assert lint["properties"][key]["type"] == "integer"


def _exchange(server: Server, data: bytes, seconds: float = 5.0) -> bytes:
    """Send ``data`` on one raw connection and read until the server closes it (or ``seconds``)."""
    import socket

    with socket.create_connection(("127.0.0.1", server.port), timeout=seconds) as sock:
        sock.sendall(data)
        received = b""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                return received
            received += chunk
        raise AssertionError(f"the connection was left open: {received!r}")


@pytest.mark.parametrize("order", ["cl-first", "te-first"])
def test_content_length_with_transfer_encoding_is_400_and_closed(server: Server, order: str) -> None:
    """RFC 9112 §6.1: a request with both may be smuggling another in its body; the server
    answers 400 and closes the connection, so the bytes after it are never a request."""
    lengths = [b"Content-Length: 5\r\n", b"Transfer-Encoding: chunked\r\n"]
    head = b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" \
        + b"".join(lengths if order == "cl-first" else lengths[::-1]) + b"\r\n"
    smuggled = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"
    received = _exchange(server, head + b"0\r\n\r\n" + smuggled)
    assert received.startswith(b"HTTP/1.1 400 "), received
    assert received.count(b"HTTP/1.1 ") == 1, received  # the smuggled GET was never answered
    assert b"connection: close" in received.lower()
    assert b"Content-Length" in received.split(b"\r\n\r\n", 1)[1]  # the error names the header


def test_one_client_sending_slow_bodies_cannot_hold_every_place(tmp_path: Path) -> None:
    """The issue's attack: 66 connections from one address, each sending a head and 10 bytes
    of a 1,000-byte body. That client holds its own few places (then 429); another client
    (127.0.0.2, another loopback address) is still served at once."""
    import socket

    import httpx

    from mcp_inspect.limits import SERVE_MAX_PENDING, SERVE_MAX_PER_CLIENT

    head = (b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
            + b'{"tools": ')
    with running_server(tmp_path, "--workers", "1", "--timeout", "8") as server:
        stalled = [socket.create_connection(("127.0.0.1", server.port), timeout=10)
                   for _ in range(SERVE_MAX_PENDING + 2)]
        try:
            for sock in stalled:
                sock.sendall(head)
            refused = 0
            for sock in stalled:  # the client's places are taken; every other of its requests is refused
                sock.settimeout(0.5)
                with __import__("contextlib").suppress(TimeoutError):
                    if sock.recv(4096).startswith(b"HTTP/1.1 429 "):
                        refused += 1
            assert refused == len(stalled) - SERVE_MAX_PER_CLIENT
            other = httpx.Client(base_url=server.url, timeout=5, trust_env=False,
                                 transport=httpx.HTTPTransport(local_address="127.0.0.2"))
            with other:
                started = time.monotonic()
                assert other.post("/lint", json={"tools": ONE_TOOL}).status_code == 200
                assert time.monotonic() - started < 1.0
            same = server.post("/lint", {"tools": ONE_TOOL})
            assert same.status_code == 429 and same.headers["retry-after"] == "1"
            assert "from this client" in same.json()["error"]
        finally:
            for sock in stalled:
                sock.close()
        wait_for_status(server, 200)


def wait_for_status(server: Server, status: int, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while server.post("/lint", {"tools": ONE_TOOL}).status_code != status:
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_max_per_client_is_checked_at_start(tmp_path: Path) -> None:
    import subprocess
    import sys

    for value in ("0", "65"):
        done = subprocess.run([sys.executable, "-m", "mcp_inspect", "serve", "--port", "0", "--max-per-client", value],
                              capture_output=True, text=True, timeout=60, cwd=tmp_path)
        assert done.returncode == 2 and "--max-per-client" in done.stderr, done.stderr


def _heavy() -> dict:
    import sys

    from conftest import ROOT

    sys.path.insert(0, str(ROOT / "bench"))
    import workload

    old, new = workload.build(700)
    return {"old": old, "new": new}


def test_work_whose_client_went_away_is_cancelled_and_logged_so(tmp_path: Path) -> None:
    """Heavy diffs whose clients close their connections before the answer: each one's worker
    is stopped (and replaced) at once, the request is logged 499, not 200, and a later request
    waits for none of that work."""
    import json
    import socket

    from test_serve_process import busy_worker


    body = json.dumps(_heavy()).encode()
    request = (b"POST /diff HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    with running_server(tmp_path, "--workers", "1", "--max-body-bytes", str(8 << 20), "--timeout", "60") as server:
        for round_ in range(3):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
            sock.sendall(request)
            busy_worker(server)  # the work is under way
            sock.close()
            _wait(lambda n=round_ + 1: sum(e.get("event") == "worker replaced" for e in server.log()) == n)
            assert server.post("/lint", {"tools": ONE_TOOL}).status_code == 200  # the new worker is warm
        assert [e["reason"] for e in server.log() if e.get("event") == "worker replaced"] == ["request cancelled"] * 3
        # The issue's case: several heavy diffs abandoned at once, one of them under way and the
        # others waiting for the worker; a request after them waits for none of them.
        burst = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(4)]
        for sock in burst:
            sock.sendall(request)
        busy_worker(server)
        for sock in burst:
            sock.close()
        started = time.monotonic()
        assert server.post("/lint", {"tools": ONE_TOOL}).status_code == 200
        assert time.monotonic() - started < 3.0  # one diff alone takes about 5 s here
        _wait(lambda: len([e for e in server.requests_logged() if e["path"] == "/diff"]) == 7)
        assert {e["status"] for e in server.requests_logged() if e["path"] == "/diff"} == {499}


def _wait(condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.02)



def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has ended; only its parent's wait is missing


def test_nothing_outlives_a_server_killed_with_sigkill(tmp_path: Path) -> None:
    """SIGKILL leaves the server no chance to stop anything: the fork server, every worker
    (one busy with a long diff, and the child it forked for it) and multiprocessing's
    resource tracker must end with it, by themselves, within a few seconds."""
    import json
    import os
    import signal
    import socket

    from test_serve_process import busy_worker

    body = json.dumps(_heavy()).encode()
    request = (b"POST /diff HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
               + f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
    with running_server(tmp_path, "--workers", "2", "--max-body-bytes", str(8 << 20), "--timeout", "60") as server:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        try:
            sock.sendall(request)
            busy_worker(server)
            time.sleep(0.3)  # the diff's forked child, if it makes one, is under way too
            under = server.descendants()
            assert len(under) >= 4  # the resource tracker, the fork server, two workers
            os.kill(server.process.pid, signal.SIGKILL)
            server.process.wait(10)
            deadline = time.monotonic() + 5
            while (left := [pid for pid in under if _alive(pid)]) and time.monotonic() < deadline:
                time.sleep(0.05)
            for pid in left:  # the test's own cleanup, before it fails
                os.kill(pid, signal.SIGKILL)
            assert left == [], left
        finally:
            sock.close()


SECRET = "sk-live-PLANTED-4f1c9a"


def test_a_500_in_a_worker_logs_no_request_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's answer to a bug: a generic 500, and for the log a traceback whose
    messages (which quoted the request, here a planted secret) are withheld."""
    import json

    from mcp_inspect.config.load import Config
    from mcp_inspect.serve import work

    def broken(value: dict, setup: object) -> str:
        raise ValueError(f"LintSettings: got {value['tools'][0]['description']!r}")

    monkeypatch.setattr(work, "_lint", broken)
    body = json.dumps({"tools": [{"name": "t", "description": SECRET}]}).encode()
    answer = work.answer("lint", body, {}, work.Setup(Config(), 1000))
    assert answer.status == 500 and SECRET.encode() not in answer.body
    assert answer.detail is not None and "ValueError" in answer.detail and "broken" in answer.detail
    assert SECRET not in answer.detail


def test_the_server_s_own_error_lines_quote_nothing_of_the_request(capsys: pytest.CaptureFixture[str]) -> None:
    import asyncio
    import logging

    from starlette.requests import Request

    from mcp_inspect.serve.app import _internal_error
    from mcp_inspect.serve.logs import JSONLogHandler, RequestLog

    def raised(message: str) -> BaseException:
        try:
            try:
                raise KeyError(message)
            except KeyError as inner:
                raise RuntimeError(f"while reading {message}") from inner
        except RuntimeError as outer:
            return outer

    scope = {"type": "http", "method": "POST", "path": "/lint", "headers": [], "query_string": b""}
    asyncio.run(_internal_error(Request(scope), raised(SECRET)))

    async def failing_app(scope: dict, receive: object, send: object) -> None:
        raise raised(SECRET)

    sent: list[dict] = []

    async def send(message: dict) -> None:
        sent.append(message)

    asyncio.run(RequestLog(failing_app)(scope, None, send))
    assert sent[0]["status"] == 500
    record = logging.LogRecord("uvicorn.error", logging.WARNING, "h11_impl.py", 1, "Invalid HTTP request received.",
                               None, (RuntimeError, raised(SECRET), raised(SECRET).__traceback__))
    JSONLogHandler().emit(record)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 4
    assert all(SECRET not in line for line in lines), lines
    assert sum("KeyError" in line and "RuntimeError" in line for line in lines) == 3  # the chain is kept


def test_no_log_line_holds_a_planted_secret(server: Server) -> None:
    """Requests carrying a secret everywhere a client can put one (a tool, a config key and
    value, a title, a query parameter, a header): the log holds none of it."""
    before = len(server.log())
    tool = {"name": SECRET, "description": SECRET, "inputSchema": {"type": "object", "properties": {SECRET: {}}}}
    with server.client() as client:
        client.post("/lint", json={"tools": [tool]}, headers={"Authorization": f"Bearer {SECRET}"})
        client.post("/lint", json={"tools": [tool], "config": {SECRET: SECRET}})
        client.post("/lint", json={"tools": [tool], "config": {"server_max_tokens": SECRET}})
        client.post("/diff", json={"old": [tool], "new": [], "config": {"renames": {SECRET: SECRET}}})
        client.post("/release-notes", json={"old": [tool], "new": [tool], "title": SECRET})
        client.post("/lint", params={"token": SECRET}, json={"tools": [tool]})
        client.post("/lint", content=b'{"tools": [' + SECRET.encode(), headers={"Content-Type": "application/json"})
    time.sleep(0.3)  # each line is written once its answer has gone
    logged = server.log_path.read_text("utf-8").splitlines()[before:]
    assert len(logged) >= 7
    assert all(SECRET not in line for line in logged), logged


@pytest.mark.parametrize(("host", "key"), [
    ("192.0.2.7", "192.0.2.7"),
    ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
    ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"),  # the same /64: the same client
    ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
    ("::ffff:192.0.2.7", "192.0.2.7"),  # an IPv4 client on a dual-stack socket
    ("", ""),
])
def test_a_client_is_its_ipv4_address_or_its_ipv6_64(host: str, key: str) -> None:
    from starlette.requests import Request

    from mcp_inspect.serve.app import client_key

    scope = {"type": "http", "headers": [], "client": (host, 5000) if host else None}
    assert client_key(Request(scope)) == key


def test_a_client_gone_while_its_body_arrives_is_logged_499_and_one_that_stays_408(tmp_path: Path) -> None:
    """Hostile trial, round 10: a client that sent a head declaring 100 bytes and one byte of body,
    then closed the connection, was logged 400, the status of a malformed request, though no client
    ever received it; docs/serve.md logs a client that went away before its answer as 499. A
    client that half-closes mid-body is gone too (uvicorn closes the connection); one that stays
    and sends too little is answered 408 at the deadline, and logged so."""
    import socket

    def posts() -> list[int]:
        return [e["status"] for e in server.requests_logged() if e["path"] == "/lint"]

    head = b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
    with running_server(tmp_path, "--workers", "1", "--timeout", "2") as server:
        closing = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        closing.sendall(head)
        time.sleep(0.3)  # the body has started to arrive: the request is being read
        closing.close()
        _wait(lambda: len(posts()) == 1)
        half = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        half.sendall(head)
        time.sleep(0.3)
        half.shutdown(socket.SHUT_WR)
        _wait(lambda: len(posts()) == 2)
        half.close()
        staying = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        try:
            staying.sendall(head)
            answer = b""
            while b"}" not in answer and (chunk := staying.recv(4096)):
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
        finally:
            staying.close()
        _wait(lambda: len(posts()) == 3)
        assert posts() == [499, 499, 408]
        assert server.post("/lint", {"tools": ONE_TOOL}).status_code == 200
