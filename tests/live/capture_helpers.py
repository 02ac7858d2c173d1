"""Helpers and fixtures for the capture tests: the test servers, how to start them, how to check processes.

Test modules import the fixtures they use from here (this folder has no conftest.py,
so that ``from conftest import …`` elsewhere keeps meaning tests/conftest.py).
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

SERVERS = Path(__file__).resolve().parent / "servers"
sys.path.insert(0, str(SERVERS))

PREFIX = "mcp-inspect: error: "


def stdio(script: str, *args: str) -> str:
    """A ``stdio:`` source running one of the scripts in servers/ with this interpreter."""
    return "stdio:" + shlex.join([sys.executable, str(SERVERS / script), *args])


SDK_STDIO = stdio("sdk_server.py", "stdio")


def raw(mode: str) -> str:
    return stdio("raw_server.py", mode)


def alive(pid: int) -> bool:
    """True while ``pid`` is a live process (a zombie counts as gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("State:"):
                    return "Z" not in line.split()[1]
    except FileNotFoundError:
        return False
    except OSError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def wait_gone(pids: list[int], seconds: float = 3.0) -> list[int]:
    """The pids still alive after waiting up to ``seconds`` (orphans are reaped asynchronously)."""
    deadline = time.monotonic() + seconds
    while True:
        left = [p for p in pids if alive(p)]
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def one_error_line(result) -> str:  # noqa: ANN001 - a click Result
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(PREFIX), lines[0]
    assert "Traceback" not in result.output
    return lines[0]


class HttpServer:
    """``sdk_server.py http`` (or ``sse``) in a subprocess on 127.0.0.1, on a port it picks itself."""

    def __init__(self, tmp: Path, json_response: bool, sse: bool = False) -> None:
        port_file = tmp / ("port-json" if json_response else "port-sse")
        args = [sys.executable, str(SERVERS / "sdk_server.py"), "sse" if sse else "http"]
        args += ["--json"] if json_response else []
        self.proc = subprocess.Popen([*args, str(port_file)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while not port_file.exists():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError("the SDK HTTP fixture server did not start")
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{port_file.read_text().strip()}/{'sse' if sse else 'mcp'}"

    def close(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)


@pytest.fixture(scope="session", name="sdk_http")
def sdk_http_fixture(tmp_path_factory):
    server = HttpServer(tmp_path_factory.mktemp("sdk-http"), json_response=False)
    yield server.url
    server.close()


@pytest.fixture(scope="session", name="sdk_http_json")
def sdk_http_json_fixture(tmp_path_factory):
    server = HttpServer(tmp_path_factory.mktemp("sdk-http-json"), json_response=True)
    yield server.url
    server.close()


@pytest.fixture(scope="session", name="sdk_sse")
def sdk_sse_fixture(tmp_path_factory):
    """The SDK fixture server over the 2024-11-05 HTTP+SSE transport: its URL ends in /sse."""
    server = HttpServer(tmp_path_factory.mktemp("sdk-sse"), json_response=False, sse=True)
    yield server.url
    server.close()


@pytest.fixture(name="faults")
def faults_fixture():
    from http_faults import FaultServer

    with FaultServer() as server:
        yield server


@pytest.fixture(name="store")
def store_fixture(tmp_path, monkeypatch):
    """A fresh snapshot store, also named by $MCP_INSPECT_STORE."""
    root = tmp_path / "store"
    monkeypatch.setenv("MCP_INSPECT_STORE", str(root))
    return root
