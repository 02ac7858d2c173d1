"""``mcp-inspect snapshots``: the names in the snapshot store, for a reader or as JSON."""

from __future__ import annotations

import json
from pathlib import Path

from ..snapshot.store import Entry, plain_files_note
from ..text.escape import inert_json, one_line

SHORT_FINGERPRINT = 12


def render_store_json(root: Path, entries: list[Entry]) -> str:
    document = {"store": str(root), "snapshots": [
        {"name": e.name, "fingerprint": e.fingerprint, "savedAt": e.saved_at, "source": e.source}
        for e in entries]}
    return inert_json(json.dumps(document, indent=2, ensure_ascii=False)) + "\n"


def render_store_text(root: Path, entries: list[Entry], plain_files: list[str] | None = None) -> str:
    """The listing; ``plain_files`` are the .json files of the store's folder that are not store
    entries (store.plain_files), named when the store is empty so that it does not look lost."""
    if not entries:
        if plain_files:
            note = plain_files_note(root, plain_files)
            return one_line(f"No snapshots in {root}: {note}; then @NAME names it.") + "\n"
        return (f"No snapshots in {root}. Save one with `mcp-inspect snapshot SOURCE --save NAME`; "
                "then @NAME names it.\n")
    rows = [("NAME", "FINGERPRINT", "SAVED", "SOURCE")]
    # The index is input like any other (a hand-edited file, a pull request): shown inert.
    rows += [(one_line(e.name), e.fingerprint[:SHORT_FINGERPRINT], one_line(e.saved_at), one_line(e.source))
             for e in entries]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [f"{a:<{widths[0]}}  {b:<{widths[1]}}  {c:<{widths[2]}}  {d}".rstrip() for a, b, c, d in rows]
    lines.append(f"\n{len(entries)} snapshot{'s' if len(entries) != 1 else ''} in {root}; "
                 "use @NAME wherever a surface is expected.")
    return "\n".join(lines) + "\n"
