"""The process around the command line: interpreter settings, signals, and the way out.

``cli.main`` (cli/commands.py) hands its typer app to ``run``, which turns every way a run can end into
an exit code and at most one line on stderr: the command's own exit, an interrupt, a
termination signal, a reader that went away, and a bug.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from collections.abc import Callable
from typing import Any, NoReturn

from ..errors import InspectError
from ..limits import allow_deep_schemas


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived. A BaseException, like KeyboardInterrupt, so that no
    ``except Exception`` swallows it on the way out while ``finally`` blocks still run:
    that is what stops a stdio server being captured, which would otherwise outlive us
    (it runs in its own session, out of reach of a signal sent to our process group)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _terminated(signum: int, _frame: Any) -> None:
    # Once: a second signal must not break into the cleanup the first one starts (closing
    # a server's process group), which would leave the server running.
    for other in _STOPPING:
        signal.signal(other, signal.SIG_IGN)
    raise Terminated(signum)


#: The signals that end a run through its cleanup.
_STOPPING = (signal.SIGTERM, signal.SIGHUP)


def run(app: Callable[..., Any], *, say: Callable[..., None]) -> NoReturn:
    # Deeply nested (but within limits) schemas recurse further than Python's default allows.
    allow_deep_schemas()
    # A run is one command that ends with the process: it allocates millions of small acyclic
    # containers (parsed JSON, findings) and frees them all at exit, so the cycle collector's
    # passes over that heap find nothing and cost a fifth of a large lint (docs/performance.md,
    # "Seventh round"; peak memory measured the same with and without it). ``serve``, which
    # runs for days, turns it back on (``collect_cycles``).
    gc.disable()
    # Started with descriptor 1 or 2 closed, Python leaves sys.stdout or sys.stderr None;
    # what would go there is dropped, as it would be on /dev/null, and the exit code stays.
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives as long as the process
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    for signum in _STOPPING:
        if signal.getsignal(signum) is not signal.SIG_IGN:  # nohup asked for SIGHUP to be ignored
            signal.signal(signum, _terminated)
    try:
        # Not standalone: click would print a usage error as four lines and turn a closed
        # pipe into exit code 1 (the gate's "failed"); here both are decided below.
        code = app(prog_name="mcp-inspect", standalone_mode=False)
    except SystemExit as done:
        if done.code == 1 and _click_saw_a_closed_pipe():
            done = SystemExit(130)
        _leave(done)
    except (KeyboardInterrupt, BrokenPipeError):
        raise SystemExit(130) from None
    except Terminated as stop:
        raise SystemExit(128 + stop.signum) from None  # as a shell reports a process the signal ended
    except Exception as error:
        _leave_after(error, say)
    _leave(SystemExit(code))


def collect_cycles() -> None:
    """Turn the cycle collector back on, for a command that lives long (``serve``); the
    threshold stays above the default, for the same reason as in the service's workers."""
    gc.set_threshold(50_000, 20, 20)
    gc.enable()


def _click_saw_a_closed_pipe() -> bool:
    """click (typer's) turns a closed pipe on stdout or stderr into exit code 1, which reads
    as the gate failing; it leaves its mark by wrapping the streams so they stay quiet."""
    return any(type(stream).__name__ == "PacifyFlushWrapper" for stream in (sys.stdout, sys.stderr))


def _is_click(error: BaseException, name: str) -> bool:
    """Whether ``error`` is click's ``name`` exception or a subclass. By name: typer 0.28
    vendors click as ``typer._click``, earlier releases use click itself."""
    return any(cls.__name__ == name for cls in type(error).__mro__)


def _close_options(name: str, offered: list[str]) -> list[str]:
    """The options click offers for a mistyped one that are still close once the dashes are
    left out: click's measure counts the shared ``--``, so ``--bogus`` was offered ``--verbose``."""
    from difflib import SequenceMatcher

    bare = name.lstrip("-")
    return [option for option in offered if SequenceMatcher(None, bare, option.lstrip("-")).ratio() >= 0.6]


def _leave_after(error: Exception, say: Callable[..., None]) -> NoReturn:
    """One line for an exception no command handled, and its exit code."""
    if _is_click(error, "NoArgsIsHelpError"):  # the bare command: its help, as click shows it
        error.show()  # type: ignore[attr-defined]
        raise SystemExit(2) from None
    if _is_click(error, "UsageError"):  # a mistyped command line: one line, and where help is
        if _is_click(error, "NoSuchOption") and getattr(error, "possibilities", None):
            error.possibilities = _close_options(error.option_name, error.possibilities)  # type: ignore[attr-defined]
        command = getattr(getattr(error, "ctx", None), "command_path", "mcp-inspect")
        message = error.format_message().rstrip(".")  # type: ignore[attr-defined]
        say(f"mcp-inspect: error: {message} (see {command} --help)")
        raise SystemExit(2) from None
    if _is_click(error, "Abort"):  # what click makes of Ctrl-C
        raise SystemExit(130) from None
    if isinstance(error, RecursionError):
        say("mcp-inspect: error: the input is nested too deeply to process")
        raise SystemExit(2) from None
    if isinstance(error, InspectError):  # a command that let one through: still one line, its exit code
        say(f"mcp-inspect: error: {error}", error.verbatim)
        raise SystemExit(error.exit_code) from None
    if _is_click(error, "ClickException"):
        say(f"mcp-inspect: error: {error.format_message()}")  # type: ignore[attr-defined]
        raise SystemExit(getattr(error, "exit_code", 2)) from None
    # a bug: say so in one line rather than dump a traceback
    say(f"mcp-inspect: internal error: {type(error).__name__}: {error} "
        "(please report this with the input that caused it)")
    raise SystemExit(2) from None


def _leave(done: SystemExit) -> NoReturn:
    """End the process as soon as the command has said everything.

    A large diff leaves a big heap behind (the parsed inputs, canonical forms, findings),
    and the interpreter frees it object by object on the way out: ~0.05 s of a 3,000-tool
    run, for nothing. So once the output is flushed the process ends at once. Anything
    unusual (an exit message instead of a code, a thread still running) leaves the normal way,
    and so does a run under coverage.py, which saves its data in an exit hook.
    """
    code = 0 if done.code is None else done.code
    _stdout_failed(lambda line: print(line, file=sys.stderr))  # before any way out, which would flush it again
    threading = sys.modules.get("threading")
    if (not isinstance(code, int) or (threading is not None and threading.active_count() > 1)
            or "coverage" in sys.modules):
        raise done
    try:
        sys.stderr.flush()  # never None: run() stands /dev/null in for a closed one
    except (OSError, ValueError):
        raise done from None
    os._exit(code)


def _stdout_failed(say: Callable[[str], None]) -> None:
    """If what is left of the output cannot be written, say so and end with exit code 2.

    Output that cannot be written is lost, so the run did not do its job, whatever the
    command concluded; a reader that went away (a closed pipe) ends it quietly with 130,
    as an interrupt does.
    """
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_exit(130)
    except (OSError, ValueError) as exc:
        say(f"mcp-inspect: error: cannot write the output to stdout ({getattr(exc, 'strerror', None) or exc})")
        _quiet_exit(2)


def _quiet_exit(code: int) -> NoReturn:
    # Python would flush stdout again on the way out and print a second error about it.
    try:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - the process ends here
        sys.stderr.flush()
    finally:
        os._exit(code)
