"""What a schema says that the candidates are built from: its types, counts, patterns'
samples, dependents and the routes through its conditions, read as the search reads them;
and the fixed values and bounds the builders share."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any

from ...patterns.ecma import search as search_pattern
from ..samples import class_borders, literal, sample, shorthand_chars, written_counts

TYPES = ("object", "string", "integer", "number", "boolean", "array", "null")


TYPES = ("object", "string", "integer", "number", "boolean", "array", "null")
KEYWORDS_OF_OBJECT = ("properties", "required", "additionalProperties", "patternProperties", "propertyNames",
                       "minProperties", "maxProperties")


#: A value of each JSON type but string, sent for an undeclared member where the type decides
#: which union branch evaluates it.
OTHER_TYPED: tuple[Any, ...] = (0, None, False, [], {})


OTHER_TYPED: tuple[Any, ...] = (0, None, False, [], {})
#: Member names that ``^\w+$``, ``^[a-z]+$`` and most name patterns do not match, sent where
#: an object takes members no pattern governs: only its additionalProperties (or
#: unevaluatedProperties) holds them (hostile trial, round 11). A name holding a line
#: terminator is one ``^.*$`` does not match either (``.`` takes no line terminator, and ``$``
#: without the m flag only the end), so it is what additionalProperties alone holds beside
#: such a pattern (hostile trial, round 36); its terminator is inside the name, since Python's
#: ``$`` (jsonschema's) also matches before a final ``\n`` and the validators would disagree.
ODD_NAMES = ("-", "!", "a-b", "", " ", "a\nb")


ODD_NAMES = ("-", "!", "a-b", "", " ", "a\nb")
#: The values of a member tried for one that an ``if`` refuses, so that its ``else`` applies
#: (``_failing``): the enum's other members, a number past the condition's bound or beside its
#: const, another string.
FAILING_TRIED = 8


FAILING_TRIED = 8
#: The values of the other side's ``not`` (its enum, its const) tried first (``negated_values``).
_NEGATED_TRIED = 16


_NEGATED_TRIED = 16
#: The branches of a pattern's alternations sampled after the first (``_strings``).
BRANCHES_SAMPLED = 3


BRANCHES_SAMPLED = 3
#: No value found (a value may be None, JSON's null).
NOTHING = object()


#: The keywords of a view that apply only where a condition decides (``view`` keeps the
#: conditions of its ``allOf`` entries under ``allOf``).
CONDITIONAL = ("if", "then", "else", "allOf")


def patterned_names(patterns: dict[str, Any], count: int) -> list[str]:
    """Up to ``count`` names each of ``patterns`` (a side's patternProperties) matches, run on
    RE2 (``patterns.ecma``): a name sampled from the pattern or its plain characters, then
    that name numbered (``p``, ``p2``, ``p3``…) where the pattern still matches it. A pattern RE2
    cannot run gives none."""
    out: list[str] = []
    for pattern in sorted(p for p in patterns if isinstance(p, str)):
        firsts = dict.fromkeys(n for n in (sample(pattern), literal(pattern), sample(pattern, final=True)))
        named = [name for first in firsts for name in (first, *(f"{first}{n}" for n in range(2, count + 1)))]
        out += islice((name for name in dict.fromkeys(named) if search_pattern(pattern, name)), count)
    return out


def leftover_schema(schema: dict[str, Any]) -> Any:
    """The schema an undeclared member of an object is held to: ``additionalProperties``, or
    without it an ``unevaluatedProperties`` (which then reads what ``properties`` and
    ``patternProperties`` leave over, and what in-place applicators do not evaluate); ``True``
    when neither is there. Removing ``additionalProperties: true`` beside
    ``unevaluatedProperties: {type: string}`` is shown by a member the new side holds to it."""
    if "additionalProperties" in schema:
        return schema["additionalProperties"]
    return schema.get("unevaluatedProperties", True)


def unpatterned_names(names: Iterable[str], *patterns: dict[str, Any]) -> list[str]:
    """The ``names`` no pattern of ``patterns`` (each side's patternProperties) matches, run on
    RE2 (``patterns.ecma``): one a pattern matches is held to that pattern's schema, which the
    streams built from the patterns vary already. A pattern RE2 cannot run matches nothing
    here; the validator then skips the call (see the module)."""
    return [name for name in dict.fromkeys(names)
            if not any(isinstance(pattern, str) and search_pattern(pattern, name)
                       for side in patterns for pattern in side)]


def pattern_strings(pattern: str) -> list[str]:
    """Guesses at strings ``pattern`` matches, read from it (samples.py), each once: its sample,
    its plain characters, its classes' last characters; each later branch of an alternation (a
    ``not`` whose pattern gained one forbids the names that branch matches alone: ``^x`` →
    ``^(x|y)`` under propertyNames is shown by ``y``, hostile trial, round 20); each piece of
    each class, optional items kept (a range the other side's class dropped: ``[a-z0-9_]`` →
    ``[a-z_]`` is shown by ``a0``); each quantified item once more and not at all (``^a+$`` →
    ``^a$`` is shown by ``aa``), and the sample with a character before or after it (an anchor
    added: ``^abc`` → ``^abc$`` is shown by ``abcx``, ``abc`` → ``^abc`` by ``xabc``; hostile
    trial, round 36); the sample with a line terminator where its classes take one, and after
    it, each repeated group through its branches from the last, and each quantified item
    repeated around the counts the pattern writes (``counted_strings``; hostile trial, round
    44)."""
    first = sample(pattern)
    rest = [sample(pattern, branch=n) for n in range(1, BRANCHES_SAMPLED + 1)]
    rest += [sample(pattern, piece=n) for n in range(BRANCHES_SAMPLED + 1)]
    rest += [sample(pattern, stretch=n) for n in range(BRANCHES_SAMPLED + 1)]
    rest += [sample(pattern, drop=n) for n in range(BRANCHES_SAMPLED + 1)]
    # A repeated group through its branches from the last: ``^(a|b)*$`` → ``^a*b*$`` is shown
    # by ``ba`` (hostile trial, round 44).
    rest += [sample(pattern, stretch=n, mixed=True) for n in range(BRANCHES_SAMPLED + 1)]
    rest += [f"{first}x", f"x{first}", f"{first}-", f"-{first}"]
    # A line terminator where a class or ``\\s`` takes one, and after the sample: ``.`` takes
    # none and ``$`` matches only at the end, so ``^a[^b]`` → ``^a.`` is shown by ``a\\n`` and
    # ``^a`` → ``^a.*$`` by ``a\\na`` (hostile trial, round 44).
    rest += [sample(pattern, terminator=True), f"{first}\n{first}", f"{first}\n"]
    return list(dict.fromkeys([first, literal(pattern), sample(pattern, final=True), *rest,
                               *counted_strings(pattern)]))


#: The counts a pattern pair writes that ``counted_strings`` repeats an item around.
_COUNTS_TRIED = 8


def counted_strings(pattern: str, others: Iterable[str] = ()) -> list[str]:
    """Strings ``pattern`` matches with each of its quantified items repeated one past, at and
    one short of each count the ``others`` patterns write and then its own (up to
    ``_COUNTS_TRIED`` counts), each once: ``^[a-z]+$`` → ``^[a-z]{1,64}$`` is shown by 65
    letters and ``^a{0,3}$`` → ``^a?a?$`` by ``aaa`` (hostile trial, round 44, where a count of 20
    or more, and the pattern's own, were not tried)."""
    counts = list(dict.fromkeys(c for p in (*others, pattern) for c in written_counts(p)))[:_COUNTS_TRIED]
    times = dict.fromkeys(t for c in counts for t in (c + 1, c, c - 1) if t >= 0)
    return list(dict.fromkeys(sample(pattern, stretch=n, times=t) for t in times for n in range(BRANCHES_SAMPLED + 1)))


#: The characters outside the other side's classes that ``bordering_strings`` tries.
_BORDERS_TRIED = 12


def bordering_strings(pattern: str, others: Iterable[str]) -> list[str]:
    """Samples of ``pattern`` whose classes each give a character just outside a range of the
    ``others`` patterns' classes (``samples.class_borders``), where they hold it, up to
    ``_BORDERS_TRIED`` characters, each string once: a class that lost characters from its
    middle (``^[a-c]`` → ``^[ac]``, ``^[a-z]`` split into ``^[a-m]`` and ``^[o-z]``) is shown by
    one of them, ``b`` or ``n``, which neither end of the old range is (hostile trial, round 44).
    Then its shorthands give each of the characters ``samples.shorthand_chars`` names for them:
    ``^\\w+$`` → ``^[a-z]+$`` is shown by ``_``, ``\\w`` having been sampled as ``a`` alone
    (hostile trial, round 45)."""
    borders = list(dict.fromkeys(c for other in others for c in class_borders(other)))[:_BORDERS_TRIED]
    borders += [c for c in shorthand_chars(pattern) if c not in borders]
    return list(dict.fromkeys(sample(pattern, border=c) for c in borders))


def negated_values(schema: dict[str, Any]) -> list[Any]:
    """The values ``schema``'s ``not`` names outright (its ``enum``, its ``const``), which
    ``schema`` refuses: at most ``_NEGATED_TRIED`` of them."""
    negated = schema.get("not")
    if not isinstance(negated, dict):
        return []
    named = [negated["const"]] if "const" in negated else []
    if isinstance(negated.get("enum"), list):
        named += negated["enum"]
    return named[:_NEGATED_TRIED]


def dependents_of(schema: dict[str, Any]) -> dict[str, list[str]]:
    """What ``schema``'s dependentRequired (or draft 7's dependencies, in its array form) asks
    for once each of its names is sent."""
    out: dict[str, list[str]] = {}
    for keyword in ("dependentRequired", "dependencies"):
        table = schema.get(keyword)
        for name, asked in table.items() if isinstance(table, dict) else ():
            if isinstance(asked, list):
                out.setdefault(name, []).extend(n for n in asked if isinstance(n, str))
    return out


def dependent_schemas_of(schema: dict[str, Any]) -> dict[str, Any]:
    """The branches ``schema``'s dependentSchemas (or draft 7's dependencies, in its schema
    form) hangs on each name."""
    out: dict[str, Any] = {}
    for keyword in ("dependentSchemas", "dependencies"):
        table = schema.get(keyword)
        for name, branch in table.items() if isinstance(table, dict) else ():
            if isinstance(name, str) and isinstance(branch, dict | bool):
                out.setdefault(name, branch)
    return out


def triggers_of(schema: dict[str, Any], view: Callable[[Any], dict[str, Any]]) -> list[str]:
    """The member names ``schema``'s dependentRequired, dependentSchemas and dependencies hang
    on, and those of the schema under its ``not`` (``view`` reads it as one object)."""
    names: list[str] = []
    for node in (schema, view(schema["not"]) if isinstance(schema.get("not"), dict) else {}):
        for keyword in ("dependentRequired", "dependentSchemas", "dependencies"):
            table = node.get(keyword)
            names += [n for n in table if isinstance(n, str)] if isinstance(table, dict) else []
    return sorted(set(names))


def route_steps(route: tuple[str, ...]) -> list[tuple[str, int]]:
    """The steps of a route (places.branch_routes): ``then`` or ``else``, or an ``allOf`` entry
    by its index."""
    out: list[tuple[str, int]] = []
    index = 0
    while index < len(route):
        if route[index] == "allOf" and index + 1 < len(route) and route[index + 1].isdigit():
            out.append(("allOf", int(route[index + 1])))
            index += 2
        else:
            out.append((route[index], 0))
            index += 1
    return out


def route_of(steps: list[tuple[str, int]]) -> tuple[str, ...]:
    """The route ``steps`` spell (``route_steps`` read back)."""
    return tuple(part for keyword, index in steps for part in ((keyword, str(index)) if keyword == "allOf"
                                                               else (keyword,)))


def unconditional(schema: dict[str, Any]) -> dict[str, Any]:
    """The view ``schema`` without its ``if``, ``then`` and ``else``, nor the ones its ``allOf``
    entries hold."""
    return {k: v for k, v in schema.items() if k not in CONDITIONAL}


def count_of(value: Any) -> int | None:
    """The count a keyword such as ``maxProperties`` holds, or None where ``value`` is none: an
    integer, not a boolean, and in JSON's data model ``2.0`` is the integer 2 (Core §4.2.2; the
    classifier reads it so), which was skipped, and ``maxProperties`` 3 → ``2.0`` said "none
    found" (hostile trial, round 31). A fraction is a malformed count, left unread."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def declared_types(schema: dict[str, Any]) -> list[str] | None:
    declared = schema.get("type")
    if isinstance(declared, str):
        return [declared]
    if isinstance(declared, list) and all(isinstance(t, str) for t in declared):
        return list(declared)
    return None
