"""Neutral change facts, and the small helpers every differ shares.

Differs report *what* changed as a ``Change`` (a rule id, a path, before and
after values, a message). They never pick a severity: the engine stamps it from
the catalogue, except that graded rules carry the grade their differ gave (prose by
the prose measure, a default-valued hint or a moved ``lastModified`` as DOCUMENTATION).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..findings.severity import Severity

_MAX_VALUE_TEXT = 80

#: A keyword or field that is not there, as opposed to one whose value is null.
ABSENT: Any = object()


def or_none(value: Any) -> Any:
    """``None`` for ABSENT, the value otherwise (how before/after are reported)."""
    return None if value is ABSENT else value


@dataclass(frozen=True)
class Change:
    rule: str
    path: str
    before: Any = None
    after: Any = None
    message: str = ""
    grade: Severity | None = None  # only for graded rules (rules/*.yaml, ``graded: true``)


def same(a: Any, b: Any) -> bool:
    """JSON equality that keeps ``true`` and ``1`` apart (Python's ``==`` does not)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def join(path: str, *parts: str) -> str:
    """Extend a dotted location such as ``inputSchema.properties.path``."""
    return ".".join(p for p in (path, *parts) if p)


def show(value: Any) -> str:
    """A short, single-line rendering of a value for messages."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, sort_keys=True)
    text = " ".join(text.split())
    if len(text) > _MAX_VALUE_TEXT:
        text = text[: _MAX_VALUE_TEXT - 1] + "…"
    return text


def show_list(values: list[Any]) -> str:
    return ", ".join(show(v) for v in values)
