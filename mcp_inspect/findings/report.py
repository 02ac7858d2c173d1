"""A report: one side (a lint) or two (a diff), its findings, and the gate.

The policy pass (policy.py) decides every finding's ``fails``; the report only adds
them up, so the gate is decided once and every renderer, and the exit code, read the
same answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .calls import CallsSummary
from .facets import Maturity, TokenReport, Verdicts
from .finding import DIFF, LINT, Finding
from .review import ModelReview
from .severity import Level, Severity


@dataclass(frozen=True)
class RepeatedName:
    """A name a diff's side lists several times whose later objects (after the first, which the
    classification compares) differ between the sides: ``kind`` is the entity kind's value
    (``tool``), each count is how many objects carry the name (0: the side lists none), and
    ``how`` says what the later objects did from old to new: ``added`` (the old side had none
    after the first), ``removed`` (the new side has none) or ``changed`` (hostile trial,
    round 37: release notes said "adds" of objects removed, and named no name)."""

    kind: str
    name: str
    old_count: int
    new_count: int

    @property
    def how(self) -> str:
        if self.old_count <= 1:
            return "added"
        return "removed" if self.new_count <= 1 else "changed"


@dataclass
class Side:
    """One surface as a report names it."""

    source: str
    fingerprint: str = ""
    era: str | None = None
    protocol_version: str | None = None
    server_version: str | None = None  # serverInfo.version, when the surface carries one
    #: serverInfo.name, and the package version a capture recorded (its provenance), for
    #: release notes (report/versions.py): which version of the server this is.
    server_name: str | None = None
    package_version: str | None = None
    #: The server's name when the target held several (an mcp.json).
    name: str | None = None
    #: The token cost of the side's tool definitions, when the lint ran.
    tokens: TokenReport | None = None
    #: What each of the side's tool definitions is, as the reports count them: ``tool``, or
    #: ``text`` for the stand-in tools a check lints prompt and instruction text as
    #: (drift/check.py), which are not tools the server has.
    unit: str = "tool"
    #: Each tool object's key in the maturity score (names; ``tools[i]`` where a name is
    #: missing or repeated), by position.
    tool_keys: list[str] | None = None
    #: The lint's verdicts and maturity score of this side, when the lint ran.
    verdicts: Verdicts | None = None
    maturity: Maturity | None = None

    def __repr__(self) -> str:  # the token report lists every tool: say which side this is
        known = f", fingerprint {self.fingerprint[:12]}" if self.fingerprint else ""
        return f"<Side {self.source!r}{known}>"


@dataclass
class Gate:
    """The thresholds: one per vocabulary (findings/severity.py says why), None = never fails."""

    #: Changes at or above this fail.
    changes: Severity = Severity.BREAKING
    #: Lint findings at or above this fail (a lint report's, or those a change introduced).
    checks: Level | None = Level.ERROR
    #: Lint findings the old side of a diff had too.
    inherited: Level | None = None
    #: A diff fails when the server's maturity score falls by more than this (None: never).
    maturity_drop: int | None = None



#: The rule of a tool the diff found renamed (its before and after are the two names).
RENAMED_RULE = "tool.renamed"
#: The change rule of a tool that left the surface: its lint findings are not "resolved".
REMOVED_RULE = "tool.removed"

#: How every capture-conditions warning starts (classify/conditions.py writes them; release
#: notes pick them out by it).
CONDITIONS_PREFIX = "capture conditions differ: "

@dataclass
class Report:
    new: Side
    old: Side | None = None
    findings: list[Finding] = field(default_factory=list)
    gate: Gate = field(default_factory=Gate)
    #: The client profile of the lint; None when no lint ran.
    profile: str | None = None
    #: What the lint section is headed with when it is not the profile's whole selection: a
    #: check's "security checks" (new-user trial, round 44: it was headed "claude profile").
    lint_label: str | None = None
    #: The lint's policy (``compliance`` or ``governance``) and the MCP revision it judged by.
    policy: str | None = None
    spec_version: str | None = None
    #: Things the user should know that are not findings (stale or expired ignores, ...);
    #: capture conditions first, each starting with CONDITIONS_PREFIX.
    warnings: list[str] = field(default_factory=list)
    #: What the policy made of each ``ignore:`` entry that applied to the run (policy.IgnoreUse:
    #: the entry, whether the run could judge it, whether it matched a finding); a check
    #: judges staleness over the diff and the text lint of a server together.
    ignores: list[Any] = field(default_factory=list)
    #: The configuration file the policy read, if any (reports name it beside what it changed).
    config_source: str | None = None
    #: Where the new side lies (a file in the repository, or none), for SARIF and
    #: annotations; the API computes it before rendering (sources/locations.py).
    location: Any = None
    #: A diff's changed tools as the servers wrote them: the (old, new) raw tool objects by the
    #: name the findings give the tool (a renamed tool's new name), None for a side without
    #: it. Only tools with a change; the objects are the snapshots' own, so keeping them costs
    #: nothing. api.diff fills it; the HTML report formats and cuts them (report/html_defs.py).
    definitions: dict[str, tuple[dict[str, Any] | None, dict[str, Any] | None]] = field(default_factory=dict)
    #: A diff's tools whose definitions the classification found equal on both sides (one
    #: canonical form, docs/canonical-form.md), by name; a name several tools of either side
    #: share is left out. The policy pass keeps these tools' own lint findings inherited: a
    #: spelling the classification calls equal neither introduces nor resolves one.
    same_tools: frozenset[str] = frozenset()
    #: The whole tool list is the same on both sides in that sense (every tool in
    #: ``same_tools``, none missing or added): no lint finding is introduced or resolved.
    same_tool_list: bool = False
    #: A diff whose sides differ in the later objects of a repeated name (two tools ``t``):
    #: the classification compares a name's first object only, so "no changes" would claim
    #: too much; the warnings name them (hostile trial, round 36), and release notes list
    #: them, by name, with what their later objects did (hostile trial, round 37).
    repeated: list[RepeatedName] = field(default_factory=list)
    #: A diff's lint findings of the old side that the new side no longer has: what the change
    #: resolved. Old-side findings, so never among ``findings``, and they never fail the gate.
    resolved: list[Finding] = field(default_factory=list)
    #: The model review (``--llm``), when one ran: a model's opinions beside the findings.
    #: Advice only: nothing below (``failed``, ``exit_code``, the counts) reads it.
    llm: ModelReview | None = None
    #: Recorded calls replayed against both sides (``--calls``), when given.
    calls: CallsSummary | None = None
    #: A diff's lists the old side had entities of that the new side's capture could not
    #: read (its method answered an error other than -32601): none of them was compared, so
    #: the gate fails closed. Each is ``(list key, method, the error as the server sent it)``.
    unread_lists: list[tuple[str, str, Any]] = field(default_factory=list)
    #: What the policy failed the gate for beyond any one finding, each in words: a token
    #: budget exceeded (``tokens:``), a client that lost compatibility (``--fail-on-client``).
    gate_failures: list[str] = field(default_factory=list)
    #: The token budget the policy judged (``tokens:``), as facts for the JSON report; None
    #: when none was configured.
    token_budget: dict[str, Any] | None = None
    #: A diff's verdict per client profile (policy.judge_clients), in profile order: each
    #: ``{"profile", "before", "after", "introduced": [findings that made it fail]}``, where
    #: ``before``/``after`` say whether the side is compatible with the client (no error of the
    #: specification or the client's own limits). Empty when the lint did not run.
    compatibility: list[dict[str, Any]] = field(default_factory=list)

    # --- what it holds --------------------------------------------------------------------

    @property
    def is_diff(self) -> bool:
        return self.old is not None

    @property
    def repeated_names(self) -> bool:
        """The sides differ in the later objects of a repeated name (``repeated``)."""
        return bool(self.repeated)

    @property
    def linted(self) -> bool:
        return self.profile is not None

    @property
    def changes(self) -> list[Finding]:
        return [f for f in self.findings if f.origin == DIFF]

    @property
    def checks(self) -> list[Finding]:
        return [f for f in self.findings if f.origin == LINT]

    @property
    def introduced(self) -> list[Finding]:
        return [f for f in self.checks if f.introduced is not False]

    @property
    def inherited(self) -> list[Finding]:
        return [f for f in self.checks if f.introduced is False]

    # --- counts and the gate ------------------------------------------------------------

    @property
    def unwitnessed(self) -> int:
        """BREAKING input changes (not ignored) whose witness search found none (evidence/); a
        finding searched under its rule's BREAKING that the policy lowered is not one."""
        return sum(1 for f in self.changes if f.witness is not None and not f.witness.found
                   and f.witness.direction == "input" and not f.ignored and f.severity is Severity.BREAKING)

    def counts(self) -> dict[str, int]:
        """Active changes by severity name, and the ignored ones."""
        return _counts(self.changes, Severity)

    def check_counts(self, findings: list[Finding] | None = None) -> dict[str, int]:
        """Active lint findings by level, and the ignored ones."""
        return _counts(self.checks if findings is None else findings, Level)

    @property
    def maturity_dropped(self) -> bool:
        """A diff whose server maturity fell by more than ``gate.maturity_drop`` points."""
        if self.gate.maturity_drop is None or self.old is None:
            return False
        before, after = self.old.maturity, self.new.maturity
        return before is not None and after is not None and before.score - after.score > self.gate.maturity_drop

    def _renamed_tools(self) -> dict[str, str]:
        """Old name → new name of every tool the diff found renamed: per-tool figures of the
        two sides are compared under the new name."""
        return {f.before: f.after for f in self.changes
                if f.rule == RENAMED_RULE and isinstance(f.before, str) and isinstance(f.after, str)}

    def maturity_by_tool(self) -> list[tuple[str, int | None, int | None]]:
        """A diff's ``(tool, score before, score after)`` for every tool of either side, by the
        new name: a tool the diff found renamed is one tool, its old score under its new name
        (None: the side has no such tool)."""
        if self.old is None or self.old.maturity is None or self.new.maturity is None:
            return []
        renamed = self._renamed_tools()
        before = {renamed.get(name, name): score for name, score in self.old.maturity.per_tool.items()}
        after = self.new.maturity.per_tool
        return [(name, before.get(name), after.get(name)) for name in sorted(before.keys() | after.keys())]

    @property
    def failed(self) -> bool:
        return (any(f.fails for f in self.findings) or self.maturity_dropped or bool(self.unread_lists)
                or bool(self.gate_failures))

    @property
    def changes_failed(self) -> bool:
        """The changes' part of the gate: a failing change, or a list the new side could not read."""
        return any(f.fails for f in self.changes) or bool(self.unread_lists) or bool(self.gate_failures)

    def token_changes(self) -> list[tuple[str, int | None, int | None]]:
        """A diff's per-tool token costs that changed, as ``(tool, before, after)`` (None: the
        side has no such tool), largest change first, then by name; a renamed tool is one tool
        under its new name. Empty unless both sides were costed."""
        if self.old is None or self.old.tokens is None or self.new.tokens is None:
            return []
        renamed = self._renamed_tools()
        before = {renamed.get(name, name): cost for name, cost in self.old.tokens.per_tool.items()}
        after = self.new.tokens.per_tool
        changed = [(name, before.get(name), after.get(name)) for name in before.keys() | after.keys()
                   if before.get(name) != after.get(name)]
        return sorted(changed, key=lambda c: (-abs((c[2] or 0) - (c[1] or 0)), c[0]))

    def failing_by_calls(self) -> list[Finding]:
        """The changes that fail the gate below its threshold: only recorded calls move a
        finding there (``calls.fail_when_rejected``, policy.weigh_calls)."""
        return [f for f in self.changes if f.fails and not f.at_gate]

    def rejected_calls_failing(self) -> int:
        """The recorded calls rejected behind ``failing_by_calls``: each tool side's once."""
        sides = {(f.entity.name, f.rule.startswith("tool.output.")): f.calls["rejectedByNew"]
                 for f in self.failing_by_calls() if f.calls is not None}
        return sum(sides.values())

    @property
    def checks_failed(self) -> bool:
        """The lint's part of the gate: a failing lint finding, or a maturity drop past the limit."""
        return any(f.fails for f in self.checks) or self.maturity_dropped

    def failing_checks(self) -> list[Finding]:
        """The lint findings that fail the gate, introduced first."""
        return [f for f in (*self.introduced, *self.inherited) if f.fails]

    @property
    def exit_code(self) -> int:
        return 1 if self.failed else 0

    def __iter__(self) -> Iterator[Finding]:
        return iter(self.findings)

    def __repr__(self) -> str:  # a report can hold thousands of findings: say what it is
        sides = f"{self.old.source!r} → {self.new.source!r}" if self.old else repr(self.new.source)
        count = len(self.findings)
        return f"<Report {sides}: {count} finding{'' if count == 1 else 's'}, gate {'fail' if self.failed else 'pass'}>"


def _counts(findings: list[Finding], scale: type[Severity] | type[Level]) -> dict[str, int]:
    members: list[Severity | Level] = sorted(scale, reverse=True)
    out = {member.label: 0 for member in members}
    for finding in findings:
        if not finding.ignored:
            out[finding.severity.label] += 1
    out["ignored"] = sum(1 for f in findings if f.ignored)
    return out
