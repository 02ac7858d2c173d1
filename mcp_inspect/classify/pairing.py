"""Pair the entities of two snapshots by identity, and detect tool renames.

One pairing routine serves every entity kind; differs only ever see (old, new)
pairs.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
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


def detect_renames(pairing: Pairing, old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> None:
    """Move unambiguous (removed, added) pairs into ``renamed``.

    First by identical schemas, then by schemas identical once prose is set aside;
    each pass needs exactly one candidate each way for a fingerprint.
    """
    for key_of in (_schema_key, _schema_key_without_prose):
        removed = _group(pairing.removed, old, key_of)
        added = _group(pairing.added, new, key_of)
        for key in sorted(removed.keys() & added.keys()):
            if len(removed[key]) == 1 and len(added[key]) == 1:
                old_name, new_name = removed[key][0], added[key][0]
                pairing.renamed.append((old_name, new_name))
                pairing.removed.remove(old_name)
                pairing.added.remove(new_name)
    pairing.renamed.sort(key=lambda p: p[1])


def _group(names: list[str], views: dict[str, dict[str, Any]],
           key_of: Callable[[dict[str, Any]], str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = defaultdict(list)
    for name in names:
        groups[key_of(views[name])].append(name)
    return groups


def _schema_key(tool: dict[str, Any]) -> str:
    return fingerprint([tool.get("inputSchema"), tool.get("outputSchema")])


def _schema_key_without_prose(tool: dict[str, Any]) -> str:
    return fingerprint([strip_prose(tool.get("inputSchema")), strip_prose(tool.get("outputSchema"))])


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
