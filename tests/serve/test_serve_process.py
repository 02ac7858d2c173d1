"""The service as a process: its own configuration, the time limit, a worker lost, requests
served side by side, a graceful stop on SIGTERM, start-up failures, and the CLI's other
commands never importing the web framework."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import ROOT
from serve_helpers import Server, cli, running_server

from mcp_inspect.config.load import Config

sys.path.insert(0, str(ROOT / "bench"))
import workload  # noqa: E402 - the benchmark's deterministic corpus clones

ONE_TOOL = [{"name": "echo", "description": "Echo the text back.",
             "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}]
BIG_BODY = ["--max-body-bytes", str(8 * 1024 * 1024)]


@pytest.fixture(scope="module")
def heavy() -> dict[str, Any]:
    """A diff of 700 corpus tools a side (about 2 MB), linted with every check: a second or
    more of work (the default selection and the incremental lint made it much less)."""
    old, new = workload.build(700)
    return {"old": old, "new": new, "config": {"lint": {"select": "ALL"}}}


def post_in_background(server: Server, path: str, body: Any) -> tuple[threading.Thread, dict[str, Any]]:
    out: dict[str, Any] = {}

    def send() -> None:
        try:
            out["response"] = server.post(path, body)
        except httpx.HTTPError as exc:
            out["error"] = exc

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    return thread, out


def wait_for(condition: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.02)


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def busy_worker(server: Server) -> int:
    """The worker that has started on the heavy request: the first whose CPU time grows by
    a few clock ticks (so the request has most of its work still ahead)."""
    before = {pid: _cpu_ticks(pid) for pid in server.workers()}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for pid, ticks in before.items():
            if _cpu_ticks(pid) - ticks >= 3:
                return pid
        time.sleep(0.01)
    raise AssertionError("no worker started on the request")


def test_the_server_s_config_judges_requests_without_one(tmp_path, runner, monkeypatch) -> None:
    config = {"ignore": [{"rule": "LLM-*", "reason": "prose is reviewed by hand"}],
              "lint": {"policy": "governance", "profile": "gemini", "select": "LLM,SEC"}}
    (tmp_path / "config.yml").write_text(json.dumps(config), "utf-8")
    (tmp_path / "surface.json").write_text(json.dumps(ONE_TOOL), "utf-8")
    monkeypatch.chdir(tmp_path)
    with running_server(tmp_path, "-c", "config.yml", "--workers", "1", "--max-body-bytes", "2000") as server:
        (tmp_path / "config.yml").write_text("lint: {profile: nobody}\n", "utf-8")  # read once, at start
        response = server.post("/lint", {"tools": ONE_TOOL})
        (tmp_path / "config.yml").write_text(json.dumps(config), "utf-8")
        expected = cli(runner, "lint", "surface.json", "--format", "json", "-c", "config.yml")
        assert response.status_code == 200 and response.text == expected.replace('"surface.json"', '"tools"')
        assert response.json()["profile"] == "gemini" and response.json()["summary"]["ignored"] > 0
        # a request's own configuration replaces the server's
        assert server.post("/lint", {"tools": ONE_TOOL, "config": {}}).json()["profile"] == "claude"
        # the body limit is the server's setting
        assert server.post("/lint", {"tools": ONE_TOOL * 20}).status_code == 413


def test_past_the_time_limit_is_504_and_the_worker_is_replaced(tmp_path, heavy) -> None:
    from mcp_inspect.limits import SERVE_TIMEOUT_SECONDS

    assert SERVE_TIMEOUT_SECONDS == 10.0  # the default; here a shorter one is set
    with running_server(tmp_path, "--workers", "1", "--timeout", "0.5", *BIG_BODY) as server:
        old_workers = server.workers()
        started = time.monotonic()
        response = server.post("/diff", heavy)
        assert response.status_code == 504, response.text[:300]
        assert time.monotonic() - started < 5
        assert response.json()["field"] is None and "0.5 s" in response.json()["error"]
        wait_for(lambda: server.workers() and server.workers() != old_workers)
        # The new worker answers; on a loaded machine its first answers may pass the 0.5 s this
        # server allows (a full run under load read 504 here), so it is asked until one comes.
        wait_for(lambda: server.post("/lint", {"tools": ONE_TOOL}).status_code == 200)
        assert {"event": "worker replaced", "pid": old_workers[0], "reason": "time limit"} in server.log()
        for pid in old_workers:
            assert not Path(f"/proc/{pid}").exists() or "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]


def test_a_lost_worker_is_a_generic_500_and_the_details_are_logged(tmp_path, heavy) -> None:
    with running_server(tmp_path, "--workers", "1", *BIG_BODY) as server:
        thread, out = post_in_background(server, "/diff", heavy)
        os.kill(busy_worker(server), signal.SIGKILL)
        thread.join(60)
        response = out["response"]
        assert response.status_code == 500
        assert response.json() == {"error": "internal error", "field": None}
        errors = [entry for entry in server.log() if entry.get("event") == "internal error"]
        assert errors and "worker" in errors[-1]["detail"]
        assert [e["reason"] for e in server.log() if e.get("event") == "worker replaced"] == ["ended during a request"]
        wait_for(lambda: server.post("/lint", {"tools": ONE_TOOL}).status_code == 200)


def test_requests_are_served_side_by_side(tmp_path, heavy) -> None:
    with running_server(tmp_path, "--workers", "2", *BIG_BODY) as server:
        thread, out = post_in_background(server, "/diff", heavy)
        busy_worker(server)  # the heavy one is under way
        started = time.monotonic()
        assert server.get("/health").status_code == 200
        assert server.post("/lint", {"tools": ONE_TOOL}).status_code == 200
        quick = time.monotonic() - started
        thread.join(60)
        assert out["response"].status_code == 200
        assert quick < 1.0, quick


def test_a_body_that_never_comes_is_408_and_a_65th_request_in_progress_is_503(tmp_path) -> None:
    from mcp_inspect.limits import SERVE_MAX_PENDING

    head = b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
    # The whole server's cap: one client may take every place here (--max-per-client).
    with running_server(tmp_path, "--workers", "1", "--timeout", "3", "--max-per-client", str(SERVE_MAX_PENDING)) \
            as server:
        stalled = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(SERVE_MAX_PENDING)]
        try:
            for sock in stalled:
                sock.sendall(head)  # and never the rest
            wait_for(lambda: server.post("/lint", {"tools": ONE_TOOL}).status_code == 503, 10)
            refused = server.post("/lint", {"tools": ONE_TOOL})
            assert refused.status_code == 503 and refused.headers["retry-after"] == "1"
            assert server.get("/health").status_code == 200  # what needs no worker is still answered
            answer = b""
            while b"}" not in answer and (chunk := stalled[0].recv(4096)):  # headers and body may come apart
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
            assert b'"field": "body"' in answer
            assert b"\r\nconnection: close\r\n" in answer  # the rest of that body is never read
            stalled[0].settimeout(10)
            assert stalled[0].recv(4096) == b""
        finally:
            for sock in stalled:
                sock.close()
        wait_for(lambda: server.post("/lint", {"tools": ONE_TOOL}).status_code == 200, 10)


def _closed_within(sock: socket.socket, seconds: float) -> float:
    """Seconds until the server closed ``sock`` (its sends fail, or a read finds the end);
    fails if the connection is still open after ``seconds``."""
    started = time.monotonic()
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        raise AssertionError(f"still open after {seconds} s") from None
    return time.monotonic() - started


def test_a_request_head_must_arrive_within_the_head_limit(tmp_path) -> None:
    from mcp_inspect.limits import SERVE_HEAD_TIMEOUT_SECONDS, SERVE_TIMEOUT_SECONDS
    from mcp_inspect.serve.options import ServeOptions

    # The limit, shortened here by a shorter --timeout (a request's head counts as part of it).
    assert ServeOptions(Config()).head_timeout == SERVE_HEAD_TIMEOUT_SECONDS < SERVE_TIMEOUT_SECONDS
    assert ServeOptions(Config(), timeout=1.0).head_timeout == 1.0
    waiting = 60
    with running_server(tmp_path, "--workers", "1", "--timeout", "1") as server:
        silent = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(waiting // 2)]
        halves = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(waiting // 2)]
        trickle = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        kept = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        try:
            for sock in halves:
                sock.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
            kept.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            assert kept.recv(4096).startswith(b"HTTP/1.1 200 ")
            kept.sendall(b"GET /health HTTP/1.1\r\n")  # the next request on the kept connection, begun
            for _ in range(3):  # everyone else is served while they wait
                assert server.get("/health").status_code == 200
            trickle.sendall(b"GET /health HTTP/1.1\r\n")
            started = time.monotonic()
            with contextlib.suppress(ConnectionError):
                while time.monotonic() - started < 30:  # a header line every 0.1 s does not keep it open
                    trickle.sendall(b"X-Slow: 1\r\n")
                    time.sleep(0.1)
            assert time.monotonic() - started < 10
            for sock in [*silent, *halves, kept]:
                _closed_within(sock, 10)  # generous: the limit is 1 s
            assert server.get("/health").status_code == 200
        finally:
            for sock in [*silent, *halves, trickle, kept]:
                sock.close()


def test_sigterm_while_a_body_arrives_answers_503_at_once(tmp_path) -> None:
    with running_server(tmp_path, "--workers", "1", "--timeout", "60") as server:
        with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
            sock.sendall(b"POST /lint HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Content-Length: 100\r\n\r\n{")  # and never the rest
            # Answered after the head above was read: the loop takes ready connections in turn.
            assert server.get("/health").status_code == 200
            server.process.send_signal(signal.SIGTERM)
            answer = b""
            while b"}" not in answer and (chunk := sock.recv(4096)):
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 503 "), answer[:300]
        assert b"the service is stopping" in answer and b"time limit" not in answer
        assert server.process.wait(30) == 0  # well before the 60 s the body had


def test_sigterm_lets_the_request_in_progress_finish_then_exits_0(tmp_path, heavy) -> None:
    with running_server(tmp_path, "--workers", "1", *BIG_BODY) as server:
        thread, out = post_in_background(server, "/diff", heavy)
        busy_worker(server)
        assert thread.is_alive()  # the request is under way
        server.process.send_signal(signal.SIGTERM)
        thread.join(60)
        assert out["response"].status_code == 200
        report = out["response"].json()  # the whole report: it parses
        assert report["old"]["source"] == "old" and report["summary"]["BREAKING"] > 0
        assert server.process.wait(30) == 0
        with pytest.raises(httpx.ConnectError):
            server.get("/health")
        events = [entry.get("event") for entry in server.log()]
        assert events[-1] == "stopped"
        wait_for(lambda: not [pid for pid in server.workers() if pid not in _zombies()], 10)


def _zombies() -> set[int]:
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z":
                    out.add(int(entry.name))
            except OSError:
                pass
    return out


def _serve(*args: str, cwd: Path, code: str = "") -> subprocess.CompletedProcess[str]:
    program = f"{code}\nimport sys\nsys.argv = ['mcp-inspect', 'serve', *sys.argv[1:]]\n" \
              "from mcp_inspect.cli import main\nmain()"
    return subprocess.run([sys.executable, "-c", program, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("package", ["uvicorn", "starlette"])
def test_serve_without_the_extra_says_how_to_install_it(tmp_path, package) -> None:
    done = _serve(cwd=tmp_path, code=f"import sys; sys.modules[{package!r}] = None")
    assert done.returncode == 2
    assert done.stderr.strip() == (f"mcp-inspect: error: serve needs {package}, which comes with the serve extra: "
                                   "pip install 'mcp-inspect[serve]' (or '.[serve]' from a clone)")


@pytest.mark.parametrize("args,words", [
    (["--port", "70000"], "--port 70000"),
    (["--workers", "0"], "--workers 0"),
    (["--timeout", "0"], "--timeout"),
    (["--max-body-bytes", "0"], "--max-body-bytes"),
    (["-c", "missing.yml"], "missing.yml: no such file"),
    (["-c", "bad.yml"], "bad.yml:1: unknown key 'lnt'"),
])
def test_a_server_that_cannot_start_exits_2_with_one_line(tmp_path, args, words) -> None:
    (tmp_path / "bad.yml").write_text("lnt: {}\n", "utf-8")
    done = _serve("--port", "0", *args, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr


def test_a_port_in_use_exits_2(tmp_path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        done = _serve("--port", str(taken.getsockname()[1]), cwd=tmp_path)
    assert done.returncode == 2 and "cannot listen on 127.0.0.1 port" in done.stderr, done.stderr


def test_other_commands_never_import_the_framework(tmp_path) -> None:
    old, new = ROOT / "snapshots" / "git-2025.7.1.json", ROOT / "snapshots" / "git-2025.11.25.json"
    program = (
        "import sys\n"
        "from mcp_inspect.cli import app\n"
        "for args in (['--version'], ['diff', sys.argv[1], sys.argv[2], '--format', 'json'], ['lint', sys.argv[2]],\n"
        "             ['rules'], ['serve', '--help']):\n"
        "    try:\n"
        "        app(args, standalone_mode=False)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "web = sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn', 'fastapi', 'anyio'))\n"
        "print('IMPORTED', web, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", program, str(old), str(new)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert "IMPORTED []" in done.stderr, done.stderr[-2000:]
