"""`record` whose server cannot start leaves no empty call log behind (issue 34).

The trial ran `record --server airtable-mcp-server` without the key: the server exited at
once and an empty calls.jsonl stayed, which reads as a session that made no call.
"""

from __future__ import annotations

import os
import sys

from typer.testing import CliRunner

import mcp_inspect
from mcp_inspect.cli import app


def _closed_stdin() -> int:
    read, write = os.pipe()
    os.close(write)
    return read


def test_a_command_that_cannot_start_leaves_no_log(tmp_path):
    log = tmp_path / "calls.jsonl"
    result = CliRunner().invoke(app, ["record", "--server", "no-such-mcp-server-binary", "-o", str(log)])
    assert result.exit_code == 2 and "cannot start 'no-such-mcp-server-binary'" in result.stderr
    assert not log.exists()


def test_a_server_that_exits_at_once_with_an_error_leaves_no_log(tmp_path):
    log = tmp_path / "calls.jsonl"
    stdin, (out_read, out_write) = _closed_stdin(), os.pipe()
    try:
        code = mcp_inspect.record(log, server=[sys.executable, "-c", "import sys; sys.exit(1)"], stdin=stdin,
                                  stdout=out_write)
    finally:
        for fd in (stdin, out_read, out_write):
            os.close(fd)
    assert code == 1 and not log.exists()


def test_a_log_that_was_there_before_is_kept(tmp_path):
    log = tmp_path / "calls.jsonl"
    log.write_text("")  # the user's file, even empty, is not ours to remove
    result = CliRunner().invoke(app, ["record", "--server", "no-such-mcp-server-binary", "-o", str(log)])
    assert result.exit_code == 2 and log.exists()
