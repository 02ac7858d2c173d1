"""The status line of a large run (mcp_inspect/runtime/phases.py): on a terminal only, for large
steps only, and always cleared before the command prints anything else."""

from __future__ import annotations

import io

from conftest import ROOT

from mcp_inspect.cli import app
from mcp_inspect.cli import commands as cli
from mcp_inspect.runtime import phases

OLD, NEW = str(ROOT / "snapshots" / "git-2025.7.1.json"), str(ROOT / "snapshots" / "git-2025.11.25.json")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_only_a_large_step_on_a_terminal_is_shown():
    quiet, terminal = io.StringIO(), Terminal()
    for stream in (quiet, terminal):
        status = phases.Phases(stream)
        status.step(phases.LARGE_RUN - 1, "small")
        status.clear()
        status.step(phases.LARGE_RUN, "large")
        status.clear()
    assert quiet.getvalue() == ""
    assert terminal.getvalue() == "\r\x1b[Kmcp-inspect: large…\r\x1b[K"


def _recorded(monkeypatch) -> Terminal:
    terminal = Terminal()
    monkeypatch.setattr(phases, "LARGE_RUN", 1)  # the bundled snapshots are small
    monkeypatch.setattr(cli, "Phases", lambda: phases.Phases(terminal))
    return terminal


def test_diff_shows_its_steps_and_clears_the_line(runner, monkeypatch):
    terminal = _recorded(monkeypatch)
    result = runner.invoke(app, ["diff", OLD, NEW])
    assert result.exit_code == 1 and "tool.removed" in result.stdout
    shown = terminal.getvalue()
    assert "comparing 25 tool definitions and linting them…" in shown
    assert "writing the report of" in shown and shown.endswith("\r\x1b[K")


def test_lint_shows_its_steps_and_clears_the_line(runner, monkeypatch):
    terminal = _recorded(monkeypatch)
    result = runner.invoke(app, ["lint", NEW])
    assert result.exit_code == 0
    assert "linting 12 tool definitions…" in terminal.getvalue() and terminal.getvalue().endswith("\r\x1b[K")


def test_an_error_is_printed_after_the_line_is_cleared(runner, monkeypatch):
    terminal = _recorded(monkeypatch)
    result = runner.invoke(app, ["diff", OLD, "no-such-file.json"])
    assert result.exit_code == 2
    assert terminal.getvalue() == ""  # the error came before any large step: nothing to clear


def test_a_status_line_that_cannot_be_written_is_dropped():
    class Broken(Terminal):
        def write(self, text: str) -> int:
            raise OSError("gone")

    status = phases.Phases(Broken())
    status.step(phases.LARGE_RUN, "large")  # no exception: a status line never fails a run
    status.clear()


def test_the_line_is_cleared_before_the_next_target_is_loaded(monkeypatch):
    from mcp_inspect import api

    events: list[str] = []

    class Recording(phases.Phases):
        def step(self, size: int, text: str) -> None:
            events.append("step")

        def clear(self) -> None:
            events.append("clear")

    real = __import__("mcp_inspect.sources.load", fromlist=["load_sources"]).load_sources
    monkeypatch.setattr("mcp_inspect.sources.load.load_sources",
                        lambda target, options=None: (events.append("load"), real(target, options))[1])
    status = Recording(Terminal())
    for target in (OLD, NEW):
        api.lint_sources(target, phases=status)
    assert events == ["clear", "load", "step", "clear", "load", "step"]
