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

import re
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import SplitResult, unquote, urldefrag, urljoin, urlsplit

#: Keywords whose values are data, not schemas: an ``$id`` or ``$anchor`` inside them names nothing.
_DATA_KEYWORDS = frozenset({"enum", "const", "default", "examples", "example", "x-examples"})
#: Keywords whose value maps names to schemas: a name there (``$defs.examples``) is no keyword.
_NAME_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
                        "dependencies"})

_MISSING = object()
_DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}
_PERCENT_RE = re.compile(r"%[0-9A-Fa-f]{2}")
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def resource_uri(uri: str) -> str:
    """A resource's URI (no fragment) in the one spelling RFC 3986 §6.2.2 makes of its
    equivalents: scheme and host without case, no default port, percent-escapes of unreserved
    characters decoded and the others in capitals, and no dot segments. A validator names
    ``https://EXAMPLE.com/./root.json`` and ``https://example.com/root.json`` one resource, so a
    reference spelled one way reaches an ``$id`` spelled the other."""
    try:
        parts = urlsplit(uri)
        port = parts.port
    except ValueError:  # not a URI (a bad port, an unclosed IPv6 bracket): compared as written
        return uri
    scheme = parts.scheme.lower()
    netloc = parts.netloc
    if parts.hostname is not None:
        userinfo, _, _ = netloc.rpartition("@")
        host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
        kept_port = "" if port is None or str(port) == _DEFAULT_PORTS.get(scheme) else f":{port}"
        netloc = (f"{userinfo}@" if "@" in netloc else "") + host + kept_port
    path = _remove_dot_segments(_percent(parts.path))
    if netloc and not path:
        path = "/"
    return SplitResult(scheme, netloc, path, _percent(parts.query), "").geturl()


def _percent(text: str) -> str:
    def one(match: re.Match[str]) -> str:
        char = chr(int(match.group()[1:], 16))
        return char if char in _UNRESERVED else match.group().upper()
    return _PERCENT_RE.sub(one, text)


def _remove_dot_segments(path: str) -> str:
    """RFC 3986 §5.2.4: ``/a/./b/../c`` is ``/a/c``."""
    output: list[str] = []
    for segment in path.split("/"):
        if segment == "..":
            # Never above the root: an absolute path keeps its leading empty segment.
            if output and output != [""]:
                output.pop()
        elif segment != ".":
            output.append(segment)
    if path.endswith(("/.", "/..")):
        output.append("")
    return "/".join(output)


def normalise_pointer(ref: str) -> str:
    """``#/definitions/x`` and ``#/$defs/x`` are one place; percent-escapes decoded."""
    parts = split_pointer(ref)
    if parts and parts[0] == "definitions":
        parts[0] = "$defs"
    return "#" + "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)


def split_pointer(ref: str) -> list[str]:
    """A local pointer's steps. Only its one leading ``/`` is dropped: ``#//x`` names the key
    ``x`` under the key ``""`` (RFC 6901, and the validator), not the root's ``x``."""
    fragment = unquote(ref[1:])
    if not fragment:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in fragment.removeprefix("/").split("/")]


def resolve_pointer(root: Any, ref: str, *, alias: bool = True) -> Any:
    """The value a local JSON pointer names, or ``MISSING``. With ``alias``, a first step
    ``definitions`` missing reads ``$defs`` (and the other way round); without it, the
    pointer is read as written."""
    node = root
    for index, part in enumerate(split_pointer(ref)):
        if isinstance(node, dict):
            if part in node:
                node = node[part]
            elif alias and index == 0 and part in ("definitions", "$defs"):
                node = node.get("$defs" if part == "definitions" else "definitions", _MISSING)
                if node is _MISSING:
                    return _MISSING
            else:
                return _MISSING
        elif isinstance(node, list) and (at := list_index(part, len(node))) is not None:
            node = node[at]
        else:
            return _MISSING
    return node


def list_index(part: str, size: int) -> int | None:
    """The array index a pointer step names in a list of ``size`` items, or None. Only ASCII
    digits are an index: ``str.isdigit`` also takes ``²``, which ``int`` refuses, and a step
    of thousands of digits would pass Python's limit on converting them."""
    if not (part.isascii() and part.isdigit()):
        return None
    digits = part.lstrip("0") or "0"
    return int(digits) if len(digits) <= len(str(size)) and int(digits) < size else None


#: The dialects a ``$schema`` may declare, each a rank that orders them by age: drafts 3, 4, 6
#: and 7, then 2019-09 and 2020-12 (named by their year). A later one reads every keyword an
#: earlier one does, and those it added (``drafts.ADDED_IN``).
DRAFT_3, DRAFT_4, DRAFT_6, DRAFT_7, DRAFT_2019_09, DRAFT_2020_12 = 3, 4, 6, 7, 2019, 2020
#: A root with no ``$schema``: read as 2020-12 (what MCP and the validators assume), ranked
#: above it so every comparison of ranks reads it so, but with draft-07's ``dependencies``
#: still read (``drafts.REMOVED_IN``), since many generators write draft-07 without declaring
#: it and many clients validate with a draft-07 validator (hostile trial, round 36).
UNDECLARED = 2021
#: The drafts a ``$schema`` URI names by a substring of its own, oldest first.
_NAMED_DRAFTS = (("draft-03", DRAFT_3), ("draft-04", DRAFT_4), ("draft-06", DRAFT_6), ("draft-07", DRAFT_7),
                 ("2019-09", DRAFT_2019_09), ("2020-12", DRAFT_2020_12))


