"""``mcp-inspect history``: a server's releases in order, each compared with the one before
(commands.py registers the command; docs/history.md)."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer

from .options import CONFIG_OPTION, PROFILE_OPTION, REPORT_OUTPUT_OPTION, STORE_OPTION
from .output import emit, exit_on_error, refuse_inputs, stdout_or_file, warn


class HistoryFormat(enum.StrEnum):
    text = "text"
    json = "json"
    markdown = "markdown"
    html = "html"


class Each(enum.StrEnum):
    tag = "tag"
    commit = "commit"


def history(
    sources: Annotated[list[str], typer.Argument(
        metavar="SOURCES...", show_default=False,
        help="The releases, oldest first: a git range of one snapshot file (git:v1.0.0..HEAD:PATH), a folder of "
        "snapshots (ordered by file name read as a version; a name such as server-1.2.0.json gives the release "
        "its version for the semver verdict, as a tag's name does), or two or more sources as diff takes them "
        "(FILE, @NAME, git:REF:PATH), in the order given.")],
    format: Annotated[HistoryFormat, typer.Option("--format", "-f", help="Report format.")] = HistoryFormat.text,
    output: Annotated[Path | None, REPORT_OUTPUT_OPTION] = None,
    each: Annotated[Each, typer.Option("--each", help="In a git range, a release per tag (the range's start and "
                                       "every tag in it) or per commit that changed the file.")] = Each.tag,
    fail_on_semver: Annotated[bool, typer.Option(
        "--fail-on-semver", help="Exit 1 when a release bumped its version less than its changes call for "
        "(a BREAKING change in a minor or patch release, an addition in a patch release); by commit, a commit "
        "that keeps the version is unreleased, and the one that moves it answers for every change since the "
        "last move.")] = False,
    no_lint: Annotated[bool, typer.Option("--no-lint", help="Skip the lint of every release (no maturity "
                                          "scores).")] = False,
    profile: Annotated[str | None, PROFILE_OPTION] = None,
    config: Annotated[Path | None, CONFIG_OPTION] = None,
    store: Annotated[Path | None, STORE_OPTION] = None,
) -> None:
    """Diff each release of a server with the one before: the changes by severity, the breaking ones named, the
    maturity score and whether the version bump matches the changes. Exit 1 with --fail-on-semver when one is
    too small."""
    from .. import api
    from ..live.options import CaptureOptions

    with exit_on_error():
        output = stdout_or_file(output)
        loaded = api.load_configuration(config)
        refuse_inputs([output], [*sources, loaded.source], "report", store=store)
        settings = api.lint_settings(loaded.lint, profile=profile)
        found = api.history(sources, config=loaded, settings=settings, lint=not no_lint, each=each.value,
                            options=CaptureOptions(store=str(store) if store else None, progress=False))
        # A folder's files, known once it is expanded.
        refuse_inputs([output], [release.source for release in found.releases], "report", store=store)
        text = api.render_history(found, format.value)
    warn(found.warnings)
    emit(text, output)
    raise typer.Exit(found.exit_code(fail_on_semver))
