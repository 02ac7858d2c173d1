"""Integration: capture the published reference server and compare it with its corpus capture.

Needs ``node`` and ``npm`` (and the npm registry): skipped with the reason otherwise.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcp_inspect.classify.engine import diff_snapshots
from mcp_inspect.cli import app
from mcp_inspect.live.client import capture
from mcp_inspect.live.options import CaptureOptions
from mcp_inspect.model import EntityKind
from mcp_inspect.snapshot import load_snapshot

PACKAGE = "@modelcontextprotocol/server-everything"
RELEASE = "2026.8.31"
CORPUS_FILE = Path(__file__).resolve().parents[1] / "data" / "corpus" / "everything" / f"{RELEASE}.json"
NPM_TIMEOUT = 300
LOOPBACK = Path(__file__).resolve().parent / "servers" / "loopback.cjs"

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("everything")]  # one npm install, one worker


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path`` (POSIX), so that two xdist workers install only once."""
    try:
        import fcntl
    except ImportError:  # not POSIX: each worker may install, as before
        yield
        return
    with path.open("w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def everything_dist(tmp_path_factory) -> Path:
    """The release installed once for the run: in the run's temporary folder that every xdist
    worker shares, under a lock (it was installed once per module that uses it, in each worker)."""
    if not (shutil.which("node") and shutil.which("npm")):
        pytest.skip("node and npm are not both on PATH")
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    prefix = shared / f"everything-{RELEASE}"
    dist = prefix / "node_modules" / PACKAGE / "dist"
    with _locked(shared / f"everything-{RELEASE}.lock"):
        if (dist / "index.js").is_file():
            return dist
        try:
            done = subprocess.run(
                ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(prefix), f"{PACKAGE}@{RELEASE}"],
                capture_output=True, text=True, timeout=NPM_TIMEOUT, check=False)
        except subprocess.TimeoutExpired:
            pytest.skip(f"npm install {PACKAGE}@{RELEASE} took longer than {NPM_TIMEOUT}s")
        if done.returncode != 0 or not (dist / "index.js").is_file():
            reason = (done.stderr.strip().splitlines() or ["no output"])[-1]
            pytest.skip(f"npm install {PACKAGE}@{RELEASE} failed: {reason}")
    return dist


def assert_same_surface(corpus, live) -> None:
    assert live.provenance.era == "legacy"
    assert live.initialize["serverInfo"] == corpus.initialize["serverInfo"]
    for key in ("tools", "resources", "resourceTemplates", "prompts"):
        assert len(live.entities(key)) == len(corpus.entities(key)), key
    findings = diff_snapshots(corpus, live).findings
    surface = [f for f in findings if f.entity.kind is not EntityKind.SERVER]
    assert surface == [], [(f.rule, f.entity.name, f.path) for f in surface]


@pytest.fixture(scope="module")
def stdio_capture(everything_dist):
    corpus = load_snapshot(str(CORPUS_FILE))
    assert corpus.provenance.details["command"] == ["node", "index.js"]  # started the same way here
    command = "stdio:" + shlex.join(corpus.provenance.details["command"])
    cwd = os.getcwd()
    os.chdir(everything_dist)
    try:
        return capture(command, CaptureOptions(timeout=30))
    finally:
        os.chdir(cwd)


def test_a_stdio_capture_of_the_release_matches_its_corpus_file(stdio_capture):
    assert_same_surface(load_snapshot(str(CORPUS_FILE)), stdio_capture)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def serving(everything_dist: Path, mode: str) -> Iterator[int]:
    """The release's own HTTP server (``node index.js MODE``, which reads its port from PORT) on
    127.0.0.1: it listens on every interface by itself, so LOOPBACK makes it listen on this one."""
    port = free_port()
    server = subprocess.Popen(["node", "--require", str(LOOPBACK), "index.js", mode], cwd=everything_dist,
                              env={**os.environ, "PORT": str(port)}, start_new_session=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the everything server ({mode}) did not start listening")
                time.sleep(0.1)
        yield port
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)


def test_an_http_capture_of_the_release_matches_its_corpus_file(everything_dist):
    """The same release served over Streamable HTTP (a real, non-Python implementation of it)."""
    with serving(everything_dist, "streamableHttp") as port:
        live = capture(f"http://127.0.0.1:{port}/mcp", CaptureOptions(timeout=30))
    assert_same_surface(load_snapshot(str(CORPUS_FILE)), live)
    assert live.provenance.details["httpTransport"] == "streamable-http"


def test_an_sse_capture_of_the_release_matches_its_stdio_capture(everything_dist, stdio_capture, runner, tmp_path):
    """The same release over the 2024-11-05 HTTP+SSE transport (``node index.js sse``: GET /sse,
    POST /message), captured as a user would, with --transport left at auto."""
    out = tmp_path / "sse.json"
    with serving(everything_dist, "sse") as port:
        result = runner.invoke(app, ["snapshot", "--server", f"http://127.0.0.1:{port}/sse", "-o", str(out)])
    assert result.exit_code == 0, result.output
    live = load_snapshot(str(out))
    assert_same_surface(stdio_capture, live)
    assert_same_surface(load_snapshot(str(CORPUS_FILE)), live)
    details = live.provenance.details
    assert details["httpTransport"] == "sse"
    assert details["transportFallback"] == "initialize over Streamable HTTP got HTTP 404"  # Express: no POST /sse
