"""Canonical views of a snapshot's entities and server metadata, and their fingerprints.

A fingerprint is xxh3_128 of the canonical JSON. Equal fingerprints let the
diff skip an entity or a subschema without walking it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import xxhash

from ..errors import InputError
from ..model import LIST_KINDS, ListKind, Snapshot
from .canonical import InlineBudget, canonical_json, canonical_schema, normalise_numbers, sorted_unique
from .identity import Digests

SERVER_INFO_META_KEY = "io.modelcontextprotocol/serverInfo"
#: Fields of list and discover results that describe caching, not the surface.
VOLATILE_RESULT_FIELDS = ("ttlMs", "cacheScope", "resultType", "nextCursor")


def fingerprint(value: Any) -> str:
    return xxhash.xxh3_128_hexdigest(canonical_json(value).encode("utf-8"))


def canonical_entity(lk: ListKind, entity: dict[str, Any], notes: list[str] | None = None,
                     inline_budget: InlineBudget | None = None) -> dict[str, Any]:
    """An entity with its schemas canonicalised and empty/neutral spellings folded.

    ``notes`` collects what the reader should know (references kept as written).
    """
    out = normalise_numbers({k: v for k, v in entity.items() if k not in ("inputSchema", "outputSchema")})
    for key in ("inputSchema", "outputSchema"):
        if key in entity:
            found: list[str] = []
            out[key] = canonical_schema(entity[key], found, inline_budget)
            if notes is not None:
                notes.extend(f"{key}: {note}" for note in found)
    if out.get("annotations") == {}:
        del out["annotations"]  # the contract: annotations: {} equals no annotations
    execution = out.get("execution")
    if isinstance(execution, dict) and execution.get("taskSupport") == "forbidden":
        # "forbidden" is the specification default: declaring it changes nothing.
        execution = {k: v for k, v in execution.items() if k != "taskSupport"}
        out["execution"] = execution
    if out.get("execution") == {}:
        del out["execution"]
    annotations = out.get("annotations")
    if isinstance(annotations, dict) and isinstance(annotations.get("audience"), list):
        annotations["audience"] = sorted_unique(annotations["audience"])
    if lk.key == "prompts" and isinstance(out.get("arguments"), list):
        out["arguments"] = _canonical_arguments(out["arguments"])
        if not out["arguments"]:
            del out["arguments"]
    return out


def _canonical_arguments(arguments: list[Any]) -> list[Any]:
    """Prompt arguments: order does not matter, an absent ``required`` equals false."""
    out = []
    for argument in arguments:
        if isinstance(argument, dict) and argument.get("required") is False:
            argument = {k: v for k, v in argument.items() if k != "required"}
        out.append(argument)
    return sorted_unique(out)


def server_view(snap: Snapshot) -> dict[str, Any]:
    """What the server says about itself, in one era-neutral shape.

    ``initialize`` (legacy) and ``server/discover`` (modern) results are folded into
    the same keys; caching fields are left out except the surface's cache scope,
    which is "private" if any list or discover result says so.
    """
    view: dict[str, Any] = {}
    if snap.initialize is not None:
        init = snap.initialize
        view["era"] = "legacy"
        for key, value in init.items():
            view[key] = value
    if snap.discover is not None:
        view["era"] = "modern" if snap.initialize is None else "both"
        for key, value in snap.discover.items():
            if key in VOLATILE_RESULT_FIELDS:
                continue
            if key == "_meta" and isinstance(value, dict) and SERVER_INFO_META_KEY in value:
                view.setdefault("serverInfo", value[SERVER_INFO_META_KEY])
                value = {k: v for k, v in value.items() if k != SERVER_INFO_META_KEY}
                if not value:
                    continue
            view.setdefault(key, value)
        if snap.provenance.protocol_version and "protocolVersion" not in view:
            view["protocolVersion"] = snap.provenance.protocol_version
    if isinstance(view.get("capabilities"), dict):
        view["capabilities"] = _canonical_capabilities(view["capabilities"])
    scope = cache_scope(snap)
    if scope is not None:
        view["cacheScope"] = scope
    return normalise_numbers(view)


def sent_capabilities(snap: Snapshot) -> Any:
    """The capabilities as the server sent them (``initialize``'s, else ``server/discover``'s,
    as ``server_view`` takes them), before the canonical form leaves out false flags."""
    for result in (snap.initialize, snap.discover):
        if result is not None and "capabilities" in result:
            return result["capabilities"]
    return None


def _canonical_capabilities(capabilities: dict[str, Any]) -> dict[str, Any]:
    """Capability flags default to false and an empty ``experimental`` map says nothing."""
    out: dict[str, Any] = {}
    for key, value in capabilities.items():
        if isinstance(value, dict) and key != "extensions":
            value = {k: v for k, v in value.items() if v is not False}
        if key == "experimental" and value == {}:
            continue
        out[key] = value
    return out


def cache_scope(snap: Snapshot) -> str | None:
    scopes: set[str] = set()
    if snap.discover is not None and isinstance(snap.discover.get("cacheScope"), str):
        scopes.add(snap.discover["cacheScope"])
    for pages in snap.pages.values():
        for page in pages if isinstance(pages, list) else []:
            if isinstance(page, dict) and isinstance(page.get("cacheScope"), str):
                scopes.add(page["cacheScope"])
    if not scopes:
        return None
    return "private" if "private" in scopes else sorted(scopes)[0]


@dataclass
class EntityView:
    raw: dict[str, Any]
    canonical: dict[str, Any]
    fingerprint: str


@dataclass
class Surface:
    """A snapshot's canonical index: computed once, read by the diff and the lint."""

    snapshot: Snapshot
    server: dict[str, Any]
    server_fingerprint: str
    entities: dict[str, dict[str, EntityView]] = field(default_factory=dict)
    fingerprint: str = ""
    #: Notes for the reader, e.g. a ``$ref`` that does not resolve (kept and compared as written).
    notes: list[str] = field(default_factory=list)
    #: Per list key, the names several objects carry: each such name's later objects (after the
    #: one ``entities`` holds) as ``(position in the list, fingerprint)``, in list order. The
    #: diff compares the first object of a name; these count in the fingerprint all the same
    #: (hostile trial, round 36).
    repeated: dict[str, dict[str, list[tuple[int, str]]]] = field(default_factory=dict)


