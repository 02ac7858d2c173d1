"""Neutral change facts, and the small helpers every differ shares.

Differs report *what* changed as a ``Change`` (a rule id, a path, before and
after values, and the facts a message is written from). They never pick a severity: the
engine stamps it from the catalogue, except that graded rules carry the grade their
differ gave (prose by the prose measure, a default-valued hint or a moved
``lastModified`` as DOCUMENTATION). Nor do they write words: ``variant`` names which of
the rule's templates (rules/*.yaml ``messages``) says the change, and ``args`` holds
the named values it reads, which the JSON report also shows as they are.

A side that was not there at all (a keyword or field absent, not declared ``null``) may be
given as ``ABSENT``: the change reports it as null, as every report always has, and lists
it in ``absent``, so that the JSON report can tell the two apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..findings.severity import Severity

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
    #: Which of the rule's message templates says this change.
    variant: str = "default"
    #: The facts that template reads, by name: JSON values only (never ABSENT).
    args: dict[str, Any] = field(default_factory=dict)
    grade: Severity | None = None  # only for graded rules (rules/*.yaml, ``graded: true``)
    #: The sides (``before``, ``after``) that were absent, not null: their value above is None.
    absent: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.before is ABSENT or self.after is ABSENT:
            gone = {side for side in ("before", "after") if getattr(self, side) is ABSENT} | set(self.absent)
            object.__setattr__(self, "before", or_none(self.before))
            object.__setattr__(self, "after", or_none(self.after))
            object.__setattr__(self, "absent", tuple(side for side in ("before", "after") if side in gone))


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

