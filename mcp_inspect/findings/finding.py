"""One finding: a rule, where it holds, the facts, and what policy made of it.

The classification and the lint both make findings (``origin`` says which); the policy
pass (policy.py) then sets the effective severity, whether the finding is ignored, whether
a change introduced it, and whether it fails the gate. Renderers only read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import xxhash

from ..model import Entity, EntityKind
from .evidence import Witness
from .lifecycle import Deprecation
from .rule import Rule
from .severity import Level, Severity

#: Where a finding comes from: the classification of a change, or the lint of one side.
DIFF, LINT = "diff", "lint"
_SERVER = EntityKind.SERVER


@dataclass(frozen=True, slots=True)
class SourceLocation:
    """Where the server's code registers a finding's entity or property (codemap/): a POSIX
    path from the repository's root, a 1-based line and a 1-based column."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(eq=False, slots=True)
class Finding:
    rule: str
    definition: Rule = field(repr=False)
    entity: Entity
    path: str
    #: The effective severity (policy may override or lower the default).
    severity: Severity | Level
    #: The rule's severity for this finding, before policy (a graded prose rule and a few
    #: checks grade single findings).
    default_severity: Severity | Level
    origin: str = DIFF
    #: The facts the message is written from (the rule's template fills them in).
    args: dict[str, Any] = field(default_factory=dict)
    variant: str = "default"
    before: Any = None
    after: Any = None
    #: Which of ``before`` and ``after`` was absent rather than null (a diff's value changes).
    absent: tuple[str, ...] = ()
    #: Lint findings: the tool's position in its list (None for the list as a whole).
    position: int | None = None
    #: What backs the finding; a folded finding may take a stronger one than its rule's.
    provenance: str = ""
    #: Codes of the other family folded into this finding (one defect, one finding).
    aliases: list[str] = field(default_factory=list)
    #: Recorded calls of the finding's tool side replayed against both schemas (``--calls``):
    #: ``{"recorded", "rejectedByNew", "acceptedByOld"}``; None when none were given or the
    #: finding is not about a tool's input or output (docs/record.md).
    calls: dict[str, int] | None = None
    #: What the recorded calls changed about the gate for this finding, in words (policy).
    calls_note: str | None = None
    #: A BREAKING schema change's witness (evidence/witness.py): the value that shows it;
    #: None when none was sought (any other finding).
    witness: Witness | None = None
    #: Where the server's code registers the finding's property, or else its entity
    #: (``api.locate`` with a source tree, docs/source.md); None when not located.
    source: SourceLocation | None = None
    #: A removal (``lifecycle.REMOVALS``) of something the old side marked deprecated: how it
    #: was marked and for how long (findings/lifecycle.py); None otherwise.
    deprecated: Deprecation | None = None
    #: The entity's ``_meta`` marks it experimental on the old side (the new one, for an entity
    #: added); ``stability`` decides.
    marked_experimental: bool = False
    #: The entity's name on the old side (the new one's for an entity added): ``stability``'s
    #: globs read it, so a stable entity renamed into an experimental name keeps its promise.
    old_name: str | None = None
    # --- set by the policy pass -----------------------------------------------------------
    ignored: bool = False
    reason: str | None = None
    #: The configuration line of the ignore entry or override that applied, when known.
    ignored_at: int | None = None
    #: An ``approve:`` entry matched this very change (rule, entity, path and before/after):
    #: the finding is also ``ignored``, and ``reason`` is the approval's.
    approved: bool = False
    overridden_at: int | None = None
    #: Why the effective severity differs from the default: ``severity_overrides``,
    #: ``rules`` (``lint.rules`` or ``--rule``), ``compliance`` (the policy lowered it) or
    #: ``folded`` (a folded finding's severity was higher); None when it does not differ.
    severity_reason: str | None = None
    #: A lint finding inside a diff: True when the change introduced it, False when the
    #: old side had it too; None outside a diff.
    introduced: bool | None = None
    #: What the lifecycle policy (``deprecation:``, ``stability:``) said about the finding:
    #: "deprecated since …", "removed without deprecation", "experimental …"; None otherwise.
    lifecycle: str | None = None
    #: On an experimental entity (``stability:``): reported, and never failing the gate.
    experimental: bool = False
    #: At or above the gate's threshold for its vocabulary, ignored or not.
    at_gate: bool = False
    #: At the gate and not ignored: this finding fails the run.
    fails: bool = False

    def __post_init__(self) -> None:
        if not self.provenance:
            self.provenance = self.definition.provenance

    def __repr__(self) -> str:  # the generated one prints every fact and value, often kilobytes
        where = f" at {self.path}" if self.path else ""
        entity = f"{self.entity.kind.value} {self.entity.name!r}" if self.entity.name else self.entity.kind.value
        state = " (ignored)" if self.ignored else " (fails)" if self.fails else ""
        return f"<Finding {self.severity} {self.rule} on {entity}{where}{state}>"

    @property
    def message(self) -> str:
        return self.definition.message(self.variant, self.args)

    @property
    def advice(self) -> str:
        return self.definition.advice_for(self.variant)

    @property
    def category(self) -> str:
        return self.definition.category

    @property
    def overridden(self) -> bool:
        return self.severity != self.default_severity

    # --- the lint's names for the same things -------------------------------------------

    @property
    def code(self) -> str:
        return self.rule

    @property
    def level(self) -> Level:
        assert isinstance(self.severity, Level), "only a lint finding has a level"
        return self.severity

    @property
    def tool(self) -> str | None:
        """A lint finding's tool name (``tools[3]`` when it has none); None for the whole list."""
        return None if self.entity.kind is _SERVER else self.entity.name

    @property
    def location(self) -> str:
        """``tool:path`` as lint reports show a place."""
        if self.tool is None:
            return self.path or "tools"
        return f"{self.tool}:{self.path}" if self.path else self.tool

    # --- identity -----------------------------------------------------------------------

    @property
    def id(self) -> str:
        """Stable across runs and wording: rule, entity and path only, never the message."""
        key = "\x1f".join((self.rule, self.entity.kind.value, self.entity.name, self.path))
        return xxhash.xxh3_64_hexdigest(key.encode("utf-8"))

    @property
    def change_digest(self) -> str:
        """xxh3_64 of the canonical JSON of ``before`` and ``after``: with rule, entity and path,
        the fingerprint an ``approve:`` entry holds, so that another change of the same rule at
        the same place does not match it."""
        return change_digest(self.before, self.after)

    def sort_key(self) -> tuple[Any, ...]:
        if self.origin == LINT:  # the list's own findings first, then by tool, path, code
            return (0 if self.entity.kind is _SERVER else 1, self.entity.name, self.path, self.rule)
        return (self.entity.kind.value, self.entity.name, self.path, self.rule, self.id)


def change_digest(before: Any, after: Any) -> str:
    """xxh3_64 hex of ``{"after": …, "before": …}`` as canonical JSON (keys sorted, no spaces)."""
    import json

    text = json.dumps({"before": before, "after": after}, sort_keys=True, separators=(",", ":"),
                      ensure_ascii=False, default=repr)
    return xxhash.xxh3_64_hexdigest(text.encode("utf-8"))
