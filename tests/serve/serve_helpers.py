"""Start the real service (``python -m mcp_inspect serve``) on a free loopback port and talk
to it over HTTP. Every server started here stops by itself: a context manager ends it (and
its workers) on the way out, whatever happened."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

#: Seconds a server may take to start (imports, workers warming up) on a busy 2-core machine.
START_SECONDS = 60.0


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    url: str
    log_path: Path

    def client(self, timeout: float = 60.0) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=timeout, trust_env=False)

    def post(self, path: str, body: Any, **kwargs: Any) -> httpx.Response:
        with self.client() as client:
            return client.post(path, json=body, **kwargs)

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        with self.client() as client:
            return client.get(path, **kwargs)

    def log(self) -> list[dict[str, Any]]:
        """The log so far, one JSON object a line (every line must be JSON)."""
        return [json.loads(line) for line in self.log_path.read_text("utf-8").splitlines() if line.strip()]

    def requests_logged(self) -> list[dict[str, Any]]:
        return [entry for entry in self.log() if "event" not in entry]

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def descendants(self) -> list[int]:
        """The processes under the server (the fork server, the workers and their children)."""
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    parents[int(entry.name)] = int(fields[1])
        found, frontier = [], [self.process.pid]
        while frontier:
            pid = frontier.pop()
            children = [child for child, parent in parents.items() if parent == pid]
            found += children
            frontier += children
        return found

    def workers(self) -> list[int]:
        """The worker processes: each leads its own process group."""
        out = []
        for pid in self.descendants():
            with contextlib.suppress(OSError):
                if os.getpgid(pid) == pid:
                    out.append(pid)
        return out


def _wait_for_url(process: subprocess.Popen[bytes], log_path: Path) -> str:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server exited with {process.returncode}: {log_path.read_text()}")
        for line in log_path.read_text("utf-8").splitlines():
            entry = json.loads(line)
            if entry.get("event") == "listening":
                return str(entry["url"])
        time.sleep(0.05)
    raise AssertionError(f"the server did not start within {START_SECONDS:.0f} s: {log_path.read_text()}")


def _end(process: subprocess.Popen[bytes], descendants: list[int]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(15)
    for pid in descendants:  # a worker outliving its server would end on its own; make sure
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


@contextlib.contextmanager
def running_server(directory: Path, *args: str, cwd: Path | None = None) -> Iterator[Server]:
    """``mcp-inspect serve --port 0 ARGS`` on 127.0.0.1, logging to ``directory``/serve.log;
    ready (``/health`` answered) when yielded, stopped on the way out."""
    log_path = directory / "serve.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("MCP_INSPECT_OFFLINE", None)
    with log_path.open("wb") as log_file:
        process = subprocess.Popen(
            [sys.executable, "-m", "mcp_inspect", "serve", "--host", "127.0.0.1", "--port", "0", *args],
            stdin=subprocess.DEVNULL, stdout=log_file, stderr=log_file, cwd=cwd or directory, env=env)
    server = Server(process, "", log_path)
    try:
        server.url = _wait_for_url(process, log_path)
        with server.client(timeout=10) as client:
            assert client.get("/health").status_code == 200
        yield server
    finally:
        _end(process, server.descendants() if process.poll() is None else [])


def cli(runner: Any, *args: str) -> str:
    """What ``mcp-inspect ARGS`` prints on stdout (the gate's exit code 1 is not a failure here)."""
    from mcp_inspect.cli import app

    result = runner.invoke(app, list(args))
    assert result.exit_code in (0, 1), (result.exit_code, result.output)
    return result.stdout
