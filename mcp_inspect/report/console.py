"""The rich console the text reports (diff and lint) are written to.

It writes to a buffer, never parses markup, highlights nothing and prints no emoji
codes: server text reaches it already neutralised (escape.plain) as rich ``Text``.
"""

from __future__ import annotations

import re
import textwrap
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console

#: Both dimensions are given, so rich never asks the terminal for its size, which it
#: otherwise does on every print (a system call per line of a long report). The text goes
#: to a buffer, so the height is never used.
_HEIGHT = 25
#: A line that starts, after spaces (and colour codes), with ``::`` is a workflow command
#: to GitHub's runner when a job prints it, and a text report is printed in CI logs.
_COMMAND_START = re.compile(r"^((?:[ \t]|\x1b\[[0-9;]*m)*):(?=:)", re.MULTILINE)


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


def inert_lines(text: str) -> str:
    """``text`` with the first colon of any line that would start with ``::`` shown as ``\\x3a``,
    and the runner's older command form ``##[`` (read anywhere in a line) as ``#\\x23[``.

    Server text reaches a line's start where a long message wraps; no line the reports
    write themselves starts that way, nor holds ``##[``.
    """
    return _COMMAND_START.sub(r"\1\\x3a", text).replace("##[", "#\\x23[")
