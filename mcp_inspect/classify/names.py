"""Which property names an object declares, admits or matches: its ``properties``, the
``patternProperties`` patterns (run on RE2, patterns.ecma), a ``propertyNames`` that lists
its names, and which pattern of one side is a respelling of one of the other.

The object handlers (containers.py) read these to tell which schema governs a name on each
side; they read the schema alone and know nothing of the walker.
"""

from __future__ import annotations

import re
from typing import Any

from ..patterns.ecma import search
from ..snapshot.dialects import covers, name_accepted, rejects_all_names


def closed_to_other_names(node: dict, names: Any) -> bool:
    """Whether ``node`` is an object that admits only the names it declares (``additionalProperties``
    refusing all, no ``patternProperties``), each of which the ``propertyNames`` schema ``names``
    surely accepts (snapshot/dialects.py, ``name_accepted``)."""
    declared = node.get("properties", {})
    return rejects_all_names(node.get("additionalProperties", True)) and "patternProperties" not in node \
        and isinstance(declared, dict) and all(name_accepted(names, name) is True for name in declared)


#: What ``_admitted_names`` gives for an object that may hold any name.
_ANY_NAME: Any = object()


def declares_every_name_of(holder: dict, other: dict) -> bool:
    """Whether every name an object ``other`` accepts may hold is one ``holder`` declares (in
    ``properties``, or matched by a ``patternProperties`` pattern): then ``holder``'s
    ``additionalProperties`` governs no member of any object ``other`` accepts.

    A lone empty pattern declares nothing here: python-jsonschema finds the members
    ``additionalProperties`` governs with the patterns joined by ``|``, and an empty join reads
    as no pattern at all, so beside ``patternProperties: {"": …}`` alone it refuses every
    undeclared name (jsonschema-rs does not). Adding ``additionalProperties: false`` there
    refuses ``{"c": "y"}`` on a server that validates with it: it stays BREAKING."""
    patterns = pattern_keys(holder)
    if patterns == {""}:
        patterns = set()
    names = _admitted_names(other)
    if names is _ANY_NAME:
        return any(_matches_every_name(pattern) for pattern in patterns)
    declared = holder.get("properties", {})
    return isinstance(declared, dict) and all(
        name in declared or any(search(pattern, name) is True for pattern in patterns) for name in names)


def _admitted_names(node: dict) -> Any:
    """A set of names that holds every name an object ``node`` accepts may hold, read from one
    keyword: a ``propertyNames`` with ``enum`` or ``const`` (Core 2020-12, 10.3.2.4), or a
    ``maxProperties`` no greater than the number of names in ``required`` (each must be there,
    so there is room for no other). ``_ANY_NAME`` where neither says."""
    names = node.get("propertyNames")
    if isinstance(names, dict):
        if isinstance(names.get("enum"), list):
            return {value for value in names["enum"] if isinstance(value, str)}
        if "const" in names:
            return {names["const"]} if isinstance(names["const"], str) else set()
    required, most = node.get("required"), node.get("maxProperties")
    if isinstance(required, list) and all(isinstance(name, str) for name in required) \
            and type(most) is int and most <= len(set(required)):
        return set(required)
    return _ANY_NAME


def _matches_every_name(pattern: str) -> bool:
    """Whether a ``patternProperties`` pattern matches every string: it matches the empty one,
    and holds nothing whose truth at the start of a string depends on what follows (``$``, a
    word boundary, a lookaround); so the empty match at the start of any string stands
    (``""``, ``"^"``, ``".*"``)."""
    return search(pattern, "") is True and not any(mark in pattern for mark in ("$", "\\b", "\\B", "(?"))


#: Keys a side alone has, beyond which respelled patterns are not looked for (each pair is
#: one comparison of two patterns).
_MAX_RESPELLED_PAIRS = 400


