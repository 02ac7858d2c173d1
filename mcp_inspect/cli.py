"""The command line: parse, call the library, render. No logic lives here."""

from __future__ import annotations

import enum
import os
import sys
from pathlib import Path
from typing import Annotated

import typer

from . import __version__
from .errors import InspectError

app = typer.Typer(
    name="mcp-inspect",
    help="Snapshot, diff and gate the public surface of MCP servers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Format(str, enum.Enum):
    text = "text"
    json = "json"


def _fail(error: InspectError) -> typer.Exit:
    typer.echo(f"mcp-inspect: error: {error}", err=True)
    return typer.Exit(error.exit_code)


def _use_color() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def _version(value: bool) -> None:
    if value:
        typer.echo(f"mcp-inspect {__version__}")
        raise typer.Exit(0)


@app.callback()
def main_options(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """Snapshot, diff and gate the public surface of MCP servers."""


@app.command()
def snapshot(
    source: Annotated[str, typer.Argument(help="A surface file (JSON or YAML) or - for stdin.")],
    output: Annotated[str, typer.Option("-o", "--output", help="Where to write the snapshot (- for stdout).")] = "-",
) -> None:
    """Read any accepted surface and write it in mcp-inspect's snapshot format."""
    from .snapshot import load_snapshot, write_snapshot

    try:
        snap = load_snapshot(source)
        write_snapshot(snap, output)
    except InspectError as error:
        raise _fail(error) from None


@app.command()
def diff(
    old: Annotated[str, typer.Argument(help="The baseline surface (file or - for stdin).")],
    new: Annotated[str, typer.Argument(help="The changed surface (file or - for stdin).")],
    format: Annotated[Format, typer.Option("--format", "-f", help="Report format.")] = Format.text,
    fail_on: Annotated[str, typer.Option("--fail-on", help="Lowest severity that fails the gate.")] = "BREAKING",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the report to a file.")] = None,
) -> None:
    """Classify every change from OLD to NEW; exit 1 when the gate fails."""
    from .diff import diff_snapshots
    from .model import Severity
    from .snapshot import load_snapshot

    try:
        try:
            threshold = Severity.parse(fail_on)
        except ValueError as exc:
            raise InspectError(f"--fail-on: {exc}") from None
        if old == "-" and new == "-":
            raise InspectError("only one side can be read from stdin")
        result = diff_snapshots(load_snapshot(old), load_snapshot(new), fail_on=threshold)
    except InspectError as error:
        raise _fail(error) from None
    if format is Format.json:
        from .report.json_report import render_json

        text = render_json(result)
    else:
        from .report.text import render_text

        text = render_text(result, color=output is None and _use_color())
    _emit(text, output)
    raise typer.Exit(result.exit_code)


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
    else:
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise _fail(InspectError(f"{output}: cannot write ({exc.strerror or exc})")) from None


def main() -> None:
    # Deeply nested (but within limits) schemas recurse further than Python's default allows.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    app()
