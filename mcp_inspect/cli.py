"""The command line: parse, call the library, render. No logic lives here.

Exit codes (docs/ci.md): 0 ran and nothing reached the gate; 1 the gate failed;
2 the input, configuration or command line is wrong; 3 a live server could not
be captured.
"""

from __future__ import annotations

import enum
import os
import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from . import __version__
from .errors import InputError, InspectError

app = typer.Typer(
    name="mcp-inspect",
    help=(
        "Tell what a change to an MCP server's surface does to its clients: snapshot it, "
        "diff two versions, classify every change and gate a pull request on it."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


class Format(enum.StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"
    markdown = "markdown"
    github = "github"


class ListFormat(enum.StrEnum):
    text = "text"
    json = "json"


def _fail(error: InspectError) -> NoReturn:
    typer.echo(f"mcp-inspect: error: {error}", err=True)
    raise typer.Exit(error.exit_code)


def _use_color() -> bool:
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ


def _emit(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(InputError(f"{output}: cannot write the report ({exc.strerror or exc})"))


def _warn(messages: list[str]) -> None:
    for message in messages:
        typer.echo(f"mcp-inspect: warning: {message}", err=True)


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


SOURCE_HELP = "A surface: a JSON or YAML file, or - for stdin."


@app.command()
def snapshot(
    source: Annotated[str, typer.Argument(help=SOURCE_HELP, show_default=False)],
    output: Annotated[str, typer.Option("-o", "--output", help="Where to write the snapshot (- for stdout).")] = "-",
) -> None:
    """Read any accepted surface and write it in mcp-inspect's snapshot format."""
    from .snapshot import write_snapshot
    from .sources import load_source

    try:
        write_snapshot(load_source(source), output)
    except InspectError as error:
        _fail(error)
    except OSError as exc:
        _fail(InputError(f"{output}: cannot write the snapshot ({exc.strerror or exc})"))


def _run_diff(old: str, new: str, config_path: Path | None, fail_on: str | None):
    from .config import load_config
    from .diff import diff_snapshots
    from .model import Severity
    from .sources import load_source

    threshold = None
    if fail_on is not None:
        try:
            threshold = Severity.parse(fail_on)
        except ValueError as exc:
            raise InputError(f"--fail-on: {exc}") from None
    if old == "-" and new == "-":
        raise InputError("only one side can be read from stdin")
    config = load_config(config_path)
    result = diff_snapshots(load_source(old), load_source(new))
    return config.apply(result, fail_on=threshold)


CONFIG_OPTION = typer.Option("--config", "-c", help="Configuration file (default: .mcp-inspect.yml "
                             "or .mcp-inspect.yaml in the working directory).", show_default=False)
FAIL_ON_OPTION = typer.Option("--fail-on", help="Lowest severity that fails the gate: BREAKING (default), "
                              "POTENTIALLY_BREAKING, NON_BREAKING or DOCUMENTATION. Beats fail_on in "
                              "the configuration.", show_default=False)


@app.command()
def diff(
    old: Annotated[str, typer.Argument(help="The baseline surface. " + SOURCE_HELP, show_default=False)],
    new: Annotated[str, typer.Argument(help="The changed surface. " + SOURCE_HELP, show_default=False)],
    format: Annotated[Format, typer.Option("--format", "-f", help="Report format.")] = Format.text,
    fail_on: Annotated[str | None, FAIL_ON_OPTION] = None,
    config: Annotated[Path | None, CONFIG_OPTION] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the report to this file.",
                                                show_default=False)] = None,
) -> None:
    """Classify every change from OLD to NEW. Exit 1 when a finding reaches the gate."""
    from .report import render

    try:
        result = _run_diff(old, new, config, fail_on)
    except InspectError as error:
        _fail(error)
    _warn(result.warnings)
    _emit(render(result, format.value, color=output is None and _use_color()), output)
    raise typer.Exit(result.exit_code)


@app.command("release-notes")
def release_notes(
    old: Annotated[str, typer.Argument(help="The previous release's surface. " + SOURCE_HELP, show_default=False)],
    new: Annotated[str, typer.Argument(help="The new release's surface. " + SOURCE_HELP, show_default=False)],
    title: Annotated[str | None, typer.Option("--title", help="Heading of the notes.")] = None,
    config: Annotated[Path | None, CONFIG_OPTION] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the notes to this file.",
                                                show_default=False)] = None,
) -> None:
    """Write a Markdown changelog of the changes from OLD to NEW, with the suggested version bump."""
    from .release import plan_release
    from .report.release_notes import render_release_notes

    try:
        result = _run_diff(old, new, config, None)
    except InspectError as error:
        _fail(error)
    _warn(result.warnings)
    _emit(render_release_notes(plan_release(result), title=title), output)


@app.command()
def rules(
    format: Annotated[ListFormat, typer.Option("--format", "-f", help="Listing format.")] = ListFormat.text,
) -> None:
    """List every rule with its default severity and summary."""
    from .catalogue import default_catalogue
    from .report.rules_list import render_rules_json, render_rules_text

    catalogue = default_catalogue()
    text = render_rules_json(catalogue) if format is ListFormat.json else render_rules_text(catalogue)
    sys.stdout.write(text)


@app.command()
def explain(rule: Annotated[str, typer.Argument(help="A rule id, e.g. tool.input.required.added.",
                                                show_default=False)]) -> None:
    """Explain one rule: what it catches, why it matters, what to do, and an example."""
    from .catalogue import default_catalogue
    from .report.rules_list import render_explanation, suggest_rule

    catalogue = default_catalogue()
    if rule not in catalogue:
        _fail(InputError(f"unknown rule {rule!r}{suggest_rule(catalogue, rule)}"))
    sys.stdout.write(render_explanation(catalogue.rule(rule)))


def main() -> None:
    # Deeply nested (but within limits) schemas recurse further than Python's default allows.
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    try:
        app(standalone_mode=True)
    except (KeyboardInterrupt, BrokenPipeError):
        raise SystemExit(130) from None
    except RecursionError:
        typer.echo("mcp-inspect: error: the input is nested too deeply to process", err=True)
        raise SystemExit(2) from None
    except Exception as exc:  # a bug: say so in one line rather than dump a traceback
        typer.echo(f"mcp-inspect: internal error: {type(exc).__name__}: {exc} "
                   "(please report this with the input that caused it)", err=True)
        raise SystemExit(2) from None