def respelled_patterns(before: dict[str, Any], after: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """The patterns only the old side has, each paired with one only the new side has that
    matches the same names (``^x_\\d$`` and ``^x_[0-9]$``), more (``^[a-z]$`` → ``^[a-zA-Z]$``)
    or fewer, as patterns.inclusion tells: ``{old: (new, "same" | "wider" | "narrower")}``,
    the same names first. Read as two keys, one was a constraint removed and the other one
    added: "accepted before, rejected now" for names the new pattern still takes, a finding
    no call could show (hostile trials, rounds 6 and 7)."""
    gone = sorted(k for k in before if k not in after)
    came = sorted(k for k in after if k not in before)
    if not gone or not came or len(gone) * len(came) > _MAX_RESPELLED_PAIRS:
        return {}
    from ..patterns.inclusion import compare  # rare (a pattern key replaced)

    orders = {(was, now): compare(was, now) for was in gone for now in came}
    # A wider (narrower) pair moves the names only one of them matches between its schema and
    # what governs the rest, and compares the names both match under the pair's schemas
    # alone: sound only where no other pattern of either side may match any of those names.
    # Which patterns are disjoint is not read, so such a pair is taken only where the two
    # patterns are the only ones of their sides (hostile trial, round 38: old ``^x$`` paired
    # with new ``^[a-z]+$`` beside an old ``^[a-z0-9]+$`` hid its integer → string change).
    alone = len(before) == 1 and len(after) == 1
    pairs: dict[str, tuple[str, str]] = {}
    for wanted in ("same", "wider", "narrower"):
        for was in gone:
            # Several old keys may match the same names as one new key (``^a`` and ``^(a)``
            # folded into ``^(?:a)``): both applied to those names, and are compared together.
            taken = {now for now, order in pairs.values() if order != "same" or wanted != "same"}
            if wanted != "same" and not alone:
                continue
            now = next((k for k in came if was not in pairs and k not in taken and orders[was, k] == wanted), None)
            if now is not None:
                pairs[was] = (now, wanted)
    return pairs


def moved_declared(was: str, now: str, order: str, old: dict, new: dict) -> str | None:
    """A declared property that only the wider of two paired patterns may match (hostile
    trial, round 8: ``^a`` → ``^[ab]`` beside a declared ``b``, which then had to be an
    integer too, read as names "rejected before, accepted now"), or None."""
    if order not in ("wider", "narrower"):
        return None
    wide, narrow = (now, was) if order == "wider" else (was, now)
    # The side where the wider pattern reaches the property: its schema there, and the pattern's.
    side = new if order == "wider" else old
    held = side.get("patternProperties", {}).get(wide) if isinstance(side.get("patternProperties"), dict) else None
    declared = side.get("properties") if isinstance(side.get("properties"), dict) else {}
    names = sorted(property_names(old) | property_names(new))
    for name in names:
        # Where RE2 cannot run a pattern, the reading that finds the property moved (changed).
        if matches(wide, name) is not False and matches(narrow, name) is not True:
            # A property whose own schema already asks all the pattern's does no more for it
            # (hostile trial, round 9: an integer b under an integer pattern).
            if name in declared and covers(held, declared[name]):
                continue
            return name
    return None


def only_declared_between(wide: str, narrow: str, old: dict, new: dict) -> bool:
    """Whether every name ``wide`` matches and ``narrow`` does not is a property both sides
    declare (read from the patterns' text, patterns.inclusion ``within_union``): then no
    name moves between the pattern and ``additionalProperties``, only those properties gain
    or lose the pattern's schema (hostile trial, round 43: ``^[ab]$`` → ``^b$`` beside a
    declared ``a`` said names "no longer follow the pattern instead of additionalProperties",
    a BREAKING no call shows). False when that cannot be told."""
    from ..patterns.inclusion import within_union  # rare (a pattern key replaced)

    declared = sorted(name for name in property_names(old) & property_names(new) if matches(wide, name) is not False)
    if not declared or len(declared) > _MAX_RESPELLED_PAIRS:
        return False
    literals = ["^" + "".join("\\" + char if char in _SYNTAX else char for char in name) + "$" for name in declared]
    return within_union(wide, [narrow, *literals])


#: The characters a pattern reads as syntax, escaped to write a name as a pattern.
_SYNTAX = frozenset("^$\\.*+?()[]{}|/-")


def declared_match(pattern: str, old: dict, new: dict, alike: list[str] | None = None) -> str | None:
    """A declared property name that ``pattern`` matches, or may match where RE2 cannot run
    it (``matches``), and none of the patterns ``alike`` (keys of the other side with the
    same schema) surely matches, or None."""
    names = sorted(property_names(old) | property_names(new))
    return next((name for name in names if matches(pattern, name) is not False
                 and not any(matches(key, name) is True for key in alike or ())), None)


#: Names tried as matched by two patterns where neither matches all the other's, besides the
#: plain runs of characters the patterns write.
_COMMON_NAMES = ("a", "x", "_", "0", "aa", "a_a")
#: The plain runs of one pattern combined with the other's, at most.
_RUNS_TRIED = 6


def shared_name(one: str, other: str) -> str | None:
    """A name both patterns surely match, run on RE2 (patterns.ecma), or None: guessed from
    the plain runs of characters each writes (``x_`` of ``^x_``), alone, joined with the
    other's and followed by a letter, and a few common names. Only a name shown is trusted:
    two keys whose names may meet (patterns.inclusion, ``disjoint``) but need not (``_id$``
    and ``_name$``) are not read as sharing any (hostile trial, round 45)."""
    runs = [re.findall(r"[A-Za-z0-9_\-:/@#!~,;=' ]+", pattern)[:_RUNS_TRIED] for pattern in (one, other)]
    firsts = [*runs[0], *runs[1], *_COMMON_NAMES]
    joined = [a + b for x, y in (runs, runs[::-1]) for a in x for b in y]
    for name in dict.fromkeys(name for base in (*firsts, *joined) for name in (base, base + "a")):
        if search(one, name) is True and search(other, name) is True:
            return name
    return None


def pattern_keys(schema: dict) -> set[str]:
    found = schema.get("patternProperties")
    return {p for p in found if isinstance(p, str)} if isinstance(found, dict) else set()


def pattern_for(name: str, patterns: set[str]) -> tuple[str | None, bool]:
    """A pattern (of either side) that matches the property ``name``, and True; else one that
    may match it (RE2 cannot run it), and False; else None."""
    answers = {pattern: matches(pattern, name) for pattern in sorted(patterns)}
    sure = next((pattern for pattern, found in answers.items() if found), None)
    if sure is not None:
        return sure, True
    return next((pattern for pattern, found in answers.items() if found is None), None), False


def matches(pattern: str, name: str) -> bool | None:
    """Whether ``pattern`` matches ``name``, run on RE2 (patterns.ecma: linear in the name
    whatever the pattern, so a hostile one cannot backtrack for ever). None where RE2 cannot
    run it (a lookbehind, a backreference), unless its literal start after ``^`` tells that
    the name cannot match. Reading only that start, a pattern without one (``_filter$``,
    ``b``) was taken to match every name (hostile trial, round 13)."""
    found = search(pattern, name)
    if found is not None:
        return found
    prefix = _literal_prefix(pattern)
    return None if prefix is None or name.startswith(prefix) else False


def _literal_prefix(pattern: str) -> str | None:
    if not pattern.startswith("^") or "|" in pattern:  # an alternative need not start with it
        return None
    prefix = ""
    for char in pattern[1:]:
        if char in "?*{":  # the character before is optional (or repeated): it is not required
            prefix = prefix[:-1]
            break
        if not (char.isalnum() or char in "-_:/@#!~,;=' "):
            break
        prefix += char
    return prefix or None


def required_names(schema: dict) -> set[str]:
    raw = schema.get("required")
    return {n for n in raw if isinstance(n, str)} if isinstance(raw, list) else set()


def property_names(schema: dict) -> set[str]:
    raw = schema.get("properties")
    return set(raw) if isinstance(raw, dict) else set()
