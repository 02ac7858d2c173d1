"""A warning the text report prints is not also said on stderr when both reach one terminal
(new-user trial: each capture-conditions warning of a diff read twice); anywhere else the
report can go (a file, a pipe, another format) stderr still says it, for scripts and CI."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcp_inspect.cli.output import warn


@pytest.mark.parametrize("fmt,output,ttys,said", [
    ("text", None, (True, True), False),  # the report, on the terminal, shows it
    ("text", None, (False, True), True),  # stdout piped: the terminal sees stderr alone
    ("text", None, (True, False), True),  # stderr captured by CI
    ("json", None, (True, True), True),  # JSON keeps warnings in a field nobody reads on a terminal
    ("text", Path("r.txt"), (True, True), True),  # the report went to a file
], ids=["same-terminal", "stdout-piped", "stderr-captured", "json", "to-a-file"])
def test_a_warning_is_said_once_where_the_reader_looks(monkeypatch, capsys, fmt, output, ttys, said):
    import sys

    monkeypatch.setattr(sys.stdout, "isatty", lambda: ttys[0])
    monkeypatch.setattr(sys.stderr, "isatty", lambda: ttys[1])
    warn(["capture conditions differ"], shown_in=(fmt, output))
    assert ("mcp-inspect: warning: capture conditions differ" in capsys.readouterr().err) is said
