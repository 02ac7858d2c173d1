"""A status line on stderr for the long steps of a large run, on a terminal only.

A diff of tens of thousands of tools takes seconds to classify and lint, and a text
report of as many findings seconds more; without a word the terminal looks hung. The
line is written without a thread (rich's spinner runs one, and a running thread keeps a
diff from forking its lint onto a second core: executor.can_fork), rewritten at each
step and cleared before anything else is printed. Pipes, files and CI logs get nothing.
"""

from __future__ import annotations

import sys
from typing import TextIO

#: Steps over fewer tool definitions, or fewer findings, end before a status could be read.
LARGE_RUN = 2_000


class Phases:
    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream if stream is not None else sys.stderr
        try:
            self._enabled = self._stream.isatty()
        except (AttributeError, ValueError):
            self._enabled = False
        self._shown = False

    def step(self, size: int, text: str) -> None:
        """Show ``text`` for a step over ``size`` things (tools, findings), if that is large."""
        if self._enabled and size >= LARGE_RUN:
            self._write(f"\r\x1b[Kmcp-inspect: {text}…")
            self._shown = True

    def show(self, text: str) -> None:
        """Show ``text`` whatever the size: for a step whose parts are slow (the model review's
        requests take seconds each), not its count."""
        if self._enabled:
            self._write(f"\r\x1b[Kmcp-inspect: {text}…")
            self._shown = True

    def __enter__(self) -> Phases:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.clear()  # before the command prints anything, an error included

    def clear(self) -> None:
        if self._shown:
            self._write("\r\x1b[K")
            self._shown = False

    def _write(self, text: str) -> None:
        try:
            self._stream.write(text)
            self._stream.flush()
        except (OSError, ValueError):
            self._enabled = False  # a status line is never worth failing the run for