#: Canonical views by the exact raw value of an entity (its digest), shared between the
#: two sides of a diff: an entity the change did not touch is canonicalised once, not twice.
CanonicalMemo = dict[tuple[str, bytes], tuple[dict[str, Any], str, tuple[str, ...]]]


def build_surface(snap: Snapshot, memo: CanonicalMemo | None = None, digests: Digests | None = None) -> Surface:
    where = snap.provenance.source
    server = server_view(snap)
    surface = Surface(snap, server, fingerprint(server))
    parts: list[Any] = [surface.server_fingerprint]
    memo = {} if memo is None else memo
    digests = digests or Digests()
    inline_budget = InlineBudget()  # one for the whole surface
    for lk in LIST_KINDS:
        views: dict[str, EntityView] = {}
        repeated: dict[str, list[tuple[int, str]]] = {}
        for position, raw in enumerate(snap.entities(lk.key)):
            name = raw[lk.identity]
            key = (lk.key, digests.of(raw))
            known = memo.get(key)
            if known is None:
                notes: list[str] = []
                try:
                    canon = canonical_entity(lk, raw, notes, inline_budget)
                except InputError as exc:
                    raise InputError(f"{where}: {lk.kind.value} {name!r}: {exc}") from None
                known = memo[key] = (canon, fingerprint(canon), tuple(notes))
            if name in views:  # a later object of a name: not compared, but part of the surface
                repeated.setdefault(name, []).append((position, known[1]))
            else:
                views[name] = EntityView(raw, known[0], known[1])
            surface.notes.extend(f"{where}: {lk.kind.value} {name!r} {note}" for note in known[2])
        surface.entities[lk.key] = views
        surface.repeated[lk.key] = repeated
        parts.append(lk.key)
        parts.extend(f"{name}={views[name].fingerprint}" for name in sorted(views))
        # A repeated name's later objects count (hostile trial, round 36: a second tool "t"
        # carrying an injection left the fingerprint, and so a check's pin, as it was). Each
        # is a list, never a string, so it cannot collide with a name's part, and a surface
        # without repeated names hashes exactly what it hashed before.
        parts.extend([name, *(fp for _, fp in repeated[name])] for name in sorted(repeated))
    surface.fingerprint = snap.fingerprint = fingerprint(parts)  # the snapshot's repr shows it
    return surface


def fingerprints_of(surface: Surface) -> dict[str, Any]:
    """Fingerprints as written into the snapshot format (informational; recomputed on load)."""
    out: dict[str, Any] = {"algorithm": "xxh3_128", "surface": surface.fingerprint,
                           "server": surface.server_fingerprint}
    for key, views in surface.entities.items():
        if views:
            out[key] = {name: views[name].fingerprint for name in sorted(views)}
    return out
