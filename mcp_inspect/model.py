"""The values read from the inputs: snapshots, entities and where they came from.

Findings, rules and reports, the values that come out, are in findings/.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any


class Direction(enum.Enum):
    """Which way values flow through a schema: callers send input, servers return output."""

    INPUT = "input"
    OUTPUT = "output"

    def flipped(self) -> Direction:
        return Direction.OUTPUT if self is Direction.INPUT else Direction.INPUT


class EntityKind(enum.StrEnum):
    SERVER = "server"
    TOOL = "tool"
    RESOURCE = "resource"
    RESOURCE_TEMPLATE = "resourceTemplate"
    PROMPT = "prompt"


@dataclass(frozen=True)
class ListKind:
    """How one entity kind appears on the wire."""

    kind: EntityKind
    key: str  # the snapshot / wire list name, e.g. "resourceTemplates"
    identity: str  # the field that identifies an entity, e.g. "uriTemplate"
    method: str  # the JSON-RPC list method


LIST_KINDS: tuple[ListKind, ...] = (
    ListKind(EntityKind.TOOL, "tools", "name", "tools/list"),
    ListKind(EntityKind.RESOURCE, "resources", "uri", "resources/list"),
    ListKind(EntityKind.RESOURCE_TEMPLATE, "resourceTemplates", "uriTemplate", "resources/templates/list"),
    ListKind(EntityKind.PROMPT, "prompts", "name", "prompts/list"),
)
LIST_KIND_BY_KEY = {lk.key: lk for lk in LIST_KINDS}
LIST_KIND_BY_METHOD = {lk.method: lk for lk in LIST_KINDS}


@dataclass
class Provenance:
    """Where a snapshot came from. Never diffed."""

    source: str
    shape: str  # which accepted input shape it was read from
    era: str | None = None  # "legacy" (initialize) or "modern" (server/discover)
    protocol_version: str | None = None
    captured_at: str | None = None
    # The capture document's own bookkeeping (server, package, version, command, log, ...).
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class Snapshot:
    """One server surface, exactly as the server said it.

    Lists are ``None`` when the input did not carry them (distinct from an empty
    list). ``extra`` keeps top-level keys of the input that no field here names,
    so that writing a snapshot back loses nothing.
    """

    provenance: Provenance
    initialize: dict[str, Any] | None = None
    discover: dict[str, Any] | None = None
    tools: list[dict[str, Any]] | None = None
    resources: list[dict[str, Any]] | None = None
    resourceTemplates: list[dict[str, Any]] | None = None  # noqa: N815 - the wire name
    prompts: list[dict[str, Any]] | None = None
    pages: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    #: The surface fingerprint, once something computed it (the store, a diff); the repr shows it.
    fingerprint: str | None = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:  # a surface can hold thousands of definitions: say what it is
        counts = ", ".join(f"{len(getattr(self, lk.key) or [])} {lk.key}" for lk in LIST_KINDS)
        known = f", fingerprint {self.fingerprint[:12]}" if self.fingerprint else ""
        return f"<Snapshot {self.provenance.source!r}: {counts}{known}>"

    def entities(self, key: str) -> list[dict[str, Any]]:
        return getattr(self, key) or []

    def keyed(self, lk: ListKind) -> dict[str, dict[str, Any]]:
        """Entities of one kind by identity; the loader guarantees identities are strings.

        A duplicated identity keeps its first occurrence (what most clients show);
        the lint reports duplicates.
        """
        out: dict[str, dict[str, Any]] = {}
        for entity in self.entities(lk.key):
            out.setdefault(entity[lk.identity], entity)
        return out


@dataclass(frozen=True)
class Entity:
    kind: EntityKind
    name: str  # tool/prompt name, resource uri, template uriTemplate, "" for the server
