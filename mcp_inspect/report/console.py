"""The rich console the text reports (diff and lint) are written to.

It writes to a buffer, never parses markup, highlights nothing and prints no emoji
codes: server text reaches it already neutralised (escape.plain) as rich ``Text``.
"""

from __future__ import annotations

import textwrap
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

#: Both dimensions are given, so rich never asks the terminal for its size, which it
#: otherwise does on every print (a system call per line of a long report). The text goes
#: to a buffer, so the height is never used.
_HEIGHT = 25


def text_console(buffer: IO[str], *, color: bool, width: int) -> Console:
    """A console writing to ``buffer``."""
    from rich.console import Console  # imported here: JSON output never needs rich

    return Console(file=buffer, force_terminal=color, no_color=not color, width=width, height=_HEIGHT,
                   highlight=False, emoji=False, markup=False)


def wrapped(console: Console, text: str, indent: int, style: str = "") -> None:
    """``text`` indented and wrapped to the console's width.

    Wrapped here rather than by rich, which pads every wrapped line with trailing spaces.
    """
    from rich.text import Text

    for line in textwrap.wrap(text, width=max(20, console.width - indent), break_on_hyphens=False) or [""]:
        console.print(Text(" " * indent + line, style=style), soft_wrap=True)

