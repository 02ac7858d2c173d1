"""What the command line writes: its one-line messages on stderr, its outputs, and the
formats a report can be written in. Kept apart from the commands, which parses and calls ``api``.
"""

from __future__ import annotations

import enum
import os
import sys
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

from ..errors import InputError, InspectError

if TYPE_CHECKING:
    from ..llm.review import Reviewer
    from ..model import Snapshot


class Format(enum.StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"
    markdown = "markdown"
    github = "github"
    html = "html"
    junit = "junit"
    gitlab = "gitlab"


class ListFormat(enum.StrEnum):
    text = "text"
    json = "json"


def say(line: str, verbatim: str | None = None) -> None:
    """One line on stderr. Messages quote inputs (names, a server's stderr), so they are
    shown inert and kept to one line, whatever they hold; but for every ``verbatim`` in
    the line (``InspectError.verbatim``), a quote of printable ASCII that the escaping would
    only change (a backslash before ``u`` is shown doubled). Every one, not the last alone: a
    message may quote the same input twice (an SSE event id, hostile trial, round 36)."""
    from ..limits import MAX_MESSAGE_CHARS
    from ..text.escape import inert_lines, plain

    parts, quote = [line], ""
    if verbatim and verbatim.isascii() and verbatim.isprintable() and " " not in verbatim and verbatim in line:
        parts, quote = line.split(verbatim), verbatim
    line = " ".join(quote.join(plain(part) for part in parts).split())
    line = inert_lines(line)  # a CI log reads workflow commands in stderr too
    if len(line) > MAX_MESSAGE_CHARS:
        line = line[:MAX_MESSAGE_CHARS - 1] + "…"
    typer.echo(line, err=True)


def fail(error: InspectError) -> NoReturn:
    say(f"mcp-inspect: error: {error}", error.verbatim)
    raise typer.Exit(error.exit_code)


@contextmanager
def exit_on_error() -> Iterator[None]:
    """Around a command's work: an InspectError ends the command as ``fail`` does (its one
    line on stderr, its exit code); anything else passes through."""
    try:
        yield
    except InspectError as error:
        fail(error)


def use_color() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def stdout_or_file(output: Path | None) -> Path | None:
    """A report's ``-o``: None (stdout) for ``-``, as ``snapshot -o -`` and ``--report FORMAT=-``
    read it, else the file. ``diff -o -`` wrote a file named '-' (over an input of that name)."""
    return None if output is not None and str(output) == "-" else output


def not_stdout(output: Path | None, option: str, what: str) -> None:
    """InputError when ``option`` names ``-``: ``what`` (pin's lock file, record's call log) is a
    file the command keeps, not a report, and ``pin -o -`` wrote one named '-' where every report
    command now reads ``-`` as stdout (record's stdout is the protocol the client reads)."""
    if output is not None and str(output) == "-":
        raise InputError(f"{option} -: {what} must be a file (a report command's -o - is stdout; this one is not "
                         "a report); name a file, e.g. ./-")


def emit(text: str, output: Path | None = None) -> None:
    """Write a command's output to ``output``, or to stdout when it is None or ``-``."""
    output = stdout_or_file(output)
    if output is None:
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            raise typer.Exit(130) from None  # the reader went away: quietly, and not as the gate's 1
        except OSError as exc:
            fail(InputError(f"stdout: cannot write the output ({exc.strerror or exc})"))
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(InputError(f"{output}: cannot write the report ({exc.strerror or exc})"))


def refuse_inputs(outputs: list[Path | str | None], sources: list[str | Path | None], what: str, *,
                  store: str | Path | None = None, saving: bool = False) -> None:
    """InputError (exit 2, before anything is written) when one of ``outputs`` (a report's
    ``-o``; None or ``-``: stdout) names a file one of ``sources`` reads (its surfaces, the
    mcp.json, the configuration, a recording), a link to it included: ``check mcp.json -o
    mcp.json`` wrote the report over the mcp.json it checked. When a source is ``@NAME`` or the
    command saves (``saving``), the snapshot store (``store``, else its default) is an input
    too, its index, lock and every object: ``diff @base new.json -o snapshots/index.json`` lost
    every name of the store."""
    from ..runtime.files import refuse_input
    from ..snapshot.store import holds_path, store_root
    from ..sources.load import input_files

    inputs: list[str | Path] = [file for source in sources if source is not None
                                for file in input_files(str(source), store)]
    written = [output for output in outputs if output is not None and str(output) != "-"]
    for index, output in enumerate(written):
        # Two outputs of one run on one file (-o r.json --report json=r.json): the second
        # write replaced the first report without a word.
        for earlier in written[:index]:
            if os.path.realpath(output) == os.path.realpath(earlier):
                raise InputError(f"{output}: is named for two outputs of this run ({earlier} too); each would "
                                 "overwrite the other (name another file)")
    reads_store = saving or any(str(source).startswith("@") for source in sources if source is not None)
    root = store_root(store)
    for output in outputs:
        if output is None or str(output) == "-":
            continue
        refuse_input(output, inputs, what)
        if reads_store and holds_path(root, output):
            raise InputError(f"{output}: is in the snapshot store at {root}, which this command "
                             f"{'writes' if saving else 'reads'}; the {what} would overwrite it (name another file)")


def same_terminal(output: Path | None) -> bool:
    """Whether a report written to ``output`` (stdout when None) reaches the terminal stderr
    reaches: there a warning the report prints and stderr says too is read twice."""
    return output is None and sys.stdout.isatty() and sys.stderr.isatty()


def warn(messages: list[str], *, shown: Collection[str] = ()) -> None:
    """Each message on stderr, but those in ``shown``: the ones the report printed itself to the
    same terminal (``same_terminal``), where the reader would see each one twice. Callers pass
    ``shown`` only then: a file, a pipe, CI capturing stderr or a format nobody reads on a
    terminal (JSON) keeps stderr's, for scripts and logs."""
    for message in messages:
        if message not in shown:
            say(f"mcp-inspect: warning: {message}")


def warn_if_no_check(settings: Any) -> None:
    """A selection that leaves nothing to run passes every surface with a perfect score: the
    contract lets it run, so it is said rather than refused (docs/lint.md, "Selection")."""
    from ..config.settings import runs_no_check

    if runs_no_check(settings):
        warn([f"the lint selection runs no check (select {', '.join(settings.select) or 'nothing'}, ignore "
              f"{', '.join(settings.ignore) or 'nothing'}, MCP revision {settings.spec_version}): every "
              "surface passes with a perfect score"])


def surface_counts(snap: Snapshot) -> str:
    """``12 tools, 1 prompt`` for what a snapshot holds (every list it carries, even empty),
    then why a list is missing when its method answered an error (``resources advertised but
    not served``): without it, nx-mcp's ``2 tools, 0 prompts`` hid that it advertises resources."""
    from ..model import LIST_KINDS
    from ..snapshot.failures import missing_list_words

    words = {"tools": "tool", "resources": "resource", "resourceTemplates": "resource template",
             "prompts": "prompt"}
    held = [(len(items), words[lk.key]) for lk in LIST_KINDS if (items := getattr(snap, lk.key)) is not None]
    said = ", ".join(f"{n} {word}{'' if n == 1 else 's'}" for n, word in held) or "no lists"
    missing = missing_list_words(snap)
    return said + (f"; {', '.join(missing)}" if missing else "")


def parse_reports(values: list[str] | None) -> list[tuple[str, Path]]:
    """``--report FORMAT=PATH`` pairs (``-`` is stdout), checked before any work is done."""
    reports = []
    for value in values or []:
        fmt, sep, path = value.partition("=")
        if not sep or not path or fmt not in Format.__members__:
            raise InputError(f"--report {value!r}: expected FORMAT=PATH with FORMAT one of "
                             f"{', '.join(Format.__members__)}")
        reports.append((fmt, Path(path)))
    return reports


def reviewed(reviewer: Reviewer | None) -> None:
    """What the model review cost, on stderr (never in the report, which stays deterministic)."""
    if reviewer is None:
        return
    from ..llm.review import summary_line

    if reviewer.error is not None:
        warn([f"model review: {reviewer.error}"])
    say(f"mcp-inspect: {summary_line(reviewer)}")
