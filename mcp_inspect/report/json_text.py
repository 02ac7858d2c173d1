"""Indented JSON text for the reports, written without the standard library's slow path.

``json.dumps(value, indent=2)`` cannot use the C encoder (it only writes compact text), and
its pure-Python encoder spent ~0.07 s on the 3 MB report of a 3,000-tool diff. ``dumps``
writes exactly the same text (tests/report/test_json_text.py compares them on generated
values and on real reports) for about 60% of the time: containers are walked here, and
every string goes through the C string encoder. Anything other than the plain types a
report is made of (floats, enum members, tuples, non-string keys) is handed to ``json.dumps``
and indented to its place, so the rare cases cost the old price and stay identical.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from json.encoder import encode_basestring
from typing import Any

from ..text.escape import inert_json

_STEP = "  "
_CONSTANTS = {None: "null", True: "true", False: "false"}


def dumps(value: Any, *, inert: bool = False) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``, faster. ``value`` must be a tree.

    With ``inert``, the characters ``escape.inert_json`` names are written as ``\\u``
    escapes too (the same JSON value), string by string: ``inert_json`` passes plain ASCII
    at C speed, where a pass over the whole text would search all of it.
    """
    parts: list[str] = []
    _write(value, "\n", parts.append, inert_json if inert else _as_is)
    return "".join(parts)


def _as_is(text: str) -> str:
    return text


class Fragment(str):
    """A value already written as JSON text, indented as if it stood at the top level: it is
    copied into place, its newlines indented to its depth. Writers of large, regular parts of
    a report (lint findings by the ten thousand) assemble them from pre-encoded pieces."""

    __slots__ = ()


def encode(text: str, *, inert: bool = True) -> str:
    """One string as JSON text (inert: see ``dumps``)."""
    return inert_json(encode_basestring(text)) if inert else encode_basestring(text)


def _write(value: Any, pad: str, out: Callable[[str], None], finish: Callable[[str], str]) -> None:
    # ``pad`` is the newline and indentation that closes this value's container; ``finish``
    # is applied to every string as written.
    kind = type(value)
    if kind is str:
        out(finish(encode_basestring(value)))
    elif kind is Fragment:
        out(value.replace("\n", pad) if pad != "\n" else value)
    elif kind is dict and all(type(key) is str for key in value):
        if not value:
            out("{}")
            return
        inner = pad + _STEP
        separator = "{" + inner
        for key, item in value.items():
            out(separator + finish(encode_basestring(key)) + ": ")
            _write(item, inner, out, finish)
            separator = "," + inner
        out(pad + "}")
    elif kind is list:
        if not value:
            out("[]")
            return
        inner = pad + _STEP
        separator = "[" + inner
        for item in value:
            out(separator)
            _write(item, inner, out, finish)
            separator = "," + inner
        out(pad + "]")
    elif value is None or kind is bool:
        out(_CONSTANTS[value])
    elif kind is int:
        out(int.__repr__(value))
    else:  # JSON text holds no raw newline except indentation, so re-indenting is exact
        out(finish(json.dumps(value, indent=2, ensure_ascii=False).replace("\n", pad)))
