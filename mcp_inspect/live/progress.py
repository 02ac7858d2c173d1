"""Progress on a terminal: a rich status line on stderr while a capture runs, nothing otherwise."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

#: What a capture step reports as it goes: a few words on what it waits for.
Progress = Callable[[str], None]

#: Characters of the source shown on the status line (a long command line is cut).
_LABEL_CHARS = 40


@contextmanager
def terminal_progress(label: str) -> Iterator[Callable[[str], None] | None]:
    """Yield a callback that updates the status line, or None when stderr is not a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console

    from ..text.escape import terminal

    label = " ".join(label.split())  # a status line is one line
    if len(label) > _LABEL_CHARS:
        label = label[:_LABEL_CHARS - 1] + "…"
    shown = terminal(label)
    console = Console(stderr=True)
    with console.status(f"capturing {shown}") as status:
        yield lambda message: status.update(f"capturing {shown}: {terminal(' '.join(message.split()))}")
