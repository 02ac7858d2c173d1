"""Where a ``$ref`` points inside its own schema, as a validator reads it, without fetching.

A JSON pointer (``#/$defs/x``; ``#/definitions/x`` names the same place) is the common
spelling, but 2019-09 and 2020-12 also name a subschema by its ``$anchor`` (``#count``) or
by an ``$id`` it carries (``item.json``, resolved against the root's ``$id``), and draft-07
by an ``$id`` that is a fragment (``"$id": "#count"``). jsonschema follows all of them, so a
change behind one is a change of what calls validate: the canonical form must inline it
as it inlines a pointer, or a tightened bound there goes unreported (and unfingerprinted).

Every target is named by its JSON pointer from the root, so that two spellings of one
reference are one place (a cycle through an anchor is still a cycle). A name that more
than one subschema claims, or a reference that leaves the document, is not located: the
caller keeps it as written, and no validator of ours fetches it either.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote, urldefrag, urljoin

#: Keywords whose values are data, not schemas: an ``$id`` or ``$anchor`` inside them names nothing.
_DATA_KEYWORDS = frozenset({"enum", "const", "default", "examples", "example", "x-examples"})

_MISSING = object()


def normalise_pointer(ref: str) -> str:
    """``#/definitions/x`` and ``#/$defs/x`` are one place; percent-escapes decoded."""
    parts = split_pointer(ref)
    if parts and parts[0] == "definitions":
        parts[0] = "$defs"
    return "#" + "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


def split_pointer(ref: str) -> list[str]:
    fragment = unquote(ref[1:])
    if not fragment:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in fragment.lstrip("/").split("/")]


def resolve_pointer(root: Any, ref: str) -> Any:
    """The value a local JSON pointer names, or ``MISSING``."""
    node = root
    for index, part in enumerate(split_pointer(ref)):
        if isinstance(node, dict):
            if part in node:
                node = node[part]
            elif index == 0 and part in ("definitions", "$defs"):
                node = node.get("$defs" if part == "definitions" else "definitions", _MISSING)
                if node is _MISSING:
                    return _MISSING
            else:
                return _MISSING
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return _MISSING
    return node


def is_pointer(ref: str) -> bool:
    """Whether ``ref`` is a JSON pointer into its own document (``#``, ``#/…``)."""
    return ref == "#" or ref.startswith("#/")


class References:
    """The ``$ref`` targets of one root schema: ``locate`` answers a reference with the
    target's JSON pointer and value, or None when the schema does not hold it. The anchors
    and identifiers are indexed on the first reference that needs them."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self._anchors: dict[str, list[tuple[str, Any]]] | None = None
        self._ids: dict[str, list[tuple[str, Any]]] = {}
        base = root.get("$id") if isinstance(root, dict) else None
        self.base = urldefrag(base)[0] if isinstance(base, str) and not base.startswith("#") else ""

    def locate(self, ref: str) -> tuple[str, Any] | None:
        if is_pointer(ref):
            target = resolve_pointer(self.root, ref)
            return None if target is _MISSING else (normalise_pointer(ref), target)
        self._index()
        assert self._anchors is not None
        if ref.startswith("#"):
            return _only(self._anchors.get(unquote(ref[1:]), []))
        try:
            resource, fragment = urldefrag(urljoin(self.base, ref))
        except ValueError:  # not a URI reference at all
            return None
        found = ("#", self.root) if resource == self.base else _only(self._ids.get(resource, []))
        if found is None:
            return None
        pointer, node = found
        if not fragment:
            return found
        if fragment.startswith("/"):
            target = resolve_pointer(node, "#" + fragment)
            return None if target is _MISSING else (normalise_pointer(pointer.rstrip("/") + fragment), target)
        return _only([hit for hit in self._anchors.get(unquote(fragment), []) if hit[0].startswith(pointer)])

    def _index(self) -> None:
        if self._anchors is not None:
            return
        anchors: dict[str, list[tuple[str, Any]]] = {}
        stack: list[tuple[Any, str, str]] = [(self.root, "#", self.base)]
        while stack:
            node, pointer, base = stack.pop()
            if isinstance(node, list):
                stack.extend((item, f"{pointer}/{index}", base) for index, item in enumerate(node))
                continue
            if not isinstance(node, dict):
                continue
            own = node.get("$id")
            if isinstance(own, str) and own.startswith("#") and len(own) > 1:  # draft-07's anchor spelling
                anchors.setdefault(unquote(own[1:]), []).append((normalise_pointer(pointer), node))
            elif isinstance(own, str) and pointer != "#":
                try:
                    base = urldefrag(urljoin(base, own))[0]
                except ValueError:
                    pass
                else:
                    self._ids.setdefault(base, []).append((normalise_pointer(pointer), node))
            for keyword in ("$anchor", "$dynamicAnchor"):
                name = node.get(keyword)
                if isinstance(name, str):
                    anchors.setdefault(name, []).append((normalise_pointer(pointer), node))
            for key, value in node.items():
                if key not in _DATA_KEYWORDS and isinstance(value, dict | list):
                    stack.append((value, f"{pointer}/{key.replace('~', '~0').replace('/', '~1')}", base))
        self._anchors = anchors


def _only(hits: list[tuple[str, Any]]) -> tuple[str, Any] | None:
    """The one subschema a name points at; None when none or several claim it."""
    distinct = {pointer: node for pointer, node in hits}
    return next(iter(distinct.items())) if len(distinct) == 1 else None


MISSING = _MISSING

__all__ = ["MISSING", "References", "is_pointer", "normalise_pointer", "resolve_pointer", "split_pointer"]
