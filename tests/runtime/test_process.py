"""How a run ends (mcp_inspect/runtime/process.py): signals, output that cannot be written.

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


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mcp_inspect", *args], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)


@pytest.mark.parametrize("args,message", [
    (["diff", "--format", "xml", "a", "b"], "Invalid value for '--format' / '-f': 'xml' is not one of"),
    (["diff"], "Missing argument 'OLD' (see mcp-inspect diff --help)"),
    (["--no-such-option"], "No such option: --no-such-option (see mcp-inspect --help)"),
    (["no-such-command"], "No such command 'no-such-command' (see mcp-inspect --help)"),
    # click weighs the shared "--" too: "--bogus" was offered "--verbose".
    (["lint", "--bogus", "x"], "No such option: --bogus (see mcp-inspect lint --help)\n"),
    (["lint", "--verbos", "x"], "No such option: --verbos (Possible options: --verbose) (see mcp-inspect lint --help)"),
])
def test_a_mistyped_command_line_is_one_line_and_exit_2(args, message):
    run = _run(*args)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("mcp-inspect: error: "), run.stderr
    assert message in run.stderr


def test_the_bare_command_shows_its_help():
    run = _run()
    assert run.returncode == 2
    assert "Usage: mcp-inspect" in run.stderr + run.stdout and "diff" in run.stderr + run.stdout


def test_help_and_the_gate_keep_their_exit_codes():
    assert _run("diff", "--help").returncode == 0
    old, new = ROOT / "snapshots" / "git-2025.7.1.json", ROOT / "snapshots" / "git-2025.11.25.json"
    assert _run("diff", str(old), str(new)).returncode == 1  # a BREAKING change: the gate fails
    assert _run("diff", str(new), str(new)).returncode == 0


def test_a_reader_that_goes_away_ends_the_run_with_130_not_the_gates_1():
    run = subprocess.Popen([sys.executable, "-m", "mcp_inspect", "rules", "--format", "json"],  # ~80 KB
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.stdout is not None and run.stderr is not None
    run.stdout.close()  # before anything is read: the pipe fills, then has no reader
    run.wait(60)
    assert run.returncode == 130
    assert run.stderr.read() == ""


#: A stdio server that ignores SIGTERM (only SIGKILL ends it) and records its pid.
STUBBORN_SERVER = ("import os, signal, sys, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                   "open(sys.argv[1], 'w').write(str(os.getpid()))\ntime.sleep(120)\n")


def _start_capture(tmp_path, code: str, **kwargs) -> tuple[subprocess.Popen, int]:
    server, pid_file = tmp_path / "server.py", tmp_path / "server.pid"
    server.write_text(code)
    run = _mcp_inspect("snapshot", f"stdio:{sys.executable} {server} {pid_file}", "--timeout", "60", **kwargs)
    deadline = time.monotonic() + 30
    while not (pid_file.exists() and pid_file.read_text()) and time.monotonic() < deadline:
        time.sleep(0.05)  # waiting for the server to start, not measuring anything
    time.sleep(0.3)  # and for it to install its handler
    return run, int(pid_file.read_text())


def test_a_second_signal_does_not_break_into_the_cleanup(tmp_path):
    run, server_pid = _start_capture(tmp_path, STUBBORN_SERVER)
    run.send_signal(signal.SIGHUP)
    time.sleep(0.3)  # the cleanup is under way: stdin closed, SIGTERM ignored, SIGKILL to come
    run.send_signal(signal.SIGTERM)
    run.wait(30)
    assert run.returncode == 128 + signal.SIGHUP, run.stderr.read() if run.stderr else ""
    deadline = time.monotonic() + 10
    while _alive(server_pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(server_pid), "the server outlived mcp-inspect"


def test_sighup_stays_ignored_under_nohup(tmp_path):
    def ignore_hangup() -> None:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)  # what nohup does before it runs the command

    run, server_pid = _start_capture(tmp_path, SILENT_SERVER, preexec_fn=ignore_hangup)
    run.send_signal(signal.SIGHUP)
    time.sleep(0.5)
    assert run.poll() is None  # still capturing
    run.send_signal(signal.SIGTERM)
    run.wait(30)
    assert run.returncode == 128 + signal.SIGTERM


@pytest.mark.parametrize("args", [["--help"], ["rules", "--format", "json"],
                                  ["snapshot", str(ROOT / "snapshots" / "filesystem-2026.8.31.json")]])
def test_every_closed_pipe_ends_with_130(args):
    run = subprocess.Popen([sys.executable, "-m", "mcp_inspect", *args], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.stdout is not None and run.stderr is not None
    run.stdout.close()
    run.wait(60)
    assert run.returncode == 130, run.stderr.read()


def test_a_legacy_runner_command_in_a_message_is_inert(runner, tmp_path):
    from mcp_inspect.cli import app

    result = runner.invoke(app, ["explain", "x##[stop-commands]token"])
    assert result.exit_code == 2 and "##[" not in result.stderr and "#\\x23[stop-commands]" in result.stderr


def test_a_one_shot_command_runs_without_the_cycle_collector_and_serve_with_it(monkeypatch):
    # A one-shot run frees everything at exit, so the collector's passes are pure cost
    # (docs/performance.md, "Seventh round"); the service lives for days and needs it.
    import gc

    import mcp_inspect.serve as serve_package
    from mcp_inspect.cli import app
    from mcp_inspect.runtime import process

    seen: dict[str, bool] = {}

    def fake_service(options):
        seen["serve"] = gc.isenabled()

    monkeypatch.setattr(serve_package, "serve", fake_service)
    monkeypatch.setattr(serve_package, "missing_dependency", lambda: None)
    monkeypatch.setattr(process, "_leave", lambda done: (_ for _ in ()).throw(done))
    was = gc.isenabled()
    handlers = {signum: signal.getsignal(signum) for signum in (signal.SIGTERM, signal.SIGHUP)}
    try:
        with pytest.raises(SystemExit):
            process.run(lambda **_: seen.setdefault("lint", gc.isenabled()), say=print)
        with pytest.raises(SystemExit):
            monkeypatch.setattr(sys, "argv", ["mcp-inspect", "serve", "--port", "0"])
            process.run(app, say=print)
    finally:
        gc.enable() if was else gc.disable()
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
    assert seen == {"lint": False, "serve": True}
