"""The values that flow between modules: snapshots in, findings out."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import xxhash

if TYPE_CHECKING:  # the lint imports this module; only the type checker needs the reverse
    from .checks.findings import LintComparison


class Severity(enum.IntEnum):
    """Ordered so that ``a >= b`` reads "a is at least as severe as b"."""

    DOCUMENTATION = 0
    NON_BREAKING = 1
    POTENTIALLY_BREAKING = 2
    BREAKING = 3

    @classmethod
    def parse(cls, text: str) -> Severity:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(s.name for s in cls)
            raise ValueError(f"unknown severity {text!r} (expected one of {names})") from None


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


@dataclass
class Finding:
    """One classified change. ``id`` depends on rule, entity and path only."""

    rule: str
    severity: Severity
    default_severity: Severity
    entity: Entity
    path: str
    before: Any
    after: Any
    message: str
    advice: str
    ignored: bool = False
    reason: str | None = None

    @property
    def id(self) -> str:
        key = "\x1f".join((self.rule, self.entity.kind.value, self.entity.name, self.path))
        return xxhash.xxh3_64_hexdigest(key.encode("utf-8"))

    def sort_key(self) -> tuple[str, str, str, str, str]:
        return (self.entity.kind.value, self.entity.name, self.path, self.rule, self.id)


@dataclass
class SideInfo:
    """One side of a diff as reported: where it came from and its surface fingerprint."""

    source: str
    fingerprint: str
    era: str | None = None
    protocol_version: str | None = None
    server_version: str | None = None  # serverInfo.version, when the surface carries one


@dataclass
class DiffResult:
    """Everything a renderer needs; the gate is decided here, once, not by a renderer."""

    old: SideInfo
    new: SideInfo
    findings: list[Finding]
    fail_on: Severity = Severity.BREAKING
    #: Things the user should know that are not findings (stale or expired ignores, ...).
    warnings: list[str] = field(default_factory=list)
    #: The lint of both sides (``mcp-inspect diff`` adds it; None when the lint did not run).
    #: Its findings never appear in ``findings``: they are reported beside them.
    lint: LintComparison | None = None

    def counts(self) -> dict[str, int]:
        counts = {s.name: 0 for s in sorted(Severity, reverse=True)}
        for finding in self.findings:
            if not finding.ignored:
                counts[finding.severity.name] += 1
        counts["ignored"] = sum(1 for f in self.findings if f.ignored)
        return counts

    @property
    def diff_failed(self) -> bool:
        return any(f.severity >= self.fail_on for f in self.findings if not f.ignored)

    @property
    def failed(self) -> bool:
        return self.diff_failed or (self.lint is not None and self.lint.failed)

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0
