"""``mcp-inspect approve``: accept single changes of a diff in ``.mcp-inspect.yml`` (commands.py
registers the command; api.approve does the work)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .options import (
    CONFIG_OPTION,
    ENV_OPTION,
    HEADER_OPTION,
    PROTOCOL_OPTION,
    SOURCE_HELP,
    STORE_OPTION,
    TIMEOUT_OPTION,
    TRANSPORT_OPTION,
    capture_options,
)
from .output import exit_on_error, say


def approve(
    old: Annotated[str, typer.Argument(metavar="OLD", help="The baseline surface, as diff takes it.",
                                       show_default=False)],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The changed surface. Each is " + SOURCE_HELP[0].lower()
                                       + SOURCE_HELP[1:], show_default=False)],
    ids: Annotated[list[str] | None, typer.Argument(metavar="FINDING_ID...", show_default=False,
                                                    help="Ids of the changes to approve, as the diff's JSON "
                                                    "report prints them.")] = None,
    reason: Annotated[str, typer.Option("--reason", show_default=False,
                                        help="Why the change is accepted (required; shown in every report).")] = "",
    expires: Annotated[str | None, typer.Option("--expires", metavar="YYYY-MM-DD", show_default=False,
                                                help="The day after which the approval stops applying.")] = None,
    all_breaking: Annotated[bool, typer.Option("--all-breaking", help="Approve every BREAKING change of the "
                                               "diff instead of naming ids.")] = False,
    config: Annotated[Path | None, CONFIG_OPTION] = None,
    env: Annotated[list[str] | None, ENV_OPTION] = None,
    header: Annotated[list[str] | None, HEADER_OPTION] = None,
    timeout: Annotated[float, TIMEOUT_OPTION] = 30.0,
    protocol: Annotated[str, PROTOCOL_OPTION] = "auto",
    transport: Annotated[str, TRANSPORT_OPTION] = "auto",
    store: Annotated[Path | None, STORE_OPTION] = None,
) -> None:
    """Accept changes from OLD to NEW one by one: write an approve: entry per change (its fingerprint, the
    reason, the expiry) to .mcp-inspect.yml, so that diff no longer fails on it. Commit the file."""
    from .. import api

    with exit_on_error():
        options = capture_options(env, header, timeout, protocol, store, transport)
        done = api.approve(old, new, ids or [], reason=reason, expires=expires, all_breaking=all_breaking,
                           config=config, options=options)
    for entry in done.already:
        say(f"mcp-inspect: {entry.rule} on {entry.kind} {entry.entity!r} is already approved in {done.path}")
    count = len(done.written)
    if count or not done.already:
        say(f"mcp-inspect: wrote {count} approval{'' if count == 1 else 's'} to {done.path}")
