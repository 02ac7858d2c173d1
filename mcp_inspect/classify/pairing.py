"""Pair the entities of two snapshots by identity, and detect tool and prompt renames.

One pairing routine serves every entity kind; differs only ever see (old, new)
pairs. Tool renames are found in this order, each step among the tools the steps
before left unpaired: the user's ``renames`` map, identical schemas, schemas
identical once prose is set aside, and names that are the same words (the contract,
"Renames"). A prompt has no schema to compare, so prompts are paired by the last
rule alone (``detect_name_renames``: @shopify/dev-mcp's ``shopify-admin-graphql``
became ``shopify_admin_graphql``). Every rule needs exactly one candidate each way.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from os.path import commonprefix
from typing import Any

from ..snapshot.canonical import SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS, SUBSCHEMA_KEYWORDS
from ..snapshot.surface import fingerprint
from .keywords import PROSE_KEYWORDS


@dataclass
class Pairing:
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    matched: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)  # (old name, new name)


def pair(old: dict[str, Any], new: dict[str, Any]) -> Pairing:
    return Pairing(
        added=sorted(new.keys() - old.keys()),
        removed=sorted(old.keys() - new.keys()),
        matched=sorted(old.keys() & new.keys()),
    )


def detect_renames(pairing: Pairing, old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]],
                   renames: Mapping[str, str] | None = None) -> list[str]:
    """Move unambiguous (removed, added) pairs into ``renamed``; returns a warning for each
    ``renames`` entry that could not be used.

    ``renames`` (old name → new name, from the configuration) comes first and beats every
    rule. Then identical schemas, schemas identical once prose is set aside, and names
    that are the same sequence of words; each rule pairs a removed and an added tool only
    when, for its key, there is exactly one candidate each way.
    """
    warnings = _apply_map(pairing, renames or {})
    for key_of, removed_views, added_views in ((_schema_key, old, new), (_schema_key_without_prose, old, new)):
        _pair_by(pairing, key_of, removed_views, added_views)
    detect_name_renames(pairing)
    return warnings


def detect_name_renames(pairing: Pairing) -> None:
    """Move each removed and added entity whose names are the same words (``name_words``),
    with exactly one candidate each way, into ``renamed``: the rule that pairs prompts, and
    the last rule for tools."""
    names = {name: name for name in [*pairing.removed, *pairing.added]}
    _pair_by(pairing, name_words, names, names)
    pairing.renamed.sort(key=lambda p: p[1])


#: Removed × added tool pairs compared at most for a possible rename (the hint only).
_MAX_HINT_COMPARISONS = 40_000
#: Words read at each end of a name for the hint: a shared run is counted up to this many
#: words, so one comparison is bounded whatever the names' length (hostile trial, round 37:
#: 500 × 500 names of 1,000 words took 13 s).
_MAX_HINT_WORDS = 12


def likely_renames(pairing: Pairing) -> list[tuple[str, str]]:
    """Removed and added tools left unpaired whose names share a run of words at their start
    or end that holds at least two words and half the longer name's: ``keywords_data_google_ads_search_volume``
    and ``kw_data_google_ads_search_volume`` (new-user trial, round 36: dataforseo 2.9.11
    abbreviated eight tool names, and the report gave eight removals and eight additions
    with no hint that they were one tool each). Each pair is the other's one best candidate
    each way. These are only named (the diff's warnings say how to pair them with the
    ``renames`` map): pairing them unasked would go beyond the contract's rename rules."""
    if not pairing.removed or not pairing.added \
            or len(pairing.removed) * len(pairing.added) > _MAX_HINT_COMPARISONS:
        return []
    removed = {name: _ends(name) for name in pairing.removed}
    added = {name: _ends(name) for name in pairing.added}
    scores: dict[tuple[str, str], int] = {}
    for was, (a_start, a_end, a_count) in removed.items():
        for now, (b_start, b_end, b_count) in added.items():
            shared = max(len(commonprefix([a_start, b_start])), len(commonprefix([a_end, b_end])))
            if shared >= 2 and 2 * shared >= max(a_count, b_count):
                scores[was, now] = shared
    best_of = _unique_best(scores, 0)
    best_for = _unique_best(scores, 1)
    return sorted((was, now) for was, now in best_of.items() if best_for.get(now) == was)


#: Possible renames a warning names before it says how many more there are.
_HINTS_SHOWN = 5


def rename_hint(pairs: list[tuple[str, str]]) -> str:
    """The warning that names ``likely_renames``' pairs and how to pair them."""
    shown = ", ".join(f"{was!r} → {now!r}" for was, now in pairs[:_HINTS_SHOWN])
    more = f" and {len(pairs) - _HINTS_SHOWN} more" if len(pairs) > _HINTS_SHOWN else ""
    if len(pairs) == 1:
        return (f"a removed and an added tool may be one tool renamed ({shown}): if so, list the pair under "
                "renames in .mcp-inspect.yml to compare it as one tool")
    return (f"{len(pairs)} pairs of a removed and an added tool may each be one tool renamed ({shown}{more}): if so, "
            "list them under renames in .mcp-inspect.yml to compare each pair as one tool")


def _ends(name: str) -> tuple[list[str], list[str], int]:
    """A name's first words, its last words (last first), and how many words it has."""
    words = name_words(name).split()
    return words[:_MAX_HINT_WORDS], words[::-1][:_MAX_HINT_WORDS], len(words)


