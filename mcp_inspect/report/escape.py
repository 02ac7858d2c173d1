"""Make server-provided text safe to show: terminals and rich markup.

Names, descriptions and URIs come from servers we do not trust. A description
holding an ANSI escape could rewrite the terminal; one holding ``[bold red]``
would be read as rich markup. Both are shown literally instead.
"""

from __future__ import annotations

import re

from rich.markup import escape as _escape_markup

# C0 controls except tab/newline, DEL, C1 controls, and bidi/zero-width formatting marks
# that can reorder or hide what the reader sees.
_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]"
)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def plain(text: str) -> str:
    """Neutralise control and invisible formatting characters (shown as ``\\xNN``/``\\uNNNN``)."""
    return _UNSAFE.sub(_visible, text)


def one_line(text: str) -> str:
    return " ".join(plain(text).split())


def terminal(text: str) -> str:
    """Safe for a rich console: controls neutralised and markup escaped."""
    return _escape_markup(plain(text))
