"""Run the checks over a tool list and turn their hits into findings.

Every module of ``checks/rules`` is imported once (each registers its checks by
decorator), so the engine holds no list of rules. A definition is read once per run:
its ``ToolView`` builds what the checks share (schema walks, prose, the definition text),
and the hits of every tool rule on it are remembered by content (``Memo``), so the
definitions a diff's two sides have in common are checked once.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..findings.facets import TokenReport
from ..findings.finding import LINT, Finding
from ..findings.rule import Rule
from ..model import Entity, EntityKind
from ..snapshot.identity import Digests
from .profiles import get_profile
from .registry import (
    LINKS,
    LIST_STEPS,
    SURFACE_RULES,
    TOOL_RULES,
    Context,
    Hit,
    Links,
    ListStep,
    SurfaceRule,
    ToolRule,
    ToolView,
)
from .selection import Selection, resolve
from .settings import LintSettings
from .tokens import Counter, get_counter, token_report, tool_key


@cache
def load_rules() -> None:
    """Import every module of ``checks/rules``: importing one registers its checks."""
    from . import rules

    for module in pkgutil.iter_modules(rules.__path__):
        importlib.import_module(f"{rules.__name__}.{module.name}")


@cache
def definition_codes() -> frozenset[str]:
    """The codes whose findings on a tool depend on that tool's definition alone: the tool
    rules, less those with a list step (which reads the rest of the list too)."""
    load_rules()
    return frozenset(TOOL_RULES) - frozenset(LIST_STEPS)


@cache
def shared_codes() -> frozenset[str]:
    """The codes whose findings on an unchanged tool a diff takes from the new side for the
    old one (``lint_tools``'s ``shared``): the definition codes, less any that a fold pairs
    with a code that is not one (folding.py; its finding would then depend on the list)."""
    from .folding import FOLDS

    own = definition_codes()
    return own - {code for pair in FOLDS for code in (pair.validator, pair.mcp)
                  if not {pair.validator, pair.mcp} <= own}


#: A memo's size limit: past it, it starts again (a run over one huge list stays bounded).
_MEMO_LIMIT = 100_000


@dataclass
class Memo:
    """Each definition's tool-rule hits and cost, by content: equal definitions lint alike.

    One memo serves one run (``diff`` shares it between its two sides); nothing is kept
    between runs.
    """

    hits: dict[tuple[Any, ...], tuple[tuple[str, Hit], ...]] = field(default_factory=dict)
    costs: dict[tuple[bytes, str], int] = field(default_factory=dict)
    #: Each definition's ``ToolView.shared`` values, by digest: what the list-level rules read
    #: of a definition (its description's words, its schemas' digests) is made once for both
    #: sides of a diff. Kept in this process only (``update`` does not take it).
    readings: dict[bytes, dict[str, Any]] = field(default_factory=dict)

    @staticmethod
    def remember(table: dict[Any, Any], key: Any, value: Any) -> None:
        if len(table) >= _MEMO_LIMIT:
            table.clear()
        table[key] = value

    def update(self, other: Memo) -> None:
        """Take results computed elsewhere (another process's share of the work)."""
        for hits_key, hits in other.hits.items():
            self.remember(self.hits, hits_key, hits)
        for cost_key, cost in other.costs.items():
            self.remember(self.costs, cost_key, cost)


def tool_objects(tools: list[Any]) -> list[dict[str, Any]]:
    """The entries of a tool list that are objects: what the tool rules read (MCP-003 and the
    surface rules speak of the rest)."""
    return [t for t in tools if isinstance(t, dict)]


def _hits_key(tool: ToolView, ctx: Context, settings: str) -> tuple[Any, ...]:
    return (tool.digest, tool.name, tool.tokens, ctx.profile.name, settings)


def _tool_hits(tool: ToolView, ctx: Context, settings: str, rules: list[tuple[str, ToolRule]],
               memo: Memo) -> tuple[tuple[str, Hit], ...]:
    key = _hits_key(tool, ctx, settings)
    hits = memo.hits.get(key)
    if hits is None:
        hits = tuple((code, hit) for code, rule in rules for hit in rule(tool, ctx))
        memo.remember(memo.hits, key, hits)
    return hits


def _views(objects: list[dict[str, Any]], counter: Counter, digests: Digests, memo: Memo,
           part: Part = slice(None)) -> list[ToolView]:
    """The views of the definitions ``part`` selects among ``objects`` (``tool_objects``), each
    with its digest and cost.

    A definition is named by its position among the tool objects (``tools[3]`` when it has no
    string name), whichever part is selected, so every share names it alike.
    """
    views = []
    for index in range(len(objects))[part] if isinstance(part, slice) else part:
        tool = objects[index]
        view = ToolView(index, tool_key(tool, index), tool, digest=digests.of(tool))
        cost_key = (view.digest, counter.name)
        cost = memo.costs.get(cost_key)
        if cost is None:
            cost = counter.count(view.definition)
            memo.remember(memo.costs, cost_key, cost)
        view.tokens = cost
        views.append(view)
    return views


def selection_of(settings: LintSettings, catalogue: Catalogue) -> Selection:
    """The codes to run; UnknownRuleError when a registered check is not in the catalogue
    (every code a check can report must be documented there)."""
    for code in (*TOOL_RULES, *SURFACE_RULES):
        catalogue.lint_rule(code)
    return resolve(catalogue, settings.select, settings.ignore, settings.rules, settings.spec_version,
                   settings.narrow)


def _context(views: list[ToolView], settings: LintSettings, tokens: TokenReport, catalogue: Catalogue,
             selection: Selection) -> Context:
    data = {code: catalogue.lint[code].data for code in selection.codes if catalogue.lint[code].data}
    return Context(views, get_profile(settings.profile), settings, tokens, data, selection.narrowed)


def _selected(table: dict[str, Any], selection: Selection) -> list[tuple[str, Any]]:
    return sorted((code, rule) for code, rule in table.items() if code in selection.codes)


def finding_of(rule: Rule, hit: Hit, entity: Entity, position: int | None) -> Finding:
    severity = hit.severity or rule.severity
    return Finding(rule.id, rule, entity, hit.path, severity, severity, origin=LINT, args=hit.args,
                   variant=hit.variant, position=position, provenance=hit.provenance or "")


@dataclass
class Reuse:
    """The new side's list-level results, which a diff's old side takes where the change
    cannot move them (``lint_tools``'s ``reuse``: the new side's lint fills it, the old
    side's reads it).

    ``shared`` maps old positions among the tool objects to new ones for the definitions the
    two sides hold unchanged (api._shared); for a rule with a reading, also those whose
    reading is unchanged under the same name (``_alike``). A rule with links
    (registry.Links) is run on the old side over a sub-list only: the tools the old side
    does not share, the shared tools linked to a tool either side does not share (and, for a
    positional rule, those with hits on the new side), and every tool linked to those. Every
    other shared tool's hits are the new side's, moved to its old position: its linked tools
    are the same, unchanged, in the same order, on both sides.
    """

    shared: Mapping[int, int]
    filled: bool = False
    #: By code: the new side's hits by position, each position's links and reading.
    hits: dict[str, dict[int, list[Hit]]] = field(default_factory=dict)
    links: dict[str, list[tuple[Any, ...]]] = field(default_factory=dict)
    readings: dict[str, list[Any]] = field(default_factory=dict)
    #: The new side's position of each name one tool object there carries.
    names: dict[str, int] = field(default_factory=dict)


def _once(views: list[ToolView]) -> dict[str, int]:
    """The position of each string name that one tool object of the list carries."""
    seen: dict[str, int] = {}
    twice: set[str] = set()
    for view in views:
        name = view.raw.get("name")
        if isinstance(name, str):
            if name in seen:
                twice.add(name)
            seen[name] = view.index
    return {name: index for name, index in seen.items() if name not in twice}


def _alike(code: str, links: Links, ctx: Context, views: list[ToolView], reuse: Reuse) -> dict[int, int]:
    """``reuse.shared``, and each tool whose definition changed but whose reading for the rule
    did not, under a name one tool carries on each side (``Links.reading``)."""
    if links.reading is None:
        return dict(reuse.shared)
    alike = dict(reuse.shared)
    theirs = reuse.readings[code]
    for name, index in _once(views).items():
        new = reuse.names.get(name)
        if index not in alike and new is not None and links.reading(views[index], ctx) == theirs[new]:
            alike[index] = new
    return alike


def _order_kept(shared: Mapping[int, int]) -> bool:
    """Whether the shared tools come in the same order on both sides."""
    last = -1
    for old in sorted(shared):
        if shared[old] < last:
            return False
        last = shared[old]
    return True


def _surface_hits(code: str, rule: SurfaceRule, links: Links | None, ctx: Context, views: list[ToolView],
                  reuse: Reuse | None) -> list[Hit]:
    """The hits of one surface rule, those about a tool in the order of its position.

    With ``reuse``, the new side records its hits and each tool's links; the old side runs
    the rule over the sub-list the change can move (``Reuse``) and takes the rest."""
    if reuse is None or links is None:
        return _by_position(rule(ctx))
    if not reuse.filled:
        found = _by_position(rule(ctx))
        table: dict[int, list[Hit]] = {}
        for hit in found:
            if hit.tool is not None:
                table.setdefault(hit.tool, []).append(hit)
        reuse.hits[code] = table
        reuse.links[code] = [tuple(links.of(view, ctx)) for view in views]
        if links.reading is not None:
            reuse.readings[code] = [links.reading(view, ctx) for view in views]
            if not reuse.names:
                reuse.names = _once(views)
        return found
    if code not in reuse.hits:
        return _by_position(rule(ctx))
    shared = _alike(code, links, ctx, views, reuse)
    if not _order_kept(shared):
        return _by_position(rule(ctx))
    theirs, new_links = reuse.hits[code], reuse.links[code]
    inverse = {new: old for old, new in shared.items()}
    by_link: dict[Any, list[int]] = {}  # new positions by link, shared tools only, as old positions
    for new, found in enumerate(new_links):
        old = inverse.get(new)
        if old is not None:
            for link in found:
                by_link.setdefault(link, []).append(old)
    own: dict[Any, list[int]] = {}  # the old side's tools it does not share, by link
    moved: set[Any] = set()  # the links of every tool either side does not share
    for view in views:
        if view.index not in shared:
            for link in links.of(view, ctx):
                own.setdefault(link, []).append(view.index)
                moved.add(link)
    for new, found in enumerate(new_links):
        if new not in inverse:
            moved.update(found)
    affected = {view.index for view in views if view.index not in shared}
    for link in moved:
        affected.update(by_link.get(link, ()))
    if links.positional:
        affected.update(inverse[new] for new in theirs if new in inverse)
    members = set(affected)
    for index in affected:
        for link in new_links[shared[index]] if index in shared else links.of(views[index], ctx):
            members.update(by_link.get(link, ()))
            members.update(own.get(link, ()))
    part = [views[index] for index in sorted(members)]
    mine: dict[int, list[Hit]] = {}
    for hit in rule(replace(ctx, tools=part)) if part else ():
        if hit.tool is None or hit.tool in affected:
            mine.setdefault(-1 if hit.tool is None else hit.tool, []).append(hit)
    found = mine.pop(-1, [])
    for view in views:
        index = view.index
        if index in affected:
            found += mine.get(index, ())
        else:  # the new side's hits, about this side's position
            found += [hit if hit.tool == index else replace(hit, tool=index) for hit in theirs.get(shared[index], ())]
    return found


def _by_position(hits: Iterable[Hit]) -> list[Hit]:
    """``hits``, those about the whole list first, then by tool position (stable)."""
    return sorted(hits, key=lambda hit: -1 if hit.tool is None else hit.tool)


def lint_tools(tools: list[Any], settings: LintSettings | None = None, counter: Counter | None = None,
               catalogue: Catalogue | None = None, digests: Digests | None = None, memo: Memo | None = None,
               shared: Collection[int] = (), reuse: Reuse | None = None,
               ) -> tuple[list[Finding], TokenReport]:
    """Lint a tool list; returns the findings (sorted by tool, path, code) and its token cost.

    ``digests`` may be shared with a diff of the same snapshots (it saves hashing twice), and
    ``memo`` with the lint of the diff's other side. ``shared`` holds positions among the tool
    objects whose findings of ``shared_codes`` are left out: a diff's old side, whose unchanged
    definitions have the very same findings on the new side (policy.apply reads them there).
    ``reuse``: a diff's new side fills it, then its old side takes from it what the change
    cannot move of the rules with links (``Reuse``).
    """
    load_rules()
    settings = settings or LintSettings()
    if catalogue is None:  # not `or`: an empty Catalogue is falsy
        catalogue = default_catalogue()
    counter = counter or get_counter(settings.tokenizer)
    memo = memo if memo is not None else Memo()
    views = _views(tool_objects(tools), counter, digests or Digests(), memo)
    for view in views:
        readings = memo.readings.get(view.digest)
        if readings is None:
            readings = {}
            memo.remember(memo.readings, view.digest, readings)
        view._shared = readings
    tokens = token_report(((view.name, view.tokens) for view in views), counter,
                          get_profile(settings.profile).context_window)
    selection = selection_of(settings, catalogue)
    ctx = _context(views, settings, tokens, catalogue, selection)
    shown = repr(settings)
    rules: list[tuple[str, ToolRule]] = _selected(TOOL_RULES, selection)
    surface_rules: list[tuple[str, SurfaceRule]] = _selected(SURFACE_RULES, selection)
    known: dict[str, Rule] = {}

    def rule_of(code: str) -> Rule:
        if code not in known:
            known[code] = catalogue.lint_rule(code)  # refuses a code the catalogue lacks
        return known[code]

    hits = [_tool_hits(view, ctx, shown, rules, memo) for view in views]
    for code, step in _selected(LIST_STEPS, selection):
        hits = _take_step(code, step, ctx, hits)
    findings = []
    skipped = shared_codes() if shared else frozenset()
    shared = frozenset(shared)
    for view, found in zip(views, hits, strict=True):
        entity = Entity(EntityKind.TOOL, view.name)
        if view.index in shared:
            found = tuple((code, hit) for code, hit in found if code not in skipped)
        findings += [finding_of(rule_of(code), hit, entity, view.index) for code, hit in found]
    for code, surface_rule in surface_rules:
        for hit in _surface_hits(code, surface_rule, LINKS.get(code), ctx, views, reuse):
            if hit.tool is None:
                findings.append(finding_of(rule_of(code), hit, Entity(EntityKind.SERVER, ""), None))
            else:
                findings.append(finding_of(rule_of(code), hit, Entity(EntityKind.TOOL, views[hit.tool].name),
                                           views[hit.tool].index))
    findings.sort(key=Finding.sort_key)
    if reuse is not None:
        reuse.filled = True
    return findings, tokens


def _take_step(code: str, step: ListStep, ctx: Context,
               hits: list[tuple[tuple[str, Hit], ...]]) -> list[tuple[tuple[str, Hit], ...]]:
    """``hits`` with the hits of ``code`` on every tool replaced by what its list step makes
    of them (the remembered hits themselves are never changed)."""
    mine = [[hit for hit_code, hit in found if hit_code == code] for found in hits]
    if not any(mine):
        return hits
    stepped = step(ctx, mine)
    return [tuple((c, h) for c, h in found if c != code) + tuple((code, h) for h in new)
            for found, new in zip(hits, stepped, strict=True)]


#: Which definitions of a list a share covers: a slice, or positions among the tool objects.
Part = slice | Sequence[int]


def lint_share(objects: list[dict[str, Any]], part: Part, settings: LintSettings | None = None,
               counter: Counter | None = None, digests: Digests | None = None, memo: Memo | None = None) -> Memo:
    """Run the tool rules on the definitions ``part`` selects among a list's tool objects
    (``tool_objects(tools)``) and return the memo that holds their results.

    A share of a lint for another process: merged into the memo of the run (``Memo.update``),
    its results are found there by ``lint_tools``, which then reports exactly what one lint
    would. Tool rules read one definition and the counter's name, never the rest of the list.
    """
    load_rules()
    settings = settings or LintSettings()
    counter = counter or get_counter(settings.tokenizer)
    memo = memo if memo is not None else Memo()
    catalogue = default_catalogue()
    selection = selection_of(settings, catalogue)
    ctx = _context([], settings, token_report((), counter), catalogue, selection)
    shown, rules = repr(settings), _selected(TOOL_RULES, selection)
    for view in _views(objects, counter, digests or Digests(), memo, part):
        _tool_hits(view, ctx, shown, rules, memo)
    return memo