def declared_dialect(schema: Any) -> int:
    """The dialect the root ``$schema`` of ``schema`` declares, as its rank: ``UNDECLARED``
    when it declares none, 2020-12 when it declares one this reading does not know (what
    jsonschema and jsonschema-rs assume). Any other ``draft-0`` URI (``draft-05``, ``draft-08``:
    none is published) is read as draft-07, the latest draft before 2019-09, as the keywords
    beside its ``$ref`` were."""
    declared = schema.get("$schema") if isinstance(schema, dict) else None
    if not isinstance(declared, str):
        return UNDECLARED
    for name, rank in _NAMED_DRAFTS:
        if name in declared:
            return rank
    return DRAFT_7 if "draft-0" in declared else DRAFT_2020_12


def is_pointer(ref: str) -> bool:
    """Whether ``ref`` is a JSON pointer into its own document (``#``, ``#/…``)."""
    return ref == "#" or ref.startswith("#/")


class References:
    """The ``$ref`` targets of one root schema: ``locate`` answers a reference with the
    target's JSON pointer and value, or None when the schema does not hold it. The anchors
    and identifiers are indexed on the first reference that needs them."""

    def __init__(self, root: Any) -> None:
        self.root = root
        #: Each anchor's subschemas, with the resource (base URI) each belongs to.
        self._anchors: dict[str, list[tuple[str, Any, str]]] | None = None
        self._ids: dict[str, list[tuple[str, Any]]] = {}
        self._located: dict[str, tuple[str, Any] | None] = {}
        #: The dialect the root's ``$schema`` declares (``declared_dialect``): the keywords its
        #: validators read are those it or an older draft added (``drafts.ADDED_IN``).
        self.dialect = declared_dialect(root)
        #: The keyword that names a resource: draft 3 and 4 spell it ``id`` and read no ``$id``
        #: (a ``$id: "#foo"`` there is data, and ``id: "#foo"`` the anchor the validator follows).
        self.id_keyword = "id" if self.dialect <= DRAFT_4 else "$id"
        #: Whether the schema declares draft 3 to 7, which read a ``$ref`` alone.
        self.before_2019 = self.dialect < DRAFT_2019_09
        #: Draft 3 to 7 ignore every keyword beside a ``$ref`` (draft-07 Core 8.3: "All other
        #: properties in a "$ref" object MUST be ignored"); 2019-09 on apply them beside it.
        self.siblings_ignored = self.before_2019
        base = root.get(self.id_keyword) if isinstance(root, dict) else None
        self.base = resource_uri(urldefrag(base)[0]) if isinstance(base, str) and not base.startswith("#") else ""
        #: The keywords that name an anchor besides a fragment ``$id``: ``$anchor`` came with
        #: 2019-09 and ``$dynamicAnchor`` with 2020-12; an older draft's validator finds neither.
        self._anchor_keywords = tuple(keyword for keyword, since in (("$anchor", DRAFT_2019_09),
                                                                     ("$dynamicAnchor", DRAFT_2020_12))
                                      if self.dialect >= since)
        #: Both ``definitions`` and ``$defs`` at the root: then they are two places, not one.
        self._both = isinstance(root, dict) and "definitions" in root and "$defs" in root

    def locate(self, ref: str) -> tuple[str, Any] | None:
        """The target's pointer and value, read once per reference: the root does not change
        (the index assumes so too), and a recursive schema asks for one target at every level
        the witness search builds."""
        if ref not in self._located:
            self._located[ref] = self._locate(ref)
        return self._located[ref]

    def _locate(self, ref: str) -> tuple[str, Any] | None:
        if is_pointer(ref):
            if self._both:  # each keyword its own place: no alias, and the key as written
                target = resolve_pointer(self.root, ref, alias=False)
                return None if target is _MISSING else (ref, target)
            target = resolve_pointer(self.root, ref)
            return None if target is _MISSING else (normalise_pointer(ref), target)
        self._index()
        assert self._anchors is not None
        if ref.startswith("#"):
            return self._anchor(unquote(ref[1:]), self.base)
        try:
            resource, fragment = urldefrag(urljoin(self.base, ref))
        except ValueError:  # not a URI reference at all
            return None
        resource = resource_uri(resource)
        found = ("#", self.root) if resource == self.base else _only(self._ids.get(resource, []))
        if found is None:
            return None
        pointer, node = found
        if not fragment:
            return found
        if fragment.startswith("/"):
            target = resolve_pointer(node, "#" + fragment, alias=False)
            return None if target is _MISSING else (normalise_pointer(pointer.rstrip("/") + fragment), target)
        return self._anchor(unquote(fragment), resource)

    def join(self, base: str | None, own: str) -> str:
        """The base URI of a resource whose ``$id`` is ``own``, inside ``base`` (the root's when None)."""
        try:
            return resource_uri(urldefrag(urljoin(self.base if base is None else base, own))[0])
        except ValueError:
            return own

    def locate_in(self, ref: str, base: str, node: Any) -> tuple[str, Any] | None:
        """``locate`` for a reference met inside an embedded resource: ``node``, whose base URI
        is ``base``. A pointer reads that resource; an anchor is that resource's; anything
        else is resolved against its base."""
        if is_pointer(ref):
            target = resolve_pointer(node, ref, alias=False)
            return None if target is _MISSING else (f"{base}{ref}", target)
        self._index()
        if ref.startswith("#"):
            return self._anchor(unquote(ref[1:]), base)
        try:
            absolute = urljoin(base, ref)
        except ValueError:
            return None
        return self.locate(absolute)

    def _anchor(self, name: str, resource: str) -> tuple[str, Any] | None:
        """The one subschema of ``resource`` (a base URI) that the anchor ``name`` names."""
        assert self._anchors is not None
        return _only([(pointer, node) for pointer, node, base in self._anchors.get(name, []) if base == resource])

    def _index(self) -> None:
        if self._anchors is not None:
            return
        anchors: dict[str, list[tuple[str, Any, str]]] = {}
        # (value, its pointer, the base URI it is in, whether its keys are names: a name map's)
        stack: list[tuple[Any, str, str, bool]] = [(self.root, "#", self.base, False)]
        while stack:
            node, pointer, base, names = stack.pop()
            if isinstance(node, list):
                stack.extend((item, f"{pointer}/{index}", base, False) for index, item in enumerate(node))
                continue
            if not isinstance(node, dict):
                continue
            if names:  # every value a schema, whatever its name
                stack.extend((value, f"{pointer}/{_escaped(key)}", base, False) for key, value in node.items())
                continue
            here = self._pointer_key(pointer)
            own = node.get(self.id_keyword)
            if isinstance(own, str) and own.startswith("#") and len(own) > 1:  # draft-04 to 07's anchor spelling
                anchors.setdefault(unquote(own[1:]), []).append((here, node, base))
            elif isinstance(own, str) and pointer != "#":
                try:
                    base = resource_uri(urldefrag(urljoin(base, own))[0])
                except ValueError:
                    pass
                else:
                    self._ids.setdefault(base, []).append((here, node))
            for keyword in self._anchor_keywords:
                name = node.get(keyword)
                if isinstance(name, str):
                    anchors.setdefault(name, []).append((here, node, base))
            for key, value in node.items():
                if key not in _DATA_KEYWORDS and isinstance(value, dict | list):
                    stack.append((value, f"{pointer}/{_escaped(key)}", base, key in _NAME_MAPS))
        self._anchors = anchors

    def _pointer_key(self, pointer: str) -> str:
        """How a subschema at ``pointer`` is named as a target (``locate``'s first value)."""
        return pointer if self._both else normalise_pointer(pointer)


