"""One ordered severity scale, spoken in two vocabularies.

Changes are graded DOCUMENTATION < NON_BREAKING < POTENTIALLY_BREAKING < BREAKING; checks
of one surface are graded info < warning < error. Both are integers on one scale, so any
two severities compare: an ``error`` ranks with BREAKING (a client or a caller fails), a
``warning`` with POTENTIALLY_BREAKING (something a reviewer must weigh), an ``info`` with
NON_BREAKING (advice), and DOCUMENTATION ranks below everything.

The gate keeps one threshold per vocabulary (``fail_on`` for changes, ``lint.fail_on`` and
its diff counterparts for checks; docs/configuration.md): a threshold is written in the
vocabulary of the findings it judges. The shared scale orders findings of both kinds where
they meet in one list (SARIF levels, annotations, the summary).
"""

from __future__ import annotations

import enum

#: The words a check's severity may be written in; the validator's ``suggestion`` is ``info``.
_LEVEL_SYNONYMS = {"suggestion": "info"}


class Severity(enum.IntEnum):
    """The severity of a change. ``a >= b`` reads "a is at least as severe as b"."""

    DOCUMENTATION = 0
    NON_BREAKING = 1
    POTENTIALLY_BREAKING = 2
    BREAKING = 3

    def __str__(self) -> str:
        return self.name

    def __format__(self, spec: str) -> str:  # IntEnum formats as its number otherwise
        return format(self.name, spec)

    @property
    def label(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str | Severity) -> Severity:
        """A member, or its name in any letter case; ValueError names the accepted values."""
        if isinstance(text, Severity):
            return text
        if isinstance(text, str):
            member = cls.__members__.get(text.strip().upper().replace("-", "_").replace(" ", "_"))
            if member is not None:
                return member
        names = ", ".join(s.name for s in cls)
        raise ValueError(f"unknown severity {text!r} (expected one of {names})")


class Level(enum.IntEnum):
    """The severity of a check, on the same scale as ``Severity`` (see the module doc)."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    def __str__(self) -> str:
        return self.label

    def __format__(self, spec: str) -> str:
        return format(self.label, spec)

    @property
    def label(self) -> str:
        return self.name.lower()

    @classmethod
    def parse(cls, text: str | Level) -> Level:
        """A member, or ``error``/``warning``/``info``/``suggestion`` in any letter case."""
        if isinstance(text, Level):
            return text
        if isinstance(text, str):
            word = text.strip().lower()
            member = cls.__members__.get(_LEVEL_SYNONYMS.get(word, word).upper())
            if member is not None:
                return member
        raise ValueError(f"unknown lint level {text!r} (expected error, warning or info)")


#: Either vocabulary.
Grade = Severity | Level


def parse_threshold(text: str | Level | None) -> Level | None:
    """A lint gate threshold: a level, or ``none`` (never fail) as None."""
    if text is None or isinstance(text, Level):
        return text
    if isinstance(text, str) and text.strip().lower() == "none":
        return None
    try:
        return Level.parse(text)
    except ValueError:
        raise ValueError(f"unknown lint level {text!r} (expected error, warning, info or none)") from None


def severity_argument(value: object, argument: str) -> Severity:
    """A change severity given to the library: a member, or its name in any letter case.

    Anything else is a ValueError naming ``argument`` and the accepted values, raised where
    the value is given rather than later, where it is compared.
    """
    try:
        return Severity.parse(value)  # type: ignore[arg-type]
    except ValueError:
        names = ", ".join(s.name for s in reversed(Severity))
        raise ValueError(f"{argument}: {value!r} is not a severity (expected one of {names}, "
                         "in any letter case, or a Severity)") from None


def threshold_argument(value: object, argument: str) -> Level | None:
    """A lint gate threshold given to the library: a Level, its name in any letter case, or
    ``none``/None (never fail); anything else is a ValueError naming ``argument``."""
    try:
        return parse_threshold(value)  # type: ignore[arg-type]
    except ValueError:
        raise ValueError(f"{argument}: {value!r} is not a lint level (expected error, warning, info or "
                         "none, in any letter case, or a Level)") from None


def threshold_label(level: Level | None) -> str:
    return "none" if level is None else level.label
