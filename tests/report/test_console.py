"""The text reports' batched console writes what rich writes line by line.

``Lines`` gathers a report's unwrapped lines and prints a run of them at once (or, without
colour, writes their plain text): the bytes must be those of one ``console.print`` per line,
in colour and without, whatever the lines hold (styles, tabs, wide and control characters,
trailing spaces). ``wrapped`` answers a text that fits on a line without textwrap: it must
be what textwrap makes of it.
"""

from __future__ import annotations

import io
import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.table import Table
from rich.text import Text

from mcp_inspect.report.console import Lines, text_console, wrapped

_STYLES = ("", "bold", "dim", "bold red", "green", "red strike", "cyan")
_CHARS = st.text(alphabet=st.sampled_from(list("ab c-\t\u00e9\u4e2d\U0001f600\u200b\x1b\x07 \u202e.")), max_size=30)


@st.composite
def line(draw: st.DrawFn) -> Text | None:
    if draw(st.integers(0, 6)) == 0:
        return None  # a blank line
    text = Text(draw(_CHARS), style=draw(st.sampled_from(_STYLES)))
    for _ in range(draw(st.integers(0, 3))):
        text.append(draw(_CHARS), style=draw(st.sampled_from(_STYLES)))
    return text


def _by_rich(lines: list[Text | None | str], color: bool, width: int) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=color, no_color=not color, width=width, height=25,
                      highlight=False, emoji=False, markup=False)
    for item in lines:
        if item is None:
            console.print()
        elif isinstance(item, str):  # printed wrapped (not soft_wrap), as a few headings are
            console.print(Text(item))
        else:
            console.print(item, soft_wrap=True)
    return buffer.getvalue()


def _by_lines(lines: list[Text | None | str], color: bool, width: int) -> str:
    buffer = io.StringIO()
    console = text_console(buffer, color=color, width=width)
    for item in lines:
        if item is None:
            console.print()
        elif isinstance(item, str):
            console.print(Text(item))
        else:
            console.print(item.copy(), soft_wrap=True)
    console.flush()
    return buffer.getvalue()


# A sampling budget, not a contract (new examples each run, compared with rich and textwrap
# themselves): 150 and 300 examples where there were 300 and 1,000, some 8 s of drawing.
@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(line(), _CHARS), max_size=12), st.booleans(), st.sampled_from([20, 60, 100]))
def test_batched_lines_write_what_rich_writes_line_by_line(lines: list[Text | None | str], color: bool,
                                                           width: int) -> None:
    assert _by_lines(lines, color, width) == _by_rich(lines, color, width)


def test_other_renderables_keep_their_place() -> None:
    buffer = io.StringIO()
    console = text_console(buffer, color=False, width=40)
    table = Table("a")
    table.add_row("x")
    console.print(Text("before"), soft_wrap=True)
    console.print(table)
    console.print(Text("after"), soft_wrap=True)
    console.flush()
    reference = io.StringIO()
    rich = Console(file=reference, force_terminal=False, no_color=True, width=40, height=25, highlight=False,
                   emoji=False, markup=False)
    rich.print(Text("before"), soft_wrap=True)
    rich.print(table)
    rich.print(Text("after"), soft_wrap=True)
    assert buffer.getvalue() == reference.getvalue()


_WRAPPABLE = st.one_of(
    st.text(alphabet=st.sampled_from(list("ab -\t\n\r\x0b\x0c\u00a0\u2003x")), max_size=120),
    st.lists(st.text(alphabet=st.sampled_from(list("abx-\u00a0\u2003")), min_size=1, max_size=25),
             max_size=30).map(" ".join),  # words parted by single spaces, as most messages are
)


@settings(max_examples=300, deadline=None)
@given(_WRAPPABLE,
       st.integers(0, 12), st.sampled_from([20, 40, 100]))
def test_wrapped_is_textwrap(text: str, indent: int, width: int) -> None:
    buffer = io.StringIO()
    console = Lines(Console(file=buffer, width=width, height=25, no_color=True, highlight=False, markup=False),
                    color=False)
    wrapped(console, text, indent)
    console.flush()
    expected = [Text(" " * indent + piece) for piece in textwrap.wrap(text, width=max(20, width - indent),
                                                                     break_on_hyphens=False) or [""]]
    assert buffer.getvalue() == _by_rich(expected, False, width)


def test_a_line_with_an_empty_span_is_written_as_rich_writes_it_alone():
    """The example hypothesis found: ``Text("aa", "bold")`` with an empty bold span at 1 is two
    bold segments printed alone, one once joined to a blank line before it."""
    from rich.text import Span

    line = Text("aa", style="bold")
    line.spans.append(Span(1, 1, "bold"))
    assert _by_lines([None, line], True, 20) == _by_rich([None, line], True, 20)