def _escaped(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def _only(hits: list[tuple[str, Any]]) -> tuple[str, Any] | None:
    """The one subschema a name points at; None when none or several claim it."""
    distinct = {pointer: node for pointer, node in hits}
    return next(iter(distinct.items())) if len(distinct) == 1 else None


def own_resources(schema: Any) -> Callable[[str], Any] | None:
    """A retriever for jsonschema's registry (``referencing``) that answers a URI with one of
    ``schema``'s own resources when the URI names it in another spelling: jsonschema looks a
    reference up as written, ``locate`` after RFC 3986's normalisation, and the witness search
    and replay must reach the target the canonical form read. Nothing is fetched; any other
    URI is unresolvable. None when the schema names no resource (no ``$id`` or ``id``)."""
    if not isinstance(schema, dict) or not any(key in ("$id", "id") for key in _keys(schema)):
        return None
    from referencing import Resource
    from referencing.exceptions import NoSuchResource
    from referencing.jsonschema import DRAFT202012, specification_with

    references = References(schema)
    declared = schema.get("$schema")
    specification = specification_with(declared, default=DRAFT202012) if isinstance(declared, str) else DRAFT202012

    def retrieve(uri: str) -> Any:
        found = None if "#" in uri else references.locate(uri)
        if found is None:
            raise NoSuchResource(ref=uri)
        return Resource.from_contents(found[1], default_specification=specification)

    return retrieve


def _keys(value: Any) -> Iterator[str]:
    """Every key of every object inside ``value``, depth first, without recursion."""
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            yield from node
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


MISSING = _MISSING

__all__ = ["DRAFT_2019_09", "DRAFT_2020_12", "DRAFT_3", "DRAFT_4", "DRAFT_6", "DRAFT_7", "MISSING", "UNDECLARED",
           "References", "declared_dialect", "is_pointer", "list_index", "normalise_pointer", "own_resources",
           "resolve_pointer", "resource_uri", "split_pointer"]
