"""``mcp-inspect snapshots``: list the snapshot store, or remove names from it (commands.py
registers the command)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .options import STORE_OPTION
from .output import ListFormat, emit, exit_on_error, say


def snapshots(
    format: Annotated[ListFormat, typer.Option("--format", "-f", help="Listing format.")] = ListFormat.text,
    store: Annotated[Path | None, STORE_OPTION] = None,
    delete: Annotated[list[str] | None, typer.Option("--delete", metavar="NAME", show_default=False,
                                                     help="Remove NAME from the store (repeatable), and the "
                                                     "surfaces no other name refers to.")] = None,
) -> None:
    """List the snapshots saved in the store: name, fingerprint, when saved and from where."""
    from .. import api
    from ..report.store_list import render_store_json, render_store_text
    from ..snapshot.store import plain_files

    with exit_on_error():
        root = api.store_location(store)
        if delete:
            names, held = list(dict.fromkeys(delete)), {e.name for e in api.list_snapshots(store)}
            for name in [n for n in names if n not in held][:1]:  # a typo stops it before any removal:
                api.delete_snapshot(name, store)  # the store's own error, with close names
            for name in names:
                removed = api.delete_snapshot(name, store)
                gone = f"; deleted {len(removed)} surface{'' if len(removed) == 1 else 's'} no other name " \
                       "refers to" if removed else "; its surface stays, another name refers to it"
                say(f"mcp-inspect: removed @{name} from {root}{gone}")
            return
        found = api.list_snapshots(store)
    if format is ListFormat.json:
        emit(render_store_json(root, found))
    else:
        emit(render_store_text(root, found, plain_files(root) if not found else None))
