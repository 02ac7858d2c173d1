"""The rich console the text reports (diff and lint) are written to.

It writes to a buffer, never parses markup, highlights nothing and prints no emoji
codes: server text reaches it already neutralised (escape.plain) as rich ``Text``.

Rich spends far more on each ``print`` (collecting renderables, rendering, writing its
buffer) than on the line itself, so the reports print through ``Lines``: the lines a report
prints unwrapped (``soft_wrap``) are gathered and handed to rich joined, one ``print`` for a
run of them, which writes the same bytes (tests/report/test_console.py).
"""

from __future__ import annotations

import textwrap
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

#: Both dimensions are given, so rich never asks the terminal for its size, which it
#: otherwise does on every print (a system call per line of a long report). The text goes
#: to a buffer, so the height is never used.
_HEIGHT = 25
#: The whitespace textwrap turns into spaces (its own list): a text without them that fits
#: on a line and does not end in whitespace is wrapped to itself.
_BREAKS = frozenset("\t\n\x0b\x0c\r")


class Lines:
    """A console's ``print`` for reports: unwrapped ``Text`` lines and blank lines are kept
    until something else is printed or ``flush`` is called, then printed in one call."""

    def __init__(self, console: Console, *, color: bool = True) -> None:
        self.console = console
        #: Without colour, a run of lines is their plain text (rich would write the same).
        self.color = color
        self.width = console.width
        self._lines: list[Text] = []

    def print(self, renderable: Any = None, *, soft_wrap: bool = False) -> None:
        from rich.text import Text

        if renderable is None:  # a blank line, as console.print() writes it
            self._lines.append(Text())
        elif soft_wrap and type(renderable) is Text and all(span.start < span.end for span in renderable.spans):
            # (An empty span splits rich's segments where it stands on its own line, but not
            # once the line is joined to others: such a line is printed on its own.)
            self._lines.append(renderable)
        else:
            self.flush()
            self.console.print(renderable, soft_wrap=soft_wrap)

    def flush(self) -> None:
        from rich.text import Text

        if self._lines:
            lines, self._lines = self._lines, []
            if not self.color:
                text = "\n".join(line.plain for line in lines)
                if "\t" not in text:  # rich expands tabs; nothing else changes plain text
                    self.console.file.write(text + "\n")
                    return
            self.console.print(Text("\n").join(lines), soft_wrap=True)


def text_console(buffer: IO[str], *, color: bool, width: int) -> Lines:
    """A console writing to ``buffer`` (call ``flush`` before reading it)."""
    from rich.console import Console  # imported here: JSON output never needs rich

    return Lines(Console(file=buffer, force_terminal=color, no_color=not color, width=width, height=_HEIGHT,
                         highlight=False, emoji=False, markup=False), color=color)


def wrapped(console: Lines, text: str, indent: int, style: str = "") -> None:
    """``text`` indented and wrapped to the console's width.

    Wrapped here rather than by rich, which pads every wrapped line with trailing spaces.
    """
    from rich.text import Text

    room = max(20, console.width - indent)
    for line in _wrap(text, room):
        console.print(Text(" " * indent + line, style=style), soft_wrap=True)


def _wrap(text: str, room: int) -> list[str]:
    """``textwrap.wrap(text, room, break_on_hyphens=False) or [""]``, made directly for the
    common text: words parted by single spaces, none longer than a line, none that is all
    whitespace (textwrap would drop it at a line's end); anything else goes to textwrap."""
    if 0 < len(text) <= room and not text[-1].isspace() and not _BREAKS.intersection(text):
        return [text]  # fits on a line
    words = text.split(" ")
    if _BREAKS.intersection(text) or not all(word and len(word) <= room and not word.isspace() for word in words):
        return textwrap.wrap(text, width=room, break_on_hyphens=False) or [""]
    lines, line = [], words[0]
    for word in words[1:]:
        if len(line) + 1 + len(word) <= room:
            line += " " + word
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines
