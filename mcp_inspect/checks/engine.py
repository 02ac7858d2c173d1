"""Run every registered rule for one profile and return sorted, catalogue-stamped findings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..catalogue import Catalogue, default_catalogue
from ..model import Snapshot
from ..snapshot.identity import Digests
from .findings import LintFinding, LintLevel, LintReport
from .profiles import get_profile
from .registry import SURFACE_RULES, TOOL_RULES, Context, ToolRule, ToolView
from .settings import LintSettings
from .tokens import Counter, TokenReport, get_counter, token_report, tool_key


def _load_rules() -> None:
    # Importing a rule module registers its rules.
    from . import cost, descriptions, names, safety, schema_rules  # noqa: F401


def stamp(catalogue: Catalogue, code: str, tool: str | None, path: str, message: str) -> LintFinding:
    """A finding for ``code``, with the catalogue's level and advice; UnknownRuleError otherwise."""
    return _stamper(catalogue)(code, tool, path, message)


def _stamper(catalogue: Catalogue) -> Callable[[str, str | None, str, str], LintFinding]:
    """``stamp`` for one catalogue, looking each code's level and advice up once."""
    known: dict[str, tuple[LintLevel, str]] = {}

    def make(code: str, tool: str | None, path: str, message: str) -> LintFinding:
        if code not in known:
            rule = catalogue.lint_rule(code)
            known[code] = (LintLevel.parse(rule.level), rule.advice)
        level, advice = known[code]
        return LintFinding(code, level, tool, path, message, advice)

    return make


#: Each definition's tool-rule hits by (digest, name, cost, profile, settings). ``diff`` lints
#: both sides, and a definition the change did not touch is linted once, not twice.
_TOOL_MEMO: dict[tuple[Any, ...], tuple[tuple[str, str, str], ...]] = {}
#: Each definition's cost by (digest, counter).
_COST_MEMO: dict[tuple[bytes, str], int] = {}
_MEMO_LIMIT = 100_000


def _remember(memo: dict[Any, Any], key: Any, value: Any) -> None:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value


def _hits_key(tool: ToolView, ctx: Context, settings: str) -> tuple[Any, ...]:
    return (tool.digest, tool.name, tool.tokens, ctx.profile.name, settings)


def _tool_hits(tool: ToolView, ctx: Context, settings: str, rules: list[tuple[str, ToolRule]],
               ) -> tuple[tuple[str, str, str], ...]:
    """``(code, path, message)`` of every tool rule on one definition, memoised by content."""
    key = _hits_key(tool, ctx, settings)
    hits = _TOOL_MEMO.get(key)
    if hits is None:
        hits = tuple((code, path, message) for code, rule in rules for path, message in rule(tool, ctx))
        _remember(_TOOL_MEMO, key, hits)
    return hits


def _cost(tool: ToolView, counter: Counter) -> int:
    key = (tool.digest, counter.name)
    cost = _COST_MEMO.get(key)
    if cost is None:
        cost = counter.count(tool.definition)
        _remember(_COST_MEMO, key, cost)
    return cost


def tool_objects(tools: list[Any]) -> list[dict[str, Any]]:
    """The entries of a tool list that are objects: what the tool rules read (MCP-003 and the
    surface rules speak of the rest)."""
    return [t for t in tools if isinstance(t, dict)]


def _views(objects: list[dict[str, Any]], counter: Counter, digests: Digests, part: Part = slice(None),
           ) -> list[ToolView]:
    """The views of the definitions ``part`` selects among ``objects`` (``tool_objects``), each
    with its digest and cost.

    A definition is named by its position among the tool objects (``tools[3]`` when it has no
    string name), whichever part is selected, so every share names it alike.
    """
    views = []
    for index in range(len(objects))[part] if isinstance(part, slice) else part:
        tool = objects[index]
        view = ToolView(index, tool_key(tool, index), tool, digest=digests.of(tool))
        view.tokens = _cost(view, counter)
        views.append(view)
    return views


def lint_tools(tools: list[Any], settings: LintSettings | None = None, counter: Counter | None = None,
               catalogue: Catalogue | None = None, digests: Digests | None = None,
               ) -> tuple[list[LintFinding], TokenReport]:
    """Lint a tool list; returns the findings (sorted by tool, path, code) and its token cost.

    ``digests`` may be shared with a diff of the same snapshots (it saves hashing twice).
    """
    _load_rules()
    settings = settings or LintSettings()
    if catalogue is None:  # not `or`: an empty Catalogue is falsy
        catalogue = default_catalogue()
    counter = counter or get_counter(settings.tokenizer)
    views = _views(tool_objects(tools), counter, digests or Digests())
    tokens = token_report(((view.name, view.tokens) for view in views), counter)
    ctx = Context(views, get_profile(settings.profile), settings, tokens)
    hits: list[tuple[str, str | None, str, str]] = []
    shown, rules = repr(settings), sorted(TOOL_RULES.items())
    for view in views:
        hits += [(code, view.name, path, message) for code, path, message in _tool_hits(view, ctx, shown, rules)]
    for code, surface_rule in sorted(SURFACE_RULES.items()):
        hits += [(code, hit.tool, hit.path, hit.message) for hit in surface_rule(ctx)]
    make = _stamper(catalogue)
    findings = [make(*hit) for hit in hits]
    findings.sort(key=LintFinding.sort_key)
    return findings, tokens


#: Which definitions of a list a share covers: a slice, or positions among the tool objects.
Part = slice | Sequence[int]
#: One definition's results as ``lint_share`` hands them over: cost key, cost, hits key, hits.
ShareEntry = tuple[tuple[bytes, str], int, tuple[Any, ...], tuple[tuple[str, str, str], ...]]


def lint_share(objects: list[dict[str, Any]], part: Part, settings: LintSettings | None = None,
               counter: Counter | None = None, digests: Digests | None = None) -> list[ShareEntry]:
    """Run the tool rules on the definitions ``part`` selects among a list's tool objects
    (``tool_objects(tools)``, made once for all the shares) and hand back their results.

    A share of a lint for another process: ``absorb`` puts the results where ``lint_tools``
    finds them, so a lint split this way reports exactly what one lint would. Tool rules
    read one definition and the counter's name, never the rest of the list.
    """
    _load_rules()
    settings = settings or LintSettings()
    counter = counter or get_counter(settings.tokenizer)
    ctx = Context([], get_profile(settings.profile), settings, token_report((), counter))
    shown, rules = repr(settings), sorted(TOOL_RULES.items())
    return [((view.digest, counter.name), view.tokens, _hits_key(view, ctx, shown), _tool_hits(view, ctx, shown, rules))
            for view in _views(objects, counter, digests or Digests(), part)]


def absorb(entries: list[ShareEntry]) -> None:
    """Take results another process computed with ``lint_share``."""
    for cost_key, cost, hits_key, hits in entries:
        _remember(_COST_MEMO, cost_key, cost)
        _remember(_TOOL_MEMO, hits_key, hits)


def lint_snapshot(snapshot: Snapshot, settings: LintSettings | None = None, counter: Counter | None = None,
                  *, name: str | None = None, catalogue: Catalogue | None = None) -> LintReport:
    settings = settings or LintSettings()
    findings, tokens = lint_tools(snapshot.tools or [], settings, counter, catalogue)
    return LintReport(source=snapshot.provenance.source, profile=get_profile(settings.profile).name,
                      findings=findings, tokens=tokens, name=name, fail_on=settings.fail_on)
