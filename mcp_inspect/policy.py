"""The policy pass: what the configuration and the command line make of the findings.

It runs once per report, after the classification and the lint, in this order:

1. **Severities.** ``severity_overrides`` replace a change's severity; a lint code's
   severity set by ``lint.rules`` or ``--rule`` replaces its findings' severity; otherwise
   the ``compliance`` policy lowers an error backed by governance or a heuristic to a
   warning. Every finding keeps its default severity beside the effective one.
2. **Folding**: where an MCP code and a validator code report one defect, one finding
   stays (checks/folding.py).
3. **Introduced, inherited or resolved**: in a diff, a lint finding of the new side is
   inherited when the old side has a matching one or its tool is the same on both sides
   in canonical form (``split_by_origin``), else introduced; the old side's findings left
   unmatched are resolved (``report.resolved``).
4. **Approvals** (``approve:``) mark the one change each was written for (its rule, entity,
   path and the digest of its old and new values) approved, which also ignores it; an
   expired approval stops applying and one that matched nothing is stale, each with a
   warning. **Ignores** then mark findings (never delete them): the first matching entry gives the
   reason and its line; an expired entry stops applying and one that matched nothing
   is stale, each with a warning.
5. **Verdicts and maturity** of each linted side (checks/maturity.py), over what is left.
6. **The gate**: each finding's ``fails`` is set against the threshold of its vocabulary
   (findings/severity.py), a diff's maturity drop against ``lint.fail_on_maturity_drop``,
   and the report's outcome and exit code follow from those.

Renderers never decide any of this: they read ``finding.fails`` and ``report.failed``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date
from itertools import chain
from typing import Any, NamedTuple

from .catalogue import default_catalogue
from .checks.compat import ClientFindings
from .checks.folding import fold
from .checks.maturity import maturity, verdicts
from .checks.selection import Selection
from .checks.settings import LintSettings
from .config.load import CallsSettings, Config, DeprecationSettings, StabilitySettings, TokenBudget
from .config.waivers import ApproveRule, IgnoreRule
from .findings.calls import property_path
from .findings.finding import DIFF, LINT, Finding
from .findings.report import REMOVED_RULE, RENAMED_RULE, Report, Side
from .findings.severity import Level, Severity
from .model import EntityKind

_INDEX = re.compile(r"\[\d+\]")
#: The rule whose findings pair an old tool name with its new one.


def apply(report: Report, config: Config | None = None, settings: LintSettings | None = None, *,
          fail_on: Severity | None = None, baseline: list[Finding] | None = None,
          today: date | None = None, shared: Mapping[int, int] | None = None,
          clients: tuple[ClientFindings, ClientFindings] | None = None) -> Report:
    """Apply the configuration to ``report`` (in place) and decide its gate.

    ``settings`` gives the lint's thresholds (the configuration's ``lint:`` section with the
    command line's choices applied; default: ``config.lint``). ``fail_on`` beats the
    configuration's ``fail_on``, as ``--fail-on`` does. ``baseline`` holds the old side's
    lint findings in a diff: the new side's are then split into introduced and inherited.
    ``shared`` maps positions of the old side's tool objects to the new side's for the
    definitions the two share unchanged (api.py): ``baseline`` then lacks their findings of
    ``shared_codes``, which are the new side's at the mapped position, inherited, and counted
    for the old side's verdicts and score from there.
    """
    config = config or Config()
    settings = settings or config.lint
    today = today or date.today()
    report.config_source = config.source
    _override(report.findings, config)
    if report.is_diff:
        lifecycle(report.changes, config.deprecation, config.stability, today)
    ran_codes: frozenset[str] = frozenset()
    if report.linted:
        from .checks.engine import selection_of
        from .checks.profiles import get_profile

        selection = selection_of(settings, default_catalogue())
        # A code the profile leaves silent ran in name only: it judges no ignore entry.
        profile = get_profile(settings.profile)
        ran_codes = frozenset(code for code in selection.codes if profile.can_find(code))
        report.policy, report.spec_version = settings.policy, settings.spec_version
        checks = fold(lint_severities(report.checks, selection, settings.policy, dict(settings.rule_lines)))
        report.findings = [*report.changes, *checks]
        if baseline is not None:
            baseline = fold(lint_severities(baseline, selection, settings.policy, dict(settings.rule_lines)))
    if baseline is not None:
        resolved = mark_introduced(baseline, report.checks, renames_of(report.findings),
                                   report.same_tools, report.same_tool_list, frozenset((shared or {}).values()))
        # A removed tool's findings left with it: the change fixed none of them, and listing
        # them as resolved would bury the ones it did fix (the removal is its own finding).
        removed = {f.tool for f in report.changes if f.rule == REMOVED_RULE}
        report.resolved = [f for f in resolved if f.tool is None or f.tool not in removed]
    _approve(report, config.approve, today)
    _ignore(report, config.ignore, today, baseline or [], ran_codes)
    if report.linted:
        _judge(report.new, report.checks)
        if report.old is not None and baseline is not None:
            _judge(report.old, baseline, _borrowed(report.checks, shared or {}))
    # Explicit None checks: DOCUMENTATION is IntEnum 0, which is falsy.
    report.gate.changes = fail_on if fail_on is not None else (
        config.fail_on if config.fail_on is not None else Severity.BREAKING)
    if report.is_diff:
        report.gate.checks, report.gate.inherited = settings.introduced_fail_on, settings.inherited_fail_on
        report.gate.maturity_drop = settings.fail_on_maturity_drop
    else:
        report.gate.checks, report.gate.inherited = settings.fail_on, settings.fail_on
    decide(report)
    report.gate_failures = []
    if config.tokens is not None:
        judge_tokens(report, config.tokens)
    if clients is not None and baseline is not None:
        judge_clients(report, clients, baseline, shared or {}, config, settings)
    elif report.is_diff and not report.linted:
        # --no-lint: the gates that read the lint cannot be judged, and must not pass in silence.
        if config.fail_on_clients:
            named = ", ".join(config.fail_on_clients)
            report.warnings.append(f"{config.fail_on_clients_said}: the clients' verdicts ({named}) were not judged: "
                                   "they need the lint (run without --no-lint)")
        if settings.fail_on_maturity_drop is not None:
            report.warnings.append("lint.fail_on_maturity_drop: the maturity score was not judged: it needs the "
                                   "lint (run without --no-lint)")
    if report.calls is not None:
        weigh_calls(report, config.calls)
    return report


#: What a client refuses: an error backed by the specification or by the client's own limits.
_BLOCKING = frozenset({"specification", "client"})


def _blocking(finding: Finding) -> bool:
    return finding.severity is Level.ERROR and not finding.ignored and finding.provenance in _BLOCKING


def judge_clients(report: Report, clients: tuple[ClientFindings, ClientFindings],
                  baseline: list[Finding], shared: Mapping[int, int], config: Config,
                  settings: LintSettings) -> None:
    """A diff's verdict per client profile (``report.compatibility``): whether each side is
    compatible with the client, and for one the change made incompatible, the findings the
    change introduced that did it. The findings of codes that do not depend on the profile are
    the lint's own (decided above); those of ``PROFILE_CODES`` are each profile's
    (checks/compat.py), given the same severities and ignores. A client named in
    ``fail_on_clients`` that loses compatibility fails the gate."""
    from .checks.engine import selection_of
    from .checks.profiles import PROFILE_CODES

    selection = selection_of(settings, default_catalogue())
    active = [e for e in config.ignore if LINT in e.origins and (e.expires is None or e.expires >= date.today())]

    def decided(findings: list[Finding]) -> list[Finding]:
        findings = lint_severities(findings, selection, settings.policy)
        for finding in findings:
            first = next((e for e in active if e.matches(finding)), None)
            finding.ignored = first is not None
        return findings

    old_base = [f for f in chain(baseline, (f for _, f in _borrowed(report.checks, shared)))
                if f.rule not in PROFILE_CODES]
    new_base = [f for f in report.checks if f.rule not in PROFILE_CODES]
    renamed = renames_of(report.findings)
    # A side the shared codes already fail is incompatible with every client: its own codes
    # are then neither read nor made (checks/compat.py makes them on first use).
    base_before, base_after = any(_blocking(f) for f in old_base), any(_blocking(f) for f in new_base)
    def blocks(findings: Iterator[Finding]) -> bool:
        return any(_blocking(decided([finding])[0]) for finding in findings)

    for name in clients[1]:
        compatible_before = not base_before and not blocks(clients[0].each(name))
        compatible_after = not base_after and not blocks(clients[1].each(name))
        introduced: list[Finding] = []
        if compatible_before and not compatible_after:
            before, after = decided(list(clients[0][name])), decided(list(clients[1][name]))
            introduced = [f for f in new_base if _blocking(f) and f.introduced is not False]
            introduced += [f for f in split_by_origin(before, after, renamed).introduced if _blocking(f)]
        report.compatibility.append({"profile": name, "before": compatible_before, "after": compatible_after,
                                     "introduced": introduced})
        if name in config.fail_on_clients and compatible_before and not compatible_after:
            first = introduced[0].message if introduced else "a finding the change introduced"
            report.gate_failures.append(f"{name} is no longer compatible: {first} ({config.fail_on_clients_said})")


def judge_tokens(report: Report, budget: TokenBudget) -> None:
    """The token budget (``tokens:``) against the new side's tool definitions, as the lint
    counted them with the profile's tokenizer: ``max_total`` on any report, ``max_increase``
    (tokens, or percent of the old side's cost) on a diff. Each limit exceeded is a reason the
    gate fails (``report.gate_failures``); the facts go to ``report.token_budget``."""
    tokens = report.new.tokens
    if tokens is None:
        report.warnings.append("tokens: the token budget was not judged: it needs the lint's token count "
                               "(run without --no-lint)")
        return
    facts: dict[str, Any] = {"counter": tokens.counter, "total": tokens.total, "maxTotal": budget.max_total}
    if budget.max_total is not None and tokens.total > budget.max_total:
        report.gate_failures.append(f"tool definitions cost {tokens.total:,} tokens, over tokens.max_total "
                                    f"{budget.max_total:,}")
    old = report.old.tokens if report.old is not None else None
    if old is not None and (budget.max_increase is not None or budget.max_increase_percent is not None):
        increase = tokens.total - old.total
        if budget.max_increase_percent is not None:
            allowed = old.total * budget.max_increase_percent / 100
            limit = f"{budget.max_increase_percent:g}% of {old.total:,}"
            facts["maxIncrease"] = f"{budget.max_increase_percent:g}%"
        else:
            assert budget.max_increase is not None
            allowed, limit = budget.max_increase, f"{budget.max_increase:,}"
            facts["maxIncrease"] = budget.max_increase
        facts["increase"] = increase
        if increase > allowed:
            report.gate_failures.append(f"tool definitions grew by {increase:,} tokens, over tokens.max_increase "
                                        f"({limit})")
    facts["exceeded"] = bool(report.gate_failures)
    report.token_budget = facts


def weigh_calls(report: Report, settings: CallsSettings) -> None:
    """What recorded calls change about the gate (docs/record.md), after ``decide``: with
    ``fail_when_rejected`` a finding that a rejected recorded value involves fails (a value
    the old schema accepted and the new one rejects: ``_involved``); with ``downgrade_unused``
    a failing BREAKING input finding passes when its tool has recorded calls and none set its
    property or was rejected on it. Each finding so moved says why in ``calls_note``."""
    for finding in report.changes:
        calls = finding.calls
        if calls is None or finding.ignored:
            continue
        finding.calls_note = None
        rejected, recorded = _involved(finding, calls), calls["recorded"]
        if settings.fail_when_rejected and rejected and not finding.fails:
            finding.fails = True
            finding.calls_note = (f"fails: {rejected:,} recorded call{'' if rejected == 1 else 's'} the old schema "
                                  "accepted the new one rejects (calls.fail_when_rejected)")
        elif (settings.downgrade_unused and finding.fails and finding.severity is Severity.BREAKING and recorded
              and calls.get("propertyUsed") == 0 and calls.get("propertyRejected") == 0):
            finding.fails = False
            named = calls.get("property")
            name = ".".join(named if isinstance(named, list) else property_path(finding.path))
            finding.calls_note = (f"passes: none of the {recorded:,} recorded call{'' if recorded == 1 else 's'} "
                                  f"set {name!r} (calls.downgrade_unused)")


def _involved(finding: Finding, calls: dict[str, Any]) -> int:
    """The rejected recorded values that involve ``finding``: on a schema, those whose
    validator errors point at its place (``findingRejected``: the failing keyword, or inside
    the changed subschema; shopify's ``validate_theme`` items string → object refuses a string
    at ``items.type``, not at the properties the new object declares); on the tool as a whole
    (a removal, a rename), every one of its side. A change of prose is never involved:
    no validator reads a description, so the rejection is another change's doing (exa's
    ``query: ""`` was refused by a new minLength, not by the reworded descriptions beside it)."""
    if finding.definition.aspect == "prose":
        return 0
    if "findingRejected" in calls:
        return int(calls["findingRejected"])
    if "propertyRejected" in calls:
        return int(calls["propertyRejected"])
    return int(calls["rejectedByNew"])


def lint_severities(findings: list[Finding], selection: Selection, policy: str,
                    rule_lines: dict[str, int] | None = None) -> list[Finding]:
    """Each lint finding's effective severity: the one its code was set to, if any; else its
    default, an error lowered to a warning by the ``compliance`` policy when what backs it
    is governance or a heuristic (the specification and client limits are never lowered)."""
    for finding in findings:
        explicit = selection.explicit.get(finding.rule)
        if explicit is not None:
            finding.severity = explicit
            finding.severity_reason = "rules" if explicit != finding.default_severity else None
            finding.overridden_at = (rule_lines or {}).get(finding.rule) if finding.severity_reason else None
        elif (policy == "compliance" and finding.default_severity == Level.ERROR
              and finding.provenance in ("governance", "heuristic")):
            finding.severity, finding.severity_reason = Level.WARNING, "compliance"
        else:
            finding.severity, finding.severity_reason = finding.default_severity, None
    return findings


def _judge(side: Side, findings: list[Finding], borrowed: list[tuple[int, Finding]] | None = None) -> None:
    """A side's verdicts and score from its findings; ``borrowed``: more, each at a position of
    this side (the new side's findings on a tool it shares unchanged with this one)."""
    from .checks.maturity import tool_keys

    borrowed = borrowed or []
    side.verdicts = verdicts(chain(findings, (finding for _, finding in borrowed)))
    side.maturity = maturity(findings, side.tool_keys if side.tool_keys is not None else tool_keys([]), borrowed)


def _borrowed(findings: list[Finding], shared: Mapping[int, int]) -> list[tuple[int, Finding]]:
    """The findings of ``shared_codes`` on the new side's shared tools, each with the position
    of the same definition on the old side (``shared``: old position to new)."""
    if not shared:
        return []
    from .checks.engine import shared_codes

    codes, old_position = shared_codes(), {new: old for old, new in shared.items()}
    return [(old_position[f.position], f) for f in findings
            if f.position is not None and f.position in old_position and f.rule in codes
            and f.entity.kind is EntityKind.TOOL]


def decide(report: Report) -> None:
    """Set every finding's ``fails`` from the report's thresholds."""
    gate = report.gate
    for finding in report.findings:
        if finding.origin == DIFF:
            finding.at_gate = finding.severity >= gate.changes
        else:
            threshold = gate.inherited if finding.introduced is False else gate.checks
            finding.at_gate = threshold is not None and finding.severity >= threshold
        finding.fails = finding.at_gate and not finding.ignored and not finding.experimental


# --- lifecycle: deprecation before removal, stability tiers ---------------------------------


def lifecycle(changes: list[Finding], deprecation: DeprecationSettings | None,
              stability: StabilitySettings | None, today: date) -> None:
    """The lifecycle step (``deprecation:`` and ``stability:``; both off by default). A removal
    of something the old side marked deprecated long enough is lowered to NON_BREAKING with
    "deprecated since …"; one too soon keeps its severity and says what it lacked; one without
    a mark says "removed without deprecation". A change on an experimental entity is marked
    and never fails the gate (``decide``)."""
    from .findings.lifecycle import REMOVALS

    for finding in changes:
        notes = []
        if deprecation is not None and finding.rule in REMOVALS:
            notes.append(_deprecation_note(finding, deprecation, today))
        if stability is not None:
            why = _experimental(finding, stability)
            if why is not None:
                finding.experimental = True
                notes.append(f"experimental ({why}): never fails the gate")
        finding.lifecycle = "; ".join(notes) or None


def _deprecation_note(finding: Finding, settings: DeprecationSettings, today: date) -> str:
    """What the deprecation policy says of one removal, lowering its severity when the mark
    stood long enough: for ``min_releases`` releases and ``min_days`` days (unknown days are
    not enough, unless a sunset date has passed)."""
    mark = finding.deprecated
    if mark is None:
        return "removed without deprecation"
    releases = f"{mark.releases} release{'' if mark.releases == 1 else 's'}"
    removed_on = date.fromisoformat(mark.removed_on) if mark.removed_on else today
    days = (removed_on - date.fromisoformat(mark.since_date)).days if mark.since_date else None
    since = mark.since or "the old side"
    said = f"deprecated since {since}" + (f" ({mark.since_date})" if mark.since_date else "")
    said += f", {releases}" + (f", {days} day{'' if days == 1 else 's'}" if days is not None else "")
    sunset_passed = mark.sunset is not None and date.fromisoformat(mark.sunset) <= removed_on
    if mark.sunset is not None:
        said += f"; sunset {mark.sunset}" + (" passed" if sunset_passed else " not reached")
    lacking = []
    if mark.releases < settings.min_releases:
        lacking.append(f"deprecation.min_releases is {settings.min_releases}")
    if settings.min_days and not sunset_passed and (days is None or days < settings.min_days):
        lacking.append(f"deprecation.min_days is {settings.min_days}"
                       + ("" if days is not None else " and the dates are unknown"))
    if lacking:
        return f"{said}, too soon: {' and '.join(lacking)}"
    if finding.severity > Severity.NON_BREAKING:
        finding.severity, finding.severity_reason = Severity.NON_BREAKING, "deprecation"
    return said


def _experimental(finding: Finding, settings: StabilitySettings) -> str | None:
    """Why ``finding``'s entity is experimental, or None. The globs match the name the old
    side gave it: the promise a release owes is the one the entity made before it (a stable
    tool renamed into an experimental name still breaks its callers), as for the marker."""
    from fnmatch import fnmatchcase

    if finding.entity.kind is not EntityKind.SERVER:
        name = finding.old_name if finding.old_name is not None else finding.entity.name
        for glob in settings.experimental:
            if fnmatchcase(name, glob):
                return f"stability.experimental {glob!r}"
    if settings.markers and finding.marked_experimental:
        return "_meta.stability"
    return None


def _override(findings: list[Finding], config: Config) -> None:
    for finding in findings:
        if finding.origin != DIFF:
            continue
        override = config.severity_overrides.get(finding.rule)
        if override is not None:
            finding.severity = override
            finding.overridden_at = config.override_lines.get(finding.rule)
            finding.severity_reason = "severity_overrides" if override != finding.default_severity else None


# --- introduced or inherited ------------------------------------------------------------

Anchor = tuple[str, str | None, str]

#: The provenances whose ``schema`` findings judge a schema as written: a client reads the
#: schema as it is sent, so a rule of the specification (``inputSchema`` of ``type: "object"``,
#: a valid meta-schema) or a client profile's limit (no ``$ref`` at the root) can be broken by
#: a respelling the classification calls equal.
SPELLING_READ = frozenset({"specification", "client"})


def reads_spelling(finding: Finding) -> bool:
    """A finding about how a schema is written, which a respelling may really bring or remove
    (``SPELLING_READ``): matched by place even on a tool that did not change."""
    return finding.category == "schema" and finding.provenance in SPELLING_READ


def anchor(finding: Finding, tool: str | None) -> Anchor:
    """Where a finding is, for matching: its code, ``tool`` (its tool's name on the new side)
    and its path without indices."""
    return (finding.rule, tool, _INDEX.sub("[]", finding.path))


class Split(NamedTuple):
    """A diff's lint findings by what the change did to them."""

    #: New-side findings the old side does not account for.
    introduced: list[Finding]
    #: New-side findings the old side had too.
    inherited: list[Finding]
    #: Old-side findings the new side no longer has.
    resolved: list[Finding]


def split_by_origin(before: list[Finding], after: list[Finding], renamed: Iterable[tuple[str, str]] = (),
                    same_tools: frozenset[str] = frozenset(), same_list: bool = False,
                    shared: frozenset[int] = frozenset()) -> Split:
    """``(introduced, inherited, resolved)``: the findings of ``after`` the old side's ``before``
    does not account for, those it does (both in ``after``'s order), and those of ``before``
    that ``after`` no longer has (in ``before``'s order).

    What the classification calls the same comes first, so that a spelling it calls equal
    neither introduces nor resolves a finding (the lint reads the schemas as written, and a
    check may read two spellings of one schema differently). With ``same_list`` (every tool
    the same on both sides) every finding is inherited and none resolved; otherwise the
    findings of a code that reads one definition alone (``definition_codes``) on a tool of
    ``same_tools`` are inherited, and the old ones there are not resolved, whatever they say.
    The schema findings backed by the specification or a client profile are the exception
    (``reads_spelling``): those judge the schema as a client receives it, spelling included.

    The other findings match by code, tool and place, never by wording. Two things about the
    place would otherwise make old findings look new. Positions move: inserting a value
    before a ``required`` name or an ``enum`` value shifts every index after it, so places are
    compared without their ``[N]`` indices, as counts (two old findings of a code at
    ``enum[]`` cover two new ones there; a third is introduced); within such a group the
    findings with the very same facts are paired first, so the one reported as introduced
    (or resolved) is the one that is really new (or gone). And tools are renamed: the old
    side's findings on a tool the diff found renamed (``renamed``: (old name, new name)
    pairs) count as findings on its new name.

    ``shared`` holds positions of ``after``'s tool objects whose definition the old side holds
    byte for byte, under the same name, once on each side; ``before`` then lacks that tool's
    findings of ``shared_codes`` (api.py builds none), and those of ``after`` are inherited:
    the two sides' findings there are the same, so they would have paired one for one.
    """
    from .checks.engine import definition_codes, shared_codes

    own = definition_codes() if same_tools and not same_list else frozenset()
    codes = shared_codes() if shared else frozenset()

    def kept(finding: Finding) -> bool:
        return (same_list or (finding.tool in same_tools and finding.rule in own)) and not reads_spelling(finding)

    def borrowed(finding: Finding) -> bool:
        return finding.position in shared and finding.rule in codes and finding.entity.kind is EntityKind.TOOL

    new_name = dict(renamed)
    left: Counter[Anchor] = Counter()  # old findings not yet paired, by anchor
    facts: Counter[tuple[Anchor, str]] = Counter()  # and by anchor and facts
    olds: list[tuple[Finding, Anchor, str]] = []
    for finding in before:
        if kept(finding):
            continue
        place = anchor(finding, new_name.get(finding.tool, finding.tool) if finding.tool is not None else None)
        said = _facts(finding)
        left[place] += 1
        facts[place, said] += 1
        olds.append((finding, place, said))
    anchors: list[Anchor | None] = [None] * len(after)
    inherited = [False] * len(after)
    for index, finding in enumerate(after):  # first the tools that did not change, and the exact pairs
        if kept(finding) or borrowed(finding):
            inherited[index] = True
            continue
        place = anchors[index] = anchor(finding, finding.tool)
        key = (place, _facts(finding))
        if facts[key] > 0:
            facts[key] -= 1
            left[place] -= 1
            inherited[index] = True
    for index, place in enumerate(anchors):  # then any old finding left at the same place
        if place is not None and not inherited[index] and left[place] > 0:
            left[place] -= 1
            inherited[index] = True
    # What is left at a place is resolved: of the old findings there that no new one says
    # exactly, as many as the place has left, the first ones.
    resolved = []
    for finding, place, said in olds:
        if left[place] > 0 and facts[place, said] > 0:
            left[place] -= 1
            facts[place, said] -= 1
            resolved.append(finding)
    return Split([f for f, old in zip(after, inherited, strict=True) if not old],
                 [f for f, old in zip(after, inherited, strict=True) if old], resolved)


def _facts(finding: Finding) -> str:
    """What a finding says, as a key: its message variant and its facts (cheaper than its words,
    and the same for the same facts)."""
    return f"{finding.variant}\x1f{finding.args!r}"


def mark_introduced(before: list[Finding], after: list[Finding], renamed: Iterable[tuple[str, str]] = (),
                    same_tools: frozenset[str] = frozenset(), same_list: bool = False,
                    shared: frozenset[int] = frozenset()) -> list[Finding]:
    """Mark each finding of ``after`` introduced or inherited (``split_by_origin``); returns the
    findings of ``before`` that the change resolved."""
    introduced, inherited, resolved = split_by_origin(before, after, renamed, same_tools, same_list, shared)
    for finding in introduced:
        finding.introduced = True
    for finding in inherited:
        finding.introduced = False
    return resolved


def renames_of(findings: Iterable[Finding]) -> list[tuple[str, str]]:
    """The ``(old name, new name)`` pairs of the tools a diff found renamed."""
    return [(f.before, f.after) for f in findings
            if f.rule == RENAMED_RULE and isinstance(f.before, str) and isinstance(f.after, str)]


# --- approvals and ignores -------------------------------------------------------------


def _approve(report: Report, entries: list[ApproveRule], today: date) -> None:
    """Mark each change an approval was written for approved (and ignored, with the approval's
    reason). Judged only in a diff: a lint has no changes to match."""
    if not report.is_diff or not entries:
        return
    active = [e for e in entries if e.expires is None or e.expires >= today]
    for entry in entries:
        if entry.expires is not None and entry.expires < today:
            renewal = next((e for e in active if e.key() == entry.key()), None)
            if renewal is not None:  # `approve` renews an expired approval with a new entry
                at = f"the approval at line {renewal.line}" if renewal.line else "another approval"
                report.warnings.append(f"{entry.describe()} expired on {entry.expires.isoformat()}; {at} renews it "
                                       "(the expired entry can be deleted)")
            else:
                report.warnings.append(f"{entry.describe()} expired on {entry.expires.isoformat()} and no longer "
                                       "applies")
    used: set[int] = set()
    for finding in report.changes:
        for index, entry in enumerate(active):
            if entry.matches(finding):
                if not finding.approved:
                    finding.approved = finding.ignored = True
                    finding.reason = f"approved: {entry.reason}"
                    finding.ignored_at = entry.line
                used.add(index)
    for index, entry in enumerate(active):
        if index not in used:
            report.warnings.append(stale_warning(entry))



class IgnoreUse(NamedTuple):
    """What one run made of an ``ignore:`` entry that applied to it: whether the run could
    judge it (it produced every kind of finding the entry names) and whether it matched a
    finding."""

    entry: IgnoreRule
    judged: bool
    used: bool

    @property
    def stale(self) -> bool:
        return self.judged and not self.used


def stale_warning(entry: IgnoreRule | ApproveRule) -> str:
    return f"{entry.describe()} matched no finding (stale)"


def run_stale(reports: list[Report], judges: Callable[[IgnoreRule], bool] | None = None) -> list[str]:
    """The stale warnings of a command that makes several reports from one configuration (a
    check over servers, a lint over targets, a history over steps): an entry is stale when
    some report judged it (and ``judges``, when given, says the run could) and no report used
    it, said once for the run. Each report's own stale lines are taken out of its warnings:
    judged one report at a time, an entry server a used was called stale for server b, and a
    history said each note at every step (hostile trial, round 29)."""
    uses = [use for report in reports for use in report.ignores]
    entries = list(dict.fromkeys(use.entry for use in uses))
    judged = {use.entry for use in uses if use.judged and (judges is None or judges(use.entry))}
    used = {use.entry for use in uses if use.used}
    said = {stale_warning(entry) for entry in entries}
    for report in reports:
        report.warnings = [warning for warning in report.warnings if warning not in said]
    return [stale_warning(entry) for entry in entries if entry in judged and entry not in used]


def _ignore(report: Report, entries: list[IgnoreRule], today: date, baseline: list[Finding],
            ran_codes: frozenset[str] = frozenset()) -> None:
    """Mark ignored findings: the first entry that matches a finding gives its reason, and
    every entry that matches it counts as used (a broad entry listed before a specific one
    must not make the specific one look stale). An entry applies to the findings of the kinds
    it names (change rules, lint codes, or both for a prefix such as ``*``), and is judged
    stale only by a run that produced every kind it names: one that saw a part of what the
    entry is for cannot say it is no longer needed. What became of each entry is kept in
    ``report.ignores`` (a check judges staleness over all of its parts). An entry naming one
    lint code the lint did not run (``ran_codes``: ``lint --select SEC`` and an entry for
    BP-001) is not judged either (hostile trial, round 27). A prefix is judged by a run that
    ran at least one of the codes it names, so that ``*`` is judged by a diff that linted, as
    configuration.md says, and ``BP-0*`` is not judged by ``lint --select SEC``, which ran
    none of them (hostile trial, round 30)."""
    ran = {DIFF: report.is_diff, LINT: report.linted}
    active = []
    judged: set[int] = set()
    for entry in entries:
        if not any(ran[origin] for origin in entry.origins):
            continue
        if entry.expires is not None and entry.expires < today:
            report.warnings.append(f"{entry.describe()} expired on {entry.expires.isoformat()} and no longer applies")
            continue
        if all(ran[origin] for origin in entry.origins) and (
                entry.lint_codes <= ran_codes or (entry.rule.endswith("*") and entry.lint_codes & ran_codes)):
            judged.add(len(active))
        active.append(entry)
    used: set[int] = set()
    for finding in report.findings:
        for index, entry in enumerate(active):
            if finding.origin in entry.origins and entry.matches(finding):
                if not finding.ignored:
                    finding.ignored = True
                    finding.reason = entry.reason or "ignored by configuration"
                    finding.ignored_at = entry.line
                used.add(index)
    report.ignores = [IgnoreUse(entry, index in judged, index in used) for index, entry in enumerate(active)]
    for use in report.ignores:
        if use.stale:
            report.warnings.append(stale_warning(use.entry))
    # The old side's findings are ignored alike (its verdicts and maturity are the
    # baseline), but they never make an entry look used: it is this run's findings it is for.
    for finding in baseline:
        first = next((e for e in active if LINT in e.origins and e.matches(finding)), None)
        if first is not None:
            finding.ignored, finding.reason = True, first.reason or "ignored by configuration"
