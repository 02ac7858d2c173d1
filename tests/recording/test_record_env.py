"""`record --env` sets variables for the stdio server behind the proxy (new-user trial,
round 15: mcp-shell-server reads ALLOW_COMMANDS from its environment, and `record --env
ALLOW_COMMANDS=ls,cat` failed with "No such option: --env", though every other command that
starts a server takes it). The variables are added to what the server inherits, not put in
its place: as the command of an mcp.json entry, the proxy gets the server's environment from
the client."""

from __future__ import annotations

import os
import sys

from typer.testing import CliRunner

import mcp_inspect
from mcp_inspect.cli import app

#: A "server" that exits 0 when it sees both variables, and 1 otherwise.
PROBE = ("import os, sys; sys.exit(0 if os.environ.get('ALLOW_COMMANDS') == 'ls,cat' "
         "and os.environ.get('INHERITED_BY_RECORD') == 'yes' else 1)")


def test_env_reaches_the_server_beside_the_inherited_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("INHERITED_BY_RECORD", "yes")
    stdin_read, stdin_write = os.pipe()
    os.close(stdin_write)
    out_read, out_write = os.pipe()
    try:
        code = mcp_inspect.record(tmp_path / "calls.jsonl", server=[sys.executable, "-c", PROBE], stdin=stdin_read,
                                  stdout=out_write, env={"ALLOW_COMMANDS": "ls,cat"})
        without = mcp_inspect.record(tmp_path / "calls.jsonl", server=[sys.executable, "-c", PROBE],
                                     stdin=stdin_read, stdout=out_write)
    finally:
        for fd in (stdin_read, out_read, out_write):
            os.close(fd)
    assert (code, without) == (0, 1)


def test_the_option_is_parsed_and_refused_where_it_cannot_apply(tmp_path):
    log = str(tmp_path / "calls.jsonl")
    bad = CliRunner().invoke(app, ["record", "--server", "x", "--env", "NO_EQUALS", "-o", log])
    assert bad.exit_code == 2 and "--env: expected NAME=VALUE" in bad.stderr
    remote = CliRunner().invoke(app, ["record", "--url", "http://127.0.0.1:9/mcp", "--env", "A=1", "-o", log])
    assert remote.exit_code == 2 and "--env applies to a stdio server" in remote.stderr
    assert "internal error" not in bad.output + remote.output