def _unique_best(scores: dict[tuple[str, str], int], side: int) -> dict[str, str]:
    """For each name on ``side`` (0: removed, 1: added), its one best-scoring counterpart,
    left out when two tie."""
    best: dict[str, tuple[int, list[str]]] = {}
    for pair_, score in scores.items():
        mine, other = pair_[side], pair_[1 - side]
        top = best.get(mine)
        if top is None or score > top[0]:
            best[mine] = (score, [other])
        elif score == top[0]:
            top[1].append(other)
    return {mine: others[0] for mine, (_, others) in best.items() if len(others) == 1}


def _pair_by(pairing: Pairing, key_of: Callable[[Any], str | None], removed_views: Mapping[str, Any],
             added_views: Mapping[str, Any]) -> None:
    removed = _group(pairing.removed, removed_views, key_of)
    added = _group(pairing.added, added_views, key_of)
    for key in sorted(removed.keys() & added.keys()):
        if len(removed[key]) == 1 and len(added[key]) == 1:
            _move(pairing, removed[key][0], added[key][0])


def _apply_map(pairing: Pairing, renames: Mapping[str, str]) -> list[str]:
    """Pair what the user's map names; an entry that names no removed or no added tool is
    left to the rules and reported, so a stale entry does not go unnoticed."""
    warnings = []
    claimed: set[str] = set()
    for old_name, new_name in sorted(renames.items()):
        shown = f"renames entry {old_name!r} → {new_name!r}"
        if old_name not in pairing.removed:
            why = "is in both snapshots" if old_name in pairing.matched else "is not in the old snapshot"
            warnings.append(f"{shown}: ignored, the tool {old_name!r} {why}")
        elif new_name not in pairing.added:
            why = "is in both snapshots" if new_name in pairing.matched else "is not in the new snapshot"
            warnings.append(f"{shown}: ignored, the tool {new_name!r} {why}")
        elif new_name in claimed:
            warnings.append(f"{shown}: ignored, another entry already renames a tool to {new_name!r}")
        else:
            claimed.add(new_name)
            _move(pairing, old_name, new_name)
    return warnings


def _move(pairing: Pairing, old_name: str, new_name: str) -> None:
    pairing.renamed.append((old_name, new_name))
    pairing.removed.remove(old_name)
    pairing.added.remove(new_name)


#: A lower-case letter or digit followed by an upper-case letter, or an upper-case letter
#: followed by an upper-case one and a lower-case one: where camelCase starts a word
#: (``getUser`` → get User, ``HTTPServer`` → HTTP Server).
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_DIGITS = re.compile(r"(?<=[^\d])(?=\d)|(?<=\d)(?=[^\d])")
_SEPARATORS = re.compile(r"[-_./\s]+")


def name_words(name: str) -> str:
    """A tool name as its sequence of words, lower-case and joined by single spaces:
    ``tavily-search``, ``tavily_search`` and ``tavilySearch`` are all ``tavily search``,
    ``files.read`` and ``files_read`` both ``files read``, ``getV2`` is ``get v 2``."""
    words: list[str] = []
    for part in _SEPARATORS.split(name):
        for word in _CAMEL.split(part):
            words.extend(w for w in _DIGITS.split(word) if w)
    return " ".join(w.lower() for w in words)


def _group(names: list[str], views: Mapping[str, Any],
           key_of: Callable[[Any], str | None]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = defaultdict(list)
    for name in names:
        key = key_of(views[name])
        if key is not None:  # None: the entity offers no evidence to pair it by
            groups[key].append(name)
    return groups


#: Keywords by which a schema without properties still says something of its values.
_SAYING_KEYWORDS = ("anyOf", "oneOf", "allOf", "not", "if", "patternProperties", "propertyNames",
                    "items", "prefixItems", "enum", "const", "$ref")


def _says_nothing(schema: Any) -> bool:
    """Whether a schema is the one every tool without arguments (or without a declared result)
    writes: no properties and nothing else that tells its values apart. Two different tools
    that take no arguments share it, so it is no evidence that one was renamed to the other
    (brightdata's scraping_browser_links and scraping_browser_network_requests both take
    ``{properties: {}}``)."""
    if schema is None:
        return True
    if not isinstance(schema, dict):
        return False
    properties = schema.get("properties")
    return not (isinstance(properties, dict) and properties) and not any(k in schema for k in _SAYING_KEYWORDS)


def _schema_key(tool: dict[str, Any]) -> str | None:
    schemas = [tool.get("inputSchema"), tool.get("outputSchema")]
    if all(_says_nothing(strip_prose(s)) for s in schemas):
        return None
    return fingerprint(schemas)


def _schema_key_without_prose(tool: dict[str, Any]) -> str | None:
    schemas = [strip_prose(tool.get("inputSchema")), strip_prose(tool.get("outputSchema"))]
    if all(_says_nothing(s) for s in schemas):
        return None
    return fingerprint(schemas)


def strip_prose(schema: Any) -> Any:
    """The schema with descriptions, titles, examples and comments removed, keyword-aware.

    A property *named* ``description`` is kept: only keyword positions are stripped.
    """
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in PROSE_KEYWORDS:
            continue
        if key in SUBSCHEMA_KEYWORDS:
            out[key] = strip_prose(value)
        elif key in SCHEMA_MAP_KEYWORDS and isinstance(value, dict):
            out[key] = {name: strip_prose(sub) for name, sub in value.items()}
        elif key in SCHEMA_LIST_KEYWORDS and isinstance(value, list):
            out[key] = [strip_prose(sub) for sub in value]
        else:
            out[key] = value
    return out
