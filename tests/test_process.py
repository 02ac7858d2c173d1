"""How a run ends (mcp_inspect/process.py): signals, output that cannot be written.

These start real processes: a signal handler and the way out of the interpreter are
what is under test, and CliRunner replaces both.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and /dev/full")

#: A stdio server that writes its pid where it is told and then says nothing.
SILENT_SERVER = "import os, sys, time\nopen(sys.argv[1], 'w').write(str(os.getpid()))\ntime.sleep(120)\n"


def _mcp_inspect(*args: str, **kwargs) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "mcp_inspect", *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kwargs)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_termination_signal_ends_the_capture_and_its_server(tmp_path, signum):
    server, pid_file = tmp_path / "server.py", tmp_path / "server.pid"
    server.write_text(SILENT_SERVER)
    run = _mcp_inspect("snapshot", f"stdio:{sys.executable} {server} {pid_file}", "--timeout", "60")
    deadline = time.monotonic() + 30
    while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)  # waiting for the server to start, not measuring anything
    server_pid = int(pid_file.read_text())
    run.send_signal(signum)
    run.wait(30)
    assert run.returncode == 128 + signum
    deadline = time.monotonic() + 10
    while _alive(server_pid) and time.monotonic() < deadline:
        time.sleep(0.05)  # the server's group gets SIGTERM, then SIGKILL after the grace
    assert not _alive(server_pid), "the server outlived mcp-inspect"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["rules"], ["--version"], ["explain", "tool.removed"],
                                  ["lint", str(ROOT / "snapshots" / "git-2025.11.25.json")],
                                  ["diff", str(ROOT / "snapshots" / "git-2025.7.1.json"),
                                   str(ROOT / "snapshots" / "git-2025.11.25.json")]])
def test_output_that_cannot_be_written_is_an_error_in_one_line(args):
    with open("/dev/full", "w") as full:
        run = subprocess.run([sys.executable, "-m", "mcp_inspect", *args], stdout=full, stderr=subprocess.PIPE,
                             text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert run.returncode == 2
    assert run.stderr == "mcp-inspect: error: stdout: cannot write the output (No space left on device)\n"


def test_the_store_index_is_read_within_the_input_limit(runner, tmp_path):
    from mcp_inspect.cli import app

    store = tmp_path / "store"
    store.mkdir()
    (store / "index.json").symlink_to("/dev/zero")
    result = runner.invoke(app, ["snapshots", "--store", str(store)])
    assert result.exit_code == 2 and "input limit" in result.stderr


def test_lint_reads_stdin_once(runner):
    from mcp_inspect.cli import app

    result = runner.invoke(app, ["lint", "-", "-"], input=json.dumps({"tools": []}))
    assert result.exit_code == 2 and "only one target can be read from stdin" in result.stderr


def test_a_message_past_max_message_chars_is_cut(runner):
    from mcp_inspect.cli import app
    from mcp_inspect.limits import MAX_MESSAGE_CHARS

    result = runner.invoke(app, ["explain", "x" * 100_000])
    assert result.exit_code == 2
    line = result.stderr.rstrip("\n")
    assert "\n" not in line and len(line) == MAX_MESSAGE_CHARS and line.endswith("…")
