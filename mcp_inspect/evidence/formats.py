"""The formats a witness is held to: one fixed set, whatever else is installed.

A witness is a call the old schema accepts and the new one refuses, each judged with
formats asserted, so a string that only looks like an address or a URI proves nothing.
jsonschema asserts a format only when an optional package for it happens to be installed
(``date-time`` with rfc3339-validator, ``uri`` with rfc3986-validator or rfc3987, and its
``email`` only looks for an ``@``), so the same diff gave other witnesses on another
machine, and some broke the format they stood for: ``""`` for a ``uri``,
``2024-01-01T00:00:00Z2`` for a ``date-time``, ``a@`` for an ``email`` (hostile trial,
round 6). Here every format is checked by a function this module names: the two RFC
validators are dependencies of the project, the rest is the standard library's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from jsonschema import FormatChecker, validators
from rfc3339_validator import validate_rfc3339
from rfc3986_validator import validate_rfc3986

#: The formats whose jsonschema checkers need nothing beyond the standard library.
_STANDARD = ("date", "ipv4", "ipv6", "uuid")
#: An address: one ``@`` between a local part and a domain, neither empty, no white space,
#: and the domain neither starting nor ending with a dot (RFC 5321 in the loosest reading
#: every validator shares: ``a@``, ``@b`` and ``user@example.`` are not one).
_ADDRESS = re.compile(r"(?!\.)(?![^@]*\.\.)[^@\s]*[^@\s.]@(?!\.)(?!.*\.\.)[^@\s]*[^@\s.]")
#: A leap second (RFC 3339 5.6 allows 60; 5.8's own example is ``1990-12-31T23:59:60Z``),
#: which rfc3339-validator refuses and jsonschema-rs accepts: read as 59 for the check, and
#: only at the last minute of a UTC day (5.7), as validators that take it require.
_LEAP_SECOND = re.compile(r"T(\d\d):(\d\d):60(?=(?:\.\d+)?(Z|[+-](\d\d):(\d\d))$)", re.IGNORECASE)


def _date_time(value: str) -> bool:
    value = value.upper()
    leap = _LEAP_SECOND.search(value)
    if leap is not None:
        hours, minutes, zone = int(leap.group(1)), int(leap.group(2)), leap.group(3)
        offset = 0 if zone == "Z" else (int(leap.group(4)) * 60 + int(leap.group(5))) * (1 if zone[0] == "+" else -1)
        if (hours * 60 + minutes - offset) % 1440 != 23 * 60 + 59:
            return False
        value = value[:leap.start()] + f"T{leap.group(1)}:{leap.group(2)}:59" + value[leap.end():]
    return bool(validate_rfc3339(value))


def _regex(value: str) -> bool:
    """An ECMA-262 pattern, as the format means (JSON Schema Validation 7.3.8): ``(?i)a`` is
    Python's spelling, and no pattern a validator runs. One the translation to RE2 refuses is
    no pattern either here: fewer values pass, never one a validator refuses."""
    from ..patterns.ecma import runs

    return not _NOT_ECMA.search(value) and runs(value)


#: Syntax Python's and RE2's engines take that ECMA-262 has not: a bare inline flag group
#: (``(?i)``; ECMA's modifiers always scope a group, ``(?i:…)``), a ``(?P<name>`` group, a
#: comment group, and the ``\A``/``\Z``/``\z`` anchors.
_NOT_ECMA = re.compile(r"\(\?[a-zA-Z-]+\)|\(\?P[<=>]|\(\?#|(?<!\\)(?:\\\\)*\\[AZz]")
#: The formats each dialect names, as jsonschema registers them: ``uuid`` came with
#: 2019-09, ``date``, ``time`` and ``idn-email`` with draft 7 (draft 3 had a ``date`` of
#: its own), ``uri-reference`` with draft 6 and ``ipv4`` with draft 4 (draft 3's
#: ``ip-address``, not held here). A format a dialect does not name is an annotation there.
_EVERY_DRAFT = frozenset({"date-time", "email", "ipv6", "regex", "uri"})
_DRAFT_7 = _EVERY_DRAFT | {"ipv4", "uri-reference", "date", "time", "idn-email"}
_NAMED = {
    validators.Draft3Validator: _EVERY_DRAFT | {"date"},
    validators.Draft4Validator: _EVERY_DRAFT | {"ipv4"},
    validators.Draft6Validator: _EVERY_DRAFT | {"ipv4", "uri-reference"},
    validators.Draft7Validator: _DRAFT_7,
    validators.Draft201909Validator: _DRAFT_7 | {"uuid"},
    validators.Draft202012Validator: _DRAFT_7 | {"uuid"},
}


def _strings(check: Callable[[str], object]) -> Callable[[object], bool]:
    """A format check that passes every value that is not a string, as formats do."""
    return lambda value: not isinstance(value, str) or bool(check(value))


@cache
def witness_formats(dialect: type = validators.Draft202012Validator) -> FormatChecker:
    """The format checker a witness is judged with under ``dialect`` (a jsonschema validator
    class; one instance per dialect)."""
    everything = FormatChecker()
    checker = FormatChecker(formats=())
    for name in _STANDARD:
        checker.checkers[name] = everything.checkers[name]
    for name in ("email", "idn-email"):
        checker.checks(name)(_strings(_ADDRESS.fullmatch))
    checker.checks("date-time")(_strings(_date_time))
    checker.checks("time")(_strings(lambda value: _date_time(f"1970-01-01T{value}")))
    checker.checks("regex")(_strings(_regex))
    checker.checks("uri")(_strings(lambda value: validate_rfc3986(value, rule="URI")))
    checker.checks("uri-reference")(_strings(lambda value: validate_rfc3986(value, rule="URI_reference")))
    named = _NAMED.get(dialect, _NAMED[validators.Draft202012Validator])
    checker.checkers = {name: check for name, check in checker.checkers.items() if name in named}
    return checker
